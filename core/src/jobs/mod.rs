//! Generation jobs: created together with their credit reservation, moved through their
//! states by conditional updates so that each transition happens exactly once, and refunded
//! exactly once when they fail or are cancelled.

pub mod failure;
pub mod media;
mod submit;
pub mod watch;

pub use submit::{QUEUE_UNAVAILABLE, SubmitError, enqueue, submit};

use chrono::Utc;
use lectern_contract::{Minutes, Wpm};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};

use crate::{
    credits::{self, LedgerError},
    db::begin_write,
    entities::{job, user, video, video_version},
};

pub const QUEUED_STEP: &str = "Queued for processing...";
/// What a job says once a worker took it, until its first stage reports progress (which on
/// a busy machine's local model can take a while): it is no longer waiting in the queue.
pub const STARTING_STEP: &str = "Starting...";

pub use crate::entities::job::{JobKind, JobStatus};
/// A problem job's parameters are shared with the pipeline, which reads their brief.
pub use lectern_contract::{ProblemParams, problem_title};

pub mod status {
    pub const QUEUED: &str = "queued";
    pub const PROCESSING: &str = "processing";
    pub const COMPLETED: &str = "completed";
    pub const FAILED: &str = "failed";
    pub const CANCELLED: &str = "cancelled";
    pub const ACTIVE: [&str; 2] = [QUEUED, PROCESSING];
}

/// What a video job asks for; stored as the job's `params`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct VideoParams {
    pub topic: String,
    pub level: u8,
    pub duration_minutes: Minutes,
    pub enable_subtitles: bool,
    pub subtitle_style: Option<String>,
    pub wpm: Wpm,
    pub dry_run: bool,
    /// A storyboard the user checked (and perhaps edited) in a preview, rendered as it is
    /// instead of writing one; validated by the API.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storyboard: Option<serde_json::Value>,
    /// The user's own documents (`crate::sources`) the video is written from: each scene from
    /// the passages retrieved for it, every narrated sentence cited and checked. Checked to
    /// be the user's by the API; empty for a video written from the topic alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub source_ids: Vec<String>,
}

/// DESIGN.md's cost of a video: 1 credit, 2 from 10 minutes on.
pub const VIDEO_COST: i64 = 1;
pub const LONG_VIDEO_COST: i64 = 2;
pub const LONG_VIDEO_MINUTES: Minutes = Minutes::whole(10);

pub fn video_cost(duration_minutes: Minutes) -> i64 {
    if duration_minutes >= LONG_VIDEO_MINUTES {
        LONG_VIDEO_COST
    } else {
        VIDEO_COST
    }
}

/// What an edit of a finished video asks for: the new storyboard (validated by the API),
/// the video and the version's job it was edited from. Stored as the job's `params`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RevisionParams {
    pub video_id: String,
    pub base_job_id: String,
    pub storyboard: serde_json::Value,
    /// Scenes whose narration or picture differ from the base version's.
    pub scenes_changed: u32,
}

/// An edit that changes at most this many scenes is free; a larger one costs
/// [`REVISION_COST`].
pub const FREE_REVISION_SCENES: u32 = 3;
pub const REVISION_COST: i64 = 1;

pub fn revision_cost(scenes_changed: u32) -> i64 {
    if scenes_changed <= FREE_REVISION_SCENES {
        0
    } else {
        REVISION_COST
    }
}

/// Free previews (dry runs: a storyboard written, nothing rendered) a user may start in an
/// hour.
pub const FREE_PREVIEWS_PER_HOUR: u64 = 30;

/// The user's free previews (dry runs) started since `since`: they are limited per hour.
pub async fn dry_runs_since(
    db: &DatabaseConnection,
    user_id: &str,
    since: chrono::DateTime<Utc>,
) -> Result<u64, DbErr> {
    // Every request's params are written by `serde_json` (compact), so a dry run's hold
    // exactly this text.
    job::Entity::find()
        .filter(job::Column::UserId.eq(user_id))
        .filter(job::Column::CreatedAt.gte(since))
        .filter(job::Column::Params.contains("\"dry_run\":true"))
        .count(db)
        .await
}

