//! Real content that fits a solution to the requested length: practice problems of the same
//! kind (the numbers varied deterministically, solved by the offline solver and marked by the
//! checker like the main problem), common mistakes that the checker actually rejects, and,
//! for a long solution in a short video, consecutive steps told as one line (marked only when
//! the checker verifies the combined line).

use lectern_solver::{CheckStatus, ProblemKind, Step, check_steps};

use super::CheckedSolution;

/// FNV-1a, so the same problem gives the same practice problems on every machine.
fn fnv(text: &str, salt: u64) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The whole numbers of a problem that are coefficients or constants: not exponents, not part
/// of a decimal and not part of a name. Byte ranges into `text`.
fn coefficients(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let before = text[..start].trim_end().chars().last();
        let glued_before =
            start > 0 && (bytes[start - 1].is_ascii_alphabetic() || bytes[start - 1] == b'_');
        let exponent = matches!(before, Some('^'));
        let decimal =
            (start > 0 && bytes[start - 1] == b'.') || (i < bytes.len() && bytes[i] == b'.');
        if !(glued_before || exponent || decimal) {
            out.push((start, i));
        }
    }
    out
}

fn same_kind(a: &ProblemKind, b: &ProblemKind) -> bool {
    match (a, b) {
        (
            ProblemKind::LinearSystem {
                variables: va,
                equations: ea,
            },
            ProblemKind::LinearSystem {
                variables: vb,
                equations: eb,
            },
        ) => va == vb && ea == eb,
        _ => a == b,
    }
}

/// How far a solution is from a clean practice problem (lower is better): fractions, roots and
/// special answers are harder to check by hand.
fn roughness(solution: &CheckedSolution, steps_wanted: usize) -> usize {
    let answer = &solution.final_answer;
    let mut score = solution.steps.len().abs_diff(steps_wanted) * 4;
    score += answer.matches('/').count() * 3;
    score += answer.matches("sqrt").count() * 3;
    score += answer.matches('.').count() * 2;
    if answer.contains("solution") || answer.contains("real numbers") {
        score += 6;
    }
    // An answer of 0 makes a dull exercise.
    if answer.split([',', ';', '=']).any(|part| part.trim() == "0") {
        score += 5;
    }
    score + answer.len() / 12
}

/// Up to `count` practice problems of the same kind as `solution`, each with the numbers of the
/// problem varied (from a hash of its text, so always the same ones), solved offline and fully
/// checked. None for a problem the offline solver does not solve.
pub fn practice(solution: &CheckedSolution, count: usize) -> Vec<CheckedSolution> {
    let problem = solution.problem.as_str();
    let slots = coefficients(problem);
    if slots.is_empty() || count == 0 || lectern_solver::solve(problem).is_err() {
        return Vec::new();
    }
    let mut seen = vec![problem.to_string()];
    let mut chosen = Vec::new();
    let mut attempt = 0_u64;
    while chosen.len() < count && attempt < 60 * count as u64 {
        // The best of a batch of candidates, so practice problems come out clean.
        let mut best: Option<(usize, CheckedSolution)> = None;
        for _ in 0..40 {
            attempt += 1;
            let mut varied = String::with_capacity(problem.len());
            let mut last = 0;
            for (n, &(start, end)) in slots.iter().enumerate() {
                let original: u64 = problem[start..end].parse().unwrap_or(1);
                let span = original.clamp(9, 20);
                let value = 1 + fnv(problem, attempt * 31 + n as u64) % span;
                varied.push_str(&problem[last..start]);
                varied.push_str(&value.to_string());
                last = end;
            }
            varied.push_str(&problem[last..]);
            if seen.contains(&varied) {
                continue;
            }
            let Ok(candidate) = super::offline(&varied) else {
                continue;
            };
            let fully_checked =
                candidate.answer_checked && candidate.steps.iter().all(|s| s.checked);
            if !fully_checked
                || candidate.steps.is_empty()
                || !same_kind(&candidate.kind, &solution.kind)
            {
                continue;
            }
            let score = roughness(&candidate, solution.steps.len());
            if best.as_ref().is_none_or(|(s, _)| score < *s) {
                best = Some((score, candidate));
            }
        }
        if let Some((_, candidate)) = best {
            seen.push(candidate.problem.clone());
            chosen.push(candidate);
        }
    }
    chosen
}

/// A mistake the checker rejects, shown beside the correct line.
#[derive(Debug, Clone)]
pub struct Mistake {
    /// The rule of the step where it happens ("Subtract 3 from both sides"), or None for the
    /// final answer.
    pub rule: Option<String>,
    pub wrong: String,
    pub right: String,
    /// The checker's reason.
    pub reason: String,
}

