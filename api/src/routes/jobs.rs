//! Starting video jobs, reading their status, listing and cancelling them.

use axum::{
    Json, Router,
    extract::{Path, State},
    http::StatusCode,
    response::IntoResponse,
    routing::{get, post},
};
use lectern_core::{
    entities::job,
    jobs::{self, JobKind, NewJob, VideoParams, status},
};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::{
    error::{ApiError, ApiResult, FieldError},
    extract::{AuthUser, ValidJson},
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/video/generate", post(generate_video))
        .route("/job/{id}/status", get(job_status))
        .route("/job/{id}/cancel", post(cancel_job))
        .route("/jobs", get(list_jobs))
}

const TOPIC_MAX_CHARS: usize = 500;

/// SPEC.md's video request. Unknown fields are refused so that a typo is not silently
/// ignored; `level` takes 1-3 or beginner / intermediate / advanced.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateVideo {
    user_id: Option<String>,
    topic: Option<String>,
    #[serde(default, deserialize_with = "level")]
    level: Option<u8>,
    duration: Option<u32>,
    enable_subtitles: Option<bool>,
    subtitle_style: Option<String>,
    wpm: Option<u32>,
    dry_run: Option<bool>,
}

fn level<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u8>, D::Error> {
    let value = Option::<Value>::deserialize(de)?;
    let level = match &value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => n.as_u64().filter(|n| (1..=3).contains(n)).map(|n| n as u8),
        Some(Value::String(s)) => match s.trim().to_lowercase().as_str() {
            "1" | "beginner" => Some(1),
            "2" | "intermediate" => Some(2),
            "3" | "advanced" => Some(3),
            _ => None,
        },
        Some(_) => None,
    };
    level.map(Some).ok_or_else(|| {
        serde::de::Error::custom("level must be 1, 2 or 3 (beginner, intermediate or advanced)")
    })
}

impl GenerateVideo {
    fn validate(self, caller: &AuthUser) -> ApiResult<VideoParams> {
        let mut errors = Vec::new();
        let user_id = self.user_id.unwrap_or_default();
        if user_id.trim().is_empty() {
            errors.push(FieldError::new(
                &["body", "user_id"],
                "User ID is required for video generation",
                "missing",
            ));
        }
        let topic = self.topic.unwrap_or_default().trim().to_string();
        if topic.is_empty() {
            errors.push(FieldError::new(
                &["body", "topic"],
                "Topic is required",
                "missing",
            ));
        } else if topic.chars().count() > TOPIC_MAX_CHARS {
            errors.push(FieldError::new(
                &["body", "topic"],
                format!("Topic must be at most {TOPIC_MAX_CHARS} characters"),
                "string_too_long",
            ));
        }
        let duration = self.duration.unwrap_or(5);
        if !(1..=15).contains(&duration) {
            errors.push(FieldError::new(
                &["body", "duration"],
                "Duration must be between 1 and 15 minutes",
                "range",
            ));
        }
        let wpm = self.wpm.unwrap_or(150);
        if !(80..=250).contains(&wpm) {
            errors.push(FieldError::new(
                &["body", "wpm"],
                "Words per minute must be between 80 and 250",
                "range",
            ));
        }
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
        if !errors.is_empty() {
            return Err(ApiError::Validation(errors));
        }
        caller.require_self(&user_id)?;
        Ok(VideoParams {
            topic,
            level: self.level.unwrap_or(2),
            duration_minutes: duration,
            enable_subtitles,
            subtitle_style,
            wpm,
            dry_run: self.dry_run.unwrap_or(false),
        })
    }
}

#[derive(Serialize)]
struct Started {
    job_id: String,
    status: &'static str,
    cost: i64,
    title: String,
}

