//! The steps of a solution and how they are written: numbers and equations in the style the
//! problem used, and steps that change nothing left out.

use serde::{Deserialize, Serialize};

use crate::expr::Expr;
use crate::rational::Rational;

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

    /// The step from `current` to `next`, which then becomes `current`.
    pub fn advance(
        &mut self,
        current: &mut String,
        next: String,
        rule: impl Into<String>,
        narration: impl Into<String>,
    ) {
        self.push(current.as_str(), next.as_str(), rule, narration);
        *current = next;
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
