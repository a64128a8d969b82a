//! Polynomial and rational inequalities in one unknown (`x^2 - 5x + 6 > 0`,
//! `(x + 1)/(x - 2) >= 0`): everything on one side, factored over the rationals, and the answer
//! read from a sign chart, a test point in each interval between the zeros and poles.

use super::error::SolveError;
use super::steps::{Step, Steps, number};
use crate::exact::to_ratfunc;
use crate::expr::Expr;
use crate::poly::Poly;
use crate::rational::{Exact, Rational};
use crate::statement::Rel;
use crate::upoly::UPoly;

fn unsolved(why: &str) -> SolveError {
    SolveError::NeedsLanguageModel {
        reason: format!("{why} (a language model writes the steps and the checker verifies them)"),
    }
}

/// A polynomial as the product of its rational linear factors and a rest without real roots.
struct Factored {
    constant: Rational,
    /// `(q, p)` for the factor `qx - p`, with its multiplicity.
    linear: Vec<(Rational, u32)>,
    rest: UPoly,
}

/// The rational roots of `p` by the rational root theorem, dividing each out.
fn factor(p: &UPoly) -> Exact<Option<Factored>> {
    let mut rest = p.clone();
    let mut linear: Vec<(Rational, u32)> = Vec::new();
    if rest.degree() > 8 {
        return Ok(None);
    }
    loop {
        if rest.degree() == 0 {
            break;
        }
        let Some(root) = rational_root(&rest)? else {
            break;
        };
        let (quotient, _) = rest.div_rem(&UPoly::new(vec![root.neg()?, Rational::ONE]))?;
        rest = quotient;
        match linear.iter_mut().find(|(r, _)| *r == root) {
            Some((_, m)) => *m += 1,
            None => linear.push((root, 1)),
        }
    }
    if rest.real_root_count()?.is_none_or(|n| n > 0) {
        return Ok(None);
    }
    linear.sort();
    let lead = rest.coefficient(rest.degree());
    let rest = if rest.degree() == 0 {
        UPoly::one()
    } else {
        rest.monic()?
    };
    Ok(Some(Factored {
        constant: lead,
        linear,
        rest,
    }))
}

fn divisors(n: i128) -> Vec<i128> {
    let n = n.abs();
    (1..=n.min(10_000)).filter(|d| n % d == 0).collect()
}

fn rational_root(p: &UPoly) -> Exact<Option<Rational>> {
    if p.coefficient(0).is_zero() {
        return Ok(Some(Rational::ZERO));
    }
    // Integer coefficients with the same roots.
    let mut scale = 1i128;
    for i in 0..=p.degree() {
        scale = crate::rational::lcm_i128(scale, p.coefficient(i).denom())?;
    }
    let integer =
        |i: usize| -> Exact<i128> { Ok(p.coefficient(i).mul(Rational::integer(scale))?.numer()) };
    let (a0, an) = (integer(0)?, integer(p.degree())?);
    if a0.abs() > 1_000_000 || an.abs() > 1_000_000 {
        return Ok(None);
    }
    for q in divisors(an) {
        for d in divisors(a0) {
            for sign in [1, -1] {
                let candidate = Rational::new(sign * d, q)?;
                if eval(p, candidate)?.is_zero() {
                    return Ok(Some(candidate));
                }
            }
        }
    }
    Ok(None)
}

/// Whether `p` is nowhere below zero from `a` to `b`, read from a sign chart: the sign
/// between two neighbouring zeros is the sign at any point between them. `None` when `p` has
/// a real zero that is not rational (the chart cannot be drawn exactly).
pub(crate) fn nonnegative_between(p: &UPoly, a: Rational, b: Rational) -> Exact<Option<bool>> {
    let Some(factored) = factor(p)? else {
        return Ok(None);
    };
    let mut points = vec![a];
    points.extend(
        factored
            .linear
            .iter()
            .map(|(root, _)| *root)
            .filter(|root| a < *root && *root < b),
    );
    points.push(b);
    for pair in points.windows(2) {
        let between = pair[0].add(pair[1])?.div(Rational::integer(2))?;
        if eval(p, between)?.is_negative() {
            return Ok(Some(false));
        }
    }
    Ok(Some(true))
}

fn eval(p: &UPoly, x: Rational) -> Exact<Rational> {
    let mut value = Rational::ZERO;
    for i in (0..=p.degree()).rev() {
        value = value.mul(x)?.add(p.coefficient(i))?;
    }
    Ok(value)
}

