//! What a check reports: which step it is about, whether it passed, and how it was decided.

use serde::{Deserialize, Serialize};

use crate::verdict::{Method, Verdict};

/// What a check is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckTarget {
    /// The step at this index (from 0) of the list given to [`crate::check_steps`].
    Step(usize),
    /// The final answer, substituted into the problem.
    FinalAnswer,
}

/// How a passed check was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckMethod {
    /// Exact rational arithmetic on normal forms.
    Exact,
    /// Agreement at many deterministic sample points, up to rounding.
    Numeric,
}

/// The outcome for one step or the final answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CheckStatus {
    /// The step is right, or the final answer solves the problem completely.
    Checked {
        /// How it was decided.
        method: CheckMethod,
    },
    /// A mistake was found; the reason says what, for the writer to repair it.
    Failed {
        /// For example "x = 5 does not satisfy 2x + 3 = 11: one side is 13 and the other is 11".
        reason: String,
    },
    /// Nothing could be decided (prose, unsupported mathematics); never shown as checked.
    Unchecked {
        /// Why nothing could be decided.
        reason: String,
    },
}

/// The check of one step or of the final answer. As JSON:
/// `{"target": {"step": 0}, "status": "checked", "method": "exact"}` or
/// `{"target": "final_answer", "status": "failed", "reason": "..."}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepCheck {
    /// Which step, or the final answer.
    pub target: CheckTarget,
    /// The outcome.
    #[serde(flatten)]
    pub status: CheckStatus,
}

impl StepCheck {
    /// Whether it may be shown with the checked mark.
    pub fn is_checked(&self) -> bool {
        matches!(self.status, CheckStatus::Checked { .. })
    }

    /// Whether a mistake was found.
    pub fn is_failed(&self) -> bool {
        matches!(self.status, CheckStatus::Failed { .. })
    }
}

/// The first failed check, which is what a writer is asked to repair.
pub fn first_failure(checks: &[StepCheck]) -> Option<&StepCheck> {
    checks.iter().find(|c| c.is_failed())
}

pub(super) fn unchecked(reason: impl Into<String>) -> CheckStatus {
    CheckStatus::Unchecked {
        reason: reason.into(),
    }
}

pub(super) fn status_of(verdict: Verdict) -> CheckStatus {
    match verdict {
        Verdict::Same(Method::Exact) => CheckStatus::Checked {
            method: CheckMethod::Exact,
        },
        Verdict::Same(Method::Numeric) => CheckStatus::Checked {
            method: CheckMethod::Numeric,
        },
        Verdict::Different(reason) => CheckStatus::Failed { reason },
        Verdict::Unknown(reason) => CheckStatus::Unchecked { reason },
    }
}
