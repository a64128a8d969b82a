//! Queue workers: take a job from the queue, run its pipeline, store its media, and move
//! the job to its final state exactly once. The same handler serves apalis on SQLite
//! (in-process, embedded default) and on Redis (`lectern worker` processes on any host).

mod course;
mod finish;
mod outputs;
mod problem;
mod render;
mod revision;
mod sources;
mod video;

use std::{sync::Arc, time::Duration};

pub use lectern_core::worker_identity::{self as identity, unique_name};

use apalis::prelude::*;
use lectern_core::{
    credits::LedgerError,
    db,
    entities::job,
    jobs::{self, Claim, JobKind},
    queue::{JobMessage, JobQueue},
    storage::Storage,
};
use lectern_pipeline::Pipeline;
use sea_orm::DatabaseConnection;

/// At most this many attempts per job, crashes of a worker included.
pub const MAX_ATTEMPTS: i32 = 3;
/// How often an idle worker looks for new jobs besides being woken by a push. A push made
/// in the worker's own process (the embedded `lectern serve`) or announced on Redis wakes it
/// at once (`queue::pushes`); the poll only covers what no announcement reached: a SQLite
/// queue written by another process, a Redis subscription being taken up again.
const SQLITE_POLL: Duration = Duration::from_secs(1);
const REDIS_POLL: Duration = Duration::from_secs(5);
/// A whole job may take at most this long.
pub const JOB_LIMIT: Duration = Duration::from_secs(15 * 60);

pub struct Runtime {
    pub db: DatabaseConnection,
    pub storage: Storage,
    pub pipeline: Pipeline,
    pub name: String,
}

/// Runs workers on `queue` until `shutdown` completes; a job in progress then finishes.
///
/// A queue that stops answering (Redis restarted, the connection dropped) ends apalis's
/// worker with a back-end error. The workers then wait for the queue with backoff (logged,
/// and reported by `/health`) and start again under a new name, so that apalis hands the
/// messages the old name held to a live worker once its heartbeats have stopped.
pub async fn run(
    runtime: Arc<Runtime>,
    queue: JobQueue,
    concurrency: usize,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    });
    let stopped = |rx: &tokio::sync::watch::Receiver<bool>| {
        let mut rx = rx.clone();
        async move {
            let _ = rx.wait_for(|stop| *stop).await;
        }
    };
    let concurrency = concurrency.max(1);
    // A worker that restarts under its previous run's name (see `identity`) takes that run's
    // jobs back now, not after three missed heartbeats.
    match queue.take_back(&runtime.name).await {
        Ok(0) => {}
        Ok(jobs) => tracing::info!(
            worker = %runtime.name,
            jobs,
            "took back the jobs this worker's previous run held"
        ),
        Err(error) => tracing::warn!(%error, "the previous run's jobs were not taken back"),
    }
    // The embedded queue keeps a finished message as `Done`; an hour later it is removed,
    // so the file holds only live work.
    let pruner = {
        let queue = queue.clone();
        tokio::spawn(async move {
            loop {
                match queue.prune_finished(FINISHED_KEPT).await {
                    Ok(0) => {}
                    Ok(n) => tracing::debug!(messages = n, "finished queue messages removed"),
                    Err(error) => tracing::warn!(%error, "finished queue messages not removed"),
                }
                tokio::time::sleep(PRUNE_EVERY).await;
            }
        })
    };
    // On Redis, pushes made by other processes wake these workers too; paid jobs apalis
    // itself put back at the tail return to the paid lane.
    let announcements = queue.announce_pushes();
    let paid_first = queue.keeping_paid_first();
    let outcome = run_rounds(runtime, queue, concurrency, stop_rx, stopped).await;
    pruner.abort();
    for task in [announcements, paid_first].into_iter().flatten() {
        task.abort();
    }
    outcome
}

/// How long a finished message stays in the embedded queue, and how often they are removed.
const FINISHED_KEPT: Duration = Duration::from_secs(60 * 60);
const PRUNE_EVERY: Duration = Duration::from_secs(10 * 60);

