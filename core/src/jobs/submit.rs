//! Submitting a job: created with its credit reservation, then put on the queue. If the queue
//! refuses, the job fails and is refunded at once rather than waiting for ever. The API's
//! generation routes and `lectern batch` both submit through here.

use crate::credits::LedgerError;
use crate::entities::job;
use crate::queue::JobQueue;
use sea_orm::EntityTrait;

use super::{NewJob, create, fail};

/// The queue priority of a job that costs credits (free work is 0).
pub const PAID_PRIORITY: usize = 1;

/// The message a job that could not be queued fails with.
pub const QUEUE_UNAVAILABLE: &str = "The job queue is unavailable";

#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    /// The queue refused the job; it was failed and its credits refunded.
    #[error("the job queue is unavailable: {0}")]
    QueueUnavailable(String),
}

/// Creates the job with its reservation and queues it.
pub async fn submit(
    db: &sea_orm::DatabaseConnection,
    queue: &JobQueue,
    new: NewJob<'_>,
) -> Result<job::Model, SubmitError> {
    let job = create(db, new).await?;
    enqueue(db, queue, &job.id).await?;
    Ok(job)
}

/// Queues a job created elsewhere (a course's lessons are created in one transaction).
pub async fn enqueue(
    db: &sea_orm::DatabaseConnection,
    queue: &JobQueue,
    job_id: &str,
) -> Result<(), SubmitError> {
    // A job that costs credits goes before free ones (previews, dry runs, lesson videos of
    // a paid course wait behind it on the embedded queue; see `JobQueue::push_with_priority`).
    let paid = job::Entity::find_by_id(job_id.to_string())
        .one(db)
        .await
        .map_err(|e| SubmitError::Ledger(LedgerError::Db(e)))?
        .is_some_and(|job| job.credits_reserved > 0);
    let priority = if paid { PAID_PRIORITY } else { 0 };
    if let Err(err) = queue.push_with_priority(job_id, priority).await {
        tracing::error!(job = %job_id, error = %err, "could not enqueue");
        fail(db, job_id, QUEUE_UNAVAILABLE).await?;
        return Err(SubmitError::QueueUnavailable(err.to_string()));
    }
    Ok(())
}
