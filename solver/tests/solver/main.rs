//! Behaviour of the solver crate: the answer table, the checker, parsing and classification,
//! and the checks of the kinds a language model writes (inequalities, exponential and
//! logarithmic equations, limits, word problems, geometry).

mod checker;
mod classification;
mod exponentials;
mod geometry;
mod inequalities;
mod limits;
mod logarithms;
mod model_readings;
mod offline_forms;
mod parsing;
mod robustness;
mod student_problems;
mod table;
mod word_problems;

use lectern_solver::{CheckStatus, Step, StepCheck};

/// A step as a language-model writer would return it.
pub fn step(before: &str, after: &str) -> Step {
    Step {
        before: before.into(),
        after: after.into(),
        rule: "a rule".into(),
        narration: String::new(),
    }
}

pub fn failure_reason(check: &StepCheck) -> &str {
    match &check.status {
        CheckStatus::Failed { reason } => reason,
        other => panic!("expected a failed check, got {other:?}"),
    }
}
