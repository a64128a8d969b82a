//! The job queue: apalis on SQLite (embedded, a separate file beside the database) or on
//! Redis (scaled). A message only names a job; the `jobs` table holds everything else.

use std::time::Duration;

use apalis::prelude::TaskSink;
use apalis_redis::{ConnectionManager, RedisStorage};
use apalis_sqlite::SqliteStorage;
use serde::{Deserialize, Serialize};

use crate::Config;

/// The default queue name.
pub const QUEUE_NAME: &str = "lectern-jobs";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct JobMessage {
    pub job_id: String,
}

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("queue connection: {0}")]
    Connect(String),
    #[error("queue push: {0}")]
    Push(String),
}

/// The Redis half of [`JobQueue::take_back`], in the manner of apalis-redis's own
/// `reenqueue_orphaned.lua`: the in-flight set of each matching worker goes back to the
/// active list, the worker leaves the workers set, and idle workers are woken.
const TAKE_BACK_LUA: &str = r#"
local taken = 0
local prefix = ARGV[2] .. "-"
for _, worker in ipairs(redis.call("zrange", KEYS[1], 0, -1)) do
  if worker == ARGV[2] or string.sub(worker, 1, string.len(prefix)) == prefix then
    local inflight = ARGV[1] .. ":" .. worker
    local jobs = redis.call("smembers", inflight)
    if #jobs > 0 then
      redis.call("rpush", KEYS[2], unpack(jobs))
      redis.call("del", inflight)
      taken = taken + #jobs
    end
    redis.call("zrem", KEYS[1], worker)
  end
end
if taken > 0 then
  redis.call("del", KEYS[3])
  redis.call("lpush", KEYS[3], 1)
end
return taken
"#;

#[derive(Clone)]
pub enum JobQueue {
    Sqlite(SqliteStorage<JobMessage>),
    Redis(RedisStorage<JobMessage, ConnectionManager>),
}

/// A worker silent for this many heartbeats is dead; its jobs go back to the queue.
pub const MISSED_HEARTBEATS: usize = 3;

/// The first wait for a queue that stopped answering, and the longest.
const QUEUE_RETRY_FIRST: Duration = Duration::from_millis(500);
const QUEUE_RETRY_MAX: Duration = Duration::from_secs(30);

impl JobQueue {
    /// Waits, with backoff, until the queue answers a ping again (a worker's queue that
    /// stopped answering: logged, and reported by `/health` meanwhile).
    pub async fn wait_until_reachable(&self, first_error: &str) {
        use crate::health::{self, Dependency};
        let mut error = first_error.to_string();
        let mut wait = QUEUE_RETRY_FIRST;
        loop {
            let outage = health::failed(Dependency::Queue, &error);
            tracing::warn!(
                retry = outage.retries,
                wait_ms = wait.as_millis() as u64,
                %error,
                "job queue unreachable; the workers wait and start again"
            );
            tokio::time::sleep(wait).await;
            match self.ping().await {
                Ok(()) => {
                    health::recovered(Dependency::Queue);
                    return;
                }
                Err(e) => error = e.to_string(),
            }
            wait = (wait * 2).min(QUEUE_RETRY_MAX);
        }
    }

