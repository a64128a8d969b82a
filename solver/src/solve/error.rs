//! The solver's error: a problem left to a language model, or one that has no answer.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rational::ArithmeticError;

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
