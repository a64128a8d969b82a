//! A finished job's library record (SPEC.md section 3): a row of `entities::video`, of which
//! the job gives some columns and its kind the rest.

use chrono::Utc;
use lectern_contract::Minutes;
use sea_orm::Set;
use serde_json::Value;

use crate::entities::{job, video};
use crate::jobs::media;

/// The difficulty word of a level (1-3).
pub fn difficulty(level: u8) -> &'static str {
    match level {
        1 => "beginner",
        3 => "advanced",
        _ => "intermediate",
    }
}

/// The `content_metadata` every narrated video's record carries: its subject, level, length
/// and how it was made (`method`, or "offline-draft" for an offline draft); a job kind may
/// add keys of its own.
pub fn narrated_metadata(
    subject: &str,
    level: u8,
    duration_minutes: Minutes,
    offline_draft: bool,
    method: &str,
) -> Value {
    let method = if offline_draft {
        "offline-draft"
    } else {
        method
    };
    serde_json::json!({
        "subject": subject,
        "detail_level": level,
        "duration_minutes": duration_minutes,
        "has_audio": true,
        "generation_method": method,
    })
}

/// A finished job's library row holding the columns the job decides (ids, the credits it
/// spent, its media, transcript and time); every other column is its kind's, written over it
/// with struct update syntax: `video::ActiveModel { title: Set(..), .., ..finished_video(job,
/// transcript) }`. A column the kind leaves unset stays NULL where the column allows it, and
/// fails the insert where it does not: the row's columns are listed once, in the entity.
pub fn finished_video(job: &job::Model, transcript: Option<String>) -> video::ActiveModel {
    let now = Utc::now();
    video::ActiveModel {
        id: Set(uuid::Uuid::new_v4().to_string()),
        user_id: Set(job.user_id.clone()),
        job_id: Set(Some(job.id.clone())),
        dry_run: Set(false),
        status: Set("completed".into()),
        credits_used: Set(job.credits_reserved),
        media_prefix: Set(Some(media::prefix(&job.id))),
        has_thumbnail: Set(true),
        thumbnail_storage_path: Set(Some(media::thumbnail(&job.id))),
        transcript: Set(transcript),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}
