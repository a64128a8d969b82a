//! Limits of polynomials and fractions of polynomials, exactly: substitute where the function
//! is defined; for `0/0` factor out the limit point's factor and cancel it; for `c/0` say which
//! way each side goes; at infinity divide every term by the denominator's highest power.

use super::error::SolveError;
use super::steps::{Step, Steps, number};
use crate::exact::{to_ratfunc, to_rational};
use crate::expr::Expr;
use crate::limit::{Approach, Limit, Side};
use crate::poly::Poly;
use crate::rational::{Exact, Rational};
use crate::upoly::UPoly;

fn not_offline() -> SolveError {
    SolveError::NeedsLanguageModel {
        reason: "limits other than those of polynomials and fractions of polynomials are not \
                 solved offline (a language model writes the steps and the checker verifies them)"
            .into(),
    }
}

pub(super) fn solve(limit: &Limit, decimals: bool) -> Result<(Vec<Step>, String), SolveError> {
    let var = limit.var.as_str();
    let r = to_ratfunc(&limit.body).map_err(|_| not_offline())?;
    let (Some(num), Some(den)) = (UPoly::from_poly(&r.num, var), UPoly::from_poly(&r.den, var))
    else {
        return Err(not_offline());
    };
    let head = head(limit);
    let start = format!("{head} {}", wrapped(limit.body.to_string()));
    let mut steps = Steps::default();
    let answer = match &limit.approach {
        Approach::To(point, side) => {
            let a = to_rational(point).map_err(|_| not_offline())?;
            at_point(
                &mut steps, limit, &head, &start, num, den, a, *side, decimals,
            )?
        }
        Approach::PlusInfinity => at_infinity(&mut steps, var, &head, &start, &num, &den, 1)?,
        Approach::MinusInfinity => at_infinity(&mut steps, var, &head, &start, &num, &den, -1)?,
    };
    Ok((steps.into_vec(), answer))
}

/// `lim_(x->2)`, `lim_(x->0^+)`, `lim_(x->-inf)`: the checker reads it back as the same limit.
fn head(limit: &Limit) -> String {
    let to = match &limit.approach {
        Approach::PlusInfinity => "inf".to_string(),
        Approach::MinusInfinity => "-inf".to_string(),
        Approach::To(a, Side::Both) => a.to_string(),
        Approach::To(a, Side::Right) => format!("{a}^+"),
        Approach::To(a, Side::Left) => format!("{a}^-"),
    };
    format!("lim_({}->{to})", limit.var)
}

/// The body after the head: a sum is put in brackets so that it reads as one thing.
fn wrapped(text: String) -> String {
    let mut depth = 0i32;
    let mut spaced = false;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ' ' if depth == 0 => spaced = true,
            _ => {}
        }
    }
    if spaced { format!("({text})") } else { text }
}

fn eval(p: &UPoly, x: Rational) -> Exact<Rational> {
    let mut value = Rational::ZERO;
    for power in (0..=p.degree()).rev() {
        value = value.mul(x)?.add(p.coefficient(power))?;
    }
    Ok(value)
}

fn to_poly(p: &UPoly, var: &str) -> Exact<Poly> {
    let mut out = Poly::zero();
    for power in 0..=p.degree() {
        out = out.add(&Poly::term(p.coefficient(power), var, power as u32))?;
    }
    Ok(out)
}

/// A polynomial as a factor in a product: `(x + 2)`, `x`, `3`.
fn factor(p: &UPoly, var: &str) -> Exact<String> {
    let text = to_poly(p, var)?.to_string();
    Ok(if text.contains([' ', '/']) || text.starts_with('-') {
        format!("({text})")
    } else {
        text
    })
}

/// The factor that vanishes at the limit point: `x - a`, or `qx - p` for `a = p/q`.
fn linear_factor(a: Rational) -> Exact<UPoly> {
    Ok(UPoly::new(vec![
        Rational::integer(-a.numer()),
        Rational::integer(a.denom()),
    ]))
}

/// `num/den` written as a fraction; a denominator of `1` left out.
fn fraction(num: &str, den: &str) -> String {
    match den {
        "1" => num.to_string(),
        _ => format!("{num}/{den}"),
    }
}

/// Factors shown side by side, `3(x - 2)^2(x + 2)`: a number first, the constant `1` left out.
fn product(parts: &[String]) -> String {
    let number = |p: &str| p.chars().all(|c| c.is_ascii_digit() || "()-/".contains(c));
    let mut parts: Vec<&String> = parts.iter().filter(|p| p.as_str() != "1").collect();
    parts.sort_by_key(|p| !number(p));
    match parts.as_slice() {
        [] => "1".into(),
        many => many.iter().map(|p| p.as_str()).collect::<String>(),
    }
}

