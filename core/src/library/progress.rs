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
use sha2::{Digest, Sha256};

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
    /// Which question was answered (its `fingerprints` entry), so that an answer belongs to a
    /// question of a version: a new version whose questions changed starts without answers,
    /// and one that asks the same question again keeps its answer (issue 54). `None` in
    /// answers stored before versions kept their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked: Option<String>,
}

/// The fingerprints of a version's checkpoint questions, in their order, read from its
/// transcript (the JSON the pipeline writes: `checkpoints` with each question, its options
/// and its answer). Two questions have the same fingerprint when they ask the same thing
/// with the same answer. `None` when the transcript does not say (none kept, or one written
/// before checkpoints existed): answers are then taken by their place, as they came.
pub fn fingerprints(transcript: Option<&str>) -> Option<Vec<String>> {
    let stored = serde_json::from_str::<serde_json::Value>(transcript?).ok()?;
    let checkpoints = stored["checkpoints"].as_array()?;
    let found = checkpoints
        .iter()
        .map(|c| {
            let asked = serde_json::json!([
                c["question"],
                c["kind"],
                c["options"],
                c["answer"],
                c["value"],
                c["tolerance"],
                c["unit"],
            ]);
            let digest = Sha256::digest(asked.to_string().as_bytes());
            digest[..8].iter().map(|b| format!("{b:02x}")).collect()
        })
        .collect();
    Some(found)
}

/// The answers of `stored` that belong to the version asking `questions`, each at its
/// question's place in that version. An answer from before fingerprints were kept stays at
/// its place when the version has one.
pub fn for_version(
    stored: &[CheckpointAnswer],
    questions: Option<&[String]>,
) -> Vec<CheckpointAnswer> {
    let Some(questions) = questions else {
        return stored.to_vec();
    };
    let mut answers: Vec<CheckpointAnswer> = stored
        .iter()
        .filter_map(|answer| {
            let place = match &answer.asked {
                Some(asked) => questions.iter().position(|q| q == asked)?,
                None => Some(answer.question as usize).filter(|&i| i < questions.len())?,
            }
            .try_into()
            .ok()?;
            Some(CheckpointAnswer {
                question: place,
                ..answer.clone()
            })
        })
        .collect();
    answers.sort_by_key(|a| a.question);
    answers.dedup_by_key(|a| a.question);
    answers
}

