//! Lesson videos of a course: one (`POST /api/generate-lesson-video`) or several at once
//! (`POST /api/generate-all-lesson-videos`). Free for the course's owner; a lesson whose video
//! is on the way or done keeps its job; any invalid index starts nothing.

use axum::{Json, extract::State, http::StatusCode, response::IntoResponse};
use lectern_core::{
    courses::{self, IndexProblem, LessonStart, StartError},
    jobs::LESSON_VIDEO_COST,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{
        ApiError, ApiResult, ErrorBody, FieldError, OrNotFound,
        responses::{NoSuchCourse, NotSignedIn, QueueUnavailable, WorkRefused},
    },
    extract::{AuthUser, ValidJson, required_user_id},
    routes::submission::enqueue,
    state::AppState,
};

/// SPEC.md's lesson video request; unknown fields are refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct GenerateLesson {
    /// Required.
    course_id: Option<String>,
    /// Required; lessons are counted from 0.
    #[schema(minimum = 0)]
    lesson_index: Option<i64>,
    /// The caller's own id; required.
    user_id: Option<String>,
    /// Plan without rendering.
    dry_run: Option<bool>,
}

/// SPEC.md's batch lesson request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct GenerateAll {
    /// Required.
    course_id: Option<String>,
    /// The caller's own id; required.
    user_id: Option<String>,
    /// Required: the lessons to generate, counted from 0.
    lesson_indices: Option<Vec<i64>>,
}

fn require_common(
    course_id: Option<String>,
    user_id: Option<String>,
    errors: &mut Vec<FieldError>,
) -> (String, String) {
    let course_id = course_id.unwrap_or_default().trim().to_string();
    if course_id.is_empty() {
        errors.push(FieldError::new(
            &["body", "course_id"],
            "course_id is required",
            "missing",
        ));
    }
    (
        course_id,
        required_user_id(user_id, "lesson generation", errors),
    )
}

fn start_error(err: StartError, field: &str, list: bool) -> ApiError {
    match err {
        StartError::NotFound => ApiError::not_found("Course"),
        StartError::InvalidIndices(problems) => ApiError::Validation(
            problems
                .into_iter()
                .map(|IndexProblem { position, message }| {
                    let position = position.map(|p| p.to_string());
                    let mut loc = vec!["body", field];
                    if list && let Some(p) = position.as_deref() {
                        loc.push(p);
                    }
                    FieldError::new(&loc, message, "value_error")
                })
                .collect(),
        ),
        StartError::Ledger(ledger) => ledger.into(),
    }
}

/// Queues the jobs that were just created; every one is tried, and the first failure (the
/// queue is down; that job has failed) is reported.
async fn enqueue_created(state: &AppState, started: &[LessonStart]) -> ApiResult<()> {
    let mut first_error = None;
    for start in started.iter().filter(|s| s.created) {
        let job = lectern_core::jobs::find(&state.db, &start.job_id)
            .await?
            .or_not_found("Job")?;
        if let Err(err) = enqueue(state, &job).await {
            first_error.get_or_insert(err);
        }
    }
    first_error.map_or(Ok(()), Err)
}

/// A lesson request: one lesson's video, or several at once.
enum LessonRequest {
    One(GenerateLesson),
    All(GenerateAll),
}