fn upoly_expr(p: &UPoly, var: &str) -> Exact<Expr> {
    let mut poly = Poly::zero();
    for i in 0..=p.degree() {
        poly = poly.add(&Poly::term(p.coefficient(i), var, i as u32))?;
    }
    Ok(poly.to_expr())
}

/// `(x - 2)(x - 3)`, `-2(x + 1)^2(x^2 + 1)`, `(2x - 1)`.
fn written(f: &Factored, var: &str) -> Exact<String> {
    let mut constant = f.constant;
    let mut out = String::new();
    for (root, multiplicity) in &f.linear {
        // p/q as the factor qx - p, so no fractions are written.
        let q = Rational::integer(root.denom());
        constant = constant.div(q.pow(i64::from(*multiplicity))?)?;
        let linear = UPoly::new(vec![Rational::integer(-root.numer()), q]);
        let power = if *multiplicity > 1 {
            format!("^{multiplicity}")
        } else {
            String::new()
        };
        let factor = upoly_expr(&linear, var)?.to_string();
        if factor == var {
            out.push_str(&format!("{factor}{power}"));
        } else {
            out.push_str(&format!("({factor}){power}"));
        }
    }
    if f.rest.degree() > 0 {
        let rest = upoly_expr(&f.rest, var)?;
        if out.is_empty() && constant == Rational::ONE {
            return Ok(rest.to_string());
        }
        out.push_str(&format!("({rest})"));
    }
    let prefix = if constant == Rational::ONE {
        String::new()
    } else if constant == Rational::ONE.neg()? {
        "-".into()
    } else {
        constant.to_string()
    };
    Ok(if out.is_empty() {
        constant.to_string()
    } else {
        format!("{prefix}{out}")
    })
}

fn holds(value: Rational, rel: Rel) -> bool {
    match rel {
        Rel::Lt => value.is_negative(),
        Rel::Le => value.is_negative() || value.is_zero(),
        Rel::Gt => !value.is_negative() && !value.is_zero(),
        Rel::Ge => !value.is_negative(),
        Rel::Ne => !value.is_zero(),
    }
}

