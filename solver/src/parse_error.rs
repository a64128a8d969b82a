//! The error of reading typed mathematics, shared by the lexer, the parser and the readers of
//! whole lines and problems.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a piece of text could not be read as mathematics.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("at column {}: {message}", .position + 1)]
pub struct ParseError {
    /// Zero-based character index into the text that was parsed.
    pub position: usize,
    pub message: String,
}
