//! The job queue: apalis on SQLite (embedded, a separate file beside the database) or on
//! Redis (scaled). A message only names a job; the `jobs` table holds everything else.

use std::{sync::LazyLock, time::Duration};

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

/// Places a message in apalis-redis's active list (`list`), the list every worker's fetch
/// takes the head of: a paid message after the paid ones already waiting at the head and
/// before every free one, a free message at the tail. So paid jobs are first come, first
/// served among themselves and never wait behind free work; free jobs likewise among
/// themselves. A paid message is marked in its apalis-redis metadata hash (`meta`, the
/// prefix of `<queue>:meta:<task id>`) with the field `lectern_lane` = `paid`.
macro_rules! place_lua {
    () => {
        r#"
local function place(list, meta, id)
  if redis.call("hget", meta .. ":" .. id, "lectern_lane") == "paid" then
    for _, other in ipairs(redis.call("lrange", list, 0, -1)) do
      if redis.call("hget", meta .. ":" .. other, "lectern_lane") ~= "paid" then
        return redis.call("linsert", list, "BEFORE", other, id)
      end
    end
  end
  return redis.call("rpush", list, id)
end
"#
    };
}

/// Moves a message that apalis-redis has just pushed into its scheduled set (1.0 puts every
/// new message there, scored by the second, until a worker's fetch moves the due ones to the
/// tail of the active list) to its place in the active list (see `place_lua!`). A message a
/// fetch already moved is placed again if paid; one already taken is left alone. Idle
/// workers are woken as apalis-redis's own push does. KEYS: scheduled set, active list,
/// signal list, metadata prefix; ARGV: task id, `paid` or `free`.
const PLACE_LUA: &str = concat!(
    place_lua!(),
    r#"
local id = ARGV[1]
if ARGV[2] == "paid" then
  redis.call("hset", KEYS[4] .. ":" .. id, "lectern_lane", "paid")
end
if redis.call("zrem", KEYS[1], id) == 0 then
  if ARGV[2] ~= "paid" or redis.call("lrem", KEYS[2], 1, id) == 0 then
    return 0
  end
end
place(KEYS[2], KEYS[4], id)
redis.call("del", KEYS[3])
redis.call("lpush", KEYS[3], 1)
return 1
"#
);

/// The Redis half of [`JobQueue::take_back`], in the manner of apalis-redis's own
/// `reenqueue_orphaned.lua`: the in-flight set of each matching worker goes back to the
/// active list (a paid job to the paid ones at its head, see `place_lua!`), the worker
/// leaves the workers set, and idle workers are woken.
const TAKE_BACK_LUA: &str = concat!(
    place_lua!(),
    r#"
local taken = 0
local prefix = ARGV[2] .. "-"
for _, worker in ipairs(redis.call("zrange", KEYS[1], 0, -1)) do
  if worker == ARGV[2] or string.sub(worker, 1, string.len(prefix)) == prefix then
    local inflight = ARGV[1] .. ":" .. worker
    local jobs = redis.call("smembers", inflight)
    for _, id in ipairs(jobs) do
      place(KEYS[2], KEYS[4], id)
    end
    if #jobs > 0 then
      redis.call("del", inflight)
      taken = taken + #jobs
    end
    redis.call("zrem", KEYS[1], worker)
  end
end
if taken > 0 then
  redis.call("del", KEYS[3])
  redis.call("lpush", KEYS[3], 1)
  redis.call("publish", ARGV[3], taken)
end
return taken
"#
);

/// Puts back in the paid lane every paid message that sits behind a free one, in the order
/// they wait. apalis-redis appends at the tail of the active list the messages it recovers
/// itself (`reenqueue_orphaned.lua`, a dead worker's in-flight set after three missed
/// heartbeats) and the retries its fetch moves there, lane or not. KEYS: active list,
/// metadata prefix. Returns how many messages moved.
const KEEP_PAID_FIRST_LUA: &str = concat!(
    place_lua!(),
    r#"
local misplaced = {}
local free_seen = false
for _, id in ipairs(redis.call("lrange", KEYS[1], 0, -1)) do
  if redis.call("hget", KEYS[2] .. ":" .. id, "lectern_lane") == "paid" then
    if free_seen then
      table.insert(misplaced, id)
    end
  else
    free_seen = true
  end
end
for _, id in ipairs(misplaced) do
  redis.call("lrem", KEYS[1], 1, id)
  place(KEYS[1], KEYS[2], id)
end
return #misplaced
"#
);

