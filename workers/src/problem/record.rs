//! SPEC.md section 3's problem-solution history record, with section 5's title rules.

use lectern_core::{
    entities::{job, video},
    jobs::ProblemParams,
    library::{Record, narrated_metadata},
};
use lectern_pipeline::RenderOutput;
use lectern_pipeline::solution::{CheckedSolution, Source};
use serde_json::json;

pub fn history_record(
    job: &job::Model,
    params: &ProblemParams,
    solution: &CheckedSolution,
    output: &RenderOutput,
    transcript: Option<String>,
) -> video::ActiveModel {
    let description = params.description();
    let level = params.detail_level.clamp(1, 3);
    let checked_steps = solution.steps.iter().filter(|s| s.checked).count();
    let mut content_metadata = narrated_metadata(
        &params.subject,
        level,
        params.duration_minutes,
        false,
        "ai-problem-solving",
    );
    content_metadata["problem_type"] = json!(params.problem_type);
    content_metadata["solver"] = json!(match &solution.source {
        Source::OfflineSolver => "offline-solver".to_string(),
        Source::LanguageModel { engine, .. } => engine.clone(),
    });
    Record {
        video_type: "problem_solving".into(),
        title: params.history_title(),
        original_title: params.original_title(),
        topic: params.problem_text.trim().to_string(),
        prompt: params.problem_text.trim().to_string(),
        description: description.clone(),
        level,
        duration: format!("{}:00", params.duration_minutes),
        duration_minutes: params.duration_minutes as i32,
        subject: params.subject.clone(),
        problem_type: Some(params.problem_type.clone()),
        subtitle_style: Some("modern".into()),
        wpm: lectern_pipeline::solution::storyboard::WPM,
        tags: json!([
            "problem-solving",
            params.subject.to_lowercase(),
            format!("level-{level}"),
        ]),
        generated_content: json!({
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
        }),
        content_metadata,
        is_public: params.is_global,
        lesson_of: None,
    }
    .of(job, transcript)
}