/// DESIGN.md's cost of a problem solution.
pub const PROBLEM_COST: i64 = 1;

/// DESIGN.md's cost of a course; the videos of its lessons then cost its owner nothing.
pub const COURSE_COST: i64 = 3;
pub const LESSON_VIDEO_COST: i64 = 0;

/// What a course job asks for (SPEC.md section 3's course form); stored as the job's `params`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CourseParams {
    pub goal: String,
    pub background_knowledge: String,
    /// 1 to 3.
    pub detail_level: u8,
    pub dry_run: bool,
    /// The user's own documents (`crate::sources`) the course follows: a lesson per section,
    /// each written from its own passages. Checked to be the user's by the API; empty for a
    /// course planned from the goal alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub source_ids: Vec<String>,
}

/// What a lesson-video job asks for; the lesson itself (and the lessons before it) are read
/// from the course when the job runs. Stored as the job's `params`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LessonVideoParams {
    pub course_id: String,
    /// Counted from zero.
    pub lesson_index: u32,
    pub level: u8,
    pub duration_minutes: Minutes,
    pub wpm: Wpm,
    pub dry_run: bool,
}

pub struct NewJob<'a> {
    pub user_id: &'a str,
    pub kind: JobKind,
    pub title: String,
    pub params: serde_json::Value,
    pub cost: i64,
}

/// Inserts the job and reserves its cost in one transaction: both or neither.
pub async fn create(db: &DatabaseConnection, new: NewJob<'_>) -> Result<job::Model, LedgerError> {
    let txn = begin_write(db).await?;
    let model = create_in(&txn, new).await?;
    txn.commit().await?;
    Ok(model)
}

/// [`create`] inside a caller's transaction, so that a job commits together with what
/// started it (a lesson taking it as its job, say). On an error the caller rolls back.
pub async fn create_in<C: ConnectionTrait>(
    txn: &C,
    new: NewJob<'_>,
) -> Result<job::Model, LedgerError> {
    let id = uuid::Uuid::new_v4().to_string();
    let now = Utc::now();
    let model = job::ActiveModel {
        id: Set(id.clone()),
        user_id: Set(new.user_id.to_string()),
        kind: Set(new.kind),
        status: Set(JobStatus::Queued),
        progress: Set(0),
        current_step: Set(QUEUED_STEP.into()),
        title: Set(new.title),
        smart_title: Set(None),
        error: Set(None),
        params: Set(new.params.to_string()),
        result: Set(None),
        credits_reserved: Set(new.cost),
        attempts: Set(0),
        worker: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        started_at: Set(None),
        completed_at: Set(None),
    }
    .insert(txn)
    .await?;
    if new.cost > 0 {
        credits::reserve_in(txn, new.user_id, new.cost, &id).await?;
    }
    Ok(model)
}

pub async fn find(db: &DatabaseConnection, job_id: &str) -> Result<Option<job::Model>, DbErr> {
    find_in(db, job_id).await
}

/// [`find`] on any connection, a transaction included.
pub async fn find_in<C: ConnectionTrait>(
    conn: &C,
    job_id: &str,
) -> Result<Option<job::Model>, DbErr> {
    job::Entity::find_by_id(job_id.to_string()).one(conn).await
}

/// The job if it belongs to `user_id`; another user's job does not exist for them.
pub async fn find_for_user(
    db: &DatabaseConnection,
    user_id: &str,
    job_id: &str,
) -> Result<Option<job::Model>, DbErr> {
    Ok(find(db, job_id).await?.filter(|j| j.user_id == user_id))
}

pub async fn list_for_user(
    db: &DatabaseConnection,
    user_id: &str,
    limit: u64,
) -> Result<Vec<job::Model>, DbErr> {
    job::Entity::find()
        .filter(job::Column::UserId.eq(user_id))
        .order_by_desc(job::Column::CreatedAt)
        .limit(limit)
        .all(db)
        .await
}

/// Cancels a queued or processing job and refunds it, once. `false` when it was final.
pub async fn cancel(db: &DatabaseConnection, job: &job::Model) -> Result<bool, LedgerError> {
    end(db, &job.id, JobStatus::Cancelled, "Cancelled", None).await
}

