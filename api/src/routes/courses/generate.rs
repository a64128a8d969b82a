//! `POST /api/generate-course`: SPEC.md's course form (goal, backgroundKnowledge,
//! detailLevel) plus user_id becomes a course job, charged 3 credits with its creation.

use axum::{extract::State, response::IntoResponse};
use lectern_core::{
    courses,
    jobs::{COURSE_COST, CourseParams},
};
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldError, responses::JobNotStarted},
    extract::{AuthUser, ValidJson, named_level, required_user_id, showable},
    limits::{self, BACKGROUND_MAX_CHARS, GOAL_MAX_CHARS, GOAL_MIN_CHARS},
    routes::{
        sources::{check_sources, chosen_sources},
        submission::{Started, submitted},
    },
    state::AppState,
};

/// The course form as the web app sends it (camelCase, SPEC.md 3), with snake_case aliases;
/// unknown fields are refused so that a typo is not silently ignored.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct GenerateCourse {
    /// The caller's own id; required.
    user_id: Option<String>,
    #[schema(schema_with = limits::goal_schema)]
    goal: Option<String>,
    #[serde(rename = "backgroundKnowledge", alias = "background_knowledge")]
    #[schema(schema_with = limits::background_schema)]
    background_knowledge: Option<String>,
    #[serde(
        rename = "detailLevel",
        alias = "detail_level",
        default,
        deserialize_with = "detail_level"
    )]
    #[schema(schema_with = limits::level_schema)]
    detail_level: Option<u8>,
    /// Plan without writing: the outline and the cost, nothing charged.
    dry_run: Option<bool>,
    /// Up to 10 of the caller's own sources (`/api/sources`) to make the course from: it
    /// follows their structure, a lesson per section (3 to 12), and each lesson's video is
    /// written from its own section, every narrated sentence cited and checked. A source that
    /// is not the caller's, or documents too short for 3 lessons, is a 422 naming
    /// `source_ids`, before anything is charged.
    #[schema(max_items = 10)]
    source_ids: Option<Vec<String>>,
}

/// 1, 2 or 3 (a number or a numeric string), or beginner / intermediate / advanced.
fn detail_level<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u8>, D::Error> {
    named_level(
        de,
        "detailLevel must be 1, 2 or 3 (beginner, intermediate or advanced)",
    )
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
        let source_ids = chosen_sources(self.source_ids, &mut errors);
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
            detail_level: self.detail_level.unwrap_or(limits::LEVEL.default as u8),
            dry_run: self.dry_run.unwrap_or(false),
            source_ids,
        })
    }
}

/// Starts a course: a goal becomes an outline of lessons (3 credits; the lessons' videos are
/// then free for the course's owner).
#[utoipa::path(
    post,
    path = "/generate-course",
    tag = "courses",
    request_body = GenerateCourse,
    responses(
        (status = 202, description = "Queued", body = Started),
        JobNotStarted,
        (status = 422, description = "The goal is missing, too short or too long, or `source_ids` names a source that is not the caller's or documents too short for a course", body = ErrorBody),
    )
)]
pub(super) async fn generate_course(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateCourse>,
) -> ApiResult<impl IntoResponse> {
    let params = body.validate(&caller)?;
    let documents = check_sources(&state, &caller, &params.source_ids).await?;
    let passages: i64 = documents.iter().map(|d| i64::from(d.passages)).sum();
    if !documents.is_empty() && passages < courses::MIN_LESSONS as i64 {
        return Err(ApiError::field(
            &["body", "source_ids"],
            format!(
                "These documents hold {passages} passage{s} of text, and a course needs at least \
                 {min} lessons (one passage each): add a longer document, or make a video from them",
                s = if passages == 1 { "" } else { "s" },
                min = courses::MIN_LESSONS,
            ),
            "too_short",
        ));
    }
    // SPEC.md 5: a course's queue title is its goal.
    let title: String = params.goal.chars().take(200).collect();
    let _admitted = state
        .admission
        .admit(
            &state,
            &caller.id,
            crate::admission::Work {
                jobs: 1,
                free: params.dry_run,
            },
        )
        .await?;
    let started = courses::start_course(&state.db, &caller.id, &params, title, None).await?;
    debug_assert!(params.dry_run || started.job.credits_reserved == COURSE_COST);
    submitted(&state, started.job).await
}
