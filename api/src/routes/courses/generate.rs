//! `POST /api/generate-course`: SPEC.md's course form (goal, backgroundKnowledge,
//! detailLevel) plus user_id becomes a course job, charged 3 credits with its creation.

use axum::{extract::State, response::IntoResponse};
use lectern_core::{
    courses,
    jobs::{COURSE_COST, CourseParams, JobKind},
};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::{
    error::{ApiError, ApiResult, FieldError},
    extract::{AuthUser, ValidJson, named_level, required_user_id, showable},
    routes::jobs::submitted,
    state::AppState,
};

const GOAL_MIN_CHARS: usize = 3;
const GOAL_MAX_CHARS: usize = 500;
const BACKGROUND_MAX_CHARS: usize = 1000;

/// The course form as the web app sends it (camelCase, SPEC.md 3), with snake_case aliases;
/// unknown fields are refused so that a typo is not silently ignored.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GenerateCourse {
    user_id: Option<String>,
    goal: Option<String>,
    #[serde(rename = "backgroundKnowledge", alias = "background_knowledge")]
    background_knowledge: Option<String>,
    #[serde(
        rename = "detailLevel",
        alias = "detail_level",
        default,
        deserialize_with = "detail_level"
    )]
    detail_level: Option<u8>,
    dry_run: Option<bool>,
}

/// 1, 2 or 3 (a number or a numeric string), or beginner / intermediate / advanced.
fn detail_level<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u8>, D::Error> {
    let value = Option::<Value>::deserialize(de)?;
    let level = match &value {
        None | Some(Value::Null) => return Ok(None),
        Some(value) => named_level(value),
    };
    level.map(Some).ok_or_else(|| {
        serde::de::Error::custom(
            "detailLevel must be 1, 2 or 3 (beginner, intermediate or advanced)",
        )
    })
}

impl GenerateCourse {
    fn validate(self, caller: &AuthUser) -> ApiResult<CourseParams> {
        let mut errors = Vec::new();
        let user_id = required_user_id(self.user_id, "course generation", &mut errors);
        let goal = self.goal.unwrap_or_default().trim().to_string();
        let goal_chars = goal.chars().count();
        if goal.is_empty() {
            errors.push(FieldError::new(
                &["body", "goal"],
                "A learning goal is required",
                "missing",
            ));
        } else if goal_chars < GOAL_MIN_CHARS {
            errors.push(FieldError::new(
                &["body", "goal"],
                format!("The learning goal must be at least {GOAL_MIN_CHARS} characters"),
                "string_too_short",
            ));
        } else if goal_chars > GOAL_MAX_CHARS {
            errors.push(FieldError::new(
                &["body", "goal"],
                format!("The learning goal must be at most {GOAL_MAX_CHARS} characters"),
                "string_too_long",
            ));
        }
        let background = self
            .background_knowledge
            .unwrap_or_default()
            .trim()
            .to_string();
        showable(&goal, "goal", "The learning goal", &mut errors);
        showable(
            &background,
            "backgroundKnowledge",
            "Background knowledge",
            &mut errors,
        );
        if background.chars().count() > BACKGROUND_MAX_CHARS {
            errors.push(FieldError::new(
                &["body", "backgroundKnowledge"],
                format!("Background knowledge must be at most {BACKGROUND_MAX_CHARS} characters"),
                "string_too_long",
            ));
        }
        if !errors.is_empty() {
            return Err(ApiError::Validation(errors));
        }
        caller.require_self(&user_id)?;
        Ok(CourseParams {
            goal,
            background_knowledge: background,
            detail_level: self.detail_level.unwrap_or(2),
            dry_run: self.dry_run.unwrap_or(false),
        })
    }
}

pub(super) async fn generate_course(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateCourse>,
) -> ApiResult<impl IntoResponse> {
    let params = body.validate(&caller)?;
    // SPEC.md 5: a course's queue title is its goal.
    let title: String = params.goal.chars().take(200).collect();
    let started = courses::start_course(&state.db, &caller.id, &params, title, None).await?;
    debug_assert!(params.dry_run || started.job.credits_reserved == COURSE_COST);
    submitted(&state, started.job, JobKind::Course).await
}