/// A numerator or denominator: one factor or a number as it is, anything else in brackets.
fn grouped(text: String) -> String {
    let single_bracket =
        text.starts_with('(') && text.ends_with(')') && text.matches('(').count() == 1;
    if single_bracket || text.chars().all(|c| c.is_alphanumeric() || c == '^') {
        text
    } else {
        format!("({text})")
    }
}

fn power_of(base: &str, k: usize) -> String {
    if k == 1 {
        base.to_string()
    } else {
        format!("{base}^{k}")
    }
}

#[allow(clippy::too_many_arguments)]
fn at_point(
    steps: &mut Steps,
    limit: &Limit,
    head: &str,
    start: &str,
    mut num: UPoly,
    mut den: UPoly,
    a: Rational,
    side: Side,
    decimals: bool,
) -> Result<String, SolveError> {
    let var = limit.var.as_str();
    let x_is = format!("{var} = {}", number(a, decimals));
    let mut current = start.to_string();
    let (n_at, d_at) = (eval(&num, a)?, eval(&den, a)?);
    if n_at.is_zero() && d_at.is_zero() {
        let linear = linear_factor(a)?;
        let mut common = 0;
        while eval(&num, a)?.is_zero() && eval(&den, a)?.is_zero() {
            num = num.div_rem(&linear)?.0;
            den = den.div_rem(&linear)?.0;
            common += 1;
        }
        let shared = power_of(&factor(&linear, var)?, common);
        let factored = fraction(
            &grouped(product(&[shared.clone(), factor(&num, var)?])),
            &grouped(product(&[shared.clone(), factor(&den, var)?])),
        );
        let next = format!("{head} {}", wrapped(factored));
        steps.advance(
            &mut current,
            next,
            format!("Factor: substituting {x_is} gives 0/0"),
            format!(
                "Substituting {x_is} gives zero over zero, which says nothing yet, so factor \
                 the top and the bottom: both have the factor {shared}."
            ),
        );
        let reduced = fraction(&factor(&num, var)?, &factor(&den, var)?);
        let next = format!("{head} {}", wrapped(reduced));
        steps.advance(
            &mut current,
            next,
            format!("Cancel the common factor {shared}"),
            format!(
                "Cancel {shared}: it is not zero while {var} only approaches {}, so the \
                 fraction is unchanged there.",
                number(a, decimals)
            ),
        );
    }
    let (n_at, d_at) = (eval(&num, a)?, eval(&den, a)?);
    if !d_at.is_zero() {
        let value = n_at.div(d_at)?;
        let answer = number(value, decimals);
        let body = fraction(&factor(&num, var)?, &factor(&den, var)?);
        let value_text = |p: &UPoly| -> Exact<String> {
            let e = to_poly(p, var)?.to_expr().substitute(var, &Expr::Num(a));
            Ok(match p.degree() {
                0 => e.to_string(),
                _ => format!("({e})"),
            })
        };
        let substituted = if den.degree() == 0 && den.coefficient(0).is_one() {
            let e = to_poly(&num, var)?.to_expr().substitute(var, &Expr::Num(a));
            e.to_string()
        } else {
            format!("{}/{}", value_text(&num)?, value_text(&den)?)
        };
        let defined = if current == start {
            format!("{body} is defined at {x_is}, so its limit there is its value: substitute.")
        } else {
            format!("What is left is defined at {x_is}: substitute.")
        };
        steps.push(
            &current,
            &substituted,
            format!("Substitute {x_is}"),
            defined,
        );
        steps.conclude(
            &substituted,
            &answer,
            "Work out the value",
            format!("So the limit is {answer}."),
        );
        return Ok(answer);
    }
    // `c/0`: the denominator keeps a factor (x - a)^m that the numerator does not share.
    let linear = linear_factor(a)?;
    let mut m = 0;
    let mut rest = den.clone();
    while eval(&rest, a)?.is_zero() {
        rest = rest.div_rem(&linear)?.0;
        m += 1;
    }
    let right = n_at.signum() * eval(&rest, a)?.signum();
    let left = if m % 2 == 0 { right } else { -right };
    let word = |s: i128| if s > 0 { "inf" } else { "-inf" };
    let grow = |s: i128| {
        if s > 0 {
            "grow without bound"
        } else {
            "fall without bound"
        }
    };
    let (answer, narration) = match side {
        Side::Right => (
            word(right).to_string(),
            format!("From the right the values {}.", grow(right)),
        ),
        Side::Left => (
            word(left).to_string(),
            format!("From the left the values {}.", grow(left)),
        ),
        Side::Both if left == right => (
            word(right).to_string(),
            format!("From both sides the values {}.", grow(right)),
        ),
        Side::Both => (
            "does not exist".to_string(),
            format!(
                "From the left the values {}, from the right they {}, so there is no limit.",
                grow(left),
                grow(right)
            ),
        ),
    };
    steps.push(
        &current,
        &answer,
        format!("Substituting {x_is} gives {}/0", number(n_at, decimals)),
        format!(
            "Substituting {x_is} gives {} over zero: the bottom shrinks to zero while the top \
             does not. {narration}",
            number(n_at, decimals)
        ),
    );
    Ok(answer)
}

