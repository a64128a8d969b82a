//! A learner's progress in their videos (issue 17): `POST /api/video/{id}/progress` (what
//! the player reports: where it is, the furthest point watched, the checkpoints answered)
//! and `GET /api/video/{id}/progress`. A report is idempotent: the one recorded last by the
//! client's clock wins, and the furthest point only grows (`core::library::progress`).

use axum::{
    Json,
    extract::{Path, State},
};
use chrono::{DateTime, Utc};
use lectern_core::{
    entities::video,
    jobs,
    library::{
        self,
        progress::{self, CheckpointAnswer, Report},
    },
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{
        ApiError, ApiResult, ErrorBody, FieldError, OrNotFound,
        responses::{NoSuchVideo, NotSignedIn},
    },
    extract::{AuthUser, ValidJson},
    routes::ids::VideoOrJobId,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(video_progress, report_progress))
}

/// How many checkpoint answers one report may carry (a video has 2 to 4 questions).
const MAX_CHECKPOINTS: usize = 20;

/// What the player reports.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ProgressReport {
    /// Where playback is, in seconds.
    position_seconds: f64,
    /// The furthest point watched, in seconds (at least `position_seconds` is taken).
    furthest_seconds: Option<f64>,
    /// Every checkpoint question answered or skipped so far.
    checkpoints: Option<Vec<CheckpointBody>>,
    /// When the player recorded this (RFC 3339): a report recorded before the stored one
    /// changes nothing but the furthest point.
    recorded_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct CheckpointBody {
    /// The question's place among the video's checkpoints, from 0.
    question: u32,
    /// Answered right or wrong; null when skipped.
    #[schema(required)]
    correct: Option<bool>,
}

/// A learner's progress in one video.
#[derive(Debug, Serialize, ToSchema)]
pub struct VideoProgress {
    video_id: String,
    position_seconds: f64,
    furthest_seconds: f64,
    duration_seconds: f64,
    /// Watched to 90% of its length (and it stays so).
    completed: bool,
    checkpoints: Vec<CheckpointBody>,
    /// Checkpoints answered right, and answered at all (skipped ones are neither).
    checkpoints_correct: u32,
    checkpoints_answered: u32,
    /// When the stored report was recorded; null before the first.
    #[schema(required)]
    recorded_at: Option<DateTime<Utc>>,
}

impl VideoProgress {
    fn new(video: &video::Model, progress: progress::Progress) -> Self {
        let (checkpoints_correct, checkpoints_answered) = progress.score();
        VideoProgress {
            video_id: video.id.clone(),
            position_seconds: progress.position_seconds,
            furthest_seconds: progress.furthest_seconds,
            duration_seconds: progress.duration_seconds,
            completed: progress.completed,
            checkpoints: progress
                .checkpoints
                .into_iter()
                .map(|c| CheckpointBody {
                    question: c.question,
                    correct: c.correct,
                })
                .collect(),
            checkpoints_correct,
            checkpoints_answered,
            recorded_at: progress.recorded_at,
        }
    }
}

