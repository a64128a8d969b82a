//! The offline solver: real step-by-step solutions for the problem kinds that need no
//! language model.

mod arithmetic;
mod calculus;
mod exponential;
mod inequality;
mod limit;
mod linear;
mod quadratic;
mod system;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::classify::{ProblemKind, classify_read};
use crate::expr::Expr;
use crate::problem::{Problem, read_problem};
use crate::rational::{ArithmeticError, Rational};
use crate::statement::Condition;

/// One mathematical step. The language-model writer returns the same shape as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The expression or equation(s) before the step, in the notation [`crate::parse_expression`] reads.
    pub before: String,
    /// The expression or equation(s) after the step.
    pub after: String,
    /// The rule applied, in plain English ("Subtract 3 from both sides").
    pub rule: String,
    /// One sentence for the narrator.
    #[serde(default)]
    pub narration: String,
}

/// A worked solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    pub kind: ProblemKind,
    pub steps: Vec<Step>,
    /// Canonical form: `x = 4`, `x = 2, x = 3`, `x = 1, y = 2`, `7/4`, `3x^2 + 2`,
    /// `x^3 + x^2 + C`, `no real solutions`, `no solution`, `infinitely many solutions`.
    pub final_answer: String,
}

/// Why the offline solver gives no solution.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum SolveError {
    /// Not one of the kinds solved offline; a language model has to write this solution.
    #[error("This problem needs a language model: {reason}")]
    NeedsLanguageModel { reason: String },
    /// The problem itself has no value, e.g. it divides by zero.
    #[error("This problem has no answer: {reason}")]
    Undefined { reason: String },
}

impl From<ArithmeticError> for SolveError {
    fn from(e: ArithmeticError) -> Self {
        match e {
            ArithmeticError::Overflow => SolveError::NeedsLanguageModel {
                reason: "the numbers are too large for exact arithmetic".into(),
            },
            ArithmeticError::DivisionByZero => SolveError::Undefined {
                reason: "it divides by zero".into(),
            },
        }
    }
}

/// Solves a problem offline, or says why it cannot.
pub fn solve(problem: &str) -> Result<Solution, SolveError> {
    let read = read_problem(problem).map_err(|e| SolveError::NeedsLanguageModel {
        reason: crate::words::kind_of(problem)
            .and_then(|kind| kind.refusal())
            .unwrap_or_else(|| format!("it could not be read as a typed formula ({e})")),
    })?;
    let kind = classify_read(&read);
    // Linear inequalities, the plain exponential and logarithmic forms and limits of
    // fractions of polynomials are solved here;
    // the other problems of those kinds keep the refusal, for a language model to write.
    let exact = match (&kind, &read.problem) {
        (
            ProblemKind::Inequality { variable },
            Problem::Condition(Condition::Ineq(parts, rels)),
        ) => Some(inequality::solve(parts, rels, variable, read.decimals)),
        (
            ProblemKind::ExponentialEquation { variable },
            Problem::Condition(Condition::Eq(parts)),
        ) if parts.len() == 2 => Some(exponential::solve_exponential(
            &parts[0],
            &parts[1],
            variable,
            read.decimals,
        )),
        (
            ProblemKind::LogarithmicEquation { variable },
            Problem::Condition(Condition::Eq(parts)),
        ) if parts.len() == 2 => Some(exponential::solve_logarithmic(
            &parts[0],
            &parts[1],
            variable,
            read.decimals,
        )),
        (ProblemKind::Limit { .. }, Problem::Limit(limit)) => {
            Some(limit::solve(limit, read.decimals))
        }
        _ => None,
    };
    match exact {
        Some(Ok((steps, final_answer))) => {
            return Ok(Solution {
                kind,
                steps,
                final_answer,
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
            linear::solve(&parts[0], &parts[1], variable, read.decimals)?
        }
        (ProblemKind::QuadraticEquation { variable }, Problem::Condition(Condition::Eq(parts))) => {
            quadratic::solve(&parts[0], &parts[1], variable, read.decimals)?
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
        steps,
        final_answer,
    })
}

/// A number as the user would write it: decimals when the problem used them and it terminates.
pub(crate) fn number(r: Rational, decimals: bool) -> String {
    match decimals.then(|| r.to_decimal_string()).flatten() {
        Some(d) => d,
        None => r.to_string(),
    }
}

/// An equation as the user wrote it, in the same number style.
pub(crate) fn written(left: &Expr, right: &Expr, decimals: bool) -> String {
    if decimals {
        format!(
            "{} = {}",
            left.to_decimal_string(),
            right.to_decimal_string()
        )
    } else {
        format!("{left} = {right}")
    }
}

/// Collects steps, skipping any that would not change what is shown.
#[derive(Default)]
pub(crate) struct Steps(Vec<Step>);

impl Steps {
    pub fn push(
        &mut self,
        before: impl Into<String>,
        after: impl Into<String>,
        rule: impl Into<String>,
        narration: impl Into<String>,
    ) {
        let (before, after) = (before.into(), after.into());
        if before != after {
            self.0.push(Step {
                before,
                after,
                rule: rule.into(),
                narration: narration.into(),
            });
        }
    }

    /// The step to the answer; when the last move already wrote it, what it means is said on
    /// that move instead.
    pub fn conclude(
        &mut self,
        current: &str,
        answer: &str,
        rule: impl Into<String>,
        narration: impl Into<String>,
    ) {
        if current == answer && self.0.last().is_some_and(|last| last.after == answer) {
            self.explain_last(narration);
        } else {
            self.push(current, answer, rule, narration);
        }
    }

    /// Adds a sentence to the last step's narration.
    pub fn explain_last(&mut self, narration: impl Into<String>) {
        if let Some(last) = self.0.last_mut() {
            last.narration = format!("{} {}", last.narration, narration.into())
                .trim()
                .to_string();
        }
    }

    pub fn into_vec(self) -> Vec<Step> {
        self.0
    }
}