/// A report's answers (to the version asking `questions`) with what they answered, joined to
/// the stored answers of other versions' questions (kept for a version shown again).
fn merged(
    reported: &[CheckpointAnswer],
    stored: &[CheckpointAnswer],
    questions: Option<&[String]>,
) -> Vec<CheckpointAnswer> {
    let Some(questions) = questions else {
        return reported.to_vec();
    };
    let mut answers: Vec<CheckpointAnswer> = reported
        .iter()
        .filter_map(|answer| {
            let asked = questions.get(answer.question as usize)?;
            Some(CheckpointAnswer {
                asked: Some(asked.clone()),
                ..answer.clone()
            })
        })
        .collect();
    answers.extend(
        stored
            .iter()
            .filter(|answer| {
                answer
                    .asked
                    .as_ref()
                    .is_some_and(|asked| !questions.contains(asked))
            })
            .cloned(),
    );
    answers
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

    fn of(
        video: &video::Model,
        row: video_progress::Model,
        questions: Option<&[String]>,
    ) -> Progress {
        let stored: Vec<CheckpointAnswer> =
            serde_json::from_str(&row.checkpoints).unwrap_or_default();
        Progress {
            position_seconds: row.position_seconds,
            furthest_seconds: row.furthest_seconds,
            duration_seconds: seconds_of(&video.duration),
            completed: row.completed,
            checkpoints: for_version(&stored, questions),
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
/// progress as it now stands. Its answers are to the questions of the version played
/// (`questions`: its `fingerprints`). The times are clamped to the video's length.
pub async fn record(
    db: &DatabaseConnection,
    video: &video::Model,
    report: Report,
    questions: Option<&[String]>,
) -> Result<Progress, DbErr> {
    match record_once(db, video, report.clone(), questions).await {
        // Two first reports at once: the other one made the row; this one now updates it.
        Err(e)
            if matches!(
                e.sql_err(),
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
            ) =>
        {
            record_once(db, video, report, questions).await
        }
        other => other,
    }
}

async fn record_once(
    db: &DatabaseConnection,
    video: &video::Model,
    report: Report,
    questions: Option<&[String]>,
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
    let earlier: Vec<CheckpointAnswer> = stored
        .as_ref()
        .and_then(|s| serde_json::from_str(&s.checkpoints).ok())
        .unwrap_or_default();
    let answers = serde_json::to_string(&merged(&report.checkpoints, &earlier, questions))
        .expect("answers serialise");
    let row = match stored {
        None => video_progress::ActiveModel {
            id: Set(id),
            user_id: Set(video.user_id.clone()),
            video_id: Set(video.id.clone()),
            position_seconds: Set(clamp(report.position_seconds)),
            furthest_seconds: Set(furthest),
            completed: Set(completed),
            checkpoints: Set(answers),
            recorded_at: Set(report.recorded_at),
            updated_at: Set(now),
        },
        Some(stored) => {
            let mut row: video_progress::ActiveModel = stored.into();
            row.furthest_seconds = Set(furthest);
            row.completed = Set(completed);
            if newer {
                row.position_seconds = Set(clamp(report.position_seconds));
                row.checkpoints = Set(answers);
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
    Ok(Progress::of(video, saved, questions))
}

/// The owner's progress in `video`, as it stands for the version it shows.
pub async fn of_video<C: ConnectionTrait>(db: &C, video: &video::Model) -> Result<Progress, DbErr> {
    of_version(
        db,
        video,
        fingerprints(video.transcript.as_deref()).as_deref(),
    )
    .await
}

/// The owner's progress in `video` for the version asking `questions` (its `fingerprints`).
pub async fn of_version<C: ConnectionTrait>(
    db: &C,
    video: &video::Model,
    questions: Option<&[String]>,
) -> Result<Progress, DbErr> {
    Ok(
        match video_progress::Entity::find_by_id(row_id(&video.user_id, &video.id))
            .one(db)
            .await?
        {
            Some(row) => Progress::of(video, row, questions),
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
                Some(row) => Progress::of(v, row, fingerprints(v.transcript.as_deref()).as_deref()),
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
                    asked: None,
                },
                CheckpointAnswer {
                    question: 1,
                    correct: Some(false),
                    asked: None,
                },
                CheckpointAnswer {
                    question: 2,
                    correct: None,
                    asked: None,
                },
            ],
            recorded_at: None,
        };
        assert_eq!(progress.score(), (1, 2));
    }

    fn transcript(questions: &[&str]) -> String {
        let checkpoints: Vec<serde_json::Value> = questions
            .iter()
            .map(|q| serde_json::json!({"question": q, "kind": "choice", "options": ["a", "b"], "answer": 0}))
            .collect();
        serde_json::json!({"title": "T", "checkpoints": checkpoints}).to_string()
    }

    fn answer(question: u32, correct: bool) -> CheckpointAnswer {
        CheckpointAnswer {
            question,
            correct: Some(correct),
            asked: None,
        }
    }

    #[test]
    fn an_answer_stays_with_its_question_when_a_new_version_moves_changes_or_drops_questions() {
        let first = fingerprints(Some(&transcript(&["Why?", "What?", "Where?"]))).unwrap();
        let stored = merged(&[answer(0, true), answer(1, false)], &[], Some(&first));

        // Version 2 asks a new question first, then "Why?" again; "What?" is gone.
        let second = fingerprints(Some(&transcript(&["How?", "Why?", "Where?"]))).unwrap();
        assert_eq!(
            for_version(&stored, Some(&second)),
            vec![CheckpointAnswer {
                question: 1,
                correct: Some(true),
                asked: Some(first[0].clone()),
            }],
            "only the unchanged question keeps its answer, at its new place"
        );

        // Answering in version 2 keeps version 1's other answer for when it is shown again.
        let both = merged(&[answer(0, false)], &stored, Some(&second));
        assert_eq!(for_version(&both, Some(&second)).len(), 1, "{both:?}");
        assert_eq!(for_version(&both, Some(&second))[0].question, 0);
        let back = for_version(&both, Some(&first));
        assert_eq!(
            back.iter()
                .map(|a| (a.question, a.correct))
                .collect::<Vec<_>>(),
            vec![(1, Some(false))],
            "version 1's own answer to \"What?\" comes back with it; \"Why?\" was answered again in version 2"
        );
    }

    #[test]
    fn a_question_with_another_answer_is_another_question() {
        let a = fingerprints(Some(&transcript(&["Why?"])));
        let mut changed: serde_json::Value = serde_json::from_str(&transcript(&["Why?"])).unwrap();
        changed["checkpoints"][0]["answer"] = serde_json::json!(1);
        assert_ne!(a, fingerprints(Some(&changed.to_string())));
        assert_eq!(a, fingerprints(Some(&transcript(&["Why?"]))), "stable");
        assert_eq!(fingerprints(None), None);
        assert_eq!(
            fingerprints(Some("{\"sentences\": []}")),
            None,
            "made before checkpoints"
        );
    }
}