/// Solves `left rel right` when one side minus the other is a fraction of polynomials in
/// `var` whose real zeros and poles are all rational.
pub(super) fn solve(
    left: &Expr,
    rel: Rel,
    right: &Expr,
    var: &str,
    decimals: bool,
) -> Result<(Vec<Step>, String), SolveError> {
    let not_exact = || unsolved("this inequality is not a fraction of polynomials");
    let difference = left.clone() - right.clone();
    let f = to_ratfunc(&difference).map_err(|_| not_exact())?;
    let num = UPoly::from_poly(&f.num, var).ok_or_else(not_exact)?;
    let den = UPoly::from_poly(&f.den, var).ok_or_else(not_exact)?;
    let irrational =
        || unsolved("only inequalities whose zeros are rational numbers are solved offline");
    let top = factor(&num)?.ok_or_else(irrational)?;
    let bottom = factor(&den)?.ok_or_else(irrational)?;
    let show = |r: Rational| number(r, decimals);

    let mut steps = Steps::default();
    let typed = format!("{left} {} {right}", rel.symbol());
    let rational = den.degree() > 0;
    let zero_right = matches!(right, Expr::Num(r) if r.is_zero());
    let mut current = typed.clone();
    let collected = if rational {
        format!(
            "({})/({}) {} 0",
            upoly_expr(&num, var)?,
            upoly_expr(&den, var)?,
            rel.symbol()
        )
    } else {
        format!("{} {} 0", upoly_expr(&num, var)?, rel.symbol())
    };
    if !zero_right || collected.replace(['(', ')'], "") != typed.replace(['(', ')'], "") {
        steps.advance(
            &mut current,
            collected,
            "Bring every term to one side",
            "Compare everything with zero: move all the terms to the left side and combine them.",
        );
    }
    let factored = if rational {
        format!(
            "{}/{} {} 0",
            written(&top, var)?,
            written(&bottom, var)?,
            rel.symbol()
        )
    } else {
        format!("{} {} 0", written(&top, var)?, rel.symbol())
    };
    steps.advance(
        &mut current,
        factored,
        "Factor",
        "Factor, so the sign of each factor can be read on its own.",
    );

    let zeros: Vec<Rational> = top.linear.iter().map(|(r, _)| *r).collect();
    let poles: Vec<Rational> = bottom.linear.iter().map(|(r, _)| *r).collect();
    let mut points: Vec<Rational> = zeros.iter().chain(&poles).copied().collect();
    points.sort();
    points.dedup();
    let sign_at = |x: Rational| -> Exact<Rational> { eval(&num, x)?.div(eval(&den, x)?) };
    // Each interval between the points, with a test point in it, then each point itself.
    let mut tests: Vec<Rational> = Vec::new();
    match (points.first(), points.last()) {
        (Some(first), Some(last)) => {
            tests.push(first.sub(Rational::ONE)?);
            for pair in points.windows(2) {
                tests.push(pair[0].add(pair[1])?.div(Rational::integer(2))?);
            }
            tests.push(last.add(Rational::ONE)?);
        }
        _ => tests.push(Rational::ZERO),
    }
    let mut chart = Vec::new();
    let mut inside: Vec<bool> = Vec::new();
    for t in &tests {
        let value = sign_at(*t)?;
        let sign = if value.is_negative() {
            "negative"
        } else {
            "positive"
        };
        chart.push(format!("at {var} = {} it is {sign}", show(*t)));
        inside.push(holds(value, rel));
    }
    let point_holds: Vec<bool> = points
        .iter()
        .map(|p| !poles.contains(p) && holds(Rational::ZERO, rel))
        .collect();
    let answer = describe(&points, &inside, &point_holds, var, show);
    let places = if points.is_empty() {
        "The expression never changes sign".to_string()
    } else {
        format!(
            "The sign can change only at {}",
            points
                .iter()
                .map(|p| show(*p))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let excluded = if poles.is_empty() {
        String::new()
    } else {
        format!(
            " The denominator is zero at {}, so {} left out.",
            poles
                .iter()
                .map(|p| show(*p))
                .collect::<Vec<_>>()
                .join(", "),
            if poles.len() == 1 {
                "it is"
            } else {
                "they are"
            }
        )
    };
    steps.conclude(
        &current,
        &answer,
        "Read the answer from a sign chart",
        format!(
            "{places}. Testing a number in each interval: {}. We keep the intervals where the inequality holds.{excluded}",
            chart.join(", ")
        ),
    );
    Ok((steps.into_vec(), answer))
}

/// The solution set as `x < 2 or x > 3`, `-1 <= x < 2`, `all real numbers` or `no solution`.
fn describe(
    points: &[Rational],
    inside: &[bool],
    point_holds: &[bool],
    var: &str,
    show: impl Fn(Rational) -> String,
) -> String {
    if inside.iter().all(|b| *b) && point_holds.iter().all(|b| *b) {
        return "all real numbers".into();
    }
    // Runs of intervals and points that hold, merged across included points.
    let mut parts: Vec<String> = Vec::new();
    let mut start: Option<(Option<usize>, bool)> = None; // (left point index, closed)
    let n = points.len();
    for i in 0..=n {
        // Interval i lies between points[i - 1] and points[i].
        if inside[i] && start.is_none() {
            start = Some((i.checked_sub(1), i > 0 && point_holds[i - 1]));
        }
        let point_ok = i < n && point_holds[i];
        let continues = i < n && inside[i] && point_ok && inside[i + 1];
        if start.is_some() && !continues {
            let (low, low_closed) = start.take().unwrap_or((None, false));
            let high = (i < n).then_some(i);
            let high_closed = point_ok;
            let low_text = low.map(|l| {
                format!(
                    "{} {} ",
                    show(points[l]),
                    if low_closed { "<=" } else { "<" }
                )
            });
            let high_text = high.map(|h| {
                format!(
                    " {} {}",
                    if high_closed { "<=" } else { "<" },
                    show(points[h])
                )
            });
            parts.push(match (low_text, high_text) {
                (Some(l), Some(h)) => format!("{l}{var}{h}"),
                (Some(_), None) => format!(
                    "{var} {} {}",
                    if low_closed { ">=" } else { ">" },
                    show(points[low.unwrap_or(0)])
                ),
                (None, Some(h)) => format!("{var}{h}"),
                (None, None) => "all real numbers".into(),
            });
        }
        // A point that holds on its own, between intervals that do not.
        if i < n && point_ok && !inside[i] && !inside[i + 1] {
            parts.push(format!("{var} = {}", show(points[i])));
        }
    }
    if parts.is_empty() {
        "no solution".into()
    } else {
        parts.join(" or ")
    }
}