/// Marks a job failed with a reason people can read, and refunds it, once.
pub async fn fail(db: &DatabaseConnection, job_id: &str, error: &str) -> Result<bool, LedgerError> {
    end(db, job_id, JobStatus::Failed, "Failed", Some(error)).await
}

async fn end(
    db: &DatabaseConnection,
    job_id: &str,
    final_status: JobStatus,
    step: &str,
    error: Option<&str>,
) -> Result<bool, LedgerError> {
    let txn = begin_write(db).await?;
    let now = Utc::now();
    let updated = job::Entity::update_many()
        .col_expr(job::Column::Status, Expr::value(final_status))
        .col_expr(job::Column::CurrentStep, Expr::value(step))
        .col_expr(job::Column::Error, Expr::value(error.map(str::to_string)))
        .col_expr(job::Column::UpdatedAt, Expr::value(now))
        .col_expr(job::Column::CompletedAt, Expr::value(now))
        .filter(job::Column::Id.eq(job_id))
        .filter(job::Column::Status.is_in([JobStatus::Queued, JobStatus::Processing]))
        .exec(&txn)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(false);
    }
    let reserved = job::Entity::find_by_id(job_id.to_string())
        .one(&txn)
        .await?
        .map(|j| j.credits_reserved)
        .unwrap_or(0);
    if reserved > 0 {
        credits::refund_in(&txn, job_id).await?;
    }
    txn.commit().await?;
    if reserved > 0 {
        metrics::counter!("lectern_credits_refunded_total").increment(reserved as u64);
    }
    Ok(true)
}

pub enum Claim {
    /// The job is this worker's to run now (attempt number included).
    Run(Box<job::Model>),
    /// Completed, failed, cancelled or gone: nothing to do.
    Skip,
}

/// Takes a job for a worker. A job still marked processing by a worker that died is taken
/// over; the attempt count goes up either way.
pub async fn claim(db: &DatabaseConnection, job_id: &str, worker: &str) -> Result<Claim, DbErr> {
    let now = Utc::now();
    let updated = job::Entity::update_many()
        .col_expr(job::Column::Status, Expr::value(JobStatus::Processing))
        .col_expr(job::Column::Worker, Expr::value(worker))
        .col_expr(
            job::Column::Attempts,
            Expr::col(job::Column::Attempts).add(1),
        )
        .col_expr(job::Column::UpdatedAt, Expr::value(now))
        .col_expr(
            job::Column::CurrentStep,
            Expr::case(
                Expr::col(job::Column::CurrentStep).eq(QUEUED_STEP),
                STARTING_STEP,
            )
            .finally(Expr::col(job::Column::CurrentStep))
            .into(),
        )
        .col_expr(
            job::Column::StartedAt,
            Expr::col(job::Column::StartedAt).if_null(now),
        )
        .filter(job::Column::Id.eq(job_id))
        .filter(job::Column::Status.is_in([JobStatus::Queued, JobStatus::Processing]))
        .exec(db)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(Claim::Skip);
    }
    Ok(match find(db, job_id).await? {
        Some(job) => Claim::Run(Box::new(job)),
        None => Claim::Skip,
    })
}

