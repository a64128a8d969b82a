//! Starting jobs for courses: a course from a goal, and videos for lessons of a course.
//!
//! Starting is idempotent where it matters: a lesson whose video is on the way or done gets
//! no second job (its existing job answers), and a request carrying an idempotency key (a
//! line of an operator's batch file) starts at most one course. Both are enforced by the
//! database (a conditional update of the lesson's job, a unique key), not by a check in memory.

use chrono::Utc;
use lectern_contract::Minutes;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait,
    QueryFilter, Set, sea_query::Expr,
};

use super::{LESSON_WPM, LessonStatus, course, find_course, idempotency_key, lesson};
use crate::{
    credits::LedgerError,
    db::begin_write,
    entities::{job, video},
    jobs::{
        self, COURSE_COST, CourseParams, JobKind, LESSON_VIDEO_COST, LessonVideoParams, NewJob,
        status,
    },
};

/// How long a lesson video is asked to be, by the course's detail level.
pub fn lesson_minutes(detail_level: u8) -> Minutes {
    Minutes::whole(match detail_level {
        1 => 3,
        3 => 5,
        _ => 4,
    })
}

/// One thing wrong with a list of lesson indices; `position` is the entry's place in the list
/// (none when the list as a whole is wrong).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexProblem {
    pub position: Option<usize>,
    pub message: String,
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("course not found")]
    NotFound,
    #[error("invalid lesson indices")]
    InvalidIndices(Vec<IndexProblem>),
    #[error(transparent)]
    Ledger(#[from] LedgerError),
}

impl From<DbErr> for StartError {
    fn from(err: DbErr) -> Self {
        Self::Ledger(LedgerError::Db(err))
    }
}

/// Checks lesson indices (counted from zero) against a course of `lesson_count` lessons: none
/// negative or out of range, none twice, no more than the course has, at least one. Every
/// problem is reported; the indices come back in the order given.
pub fn check_indices(indices: &[i64], lesson_count: usize) -> Result<Vec<u32>, Vec<IndexProblem>> {
    let mut problems = Vec::new();
    let last = lesson_count.saturating_sub(1);
    if indices.is_empty() {
        problems.push(IndexProblem {
            position: None,
            message: "Give at least one lesson index".into(),
        });
    }
    if indices.len() > lesson_count {
        problems.push(IndexProblem {
            position: None,
            message: format!(
                "{} lesson indices were given, but the course has only {lesson_count} lessons",
                indices.len()
            ),
        });
    }
    let mut seen = std::collections::HashSet::new();
    for (position, &index) in indices.iter().enumerate() {
        let message = if index < 0 {
            Some(format!(
                "Lesson index {index} is negative; lessons are numbered from 0 to {last}"
            ))
        } else if index as u64 >= lesson_count as u64 {
            Some(format!(
                "There is no lesson {index}: the course has {lesson_count} lessons, numbered from 0 to {last}"
            ))
        } else if !seen.insert(index) {
            Some(format!("Lesson {index} is listed more than once"))
        } else {
            None
        };
        if let Some(message) = message {
            problems.push(IndexProblem {
                position: Some(position),
                message,
            });
        }
    }
    if problems.is_empty() {
        Ok(indices.iter().map(|&i| i as u32).collect())
    } else {
        Err(problems)
    }
}

/// What starting one lesson's video did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonStart {
    pub lesson_index: u32,
    pub job_id: String,
    /// The job's status: `queued` for a new job, or that of the job that already had it.
    pub status: String,
    /// A new job was created (and must be put on the queue).
    pub created: bool,
    pub title: String,
}

/// Starts the videos of the lessons at `indices` of the user's course `course_id` (its id or
/// its job's), in one transaction: all of them, or with any invalid index none. A lesson
/// whose video is queued, processing or done keeps its job; only the others get a new one.
/// A dry run plans one lesson's script without attaching the job to the lesson.
pub async fn start_lessons(
    db: &DatabaseConnection,
    user_id: &str,
    course_id: &str,
    indices: &[i64],
    dry_run: bool,
) -> Result<Vec<LessonStart>, StartError> {
    // A concurrent request may take a lesson between our read and our write; the conditional
    // update notices, and the whole start is tried again on what is there now.
    for _ in 0..3 {
        let txn = begin_write(db).await?;
        match start_in(&txn, user_id, course_id, indices, dry_run).await? {
            Some(started) => {
                txn.commit().await?;
                return Ok(started);
            }
            None => drop(txn),
        }
    }
    Err(StartError::Ledger(LedgerError::Db(DbErr::Custom(
        "the lessons kept changing while being started".into(),
    ))))
}

