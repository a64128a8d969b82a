//! The final answer: substituted back into the original problem, and compared with its full
//! solution set so a missing root is caught as surely as a wrong one.

use super::context::{Claim, Context};
use super::limits;
use super::outcome::{CheckMethod, CheckStatus, status_of, unchecked};
use crate::equivalence::{self, chain_consistency};
use crate::exact::to_rational;
use crate::expr::Expr;
use crate::numeric::{Point, eval};
use crate::problem::Problem;
use crate::roots::{describe, root_set};
use crate::statement::Condition;
use crate::verdict::{Verdict, all_of};

/// Unchecked when the problem could not be read as a formula, failed when it is empty.
pub(super) fn check(context: &Context, text: &str) -> CheckStatus {
    if let Some(reason) = &context.unread_because {
        return unchecked(reason.clone());
    }
    if text.trim().is_empty() {
        return CheckStatus::Failed {
            reason: "the final answer is empty".into(),
        };
    }
    match compare(context, text) {
        Ok(status) => status,
        Err(reason) => unchecked(format!("the final answer could not be read: {reason}")),
    }
}

fn compare(context: &Context, text: &str) -> Result<CheckStatus, String> {
    // "1/3 ≈ 0.333": the exact part before the approximation is the answer.
    let text = text.split('≈').next().unwrap_or(text);
    match &context.problem {
        Some(Problem::Expression(e)) => expression_answer(context, e, text),
        Some(Problem::Condition(c)) => condition_answer(context, c, text),
        Some(Problem::Limit(l)) => Ok(limits::answer(l, text)),
        None => Err("the problem is not a formula".into()),
    }
}

fn expression_answer(context: &Context, problem: &Expr, text: &str) -> Result<CheckStatus, String> {
    let Claim::Values(chain) = context.claim(text)? else {
        return Err("an expression was expected".into());
    };
    let Some(value) = chain.last() else {
        return Err("there is no value".into());
    };
    let verdict = all_of([
        chain_consistency(&chain),
        equivalence::expressions(problem, value),
    ]);
    if let (Expr::Integral { .. }, Verdict::Same(_)) = (problem, &verdict)
        && value
            .variables()
            .difference(&problem.variables())
            .next()
            .is_none()
    {
        return Ok(CheckStatus::Failed {
            reason: "the constant of integration (+ C) is missing".into(),
        });
    }
    if matches!(verdict, Verdict::Different(_)) && rounded_correctly(problem, text) {
        return Ok(CheckStatus::Checked {
            method: CheckMethod::Numeric,
        });
    }
    Ok(status_of(verdict))
}

/// A decimal answer such as `0.33` for 1/3, correct to the places it gives.
fn rounded_correctly(problem: &Expr, text: &str) -> bool {
    let last = text.rsplit('=').next().unwrap_or(text).trim();
    let Some((whole, places)) = last.split_once('.') else {
        return false;
    };
    let digits = whole.trim_start_matches('-');
    if !digits.chars().all(|c| c.is_ascii_digit()) || !places.chars().all(|c| c.is_ascii_digit()) {
        return false;
    }
    let (Ok(exact), Ok(given)) = (to_rational(problem), last.parse::<f64>()) else {
        return false;
    };
    (exact.to_f64() - given).abs() <= 0.5 * 10f64.powi(-(places.len() as i32)) * (1.0 + 1e-9)
}

fn condition_answer(
    context: &Context,
    problem: &Condition,
    text: &str,
) -> Result<CheckStatus, String> {
    let claim = match context.claim(text)? {
        Claim::Condition(c) => c,
        Claim::Values(chain) => match (context.unknowns.as_slice(), chain.as_slice()) {
            ([var], [value]) if value.variables().is_empty() => {
                Condition::Eq(vec![Expr::var(var), value.clone()])
            }
            _ => return Err("the answer should give the value of each unknown".into()),
        },
    };
    let verdict = equivalence::conditions(problem, &claim, &context.unknowns);
    Ok(match verdict {
        Verdict::Same(_) => status_of(verdict),
        Verdict::Different(general) => CheckStatus::Failed {
            reason: specific_reason(context, problem, &claim).unwrap_or(general),
        },
        Verdict::Unknown(reason) => match substitution(problem, &assignments(&claim)) {
            Verdict::Different(r) => CheckStatus::Failed { reason: r },
            Verdict::Same(_) => CheckStatus::Unchecked {
                reason: "the answer satisfies the equations, but whether a solution is missing could not be decided".into(),
            },
            Verdict::Unknown(_) => CheckStatus::Unchecked { reason },
        },
    })
}

