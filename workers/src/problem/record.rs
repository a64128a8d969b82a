//! SPEC.md section 3's problem-solution history record, with section 5's title rules.

use lectern_core::{
    entities::{job, video},
    jobs::ProblemParams,
    library::{difficulty, finished_video, narrated_metadata},
};
use lectern_pipeline::RenderOutput;
use lectern_pipeline::solution::{CheckedSolution, Source, storyboard::WPM};
use sea_orm::Set;
use serde_json::json;

pub fn history_record(
    job: &job::Model,
    params: &ProblemParams,
    solution: &CheckedSolution,
    output: &RenderOutput,
    transcript: Option<String>,
) -> video::ActiveModel {
    let brief = &params.brief;
    let description = params.description();
    let level = brief.detail_level.clamp(1, 3);
    let checked_steps = solution.steps.iter().filter(|s| s.checked).count();
    let mut content_metadata = narrated_metadata(
        &brief.subject,
        level,
        brief.duration_minutes,
        false,
        "ai-problem-solving",
    );
    content_metadata["problem_type"] = json!(brief.problem_type);
    content_metadata["solver"] = json!(match &solution.source {
        Source::OfflineSolver => "offline-solver".to_string(),
        Source::LanguageModel { engine, .. } => engine.clone(),
    });
    video::ActiveModel {
        video_type: Set("problem_solving".into()),
        title: Set(params.history_title()),
        original_title: Set(params.original_title()),
        topic: Set(brief.problem_text.trim().to_string()),
        prompt: Set(brief.problem_text.trim().to_string()),
        description: Set(description.clone()),
        level: Set(level.into()),
        difficulty: Set(difficulty(level).into()),
        duration: Set(brief.duration_minutes.to_string()),
        duration_minutes: Set(brief.duration_minutes.rounded_up() as i32),
        subject: Set(brief.subject.clone()),
        problem_type: Set(Some(brief.problem_type.clone())),
        subtitle_style: Set(Some("modern".into())),
        wpm: Set(WPM.get() as i32),
        tags: Set(json!([
            "problem-solving",
            brief.subject.to_lowercase(),
            format!("level-{level}"),
        ])
        .to_string()),
        generated_content: Set(json!({
            "description": description,
            "duration_minutes": brief.duration_minutes,
            "problem": brief.problem_text.trim(),
            "subject": brief.subject,
            "problem_type": brief.problem_type,
            "detail_level": level,
            "status": "completed",
            "final_answer": solution.final_answer,
            "answer_checked": solution.answer_checked,
            "steps": solution.steps.len(),
            "checked_steps": checked_steps,
            "duration_seconds": output.duration_seconds,
        })
        .to_string()),
        content_metadata: Set(content_metadata.to_string()),
        is_public: Set(params.is_global),
        ..finished_video(job, transcript)
    }
}
