//! Starting video jobs, reading their status, listing and cancelling them.

use axum::{
    Json,
    extract::{Path, State},
    response::IntoResponse,
};
use lectern_contract::{Minutes, Wpm};
use lectern_core::{
    entities::job,
    jobs::{self, JobKind, VideoParams},
};
use lectern_pipeline::Storyboard;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    sources::{check_sources, chosen_sources},
    submission::{Started, Submission},
};
use crate::{
    error::{
        ApiError, ApiResult, ErrorBody, FieldError, OrNotFound,
        responses::{JobNotStarted, NoSuchJob, NotSignedIn},
    },
    extract::{AuthUser, ValidJson, named_level, required_text, required_user_id},
    limits::{self, TOPIC_MAX_CHARS, VIDEO_MINUTES, WORDS_PER_MINUTE},
    routes::ids::JobId,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate_video))
        .routes(routes!(job_status))
        .routes(routes!(cancel_job))
        .routes(routes!(list_jobs))
}

/// SPEC.md's video request. Unknown fields are refused so that a typo is not silently
/// ignored; `level` takes 1-3 or beginner / intermediate / advanced.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct GenerateVideo {
    /// The caller's own id; required.
    user_id: Option<String>,
    #[schema(schema_with = limits::topic_schema)]
    topic: Option<String>,
    #[serde(default, deserialize_with = "level")]
    #[schema(schema_with = limits::level_schema)]
    level: Option<u8>,
    #[schema(schema_with = limits::video_minutes_schema)]
    duration: Option<u32>,
    /// Default true.
    enable_subtitles: Option<bool>,
    /// `modern` (the default with subtitles) or null.
    #[schema(schema_with = subtitle_style_schema)]
    subtitle_style: Option<String>,
    #[schema(schema_with = limits::words_per_minute_schema)]
    wpm: Option<u32>,
    /// Plan without rendering: the storyboard and the cost, nothing charged.
    dry_run: Option<bool>,
    /// Render this storyboard (a preview's, perhaps edited) instead of writing one; it is
    /// checked in full first (a 422 names the scene and field), and the cost follows its
    /// length.
    storyboard: Option<Storyboard>,
    /// The caller's dry run (of a topic or a problem) that `storyboard` was previewed from:
    /// the solver's check marks stay on the scenes that are unchanged from its storyboard.
    preview_job_id: Option<String>,
    /// Up to 10 of the caller's own sources (`/api/sources`) to write the video from: each
    /// scene is written from the passages retrieved for it, and every narrated sentence is
    /// cited and checked against its passage. A source that is not the caller's is a 422
    /// naming `source_ids`, before anything is charged.
    #[schema(max_items = 10)]
    source_ids: Option<Vec<String>>,
}

fn subtitle_style_schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
    use utoipa::openapi::{ObjectBuilder, schema::Type};
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
            Type::String,
            Type::Null,
        ]))
        .enum_values(Some([Value::from("modern"), Value::Null]))
        .into()
}

fn level<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u8>, D::Error> {
    named_level(
        de,
        "level must be 1, 2 or 3 (beginner, intermediate or advanced)",
    )
}

impl GenerateVideo {
    fn validate(
        self,
        caller: &AuthUser,
    ) -> ApiResult<(VideoParams, Option<Storyboard>, Option<String>)> {
        let mut errors = Vec::new();
        let user_id = required_user_id(self.user_id, "video generation", &mut errors);
        let topic = required_text(self.topic, "topic", "Topic", TOPIC_MAX_CHARS, &mut errors);
        let duration = VIDEO_MINUTES.check(
            self.duration,
            "duration",
            "Duration",
            " minutes",
            &mut errors,
        );
        let wpm = WORDS_PER_MINUTE.check(self.wpm, "wpm", "Words per minute", "", &mut errors);
        let enable_subtitles = self.enable_subtitles.unwrap_or(true);
        let subtitle_style = match self.subtitle_style.as_deref() {
            None => enable_subtitles.then(|| "modern".to_string()),
            Some("modern") => Some("modern".to_string()),
            Some(_) => {
                errors.push(FieldError::new(
                    &["body", "subtitle_style"],
                    "subtitle_style must be \"modern\" or null",
                    "enum",
                ));
                None
            }
        };
        let source_ids = chosen_sources(self.source_ids, &mut errors);
        if !errors.is_empty() {
            return Err(ApiError::Validation(errors));
        }
        caller.require_self(&user_id)?;
        let params = VideoParams {
            topic,
            level: self.level.unwrap_or(limits::LEVEL.default as u8),
            duration_minutes: Minutes::whole(duration),
            enable_subtitles,
            subtitle_style,
            wpm: Wpm::new(wpm),
            dry_run: self.dry_run.unwrap_or(false),
            storyboard: None,
            source_ids,
        };
        Ok((params, self.storyboard, self.preview_job_id))
    }
}