/// Records progress while the job is still running (a cancelled job is left alone).
pub async fn progress(
    db: &DatabaseConnection,
    job_id: &str,
    percent: i32,
    step: &str,
) -> Result<(), DbErr> {
    job::Entity::update_many()
        .col_expr(job::Column::Progress, Expr::value(percent.clamp(0, 99)))
        .col_expr(job::Column::CurrentStep, Expr::value(step))
        .col_expr(job::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(job::Column::Id.eq(job_id))
        .filter(job::Column::Status.eq(JobStatus::Processing))
        .exec(db)
        .await?;
    Ok(())
}

/// Jobs waiting in the queue and jobs running, from the `jobs` table (the source of truth,
/// whichever queue back-end carries the messages).
pub async fn active_counts(db: &DatabaseConnection) -> Result<(u64, u64), DbErr> {
    let queued = job::Entity::find()
        .filter(job::Column::Status.eq(JobStatus::Queued))
        .count(db)
        .await?;
    let running = job::Entity::find()
        .filter(job::Column::Status.eq(JobStatus::Processing))
        .count(db)
        .await?;
    Ok((queued, running))
}

/// How many of the queued jobs cost credits: the paid lane of the queue, taken before free
/// work (see `queue::JobQueue::push_with_priority`).
pub async fn queued_paid(db: &DatabaseConnection) -> Result<u64, DbErr> {
    job::Entity::find()
        .filter(job::Column::Status.eq(JobStatus::Queued))
        .filter(job::Column::CreditsReserved.gt(0))
        .count(db)
        .await
}

/// How many jobs the user started since `since`, and when the oldest of them started: the
/// per-user rate, counted in the database that every API replica shares. A course's lesson
/// videos are not counted (a request may start several; its course was counted).
pub async fn started_since(
    db: &DatabaseConnection,
    user_id: &str,
    since: chrono::DateTime<Utc>,
) -> Result<(u64, Option<chrono::DateTime<Utc>>), DbErr> {
    let recent = job::Entity::find()
        .filter(job::Column::UserId.eq(user_id))
        .filter(job::Column::CreatedAt.gte(since))
        .filter(job::Column::Kind.ne(JobKind::CourseVideo));
    let count = recent.clone().count(db).await?;
    let oldest = recent
        .order_by_asc(job::Column::CreatedAt)
        .one(db)
        .await?
        .map(|job| job.created_at);
    Ok((count, oldest))
}

/// How long a job of this kind usually takes from submission to its end, in seconds: the
/// median of the last [`EXPECTED_SAMPLE`] completed jobs of the kind (free previews apart
/// from the rest), or a fixed guess while fewer than 3 have completed. The web app warns
/// "taking longer than usual" against it. Kept for a minute per kind, since every client's
/// status poll asks for it.
pub async fn expected_seconds(db: &DatabaseConnection, job: &job::Model) -> Result<u64, DbErr> {
    use std::{
        collections::HashMap,
        sync::{LazyLock, Mutex},
        time::{Duration, Instant},
    };
    type Key = (JobKind, bool);
    static KEPT: LazyLock<Mutex<HashMap<Key, (Instant, u64)>>> = LazyLock::new(Default::default);
    let dry_run = job.params.contains("\"dry_run\":true");
    let key = (job.kind, dry_run);
    if let Some((at, seconds)) = KEPT.lock().expect("expected times").get(&key)
        && at.elapsed() < Duration::from_secs(60)
    {
        return Ok(*seconds);
    }
    let mut recent = job::Entity::find()
        .filter(job::Column::Kind.eq(job.kind))
        .filter(job::Column::Status.eq(JobStatus::Completed))
        .filter(job::Column::CompletedAt.is_not_null());
    recent = if dry_run {
        recent.filter(job::Column::Params.contains("\"dry_run\":true"))
    } else {
        recent.filter(job::Column::Params.not_like("%\"dry_run\":true%"))
    };
    let mut took: Vec<i64> = recent
        .order_by_desc(job::Column::CompletedAt)
        .limit(EXPECTED_SAMPLE)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|j| Some((j.completed_at? - j.created_at).num_seconds()))
        .collect();
    took.sort_unstable();
    let seconds = if took.len() >= 3 {
        Ord::max(took[took.len() / 2], 1) as u64
    } else {
        match (job.kind, dry_run) {
            (_, true) => 30,
            (JobKind::Course, _) => 60,
            (JobKind::Problem, _) | (JobKind::Revision, _) => 90,
            (JobKind::Video, _) | (JobKind::CourseVideo, _) => 120,
        }
    };
    KEPT.lock()
        .expect("expected times")
        .insert(key, (Instant::now(), seconds));
    Ok(seconds)
}

/// How many completed jobs of a kind [`expected_seconds`] reads.
pub const EXPECTED_SAMPLE: u64 = 20;

/// The user's jobs that are queued or running: they are capped per user.
pub async fn unfinished_for_user(db: &DatabaseConnection, user_id: &str) -> Result<u64, DbErr> {
    job::Entity::find()
        .filter(job::Column::UserId.eq(user_id))
        .filter(job::Column::Status.is_in([JobStatus::Queued, JobStatus::Processing]))
        .count(db)
        .await
}

