//! Starting problem-solution jobs: `POST /api/video/generate-solution`.
//!
//! The request is checked the way video requests are (a 422 naming the field), and a problem
//! that only a language model could solve is refused here, before any credit is reserved,
//! when no model is configured.

use axum::{Router, extract::State, response::IntoResponse, routing::post};
use lectern_core::jobs::{self, JobKind, NewJob, PROBLEM_COST, ProblemParams};
use lectern_solver::{ProblemKind, SolveError};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::{
    error::{ApiError, ApiResult, FieldError},
    extract::{AuthUser, ValidJson, required_text, required_user_id},
    routes::jobs::started,
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/video/generate-solution", post(generate_solution))
}

/// The solver reads at most this much; longer text is refused rather than cut.
const PROBLEM_MAX_CHARS: usize = 2000;
const LABEL_MAX_CHARS: usize = 60;

/// SPEC.md's problem-solving request. `problem_text` and `video_duration` are the names
/// (DESIGN.md), `problem` and `duration` their accepted aliases; unknown fields are refused.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateSolution {
    user_id: Option<String>,
    #[serde(alias = "problem")]
    problem_text: Option<String>,
    subject: Option<String>,
    problem_type: Option<String>,
    #[serde(default, deserialize_with = "detail_level")]
    detail_level: Option<u8>,
    #[serde(alias = "duration")]
    video_duration: Option<u32>,
    show_work: Option<bool>,
    is_global: Option<bool>,
    dry_run: Option<bool>,
}

/// 1, 2 or 3, as a number or a numeric string ("2"); anything else is refused.
fn detail_level<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u8>, D::Error> {
    let value = Option::<Value>::deserialize(de)?;
    let level = match &value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.trim().parse::<u64>().ok(),
        Some(_) => None,
    };
    level
        .filter(|n| (1..=3).contains(n))
        .map(|n| Some(n as u8))
        .ok_or_else(|| serde::de::Error::custom("detail_level must be 1, 2 or 3"))
}

fn label(
    value: Option<String>,
    default: &str,
    field: &str,
    errors: &mut Vec<FieldError>,
) -> String {
    let text = value.unwrap_or_default().trim().to_string();
    if text.is_empty() {
        return default.to_string();
    }
    if text.chars().count() > LABEL_MAX_CHARS {
        errors.push(FieldError::new(
            &["body", field],
            format!("{field} must be at most {LABEL_MAX_CHARS} characters"),
            "string_too_long",
        ));
    }
    text
}

impl GenerateSolution {
    fn validate(self, caller: &AuthUser) -> ApiResult<ProblemParams> {
        let mut errors = Vec::new();
        let user_id = required_user_id(self.user_id, "problem solving", &mut errors);
        let problem_text = required_text(
            self.problem_text,
            "problem_text",
            "Problem text",
            PROBLEM_MAX_CHARS,
            &mut errors,
        );
        let duration = self.video_duration.unwrap_or(3);
        if !(1..=10).contains(&duration) {
            errors.push(FieldError::new(
                &["body", "video_duration"],
                "Duration must be between 1 and 10 minutes",
                "range",
            ));
        }
        let subject = label(self.subject, "math", "subject", &mut errors);
        let problem_type = label(self.problem_type, "homework", "problem_type", &mut errors);
        if !errors.is_empty() {
            return Err(ApiError::Validation(errors));
        }
        caller.require_self(&user_id)?;
        Ok(ProblemParams {
            problem_text,
            subject,
            problem_type,
            detail_level: self.detail_level.unwrap_or(2),
            duration_minutes: duration,
            show_work: self.show_work.unwrap_or(true),
            is_global: self.is_global.unwrap_or(false),
            dry_run: self.dry_run.unwrap_or(false),
        })
    }
}

/// Without a language model, only what the offline solver handles is accepted; the reason
/// for a refusal is the solver's own ("This problem needs a language model: ...").
fn check_solvable(state: &AppState, problem: &str) -> ApiResult<()> {
    if state.config.llm.is_some() {
        return Ok(());
    }
    let refusal = match lectern_solver::classify(problem) {
        ProblemKind::NeedsLanguageModel { reason } => {
            Some(SolveError::NeedsLanguageModel { reason })
        }
        // Classification does not evaluate; a problem with no value (1/0) is caught here.
        _ => lectern_solver::solve(problem).err(),
    };
    let Some(refusal) = refusal else {
        return Ok(());
    };
    metrics::counter!("lectern_problems_refused_total").increment(1);
    let kind = match refusal {
        SolveError::NeedsLanguageModel { .. } => "needs_language_model",
        SolveError::Undefined { .. } => "no_answer",
    };
    Err(ApiError::field(
        &["body", "problem_text"],
        refusal.to_string(),
        kind,
    ))
}

async fn generate_solution(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateSolution>,
) -> ApiResult<impl IntoResponse> {
    let params = body.validate(&caller)?;
    check_solvable(&state, &params.problem_text)?;
    // A dry run plans without rendering and charges nothing.
    let cost = if params.dry_run { 0 } else { PROBLEM_COST };
    let job = jobs::submit(
        &state.db,
        &state.queue,
        NewJob {
            user_id: &caller.id,
            kind: JobKind::Problem,
            title: params.history_title(),
            params: serde_json::to_value(&params).expect("params serialise"),
            cost,
        },
    )
    .await?;
    Ok(started(job, JobKind::Problem))
}