/// The numbers of `line` with one sign flipped at a time: `2x = 8` gives `2x = -8`, ...
fn sign_slips(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (start, end) in coefficients(line) {
        let head = &line[..start];
        let trimmed = head.trim_end();
        let flipped = if let Some(rest) = trimmed.strip_suffix('-') {
            if rest.trim_end().is_empty() || rest.trim_end().ends_with(['=', '(', ';', ',']) {
                // A leading minus: drop it.
                format!("{rest}{}", &head[trimmed.len()..])
            } else {
                format!("{rest}+{}", &head[trimmed.len()..])
            }
        } else if let Some(rest) = trimmed.strip_suffix('+') {
            format!("{rest}-{}", &head[trimmed.len()..])
        } else if trimmed.is_empty() || trimmed.ends_with(['=', '(', ';', ',']) {
            format!("{head}-")
        } else {
            continue;
        };
        let slip = format!("{flipped}{}", &line[start..]);
        if !out.contains(&slip) && slip != line {
            out.push(slip);
        }
        let _ = end;
    }
    out
}

/// A term moved across the equals sign without changing its sign: `2x + 3 = 11` to `2x = 8`
/// written as `2x = 14`. The constants of `after` are tried from the right.
fn moved_term_slips(before: &str, after: &str) -> Vec<String> {
    let value = |text: &str, (s, e): (usize, usize)| text[s..e].parse::<i64>().ok();
    let kept: Vec<i64> = coefficients(after)
        .into_iter()
        .filter_map(|slot| value(after, slot))
        .collect();
    let moved: Vec<i64> = coefficients(before)
        .into_iter()
        .filter_map(|slot| value(before, slot))
        .filter(|c| !kept.contains(c))
        .collect();
    let mut out = Vec::new();
    for slot in coefficients(after).into_iter().rev() {
        let Some(k) = value(after, slot) else {
            continue;
        };
        for c in &moved {
            let wrong = k + 2 * c;
            let slip = format!("{}{wrong}{}", &after[..slot.0], &after[slot.1..]);
            if !out.contains(&slip) {
                out.push(slip);
            }
        }
    }
    out
}

fn failed(problem: &str, steps: &[Step], answer: &str, index: usize) -> Option<String> {
    match &check_steps(problem, steps, answer).get(index)?.status {
        CheckStatus::Failed { reason } => Some(reason.clone()),
        _ => None,
    }
}

/// Common mistakes for this solution, each one a slip the checker really rejects: a sign
/// error in the first step that can have one, and an answer with its sign flipped.
pub fn mistakes(solution: &CheckedSolution) -> Vec<Mistake> {
    let problem = solution.problem.as_str();
    let mut out = Vec::new();
    if lectern_solver::solve(problem).is_err() {
        return out;
    }
    let linear = matches!(
        solution.kind,
        ProblemKind::LinearEquation { .. } | ProblemKind::LinearSystem { .. }
    );
    'steps: for checked in solution.steps.iter().filter(|s| s.checked) {
        let step = &checked.step;
        let mut slips = if linear {
            moved_term_slips(&step.before, &step.after)
        } else {
            Vec::new()
        };
        slips.extend(sign_slips(&step.after));
        for slip in slips {
            let wrong = Step {
                after: slip.clone(),
                ..step.clone()
            };
            if let Some(reason) = failed(problem, &[wrong], &solution.final_answer, 0) {
                out.push(Mistake {
                    rule: Some(step.rule.clone()),
                    wrong: slip,
                    right: step.after.clone(),
                    reason,
                });
                break 'steps;
            }
        }
    }
    if solution.answer_checked {
        for slip in sign_slips(&solution.final_answer) {
            if let Some(reason) = failed(problem, &[], &slip, 0) {
                out.push(Mistake {
                    rule: None,
                    wrong: slip,
                    right: solution.final_answer.clone(),
                    reason,
                });
                break;
            }
        }
    }
    out
}

/// The rule without its explanation: "Eliminate x: replace ..." gives "Eliminate x".
fn short_rule(rule: &str) -> &str {
    rule.split(':')
        .next()
        .unwrap_or(rule)
        .trim()
        .trim_end_matches('.')
}

