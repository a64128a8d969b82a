//! The problem job: the problem -> checked steps and their storyboard (the pipeline's
//! `solution` module) -> the pipeline's video -> media in storage -> the history record of
//! SPEC.md sections 3 and 5, written with the completion.

mod record;

use lectern_core::{
    entities::job,
    jobs::{self, Completion, ProblemParams},
};
use lectern_pipeline::solution::{
    self, CheckedSolution, ModelError, SolutionBrief, offline, storyboard,
};
use lectern_pipeline::{PipelineError, Progress, RenderInput, Stage, frames::check_slides};
use serde_json::json;

use crate::{RunError, Runtime, finish::finish, outputs::upload, render::render};

pub const ANALYZING_STEP: &str = "Analyzing your problem...";
pub const SOLVED_STEP: &str = "Problem solved! Video ready for download!";

/// Checked steps for the problem: from a remote model when one is configured, else from the
/// offline solver, and from the local model what the offline solver cannot do. A model whose steps still fail after the repair round fails the job at
/// once (no retry would do better), with its refund.
async fn solve(runtime: &Runtime, params: &ProblemParams) -> Result<CheckedSolution, RunError> {
    let problem = params.problem_text.trim();
    let Some(config) = runtime.pipeline.language_model() else {
        return offline(problem).map_err(|e| RunError::Final(e.to_string()));
    };
    // A small local model is no match for the exact solver: it gets only what the solver
    // cannot do. A remote model writes every solution (the checker still checks it).
    if config.local.is_some()
        && let Ok(solution) = offline(problem)
    {
        return Ok(solution);
    }
    match solution::solve_with_model(config, &brief(params)).await {
        Ok(solution) => Ok(solution),
        Err(ModelError::Endpoint(error)) => Err(RunError::Failed(format!(
            "Solving the problem failed: {error}"
        ))),
        Err(ModelError::Checks(reason)) => {
            metrics::counter!("lectern_solutions_rejected_total").increment(1);
            Err(RunError::Final(format!(
                "The solution failed its mathematics check twice, so no video was made and \
                 your credit was refunded. {reason}"
            )))
        }
    }
}

/// The job's parameters as the solution's writers need them.
fn brief(params: &ProblemParams) -> SolutionBrief {
    SolutionBrief {
        problem_text: params.problem_text.clone(),
        subject: params.subject.clone(),
        problem_type: params.problem_type.clone(),
        detail_level: params.detail_level,
        duration_minutes: params.duration_minutes,
        show_work: params.show_work,
    }
}

pub async fn run(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: ProblemParams = serde_json::from_str(&job.params)
        .map_err(|e| RunError::Failed(format!("unreadable job parameters: {e}")))?;
    runtime.progress(&job.id, 1, ANALYZING_STEP).await;
    let solution = solve(runtime, &params).await?;
    if jobs::is_cancelled(&runtime.db, &job.id)
        .await
        .unwrap_or(false)
    {
        return Err(RunError::Cancelled);
    }
    let title = params.history_title();
    let plan = storyboard::build(&solution, &brief(&params), &title);
    let mut storyboard = plan.storyboard;
    // A model's line may be too long for a slide or not lay out as math: such scenes are
    // shown as plain text rather than failing the video.
    if let Err(errors) = storyboard
        .validate()
        .and_then(|()| check_slides(&storyboard))
    {
        let failed: Vec<usize> = errors
            .0
            .iter()
            .filter_map(|e| {
                e.path
                    .strip_prefix("scenes[")?
                    .split(']')
                    .next()?
                    .parse()
                    .ok()
            })
            .collect();
        tracing::warn!(%errors, "solution lines that do not lay out as math are shown as text");
        storyboard = storyboard::as_text(storyboard, &failed);
    }
    let mut summary = json!({
        "problem": solution.problem,
        "kind": solution.kind.name(),
        "final_answer": solution.final_answer,
        "answer_checked": solution.answer_checked,
        "steps": solution.steps,
        "source": solution.source,
        // The "Try one yourself" problems of the video, each checked like the main one.
        "practice": plan.practice.iter().map(|p| json!({
            "problem": p.problem,
            "final_answer": p.final_answer,
            "answer_checked": p.answer_checked,
            "steps": p.steps,
        })).collect::<Vec<_>>(),
    });
    if let Some(combined) = &plan.combined {
        // A long solution in a short video: consecutive steps told as one line.
        summary["shown_steps"] = json!(combined);
    }

    if params.dry_run {
        let completion = Completion {
            result: json!({
                "dry_run": true,
                "cost": 0,
                "storyboard": storyboard,
                "solution": summary,
                "title": title,
                "word_count": storyboard.word_count(),
                "estimated_seconds": storyboard.word_count() as f64 * 60.0 / f64::from(storyboard.wpm),
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
    upload(runtime, &job.id, work_dir.path()).await?;
    runtime
        .storage
        .put_file(
            &lectern_core::jobs::media::key(&job.id, "solution.json"),
            &work_dir.path().join("solution.json"),
            "application/json",
        )
        .await
        .map_err(|e| RunError::Failed(format!("storing solution.json: {e}")))?;
    let transcript = std::fs::read_to_string(work_dir.path().join("transcript.json")).ok();
    let mut result = serde_json::to_value(&output).unwrap_or_default();
    result["solution"] = summary;
    let completion = Completion {
        result,
        smart_title: Some(title),
        step: SOLVED_STEP.into(),
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