/// Starts an explainer video: charged with the job's creation (1 credit, 2 from 10 minutes).
#[utoipa::path(
    post,
    path = "/video/generate",
    tag = "jobs",
    request_body = GenerateVideo,
    responses(
        (status = 202, description = "Queued", body = Started),
        JobNotStarted,
        (status = 422, description = "A field is missing or out of range, the storyboard is invalid (`loc` names the scene and field), or `source_ids` names a source that is not the caller's", body = ErrorBody),
    )
)]
async fn generate_video(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateVideo>,
) -> ApiResult<impl IntoResponse> {
    let (mut params, storyboard, preview_job_id) = body.validate(&caller)?;
    check_sources(&state, &caller, &params.source_ids).await?;
    let mut minutes = params.duration_minutes;
    if let Some(mut storyboard) = storyboard {
        if params.dry_run {
            return Err(ApiError::field(
                &["body", "storyboard"],
                "a dry run writes the storyboard; send storyboard only to render it",
                "conflict",
            ));
        }
        // Check marks come from the solver's checks, never from a request: those of the
        // previewed storyboard's unchanged scenes stay.
        let previewed = match preview_job_id {
            Some(id) => Some(previewed_storyboard(&state, &caller, &id).await?),
            None => None,
        };
        super::storyboards::keep_only_trusted_checks(&mut storyboard, previewed.as_ref());
        let storyboard = super::storyboards::check(storyboard, &["body", "storyboard"]).await?;
        // What it costs follows what it says: a storyboard of 12 minutes is a long video.
        let spoken = storyboard.wpm.minutes_for(storyboard.word_count());
        minutes = minutes.max(Minutes::whole(spoken.rounded_up()));
        params.storyboard =
            Some(serde_json::to_value(&storyboard).expect("a storyboard serialises"));
    }
    Submission {
        kind: JobKind::Video,
        title: params.topic.clone(),
        cost: jobs::video_cost(minutes),
        dry_run: params.dry_run,
    }
    .submit(&state, &caller, &params)
    .await
}

/// The storyboard of the caller's finished dry run `job_id` (422 on `preview_job_id` when
/// there is none: another user's job, or not a finished preview).
async fn previewed_storyboard(
    state: &AppState,
    caller: &AuthUser,
    job_id: &str,
) -> ApiResult<Storyboard> {
    let job = jobs::find_for_user(&state.db, &caller.id, job_id).await?;
    job.filter(|job| job.status == jobs::JobStatus::Completed)
        .and_then(|job| job.result)
        .and_then(|result| serde_json::from_str::<Value>(&result).ok())
        .filter(|result| result["dry_run"] == true)
        .and_then(|result| serde_json::from_value(result["storyboard"].clone()).ok())
        .ok_or_else(|| {
            ApiError::field(
                &["body", "preview_job_id"],
                "preview_job_id must name one of your finished storyboard previews",
                "not_found",
            )
        })
}

