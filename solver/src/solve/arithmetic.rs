//! Arithmetic with fractions and the order of operations: one operation per step, brackets
//! first, then powers, then multiplication and division, then addition and subtraction, each
//! from left to right.

use super::error::SolveError;
use super::steps::{Step, Steps};
use crate::expr::{Constant, Expr, Func};
use crate::print::precedence;
use crate::rational::{Rational, lcm_i128};

/// Where a node sits: the child indices from the root.
type Path = Vec<usize>;

fn children(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Neg(a) | Expr::Func(_, a) => vec![a],
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) | Expr::Pow(a, b) => {
            vec![a, b]
        }
        _ => Vec::new(),
    }
}

/// The binding strength a child needs to be written without brackets.
fn child_minimum(parent: &Expr, index: usize) -> u8 {
    match (parent, index) {
        (Expr::Add(..) | Expr::Sub(..), 0) => 1,
        (Expr::Add(..) | Expr::Sub(..), _) => 2,
        (Expr::Mul(..), _) | (Expr::Div(..), 0) | (Expr::Neg(_), _) => 2,
        (Expr::Div(..), _) => 3,
        (Expr::Pow(..), 0) => 5,
        (Expr::Pow(..), _) => 4,
        _ => u8::MAX,
    }
}

fn rank(e: &Expr) -> u8 {
    match e {
        Expr::Pow(..) | Expr::Func(..) => 3,
        Expr::Mul(..) | Expr::Div(..) | Expr::Neg(_) => 2,
        _ => 1,
    }
}

struct Candidate {
    depth: usize,
    rank: u8,
    order: usize,
    path: Path,
}

fn collect(e: &Expr, path: &mut Path, depth: usize, out: &mut Vec<Candidate>, order: &mut usize) {
    *order += 1;
    let kids = children(e);
    // A logarithm of a number (`log_3(81)` is read as ln(81)/ln(3)) is worked out in one step.
    let log = logarithm(e).is_some();
    if log || (!kids.is_empty() && kids.iter().all(|k| matches!(k, Expr::Num(_)))) {
        out.push(Candidate {
            depth,
            rank: if log { 3 } else { rank(e) },
            order: *order,
            path: path.clone(),
        });
        return;
    }
    for (i, kid) in kids.into_iter().enumerate() {
        let bracketed = precedence(kid, false) < child_minimum(e, i);
        path.push(i);
        collect(kid, path, depth + usize::from(bracketed), out, order);
        path.pop();
    }
}

/// The operation done next: deepest brackets, then highest rank, then leftmost.
fn next_operation(e: &Expr) -> Option<Candidate> {
    let mut out = Vec::new();
    collect(e, &mut Vec::new(), 0, &mut out, &mut 0);
    out.into_iter().max_by(|a, b| {
        (a.depth, a.rank)
            .cmp(&(b.depth, b.rank))
            .then(b.order.cmp(&a.order))
    })
}

fn get<'a>(e: &'a Expr, path: &[usize]) -> &'a Expr {
    match path.split_first() {
        None => e,
        Some((i, rest)) => get(children(e)[*i], rest),
    }
}

fn replace(e: &Expr, path: &[usize], with: Expr) -> Expr {
    let Some((i, rest)) = path.split_first() else {
        return with;
    };
    let swap = |k: usize, child: &Expr| {
        Box::new(if k == *i {
            replace(child, rest, with.clone())
        } else {
            child.clone()
        })
    };
    match e {
        Expr::Neg(a) => Expr::Neg(swap(0, a)),
        Expr::Func(f, a) => Expr::Func(*f, swap(0, a)),
        Expr::Add(a, b) => Expr::Add(swap(0, a), swap(1, b)),
        Expr::Sub(a, b) => Expr::Sub(swap(0, a), swap(1, b)),
        Expr::Mul(a, b) => Expr::Mul(swap(0, a), swap(1, b)),
        Expr::Div(a, b) => Expr::Div(swap(0, a), swap(1, b)),
        Expr::Pow(a, b) => Expr::Pow(swap(0, a), swap(1, b)),
        other => other.clone(),
    }
}

fn numbers(node: &Expr) -> Vec<Rational> {
    children(node)
        .into_iter()
        .filter_map(|k| match k {
            Expr::Num(r) => Some(*r),
            _ => None,
        })
        .collect()
}

