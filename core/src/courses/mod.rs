//! Courses: a learning goal becomes an outline of ordered lessons (written by a course job),
//! and each lesson can then get its video (a lesson-video job, free for the course's owner).
//!
//! A course row and its lessons are written together, in the transaction that completes the
//! course job. A lesson's status is read from its latest job and its video: the `jobs`
//! table is the truth, as for every other job.

mod complete;
pub mod entity;
mod start;

use chrono::Utc;
use lectern_contract::Wpm;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
    sea_query::{Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use serde_json::json;

pub use complete::{complete_course, complete_lesson};
pub use entity::{course, idempotency_key, lesson};
pub use start::{
    IndexProblem, LessonStart, StartCourse, StartError, check_indices, content_key, lesson_minutes,
    start_course, start_lessons,
};

use crate::{
    entities::{job, user, video},
    jobs::status,
    library,
};

/// A course has between this many lessons...
pub const MIN_LESSONS: usize = 3;
/// ...and this many.
pub const MAX_LESSONS: usize = 12;
/// Lesson videos are narrated at this pace.
pub const LESSON_WPM: Wpm = Wpm::new(150);

/// What a course job produced: the outline to store.
#[derive(Debug, Clone, PartialEq)]
pub struct Outline {
    pub title: String,
    pub description: String,
    pub audience: String,
    pub prerequisites: Vec<String>,
    pub lessons: Vec<OutlineLesson>,
    /// Written by the offline writer (no language model): labelled as such everywhere.
    pub offline_draft: bool,
    pub script_engine: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutlineLesson {
    pub title: String,
    pub objectives: Vec<String>,
    pub summary: String,
    pub key_terms: Vec<String>,
    /// The part of the learner's documents the lesson is written from (a course made from
    /// documents: its section's passages); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<LessonSource>,
}

/// Passages of one of the learner's documents that a lesson is written from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonSource {
    pub source_id: String,
    /// Their places in the document (`source_passages.ordinal`), in order.
    pub passages: Vec<u32>,
    /// The pages they start on, in order, without repeats; empty for a document without pages.
    #[serde(default)]
    pub pages: Vec<u32>,
}

/// A fresh course id.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A course to store at the completion of its job.
#[derive(Debug, Clone)]
pub struct NewCourse<'a> {
    pub id: String,
    pub user_id: &'a str,
    pub job_id: Option<&'a str>,
    pub goal: &'a str,
    pub background_knowledge: &'a str,
    pub detail_level: u8,
    pub outline: Outline,
    /// Where its cover image is stored, if it has one.
    pub thumbnail_key: Option<String>,
}

/// Inserts the course and its lessons (none has a video yet).
pub async fn insert_in<C: ConnectionTrait>(
    conn: &C,
    new: NewCourse<'_>,
) -> Result<course::Model, DbErr> {
    let now = Utc::now();
    let id = new.id;
    let outline = new.outline;
    let data = json!({
        "offline_draft": outline.offline_draft,
        "script_engine": outline.script_engine,
        "lessons": outline.lessons,
    });
    let model = course::ActiveModel {
        id: Set(id.clone()),
        user_id: Set(new.user_id.to_string()),
        job_id: Set(new.job_id.map(str::to_string)),
        title: Set(outline.title),
        description: Set(outline.description),
        goal: Set(new.goal.to_string()),
        background_knowledge: Set(new.background_knowledge.to_string()),
        detail_level: Set(i32::from(new.detail_level)),
        audience: Set(outline.audience),
        prerequisites: Set(json!(outline.prerequisites).to_string()),
        data: Set(data.to_string()),
        status: Set(status::COMPLETED.into()),
        has_thumbnail: Set(new.thumbnail_key.is_some()),
        thumbnail_storage_path: Set(new.thumbnail_key),
        is_public: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(conn)
    .await?;
    for (index, lesson) in outline.lessons.into_iter().enumerate() {
        lesson::ActiveModel {
            id: Set(uuid::Uuid::new_v4().to_string()),
            course_id: Set(id.clone()),
            lesson_index: Set(index as i32),
            title: Set(lesson.title),
            objectives: Set(json!(lesson.objectives).to_string()),
            summary: Set(lesson.summary),
            key_terms: Set(json!(lesson.key_terms).to_string()),
            video_id: Set(None),
            job_id: Set(None),
            status: Set(LessonStatus::None.as_str().into()),
        }
        .insert(conn)
        .await?;
    }
    Ok(model)
}

/// Where a lesson's video stands, as the course page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LessonStatus {
    /// No video, and none on the way (never started, or cancelled).
    None,
    Queued,
    Processing,
    Completed,
    Failed,
}