/// SPEC.md's job status fields, plus links to every output.
#[derive(Serialize, ToSchema)]
pub struct JobStatus {
    job_id: String,
    kind: JobKind,
    #[schema(value_type = jobs::JobStatus)]
    status: String,
    /// 0 to 100.
    progress: i32,
    current_step: String,
    title: String,
    /// A course job's course (once written), or a lesson video's course.
    #[serde(skip_serializing_if = "Option::is_none")]
    course_id: Option<String>,
    /// A lesson video's lesson, counted from zero.
    #[serde(skip_serializing_if = "Option::is_none")]
    lesson_index: Option<u64>,
    #[schema(required)]
    smart_title: Option<String>,
    /// The outputs of a finished job (not a course's), each with a media token.
    #[schema(required)]
    video_url: Option<String>,
    #[schema(required)]
    subtitle_url: Option<String>,
    #[schema(required)]
    chapters_url: Option<String>,
    #[schema(required)]
    transcript_url: Option<String>,
    #[schema(required)]
    thumbnail_url: Option<String>,
    /// The printable study sheet (PDF) of a finished video.
    #[schema(required)]
    study_sheet_url: Option<String>,
    #[schema(required)]
    error: Option<String>,
    created_at: chrono::DateTime<chrono::Utc>,
    #[schema(required)]
    completed_at: Option<chrono::DateTime<chrono::Utc>>,
    cost: i64,
    /// A finished lesson, lesson video or course: true when the offline writer wrote it (a
    /// labelled study skeleton), false when a language model did; null before it is known
    /// and for solutions.
    #[schema(required)]
    offline_draft: Option<bool>,
    /// While the job is queued or running: how long a job like it usually takes from
    /// submission to its end, in seconds (the median of recent ones). The web app says
    /// "taking longer than usual" against it.
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_seconds: Option<u64>,
    /// A finished dry run's plan: its storyboard and cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    result: Option<Value>,
    /// A solved problem's final answer and steps, each with whether it was checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = solution_schema)]
    solution: Option<Value>,
}

/// The part of a solved problem's record (written by the problem worker) that the web app
/// reads; the record holds more (its source, practice problems).
fn solution_schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
    use utoipa::openapi::{ArrayBuilder, ObjectBuilder, schema::Type};
    let text = || ObjectBuilder::new().schema_type(Type::String);
    let flag = || ObjectBuilder::new().schema_type(Type::Boolean);
    let step = ObjectBuilder::new()
        .property("before", text())
        .property("after", text())
        .property("rule", text())
        .property("narration", text())
        .property("checked", flag())
        .required("before")
        .required("after")
        .required("rule")
        .required("checked");
    ObjectBuilder::new()
        .description(Some(
            "A solved problem: the final answer and each step, with whether a computation checked it",
        ))
        .property("problem", text())
        .property("kind", text())
        .property("final_answer", text())
        .property("answer_checked", flag())
        .property("steps", ArrayBuilder::new().items(step))
        .required("problem")
        .required("kind")
        .required("final_answer")
        .required("answer_checked")
        .required("steps")
        .into()
}

impl JobStatus {
    pub fn new(state: &AppState, job: job::Model) -> Self {
        let (course_id, lesson_index) = course_fields(&job);
        let result: Option<Value> = job
            .result
            .as_deref()
            .and_then(|r| serde_json::from_str(r).ok());
        let dry_run = result.as_ref().is_some_and(|r| r["dry_run"] == true);
        let offline_draft = result.as_ref().and_then(|r| {
            r["offline_draft"]
                .as_bool()
                .or_else(|| r["render"]["offline_draft"].as_bool())
                .or_else(|| {
                    r["storyboard"]["origin"]
                        .as_str()
                        .map(|o| o == "offline_draft")
                })
        });
        let has_media =
            job.status == jobs::JobStatus::Completed && job.kind != JobKind::Course && !dry_run;
        let link = |path: String| {
            has_media.then(|| format!("{path}?t={}", state.tokens.issue_media(&job.id)))
        };
        let solution = (has_media && job.kind == JobKind::Problem)
            .then(|| result.as_ref().map(|r| r["solution"].clone()))
            .flatten()
            .filter(|s| !s.is_null());
        Self {
            solution,
            video_url: link(format!("/api/video/{}", job.id)),
            subtitle_url: link(format!("/api/media/subtitles/{}", job.id)),
            chapters_url: link(format!("/api/media/chapters/{}", job.id)),
            transcript_url: link(format!("/api/media/transcript/{}", job.id)),
            thumbnail_url: link(format!("/api/media/thumbnail/{}", job.id)),
            study_sheet_url: link(format!("/api/media/study-sheet/{}", job.id)),
            result: if dry_run { result } else { None },
            job_id: job.id,
            kind: job.kind,
            status: job.status.to_string(),
            progress: job.progress,
            current_step: job.current_step,
            title: job.title,
            smart_title: job.smart_title,
            // Kept plain at write (the workers' `user_message`); checked again here, so
            // that an older row or another writer never shows a path or a traceback.
            error: job
                .error
                .map(|error| jobs::failure::user_message(&error, true)),
            created_at: job.created_at,
            completed_at: job.completed_at,
            cost: job.credits_reserved,
            offline_draft,
            course_id,
            lesson_index,
            expected_seconds: None,
        }
    }

