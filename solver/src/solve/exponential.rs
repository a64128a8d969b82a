//! Exponential equations `c·b^(ax + k) + m = n` and logarithmic equations `a log_b(mx + n) + k =
//! c` (the logarithm's term made to stand alone first, as a linear equation's moves): the
//! unknown's exponent or argument is linear, the other side a number. A power of the base
//! on the other side gives an exact answer (`2^(x + 1) = 16` so `x + 1 = 4`); otherwise
//! logarithms give it (`e^(2x) = 5` so `x = ln(5)/2 ≈ 0.805`).

use super::Equation;
use super::error::SolveError;
use super::linear::{equation, moves, outcome_answer};
use super::steps::{Step, Steps, number};
use crate::exact::{to_poly, to_rational};
use crate::expr::{Constant, Expr, Func};
use crate::poly::Poly;
use crate::rational::Rational;

/// The base of a power or a logarithm.
#[derive(Clone, Copy, PartialEq)]
enum Base {
    E,
    Number(Rational),
}

impl Base {
    fn of(e: &Expr) -> Option<Base> {
        match e {
            Expr::Const(Constant::E) => Some(Base::E),
            Expr::Num(b) if !b.is_negative() && !b.is_zero() && !b.is_one() => {
                Some(Base::Number(*b))
            }
            _ => None,
        }
    }

    /// The base as written in a sentence: `e`, `2`, `(1/2)`.
    fn written(self) -> String {
        match self {
            Base::E => "e".to_string(),
            Base::Number(b) => bracketed(b),
        }
    }

    fn to_f64(self) -> f64 {
        match self {
            Base::E => std::f64::consts::E,
            Base::Number(b) => b.to_f64(),
        }
    }

    fn power(self, exponent: &str) -> String {
        // `e^2x` would read as `(e^2)x`: only a number or a single letter goes unbracketed.
        let simple = exponent.chars().all(|c| c.is_ascii_digit())
            || (exponent.chars().count() == 1 && exponent.chars().all(char::is_alphabetic));
        let exponent = if simple {
            exponent.to_string()
        } else {
            format!("({exponent})")
        };
        match self {
            Base::E => format!("e^{exponent}"),
            Base::Number(b) => format!("{}^{exponent}", bracketed(b)),
        }
    }

    /// `self^exponent` when it is a rational number: an integer power of a number base, and
    /// `e^0`.
    fn exact_power(self, exponent: Rational) -> Option<Rational> {
        match self {
            Base::E => exponent.is_zero().then_some(Rational::ONE),
            Base::Number(b) if exponent.is_integer() && exponent.numer().abs() <= 40 => {
                b.pow(exponent.numer() as i64).ok()
            }
            Base::Number(_) => None,
        }
    }

    /// The integer `m` with `self^m = n`, if there is one (`e^0 = 1`).
    fn exact_log(self, n: Rational) -> Option<i64> {
        match self {
            Base::E => n.is_one().then_some(0),
            Base::Number(b) => (-40..=40).find(|m| b.pow(*m).is_ok_and(|p| p == n)),
        }
    }

    /// The logarithm of `argument` to this base, as typed.
    fn log(self, argument: &str) -> String {
        match self {
            Base::E => format!("ln({argument})"),
            Base::Number(b) if b == Rational::integer(10) => format!("log({argument})"),
            Base::Number(b) if b.is_integer() => format!("log_{b}({argument})"),
            Base::Number(b) => format!("log_{{{b}}}({argument})"),
        }
    }
}

fn bracketed(r: Rational) -> String {
    if r.is_integer() {
        r.to_string()
    } else {
        format!("({r})")
    }
}

/// `form` is the one solved offline, e.g. `b^(ax + k) = n`.
fn not_this_form(what: &str, form: &str) -> SolveError {
    SolveError::NeedsLanguageModel {
        reason: format!(
            "{what} are solved offline only in the form {form} (a language model writes the others' steps and the checker verifies them)"
        ),
    }
}

fn not_exponential() -> SolveError {
    not_this_form("exponential equations", "b^(ax + k) = n")
}

fn not_logarithmic() -> SolveError {
    not_this_form("logarithmic equations", "a log_b(mx + n) + k = c")
}

/// A linear expression in the unknown: `ax + k` with `a` not zero.
fn linear_in(e: &Expr, var: &str) -> Option<Poly> {
    let p = to_poly(e)?;
    let only_var = p.variables().iter().all(|v| v == var);
    (only_var && p.degree_in(var) == 1).then_some(p)
}

