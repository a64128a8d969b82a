//! Problem solutions: checked steps (the offline solver, or a language model whose steps the
//! checker verifies) and the storyboard that shows them, marking only the checked steps. The
//! problem job in the workers runs these and stores what they make.

mod extras;
mod model;
mod notation;
pub mod storyboard;

use lectern_solver::{CheckStatus, ProblemKind, Step, check_steps};
use serde::{Deserialize, Serialize};

use crate::script::OpenAiWriterConfig;

pub use model::{ModelError, solve as solve_with_model};

/// What the user asked to have solved, as the solution's writers need it: read from a
/// problem job's parameters (`lectern_core::jobs::ProblemParams`, which hold more).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct SolutionBrief {
    pub problem_text: String,
    pub subject: String,
    pub problem_type: String,
    /// 1 to 3.
    pub detail_level: u8,
    pub duration_minutes: u32,
    pub show_work: bool,
}

/// One step and whether a computation verified it.
#[derive(Debug, Clone, Serialize)]
pub struct CheckedStep {
    #[serde(flatten)]
    pub step: Step,
    pub checked: bool,
}

/// Who wrote the steps.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Source {
    OfflineSolver,
    LanguageModel { engine: String, repaired: bool },
}

/// A solution whose steps have been through the checker.
#[derive(Debug, Clone, Serialize)]
pub struct CheckedSolution {
    pub problem: String,
    pub kind: ProblemKind,
    pub steps: Vec<CheckedStep>,
    pub final_answer: String,
    pub answer_checked: bool,
    pub introduction: Option<String>,
    pub summary: Option<String>,
    pub source: Source,
}

/// Why a problem got no checked solution.
#[derive(Debug, thiserror::Error)]
pub enum SolveFailure {
    /// The offline solver cannot solve it, and no language model is configured.
    #[error("{0}")]
    Unsolvable(lectern_solver::SolveError),
    #[error(transparent)]
    Model(ModelError),
}

/// Checked steps for the problem: from a remote model when one is configured, else from the
/// offline solver, and from the local model what the offline solver cannot do.
pub async fn solve(
    model: Option<&OpenAiWriterConfig>,
    brief: &SolutionBrief,
) -> Result<CheckedSolution, SolveFailure> {
    let problem = brief.problem_text.trim();
    let Some(config) = model else {
        return offline(problem).map_err(SolveFailure::Unsolvable);
    };
    // A small local model is no match for the exact solver: it gets only what the solver
    // cannot do. A remote model writes every solution (the checker still checks it).
    if config.local.is_some()
        && let Ok(solution) = offline(problem)
    {
        return Ok(solution);
    }
    solve_with_model(config, brief)
        .await
        .map_err(SolveFailure::Model)
}

/// The offline solver's solution, every step through the checker.
pub fn offline(problem: &str) -> Result<CheckedSolution, lectern_solver::SolveError> {
    let solution = lectern_solver::solve(problem)?;
    // The solver's steps go through the same checker as a model's: the marks in the video
    // come from the checks, never from who wrote the steps.
    let checks = check_steps(problem, &solution.steps, &solution.final_answer);
    if let Some(failure) = checks.iter().find(|c| c.is_failed()) {
        tracing::error!(
            ?failure,
            problem,
            "an offline solution failed its own check"
        );
    }
    let answer_checked = checks.last().is_some_and(|c| c.is_checked());
    let steps = solution
        .steps
        .into_iter()
        .zip(&checks)
        .map(|(step, check)| CheckedStep {
            checked: matches!(check.status, CheckStatus::Checked { .. }),
            step,
        })
        .collect();
    Ok(CheckedSolution {
        problem: problem.to_string(),
        kind: solution.kind,
        steps,
        final_answer: solution.final_answer,
        answer_checked,
        introduction: None,
        summary: None,
        source: Source::OfflineSolver,
    })
}
