//! Steps from a language model, checked before anything is narrated: the model answers with
//! JSON steps (`before`, `after`, `rule`, `narration`) and a final answer; the checker
//! verifies them; the first failure goes back to the model once; a second failure is final.

use crate::script::{OpenAiWriter, OpenAiWriterConfig, ScriptError, ScriptWriter, Turn};
use lectern_solver::{CheckTarget, Step, StepCheck, check_steps, first_failure};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{CheckedSolution, CheckedStep, SolutionBrief, Source};

/// What the model is asked to return.
#[derive(Debug, Deserialize)]
struct Written {
    introduction: String,
    steps: Vec<Step>,
    final_answer: String,
    summary: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The endpoint failed (unreachable, timed out, answered with an error): worth a retry.
    #[error("{0}")]
    Endpoint(#[from] ScriptError),
    /// The steps still failed a check after the repair round.
    #[error("{0}")]
    Checks(String),
}

/// The answer's JSON Schema. For a local server, which enforces it as a grammar, the lengths
/// and counts are written in too, so a small model cannot ramble past what a slide shows.
fn schema(bounded: bool) -> Value {
    let string = |max: u32| {
        if bounded {
            json!({"type": "string", "minLength": 1, "maxLength": max})
        } else {
            json!({"type": "string"})
        }
    };
    let mut steps = json!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "before": string(150),
                "after": string(150),
                "rule": string(90),
                "narration": string(300),
            },
            "required": ["before", "after", "rule", "narration"],
            "additionalProperties": false,
        },
    });
    if bounded {
        steps["minItems"] = json!(1);
        steps["maxItems"] = json!(8);
    }
    json!({
        "type": "object",
        "properties": {
            "introduction": string(300),
            "steps": steps,
            "final_answer": string(120),
            "summary": string(400),
        },
        "required": ["introduction", "steps", "final_answer", "summary"],
        "additionalProperties": false,
    })
}

fn system_prompt() -> &'static str {
    r#"You are a careful mathematics and science tutor who writes step-by-step solutions for
narrated videos. Answer with one JSON document and nothing else:
{"introduction": "...", "steps": [{"before": "...", "after": "...", "rule": "...",
"narration": "..."}], "final_answer": "...", "summary": "..."}

Every step is checked by a computer algebra checker before it is narrated, so:
- "before" and "after" are plain typed mathematics with no words around them, in forms
  such as a(x - b) = cx + d, x^n, sqrt(n), p/q, d/dx(f(x)), ∫ f(x) dx.
  Several equations of a system are joined with ";"; alternatives with "or"
  (x = a or x = b). Keep every case in one line.
- Each step's "after" must be equivalent to its "before" (the same solutions, the same
  value). The first step's "before" is the problem as a formula.
- "rule" names the rule applied in at most 12 words ("Subtract 3 from both sides").
- "narration" is one or two spoken sentences explaining the step: words a voice can read,
  no markdown, no LaTeX. Never say that a step is checked or verified: the video says which
  steps the checker verified.
- "final_answer" is in one of these forms, with the problem's own numbers in place of the
  letters: x = a; x = a, x = b; x = a, y = b; p/q; an expression in x; F(x) + C;
  no real solutions; no solution; all real numbers.
  An indefinite integral's answer includes + C.
- For a problem that is not mathematics, steps may be reasoning: then "before" and "after"
  are short statements, and they will be shown without a check mark.
- "introduction" is one spoken sentence that says what the problem asks; "summary" one or
  two spoken sentences that recap the method and the answer.
Be correct: a wrong step is caught and sent back to you."#
}

fn user_prompt(params: &SolutionBrief) -> String {
    let detail = match params.detail_level {
        1 => "brief: the essential steps only, short narration",
        3 => "thorough: every small step, and why each rule applies",
        _ => "standard: each step with a sentence of explanation",
    };
    let words = params.duration_minutes.words_at(super::storyboard::WPM);
    let mut prompt = format!(
        "Problem: {problem}\nSubject: {subject}\nProblem type: {kind}\nDetail: {detail}.\n{work}\
         The whole narration (introduction, step narrations and summary) should be about \
         {words} words, at most; never pad it with filler.",
        problem = params.problem_text.trim(),
        subject = params.subject,
        kind = params.problem_type,
        work = if params.show_work {
            "Show the work: one step per transformation.\n"
        } else {
            "Keep the work short: the few steps that lead to the answer.\n"
        },
    );
    // How the checker reads this kind of problem (inequalities, limits, units, ...).
    let guide = lectern_solver::prompt_guide(&lectern_solver::classify(params.problem_text.trim()));
    if !guide.is_empty() {
        prompt.push_str("\nHow to write this kind of problem so the checker can read it:\n");
        prompt.push_str(guide);
    }
    prompt
}

