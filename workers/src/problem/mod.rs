//! The problem job: the problem -> checked steps and their storyboard (the pipeline's
//! `solution` module) -> the pipeline's video -> media in storage -> the history record of
//! SPEC.md sections 3 and 5, written with the completion.

mod record;

use lectern_core::{
    entities::job,
    jobs::{self, Completion, ProblemParams},
};
use lectern_pipeline::solution::{
    self, CheckedSolution, ModelError, SolutionBrief, SolveFailure, storyboard,
};
use lectern_pipeline::{PipelineError, Progress, RenderInput, Stage};
use serde_json::json;

use crate::{
    RunError, Runtime,
    finish::finish,
    outputs::{upload, upload_files},
    render::render,
};

/// Checked steps for the problem (see `solution::solve`). A model whose steps still fail
/// after the repair round fails the job at once (no retry would do better), with its refund.
async fn solve(runtime: &Runtime, brief: &SolutionBrief) -> Result<CheckedSolution, RunError> {
    let model = runtime.pipeline.language_model();
    solution::solve(model, brief)
        .await
        .map_err(|failure| match failure {
            SolveFailure::Unsolvable(e) => RunError::Final(e.to_string()),
            SolveFailure::Unread(detail) => RunError::Final(detail),
            SolveFailure::Model(ModelError::Endpoint(error)) => {
                RunError::Failed(format!("Solving the problem failed: {error}"))
            }
            SolveFailure::Model(ModelError::Checks(reason)) => {
                metrics::counter!("lectern_solutions_rejected_total").increment(1);
                // The checker's reason names its internals ("'10' is 10 but '80 km/h' is
                // 80"): it goes to the log, and the student reads what Lectern could not do.
                tracing::info!(%reason, "a model's solution failed its check twice");
                RunError::Final(
                    "Lectern could not write a solution to this problem that passes its \
                     mathematics check, so no video was made and your credit was refunded. \
                     Writing it as an equation, or with each amount and its unit and one \
                     question, helps."
                        .into(),
                )
            }
        })
}

pub async fn run(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: ProblemParams = crate::params_of(job)?;
    let brief = &params.brief;
    runtime
        .progress(&job.id, 1, "Analyzing your problem...")
        .await;
    let solution = solve(runtime, brief).await?;
    if jobs::is_cancelled(&runtime.db, &job.id)
        .await
        .unwrap_or(false)
    {
        return Err(RunError::Cancelled);
    }
    let title = params.history_title();
    let plan = storyboard::build(&solution, brief, &title);
    let summary = plan.summary(&solution);
    // Every slide laid out: CPU work, off the async threads.
    let storyboard = tokio::task::spawn_blocking(move || storyboard::drawable(plan.storyboard))
        .await
        .map_err(|e| RunError::Failed(format!("laying out the slides: {e}")))?;

    if params.dry_run {
        let completion = Completion {
            result: json!({
                "dry_run": true,
                "cost": 0,
                "storyboard": storyboard,
                "solution": summary,
                "title": title,
                "word_count": storyboard.word_count(),
                "estimated_seconds": storyboard.wpm.seconds_for(storyboard.word_count()),
                "worksheet": params.worksheet,
            }),
            smart_title: Some(title),
            step: "Plan ready".into(),
            video: None,
        };
        return finish(runtime, job, completion).await;
    }

    runtime
        .progress(&job.id, 5, "Solved and checked; making the video...")
        .await;
    // The pipeline's last words are for videos; a problem ends with its own.
    let shape = |p: Progress| {
        (p.percent < 100).then(|| Progress {
            percent: (5 + u16::from(p.percent) * 94 / 100) as u8,
            ..p
        })
    };
    let input = RenderInput::storyboard(storyboard);
    let (work_dir, output) = render(runtime, &job.id, input, shape, layout_failure).await?;
    runtime.progress(&job.id, 99, "Saving your video...").await;
    std::fs::write(
        work_dir.path().join("solution.json"),
        serde_json::to_vec_pretty(&summary).unwrap_or_default(),
    )
    .map_err(|e| RunError::Failed(format!("writing the solution: {e}")))?;
    let files = [("solution.json", "application/json")];
    upload_files(runtime, &job.id, work_dir.path(), &files).await?;
    let transcript = upload(runtime, &job.id, work_dir.path()).await?;
    let mut result = serde_json::to_value(&output).unwrap_or_default();
    result["solution"] = summary;
    if let Some(worksheet) = &params.worksheet {
        result["worksheet"] = json!(worksheet);
    }
    let completion = Completion {
        result,
        smart_title: Some(title),
        step: "Problem solved! Video ready for download!".into(),
        video: Some(record::history_record(
            job, &params, &solution, &output, transcript,
        )),
    };
    finish(runtime, job, completion).await
}

fn layout_failure(err: PipelineError) -> RunError {
    match err.stage() {
        Stage::Script => {
            RunError::Failed(format!("The solution video could not be laid out: {err}"))
        }
        _ => RunError::Failed(err.to_string()),
    }
}