/// `c·b^(u)`, `b^(u)` or `exp(u)` with `u` linear in the unknown.
fn power_of(e: &Expr, var: &str) -> Option<(Rational, Base, Poly)> {
    match e {
        Expr::Pow(base, exponent) => Some((
            Rational::integer(1),
            Base::of(base)?,
            linear_in(exponent, var)?,
        )),
        Expr::Func(Func::Exp, exponent) => {
            Some((Rational::integer(1), Base::E, linear_in(exponent, var)?))
        }
        Expr::Mul(c, power) => {
            let c = to_rational(c).ok().filter(|c| !c.is_zero())?;
            let (one, base, u) = power_of(power, var)?;
            one.is_one().then_some((c, base, u))
        }
        _ => None,
    }
}

/// `log_b(u)`, `log(u)` or `ln(u)` with `u` linear in the unknown.
fn logarithm_of(e: &Expr, var: &str) -> Option<(Base, Poly)> {
    match e {
        Expr::Func(Func::Ln, u) => Some((Base::E, linear_in(u, var)?)),
        Expr::Func(Func::Log, u) => Some((Base::Number(Rational::integer(10)), linear_in(u, var)?)),
        // log_b(u) is read as ln(u) / ln(b).
        Expr::Div(top, bottom) => match (top.as_ref(), bottom.as_ref()) {
            (Expr::Func(Func::Ln, u), Expr::Func(Func::Ln, b)) => {
                Some((Base::of(b)?, linear_in(u, var)?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// `c·b^(u) + k` with `k` a number (`2^x + 1`, `5 - 3^x`): the power, its factor and what is
/// added to it.
fn shifted_power_of(e: &Expr, var: &str) -> Option<(Rational, Base, Poly, Rational)> {
    if let Some((c, base, u)) = power_of(e, var) {
        return Some((c, base, u, Rational::ZERO));
    }
    let constant = |e: &Expr| to_rational(e).ok();
    match e {
        Expr::Add(x, y) => match (constant(x), constant(y)) {
            (Some(k), None) => {
                let (c, base, u) = power_of(y, var)?;
                Some((c, base, u, k))
            }
            (None, Some(k)) => {
                let (c, base, u) = power_of(x, var)?;
                Some((c, base, u, k))
            }
            _ => None,
        },
        Expr::Sub(x, y) => match (constant(x), constant(y)) {
            (Some(k), None) => {
                let (c, base, u) = power_of(y, var)?;
                Some((c.neg().ok()?, base, u, k))
            }
            (None, Some(k)) => {
                let (c, base, u) = power_of(x, var)?;
                Some((c, base, u, k.neg().ok()?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// `a·log_b(u) + k` with `a` and `k` numbers (`log_2(x) + 1`, `2 log_3(x)`, `5 - ln(x)`):
/// the logarithm, its factor and what is added to it.
fn shifted_logarithm_of(e: &Expr, var: &str) -> Option<(Rational, Base, Poly, Rational)> {
    if let Some((base, u)) = logarithm_of(e, var) {
        return Some((Rational::integer(1), base, u, Rational::ZERO));
    }
    let constant = |e: &Expr| to_rational(e).ok();
    match e {
        Expr::Neg(inner) => {
            let (a, base, u, k) = shifted_logarithm_of(inner, var)?;
            Some((a.neg().ok()?, base, u, k.neg().ok()?))
        }
        Expr::Mul(c, l) | Expr::Mul(l, c) if constant(c).is_some_and(|c| !c.is_zero()) => {
            let c = constant(c)?;
            let (a, base, u, k) = shifted_logarithm_of(l, var)?;
            Some((a.mul(c).ok()?, base, u, k.mul(c).ok()?))
        }
        Expr::Add(x, y) => match (constant(x), constant(y)) {
            (Some(k0), None) => {
                let (a, base, u, k) = shifted_logarithm_of(y, var)?;
                Some((a, base, u, k.add(k0).ok()?))
            }
            (None, Some(k0)) => {
                let (a, base, u, k) = shifted_logarithm_of(x, var)?;
                Some((a, base, u, k.add(k0).ok()?))
            }
            _ => None,
        },
        Expr::Sub(x, y) => match (constant(x), constant(y)) {
            (Some(k0), None) => {
                let (a, base, u, k) = shifted_logarithm_of(y, var)?;
                Some((a.neg().ok()?, base, u, k0.sub(k).ok()?))
            }
            (None, Some(k0)) => {
                let (a, base, u, k) = shifted_logarithm_of(x, var)?;
                Some((a, base, u, k.sub(k0).ok()?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The rule that takes the number `k`, added to a term, off both sides.
fn move_across(k: Rational, decimals: bool) -> String {
    let amount = number(k.abs().unwrap_or(k), decimals);
    if k.is_negative() {
        format!("Add {amount} to both sides")
    } else {
        format!("Subtract {amount} from both sides")
    }
}

/// `u = value` where `value` is a number: the moves of a linear equation.
fn solve_linear(
    steps: &mut Steps,
    mut current: String,
    u: &Poly,
    value: Rational,
    var: &str,
) -> Result<String, SolveError> {
    let (moves, outcome) = moves(u.clone(), Poly::constant(value), var)?;
    for m in moves {
        let next = equation(&m.left, &m.right);
        steps.advance(&mut current, next, m.rule, m.narration);
    }
    Ok(outcome_answer(&outcome, var, false))
}

/// `u = L` where `L` is a logarithm or a power of e (written `symbol`, worth `value`):
/// subtract the constant, divide by the coefficient, give the answer exactly and rounded.
fn solve_symbolic(
    steps: &mut Steps,
    mut current: String,
    u: &Poly,
    symbol: &str,
    value: f64,
    var: &str,
    decimals: bool,
) -> String {
    let a = u.coefficient_of(var, 1);
    let k = u.coefficient_of(var, 0);
    let x_term = Poly::term(a, var, 1).to_string();
    let mut right = symbol.to_string();
    let mut worth = value;
    if !k.is_zero() {
        let amount = number(k.abs().unwrap_or(k), decimals);
        right = if k.is_negative() {
            format!("{right} + {amount}")
        } else {
            format!("{right} - {amount}")
        };
        worth -= k.to_f64();
        let next = format!("{x_term} = {right}");
        let rule = move_across(k, decimals);
        steps.advance(
            &mut current,
            next,
            rule,
            format!("This leaves only the {var} term on the left."),
        );
    }
    if !a.is_one() {
        let divided = if k.is_zero() {
            format!("{right}/{}", bracketed(a))
        } else {
            format!("({right})/{}", bracketed(a))
        };
        right = divided;
        worth /= a.to_f64();
        let next = format!("{var} = {right}");
        steps.advance(
            &mut current,
            next,
            format!("Divide both sides by {}", number(a, decimals)),
            format!("Dividing by the coefficient of {var} leaves {var} on its own."),
        );
    }
    steps.explain_last(format!(
        "That is the exact answer; to three decimal places, {var} ≈ {}.",
        rounded(worth)
    ));
    format!("{var} = {right} ≈ {}", rounded(worth))
}

fn rounded(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

pub(super) fn solve_exponential(eq: Equation<'_>) -> Result<(Vec<Step>, String), SolveError> {
    let (left, right, var, decimals) = (eq.left, eq.right, eq.var, eq.decimals);
    let ((c, base, u, k), n) = match (shifted_power_of(left, var), shifted_power_of(right, var)) {
        (Some(p), None) => (p, to_rational(right)),
        (None, Some(p)) => (p, to_rational(left)),
        _ => return Err(not_exponential()),
    };
    let n = n.map_err(|_| not_exponential())?;
    let mut steps = Steps::default();
    let mut current = format!("{left} = {right}");
    let power = base.power(&u.to_string());
    let mut n = n;
    // `2^x + 1 = 9`: the power's term on its own first.
    if !k.is_zero() {
        n = n.sub(k)?;
        let term = if c.is_one() {
            power.clone()
        } else if c.neg()?.is_one() {
            format!("-{power}")
        } else {
            format!("{}·{power}", number(c, decimals))
        };
        let next = format!("{term} = {}", number(n, decimals));
        let rule = move_across(k, decimals);
        steps.advance(
            &mut current,
            next,
            rule,
            "With the number moved to the other side, the power's term stands alone.",
        );
    }
    if !c.is_one() {
        n = n.div(c)?;
        let next = format!("{power} = {}", number(n, decimals));
        steps.push(
            &current,
            &next,
            format!("Divide both sides by {}", number(c, decimals)),
            "This leaves the power on its own on the left.",
        );
        if !k.is_zero() {
            current = next;
        }
    }
    if n.is_negative() || n.is_zero() {
        let rule = "A power of a positive base is always positive";
        steps.push(
            &current,
            "no solution",
            rule,
            format!(
                "{} is positive for every {var}, so it can never equal {}: there is no solution.",
                power,
                number(n, decimals)
            ),
        );
        return Ok((steps.into_vec(), "no solution".into()));
    }
    if let Some(m) = base.exact_log(n) {
        let next = format!("{power} = {}", base.power(&m.to_string()));
        steps.advance(
            &mut current,
            next,
            format!(
                "Write {} as a power of {}",
                number(n, decimals),
                base.written()
            ),
            format!(
                "{} is {} to the power {m}, so both sides become powers of the same base.",
                number(n, decimals),
                base.written()
            ),
        );
        let next = format!("{u} = {m}");
        steps.advance(
            &mut current,
            next,
            "Equal powers of the same base have equal exponents",
            "The powers are equal exactly when their exponents are, so set the exponents equal.",
        );
        let answer = solve_linear(&mut steps, current, &u, Rational::integer(m as i128), var)?;
        return Ok((steps.into_vec(), answer));
    }
    let log_n = base.log(&number(n, decimals));
    let next = format!("{u} = {log_n}");
    let rule = match base {
        Base::E => "Take the natural logarithm of both sides".to_string(),
        Base::Number(b) => format!("Take the logarithm to base {} of both sides", bracketed(b)),
    };
    steps.advance(
        &mut current,
        next,
        rule,
        "The logarithm undoes the power, bringing the exponent down.",
    );
    let value = n.to_f64().ln() / base.to_f64().ln();
    let answer = solve_symbolic(&mut steps, current, &u, &log_n, value, var, decimals);
    Ok((steps.into_vec(), answer))
}

pub(super) fn solve_logarithmic(eq: Equation<'_>) -> Result<(Vec<Step>, String), SolveError> {
    let (left, right, var, decimals) = (eq.left, eq.right, eq.var, eq.decimals);
    let ((a, base, u, k), c) = match (
        shifted_logarithm_of(left, var),
        shifted_logarithm_of(right, var),
    ) {
        (Some(l), None) => (l, to_rational(right)),
        (None, Some(l)) => (l, to_rational(left)),
        _ => return Err(not_logarithmic()),
    };
    let c = c.map_err(|_| not_logarithmic())?;
    let mut steps = Steps::default();
    let typed = base.log(&u.to_string());
    // `log_2(x) + 1 = 4`: the logarithm on its own first, as a linear equation's moves.
    let scaled = if a.is_one() {
        typed.clone()
    } else if a.neg()?.is_one() {
        format!("-{typed}")
    } else {
        format!("{} {typed}", number(a, decimals))
    };
    let shift = if k.is_negative() {
        format!(" - {}", number(k.neg()?, decimals))
    } else {
        format!(" + {}", number(k, decimals))
    };
    let mut current = if k.is_zero() {
        format!("{scaled} = {}", number(c, decimals))
    } else {
        format!("{scaled}{shift} = {}", number(c, decimals))
    };
    let mut c = c;
    if !k.is_zero() {
        c = c.sub(k)?;
        let next = format!("{scaled} = {}", number(c, decimals));
        let rule = move_across(k, decimals);
        let moved = if k.is_negative() {
            "added"
        } else {
            "taken away"
        };
        steps.advance(
            &mut current,
            next,
            rule,
            format!("With the number {moved} on both sides, the logarithm's term stands alone."),
        );
    }
    if !a.is_one() {
        c = c.div(a)?;
        let next = format!("{typed} = {}", number(c, decimals));
        steps.advance(
            &mut current,
            next,
            format!("Divide both sides by {}", number(a, decimals)),
            "This leaves the logarithm on its own.",
        );
    }
    if current != format!("{typed} = {}", number(c, decimals)) {
        current = format!("{typed} = {}", number(c, decimals));
    }
    let power = base.power(&number(c, decimals));
    let next = format!("{u} = {power}");
    steps.advance(
        &mut current,
        next,
        "Rewrite the logarithm as a power",
        format!(
            "{typed} = {} means that {} raised to the power {} gives {u}.",
            number(c, decimals),
            base.written(),
            number(c, decimals)
        ),
    );
    let defined = format!(
        "There {u} = {power}, a power of a positive number, so it is positive and the logarithm is defined: the answer stands."
    );
    let answer = match base.exact_power(c) {
        Some(value) => {
            let next = format!("{u} = {}", number(value, decimals));
            steps.advance(
                &mut current,
                next,
                format!("Work out {power}"),
                format!("{power} is {}.", number(value, decimals)),
            );
            let answer = solve_linear(&mut steps, current, &u, value, var)?;
            steps.explain_last(defined);
            answer
        }
        None => {
            let value = base.to_f64().powf(c.to_f64());
            let answer = solve_symbolic(&mut steps, current, &u, &power, value, var, decimals);
            steps.explain_last(defined);
            answer
        }
    };
    Ok((steps.into_vec(), answer))
}