async fn start_in(
    txn: &DatabaseTransaction,
    user_id: &str,
    course_id: &str,
    indices: &[i64],
    dry_run: bool,
) -> Result<Option<Vec<LessonStart>>, StartError> {
    let course = find_course(txn, user_id, course_id)
        .await?
        .ok_or(StartError::NotFound)?;
    let lessons = super::lessons_of(txn, &course.id).await?;
    let wanted = check_indices(indices, lessons.len()).map_err(StartError::InvalidIndices)?;
    let mut started = Vec::with_capacity(wanted.len());
    for index in wanted {
        let lesson = &lessons[index as usize];
        let start = |job_id: String, status: String, created: bool| LessonStart {
            lesson_index: index,
            job_id,
            status,
            created,
            title: lesson.title.clone(),
        };
        if dry_run {
            let job = create_lesson_job(txn, &course, lesson, true).await?;
            started.push(start(job.id, job.status.to_string(), true));
            continue;
        }
        if let Some((job_id, status)) = existing_job(txn, &course, lesson).await? {
            started.push(start(job_id, status, false));
            continue;
        }
        let job = create_lesson_job(txn, &course, lesson, false).await?;
        let mut take = lesson::Entity::update_many()
            .col_expr(lesson::Column::JobId, Expr::value(job.id.as_str()))
            .col_expr(
                lesson::Column::Status,
                Expr::value(LessonStatus::Queued.as_str()),
            )
            .filter(lesson::Column::Id.eq(lesson.id.as_str()));
        take = match &lesson.job_id {
            Some(previous) => take.filter(lesson::Column::JobId.eq(previous.as_str())),
            None => take.filter(lesson::Column::JobId.is_null()),
        };
        if take.exec(txn).await?.rows_affected != 1 {
            return Ok(None);
        }
        started.push(start(job.id, job.status.to_string(), true));
    }
    Ok(Some(started))
}

/// The job that already stands for a lesson's video: the one of its finished video, or its
/// latest job while queued or processing. `(job id, status)`.
async fn existing_job(
    txn: &DatabaseTransaction,
    course: &course::Model,
    lesson: &lesson::Model,
) -> Result<Option<(String, String)>, DbErr> {
    let finished = video::Entity::find()
        .filter(video::Column::CourseId.eq(course.id.as_str()))
        .filter(video::Column::UserId.eq(course.user_id.as_str()))
        .filter(video::Column::LessonIndex.eq(lesson.lesson_index))
        .filter(video::Column::Status.eq(status::COMPLETED))
        .one(txn)
        .await?;
    if let Some(job_id) = finished.and_then(|v| v.job_id) {
        return Ok(Some((job_id, status::COMPLETED.to_string())));
    }
    let Some(job_id) = &lesson.job_id else {
        return Ok(None);
    };
    Ok(jobs::find_in(txn, job_id)
        .await?
        .filter(|j| j.status.is_active())
        .map(|j| (j.id, j.status.to_string())))
}

async fn create_lesson_job(
    txn: &DatabaseTransaction,
    course: &course::Model,
    lesson: &lesson::Model,
    dry_run: bool,
) -> Result<job::Model, LedgerError> {
    let level = course.detail_level.clamp(1, 3) as u8;
    let params = LessonVideoParams {
        course_id: course.id.clone(),
        lesson_index: lesson.lesson_index as u32,
        level,
        duration_minutes: lesson_minutes(level),
        wpm: LESSON_WPM,
        dry_run,
    };
    jobs::create_in(
        txn,
        NewJob {
            user_id: &course.user_id,
            kind: JobKind::CourseVideo,
            title: lesson.title.clone(),
            params: serde_json::to_value(&params).expect("params serialise"),
            // The owner's own course: its lesson videos are free.
            cost: LESSON_VIDEO_COST,
        },
    )
    .await
}

/// What starting a course did.
#[derive(Debug, Clone)]
pub struct StartCourse {
    pub job: job::Model,
    /// A new job was created (and must be put on the queue); `false` when the idempotency key
    /// named a job started before.
    pub created: bool,
}