/// `c x^k / x^d` as a term: `3x`, `3`, `3/x^2`.
fn divided_term(c: Rational, var: &str, k: usize, d: usize) -> String {
    let magnitude = c.abs().unwrap_or(c);
    let (numer, denom) = (magnitude.numer(), magnitude.denom());
    let power = |p: usize| match p {
        0 => String::new(),
        1 => var.to_string(),
        p => format!("{var}^{p}"),
    };
    if k >= d {
        let mono = power(k - d);
        let top = match (numer, mono.is_empty()) {
            (_, true) => numer.to_string(),
            (1, false) => mono,
            (n, false) => format!("{n}{mono}"),
        };
        if denom == 1 {
            top
        } else {
            format!("{top}/{denom}")
        }
    } else if denom == 1 {
        format!("{numer}/{}", power(d - k))
    } else {
        format!("{numer}/({denom}{})", power(d - k))
    }
}

fn divided(p: &UPoly, var: &str, d: usize) -> String {
    let mut out = String::new();
    for k in (0..=p.degree()).rev() {
        let c = p.coefficient(k);
        if c.is_zero() {
            continue;
        }
        let term = divided_term(c, var, k, d);
        match (out.is_empty(), c.is_negative()) {
            (true, true) => out.push_str(&format!("-{term}")),
            (true, false) => out.push_str(&term),
            (false, true) => out.push_str(&format!(" - {term}")),
            (false, false) => out.push_str(&format!(" + {term}")),
        }
    }
    if out.is_empty() { "0".into() } else { out }
}

fn at_infinity(
    steps: &mut Steps,
    var: &str,
    head: &str,
    start: &str,
    num: &UPoly,
    den: &UPoly,
    sign: i128,
) -> Result<String, SolveError> {
    let (n, d) = (num.degree(), den.degree());
    let where_to = if sign > 0 { "inf" } else { "-inf" };
    let mut current = start.to_string();
    if d > 0 {
        let x_d = if d == 1 {
            var.to_string()
        } else {
            format!("{var}^{d}")
        };
        let bottom = divided(den, var, d);
        let next = if bottom == "1" {
            format!("{head} ({})", divided(num, var, d))
        } else {
            format!("{head} ({})/({bottom})", divided(num, var, d))
        };
        steps.advance(
            &mut current,
            next,
            format!("Divide every term by {x_d}"),
            format!(
                "Divide every term of the top and the bottom by {x_d}, the highest power in \
                 the bottom; the value of the fraction does not change."
            ),
        );
    }
    let lead_n = num.coefficient(n);
    let lead_d = den.coefficient(d);
    if num.is_zero() || n < d {
        let next = format!("0/{}", number(lead_d, false));
        steps.push(
            &current,
            &next,
            format!("Each term with {var} in the bottom goes to 0"),
            format!(
                "As {var} goes to {where_to}, every term with {var} in its bottom goes to zero; \
                 the top goes to zero, the bottom to {}.",
                number(lead_d, false)
            ),
        );
        steps.conclude(&next, "0", "Work out the value", "So the limit is 0.");
        return Ok("0".into());
    }
    if n == d {
        let value = lead_n.div(lead_d)?;
        let answer = number(value, false);
        if d == 0 {
            steps.push(
                &current,
                &answer,
                "The function is constant",
                format!("The function does not depend on {var}: the limit is {answer}."),
            );
            return Ok(answer);
        }
        let next = format!("{}/{}", number(lead_n, false), number(lead_d, false));
        steps.push(
            &current,
            &next,
            format!("Each term with {var} in the bottom goes to 0"),
            format!(
                "As {var} goes to {where_to}, every term with {var} in its bottom goes to zero: \
                 only the leading coefficients are left."
            ),
        );
        steps.conclude(
            &next,
            &answer,
            "Work out the value",
            format!("So the limit is {answer}, the ratio of the leading coefficients."),
        );
        return Ok(answer);
    }
    // The top has the higher degree: its leading term decides the sign.
    let odd = (n - d) % 2 == 1;
    let s = lead_n.signum() * lead_d.signum() * if odd { sign } else { 1 };
    let answer = if s > 0 { "inf" } else { "-inf" };
    let lead = divided_term(lead_n.abs()?, var, n, d);
    let direction = if s > 0 {
        "grow without bound"
    } else {
        "fall without bound"
    };
    let (whose, bottom) = if d == 0 {
        ("leading term", String::new())
    } else {
        (
            "top's leading term",
            format!(" while the bottom approaches {}", number(lead_d, false)),
        )
    };
    steps.push(
        &current,
        answer,
        format!("The term {lead} decides"),
        format!(
            "As {var} goes to {where_to}, the {whose} {lead} grows without bound in \
             size{bottom}, so the values {direction}."
        ),
    );
    Ok(answer.into())
}
