//! The last step of every job: its completion applied exactly once, or nothing of it kept.

use lectern_core::{
    db,
    entities::job,
    jobs::{self, Completion, media::prefix as media_prefix},
};

use crate::{RunError, Runtime};

/// Applies the completion (result, library record, final state) for the claim this worker holds.
pub(crate) async fn finish(
    runtime: &Runtime,
    job: &job::Model,
    completion: Completion,
) -> Result<(), RunError> {
    finish_with(runtime, job, || {
        jobs::complete(&runtime.db, job, completion.clone())
    })
    .await
}

/// Completes the job with `apply` (a transaction that answers whether it applied), retried
/// while the database is unreachable; a completion that did not apply leaves the media to
/// whoever now owns the job.
pub(crate) async fn finish_with<F, Fut>(
    runtime: &Runtime,
    job: &job::Model,
    apply: F,
) -> Result<(), RunError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<bool, sea_orm::DbErr>>,
{
    let applied = db::retrying(&format!("completing job {}", job.id), apply)
        .await
        .map_err(database)?;
    if !applied {
        return Err(not_applied(runtime, &job.id).await);
    }
    completed(job);
    Ok(())
}

fn completed(job: &job::Model) {
    metrics::counter!("lectern_jobs_completed_total", "kind" => job.kind.as_str()).increment(1);
}

/// After a completion that did not apply: a cancelled job leaves nothing behind; a job taken
/// over by another worker (this one was presumed dead) keeps the media, which are theirs.
async fn not_applied(runtime: &Runtime, job_id: &str) -> RunError {
    if jobs::is_cancelled(&runtime.db, job_id)
        .await
        .unwrap_or(false)
    {
        let _ = runtime.storage.delete_prefix(&media_prefix(job_id)).await;
    }
    RunError::Cancelled
}

pub(crate) fn database(e: impl std::fmt::Display) -> RunError {
    RunError::Failed(format!("database: {e}"))
}
