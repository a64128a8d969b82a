//! Checks a written solution: every step's `before` and `after` must say the same thing, and
//! the final answer must solve the original problem, completely.

mod answer;
mod context;
mod limits;
mod outcome;
mod words;

use crate::solve::Step;
use context::Context;

pub use outcome::{CheckMethod, CheckStatus, CheckTarget, StepCheck, first_failure};

/// Checks each step and then the final answer against `problem` (the text the user typed).
/// The result has one entry per step, in order, followed by one for the final answer.
pub fn check_steps(problem: &str, steps: &[Step], final_answer: &str) -> Vec<StepCheck> {
    // A reading with its set-up written out is checked against its equations.
    let set_up = crate::SetUp::of(problem);
    let problem = set_up.as_ref().map_or(problem, |s| s.notation.as_str());
    let context = Context::read(problem);
    let mut checks: Vec<StepCheck> = steps
        .iter()
        .enumerate()
        .map(|(i, step)| StepCheck {
            target: CheckTarget::Step(i),
            status: match &context.words {
                Some(words) => words.step(step),
                None => context.check_step(step),
            },
        })
        .collect();
    let answer = match &context.words {
        Some(words) => {
            let statuses: Vec<CheckStatus> = checks.iter().map(|c| c.status.clone()).collect();
            words.answer(steps, &statuses, final_answer)
        }
        None => answer::check(&context, final_answer),
    };
    checks.push(StepCheck {
        target: CheckTarget::FinalAnswer,
        status: answer,
    });
    checks
}
