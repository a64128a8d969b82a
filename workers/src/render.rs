//! A pipeline run inside a job, the same for every kind of job: a temporary folder for the
//! outputs, progress written to the job row, and a cancel from the API noticed between stages.

use std::path::PathBuf;

use lectern_core::jobs;
use lectern_pipeline::{
    CancellationToken, PipelineError, PlanOutput, Progress, RenderInput, RenderOutput,
};
use tempfile::TempDir;

use crate::{RunError, Runtime};

type Report = Box<dyn Fn(Progress) + Send + Sync>;

/// Renders the job's video; returns the folder holding the outputs with the pipeline's report.
/// `shape` sees each progress report before it is written (a job may rescale or drop some);
/// `failure` turns a pipeline error into the job's error (a cancel is always `Cancelled`).
pub(crate) async fn render(
    runtime: &Runtime,
    job_id: &str,
    input: RenderInput,
    shape: impl Fn(Progress) -> Option<Progress> + Send + Sync + 'static,
    failure: fn(PipelineError) -> RunError,
) -> Result<(TempDir, RenderOutput), RunError> {
    let (dir, output) =
        watched(
            runtime,
            job_id,
            shape,
            failure,
            |dir, report, cancel| async move {
                runtime.pipeline.render(input, &dir, report, cancel).await
            },
        )
        .await?;
    record_stage_metrics(&output);
    Ok((dir, output))
}

/// Plans the job (a dry run: the storyboard and its length, nothing rendered).
pub(crate) async fn plan(
    runtime: &Runtime,
    job_id: &str,
    input: RenderInput,
) -> Result<(TempDir, PlanOutput), RunError> {
    watched(
        runtime,
        job_id,
        Some,
        pipeline_failure,
        |dir, report, _| async move { runtime.pipeline.plan(&input, Some(&dir), report).await },
    )
    .await
}

async fn watched<T, F, Fut>(
    runtime: &Runtime,
    job_id: &str,
    shape: impl Fn(Progress) -> Option<Progress> + Send + Sync + 'static,
    failure: fn(PipelineError) -> RunError,
    run: F,
) -> Result<(TempDir, T), RunError>
where
    F: FnOnce(PathBuf, Report, CancellationToken) -> Fut,
    Fut: Future<Output = Result<T, PipelineError>>,
{
    let work_dir =
        tempfile::tempdir().map_err(|e| RunError::Failed(format!("temporary folder: {e}")))?;
    let cancelled = CancellationToken::new();
    let watcher = jobs::watch::cancels(runtime.db.clone(), job_id.to_string(), cancelled.clone());
    let (progress_tx, progress_rx) = tokio::sync::mpsc::unbounded_channel();
    let writer = jobs::watch::progress(runtime.db.clone(), job_id.to_string(), progress_rx);
    let report: Report = Box::new(move |p: Progress| {
        if let Some(p) = shape(p) {
            let _ = progress_tx.send((p.percent, p.step));
        }
    });
    let result = run(work_dir.path().to_path_buf(), report, cancelled.clone()).await;
    watcher.abort();
    let _ = writer.await;
    let made = match result {
        Ok(made) => made,
        Err(PipelineError::Cancelled { .. }) => return Err(RunError::Cancelled),
        Err(err) => return Err(failure(err)),
    };
    if cancelled.is_cancelled() {
        return Err(RunError::Cancelled);
    }
    Ok((work_dir, made))
}

/// The usual reading of a pipeline failure: its message, which names the stage.
pub(crate) fn pipeline_failure(err: PipelineError) -> RunError {
    match err {
        PipelineError::Cancelled { .. } => RunError::Cancelled,
        other => RunError::Failed(other.to_string()),
    }
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
