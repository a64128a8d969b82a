//! SPEC.md section 3's problem-solution history record, with section 5's title rules.

use chrono::Utc;
use lectern_core::{
    entities::{job, video},
    jobs::{ProblemParams, media::prefix as media_prefix},
};
use lectern_pipeline::RenderOutput;
use sea_orm::Set;
use serde_json::json;

use super::{CheckedSolution, Source};
use crate::video::difficulty;

pub fn history_record(
    job: &job::Model,
    params: &ProblemParams,
    solution: &CheckedSolution,
    output: &RenderOutput,
    transcript: Option<String>,
) -> video::ActiveModel {
    let now = Utc::now();
    let description = params.description();
    let level = params.detail_level.clamp(1, 3);
    let checked_steps = solution.steps.iter().filter(|s| s.checked).count();
    video::ActiveModel {
        id: Set(uuid::Uuid::new_v4().to_string()),
        user_id: Set(job.user_id.clone()),
        job_id: Set(Some(job.id.clone())),
        video_type: Set("problem_solving".into()),
        title: Set(params.history_title()),
        original_title: Set(params.original_title()),
        topic: Set(params.problem_text.trim().to_string()),
        prompt: Set(params.problem_text.trim().to_string()),
        description: Set(description.clone()),
        level: Set(i32::from(level)),
        difficulty: Set(difficulty(level).into()),
        duration: Set(format!("{}:00", params.duration_minutes)),
        duration_minutes: Set(params.duration_minutes as i32),
        subject: Set(params.subject.clone()),
        problem_type: Set(Some(params.problem_type.clone())),
        subtitle_style: Set(Some("modern".into())),
        wpm: Set(super::storyboard::WPM as i32),
        dry_run: Set(false),
        tags: Set(json!([
            "problem-solving",
            params.subject.to_lowercase(),
            format!("level-{level}"),
        ])
        .to_string()),
        generated_content: Set(json!({
            "description": description,
            "duration_minutes": params.duration_minutes,
            "problem": params.problem_text.trim(),
            "subject": params.subject,
            "problem_type": params.problem_type,
            "detail_level": level,
            "status": "completed",
            "final_answer": solution.final_answer,
            "answer_checked": solution.answer_checked,
            "steps": solution.steps.len(),
            "checked_steps": checked_steps,
            "duration_seconds": output.duration_seconds,
        })
        .to_string()),
        content_metadata: Set(json!({
            "subject": params.subject,
            "problem_type": params.problem_type,
            "detail_level": level,
            "duration_minutes": params.duration_minutes,
            "has_audio": true,
            "generation_method": "ai-problem-solving",
            "solver": match &solution.source {
                Source::OfflineSolver => "offline-solver".to_string(),
                Source::LanguageModel { engine, .. } => engine.clone(),
            },
        })
        .to_string()),
        status: Set("completed".into()),
        credits_used: Set(job.credits_reserved),
        media_prefix: Set(Some(media_prefix(&job.id))),
        has_thumbnail: Set(true),
        thumbnail_storage_path: Set(Some(lectern_core::jobs::media::thumbnail(&job.id))),
        transcript: Set(transcript),
        is_public: Set(params.is_global),
        course_id: Set(None),
        lesson_index: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
    }
}