pub async fn is_cancelled(db: &DatabaseConnection, job_id: &str) -> Result<bool, DbErr> {
    Ok(find(db, job_id)
        .await?
        .is_none_or(|j| j.status == JobStatus::Cancelled))
}

#[derive(Clone)]
pub struct Completion {
    pub result: serde_json::Value,
    pub smart_title: Option<String>,
    pub step: String,
    /// The library record to create with the completion, if any.
    pub video: Option<video::ActiveModel>,
}

/// Completes a processing job exactly once, with its library record and the user's stats,
/// in one transaction. `false` when the job was no longer processing (cancelled, or
/// completed by another worker).
pub async fn complete(
    db: &DatabaseConnection,
    job: &job::Model,
    completion: Completion,
) -> Result<bool, DbErr> {
    let txn = begin_write(db).await?;
    if !complete_in(&txn, job, completion).await? {
        return Ok(false);
    }
    txn.commit().await?;
    Ok(true)
}

/// [`complete`] inside a caller's write transaction (begun with `db::begin_write`), so that
/// more records (a course and its lessons) commit with it. When it answers `false` nothing
/// was written and the caller should let the transaction roll back.
pub async fn complete_in(
    txn: &DatabaseTransaction,
    job: &job::Model,
    completion: Completion,
) -> Result<bool, DbErr> {
    let now = Utc::now();
    let updated = job::Entity::update_many()
        .col_expr(job::Column::Status, Expr::value(JobStatus::Completed))
        .col_expr(job::Column::Progress, Expr::value(100))
        .col_expr(job::Column::CurrentStep, Expr::value(completion.step))
        .col_expr(
            job::Column::Result,
            Expr::value(completion.result.to_string()),
        )
        .col_expr(job::Column::SmartTitle, Expr::value(completion.smart_title))
        .col_expr(job::Column::UpdatedAt, Expr::value(now))
        .col_expr(job::Column::CompletedAt, Expr::value(now))
        .filter(job::Column::Id.eq(job.id.as_str()))
        .filter(job::Column::Status.eq(JobStatus::Processing))
        // Only the claim this worker holds: a worker presumed dead whose job was taken over
        // must not complete it a second time.
        .filter(job::Column::Attempts.eq(job.attempts))
        .exec(txn)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(false);
    }
    if let Some(video) = completion.video {
        let video = video.insert(txn).await?;
        video_version::insert_first(txn, &video).await?;
        bump_stats(
            txn,
            &job.user_id,
            job.kind == JobKind::Problem,
            job.credits_reserved,
        )
        .await?;
    }
    Ok(true)
}

/// Adds the credits a completed job spent to the user's stats, for jobs that make no video
/// (a course).
pub async fn record_credits_used<C: ConnectionTrait>(
    conn: &C,
    user_id: &str,
    credits: i64,
) -> Result<(), DbErr> {
    if credits <= 0 {
        return Ok(());
    }
    add_to_stats(conn, user_id, None, credits).await
}

async fn bump_stats<C: ConnectionTrait>(
    conn: &C,
    user_id: &str,
    problem: bool,
    credits: i64,
) -> Result<(), DbErr> {
    let counter = if problem {
        user::Column::StatsProblemsSolved
    } else {
        user::Column::StatsVideosGenerated
    };
    add_to_stats(conn, user_id, Some(counter), credits).await
}

/// Adds `credits` to the user's credits-used stat, and one to `counter` when given.
async fn add_to_stats<C: ConnectionTrait>(
    conn: &C,
    user_id: &str,
    counter: Option<user::Column>,
    credits: i64,
) -> Result<(), DbErr> {
    let mut update = user::Entity::update_many().col_expr(
        user::Column::StatsCreditsUsed,
        Expr::col(user::Column::StatsCreditsUsed).add(credits),
    );
    if let Some(counter) = counter {
        update = update.col_expr(counter, Expr::col(counter).add(1));
    }
    update
        .filter(user::Column::Id.eq(user_id))
        .exec(conn)
        .await?;
    Ok(())
}