/// What was wrong with an answer, in words, naming the step and the checker's reason.
fn describe(steps: &[Step], failure: &StepCheck) -> String {
    let reason = match &failure.status {
        lectern_solver::CheckStatus::Failed { reason } => reason.as_str(),
        _ => "",
    };
    match failure.target {
        CheckTarget::Step(i) => {
            let step = &steps[i];
            format!(
                "Step {} (\"{}\" to \"{}\", {}) is wrong: {reason}.",
                i + 1,
                step.before,
                step.after,
                step.rule
            )
        }
        CheckTarget::FinalAnswer => format!("The final answer is wrong: {reason}."),
    }
}

fn repair_prompt(problem: &str) -> String {
    format!(
        "A checker verified your solution. {problem} Correct that and everything after it, \
         and answer with the whole corrected JSON document."
    )
}

/// The answer without a label of words in front that a small model copied from the
/// instructions ("the value with its unit: c = 5" is "c = 5"). A short name ("x: 5"), a
/// ratio ("3:4") or a time ("2:30") keeps its colon.
fn without_label(answer: &str) -> &str {
    let answer = answer.trim();
    match answer.split_once(':') {
        Some((head, tail))
            if head.split_whitespace().count() >= 2
                && head.chars().all(|c| c.is_alphabetic() || c.is_whitespace())
                && !tail.trim().is_empty() =>
        {
            tail.trim()
        }
        _ => answer,
    }
}

/// Parses and checks one answer: the solution and its checks, or what is wrong with it.
fn accept(problem: &str, content: &str) -> Result<(Written, Vec<StepCheck>), String> {
    let mut written: Written = serde_json::from_str(content)
        .map_err(|e| format!("The answer is not the JSON document asked for ({e})."))?;
    written.final_answer = without_label(&written.final_answer).to_string();
    if written.steps.is_empty() {
        return Err("The solution has no steps.".into());
    }
    let checks = check_steps(problem, &written.steps, &written.final_answer);
    if let Some(failure) = first_failure(&checks) {
        return Err(describe(&written.steps, failure));
    }
    Ok((written, checks))
}

pub async fn solve(
    config: &OpenAiWriterConfig,
    params: &SolutionBrief,
) -> Result<CheckedSolution, ModelError> {
    let writer = OpenAiWriter::new(config.clone())?;
    let problem = params.problem_text.trim();
    let mut turns = vec![
        Turn::System(system_prompt().into()),
        Turn::User(user_prompt(params)),
    ];
    let bounded = config.scene_by_scene;
    let first = writer
        .complete_json(&turns, "solution", schema(bounded))
        .await?;
    let (written, checks, repaired) = match accept(problem, &first) {
        Ok((written, checks)) => (written, checks, false),
        Err(problem_found) => {
            tracing::info!(%problem_found, "the model's solution failed a check; asking once for a repair");
            turns.push(Turn::Assistant(first));
            turns.push(Turn::User(repair_prompt(&problem_found)));
            let second = writer
                .complete_json(&turns, "solution", schema(bounded))
                .await?;
            match accept(problem, &second) {
                Ok((written, checks)) => (written, checks, true),
                Err(still) => return Err(ModelError::Checks(still)),
            }
        }
    };
    let answer_checked = checks.last().is_some_and(StepCheck::is_checked);
    let steps = written
        .steps
        .into_iter()
        .zip(&checks)
        .map(|(step, check)| CheckedStep {
            checked: check.is_checked(),
            step,
        })
        .collect();
    Ok(CheckedSolution {
        problem: problem.to_string(),
        reading: None,
        kind: lectern_solver::classify(problem),
        steps,
        final_answer: written.final_answer.trim().to_string(),
        answer_checked,
        introduction: Some(written.introduction).filter(|s| !s.trim().is_empty()),
        summary: Some(written.summary).filter(|s| !s.trim().is_empty()),
        source: Source::LanguageModel {
            engine: writer.engine(),
            repaired,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::{system_prompt, without_label};

    /// Issue 51: the prompt shows forms written with letters, never an answer a user could
    /// get (a model copied "120 km / 1.5 h to 80 km/h" from a guide into a square root's
    /// answer).
    #[test]
    fn the_solution_prompt_shows_forms_with_letters_never_an_answer() {
        for line in system_prompt().lines() {
            let mathematics = line.contains('=') || line.contains('/') || line.contains('^');
            assert!(
                !(mathematics && line.chars().any(|c| c.is_ascii_digit())),
                "{line}"
            );
        }
    }

    #[test]
    fn a_label_copied_from_the_instructions_is_left_out_of_the_answer() {
        assert_eq!(without_label("the value with its unit: c = 5"), "c = 5");
        assert_eq!(without_label("  Final answer:  80 km/h "), "80 km/h");
        for kept in [
            "x: 5",
            "3:4",
            "2:30 h",
            "x = 4",
            "no solution",
            "words only:",
        ] {
            assert_eq!(without_label(kept), kept.trim(), "{kept}");
        }
    }
}