/// How often a worker process puts paid messages apalis-redis appended at the tail back in
/// the paid lane (see `KEEP_PAID_FIRST_LUA`).
const KEEP_PAID_FIRST_EVERY: Duration = Duration::from_secs(2);

/// How many messages were pushed, as this process knows: bumped by every push made here and,
/// on Redis, by every push any process announces (see [`JobQueue::announce_pushes`]). Idle
/// workers wait on it instead of only polling, so a job is picked up as soon as it is queued.
static PUSHED: LazyLock<tokio::sync::watch::Sender<u64>> =
    LazyLock::new(|| tokio::sync::watch::channel(0).0);

/// Wakes this process's idle workers: a message was pushed.
fn pushed() {
    PUSHED.send_modify(|n| *n = n.wrapping_add(1));
}

/// A receiver that changes whenever a message is pushed (see [`PUSHED`]).
pub fn pushes() -> tokio::sync::watch::Receiver<u64> {
    PUSHED.subscribe()
}

/// The Redis channel on which every push is announced, so idle workers in other processes
/// wake at once.
fn pushed_channel(queue: &str) -> String {
    format!("lectern:{queue}:pushed")
}

/// Task ids that sort in the order messages were pushed. apalis-sqlite hands out messages
/// of one priority by `run_at` (whole seconds), then by id, and apalis-redis keeps new
/// messages in a set scored by the second, ties taken by id; the random ULIDs both make
/// themselves do not sort by time within a millisecond, so two jobs queued in one second
/// could be taken in either order. A monotonic generator keeps first come, first served.
static TASK_IDS: LazyLock<std::sync::Mutex<ulid::Generator>> =
    LazyLock::new(|| std::sync::Mutex::new(ulid::Generator::new()));

fn next_task_id() -> String {
    TASK_IDS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .generate()
        // Only when 2^80 ids were made in one millisecond.
        .unwrap_or_else(|_| ulid::Ulid::generate())
        .to_string()
}

#[derive(Clone)]
pub enum JobQueue {
    Sqlite(Lanes),
    Redis(RedisStorage<JobMessage, ConnectionManager>),
}

/// The embedded queue: one SQLite file, two lanes with workers of their own. A job that
/// costs credits goes in the paid lane, every other job (a preview, a dry run, a free edit, a
/// course's lesson) in the free lane; so a render someone paid for starts at once while the
/// free lane's workers are held by a preview the local model writes for minutes (issue 54:
/// a 10 s render waited 500 s behind one on a busy 2-core machine). Both lanes are rows of
/// apalis-sqlite's one `Jobs` table, told apart by its queue name (`job_type`); what reads
/// the table as a whole (`waiting`, `take_back`, pruning) reads both.
#[derive(Clone)]
pub struct Lanes {
    pub free: SqliteStorage<JobMessage>,
    pub paid: SqliteStorage<JobMessage>,
}

