//! How far a user got in each of their videos (issue 17): where they stopped, the furthest
//! point they watched, and their answers to its checkpoint questions. A report replaces the
//! stored one only if the client recorded it later (the last write by timestamp wins, so a
//! tab that was offline cannot rewind a newer one, and a report sent twice changes nothing);
//! the furthest point only ever grows, and a video watched to 90% of its length is complete.

use std::collections::HashMap;

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, QueryFilter,
};
use serde::{Deserialize, Serialize};

use crate::db::begin_write;
use crate::entities::{video, video_progress};

/// Watching this share of a video completes it.
pub const COMPLETE_SHARE: f64 = 0.9;

/// A checkpoint question answered (`correct`) or skipped (`correct` is `None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckpointAnswer {
    /// The question's place among the video's checkpoints, from 0.
    pub question: u32,
    pub correct: Option<bool>,
}

/// What a player reports.
#[derive(Debug, Clone)]
pub struct Report {
    pub position_seconds: f64,
    pub furthest_seconds: f64,
    pub checkpoints: Vec<CheckpointAnswer>,
    pub recorded_at: chrono::DateTime<Utc>,
}

/// A user's progress in one video (all zero when they have not watched it).
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub position_seconds: f64,
    pub furthest_seconds: f64,
    pub duration_seconds: f64,
    pub completed: bool,
    pub checkpoints: Vec<CheckpointAnswer>,
    pub recorded_at: Option<chrono::DateTime<Utc>>,
}

impl Progress {
    fn none(video: &video::Model) -> Progress {
        Progress {
            position_seconds: 0.0,
            furthest_seconds: 0.0,
            duration_seconds: seconds_of(&video.duration),
            completed: false,
            checkpoints: Vec::new(),
            recorded_at: None,
        }
    }

    fn of(video: &video::Model, row: video_progress::Model) -> Progress {
        Progress {
            position_seconds: row.position_seconds,
            furthest_seconds: row.furthest_seconds,
            duration_seconds: seconds_of(&video.duration),
            completed: row.completed,
            checkpoints: serde_json::from_str(&row.checkpoints).unwrap_or_default(),
            recorded_at: Some(row.recorded_at),
        }
    }

    /// Checkpoints answered right, and answered at all (skipped ones are neither).
    pub fn score(&self) -> (u32, u32) {
        let answered = self.checkpoints.iter().filter(|c| c.correct.is_some());
        let right = answered.clone().filter(|c| c.correct == Some(true)).count();
        (right as u32, answered.count() as u32)
    }
}

/// Seconds of a video's stored length ("M:SS" or "H:MM:SS"); 0 when unreadable.
pub fn seconds_of(duration: &str) -> f64 {
    duration
        .split(':')
        .try_fold(0.0, |total, part| {
            part.trim().parse::<f64>().ok().map(|p| total * 60.0 + p)
        })
        .unwrap_or(0.0)
}

fn row_id(user_id: &str, video_id: &str) -> String {
    format!("{user_id}:{video_id}")
}

/// Stores `report` for the owner of `video` unless a later one is stored, and answers the
/// progress as it now stands. The times are clamped to the video's length.
pub async fn record(
    db: &DatabaseConnection,
    video: &video::Model,
    report: Report,
) -> Result<Progress, DbErr> {
    match record_once(db, video, report.clone()).await {
        // Two first reports at once: the other one made the row; this one now updates it.
        Err(e)
            if matches!(
                e.sql_err(),
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
            ) =>
        {
            record_once(db, video, report).await
        }
        other => other,
    }
}

async fn record_once(
    db: &DatabaseConnection,
    video: &video::Model,
    report: Report,
) -> Result<Progress, DbErr> {
    let duration = seconds_of(&video.duration);
    let clamp = |t: f64| {
        if duration > 0.0 {
            t.clamp(0.0, duration)
        } else {
            t.max(0.0)
        }
    };
    let id = row_id(&video.user_id, &video.id);
    let txn = begin_write(db).await?;
    let stored = video_progress::Entity::find_by_id(id.clone())
        .one(&txn)
        .await?;
    let furthest = clamp(report.furthest_seconds.max(report.position_seconds))
        .max(stored.as_ref().map_or(0.0, |s| s.furthest_seconds));
    let completed = stored.as_ref().is_some_and(|s| s.completed)
        || (duration > 0.0 && furthest >= duration * COMPLETE_SHARE);
    let newer = stored
        .as_ref()
        .is_none_or(|s| report.recorded_at > s.recorded_at);
    let now = Utc::now();
    let is_new = stored.is_none();
    let row = match stored {
        None => video_progress::ActiveModel {
            id: Set(id),
            user_id: Set(video.user_id.clone()),
            video_id: Set(video.id.clone()),
            position_seconds: Set(clamp(report.position_seconds)),
            furthest_seconds: Set(furthest),
            completed: Set(completed),
            checkpoints: Set(serde_json::to_string(&report.checkpoints).expect("answers serialise")),
            recorded_at: Set(report.recorded_at),
            updated_at: Set(now),
        },
        Some(stored) => {
            let mut row: video_progress::ActiveModel = stored.into();
            row.furthest_seconds = Set(furthest);
            row.completed = Set(completed);
            if newer {
                row.position_seconds = Set(clamp(report.position_seconds));
                row.checkpoints =
                    Set(serde_json::to_string(&report.checkpoints).expect("answers serialise"));
                row.recorded_at = Set(report.recorded_at);
            }
            row.updated_at = Set(now);
            row
        }
    };
    let saved = if is_new {
        row.insert(&txn).await?
    } else {
        row.update(&txn).await?
    };
    txn.commit().await?;
    Ok(Progress::of(video, saved))
}

