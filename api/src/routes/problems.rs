//! Starting problem-solution jobs: `POST /api/video/generate-solution`.
//!
//! The request is checked the way video requests are (a 422 naming the field), and a problem
//! that only a language model could solve is refused here, before any credit is reserved,
//! when no model is configured.

use axum::{extract::State, response::IntoResponse};
use lectern_core::jobs::{JobKind, PROBLEM_COST, ProblemParams};
use lectern_solver::{ProblemKind, SolveError};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldError, responses::JobNotStarted},
    extract::{AuthUser, ValidJson, required_text, required_user_id},
    limits::{self, LABEL_MAX_CHARS, LEVEL, PROBLEM_MAX_CHARS, PROBLEM_MINUTES},
    routes::submission::{Started, Submission},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(generate_solution))
}

/// SPEC.md's problem-solving request. `problem_text` and `video_duration` are the names
/// (DESIGN.md), `problem` and `duration` their accepted aliases; unknown fields are refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct GenerateSolution {
    /// The caller's own id; required.
    user_id: Option<String>,
    #[serde(alias = "problem")]
    #[schema(schema_with = limits::problem_text_schema)]
    problem_text: Option<String>,
    /// Default `math`.
    #[schema(schema_with = limits::label_schema)]
    subject: Option<String>,
    /// Default `homework`.
    #[schema(schema_with = limits::label_schema)]
    problem_type: Option<String>,
    #[serde(default, deserialize_with = "detail_level")]
    #[schema(schema_with = limits::detail_level_schema)]
    detail_level: Option<u8>,
    #[serde(alias = "duration")]
    #[schema(schema_with = limits::problem_minutes_schema)]
    video_duration: Option<u32>,
    /// Every step on screen; default true.
    show_work: Option<bool>,
    /// Default false.
    is_global: Option<bool>,
    /// Plan without rendering: the solution and the cost, nothing charged.
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
        .filter(|&n| u32::try_from(n).is_ok_and(|n| LEVEL.contains(n)))
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
        let duration = PROBLEM_MINUTES.check(
            self.video_duration,
            "video_duration",
            "Duration",
            " minutes",
            &mut errors,
        );
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
            detail_level: self.detail_level.unwrap_or(LEVEL.default as u8),
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

/// Starts a step-by-step solution video (1 credit). Without a language model, only what the
/// offline solver can solve is accepted.
#[utoipa::path(
    post,
    path = "/video/generate-solution",
    tag = "jobs",
    request_body = GenerateSolution,
    responses(
        (status = 202, description = "Queued", body = Started),
        JobNotStarted,
        (status = 422, description = "A field is missing or out of range, or the problem cannot be solved here", body = ErrorBody),
    )
)]
async fn generate_solution(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateSolution>,
) -> ApiResult<impl IntoResponse> {
    let params = body.validate(&caller)?;
    check_solvable(&state, &params.problem_text)?;
    Submission {
        kind: JobKind::Problem,
        title: params.history_title(),
        cost: PROBLEM_COST,
        dry_run: params.dry_run,
    }
    .submit(&state, &caller, &params)
    .await
}
