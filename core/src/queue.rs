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

#[derive(Clone)]
pub enum JobQueue {
    Sqlite(SqliteStorage<JobMessage>),
    Redis(RedisStorage<JobMessage, ConnectionManager>),
}

/// A worker silent for this many heartbeats is dead; its jobs go back to the queue.
pub const MISSED_HEARTBEATS: usize = 3;

/// Liveness timings; tests shorten them so a killed worker's job comes back quickly.
#[derive(Debug, Clone, Copy)]
pub struct QueueTimings {
    pub heartbeat: Duration,
}

impl QueueTimings {
    pub fn from_env() -> Self {
        let heartbeat = std::env::var("LECTERN_QUEUE_HEARTBEAT_SECS")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .filter(|s| *s > 0)
            .unwrap_or(30);
        Self {
            heartbeat: Duration::from_secs(heartbeat),
        }
    }
}

impl JobQueue {
    pub async fn connect(config: &Config) -> Result<Self, QueueError> {
        let timings = QueueTimings::from_env();
        match config.queue_url.as_deref() {
            Some(url) if url.starts_with("redis") => {
                let conn = apalis_redis::connect(url)
                    .await
                    .map_err(|e| QueueError::Connect(e.to_string()))?;
                let queue_config = apalis_redis::Config::default()
                    .queue(&config.queue_name)
                    .heartbeat_interval(timings.heartbeat)
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
                    .heartbeat_interval(timings.heartbeat)
                    .missed_heartbeats(MISSED_HEARTBEATS)
                    // Jobs take minutes: a worker takes one at a time so an idle worker
                    // is never left waiting while another holds a batch.
                    .batch_size(1)
                    .persist_results(false);
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

    pub async fn push(&self, job_id: &str) -> Result<(), QueueError> {
        let message = JobMessage {
            job_id: job_id.to_string(),
        };
        match self.clone() {
            Self::Sqlite(mut storage) => storage
                .push(message)
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