/// Each alternative the answer gives, as values for variables: `x = 2 or x = 3` gives two.
fn assignments(claim: &Condition) -> Vec<Vec<(String, Expr)>> {
    fn one(c: &Condition) -> Option<Vec<(String, Expr)>> {
        match c {
            Condition::Eq(parts) => match parts.as_slice() {
                [Expr::Var(v), value] | [value, Expr::Var(v)] if value.variables().is_empty() => {
                    Some(vec![(v.clone(), value.clone())])
                }
                _ => None,
            },
            Condition::All(items) => {
                let mut out = Vec::new();
                for item in items {
                    out.extend(one(item)?);
                }
                Some(out)
            }
            _ => None,
        }
    }
    match claim {
        Condition::Any(items) => items.iter().filter_map(one).collect(),
        other => one(other).into_iter().collect(),
    }
}

fn equations(problem: &Condition) -> Vec<&Vec<Expr>> {
    match problem {
        Condition::Eq(parts) => vec![parts],
        Condition::All(items) | Condition::Any(items) => items.iter().flat_map(equations).collect(),
        _ => Vec::new(),
    }
}

fn side_value(e: &Expr) -> String {
    match to_rational(e) {
        Ok(r) => r.to_string(),
        Err(_) => format!("{:.6}", eval(e, &Point::new())),
    }
}

fn describe_assignment(values: &[(String, Expr)]) -> String {
    values
        .iter()
        .map(|(v, x)| format!("{v} = {x}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Substitutes every alternative into every equation of the problem.
fn substitution(problem: &Condition, alternatives: &[Vec<(String, Expr)>]) -> Verdict {
    if alternatives.is_empty() {
        return Verdict::Unknown("the answer lists no values".into());
    }
    let mut verdicts = Vec::new();
    for values in alternatives {
        for parts in equations(problem) {
            let substituted: Vec<Expr> = parts
                .iter()
                .map(|p| {
                    values
                        .iter()
                        .fold(p.clone(), |acc, (v, x)| acc.substitute(v, x))
                })
                .collect();
            if let Some(free) = substituted.iter().flat_map(Expr::variables).next() {
                return Verdict::Different(format!("the answer gives no value for {free}"));
            }
            for pair in substituted.windows(2) {
                match equivalence::expressions(&pair[0], &pair[1]) {
                    Verdict::Different(_) => {
                        let equation: Vec<String> = parts.iter().map(Expr::to_string).collect();
                        return Verdict::Different(format!(
                            "{} does not satisfy {}: one side is {} and the other is {}",
                            describe_assignment(values),
                            equation.join(" = "),
                            side_value(&pair[0]),
                            side_value(&pair[1]),
                        ));
                    }
                    other => verdicts.push(other),
                }
            }
        }
    }
    all_of(verdicts)
}

/// A precise reason for a wrong answer: a value that does not satisfy the problem, a missing
/// value, or a missing solution.
fn specific_reason(context: &Context, problem: &Condition, claim: &Condition) -> Option<String> {
    let alternatives = assignments(claim);
    if let Verdict::Different(reason) = substitution(problem, &alternatives) {
        return Some(reason);
    }
    match context.unknowns.as_slice() {
        [var] => {
            let solutions = root_set(problem, var).map(|s| describe(&s, var))?;
            Some(match claim {
                Condition::NoSolution => format!("the equation does have solutions: {solutions}"),
                Condition::Infinite => {
                    format!("not every number is a solution; the solutions are {solutions}")
                }
                _ if alternatives.is_empty() => format!("the solutions are {solutions}"),
                _ => format!(
                    "a solution is missing: the answer gives {} but the solutions are {solutions}",
                    alternatives
                        .iter()
                        .map(|a| describe_assignment(a))
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            })
        }
        _ if !alternatives.is_empty() => Some(
            "the values satisfy the equations, but the system has infinitely many solutions".into(),
        ),
        _ => None,
    }
}
