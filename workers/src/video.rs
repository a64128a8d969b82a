//! The video job: topic -> pipeline -> media in storage -> library record.

use std::path::Path;

use chrono::Utc;
use lectern_core::{
    entities::{job, video},
    jobs::{Completion, VideoParams},
};
use lectern_pipeline::{RenderInput, RenderOutput};
use sea_orm::Set;
use serde_json::json;

use crate::{
    RunError, Runtime,
    finish::finish,
    render::{pipeline_failure, plan, render},
};

/// The files of a finished video, as stored under `jobs/{job_id}/`.
pub const MEDIA_FILES: &[(&str, &str)] = &[
    ("video.mp4", "video/mp4"),
    ("subtitles.vtt", "text/vtt"),
    ("subtitles.srt", "application/x-subrip"),
    ("chapters.vtt", "text/vtt"),
    ("transcript.json", "application/json"),
    ("thumbnail.jpg", "image/jpeg"),
    ("storyboard.json", "application/json"),
    ("result.json", "application/json"),
];

use lectern_core::jobs::media::prefix as media_prefix;

pub async fn run(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: VideoParams = serde_json::from_str(&job.params)
        .map_err(|e| RunError::Failed(format!("unreadable job parameters: {e}")))?;
    let input = RenderInput::topic(
        params.topic.clone(),
        params.level,
        f64::from(params.duration_minutes),
        params.wpm,
    );

    let completion = if params.dry_run {
        let (_, plan) = plan(runtime, &job.id, input).await?;
        Completion {
            result: json!({
                "dry_run": true,
                "cost": 0,
                "storyboard": plan.storyboard,
                "smart_title": plan.smart_title,
                "title": plan.level_title,
                "word_count": plan.word_count,
                "estimated_seconds": plan.estimated_seconds,
                "script_engine": plan.script_engine,
            }),
            smart_title: Some(plan.smart_title.clone()),
            step: "Plan ready".into(),
            video: None,
        }
    } else {
        let (work_dir, output) = render(runtime, &job.id, input, Some, pipeline_failure).await?;
        record_stage_metrics(&output);
        runtime.progress(&job.id, 99, "Saving your video...").await;
        upload(runtime, &job.id, work_dir.path()).await?;
        let transcript = std::fs::read_to_string(work_dir.path().join("transcript.json")).ok();
        Completion {
            result: serde_json::to_value(&output).unwrap_or_default(),
            smart_title: Some(output.smart_title.clone()),
            step: "Video ready for download!".into(),
            video: Some(library_record(job, &params, &output, transcript)),
        }
    };
    finish(runtime, job, completion).await
}

/// Per-stage wall time and how many seconds of video each stage makes per wall second.
fn record_stage_metrics(output: &RenderOutput) {
    let stages = &output.stages;
    for (stage, seconds) in [
        ("script", stages.script),
        ("narration", stages.narration),
        ("frames_encode", stages.frames_encode),
        ("outputs", stages.outputs),
        ("total", stages.total),
    ] {
        metrics::histogram!("lectern_stage_duration_seconds", "stage" => stage).record(seconds);
        // Counters of the facade are whole numbers; these grow by fractions of a second, so
        // they are gauges that only ever increase (Prometheus `rate()` works on them).
        metrics::gauge!("lectern_stage_wall_seconds_total", "stage" => stage).increment(seconds);
        metrics::gauge!("lectern_stage_output_seconds_total", "stage" => stage)
            .increment(output.duration_seconds);
    }
}

pub(crate) async fn upload(runtime: &Runtime, job_id: &str, dir: &Path) -> Result<(), RunError> {
    let prefix = media_prefix(job_id);
    for (file, content_type) in MEDIA_FILES {
        let path = dir.join(file);
        if !path.exists() {
            continue;
        }
        runtime
            .storage
            .put_file(&format!("{prefix}/{file}"), &path, content_type)
            .await
            .map_err(|e| RunError::Failed(format!("storing {file}: {e}")))?;
    }
    Ok(())
}

pub(crate) fn difficulty(level: u8) -> &'static str {
    match level {
        1 => "beginner",
        3 => "advanced",
        _ => "intermediate",
    }
}

/// SPEC.md section 3's video history record, written with the completion.
fn library_record(
    job: &job::Model,
    params: &VideoParams,
    output: &RenderOutput,
    transcript: Option<String>,
) -> video::ActiveModel {
    let now = Utc::now();
    let subject = serde_json::to_value(output.subject)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "General".into());
    let description = format!(
        "A {} video on {} for {} learners.",
        output.duration,
        params.topic,
        difficulty(params.level)
    );
    video::ActiveModel {
        id: Set(uuid::Uuid::new_v4().to_string()),
        user_id: Set(job.user_id.clone()),
        job_id: Set(Some(job.id.clone())),
        video_type: Set("educational".into()),
        title: Set(output.level_title.clone()),
        original_title: Set(params.topic.chars().take(50).collect()),
        topic: Set(params.topic.clone()),
        prompt: Set(params.topic.clone()),
        description: Set(description.clone()),
        level: Set(i32::from(params.level)),
        difficulty: Set(difficulty(params.level).into()),
        duration: Set(format!("{}:00", params.duration_minutes)),
        duration_minutes: Set(params.duration_minutes as i32),
        subject: Set(subject.clone()),
        problem_type: Set(None),
        subtitle_style: Set(params.subtitle_style.clone()),
        wpm: Set(params.wpm as i32),
        dry_run: Set(false),
        tags: Set(json!([subject.to_lowercase(), format!("level-{}", params.level)]).to_string()),
        generated_content: Set(json!({
            "description": description,
            "duration_minutes": params.duration_minutes,
            "duration_seconds": output.duration_seconds,
            "smart_title": output.smart_title,
            "offline_draft": output.offline_draft,
            "status": "completed",
        })
        .to_string()),
        content_metadata: Set(json!({
            "subject": subject,
            "detail_level": params.level,
            "duration_minutes": params.duration_minutes,
            "has_audio": true,
            "generation_method": if output.offline_draft { "offline-draft" } else { "ai-generated" },
        })
        .to_string()),
        status: Set("completed".into()),
        credits_used: Set(job.credits_reserved),
        media_prefix: Set(Some(media_prefix(&job.id))),
        has_thumbnail: Set(true),
        thumbnail_storage_path: Set(Some(lectern_core::jobs::media::thumbnail(&job.id))),
        transcript: Set(transcript),
        is_public: Set(false),
        course_id: Set(None),
        lesson_index: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
    }
}