fn undefined(reason: String) -> SolveError {
    SolveError::Undefined { reason }
}

/// A logarithm of numbers: its base (`None`: e, the natural logarithm), its argument
/// (`None`: a power of e, `e_power` its exponent: 1 for e itself) and the argument as written
/// (`1/8`, `2^5`, `e^3`).
#[derive(Clone)]
struct Logarithm {
    base: Option<Rational>,
    of: Option<Rational>,
    e_power: Rational,
    argument: Expr,
}

/// An exact number with no letters in it: `81`, `1/8`, `2^5`.
fn number_in(e: &Expr) -> Option<Rational> {
    crate::exact::to_rational(e).ok()
}

/// `log_b(a)` (which the parser reads as ln(a)/ln(b)), `log(a)` (base 10), `ln(a)` and `ln(e)`,
/// with `a` a number.
fn logarithm(e: &Expr) -> Option<Logarithm> {
    let (base, argument) = match e {
        Expr::Div(top, bottom) => match (&**top, &**bottom) {
            (Expr::Func(Func::Ln, a), Expr::Func(Func::Ln, b)) => (Some(number_in(b)?), a),
            _ => return None,
        },
        Expr::Func(Func::Log, a) => (Some(Rational::integer(10)), a),
        Expr::Func(Func::Ln, a) => (None, a),
        _ => return None,
    };
    let (of, e_power) = match &**argument {
        Expr::Const(Constant::E) => (None, Rational::integer(1)),
        // `ln(e^3)`: a power of e with a number for its exponent.
        Expr::Pow(b, k) if matches!(**b, Expr::Const(Constant::E)) => (None, number_in(k)?),
        a => (Some(number_in(a)?), Rational::integer(1)),
    };
    Some(Logarithm {
        base,
        of,
        e_power,
        argument: (**argument).clone(),
    })
}

impl Logarithm {
    /// As a student writes it: `log_3(81)`, `log(1000)`, `ln(1)`, `ln(e)`.
    fn written(&self, print: &dyn Fn(&Expr) -> String) -> String {
        let of = print(&self.argument);
        match self.base {
            None => format!("ln({of})"),
            Some(b) if b == Rational::integer(10) => format!("log({of})"),
            Some(b) if b.is_integer() && !b.is_negative() => {
                format!("log_{}({of})", print(&Expr::Num(b)))
            }
            Some(b) => format!("log_{{{}}}({of})", print(&Expr::Num(b))),
        }
    }

    /// The power of the base that gives the argument, when it is a whole number or a fraction
    /// with a small denominator; each is confirmed exactly (`3^4 = 81`).
    fn value(&self, print: &dyn Fn(&Expr) -> String) -> Result<(Rational, String), SolveError> {
        let show = |r: Rational| print(&Expr::Num(r));
        let written = self.written(print);
        if let Some(of) = self.of
            && (of.is_zero() || of.is_negative())
        {
            return Err(undefined(format!(
                "{written} has no value: only positive numbers have logarithms"
            )));
        }
        let Some(base) = self.base else {
            return match self.of {
                None if self.e_power.is_one() => Ok((
                    Rational::integer(1),
                    format!("{written} = 1 because e^1 = e"),
                )),
                None => Ok((
                    self.e_power,
                    format!(
                        "{written} = {} because the natural logarithm undoes the power of e",
                        show(self.e_power)
                    ),
                )),
                Some(of) if of.is_one() => Ok((
                    Rational::integer(0),
                    format!("{written} = 0 because e^0 = 1"),
                )),
                Some(_) => Err(SolveError::NeedsLanguageModel {
                    reason: "natural logarithms of numbers other than 1 and e are not whole \
                             numbers and are not worked offline"
                        .into(),
                }),
            };
        };
        if base.is_zero() || base.is_negative() || base.is_one() {
            return Err(undefined(format!(
                "{written} has no value: a logarithm's base is a positive number other than 1"
            )));
        }
        let Some(of) = self.of else {
            return Err(SolveError::NeedsLanguageModel {
                reason: "logarithms of e to another base are not worked offline".into(),
            });
        };
        let estimate = of.to_f64().ln() / base.to_f64().ln();
        for q in 1..=12_i64 {
            let p = (estimate * q as f64).round();
            if (estimate * q as f64 - p).abs() > 1e-6 || p.abs() > 4096.0 {
                continue;
            }
            let p = p as i64;
            // base^(p/q) = of exactly when base^p = of^q.
            let (Ok(left), Ok(right)) = (base.pow(p), of.pow(q)) else {
                continue;
            };
            if left == right {
                let k = Rational::new(i128::from(p), i128::from(q))?;
                let power = if q == 1 && !k.is_negative() {
                    show(k)
                } else {
                    format!("({})", show(k))
                };
                return Ok((
                    k,
                    format!(
                        "{written} = {} because {}^{power} = {}",
                        show(k),
                        show(base),
                        show(of)
                    ),
                ));
            }
        }
        Err(SolveError::NeedsLanguageModel {
            reason: format!(
                "{written} is not a whole number or a simple fraction, and such logarithms are \
                 not worked offline"
            ),
        })
    }
}