/// The solution with runs of up to `run` consecutive steps (each continuing from the one
/// before) told as one line; the last step, which carries the answer, always stays as it is.
/// The marks of the shorter solution come afresh from the checker. None when nothing can be
/// combined.
pub fn compress(solution: &CheckedSolution, run: usize) -> Option<CheckedSolution> {
    let steps: Vec<&Step> = solution.steps.iter().map(|s| &s.step).collect();
    if steps.len() < 3 || run < 2 {
        return None;
    }
    let last = steps.len() - 1;
    let mut merged: Vec<Step> = Vec::new();
    let mut i = 0;
    let mut changed = false;
    while i < steps.len() {
        let mut j = i;
        while j + 1 < last && j + 1 - i < run && steps[j + 1].before.trim() == steps[j].after.trim()
        {
            j += 1;
        }
        if j == i {
            merged.push(steps[i].clone());
        } else {
            let then = if j == i + 1 {
                let next = short_rule(&steps[j].rule);
                let mut chars = next.chars();
                chars
                    .next()
                    .map(|c| c.to_lowercase().chain(chars).collect::<String>())
                    .unwrap_or_default()
            } else {
                format!("{} more steps", j - i)
            };
            merged.push(Step {
                before: steps[i].before.clone(),
                after: steps[j].after.clone(),
                rule: format!("{}, then {then}", short_rule(&steps[i].rule)),
                narration: String::new(),
            });
            changed = true;
        }
        i = j + 1;
    }
    if !changed {
        return None;
    }
    let checks = check_steps(&solution.problem, &merged, &solution.final_answer);
    let answer_checked = checks.last().is_some_and(|c| c.is_checked());
    Some(CheckedSolution {
        steps: merged
            .into_iter()
            .zip(&checks)
            .map(|(step, check)| super::CheckedStep {
                checked: check.is_checked(),
                step,
            })
            .collect(),
        answer_checked,
        ..solution.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coefficients_skip_exponents_decimals_and_names() {
        let text = "x^2 - 5x + 6 = 0.5 + y2";
        let found: Vec<&str> = coefficients(text)
            .iter()
            .map(|&(s, e)| &text[s..e])
            .collect();
        assert_eq!(found, ["5", "6"]);
    }

    #[test]
    fn sign_slips_flip_one_sign_at_a_time() {
        assert_eq!(sign_slips("2x = 8"), ["-2x = 8", "2x = -8"]);
        assert_eq!(sign_slips("x - 3 = -1"), ["x + 3 = -1", "x - 3 = 1"]);
    }

    #[test]
    fn practice_problems_are_deterministic_fully_checked_and_of_the_same_kind() {
        for problem in [
            "2x + 3 = 11",
            "x^2 - 5x + 6 = 0",
            "2x + 3y = 7; x - y = 1",
            "d/dx(x^3 + 2x)",
            "∫ (3x^2 + 2x) dx",
            "What is 7/4 - 1/2?",
        ] {
            let solution = super::super::offline(problem).unwrap();
            let first = practice(&solution, 3);
            assert!(!first.is_empty(), "{problem}");
            let again = practice(&solution, 3);
            let texts: Vec<&str> = first.iter().map(|p| p.problem.as_str()).collect();
            let texts_again: Vec<&str> = again.iter().map(|p| p.problem.as_str()).collect();
            assert_eq!(texts, texts_again, "{problem}");
            for p in &first {
                assert_ne!(p.problem, problem);
                assert!(
                    same_kind(&p.kind, &solution.kind),
                    "{problem}: {}",
                    p.problem
                );
                assert!(p.answer_checked && p.steps.iter().all(|s| s.checked));
                // The marks are the checker's, recomputed here.
                let steps: Vec<Step> = p.steps.iter().map(|s| s.step.clone()).collect();
                let checks = check_steps(&p.problem, &steps, &p.final_answer);
                assert!(checks.iter().all(|c| c.is_checked()), "{}", p.problem);
            }
        }
    }

    #[test]
    fn every_mistake_shown_is_one_the_checker_rejects() {
        let solution = super::super::offline("2x + 3 = 11").unwrap();
        let found = mistakes(&solution);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].right, "2x = 8");
        assert_eq!(found[0].wrong, "2x = 14");
        assert_eq!(found[1].right, "x = 4");
        assert_eq!(found[1].wrong, "x = -4");
        for mistake in &found {
            let step = Step {
                before: "2x + 3 = 11".into(),
                after: mistake.wrong.clone(),
                rule: String::new(),
                narration: String::new(),
            };
            let checks = if mistake.rule.is_some() {
                check_steps("2x + 3 = 11", &[step], "x = 4")
            } else {
                check_steps("2x + 3 = 11", &[], &mistake.wrong)
            };
            assert!(checks[0].is_failed(), "{mistake:?}");
        }
    }

    #[test]
    fn compressed_steps_keep_the_answer_step_and_the_checker_marks_them() {
        let problem = "x + y + z = 6; 2x - y + z = 3; x + 2y - z = 2";
        let solution = super::super::offline(problem).unwrap();
        let shorter = compress(&solution, 2).expect("a long solution can be told more briefly");
        assert!(shorter.steps.len() < solution.steps.len());
        let shortest = compress(&solution, solution.steps.len()).unwrap();
        assert_eq!(shortest.steps.len(), 2, "{:?}", shortest.steps);
        assert!(shortest.steps.iter().all(|s| s.checked));
        assert_eq!(
            shorter.steps.last().unwrap().step,
            solution.steps.last().unwrap().step
        );
        let steps: Vec<Step> = shorter.steps.iter().map(|s| s.step.clone()).collect();
        let checks = check_steps(problem, &steps, &shorter.final_answer);
        for (step, check) in shorter.steps.iter().zip(&checks) {
            assert_eq!(step.checked, check.is_checked(), "{:?}", step.step);
        }
        assert_eq!(shorter.answer_checked, checks.last().unwrap().is_checked());
    }
}
