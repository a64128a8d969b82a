//! An edit of a finished video: its new storyboard rendered as the video's next version.
//! The sentences the shown version spoke are taken from its narration (stored with its
//! media), so only the changed scenes are narrated again; the version shown stays until
//! the new one is complete.

use lectern_core::{
    entities::job,
    jobs::{Completion, RevisionParams, media},
    library::versions::{self, NewVersion},
};
use lectern_pipeline::{RenderInput, Storyboard, narration::reuse, outputs::VIDEO, video::units};

use crate::{
    RunError, Runtime,
    finish::finish_with,
    outputs::upload,
    render::{pipeline_failure, render},
};

pub async fn run(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: RevisionParams = crate::params_of(job)?;
    let storyboard: Storyboard = serde_json::from_value(params.storyboard.clone())
        .map_err(|e| RunError::Failed(format!("unreadable storyboard: {e}")))?;

    let earlier =
        tempfile::tempdir().map_err(|e| RunError::Failed(format!("temporary folder: {e}")))?;
    let mut input = RenderInput::storyboard(storyboard);
    if fetch(
        runtime,
        &params.base_job_id,
        earlier.path(),
        &[reuse::TRACK, reuse::INDEX],
    )
    .await
    {
        input = input.reusing(earlier.path());
        // The earlier pictures too, when that version kept the index of its units.
        fetch(
            runtime,
            &params.base_job_id,
            earlier.path(),
            &[units::INDEX, VIDEO],
        )
        .await;
    }
    let (work_dir, output) = render(runtime, &job.id, input, Some, pipeline_failure).await?;
    tracing::info!(
        job = %job.id,
        spoken = output.sentences_spoken,
        reused = output.sentences_reused,
        units_reused = output.video_units_reused,
        units = output.video_units,
        seconds = output.stages.total,
        "edit rendered"
    );
    runtime
        .progress(&job.id, 99, "Saving the new version...")
        .await;
    let transcript = upload(runtime, &job.id, work_dir.path()).await?;
    let completion = Completion {
        result: serde_json::to_value(&output).unwrap_or_default(),
        // A version keeps its video's name (the job was titled with it): a new heading in the
        // storyboard renames nothing; only the user's rename does (issue 54).
        smart_title: Some(job.title.clone()),
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

/// Downloads `files` of the base version's media (its narration track and the index of its
/// clips; its video and the index of its units); `false` when one is missing (a version made
/// before they were kept), and what was fetched is then not used.
async fn fetch(
    runtime: &Runtime,
    base_job_id: &str,
    dir: &std::path::Path,
    files: &[&str],
) -> bool {
    for &file in files {
        match runtime
            .storage
            .get_bytes(&media::key(base_job_id, file))
            .await
        {
            Ok(Some(bytes)) => {
                if let Err(e) = std::fs::write(dir.join(file), bytes) {
                    tracing::warn!(error = %e, file, "the earlier media could not be kept");
                    return false;
                }
            }
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!(error = %e, file, "the earlier media could not be read");
                return false;
            }
        }
    }
    true
}
