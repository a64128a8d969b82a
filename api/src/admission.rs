//! Who may start work now. Every request that queues a job passes here first: a per-user
//! rate (governor's GCRA, in memory), a cap on each user's unfinished jobs, and a global
//! queue depth beyond which free work (previews, dry runs) waits. Each refusal is a 429 or
//! 503 with `Retry-After` and a sentence that says how long to wait.
//!
//! One user's admissions are serialised by a per-user lock held until their job is
//! created, so that counting and creating are one step: 600 previews sent 32 at a time
//! cannot slip past the hour's allowance.
//!
//! Several API replicas share one PostgreSQL database, and the limits hold across them:
//! the per-user lock is then also a PostgreSQL advisory lock (held in a transaction until
//! the job is created), and under it the rate is counted again from the jobs the user
//! started in the last minute, in the shared database. Governor's in-memory GCRA stays in
//! front, so a flood at one replica is turned away without touching the database. The
//! embedded SQLite default has one API process; its lock is the in-process one.

use std::{
    collections::HashMap,
    net::IpAddr,
    num::NonZeroU32,
    sync::{Arc, Mutex},
    time::Duration,
};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter, clock::Clock};
use lectern_core::{Config, jobs};
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbBackend, TransactionTrait};
use sha2::{Digest, Sha256};
use tokio::sync::{OwnedMutexGuard, OwnedSemaphorePermit, Semaphore};

use crate::{
    error::{ApiError, ApiResult},
    state::AppState,
};

/// Sign-in attempts one address may start per minute.
pub const SIGN_INS_PER_MINUTE: u32 = 30;
/// When to ask again after the user's queue was full: about one short job.
const QUEUE_FULL_RETRY: u64 = 30;
/// When to ask again after free work was turned away for a full queue.
const BUSY_RETRY: u64 = 60;
/// Admissions holding a PostgreSQL advisory lock at once, each in a pooled connection: well
/// under the pool's 20, so creating the admitted jobs always finds a connection.
const SHARED_LOCKS: usize = 6;
/// The advisory lock key of free work's admission ("freework" in ASCII).
const FREE_WORK_KEY: i64 = 0x6672_6565_776f_726b;
/// The window of the per-user rate counted in the database, in seconds.
const RATE_WINDOW_SECONDS: i64 = 60;

/// The limiters and the per-user locks, shared by every request of this process.
pub struct Admission {
    work: DefaultKeyedRateLimiter<String>,
    sign_in: DefaultKeyedRateLimiter<IpAddr>,
    locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    shared_locks: Arc<Semaphore>,
    /// Free work is admitted one request at a time (across replicas too, on PostgreSQL), so
    /// that the queue depth it is measured against cannot be overshot by requests racing.
    free_work: Arc<tokio::sync::Mutex<()>>,
    work_per_minute: u64,
    user_queue_limit: u64,
    free_queue_limit: u64,
}

/// What a request asks to start.
#[derive(Debug, Clone, Copy)]
pub struct Work {
    /// Jobs it would queue (a course's lessons are several).
    pub jobs: u64,
    /// Free work (a preview, a dry run): the first to wait when the queue is long.
    pub free: bool,
}

/// Held while the admitted request creates its job; the user's next request waits for it.
pub struct Admitted {
    /// Dropped first: the transaction ends (rolled back: it only held the lock), which
    /// releases the advisory lock, then the permit.
    _shared: Option<(DatabaseTransaction, OwnedSemaphorePermit)>,
    _free_work: Option<OwnedMutexGuard<()>>,
    _lock: OwnedMutexGuard<()>,
}

