//! Problem solutions: checked steps (the offline solver, or a language model whose steps the
//! checker verifies) and the storyboard that shows them, marking only the checked steps. The
//! problem job in the workers runs these and stores what they make.

mod extras;
mod model;
mod notation;
pub mod reader;
pub mod storyboard;

use lectern_solver::{CheckStatus, ProblemKind, Step, check_steps};
use serde::Serialize;

use crate::script::{OpenAiWriter, OpenAiWriterConfig};

pub use model::{ModelError, solve as solve_with_model};

/// What the user asked to have solved, the brief of a problem job's parameters: both are
/// the job contract's, written once for the API that stores them and the workers that read
/// them.
pub use lectern_contract::{SolutionBrief, is_math};

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
    /// How the student's words were read, in the solver's notation (`$60 - 25% of $60`);
    /// `None` for a problem typed in the notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
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
    /// Words that neither the rule reader nor the model could read (the reason says what was
    /// not understood and how to write it).
    #[error("{0}")]
    Unread(String),
    #[error(transparent)]
    Model(ModelError),
}

/// Checked steps for the problem: from a remote model when one is configured, else from the
/// offline solver, and from the local model what the offline solver cannot do. Words the
/// rule reader cannot read are first translated by the model into the notation (unless the
/// job carries the reading the student confirmed); a reading is solved by the solver when
/// it can.
pub async fn solve(
    model: Option<&OpenAiWriterConfig>,
    brief: &SolutionBrief,
) -> Result<CheckedSolution, SolveFailure> {
    let words = brief.problem_text.trim();
    let reading = match (&brief.reading, model) {
        (Some(reading), _) => Some(reading.trim().to_string()),
        (None, Some(config)) if brief.is_math() && reader::wants_model(words) => {
            read_words(config, brief).await?
        }
        (None, _) => None,
    };
    let problem = reading.as_deref().unwrap_or(words);
    let Some(config) = model else {
        return offline(problem)
            .map(|solution| narrated(solution, reading.as_deref()))
            .map_err(SolveFailure::Unsolvable);
    };
    // A small local model is no match for the exact solver: it gets only what the solver
    // cannot do. A remote model writes every solution (the checker still checks it), except
    // a reading, which the solver solves when it can.
    if (config.local.is_some() || reading.is_some())
        && let Ok(solution) = offline(problem)
    {
        return Ok(narrated(solution, reading.as_deref()));
    }
    let brief = SolutionBrief {
        problem_text: problem.to_string(),
        ..brief.clone()
    };
    solve_with_model(config, &brief)
        .await
        .map(|solution| CheckedSolution {
            reading,
            ..solution
        })
        .map_err(SolveFailure::Model)
}

/// The model's reading of words the job did not carry a reading for (a job submitted where
/// the API could not ask the model).
async fn read_words(
    config: &OpenAiWriterConfig,
    brief: &SolutionBrief,
) -> Result<Option<String>, SolveFailure> {
    let writer = OpenAiWriter::new(reader_config(config))
        .map_err(|e| SolveFailure::Model(ModelError::Endpoint(e)))?;
    match reader::read(&writer, &brief.problem_text).await {
        Ok(reader::ProblemRead::Read { reading, .. }) => {
            Ok(Some(reading.reading).filter(|r| !r.is_empty()))
        }
        Ok(reader::ProblemRead::Refused { detail, .. }) => Err(SolveFailure::Unread(detail)),
        Err(error) => Err(SolveFailure::Model(ModelError::Endpoint(error))),
    }
}

/// How far a re-asked reading is sampled from the likeliest one: enough that the reason can
/// move a small model off the reading it wrote first.
pub const REASK_TEMPERATURE: f32 = 0.7;

/// The writer's settings for reading a problem: a short answer, the likeliest one first and a
/// sampled one when it is asked again ([`REASK_TEMPERATURE`]).
pub fn reader_config(config: &OpenAiWriterConfig) -> OpenAiWriterConfig {
    let mut reading = config.clone();
    reading.temperature = REASK_TEMPERATURE;
    reading.stream = false;
    reading.scene_by_scene = false;
    // The set-up at its schema's longest (six quotes, three unknowns, the notation).
    reading.max_tokens = Some(400);
    reading.parallel = 1;
    reading
}

/// "We write this as ...": a model's reading is said before the first step, as the rule
/// reader's is, and kept with the solution.
fn narrated(mut solution: CheckedSolution, reading: Option<&str>) -> CheckedSolution {
    let Some(reading) = reading else {
        return solution;
    };
    // A set-up written out is said in words first: "Let b be Ben's age, in years. We write
    // this as b + (b + 6) = 40."
    let said = match lectern_solver::SetUp::of(reading) {
        Some(set_up) => format!(
            "{} We write this as {}.",
            set_up.said().unwrap_or_default(),
            set_up.notation
        ),
        None => format!("We write this as {reading}."),
    };
    if let Some(first) = solution.steps.first_mut()
        && !first.step.narration.starts_with("We write this as")
    {
        first.step.narration = format!("{} {}", said.trim(), first.step.narration)
            .trim()
            .to_string();
    }
    solution.reading = Some(reading.to_string());
    solution
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
    // The answer of a set-up written out carries its unknown's unit (`b = 17 years`).
    let final_answer = match lectern_solver::SetUp::of(problem) {
        Some(set_up) => set_up.with_units(&solution.final_answer),
        None => solution.final_answer,
    };
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
        reading: solution.reading,
        kind: solution.kind,
        steps,
        final_answer,
        answer_checked,
        introduction: None,
        summary: None,
        source: Source::OfflineSolver,
    })
}