    pub async fn connect(config: &Config) -> Result<Self, QueueError> {
        // Liveness: tests shorten the heartbeat so a killed worker's job comes back quickly.
        let heartbeat = config.queue_heartbeat;
        match config.queue_url.as_deref() {
            Some(url) if url.starts_with("redis") => {
                let conn = apalis_redis::connect(url)
                    .await
                    .map_err(|e| QueueError::Connect(e.to_string()))?;
                let queue_config = apalis_redis::Config::default()
                    .queue(&config.queue_name)
                    .heartbeat_interval(heartbeat)
                    .missed_heartbeats(MISSED_HEARTBEATS)
                    // Jobs take minutes: a worker takes one at a time so an idle worker
                    // is never left waiting while another holds a batch.
                    .batch_size(1)
                    .persist_results(false);
                Ok(Self::Redis(
                    RedisStorage::new(conn).with_config(queue_config),
                ))
            }
            other => {
                let path = match other {
                    Some(url) => url
                        .trim_start_matches("sqlite://")
                        .trim_start_matches("sqlite:")
                        .split('?')
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                    None => config.data_dir.join("queue.db").display().to_string(),
                };
                if let Some(parent) = std::path::Path::new(&path).parent() {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| QueueError::Connect(e.to_string()))?;
                }
                let options = format!("sqlite://{path}?mode=rwc")
                    .parse::<sqlx::sqlite::SqliteConnectOptions>()
                    .map_err(|e| QueueError::Connect(e.to_string()))?
                    .busy_timeout(Duration::from_secs(10));
                let pool = sqlx::sqlite::SqlitePoolOptions::new()
                    .max_connections(4)
                    .connect_with(options)
                    .await
                    .map_err(|e| QueueError::Connect(e.to_string()))?;
                SqliteStorage::setup(&pool)
                    .await
                    .map_err(|e| QueueError::Connect(e.to_string()))?;
                let queue_config = apalis_sqlite::Config::default()
                    .queue(&config.queue_name)
                    .heartbeat_interval(heartbeat)
                    .missed_heartbeats(MISSED_HEARTBEATS)
                    // Jobs take minutes: a worker takes one at a time so an idle worker
                    // is never left waiting while another holds a batch.
                    .batch_size(1)
                    // On SQLite this is what marks a finished message `Done` (apalis acks
                    // only when it persists results); without it every row stayed
                    // `Running` for ever and went back on the queue after a crash. The
                    // result itself is our handler's `()`; `prune_finished` removes the rows.
                    .persist_results(true);
                Ok(Self::Sqlite(
                    SqliteStorage::new(&pool).with_config(queue_config),
                ))
            }
        }
    }

    pub fn describe(&self) -> &'static str {
        match self {
            Self::Sqlite(_) => "SQLite (apalis-sqlite)",
            Self::Redis(_) => "Redis (apalis-redis)",
        }
    }

    /// Whether the queue answers right now (Redis `PING`; a query on the SQLite queue file).
    pub async fn ping(&self) -> Result<(), QueueError> {
        match self.clone() {
            Self::Sqlite(storage) => sqlx::query("SELECT 1")
                .execute(storage.pool())
                .await
                .map(|_| ())
                .map_err(|e| QueueError::Connect(e.to_string())),
            Self::Redis(mut storage) => {
                let answer = tokio::time::timeout(
                    Duration::from_secs(5),
                    redis::cmd("PING").query_async::<String>(storage.get_connection()),
                )
                .await;
                match answer {
                    Ok(Ok(_)) => Ok(()),
                    Ok(Err(e)) => Err(QueueError::Connect(e.to_string())),
                    Err(_) => Err(QueueError::Connect("no answer to PING within 5 s".into())),
                }
            }
        }
    }

    /// Puts back on the queue, at once, the messages that `worker` (and the names it took
    /// after a lost queue, `{worker}-{n}`) held, and marks those workers as long gone.
    ///
    /// Only for a worker name that no live process can hold (see `lectern_workers::identity`):
    /// a restarted process takes back its previous run's jobs instead of waiting for
    /// apalis's three missed heartbeats. Returns how many messages went back.
    pub async fn take_back(&self, worker: &str) -> Result<u64, QueueError> {
        let failed = |e: &dyn std::fmt::Display| QueueError::Connect(e.to_string());
        match self.clone() {
            Self::Sqlite(storage) => {
                let mut tx = storage.pool().begin().await.map_err(|e| failed(&e))?;
                let taken = sqlx::query(
                    "UPDATE Jobs SET status = 'Pending', done_at = NULL, lock_by = NULL, \
                     lock_at = NULL WHERE status IN ('Running', 'Queued') \
                     AND (lock_by = ?1 OR substr(lock_by, 1, length(?1) + 1) = ?1 || '-')",
                )
                .bind(worker)
                .execute(&mut *tx)
                .await
                .map_err(|e| failed(&e))?
                .rows_affected();
                // apalis refuses to register a name seen within a heartbeat.
                sqlx::query(
                    "UPDATE Workers SET last_seen = 0 \
                     WHERE id = ?1 OR substr(id, 1, length(?1) + 1) = ?1 || '-'",
                )
                .bind(worker)
                .execute(&mut *tx)
                .await
                .map_err(|e| failed(&e))?;
                tx.commit().await.map_err(|e| failed(&e))?;
                Ok(taken)
            }
            Self::Redis(mut storage) => {
                let config = storage.get_config().clone();
                redis::cmd("EVAL")
                    .arg(TAKE_BACK_LUA)
                    .arg(3)
                    .arg(config.workers_set())
                    .arg(config.active_jobs_list())
                    .arg(config.signal_list())
                    .arg(config.inflight_jobs_set())
                    .arg(worker)
                    .query_async::<u64>(storage.get_connection())
                    .await
                    .map_err(|e| failed(&e))
            }
        }
    }

    /// Removes the messages that are finished (done, or killed and failed for good) since
    /// longer than `age`, so the embedded queue's file holds only live work. Redis keeps no
    /// finished messages (results are not persisted there): nothing to do.
    pub async fn prune_finished(&self, age: Duration) -> Result<u64, QueueError> {
        match self {
            Self::Sqlite(storage) => sqlx::query(
                "DELETE FROM Jobs WHERE (status IN ('Done', 'Killed') \
                 OR (status = 'Failed' AND attempts >= max_attempts)) \
                 AND done_at IS NOT NULL AND done_at <= strftime('%s', 'now') - ?1",
            )
            .bind(age.as_secs() as i64)
            .execute(storage.pool())
            .await
            .map(|done| done.rows_affected())
            .map_err(|e| QueueError::Connect(e.to_string())),
            Self::Redis(_) => Ok(0),
        }
    }

    /// How many messages the embedded queue holds in each state (`Pending`, `Running`,
    /// `Done`, ...); empty for Redis.
    pub async fn message_states(&self) -> Result<Vec<(String, u64)>, QueueError> {
        match self {
            Self::Sqlite(storage) => sqlx::query_as::<_, (String, i64)>(
                "SELECT status, COUNT(*) FROM Jobs GROUP BY status ORDER BY status",
            )
            .fetch_all(storage.pool())
            .await
            .map(|rows| rows.into_iter().map(|(s, n)| (s, n as u64)).collect())
            .map_err(|e| QueueError::Connect(e.to_string())),
            Self::Redis(_) => Ok(Vec::new()),
        }
    }

    pub async fn push(&self, job_id: &str) -> Result<(), QueueError> {
        self.push_with_priority(job_id, 0).await
    }

    /// Queues a job; on the embedded queue a higher `priority` is taken first (apalis-sqlite
    /// orders by priority, then by time), so a paid job does not wait behind free previews.
    /// Redis lists have no priority: there it is queued in order.
    pub async fn push_with_priority(
        &self,
        job_id: &str,
        priority: usize,
    ) -> Result<(), QueueError> {
        let message = JobMessage {
            job_id: job_id.to_string(),
        };
        match self.clone() {
            Self::Sqlite(mut storage) => storage
                .push_task(
                    apalis::prelude::TaskBuilder::new(message)
                        .priority(priority)
                        .build(),
                )
                .await
                .map(|_| ())
                .map_err(|e| QueueError::Push(e.to_string())),
            Self::Redis(mut storage) => storage
                .push(message)
                .await
                .map(|_| ())
                .map_err(|e| QueueError::Push(e.to_string())),
        }
    }
}