impl Lanes {
    fn pool(&self) -> &sqlx::SqlitePool {
        self.free.pool()
    }
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
                    // Where `announce_pushes` subscribes.
                    .database_url(url)
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
                let lane = |name: &str| {
                    let queue_config = apalis_sqlite::Config::default()
                        .queue(name)
                        .heartbeat_interval(heartbeat)
                        .missed_heartbeats(MISSED_HEARTBEATS)
                        // Jobs take minutes: a worker takes one at a time so an idle worker
                        // is never left waiting while another holds a batch.
                        .batch_size(1)
                        // On SQLite this is what marks a finished message `Done` (apalis
                        // acks only when it persists results); without it every row stayed
                        // `Running` for ever and went back on the queue after a crash. The
                        // result itself is our handler's `()`; `prune_finished` removes
                        // the rows.
                        .persist_results(true);
                    SqliteStorage::new(&pool).with_config(queue_config)
                };
                Ok(Self::Sqlite(Lanes {
                    free: lane(&config.queue_name),
                    paid: lane(&format!("{}-paid", config.queue_name)),
                }))
            }
        }
    }

    /// Whether paid jobs have workers of their own (`Lanes`, the embedded queue).
    pub fn has_paid_lane(&self) -> bool {
        matches!(self, Self::Sqlite(_))
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
            Self::Sqlite(lanes) => sqlx::query("SELECT 1")
                .execute(lanes.pool())
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
            Self::Sqlite(lanes) => {
                let mut tx = lanes.pool().begin().await.map_err(|e| failed(&e))?;
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
                    .arg(4)
                    .arg(config.workers_set())
                    .arg(config.active_jobs_list())
                    .arg(config.signal_list())
                    .arg(config.job_meta_hash())
                    .arg(config.inflight_jobs_set())
                    .arg(worker)
                    .arg(pushed_channel(config.queue.as_ref()))
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
            Self::Sqlite(lanes) => sqlx::query(
                "DELETE FROM Jobs WHERE (status IN ('Done', 'Killed') \
                 OR (status = 'Failed' AND attempts >= max_attempts)) \
                 AND done_at IS NOT NULL AND done_at <= strftime('%s', 'now') - ?1",
            )
            .bind(age.as_secs() as i64)
            .execute(lanes.pool())
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
            Self::Sqlite(lanes) => sqlx::query_as::<_, (String, i64)>(
                "SELECT status, COUNT(*) FROM Jobs GROUP BY status ORDER BY status",
            )
            .fetch_all(lanes.pool())
            .await
            .map(|rows| rows.into_iter().map(|(s, n)| (s, n as u64)).collect())
            .map_err(|e| QueueError::Connect(e.to_string())),
            Self::Redis(_) => Ok(Vec::new()),
        }
    }

    pub async fn push(&self, job_id: &str) -> Result<(), QueueError> {
        self.push_with_priority(job_id, 0).await
    }

    /// Queues a job. A higher `priority` is taken first, so a paid job does not wait behind
    /// free previews; within a priority, first come, first served. On the embedded queue a
    /// paid job goes in the paid lane, which has workers of its own (`Lanes`), and within a
    /// lane apalis-sqlite orders by priority, then by time, then by id. On Redis there are two
    /// lanes, paid (`priority` above 0) and free, in the one list the workers take from:
    /// the message is placed at the end of its lane at once (see `PLACE_LUA`), so a paid
    /// job pushed after a flood of free ones is the next a worker takes, and every waiting
    /// job is in that list, where the chart's KEDA trigger counts it.
    pub async fn push_with_priority(
        &self,
        job_id: &str,
        priority: usize,
    ) -> Result<(), QueueError> {
        let message = JobMessage {
            job_id: job_id.to_string(),
        };
        match self.clone() {
            Self::Sqlite(lanes) => {
                // A paid job goes in its own lane (`Lanes`), still with its priority, which
                // orders `waiting` across both.
                let mut storage = if priority > 0 { lanes.paid } else { lanes.free };
                storage
                    .push_task(
                        apalis::prelude::TaskBuilder::new(message)
                            .priority(priority)
                            .task_id(apalis::prelude::TaskId::from_string(next_task_id()))
                            .build(),
                    )
                    .await
                    .map_err(|e| QueueError::Push(e.to_string()))?;
                pushed();
                Ok(())
            }
            Self::Redis(mut storage) => {
                let task_id = next_task_id();
                storage
                    .push_task(
                        apalis::prelude::TaskBuilder::new(message)
                            .task_id(apalis::prelude::TaskId::from_string(task_id.clone()))
                            .build(),
                    )
                    .await
                    .map_err(|e| QueueError::Push(e.to_string()))?;
                let config = storage.get_config().clone();
                // The message is queued: one not placed is taken by the next fetch, first
                // come, first served, paid or not.
                if let Err(error) = redis::cmd("EVAL")
                    .arg(PLACE_LUA)
                    .arg(4)
                    .arg(config.scheduled_jobs_set())
                    .arg(config.active_jobs_list())
                    .arg(config.signal_list())
                    .arg(config.job_meta_hash())
                    .arg(&task_id)
                    .arg(if priority > 0 { "paid" } else { "free" })
                    .query_async::<u64>(storage.get_connection())
                    .await
                {
                    tracing::warn!(job = %job_id, %error, "the job was not placed in its lane");
                }
                pushed();
                // The message is queued: an announcement that does not arrive only leaves
                // the workers to their fallback poll.
                if let Err(error) = redis::cmd("PUBLISH")
                    .arg(pushed_channel(config.queue.as_ref()))
                    .arg(1)
                    .query_async::<u64>(storage.get_connection())
                    .await
                {
                    tracing::warn!(%error, "the push was not announced to idle workers");
                }
                Ok(())
            }
        }
    }

    /// On Redis, follows the announcements of pushes made by any process (the API replicas)
    /// and wakes this process's idle workers for each, until the returned task is aborted.
    /// A lost subscription is taken up again after a second. `None` on the embedded queue,
    /// whose pushes are made in the workers' own process.
    pub fn announce_pushes(&self) -> Option<tokio::task::JoinHandle<()>> {
        let Self::Redis(storage) = self else {
            return None;
        };
        let config = storage.get_config();
        let channel = pushed_channel(config.queue.as_ref());
        let url = config.database_url.clone()?;
        Some(tokio::spawn(async move {
            use futures::StreamExt;
            loop {
                let subscribed = async {
                    let client = redis::Client::open(url.as_str())?;
                    let mut pubsub = client.get_async_pubsub().await?;
                    pubsub.subscribe(&channel).await?;
                    // Whatever was pushed while not subscribed is fetched now.
                    pushed();
                    let mut messages = pubsub.on_message();
                    while messages.next().await.is_some() {
                        pushed();
                    }
                    Ok::<(), redis::RedisError>(())
                };
                if let Err(error) = subscribed.await {
                    tracing::debug!(%error, "queue announcements lost; subscribing again");
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }))
    }

    /// On Redis, puts paid messages that apalis-redis appended behind free ones (its own
    /// recovery of a dead worker's jobs, its retries) back in the paid lane, in their order.
    /// Returns how many moved; the embedded queue orders by priority itself (0).
    pub async fn keep_paid_first(&self) -> Result<u64, QueueError> {
        let Self::Redis(mut storage) = self.clone() else {
            return Ok(0);
        };
        let config = storage.get_config().clone();
        redis::cmd("EVAL")
            .arg(KEEP_PAID_FIRST_LUA)
            .arg(2)
            .arg(config.active_jobs_list())
            .arg(config.job_meta_hash())
            .query_async::<u64>(storage.get_connection())
            .await
            .map_err(|e| QueueError::Connect(e.to_string()))
    }

    /// On Redis, keeps paid messages first (see [`JobQueue::keep_paid_first`]) every two
    /// seconds until the returned task is aborted. `None` on the embedded queue.
    pub fn keeping_paid_first(&self) -> Option<tokio::task::JoinHandle<()>> {
        let Self::Redis(_) = self else {
            return None;
        };
        let queue = self.clone();
        Some(tokio::spawn(async move {
            loop {
                match queue.keep_paid_first().await {
                    Ok(0) => {}
                    Ok(moved) => tracing::info!(moved, "paid jobs put back before free ones"),
                    Err(error) => tracing::debug!(%error, "paid lane not checked"),
                }
                tokio::time::sleep(KEEP_PAID_FIRST_EVERY).await;
            }
        }))
    }

    /// The job ids waiting on the queue, in the order workers will take them (Redis: the
    /// active list, paid lane then free, then any message still in the scheduled set, such
    /// as one apalis-redis retries later; SQLite: pending messages by priority, then time).
    /// For tests.
    pub async fn waiting(&self) -> Result<Vec<String>, QueueError> {
        let failed = |e: &dyn std::fmt::Display| QueueError::Connect(e.to_string());
        let job_of = |payload: &[u8]| {
            serde_json::from_slice::<JobMessage>(payload)
                .map(|m| m.job_id)
                .unwrap_or_default()
        };
        match self.clone() {
            Self::Sqlite(lanes) => {
                let rows = sqlx::query_as::<_, (Vec<u8>,)>(
                    "SELECT CAST(job AS BLOB) FROM Jobs WHERE status = 'Pending' \
                     ORDER BY priority DESC, run_at ASC, id ASC",
                )
                .fetch_all(lanes.pool())
                .await
                .map_err(|e| failed(&e))?;
                Ok(rows.iter().map(|(payload,)| job_of(payload)).collect())
            }
            Self::Redis(mut storage) => {
                let config = storage.get_config().clone();
                let conn = storage.get_connection();
                let mut tasks: Vec<String> = redis::cmd("LRANGE")
                    .arg(config.active_jobs_list())
                    .arg(0)
                    .arg(-1)
                    .query_async(&mut *conn)
                    .await
                    .map_err(|e| failed(&e))?;
                let scheduled: Vec<String> = redis::cmd("ZRANGE")
                    .arg(config.scheduled_jobs_set())
                    .arg(0)
                    .arg(-1)
                    .query_async(&mut *conn)
                    .await
                    .map_err(|e| failed(&e))?;
                tasks.extend(scheduled);
                if tasks.is_empty() {
                    return Ok(Vec::new());
                }
                let payloads: Vec<Option<Vec<u8>>> = redis::cmd("HMGET")
                    .arg(config.job_data_hash())
                    .arg(&tasks)
                    .query_async(conn)
                    .await
                    .map_err(|e| failed(&e))?;
                Ok(payloads
                    .iter()
                    .map(|p| p.as_deref().map(job_of).unwrap_or_default())
                    .collect())
            }
        }
    }
}