async fn generate_video(
    State(state): State<AppState>,
    caller: AuthUser,
    ValidJson(body): ValidJson<GenerateVideo>,
) -> ApiResult<impl IntoResponse> {
    let params = body.validate(&caller)?;
    // A dry run plans without rendering and charges nothing.
    let cost = if params.dry_run {
        0
    } else {
        jobs::video_cost(params.duration_minutes)
    };
    let job = jobs::create(
        &state.db,
        NewJob {
            user_id: &caller.id,
            kind: JobKind::Video,
            title: params.topic.clone(),
            params: serde_json::to_value(&params).expect("params serialise"),
            cost,
        },
    )
    .await?;
    enqueue(&state, &job).await?;
    metrics::counter!("lectern_jobs_submitted_total", "kind" => "video").increment(1);
    if cost > 0 {
        metrics::counter!("lectern_credits_reserved_total").increment(cost as u64);
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(Started {
            job_id: job.id,
            status: status::QUEUED,
            cost,
            title: job.title,
        }),
    ))
}

/// Puts a created job on the queue; if the queue refuses, the job fails and is refunded
/// rather than waiting forever.
pub async fn enqueue(state: &AppState, job: &job::Model) -> ApiResult<()> {
    if let Err(err) = state.queue.push(&job.id).await {
        tracing::error!(job = %job.id, error = %err, "could not enqueue");
        jobs::fail(&state.db, &job.id, "The job queue is unavailable").await?;
        return Err(ApiError::Upstream(
            "The job queue is unavailable; your credits were not charged. Please try again.".into(),
        ));
    }
    Ok(())
}

/// SPEC.md's job status fields, plus links to every output.
#[derive(Serialize)]
pub struct JobStatus {
    job_id: String,
    kind: String,
    status: String,
    progress: i32,
    current_step: String,
    title: String,
    smart_title: Option<String>,
    video_url: Option<String>,
    subtitle_url: Option<String>,
    chapters_url: Option<String>,
    transcript_url: Option<String>,
    thumbnail_url: Option<String>,
    error: Option<String>,
    created_at: chrono::DateTime<chrono::Utc>,
    completed_at: Option<chrono::DateTime<chrono::Utc>>,
    cost: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<Value>,
}

impl JobStatus {
    pub fn new(state: &AppState, job: job::Model) -> Self {
        let result: Option<Value> = job
            .result
            .as_deref()
            .and_then(|r| serde_json::from_str(r).ok());
        let dry_run = result.as_ref().is_some_and(|r| r["dry_run"] == true);
        let has_media = job.status == status::COMPLETED && job.kind != "course" && !dry_run;
        let link = |path: String| {
            has_media.then(|| format!("{path}?t={}", state.tokens.issue_media(&job.id)))
        };
        Self {
            video_url: link(format!("/api/video/{}", job.id)),
            subtitle_url: link(format!("/api/media/subtitles/{}", job.id)),
            chapters_url: link(format!("/api/media/chapters/{}", job.id)),
            transcript_url: link(format!("/api/media/transcript/{}", job.id)),
            thumbnail_url: link(format!("/api/media/thumbnail/{}", job.id)),
            result: if dry_run { result } else { None },
            job_id: job.id,
            kind: job.kind,
            status: job.status,
            progress: job.progress,
            current_step: job.current_step,
            title: job.title,
            smart_title: job.smart_title,
            error: job.error,
            created_at: job.created_at,
            completed_at: job.completed_at,
            cost: job.credits_reserved,
        }
    }
}

async fn job_status(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<JobStatus>> {
    let job = jobs::find_for_user(&state.db, &caller.id, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("Job"))?;
    Ok(Json(JobStatus::new(&state, job)))
}

#[derive(Serialize)]
struct JobList {
    jobs: Vec<JobStatus>,
}

async fn list_jobs(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Json<JobList>> {
    let rows = jobs::list_for_user(&state.db, &caller.id, 100).await?;
    Ok(Json(JobList {
        jobs: rows
            .into_iter()
            .map(|j| JobStatus::new(&state, j))
            .collect(),
    }))
}

async fn cancel_job(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<JobStatus>> {
    let job = jobs::find_for_user(&state.db, &caller.id, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("Job"))?;
    if !jobs::cancel(&state.db, &job).await? {
        return Err(ApiError::Conflict(format!(
            "This job is already {} and cannot be cancelled",
            job.status
        )));
    }
    metrics::counter!("lectern_jobs_cancelled_total", "kind" => job.kind.clone()).increment(1);
    let job = jobs::find(&state.db, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("Job"))?;
    Ok(Json(JobStatus::new(&state, job)))
}
