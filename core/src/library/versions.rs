//! A video's versions: the first is the video as its job made it; each edit of its
//! storyboard renders a new one with a job and media of its own. The video shows one version
//! (its `job_id` and `media_prefix` are that version's); the others stay until the video is
//! deleted, and the user can go back to any of them.

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait},
};

use crate::{
    db::begin_write,
    entities::{job, video, video_version},
    jobs::{self, Completion, media},
    storage::{Storage, StorageError},
};

/// The first version of a video that was just recorded.
pub use video_version::insert_first as first_in;

/// The user's video's versions, newest first; `None` when the user has no such video.
pub async fn list<C: ConnectionTrait>(
    conn: &C,
    video: &video::Model,
) -> Result<Vec<video_version::Model>, DbErr> {
    video_version::Entity::find()
        .filter(video_version::Column::VideoId.eq(video.id.as_str()))
        .filter(video_version::Column::UserId.eq(video.user_id.as_str()))
        .order_by_desc(video_version::Column::Number)
        .all(conn)
        .await
}

/// The media folders of every version of a video (the shown one included).
pub async fn media_prefixes<C: ConnectionTrait>(
    conn: &C,
    video: &video::Model,
) -> Result<Vec<String>, DbErr> {
    let mut prefixes: Vec<String> = list(conn, video)
        .await?
        .iter()
        .map(|v| media::prefix(&v.job_id))
        .collect();
    if let Some(shown) = super::media_prefix(video)
        && !prefixes.contains(&shown)
    {
        prefixes.push(shown);
    }
    Ok(prefixes)
}

/// The user's video one of whose versions `job_id` made.
pub async fn video_of_job<C: ConnectionTrait>(
    conn: &C,
    user_id: &str,
    job_id: &str,
) -> Result<Option<video::Model>, DbErr> {
    let Some(version) = video_version::Entity::find()
        .filter(video_version::Column::JobId.eq(job_id))
        .filter(video_version::Column::UserId.eq(user_id))
        .one(conn)
        .await?
    else {
        return Ok(None);
    };
    super::find_video(conn, user_id, &version.video_id).await
}

/// What a finished edit adds to its video.
#[derive(Debug, Clone)]
pub struct NewVersion {
    pub video_id: String,
    pub scenes_changed: u32,
    /// The new version's timed transcript (the video's searchable text).
    pub transcript: Option<String>,
}

/// Completes an edit's job and makes its media the video's new version, in one transaction:
/// the video never points at media that are not complete. `false` when the job was no longer
/// this worker's to complete; an error when the video is gone (the job then fails and is
/// refunded).
pub async fn complete_edit(
    db: &DatabaseConnection,
    job: &job::Model,
    completion: Completion,
    new: NewVersion,
) -> Result<bool, DbErr> {
    let txn = begin_write(db).await?;
    if !jobs::complete_in(&txn, job, completion).await? {
        return Ok(false);
    }
    let video = super::find_video(&txn, &job.user_id, &new.video_id)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("the edited video was deleted".into()))?;
    let number: Option<i32> = video_version::Entity::find()
        .select_only()
        .column_as(Expr::col(video_version::Column::Number).max(), "number")
        .filter(video_version::Column::VideoId.eq(video.id.as_str()))
        .into_tuple()
        .one(&txn)
        .await?
        .flatten();
    let number = number.unwrap_or(1) + 1;
    video_version::ActiveModel::numbered(
        &video,
        &job.id,
        number,
        new.scenes_changed,
        job.credits_reserved,
    )
    .insert(&txn)
    .await?;
    show(&txn, &video, &job.id, new.transcript).await?;
    jobs::record_credits_used(&txn, &job.user_id, job.credits_reserved).await?;
    video::Entity::update_many()
        .col_expr(
            video::Column::CreditsUsed,
            Expr::col(video::Column::CreditsUsed).add(job.credits_reserved),
        )
        .filter(video::Column::Id.eq(video.id.as_str()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(true)
}

/// Points the video at the media of `job_id`.
async fn show<C: ConnectionTrait>(
    conn: &C,
    video: &video::Model,
    job_id: &str,
    transcript: Option<String>,
) -> Result<(), DbErr> {
    video::Entity::update_many()
        .col_expr(video::Column::JobId, Expr::value(job_id))
        .col_expr(
            video::Column::MediaPrefix,
            Expr::value(media::prefix(job_id)),
        )
        .col_expr(video::Column::HasThumbnail, Expr::value(true))
        .col_expr(
            video::Column::ThumbnailStoragePath,
            Expr::value(media::thumbnail(job_id)),
        )
        .col_expr(video::Column::Transcript, Expr::value(transcript))
        .col_expr(video::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(video::Column::Id.eq(video.id.as_str()))
        .filter(video::Column::UserId.eq(video.user_id.as_str()))
        .exec(conn)
        .await?;
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("no such version")]
    NoSuchVersion,
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// Shows version `number` of the user's video again; answers the version.
pub async fn restore(
    db: &DatabaseConnection,
    storage: &Storage,
    video: &video::Model,
    number: i32,
) -> Result<video_version::Model, RestoreError> {
    let version = video_version::Entity::find()
        .filter(video_version::Column::VideoId.eq(video.id.as_str()))
        .filter(video_version::Column::UserId.eq(video.user_id.as_str()))
        .filter(video_version::Column::Number.eq(number))
        .one(db)
        .await?
        .ok_or(RestoreError::NoSuchVersion)?;
    let transcript = storage
        .get_bytes(&media::transcript(&version.job_id))
        .await?
        .and_then(|bytes| String::from_utf8(bytes).ok());
    show(db, video, &version.job_id, transcript).await?;
    Ok(version)
}
