//! Queue workers: take a job from the queue, run its pipeline, store its media, and move
//! the job to its final state exactly once. The same handler serves apalis on SQLite
//! (in-process, embedded default) and on Redis (`lectern worker` processes on any host).

mod course;
mod finish;
mod problem;
mod render;
mod video;

use std::{sync::Arc, time::Duration};

use apalis::prelude::*;
use lectern_core::{
    jobs::{self, Claim},
    queue::{JobMessage, JobQueue},
    storage::Storage,
};
use lectern_pipeline::Pipeline;
use sea_orm::DatabaseConnection;

/// At most this many attempts per job, crashes of a worker included.
pub const MAX_ATTEMPTS: i32 = 3;
/// How often an idle worker on the embedded SQLite queue looks for new jobs.
const SQLITE_POLL: Duration = Duration::from_secs(1);
/// A whole job may take at most this long.
pub const JOB_LIMIT: Duration = Duration::from_secs(15 * 60);

pub struct Runtime {
    pub db: DatabaseConnection,
    pub storage: Storage,
    pub pipeline: Pipeline,
    pub name: String,
}

/// A name no other worker process has, now or after a restart (apalis recovers a dead
/// worker's jobs by name).
pub fn unique_name() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "host".into());
    let id = uuid::Uuid::new_v4().simple().to_string();
    format!("lectern-{host}-{}-{}", std::process::id(), &id[..8])
}

/// Runs workers on `queue` until `shutdown` completes; a job in progress then finishes.
pub async fn run(
    runtime: Arc<Runtime>,
    queue: JobQueue,
    concurrency: usize,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let name = runtime.name.clone();
    let signal = async move {
        shutdown.await;
        Ok::<(), std::io::Error>(())
    };
    tracing::info!(worker = %name, queue = queue.describe(), concurrency, "workers started");
    match queue {
        JobQueue::Sqlite(storage) => {
            // The SQLite backend otherwise looks for new jobs only once per heartbeat (30 s):
            // a video would wait that long in the queue on an idle machine.
            WorkerBuilder::new(name)
                .backend(storage.poll_with_interval(SQLITE_POLL))
                .data(runtime)
                .concurrency(concurrency.max(1))
                .build(handle)
                .run_until(signal)
                .await?
        }
        JobQueue::Redis(storage) => {
            WorkerBuilder::new(name)
                .backend(storage)
                .data(runtime)
                .concurrency(concurrency.max(1))
                .build(handle)
                .run_until(signal)
                .await?
        }
    }
    Ok(())
}

async fn handle(message: JobMessage, runtime: Data<Arc<Runtime>>) -> Result<(), BoxDynError> {
    runtime.process(&message.job_id).await.map_err(|e| {
        tracing::error!(job = %message.job_id, error = ?e, "job handling failed");
        e.into()
    })
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("cancelled")]
    Cancelled,
    #[error("{0}")]
    Failed(String),
    /// A failure that another attempt would repeat (a solution that fails its checks): the
    /// job fails at once, with its refund.
    #[error("{0}")]
    Final(String),
}

impl Runtime {
    /// Everything that happens to one queue message. Errors returned here are only those
    /// of the database itself; the queue then delivers the message again.
    pub async fn process(&self, job_id: &str) -> anyhow::Result<()> {
        let Claim::Run(mut job) = jobs::claim(&self.db, job_id, &self.name).await? else {
            return Ok(());
        };
        loop {
            if job.attempts > MAX_ATTEMPTS {
                jobs::fail(
                    &self.db,
                    job_id,
                    &format!("Generation failed after {MAX_ATTEMPTS} attempts"),
                )
                .await?;
                metrics::counter!("lectern_jobs_failed_total", "kind" => job.kind.clone())
                    .increment(1);
                return Ok(());
            }
            let outcome = tokio::time::timeout(JOB_LIMIT, self.run_once(&job)).await;
            let error = match outcome {
                Ok(Ok(())) => return Ok(()),
                Ok(Err(RunError::Cancelled)) => {
                    tracing::info!(job = %job_id, "job cancelled");
                    return Ok(());
                }
                Ok(Err(RunError::Failed(message))) => message,
                Ok(Err(RunError::Final(message))) => {
                    tracing::warn!(job = %job_id, error = %message, "job failed");
                    jobs::fail(&self.db, job_id, &message).await?;
                    metrics::counter!("lectern_jobs_failed_total", "kind" => job.kind.clone())
                        .increment(1);
                    return Ok(());
                }
                Err(_) => "Generation timed out after 15 minutes".to_string(),
            };
            tracing::warn!(job = %job_id, attempt = job.attempts, %error, "attempt failed");
            if job.attempts >= MAX_ATTEMPTS {
                jobs::fail(&self.db, job_id, &error).await?;
                metrics::counter!("lectern_jobs_failed_total", "kind" => job.kind.clone())
                    .increment(1);
                return Ok(());
            }
            metrics::counter!("lectern_job_retries_total", "kind" => job.kind.clone()).increment(1);
            tokio::time::sleep(Duration::from_secs(1 << job.attempts.min(5))).await;
            match jobs::claim(&self.db, job_id, &self.name).await? {
                Claim::Run(next) => job = next,
                Claim::Skip => return Ok(()),
            }
        }
    }

    async fn run_once(&self, job: &lectern_core::entities::job::Model) -> Result<(), RunError> {
        match job.kind.as_str() {
            "video" => video::run(self, job).await,
            "problem" => problem::run(self, job).await,
            "course" => course::run_course(self, job).await,
            "course_video" => course::run_lesson(self, job).await,
            other => Err(RunError::Failed(format!(
                "{other} jobs are not available yet"
            ))),
        }
    }
}