/// Runs apalis workers, again under a new name after each lost queue, until stopped.
async fn run_rounds<F, Fut>(
    runtime: Arc<Runtime>,
    queue: JobQueue,
    concurrency: usize,
    stop_rx: tokio::sync::watch::Receiver<bool>,
    stopped: F,
) -> anyhow::Result<()>
where
    F: Fn(&tokio::sync::watch::Receiver<bool>) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let mut round = 0u32;
    loop {
        let name = match round {
            0 => runtime.name.clone(),
            n => format!("{}-{n}", runtime.name),
        };
        tracing::info!(worker = %name, queue = queue.describe(), concurrency, "workers started");
        let signal = stopped(&stop_rx);
        let outcome = run_once(&name, runtime.clone(), queue.clone(), concurrency, signal).await;
        if *stop_rx.borrow() {
            return outcome;
        }
        let error = match outcome {
            Ok(()) => "the queue's stream ended".to_string(),
            Err(error) => format!("{error:#}"),
        };
        tokio::select! {
            () = queue.wait_until_reachable(&error) => {}
            () = stopped(&stop_rx) => return Ok(()),
        }
        round += 1;
    }
}

/// One apalis worker on `queue` until `signal` completes or the queue fails.
async fn run_once(
    name: &str,
    runtime: Arc<Runtime>,
    queue: JobQueue,
    concurrency: usize,
    signal: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    use futures::FutureExt;
    let signal = signal.shared();
    let until = |signal: futures::future::Shared<_>| async move {
        signal.await;
        Ok::<(), std::io::Error>(())
    };
    match queue {
        // Both backends otherwise look for new jobs only once per heartbeat (30 s) after
        // finding none: a video would wait up to that long in the queue of an idle worker.
        //
        // The embedded queue's paid lane has `concurrency` workers of its own (`name-paid`,
        // which `take_back` of `name` covers): a render someone paid for does not wait for
        // the free lane's previews.
        JobQueue::Sqlite(lanes) => {
            let free = WorkerBuilder::new(name)
                .backend(lanes.free.poll_with_strategy(woken_by_pushes(SQLITE_POLL)))
                .data(runtime.clone())
                .concurrency(concurrency)
                .build(handle)
                .run_until(until(signal.clone()));
            let paid = WorkerBuilder::new(format!("{name}-paid"))
                .backend(lanes.paid.poll_with_strategy(woken_by_pushes(SQLITE_POLL)))
                .data(runtime)
                .concurrency(concurrency)
                .build(handle)
                .run_until(until(signal));
            futures::try_join!(free, paid)?;
        }
        JobQueue::Redis(storage) => {
            WorkerBuilder::new(name)
                .backend(storage.poll_with_strategy(woken_by_pushes(REDIS_POLL)))
                .data(runtime)
                .concurrency(concurrency)
                .build(handle)
                .run_until(until(signal))
                .await?
        }
    }
    Ok(())
}

