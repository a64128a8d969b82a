//! Submitting a job from a generation endpoint: created with its reservation and queued by
//! core's job service, counted in the metrics, and answered 202 with what SPEC.md's
//! generation endpoints return.

use axum::{Json, http::StatusCode};
use lectern_core::{
    entities::job,
    jobs::{self, JobKind, NewJob, status},
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    admission::Work,
    error::{ApiError, ApiResult},
    extract::AuthUser,
    state::AppState,
};

/// A job was created and queued (202).
#[derive(Serialize, ToSchema)]
pub struct Started {
    job_id: String,
    /// `queued`.
    status: &'static str,
    /// Credits reserved for it; refunded if it fails or is cancelled.
    cost: i64,
    title: String,
}

/// A job that a generation endpoint starts for the caller, charged with its creation.
pub struct Submission {
    pub kind: JobKind,
    /// What the queue and the history call it.
    pub title: String,
    /// What it costs; a dry run plans without rendering and is charged nothing.
    pub cost: i64,
    pub dry_run: bool,
}

impl Submission {
    /// Creates the job with `params`, reserving its cost, queues it (core's `jobs::submit`),
    /// and answers 202.
    pub async fn submit(
        self,
        state: &AppState,
        caller: &AuthUser,
        params: &impl Serialize,
    ) -> ApiResult<(StatusCode, Json<Started>)> {
        Ok(started(self.create(state, caller, params).await?))
    }

    /// Creates and queues the job as `submit` does, for a route that answers in its own shape
    /// (an edit answers what it changes).
    pub async fn create(
        self,
        state: &AppState,
        caller: &AuthUser,
        params: &impl Serialize,
    ) -> ApiResult<job::Model> {
        // Held until the job exists: the user's next request counts this one.
        let _admitted = state
            .admission
            .admit(
                state,
                &caller.id,
                Work {
                    jobs: 1,
                    free: self.dry_run,
                },
            )
            .await?;
        if self.dry_run {
            free_preview_allowed(state, caller).await?;
        }
        let job = jobs::submit(
            &state.db,
            &state.queue,
            NewJob {
                user_id: &caller.id,
                kind: self.kind,
                title: self.title,
                params: serde_json::to_value(params).expect("params serialise"),
                cost: if self.dry_run { 0 } else { self.cost },
            },
        )
        .await?;
        count_submitted(&job);
        Ok(job)
    }
}

/// Refuses a free preview (a dry run) beyond the hour's allowance: previews run the script
/// writer, which on a local model keeps a CPU busy for minutes.
async fn free_preview_allowed(state: &AppState, caller: &AuthUser) -> ApiResult<()> {
    let hour_ago = chrono::Utc::now() - chrono::Duration::hours(1);
    let used = jobs::dry_runs_since(&state.db, &caller.id, hour_ago).await?;
    if used >= jobs::FREE_PREVIEWS_PER_HOUR {
        return Err(ApiError::TooManyRequests {
            message: format!(
                "You have used your {} free previews of this hour. Try again later, or start the video without a preview.",
                jobs::FREE_PREVIEWS_PER_HOUR
            ),
            retry_after: 3600,
        });
    }
    Ok(())
}

/// Queues a job that was just created (its credits already reserved with it) and answers
/// 202 with what SPEC.md's generation endpoints return.
pub async fn submitted(
    state: &AppState,
    job: job::Model,
) -> ApiResult<(StatusCode, Json<Started>)> {
    enqueue(state, &job).await?;
    Ok(started(job))
}

/// The 202 answer for a submitted job.
fn started(job: job::Model) -> (StatusCode, Json<Started>) {
    (
        StatusCode::ACCEPTED,
        Json(Started {
            job_id: job.id,
            status: status::QUEUED,
            cost: job.credits_reserved,
            title: job.title,
        }),
    )
}

/// Counts a submitted job, and the credits it reserved, in the metrics.
fn count_submitted(job: &job::Model) {
    metrics::counter!("lectern_jobs_submitted_total", "kind" => job.kind.as_str()).increment(1);
    if job.credits_reserved > 0 {
        metrics::counter!("lectern_credits_reserved_total").increment(job.credits_reserved as u64);
    }
}

/// Puts a created job on the queue (core's job service: a refused job fails and is
/// refunded), counted in the metrics once queued.
pub async fn enqueue(state: &AppState, job: &job::Model) -> ApiResult<()> {
    jobs::enqueue(&state.db, &state.queue, &job.id).await?;
    count_submitted(job);
    Ok(())
}