/// The expression as a student writes it: `log_3(81)`, not the quotient of natural logarithms
/// the parser reads it as.
fn written(e: &Expr, print: &dyn Fn(&Expr) -> String) -> Expr {
    if let Expr::Div(top, bottom) = e
        && let (Expr::Func(Func::Ln, a), Expr::Func(Func::Ln, b)) = (&**top, &**bottom)
        && let Some(base) = number_in(b)
    {
        let log = Logarithm {
            base: Some(base),
            of: None,
            e_power: Rational::integer(1),
            argument: written(a, print),
        };
        return Expr::Var(log.written(print));
    }
    let w = |e: &Expr| Box::new(written(e, print));
    match e {
        Expr::Neg(a) => Expr::Neg(w(a)),
        Expr::Func(f, a) => Expr::Func(*f, w(a)),
        Expr::Add(a, b) => Expr::Add(w(a), w(b)),
        Expr::Sub(a, b) => Expr::Sub(w(a), w(b)),
        Expr::Mul(a, b) => Expr::Mul(w(a), w(b)),
        Expr::Div(a, b) => Expr::Div(w(a), w(b)),
        Expr::Pow(a, b) => Expr::Pow(w(a), w(b)),
        other => other.clone(),
    }
}

/// The value of one operation on numbers, with the rule that names it.
fn apply(
    node: &Expr,
    show: &dyn Fn(Rational) -> String,
    decimals: bool,
) -> Result<(Rational, String, String), SolveError> {
    if let Some(log) = logarithm(node) {
        let print = |e: &Expr| match e {
            Expr::Num(r) => show(*r),
            e if decimals => e.to_decimal_string(),
            e => e.to_string(),
        };
        let (value, sum) = log.value(&print)?;
        return Ok((
            value,
            "A logarithm is the power of its base that gives the number".into(),
            sum,
        ));
    }
    let n = numbers(node);
    let fraction = |r: &Rational| !(r.is_integer() || decimals && r.to_decimal_string().is_some());
    let same_denominator = n.len() == 2 && n[0].denom() == n[1].denom();
    let common = |verb: &str| -> Result<String, SolveError> {
        Ok(if n.iter().any(fraction) && same_denominator {
            format!("{verb} the fractions: the denominators are already the same")
        } else if n.iter().any(fraction) {
            let lcd = lcm_i128(n[0].denom(), n[1].denom())?;
            format!("{verb} the fractions using the common denominator {lcd}")
        } else {
            verb.to_string()
        })
    };
    let (value, rule, symbol) = match node {
        Expr::Add(..) => (n[0].add(n[1])?, common("Add")?, "+"),
        Expr::Sub(..) => (n[0].sub(n[1])?, common("Subtract")?, "-"),
        Expr::Mul(..) => {
            let rule = if n.iter().any(fraction) {
                "Multiply the fractions: numerators together, denominators together"
            } else {
                "Multiply"
            };
            (n[0].mul(n[1])?, rule.to_string(), "×")
        }
        Expr::Div(..) => {
            if n[1].is_zero() {
                return Err(undefined(format!("it divides {} by zero", show(n[0]))));
            }
            let value = n[0].div(n[1])?;
            let rule = if fraction(&n[1]) {
                "Divide by a fraction: multiply by its reciprocal"
            } else if n.iter().all(Rational::is_integer) && !value.is_integer() {
                "Simplify the fraction: divide the top and bottom by their common factor"
            } else {
                "Divide"
            };
            (value, rule.to_string(), "÷")
        }
        Expr::Pow(..) => {
            if !n[1].is_integer() {
                // `27^(1/3)` is 3: a root that is a whole number or fraction, then its power.
                let root = u32::try_from(n[1].denom())
                    .ok()
                    .and_then(|q| n[0].root(q))
                    .ok_or_else(|| SolveError::NeedsLanguageModel {
                        reason: "fractional powers that are not whole or fractional numbers \
                                 are not worked offline"
                            .into(),
                    })?;
                let exponent = i64::try_from(n[1].numer())
                    .map_err(|_| crate::rational::ArithmeticError::Overflow)?;
                let value = root.pow(exponent)?;
                return Ok((
                    value,
                    format!("A power of 1/{} is a root: take it", n[1].denom()),
                    format!("{}^({}) = {}", show(n[0]), show(n[1]), show(value)),
                ));
            }
            if n[0].is_zero() && n[1].is_negative() {
                return Err(undefined("zero has no negative powers".into()));
            }
            let exponent = i64::try_from(n[1].numer())
                .map_err(|_| crate::rational::ArithmeticError::Overflow)?;
            let rule = if exponent < 0 {
                "A negative power is the reciprocal of the positive power"
            } else {
                "Evaluate the power"
            };
            (n[0].pow(exponent)?, rule.to_string(), "^")
        }
        Expr::Neg(_) => (n[0].neg()?, "Negate".to_string(), "-"),
        Expr::Func(Func::Sqrt, _) => {
            let root = n[0].sqrt().ok_or_else(|| SolveError::NeedsLanguageModel {
                reason:
                    "square roots that are not whole or fractional numbers are not worked offline"
                        .into(),
            })?;
            return Ok((
                root,
                "Take the square root".into(),
                format!("sqrt({}) = {}", show(n[0]), show(root)),
            ));
        }
        Expr::Func(Func::Abs, _) => {
            let value = n[0].abs()?;
            return Ok((
                value,
                "Take the absolute value".into(),
                format!("|{}| = {}", show(n[0]), show(value)),
            ));
        }
        _ => {
            return Err(SolveError::NeedsLanguageModel {
                reason: "this function is not evaluated offline".into(),
            });
        }
    };
    let sum = match n.as_slice() {
        [a, b] => format!("{} {symbol} {} = {}", show(*a), show(*b), show(value)),
        [a] => format!("-({}) = {}", show(*a), show(value)),
        _ => show(value),
    };
    Ok((value, rule, sum))
}