impl ProgressReport {
    fn validate(self) -> ApiResult<Report> {
        let mut errors = Vec::new();
        let mut seconds = |value: Option<f64>, field: &str| match value {
            Some(t) if !t.is_finite() || t < 0.0 => {
                errors.push(FieldError::new(
                    &["body", field],
                    format!("{field} must be a number of seconds, 0 or more"),
                    "range",
                ));
                0.0
            }
            Some(t) => t,
            None => 0.0,
        };
        let position_seconds = seconds(Some(self.position_seconds), "position_seconds");
        let furthest_seconds = seconds(self.furthest_seconds, "furthest_seconds");
        let checkpoints = self.checkpoints.unwrap_or_default();
        if checkpoints.len() > MAX_CHECKPOINTS {
            errors.push(FieldError::new(
                &["body", "checkpoints"],
                format!("checkpoints holds at most {MAX_CHECKPOINTS} answers"),
                "too_long",
            ));
        }
        let mut questions: Vec<u32> = checkpoints.iter().map(|c| c.question).collect();
        questions.sort_unstable();
        if questions.windows(2).any(|pair| pair[0] == pair[1]) {
            errors.push(FieldError::new(
                &["body", "checkpoints"],
                "each question is answered once in checkpoints",
                "duplicate",
            ));
        }
        // A clock a day ahead is not a clock: such a report would win over every later one.
        if self.recorded_at > Utc::now() + chrono::Duration::days(1) {
            errors.push(FieldError::new(
                &["body", "recorded_at"],
                "recorded_at is in the future",
                "range",
            ));
        }
        if !errors.is_empty() {
            return Err(ApiError::Validation(errors));
        }
        Ok(Report {
            position_seconds,
            furthest_seconds,
            checkpoints: checkpoints
                .into_iter()
                .map(|c| CheckpointAnswer {
                    question: c.question,
                    correct: c.correct,
                    asked: None,
                })
                .collect(),
            recorded_at: self.recorded_at,
        })
    }
}

/// The caller's finished video, by its id or its job's; another user's is a 404.
pub(super) async fn owned_video(
    state: &AppState,
    caller: &AuthUser,
    id: &str,
) -> ApiResult<video::Model> {
    library::find_video_or_job(&state.db, &caller.id, id)
        .await?
        .filter(|v| v.status == jobs::status::COMPLETED)
        .or_not_found("Video")
}

/// The questions (`progress::fingerprints`) of the version `id` names: an earlier version's
/// job plays that version's questions (its transcript is kept with its media); the video's
/// own id or its shown job, the shown version's.
async fn played_questions(
    state: &AppState,
    video: &video::Model,
    id: &str,
) -> ApiResult<Option<Vec<String>>> {
    if id == video.id || video.job_id.as_deref() == Some(id) {
        return Ok(progress::fingerprints(video.transcript.as_deref()));
    }
    let stored = super::media::stored_json(state, &jobs::media::transcript(id), "Transcript").await;
    Ok(match stored {
        Ok(transcript) => progress::fingerprints(Some(&transcript.to_string())),
        Err(ApiError::NotFound(_)) => None,
        Err(e) => return Err(e),
    })
}

/// Records where the learner is in their video, how far they watched and the checkpoints
/// answered. Sending the same report again changes nothing; a report recorded before the
/// stored one only moves the furthest point forward.
#[utoipa::path(
    post,
    path = "/video/{id}/progress",
    tag = "library",
    params(VideoOrJobId),
    request_body = ProgressReport,
    responses(
        (status = 200, description = "The progress as it now stands", body = VideoProgress),
        NotSignedIn,
        NoSuchVideo,
        (status = 422, description = "A field is out of range", body = ErrorBody),
    )
)]
async fn report_progress(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(VideoOrJobId { id }): Path<VideoOrJobId>,
    ValidJson(body): ValidJson<ProgressReport>,
) -> ApiResult<Json<VideoProgress>> {
    let video = owned_video(&state, &caller, &id).await?;
    let report = body.validate()?;
    let questions = played_questions(&state, &video, &id).await?;
    let progress = progress::record(&state.db, &video, report, questions.as_deref()).await?;
    Ok(Json(VideoProgress::new(&video, progress)))
}

/// The learner's progress in their video (zero before they watched it).
#[utoipa::path(
    get,
    path = "/video/{id}/progress",
    tag = "library",
    params(VideoOrJobId),
    responses(
        (status = 200, description = "The progress", body = VideoProgress),
        NotSignedIn,
        NoSuchVideo,
    )
)]
async fn video_progress(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(VideoOrJobId { id }): Path<VideoOrJobId>,
) -> ApiResult<Json<VideoProgress>> {
    let video = owned_video(&state, &caller, &id).await?;
    let questions = played_questions(&state, &video, &id).await?;
    let progress = progress::of_version(&state.db, &video, questions.as_deref()).await?;
    Ok(Json(VideoProgress::new(&video, progress)))
}