impl Admission {
    pub fn new(config: &Config) -> Self {
        let per_minute = |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).expect("at least 1"));
        Self {
            work: RateLimiter::keyed(per_minute(config.work_per_minute)),
            sign_in: RateLimiter::keyed(per_minute(SIGN_INS_PER_MINUTE)),
            locks: Mutex::new(HashMap::new()),
            shared_locks: Arc::new(Semaphore::new(SHARED_LOCKS)),
            free_work: Arc::default(),
            work_per_minute: u64::from(config.work_per_minute.max(1)),
            user_queue_limit: config.user_queue_limit,
            free_queue_limit: config.free_queue_limit,
        }
    }

    /// A sign-in attempt from `client`; a flood from one address gets 429. This computer
    /// itself (loopback, not forwarded by a proxy) is not limited.
    pub fn sign_in(&self, client: &Client) -> ApiResult<()> {
        let Some(address) = client.address.filter(|_| !client.is_local()) else {
            return Ok(());
        };
        prune(&self.sign_in);
        self.sign_in.check_key(&address).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.sign_in.clock().now());
            too_many("Too many sign-in attempts from your network.".into(), wait)
        })
    }

    /// The checks before `user_id`'s request starts `work`; the answer holds the user's lock
    /// until it is dropped (after the job is created).
    pub async fn admit(&self, state: &AppState, user_id: &str, work: Work) -> ApiResult<Admitted> {
        prune(&self.work);
        if let Err(not_until) = self.work.check_key(&user_id.to_string()) {
            let wait = not_until.wait_time_from(self.work.clock().now());
            return Err(too_many(
                "You are starting work faster than Lectern allows.".into(),
                wait,
            ));
        }
        let lock = self.lock_of(user_id).lock_owned().await;
        let shared = self.shared_lock(state, user_id).await?;
        let window = chrono::TimeDelta::seconds(RATE_WINDOW_SECONDS);
        let (started, oldest) =
            jobs::started_since(&state.db, user_id, chrono::Utc::now() - window).await?;
        if started + 1 > self.work_per_minute {
            let wait = oldest
                .map(|oldest| oldest + window - chrono::Utc::now())
                .and_then(|wait| wait.to_std().ok())
                .unwrap_or(Duration::from_secs(1));
            return Err(too_many(
                "You are starting work faster than Lectern allows.".into(),
                wait,
            ));
        }
        let unfinished = jobs::unfinished_for_user(&state.db, user_id).await?;
        if unfinished + work.jobs > self.user_queue_limit {
            return Err(ApiError::TooManyRequests {
                message: format!(
                    "You already have {unfinished} jobs queued or running, and at most {} may wait at once. Try again when one has finished (about {QUEUE_FULL_RETRY} seconds), or cancel one.",
                    self.user_queue_limit
                ),
                retry_after: QUEUE_FULL_RETRY,
            });
        }
        let free_work = if work.free {
            let guard = self.free_work.clone().lock_owned().await;
            if let Some((txn, _)) = &shared {
                txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({FREE_WORK_KEY})"))
                    .await?;
            }
            Some(guard)
        } else {
            None
        };
        if work.free {
            let (queued, _) = jobs::active_counts(&state.db).await?;
            if queued >= self.free_queue_limit {
                return Err(ApiError::Busy {
                    message: format!(
                        "Lectern is busy: {queued} jobs are waiting, so free previews are paused. Try again in about {BUSY_RETRY} seconds, or start the video itself, which still queues."
                    ),
                    retry_after: BUSY_RETRY,
                });
            }
        }
        self.release_idle_locks();
        Ok(Admitted {
            _shared: shared,
            _free_work: free_work,
            _lock: lock,
        })
    }

    /// On PostgreSQL, the user's admission lock shared by every API replica: a
    /// transaction-scoped advisory lock on a key drawn from the user id, held until the
    /// answer is dropped. `None` on SQLite (one API process: the in-process lock is enough).
    async fn shared_lock(
        &self,
        state: &AppState,
        user_id: &str,
    ) -> ApiResult<Option<(DatabaseTransaction, OwnedSemaphorePermit)>> {
        if state.db.get_database_backend() != DbBackend::Postgres {
            return Ok(None);
        }
        let permit = self
            .shared_locks
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let txn = state.db.begin().await?;
        txn.execute_unprepared(&format!(
            "SELECT pg_advisory_xact_lock({})",
            advisory_key(user_id)
        ))
        .await?;
        Ok(Some((txn, permit)))
    }

    fn lock_of(&self, user_id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().expect("admission locks");
        locks.entry(user_id.to_string()).or_default().clone()
    }

    /// Forgets the locks nobody holds or waits for, so the map stays as small as the
    /// number of users submitting right now.
    fn release_idle_locks(&self) {
        let mut locks = self.locks.lock().expect("admission locks");
        if locks.len() > 1024 {
            locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
    }
}

/// The advisory lock key of a user's admissions: the first 8 bytes of a SHA-256 of the
/// user id, in a namespace of its own.
fn advisory_key(user_id: &str) -> i64 {
    let digest = Sha256::digest(format!("lectern admission {user_id}").as_bytes());
    i64::from_be_bytes(digest[..8].try_into().expect("8 bytes"))
}

/// Drops the rate-limit state of keys that are back to a full allowance, once the map is
/// large (governor keeps one entry per key otherwise).
fn prune<K: Clone + std::hash::Hash + Eq>(limiter: &DefaultKeyedRateLimiter<K>) {
    if limiter.len() > 10_000 {
        limiter.retain_recent();
    }
}

/// A 429 that says how long to wait, in words and in `Retry-After`.
fn too_many(what: String, wait: Duration) -> ApiError {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let seconds = seconds.max(1);
    ApiError::TooManyRequests {
        message: format!(
            "{what} Try again in {seconds} second{}.",
            if seconds == 1 { "" } else { "s" }
        ),
        retry_after: seconds,
    }
}

/// Where a request comes from: the peer's address, or, behind a reverse proxy, the address
/// the proxy nearest to Lectern saw (the last `X-Forwarded-For` entry, which a client cannot
/// forge past that proxy).
#[derive(Debug, Clone, Copy)]
pub struct Client {
    pub address: Option<IpAddr>,
    pub forwarded: bool,
}

impl Client {
    fn is_local(&self) -> bool {
        !self.forwarded && self.address.is_some_and(|a| a.is_loopback())
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip());
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .next_back();
        Ok(Self {
            address: forwarded.or(peer),
            forwarded: forwarded.is_some(),
        })
    }
}