/// Checks a lesson request, starts its lessons of the caller's course (every one, or none when
/// an index is invalid) and queues the jobs it created: 202 when it created one, else 200.
async fn start_lessons(
    state: &AppState,
    caller: &AuthUser,
    request: LessonRequest,
) -> ApiResult<(StatusCode, Vec<LessonStart>)> {
    let list = matches!(request, LessonRequest::All(_));
    let (field, missing) = if list {
        (
            "lesson_indices",
            "lesson_indices is required: the lessons to generate, counted from 0",
        )
    } else {
        (
            "lesson_index",
            "lesson_index is required (lessons are counted from 0)",
        )
    };
    let (course_id, user_id, indices, dry_run) = match request {
        LessonRequest::One(body) => (
            body.course_id,
            body.user_id,
            body.lesson_index.map(|index| vec![index]),
            body.dry_run.unwrap_or(false),
        ),
        LessonRequest::All(body) => (body.course_id, body.user_id, body.lesson_indices, false),
    };
    let mut errors = Vec::new();
    let (course_id, user_id) = require_common(course_id, user_id, &mut errors);
    if indices.is_none() {
        errors.push(FieldError::new(&["body", field], missing, "missing"));
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    caller.require_self(&user_id)?;
    let indices = indices.unwrap_or_default();
    let _admitted = state
        .admission
        .admit(
            state,
            &caller.id,
            crate::admission::Work {
                jobs: indices.len() as u64,
                free: dry_run,
            },
        )
        .await?;
    let started = courses::start_lessons(&state.db, &caller.id, &course_id, &indices, dry_run)
        .await
        .map_err(|e| start_error(e, field, list))?;
    enqueue_created(state, &started).await?;
    Ok((status_code(&started), started))
}

fn status_code(started: &[LessonStart]) -> StatusCode {
    if started.iter().any(|s| s.created) {
        StatusCode::ACCEPTED
    } else {
        StatusCode::OK
    }
}

#[derive(Serialize, ToSchema)]
pub(super) struct LessonStarted {
    job_id: String,
    lesson_index: u32,
    title: String,
    #[schema(value_type = lectern_core::jobs::JobStatus)]
    status: String,
    /// `false` when the lesson already had this job (queued, processing or done).
    started: bool,
    cost: i64,
}

impl From<LessonStart> for LessonStarted {
    fn from(start: LessonStart) -> Self {
        Self {
            job_id: start.job_id,
            lesson_index: start.lesson_index,
            title: start.title,
            status: start.status,
            started: start.created,
            cost: LESSON_VIDEO_COST,
        }
    }
}

/// Starts the video of one lesson of the caller's course (free); a lesson whose video is on
/// the way or done keeps its job (200, `started: false`).
#[utoipa::path(
    post,
    path = "/generate-lesson-video",
    tag = "courses",
    request_body = GenerateLesson,
    responses(
        (status = 202, description = "Queued", body = LessonStarted),
        (status = 200, description = "The lesson already has this job", body = LessonStarted),
        NotSignedIn,
        NoSuchCourse,
        (status = 422, description = "A field is missing, or the lesson does not exist", body = ErrorBody),
        QueueUnavailable,
        WorkRefused,
    )
)]
pub(super) async fn generate_lesson_video(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateLesson>,
) -> ApiResult<impl IntoResponse> {
    let (code, started) = start_lessons(&state, &caller, LessonRequest::One(body)).await?;
    let start = started
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no lesson was started")))?;
    Ok((code, Json(LessonStarted::from(start))))
}

#[derive(Serialize, ToSchema)]
pub(super) struct BatchStarted {
    /// One per index, in the order given.
    job_ids: Vec<String>,
    lessons: Vec<LessonStarted>,
    /// How many new jobs were created.
    started: usize,
    cost: i64,
}

/// Starts the videos of several lessons at once (free); any invalid index starts nothing.
#[utoipa::path(
    post,
    path = "/generate-all-lesson-videos",
    tag = "courses",
    request_body = GenerateAll,
    responses(
        (status = 202, description = "At least one job was created", body = BatchStarted),
        (status = 200, description = "Every lesson already had its job", body = BatchStarted),
        NotSignedIn,
        NoSuchCourse,
        (status = 422, description = "A field is missing, or an index names no lesson", body = ErrorBody),
        QueueUnavailable,
        WorkRefused,
    )
)]
pub(super) async fn generate_all_lesson_videos(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateAll>,
) -> ApiResult<impl IntoResponse> {
    let (code, started) = start_lessons(&state, &caller, LessonRequest::All(body)).await?;
    Ok((
        code,
        Json(BatchStarted {
            job_ids: started.iter().map(|s| s.job_id.clone()).collect(),
            started: started.iter().filter(|s| s.created).count(),
            lessons: started.into_iter().map(LessonStarted::from).collect(),
            cost: LESSON_VIDEO_COST,
        }),
    ))
}