/// Starts a course job for `params`, reserving its cost (none for a dry run) with it. With a
/// `key`, the same key of the same user answers the job it started, unless that job failed or
/// was cancelled: then the key moves to a new job (a retry).
pub async fn start_course(
    db: &DatabaseConnection,
    user_id: &str,
    params: &CourseParams,
    title: String,
    key: Option<&str>,
) -> Result<StartCourse, LedgerError> {
    let scoped = key.map(|k| format!("{user_id}:{k}"));
    let previous = keyed_job(db, scoped.as_deref()).await?;
    if let Some(found) = &previous
        && ![status::FAILED, status::CANCELLED].contains(&found.status.as_str())
    {
        return Ok(StartCourse {
            job: found.clone(),
            created: false,
        });
    }
    let txn = begin_write(db).await?;
    let job = jobs::create_in(
        &txn,
        NewJob {
            user_id,
            kind: JobKind::Course,
            title,
            params: serde_json::to_value(params).expect("params serialise"),
            cost: if params.dry_run { 0 } else { COURSE_COST },
        },
    )
    .await?;
    if let (Some(key), Some(previous)) = (&scoped, &previous) {
        let moved = idempotency_key::Entity::update_many()
            .col_expr(idempotency_key::Column::JobId, Expr::value(job.id.as_str()))
            .filter(idempotency_key::Column::Key.eq(key.as_str()))
            .filter(idempotency_key::Column::JobId.eq(previous.id.as_str()))
            .exec(&txn)
            .await?;
        if moved.rows_affected != 1 {
            // Another run retried it first: theirs is the job.
            drop(txn);
            return match keyed_job(db, Some(key)).await? {
                Some(found) => Ok(StartCourse {
                    job: found,
                    created: false,
                }),
                None => Err(LedgerError::Db(DbErr::RecordNotFound(key.clone()))),
            };
        }
    } else if let Some(key) = &scoped {
        let inserted = idempotency_key::ActiveModel {
            key: Set(key.clone()),
            user_id: Set(user_id.to_string()),
            job_id: Set(job.id.clone()),
            created_at: Set(Utc::now()),
        }
        .insert(&txn)
        .await;
        if let Err(err) = inserted {
            // The same key went in concurrently: that request's job is the one.
            drop(txn);
            return match keyed_job(db, Some(key)).await? {
                Some(found) => Ok(StartCourse {
                    job: found,
                    created: false,
                }),
                None => Err(LedgerError::Db(err)),
            };
        }
    }
    txn.commit().await?;
    Ok(StartCourse { job, created: true })
}

async fn keyed_job(
    db: &DatabaseConnection,
    scoped_key: Option<&str>,
) -> Result<Option<job::Model>, DbErr> {
    let Some(key) = scoped_key else {
        return Ok(None);
    };
    let Some(row) = idempotency_key::Entity::find_by_id(key.to_string())
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    jobs::find(db, &row.job_id).await
}

/// A stable idempotency key for a request given by its parts (a batch line without a key of
/// its own): the same parts give the same key.
pub fn content_key(parts: &[&str]) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(part.len().to_le_bytes());
        hash.update(part.as_bytes());
    }
    let digest = hash.finalize();
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("content-{hex}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(result: Result<Vec<u32>, Vec<IndexProblem>>) -> Vec<String> {
        result.unwrap_err().into_iter().map(|p| p.message).collect()
    }

    #[test]
    fn valid_indices_come_back_in_the_order_given() {
        assert_eq!(check_indices(&[4, 0, 2], 5), Ok(vec![4, 0, 2]));
        assert_eq!(check_indices(&[0, 1, 2, 3, 4], 5), Ok(vec![0, 1, 2, 3, 4]));
    }

    #[test]
    fn negative_out_of_range_duplicate_and_too_many_indices_are_each_named() {
        assert_eq!(
            messages(check_indices(&[-1], 5)),
            ["Lesson index -1 is negative; lessons are numbered from 0 to 4"]
        );
        assert_eq!(
            messages(check_indices(&[5], 5)),
            ["There is no lesson 5: the course has 5 lessons, numbered from 0 to 4"]
        );
        assert_eq!(
            messages(check_indices(&[1, 1], 5)),
            ["Lesson 1 is listed more than once"]
        );
        let too_many = check_indices(&[0, 1, 2, 3, 4, 0], 5).unwrap_err();
        assert_eq!(too_many[0].position, None);
        assert!(
            too_many[0]
                .message
                .contains("the course has only 5 lessons")
        );
        assert_eq!(too_many[1].position, Some(5));
        assert_eq!(
            messages(check_indices(&[], 5)),
            ["Give at least one lesson index"]
        );
    }

    #[test]
    fn lesson_videos_get_longer_with_the_detail_level() {
        assert!(lesson_minutes(1) < lesson_minutes(2));
        assert!(lesson_minutes(2) < lesson_minutes(3));
    }
}