impl LessonStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Queued => "queued",
            Self::Processing => "processing",
            Self::Completed => "completed",
            Self::Failed => "failed",
        }
    }

    /// A finished video wins; otherwise the latest job says. A job that completed but whose
    /// video was since deleted, or a cancelled one, leaves the lesson without a video.
    pub fn of(job: Option<&job::Model>, video: Option<&video::Model>) -> Self {
        if video.is_some() {
            return Self::Completed;
        }
        match job.map(|j| j.status.as_str()) {
            Some(status::QUEUED) => Self::Queued,
            Some(status::PROCESSING) => Self::Processing,
            Some(status::FAILED) => Self::Failed,
            _ => Self::None,
        }
    }
}

/// A lesson with its latest job and its finished video.
#[derive(Debug, Clone)]
pub struct LessonView {
    pub lesson: lesson::Model,
    pub status: LessonStatus,
    pub job: Option<job::Model>,
    pub video: Option<video::Model>,
}

/// A course with its lessons in order.
#[derive(Debug, Clone)]
pub struct CourseView {
    pub course: course::Model,
    pub lessons: Vec<LessonView>,
}

impl CourseView {
    pub fn offline_draft(&self) -> bool {
        course_data(&self.course)["offline_draft"] == true
    }

    pub fn script_engine(&self) -> Option<String> {
        course_data(&self.course)["script_engine"]
            .as_str()
            .map(str::to_string)
    }

    pub fn prerequisites(&self) -> Vec<String> {
        serde_json::from_str(&self.course.prerequisites).unwrap_or_default()
    }

    /// The documents each lesson is written from, in lesson order ([`lesson_sources`]); all
    /// empty for a course planned from its goal alone.
    pub fn lessons_sources(&self) -> Vec<Vec<LessonSource>> {
        let data = course_data(&self.course);
        (0..self.lessons.len())
            .map(|i| sources_in(&data, i))
            .collect()
    }

    /// The course as the library lists it, with its lesson count.
    pub fn summary(&self) -> library::Course {
        library::Course {
            lesson_count: self.lessons.len() as i64,
            course: self.course.clone(),
        }
    }
}

fn course_data(course: &course::Model) -> serde_json::Value {
    serde_json::from_str(&course.data).unwrap_or_default()
}

/// The parts of the learner's documents lesson `index` of `course` is written from, as the
/// course job stored them with its outline; empty for a course planned from its goal alone.
pub fn lesson_sources(course: &course::Model, index: usize) -> Vec<LessonSource> {
    sources_in(&course_data(course), index)
}

fn sources_in(data: &serde_json::Value, index: usize) -> Vec<LessonSource> {
    serde_json::from_value(data["lessons"][index]["sources"].clone()).unwrap_or_default()
}

/// The user's course, found by its id or by the id of the job that wrote it; another user's
/// course is `None`, exactly like a missing one.
pub async fn find_course<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    id: &str,
) -> Result<Option<course::Model>, DbErr> {
    course::Entity::find()
        .filter(course::Column::Id.eq(id).or(course::Column::JobId.eq(id)))
        .filter(course::Column::UserId.eq(user_id))
        .one(db)
        .await
}

/// A course by its id or its job's, whoever owns it (for operators: `lectern batch`).
pub async fn find_any_course<C: ConnectionTrait>(
    db: &C,
    id: &str,
) -> Result<Option<course::Model>, DbErr> {
    course::Entity::find()
        .filter(course::Column::Id.eq(id).or(course::Column::JobId.eq(id)))
        .one(db)
        .await
}

/// A user named by an operator: their id, or their e-mail address when exactly one account
/// has it.
pub async fn resolve_user<C: ConnectionTrait>(
    db: &C,
    id_or_email: &str,
) -> Result<Option<user::Model>, DbErr> {
    let wanted = id_or_email.trim();
    if let Some(found) = user::Entity::find_by_id(wanted.to_string()).one(db).await? {
        return Ok(Some(found));
    }
    let mut matches = user::Entity::find()
        .filter(user::Column::Email.eq(wanted.to_lowercase()))
        .all(db)
        .await?;
    if matches.is_empty() {
        matches = user::Entity::find()
            .filter(user::Column::Email.eq(wanted))
            .all(db)
            .await?;
    }
    Ok(if matches.len() == 1 {
        matches.pop()
    } else {
        None
    })
}

pub async fn lessons_of<C: ConnectionTrait>(
    db: &C,
    course_id: &str,
) -> Result<Vec<lesson::Model>, DbErr> {
    lesson::Entity::find()
        .filter(lesson::Column::CourseId.eq(course_id))
        .order_by_asc(lesson::Column::LessonIndex)
        .all(db)
        .await
}

