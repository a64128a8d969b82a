//! Submitting a job: created with its credit reservation, then put on the queue. If the queue
//! refuses, the job fails and is refunded at once rather than waiting for ever. The API's
//! generation routes and `lectern batch` both submit through here.

use crate::credits::LedgerError;
use crate::entities::job;
use crate::queue::JobQueue;

use super::{NewJob, create, fail};

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
    if let Err(err) = queue.push(job_id).await {
        tracing::error!(job = %job_id, error = %err, "could not enqueue");
        fail(db, job_id, QUEUE_UNAVAILABLE).await?;
        return Err(SubmitError::QueueUnavailable(err.to_string()));
    }
    Ok(())
}
