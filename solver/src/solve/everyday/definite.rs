//! Definite integrals of polynomials, "integrate x^2 from 0 to 3" and "the area under
//! y = x squared between 0 and 3" (read as `∫_0^3 (x^2) dx`): an antiderivative, checked by
//! differentiating it, then its values at the bounds subtracted.

use super::{Worked, mentions, shown, step};
use crate::exact::to_poly;
use crate::kind::ProblemKind;
use crate::rational::Rational;
use crate::upoly::UPoly;

/// The words in the notation of a definite integral, when they are one.
pub(super) fn notation(s: &str) -> Option<String> {
    let notation = crate::reading::notation(s).unwrap_or_else(|| s.to_string());
    notation.starts_with("∫_").then_some(notation)
}

pub(super) fn solve(s: &str) -> Option<Worked> {
    let notation = notation(s)?;
    let rest = notation.strip_prefix("∫_")?;
    let (low, rest) = rest.split_once('^')?;
    let (high, rest) = rest.split_once(' ')?;
    let (body, var) = rest.trim().rsplit_once(" d")?;
    let body_expr = crate::parser::parse_expression(body).ok()?;
    let poly = to_poly(&body_expr)?;
    if poly.variables().iter().any(|v| v != var) {
        return None;
    }
    let (a, b) = (super::exact(low)?, super::exact(high)?);
    // An area is the integral only where the curve is not below the axis (and the bounds in
    // order); otherwise it is left unsolved rather than answered with the integral.
    if mentions(s, &["area"]) {
        let curve = UPoly::from_poly(&poly, var)?;
        let above = crate::solve::sign_chart::nonnegative_between(&curve, a, b);
        if a > b || above.ok().flatten() != Some(true) {
            return None;
        }
    }
    let anti = poly.antiderivative(var).ok()?;
    let at = |x: Rational| anti.evaluate_at(var, x).ok()?.as_constant();
    let value = at(b)?.sub(at(a)?).ok()?;
    let big_f = anti.to_expr();
    let substituted = |x: Rational| {
        big_f
            .substitute(var, &crate::expr::Expr::Num(x))
            .to_string()
    };
    let evaluate = format!("({}) - ({})", substituted(b), substituted(a));
    Some(Worked {
        kind: ProblemKind::Integral {
            variable: var.to_string(),
        },
        reading: notation.clone(),
        steps: vec![
            step(
                format!("d/d{var}({big_f})"),
                body.to_string(),
                "Find an antiderivative",
                format!(
                    "An antiderivative of {body} is F({var}) = {big_f}: its derivative gives back {body}."
                ),
            ),
            step(
                evaluate,
                shown(value),
                "Subtract F at the lower bound from F at the upper bound",
                format!(
                    "The definite integral is F({}) - F({}), which is {}.",
                    shown(b),
                    shown(a),
                    shown(value)
                ),
            ),
        ],
        answer: shown(value),
    })
}
