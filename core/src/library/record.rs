//! A finished job's library record (SPEC.md section 3): each job kind gives what differs,
//! the rest comes from the job.

use chrono::Utc;
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
    duration_minutes: u32,
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

/// What a job kind says in its library record; the rest is the job's.
pub struct Record {
    pub video_type: String,
    pub title: String,
    pub original_title: String,
    pub topic: String,
    pub prompt: String,
    pub description: String,
    /// 1 to 3; the difficulty word follows from it.
    pub level: u8,
    pub duration: String,
    pub duration_minutes: i32,
    pub subject: String,
    pub problem_type: Option<String>,
    pub subtitle_style: Option<String>,
    pub wpm: u32,
    pub tags: Value,
    pub generated_content: Value,
    pub content_metadata: Value,
    pub is_public: bool,
    /// The course and the lesson's index, for a course's lesson video.
    pub lesson_of: Option<(String, i32)>,
}

impl Record {
    /// The record of `job`'s finished video, with its transcript.
    pub fn of(self, job: &job::Model, transcript: Option<String>) -> video::ActiveModel {
        let now = Utc::now();
        let (course_id, lesson_index) = self.lesson_of.unzip();
        video::ActiveModel {
            id: Set(uuid::Uuid::new_v4().to_string()),
            user_id: Set(job.user_id.clone()),
            job_id: Set(Some(job.id.clone())),
            video_type: Set(self.video_type),
            title: Set(self.title),
            original_title: Set(self.original_title),
            topic: Set(self.topic),
            prompt: Set(self.prompt),
            description: Set(self.description),
            level: Set(i32::from(self.level)),
            difficulty: Set(difficulty(self.level).into()),
            duration: Set(self.duration),
            duration_minutes: Set(self.duration_minutes),
            subject: Set(self.subject),
            problem_type: Set(self.problem_type),
            subtitle_style: Set(self.subtitle_style),
            wpm: Set(self.wpm as i32),
            dry_run: Set(false),
            tags: Set(self.tags.to_string()),
            generated_content: Set(self.generated_content.to_string()),
            content_metadata: Set(self.content_metadata.to_string()),
            status: Set("completed".into()),
            credits_used: Set(job.credits_reserved),
            media_prefix: Set(Some(media::prefix(&job.id))),
            has_thumbnail: Set(true),
            thumbnail_storage_path: Set(Some(media::thumbnail(&job.id))),
            transcript: Set(transcript),
            is_public: Set(self.is_public),
            course_id: Set(course_id),
            lesson_index: Set(lesson_index),
            created_at: Set(now),
            updated_at: Set(now),
        }
    }
}
