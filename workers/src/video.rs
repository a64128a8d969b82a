//! The video job: topic -> pipeline -> media in storage -> library record.

use lectern_core::{
    entities::{job, video},
    jobs::{Completion, VideoParams},
    library::{difficulty, finished_video, narrated_metadata},
    sources,
};
use lectern_pipeline::{RenderInput, RenderOutput, grounding::Passage};
use sea_orm::Set;
use serde_json::json;

use crate::{
    RunError, Runtime,
    finish::{database, finish},
    outputs::upload,
    render::{pipeline_failure, plan, render},
    sources::{PASSAGES_PER_VIDEO, documents, passages_of},
};

pub async fn run(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: VideoParams = crate::params_of(job)?;
    let input = match &params.storyboard {
        // A preview's storyboard (checked by the API when the job was started).
        Some(storyboard) => RenderInput::storyboard(
            serde_json::from_value(storyboard.clone())
                .map_err(|e| RunError::Failed(format!("unreadable storyboard: {e}")))?,
        ),
        None => RenderInput::topic(
            params.topic.clone(),
            params.level,
            params.duration_minutes,
            params.wpm,
        )
        .with_passages(passages_for(runtime, job, &params).await?),
    };

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
                "script_spend": plan.script_spend,
                "citations": plan.storyboard.from_sources.as_ref().map(|f| f.check),
            }),
            smart_title: Some(plan.smart_title.clone()),
            step: "Plan ready".into(),
            video: None,
        }
    } else {
        let (work_dir, output) = render(runtime, &job.id, input, Some, pipeline_failure).await?;
        runtime.progress(&job.id, 99, "Saving your video...").await;
        let transcript = upload(runtime, &job.id, work_dir.path()).await?;
        Completion {
            result: serde_json::to_value(&output).unwrap_or_default(),
            smart_title: Some(output.smart_title.clone()),
            step: "Video ready for download!".into(),
            video: Some(library_record(job, &params, &output, transcript)),
        }
    };
    finish(runtime, job, completion).await
}

/// The passages of the job's sources to write its video from: those retrieved for its topic,
/// best first, then (when the topic's words find fewer) each document's first ones, so that a
/// document chosen is used even when it words its subject differently. None without sources.
async fn passages_for(
    runtime: &Runtime,
    job: &job::Model,
    params: &VideoParams,
) -> Result<Vec<Passage>, RunError> {
    if params.source_ids.is_empty() {
        return Ok(Vec::new());
    }
    let documents = documents(runtime, &job.user_id, &params.source_ids).await?;
    let title_of = |id: &str| {
        documents
            .iter()
            .find(|d| d.id == id)
            .map(|d| d.title.clone())
            .unwrap_or_default()
    };
    let ids: Vec<String> = documents.iter().map(|d| d.id.clone()).collect();
    let found = sources::retrieve(
        &runtime.db,
        &job.user_id,
        &ids,
        &params.topic,
        PASSAGES_PER_VIDEO,
    )
    .await
    .map_err(database)?;
    let mut passages: Vec<Passage> = found
        .into_iter()
        .map(|r| Passage {
            title: title_of(&r.source_id),
            source_id: r.source_id,
            passage: r.passage,
            page: r.page,
            heading: r.heading,
            text: r.text,
        })
        .collect();
    for document in &documents {
        if passages.len() >= PASSAGES_PER_VIDEO {
            break;
        }
        for p in passages_of(runtime, document).await? {
            let taken = passages
                .iter()
                .any(|q| q.source_id == p.source_id && q.passage == p.passage);
            if taken {
                continue;
            }
            if passages.len() >= PASSAGES_PER_VIDEO {
                break;
            }
            passages.push(p);
        }
    }
    tracing::info!(
        job = %job.id,
        documents = documents.len(),
        passages = passages.len(),
        "writing from the learner's sources"
    );
    Ok(passages)
}

/// SPEC.md section 3's video history record, written with the completion.
fn library_record(
    job: &job::Model,
    params: &VideoParams,
    output: &RenderOutput,
    transcript: Option<String>,
) -> video::ActiveModel {
    let subject = output.subject.as_str().to_string();
    let description = format!(
        "A {} video on {} for {} learners.",
        output.duration,
        params.topic,
        difficulty(params.level)
    );
    video::ActiveModel {
        video_type: Set("educational".into()),
        title: Set(output.level_title.clone()),
        original_title: Set(params.topic.chars().take(50).collect()),
        topic: Set(params.topic.clone()),
        prompt: Set(params.topic.clone()),
        description: Set(description.clone()),
        level: Set(params.level.into()),
        difficulty: Set(difficulty(params.level).into()),
        duration: Set(params.duration_minutes.to_string()),
        duration_minutes: Set(params.duration_minutes.rounded_up() as i32),
        subject: Set(subject.clone()),
        subtitle_style: Set(params.subtitle_style.clone()),
        wpm: Set(params.wpm.get() as i32),
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
        content_metadata: Set(narrated_metadata(
            &subject,
            params.level,
            params.duration_minutes,
            output.offline_draft,
            "ai-generated",
        )
        .to_string()),
        is_public: Set(false),
        ..finished_video(job, transcript)
    }
}
