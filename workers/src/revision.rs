//! An edit of a finished video: its new storyboard rendered as the video's next version.
//! The sentences the shown version spoke are taken from its narration (stored with its
//! media), so only the changed scenes are narrated again; the version shown stays until
//! the new one is complete.

use lectern_core::{
    entities::job,
    jobs::{Completion, RevisionParams, media},
    library::versions::{self, NewVersion},
};
use lectern_pipeline::{RenderInput, Storyboard, narration::reuse};

use crate::{
    RunError, Runtime,
    finish::finish_with,
    outputs::upload,
    render::{pipeline_failure, render},
};

pub async fn run(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: RevisionParams = serde_json::from_str(&job.params)
        .map_err(|e| RunError::Failed(format!("unreadable job parameters: {e}")))?;
    let storyboard: Storyboard = serde_json::from_value(params.storyboard.clone())
        .map_err(|e| RunError::Failed(format!("unreadable storyboard: {e}")))?;

    let earlier =
        tempfile::tempdir().map_err(|e| RunError::Failed(format!("temporary folder: {e}")))?;
    let mut input = RenderInput::storyboard(storyboard);
    if fetch_narration(runtime, &params.base_job_id, earlier.path()).await {
        input = input.reusing(earlier.path());
    }
    let (work_dir, output) = render(runtime, &job.id, input, Some, pipeline_failure).await?;
    tracing::info!(
        job = %job.id,
        spoken = output.sentences_spoken,
        reused = output.sentences_reused,
        seconds = output.stages.total,
        "edit rendered"
    );
    runtime
        .progress(&job.id, 99, "Saving the new version...")
        .await;
    upload(runtime, &job.id, work_dir.path()).await?;
    let transcript = std::fs::read_to_string(work_dir.path().join("transcript.json")).ok();
    let completion = Completion {
        result: serde_json::to_value(&output).unwrap_or_default(),
        smart_title: Some(output.smart_title.clone()),
        step: "Video ready for download!".into(),
        video: None,
    };
    let new = NewVersion {
        video_id: params.video_id.clone(),
        scenes_changed: params.scenes_changed,
        transcript,
    };
    finish_with(runtime, job, || {
        versions::complete_edit(&runtime.db, job, completion.clone(), new.clone())
    })
    .await
}

/// Downloads the narration the base version left (its track and the index of its clips);
/// `false` when there is none to reuse (a video made before versions kept it).
async fn fetch_narration(runtime: &Runtime, base_job_id: &str, dir: &std::path::Path) -> bool {
    for file in [reuse::TRACK, reuse::INDEX] {
        match runtime
            .storage
            .get_bytes(&media::key(base_job_id, file))
            .await
        {
            Ok(Some(bytes)) => {
                if let Err(e) = std::fs::write(dir.join(file), bytes) {
                    tracing::warn!(error = %e, "the earlier narration could not be kept");
                    return false;
                }
            }
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!(error = %e, "the earlier narration could not be read");
                return false;
            }
        }
    }
    true
}