/// The finished video of each lesson of a course, by lesson index (the newest if several).
async fn lesson_videos<C: ConnectionTrait>(
    db: &C,
    course: &course::Model,
) -> Result<std::collections::HashMap<i32, video::Model>, DbErr> {
    let rows = video::Entity::find()
        .filter(video::Column::CourseId.eq(course.id.as_str()))
        .filter(video::Column::UserId.eq(course.user_id.as_str()))
        .filter(video::Column::Status.eq(status::COMPLETED))
        .order_by_asc(video::Column::CreatedAt)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|v| v.lesson_index.map(|i| (i, v)))
        .collect())
}

/// The user's course with every lesson's status, job and video.
pub async fn view<C: ConnectionTrait>(
    db: &C,
    user_id: &str,
    id: &str,
) -> Result<Option<CourseView>, DbErr> {
    match find_course(db, user_id, id).await? {
        Some(course) => view_of(db, course).await.map(Some),
        None => Ok(None),
    }
}

/// A published course by its id, for anyone; a private or missing one is `None`, alike.
pub async fn public_view<C: ConnectionTrait>(
    db: &C,
    id: &str,
) -> Result<Option<CourseView>, DbErr> {
    let found = course::Entity::find()
        .filter(course::Column::Id.eq(id))
        .filter(course::Column::IsPublic.eq(true))
        .one(db)
        .await?;
    match found {
        Some(course) => view_of(db, course).await.map(Some),
        None => Ok(None),
    }
}

async fn view_of<C: ConnectionTrait>(db: &C, course: course::Model) -> Result<CourseView, DbErr> {
    let lessons = lessons_of(db, &course.id).await?;
    let mut videos = lesson_videos(db, &course).await?;
    let job_ids: Vec<&str> = lessons.iter().filter_map(|l| l.job_id.as_deref()).collect();
    let mut jobs: std::collections::HashMap<String, job::Model> = if job_ids.is_empty() {
        Default::default()
    } else {
        job::Entity::find()
            .filter(job::Column::Id.is_in(job_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|j| (j.id.clone(), j))
            .collect()
    };
    let lessons = lessons
        .into_iter()
        .map(|lesson| {
            let job = lesson.job_id.as_ref().and_then(|id| jobs.remove(id));
            let video = videos.remove(&lesson.lesson_index);
            LessonView {
                status: LessonStatus::of(job.as_ref(), video.as_ref()),
                lesson,
                job,
                video,
            }
        })
        .collect();
    Ok(CourseView { course, lessons })
}

/// Records a lesson's finished video with the completion of its job; only while that job is
/// still the lesson's latest.
pub async fn attach_video_in<C: ConnectionTrait>(
    conn: &C,
    course_id: &str,
    lesson_index: u32,
    job_id: &str,
    video_id: &str,
) -> Result<(), DbErr> {
    lesson::Entity::update_many()
        .col_expr(lesson::Column::VideoId, Expr::value(video_id))
        .col_expr(
            lesson::Column::Status,
            Expr::value(LessonStatus::Completed.as_str()),
        )
        .filter(lesson::Column::CourseId.eq(course_id))
        .filter(lesson::Column::LessonIndex.eq(lesson_index as i32))
        .filter(lesson::Column::JobId.eq(job_id))
        .exec(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(status: &str) -> job::Model {
        let now = Utc::now();
        job::Model {
            id: "j".into(),
            user_id: "u".into(),
            kind: job::JobKind::CourseVideo,
            status: sea_orm::ActiveEnum::try_from_value(&status.to_string()).unwrap(),
            progress: 0,
            current_step: String::new(),
            title: String::new(),
            smart_title: None,
            error: None,
            params: "{}".into(),
            result: None,
            credits_reserved: 0,
            attempts: 0,
            worker: None,
            created_at: now,
            updated_at: now,
            started_at: None,
            completed_at: None,
        }
    }

    #[test]
    fn a_lesson_status_follows_its_latest_job_unless_a_video_exists() {
        assert_eq!(LessonStatus::of(None, None), LessonStatus::None);
        assert_eq!(
            LessonStatus::of(Some(&job("queued")), None),
            LessonStatus::Queued
        );
        assert_eq!(
            LessonStatus::of(Some(&job("processing")), None),
            LessonStatus::Processing
        );
        assert_eq!(
            LessonStatus::of(Some(&job("failed")), None),
            LessonStatus::Failed
        );
        assert_eq!(
            LessonStatus::of(Some(&job("cancelled")), None),
            LessonStatus::None
        );
        // Completed, but its video was deleted from the library since.
        assert_eq!(
            LessonStatus::of(Some(&job("completed")), None),
            LessonStatus::None
        );
    }
}