/// The owner's progress in `video`.
pub async fn of_video<C: ConnectionTrait>(db: &C, video: &video::Model) -> Result<Progress, DbErr> {
    Ok(
        match video_progress::Entity::find_by_id(row_id(&video.user_id, &video.id))
            .one(db)
            .await?
        {
            Some(row) => Progress::of(video, row),
            None => Progress::none(video),
        },
    )
}

/// The user's progress in each of `videos`, by video id.
pub async fn of_videos<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    videos: &[&video::Model],
) -> Result<HashMap<String, Progress>, DbErr> {
    if videos.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<String> = videos.iter().map(|v| v.id.clone()).collect();
    let rows = video_progress::Entity::find()
        .filter(video_progress::Column::UserId.eq(user_id))
        .filter(video_progress::Column::VideoId.is_in(ids))
        .all(db)
        .await?;
    let mut rows: HashMap<String, video_progress::Model> =
        rows.into_iter().map(|r| (r.video_id.clone(), r)).collect();
    Ok(videos
        .iter()
        .map(|v| {
            let progress = match rows.remove(&v.id) {
                Some(row) => Progress::of(v, row),
                None => Progress::none(v),
            };
            (v.id.clone(), progress)
        })
        .collect())
}

/// A course's progress for its owner: lessons whose video was watched to 90%, and the
/// checkpoints answered in its lessons' videos.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CourseProgress {
    pub lessons_completed: u32,
    pub checkpoints_correct: u32,
    pub checkpoints_answered: u32,
}

impl CourseProgress {
    /// Adds one lesson video's progress.
    pub fn add(&mut self, progress: &Progress) {
        let (right, answered) = progress.score();
        self.lessons_completed += u32::from(progress.completed);
        self.checkpoints_correct += right;
        self.checkpoints_answered += answered;
    }
}

/// The user's progress in each of `course_ids`, from their lessons' finished videos.
pub async fn of_courses<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    course_ids: &[String],
) -> Result<HashMap<String, CourseProgress>, DbErr> {
    if course_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let lessons = video::Entity::find()
        .filter(video::Column::UserId.eq(user_id))
        .filter(video::Column::CourseId.is_in(course_ids.to_vec()))
        .all(db)
        .await?;
    let watched = of_videos(db, user_id, &lessons.iter().collect::<Vec<_>>()).await?;
    let mut courses: HashMap<String, CourseProgress> = course_ids
        .iter()
        .map(|id| (id.clone(), CourseProgress::default()))
        .collect();
    for lesson in &lessons {
        if let (Some(course), Some(progress)) = (&lesson.course_id, watched.get(&lesson.id)) {
            courses.entry(course.clone()).or_default().add(progress);
        }
    }
    Ok(courses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_length_reads_as_seconds() {
        assert_eq!(seconds_of("5:02"), 302.0);
        assert_eq!(seconds_of("1:00:05"), 3605.0);
        assert_eq!(seconds_of("soon"), 0.0);
    }

    #[test]
    fn skipped_checkpoints_count_neither_way() {
        let progress = Progress {
            position_seconds: 0.0,
            furthest_seconds: 0.0,
            duration_seconds: 60.0,
            completed: false,
            checkpoints: vec![
                CheckpointAnswer {
                    question: 0,
                    correct: Some(true),
                },
                CheckpointAnswer {
                    question: 1,
                    correct: Some(false),
                },
                CheckpointAnswer {
                    question: 2,
                    correct: None,
                },
            ],
            recorded_at: None,
        };
        assert_eq!(progress.score(), (1, 2));
    }
}