/// An idle worker looks for jobs when a push wakes it (`queue::pushes`), and every `poll`.
fn woken_by_pushes(poll: Duration) -> Strategy {
    let pushes = futures::stream::unfold(lectern_core::queue::pushes(), |mut pushes| async move {
        pushes.changed().await.ok()?;
        Some(((), pushes))
    });
    Strategy::new().stream(Box::pin(pushes)).interval(poll)
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

/// How long a job waited in the queue before a worker took it, recorded once per job: at its
/// first claim (a job taken back after a worker died, or tried again, waited for other
/// reasons).
fn record_queue_wait(job: &job::Model) {
    let Some(started) = job.started_at.filter(|_| job.attempts == 1) else {
        return;
    };
    let waited = (started - job.created_at).num_milliseconds().max(0) as f64 / 1000.0;
    metrics::histogram!("lectern_job_queue_wait_seconds", "kind" => job.kind.as_str())
        .record(waited);
}

/// The job's parameters, as its kind stores them.
fn params_of<T: serde::de::DeserializeOwned>(job: &job::Model) -> Result<T, RunError> {
    serde_json::from_str(&job.params)
        .map_err(|e| RunError::Failed(format!("unreadable job parameters: {e}")))
}

impl Runtime {
    /// Everything that happens to one queue message. Errors returned here are only those
    /// of the database itself; the queue then delivers the message again.
    pub async fn process(&self, job_id: &str) -> anyhow::Result<()> {
        let Claim::Run(mut job) = self.claim(job_id).await? else {
            return Ok(());
        };
        record_queue_wait(&job);
        loop {
            if job.attempts > MAX_ATTEMPTS {
                let error = format!("Generation failed after {MAX_ATTEMPTS} attempts");
                self.fail(job_id, &jobs::failure::user_message(&error, false))
                    .await?;
                jobs::failure::failed_after_submit(job_id, job.kind.as_str(), &error);
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
                    self.fail(job_id, &jobs::failure::user_message(&message, true))
                        .await?;
                    jobs::failure::failed_after_submit(job_id, job.kind.as_str(), &message);
                    return Ok(());
                }
                Err(_) => "Generation timed out after 15 minutes".to_string(),
            };
            tracing::warn!(job = %job_id, attempt = job.attempts, %error, "attempt failed");
            if job.attempts >= MAX_ATTEMPTS {
                self.fail(job_id, &jobs::failure::user_message(&error, false))
                    .await?;
                jobs::failure::failed_after_submit(job_id, job.kind.as_str(), &error);
                return Ok(());
            }
            metrics::counter!("lectern_job_retries_total", "kind" => job.kind.as_str())
                .increment(1);
            tokio::time::sleep(Duration::from_secs(1 << job.attempts.min(5))).await;
            match self.claim(job_id).await? {
                Claim::Run(next) => job = next,
                Claim::Skip => return Ok(()),
            }
        }
    }

    /// Claims the job, waiting out a database that cannot be reached (see `db::retrying`).
    async fn claim(&self, job_id: &str) -> Result<Claim, sea_orm::DbErr> {
        db::retrying(&format!("claiming job {job_id}"), || {
            jobs::claim(&self.db, job_id, &self.name)
        })
        .await
    }

    /// Fails the job with its refund, waiting out a database that cannot be reached, and
    /// removes whatever media an attempt had stored (a failed job keeps none). `error` is
    /// what the user reads (`jobs::failure::user_message`); the cause is logged apart.
    async fn fail(&self, job_id: &str, error: &str) -> Result<bool, LedgerError> {
        let failed = db::retrying(&format!("failing job {job_id}"), || {
            jobs::fail(&self.db, job_id, error)
        })
        .await?;
        if failed
            && let Err(e) = self
                .storage
                .delete_prefix(&lectern_core::jobs::media::prefix(job_id))
                .await
        {
            tracing::warn!(job = %job_id, error = %e, "media of the failed job not removed");
        }
        Ok(failed)
    }

    /// Records the job's progress. A database that stays unreachable is waited out for a
    /// while and then only logged: progress is not worth failing a job for, and the
    /// completion that follows will wait for the database again.
    pub(crate) async fn progress(&self, job_id: &str, percent: i32, step: &str) {
        let recorded = db::retrying(&format!("recording progress of job {job_id}"), || {
            jobs::progress(&self.db, job_id, percent, step)
        })
        .await;
        if let Err(error) = recorded {
            tracing::warn!(job = %job_id, %error, "progress not recorded");
        }
    }

    async fn run_once(&self, job: &job::Model) -> Result<(), RunError> {
        match job.kind {
            JobKind::Video => video::run(self, job).await,
            JobKind::Problem => problem::run(self, job).await,
            JobKind::Course => course::run_course(self, job).await,
            JobKind::CourseVideo => course::run_lesson(self, job).await,
            JobKind::Revision => revision::run(self, job).await,
        }
    }
}
