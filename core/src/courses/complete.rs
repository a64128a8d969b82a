//! The transactions that complete a course's jobs: a course job writes the course and its
//! lessons with its completion, and a lesson-video job attaches its video to its lesson with
//! its own. All of it is written, or none (when the job is no longer the caller's to
//! complete: cancelled, or taken over by another worker).

use sea_orm::{DatabaseConnection, DbErr};

use super::{NewCourse, attach_video_in, insert_in};
use crate::{
    db::begin_write,
    entities::job,
    jobs::{self, Completion},
};

/// Completes a course job with its course and lessons; `false` when nothing was written.
pub async fn complete_course(
    db: &DatabaseConnection,
    job: &job::Model,
    completion: Completion,
    course: NewCourse<'_>,
) -> Result<bool, DbErr> {
    let txn = begin_write(db).await?;
    if !jobs::complete_in(&txn, job, completion).await? {
        return Ok(false);
    }
    insert_in(&txn, course).await?;
    jobs::record_credits_used(&txn, &job.user_id, job.credits_reserved).await?;
    txn.commit().await?;
    Ok(true)
}

/// Completes a lesson-video job with its video (the completion's record, `video_id`), which
/// becomes lesson `lesson_index`'s of course `course_id`; `false` when nothing was written.
pub async fn complete_lesson(
    db: &DatabaseConnection,
    job: &job::Model,
    completion: Completion,
    course_id: &str,
    lesson_index: u32,
    video_id: &str,
) -> Result<bool, DbErr> {
    let txn = begin_write(db).await?;
    if !jobs::complete_in(&txn, job, completion).await? {
        return Ok(false);
    }
    attach_video_in(&txn, course_id, lesson_index, &job.id, video_id).await?;
    txn.commit().await?;
    Ok(true)
}