    /// With `expected_seconds` when the job is still queued or running.
    async fn with_expected(mut self, state: &AppState, job: &job::Model) -> ApiResult<Self> {
        if matches!(
            job.status,
            jobs::JobStatus::Queued | jobs::JobStatus::Processing
        ) {
            self.expected_seconds = Some(jobs::expected_seconds(&state.db, job).await?);
        }
        Ok(self)
    }
}

/// The course a course job wrote (in its result), or the course and lesson of a lesson video
/// (in its parameters).
fn course_fields(job: &job::Model) -> (Option<String>, Option<u64>) {
    let read = |text: Option<&str>| -> Value {
        text.and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default()
    };
    match job.kind {
        JobKind::Course => (
            read(job.result.as_deref())["course_id"]
                .as_str()
                .map(str::to_string),
            None,
        ),
        JobKind::CourseVideo => {
            let params = read(Some(&job.params));
            (
                params["course_id"].as_str().map(str::to_string),
                params["lesson_index"].as_u64(),
            )
        }
        JobKind::Video | JobKind::Problem | JobKind::Revision => (None, None),
    }
}

/// One of the caller's jobs: its state, progress and, once finished, its outputs.
#[utoipa::path(
    get,
    path = "/job/{id}/status",
    tag = "jobs",
    params(JobId),
    responses(
        (status = 200, description = "The job", body = JobStatus),
        NotSignedIn,
        NoSuchJob,
    )
)]
async fn job_status(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(JobId { id }): Path<JobId>,
) -> ApiResult<Json<JobStatus>> {
    let job = callers_job(&state, &caller, &id).await?;
    let status = JobStatus::new(&state, job.clone());
    Ok(Json(status.with_expected(&state, &job).await?))
}

/// One of the caller's jobs; another user's answers 404 like a missing one.
async fn callers_job(state: &AppState, caller: &AuthUser, id: &str) -> ApiResult<job::Model> {
    jobs::find_for_user(&state.db, &caller.id, id)
        .await?
        .or_not_found("Job")
}

#[derive(Serialize, ToSchema)]
struct JobList {
    jobs: Vec<JobStatus>,
}

/// The caller's latest 100 jobs, newest first.
#[utoipa::path(
    get,
    path = "/jobs",
    tag = "jobs",
    responses(
        (status = 200, description = "The jobs", body = JobList),
        NotSignedIn,
    )
)]
async fn list_jobs(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Json<JobList>> {
    let rows = jobs::list_for_user(&state.db, &caller.id, 100).await?;
    Ok(Json(JobList {
        jobs: rows
            .into_iter()
            .map(|j| JobStatus::new(&state, j))
            .collect(),
    }))
}

/// Cancels a queued or running job; its credits are refunded.
#[utoipa::path(
    post,
    path = "/job/{id}/cancel",
    tag = "jobs",
    params(JobId),
    responses(
        (status = 200, description = "Cancelled: the job as it is now", body = JobStatus),
        NotSignedIn,
        NoSuchJob,
        (status = 409, description = "The job is already finished", body = ErrorBody),
    )
)]
async fn cancel_job(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(JobId { id }): Path<JobId>,
) -> ApiResult<Json<JobStatus>> {
    let job = callers_job(&state, &caller, &id).await?;
    if !jobs::cancel(&state.db, &job).await? {
        // Read again: the state read above may be the one a racing cancel (or the worker)
        // has just changed; the answer names the state the job is in now.
        let now = jobs::find(&state.db, &id).await?.or_not_found("Job")?;
        return Err(ApiError::Conflict(format!(
            "This job is already {} and cannot be cancelled",
            now.status
        )));
    }
    metrics::counter!("lectern_jobs_cancelled_total", "kind" => job.kind.as_str()).increment(1);
    let job = jobs::find(&state.db, &id).await?.or_not_found("Job")?;
    Ok(Json(JobStatus::new(&state, job)))
}