fn reason_for_order(candidate: &Candidate, whole: &Expr) -> &'static str {
    let has_sums = whole.any(&|x| matches!(x, Expr::Add(..) | Expr::Sub(..)));
    let has_products = whole.any(&|x| matches!(x, Expr::Mul(..) | Expr::Div(..)));
    if candidate.depth > 0 {
        "Brackets come first."
    } else if candidate.rank == 3 && (has_sums || has_products) {
        "Powers and roots come before multiplication, division, addition and subtraction."
    } else if candidate.rank == 2 && has_sums {
        "Multiplication and division come before addition and subtraction."
    } else {
        "Work from left to right."
    }
}

pub(super) fn solve(problem: &Expr, decimals: bool) -> Result<(Vec<Step>, String), SolveError> {
    let plain = |e: &Expr| {
        if decimals {
            e.to_decimal_string()
        } else {
            e.to_string()
        }
    };
    let number = |r: Rational| plain(&Expr::Num(r));
    let text = |e: &Expr| plain(&written(e, &plain));
    let mut steps = Steps::default();
    let mut current = problem.clone();
    while let Some(candidate) = next_operation(&current) {
        let node = get(&current, &candidate.path);
        let (value, rule, sum) = apply(node, &number, decimals)?;
        let next = replace(&current, &candidate.path, Expr::Num(value));
        let narration = format!("{} {sum}.", reason_for_order(&candidate, &current));
        steps.push(text(&current), text(&next), rule, narration);
        current = next;
    }
    match current {
        Expr::Num(r) => Ok((steps.into_vec(), number(r))),
        _ => Err(SolveError::NeedsLanguageModel {
            reason: "the expression could not be worked out with exact arithmetic".into(),
        }),
    }
}
