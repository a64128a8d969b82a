//! The offline solver: real step-by-step solutions for the problem kinds that need no
//! language model.

mod arithmetic;
mod calculus;
mod error;
pub(crate) mod everyday;
mod exponential;
mod inequality;
mod limit;
mod linear;
mod quadratic;
mod sign_chart;
mod steps;
mod system;

use serde::{Deserialize, Serialize};

use crate::classify::classify_read;
use crate::expr::Expr;
use crate::kind::ProblemKind;
use crate::problem::{Problem, read_problem};
use crate::statement::Condition;

pub use error::SolveError;
pub use steps::Step;

/// One equation to solve: its two sides, the unknown, and whether the problem was typed
/// with decimals (so the answer is given in them too).
#[derive(Debug, Clone, Copy)]
pub(super) struct Equation<'a> {
    pub left: &'a Expr,
    pub right: &'a Expr,
    pub var: &'a str,
    pub decimals: bool,
}

impl<'a> Equation<'a> {
    /// The equation whose sides are the first two of `parts`.
    fn of(parts: &'a [Expr], var: &'a str, decimals: bool) -> Self {
        Equation {
            left: &parts[0],
            right: &parts[1],
            var,
            decimals,
        }
    }
}

/// A worked solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    pub kind: ProblemKind,
    pub steps: Vec<Step>,
    /// Canonical form: `x = 4`, `x = 2, x = 3`, `x = 1, y = 2`, `7/4`, `3x^2 + 2`,
    /// `x^3 + x^2 + C`, `no real solutions`, `no solution`, `infinitely many solutions`.
    pub final_answer: String,
    /// How a problem in words was read, in the solver's notation or as its set-up
    /// (`lim_(x->1) ((x^2 - 1)/(x - 1))`, `25% of $60`); `None` for a problem typed in notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
}

/// Solves a problem offline, or says why it cannot. A reading with its set-up written out
/// (`b + (b + 6) = 40, where b is Ben's age (years)`, [`crate::SetUp`]) is solved by its
/// equations; its answer is theirs, without the unit (the caller adds it after the check).
pub fn solve(problem: &str) -> Result<Solution, SolveError> {
    if let Some(set_up) = crate::SetUp::of(problem) {
        return solve(&set_up.notation);
    }
    let read = match read_problem(problem) {
        Ok(read) => read,
        Err(e) => {
            if let Some(worked) = everyday::solve(problem) {
                // A set-up that leaves out an amount of the words answers another problem.
                if let Some(reason) = everyday::setup_problem(problem, &worked) {
                    return Err(SolveError::NeedsLanguageModel { reason });
                }
                return Ok(Solution {
                    kind: worked.kind,
                    steps: narrate_reading(worked.steps, Some(&worked.reading)),
                    final_answer: worked.answer,
                    reading: Some(worked.reading),
                });
            }
            return Err(SolveError::NeedsLanguageModel {
                reason: crate::words::kind_of(problem)
                    .and_then(|kind| kind.refusal())
                    .unwrap_or_else(|| format!("it could not be read as a typed formula ({e})")),
            });
        }
    };
    let kind = classify_read(&read);
    let equation = |parts, var| Equation::of(parts, var, read.decimals);
    // Linear inequalities, the plain exponential and logarithmic forms and limits of
    // fractions of polynomials are solved here;
    // the other problems of those kinds keep the refusal, for a language model to write.
    let exact = match (&kind, &read.problem) {
        (
            ProblemKind::Inequality { variable },
            Problem::Condition(Condition::Ineq(parts, rels)),
        ) => Some(
            inequality::solve(parts, rels, variable, read.decimals).or_else(|linear| {
                match (parts.as_slice(), rels.as_slice()) {
                    ([left, right], [rel]) => {
                        sign_chart::solve(left, *rel, right, variable, read.decimals)
                    }
                    _ => Err(linear),
                }
            }),
        ),
        (
            ProblemKind::ExponentialEquation { variable },
            Problem::Condition(Condition::Eq(parts)),
        ) if parts.len() == 2 => Some(exponential::solve_exponential(equation(parts, variable))),
        (
            ProblemKind::LogarithmicEquation { variable },
            Problem::Condition(Condition::Eq(parts)),
        ) if parts.len() == 2 => Some(exponential::solve_logarithmic(equation(parts, variable))),
        (ProblemKind::Limit { .. }, Problem::Limit(limit)) => {
            Some(limit::solve(limit, read.decimals))
        }
        _ => None,
    };
    match exact {
        Some(Ok((steps, final_answer))) => {
            return Ok(Solution {
                kind,
                steps: narrate_reading(steps, read.reading.as_deref()),
                final_answer,
                reading: read.reading,
            });
        }
        Some(Err(e)) => return Err(e),
        None => {}
    }
    if let Some(reason) = kind.refusal() {
        return Err(SolveError::NeedsLanguageModel { reason });
    }
    let (steps, final_answer) = match (&kind, &read.problem) {
        (ProblemKind::LinearEquation { variable }, Problem::Condition(Condition::Eq(parts))) => {
            linear::solve(equation(parts, variable))?
        }
        (ProblemKind::QuadraticEquation { variable }, Problem::Condition(Condition::Eq(parts))) => {
            quadratic::solve(equation(parts, variable))?
        }
        (
            ProblemKind::LinearSystem { variables, .. },
            Problem::Condition(Condition::All(items)),
        ) => system::solve(items, variables, read.decimals)?,
        (ProblemKind::Arithmetic, Problem::Expression(e)) => arithmetic::solve(e, read.decimals)?,
        (
            ProblemKind::Derivative { variable },
            Problem::Expression(Expr::Derivative { body, .. }),
        ) => calculus::derivative(body, variable)?,
        (ProblemKind::Integral { variable }, Problem::Expression(Expr::Integral { body, .. })) => {
            calculus::integral(body, variable)?
        }
        _ => {
            return Err(SolveError::NeedsLanguageModel {
                reason: "this form of the problem is not solved offline".into(),
            });
        }
    };
    Ok(Solution {
        kind,
        steps: narrate_reading(steps, read.reading.as_deref()),
        final_answer,
        reading: read.reading,
    })
}

/// "We write this as ...": the first step says how the words were read.
fn narrate_reading(mut steps: Vec<Step>, reading: Option<&str>) -> Vec<Step> {
    if let (Some(reading), Some(first)) = (reading, steps.first_mut()) {
        first.narration = format!("We write this as {reading}. {}", first.narration)
            .trim()
            .to_string();
    }
    steps
}
