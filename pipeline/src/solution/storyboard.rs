//! A checked solution as a storyboard: a title, the solution line by line (what changed
//! highlighted, the rule named, the check mark only where a computation verified the step,
//! the final answer boxed), then, as the requested length allows, a recap and key ideas.

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::{
    Storyboard,
    storyboard::{
        BoxedAnswer, Checkpoint, CheckpointAnswer, ComparisonRow, MathPart, Origin,
        STORYBOARD_VERSION, Scene, SolutionStep, Visual, WorkedStep, count_words,
    },
    titles::Subject,
};
use lectern_contract::Wpm;
use lectern_solver::ProblemKind;
use serde::Deserialize;

use super::extras::{self, Mistake};
use super::notation::{line_parts, speak, typst_math, typst_text};
use super::{CheckedSolution, CheckedStep, SolutionBrief, Source};

pub const WPM: Wpm = Wpm::new(150);
/// Lines of a solution scene, after the line it continues from.
const LINES_PER_SCENE: usize = 4;
/// The heading of the main solution's scenes; practice problems have their own.
const MAIN_HEADING: &str = "Step by step";
const PRACTICE_HEADING: &str = "Practice: step by step";
/// At most this many practice problems, however long the video.
const MAX_PRACTICE: usize = 12;
/// Scenes before the last one, under the storyboard's limit of 60.
const MAX_SCENES: usize = 58;

pub fn subject(subject: &str) -> Subject {
    let s = subject.to_lowercase();
    let science = ["physic", "chemi", "biolog", "science", "astronom", "geolog"];
    let business = ["econom", "business", "financ", "account"];
    if [
        "math",
        "algebra",
        "calculus",
        "geometr",
        "arithmetic",
        "statistic",
        "trigonometr",
    ]
    .iter()
    .any(|k| s.contains(k))
    {
        Subject::Mathematics
    } else if science.iter().any(|k| s.contains(k)) {
        Subject::Science
    } else if business.iter().any(|k| s.contains(k)) {
        Subject::Business
    } else if ["program", "comput", "code", "coding"]
        .iter()
        .any(|k| s.contains(k))
    {
        Subject::Programming
    } else {
        Subject::General
    }
}

fn clip(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max.saturating_sub(3)).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}...", cut.trim_end())
}

fn sentence(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() || text.ends_with(['.', '!', '?']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// A narration beat, held under the storyboard's sentence limit.
fn beat(parts: &[String]) -> String {
    let text = parts
        .iter()
        .map(|p| sentence(p))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    clip(&text, 390)
}

fn has_relation(line: &str) -> bool {
    line.contains('=') || line.contains('<') || line.contains('>') || line.contains(" or ")
}

/// How a kind of problem is solved, said on its title and recap slides: one method sentence
/// and three ideas, kept as data in `methods.json` by the kind's name.
#[derive(Deserialize)]
struct Method {
    method: String,
    ideas: [String; 3],
}

static METHODS: LazyLock<HashMap<String, Method>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("methods.json"))
        .expect("methods.json holds a method for each kind of problem")
});

fn how_to(kind: &ProblemKind) -> &'static Method {
    METHODS
        .get(kind.name())
        .unwrap_or_else(|| panic!("methods.json has no method for {}", kind.name()))
}

/// What the title slide says about the checks, honestly.
fn check_claim(solution: &CheckedSolution) -> (&'static str, &'static str) {
    let checked = solution.steps.iter().filter(|s| s.checked).count();
    if checked == solution.steps.len() && solution.answer_checked {
        (
            "Step-by-step solution · every step checked",
            "Every step in this video, and the answer, has been checked by computation.",
        )
    } else if checked > 0 || solution.answer_checked {
        (
            "Step-by-step solution · checked steps are marked",
            "The steps marked with a check have been verified by computation.",
        )
    } else {
        (
            "Step-by-step solution",
            "These steps could not be checked by computation, so none of them carries a check mark.",
        )
    }
}

struct Line {
    step: SolutionStep,
    narration: String,
}

/// Whether `explanation` already ends by stating the line's result (`spoken_after`, as the
/// voice says it): "So the limit is 2." needs no "That gives 2." after it (issue 54).
fn states_result(explanation: &str, spoken_after: &str) -> bool {
    let value = spoken_after
        .rsplit(" equals ")
        .next()
        .unwrap_or(spoken_after)
        .trim()
        .trim_end_matches('.')
        .to_lowercase();
    let last = explanation
        .trim()
        .trim_end_matches(['.', '!'])
        .rsplit(['.', '!', '?'])
        .next()
        .unwrap_or("")
        .trim()
        .to_lowercase();
    !value.is_empty()
        && ["is", "equals", "gives", "becomes", "get", "=", "are"]
            .iter()
            .any(|verb| last.ends_with(&format!(" {verb} {value}")))
}

fn step_narration(detail: u8, rule: &str, explanation: &str, after: &str, checked: bool) -> String {
    let spoken_after = speak(after);
    // Only the checker says a step is checked: a writer's own claim is not narrated.
    let explanation = if checked {
        explanation.to_string()
    } else {
        explanation
            .split_inclusive(['.', '!', '?'])
            .filter(|s| {
                let s = s.to_lowercase();
                !["check", "verif", "confirm"].iter().any(|w| s.contains(w))
            })
            .collect::<String>()
    };
    let explanation = explanation.as_str();
    let result = if detail > 1 && states_result(&speak(explanation), &spoken_after) {
        String::new()
    } else {
        format!("That gives {spoken_after}")
    };
    let confirmation = if checked && detail >= 3 {
        "A computation confirms this line says the same as the one before"
    } else {
        ""
    };
    match detail {
        1 => beat(&[speak(rule), result]),
        _ => beat(&[
            speak(rule),
            speak(explanation),
            result,
            confirmation.to_string(),
        ]),
    }
}

/// The line a solution starts from: the first step's `before`, else the problem.
fn first_line(solution: &CheckedSolution) -> &str {
    solution
        .steps
        .first()
        .map_or(solution.problem.as_str(), |s| s.step.before.as_str())
}

fn solution_lines(
    solution: &CheckedSolution,
    detail: u8,
    show_work: bool,
    practice: bool,
) -> (Line, Vec<Line>) {
    let first_before = first_line(solution);
    let problem_line = Line {
        step: SolutionStep {
            parts: line_parts(None, first_before),
            rule: None,
            checked: false,
        },
        narration: if practice {
            beat(&[format!(
                "Here is how it goes, starting from {}",
                speak(first_before)
            )])
        } else {
            beat(&[format!("Here is the problem: {}", speak(first_before))])
        },
    };
    if !show_work {
        return (problem_line, Vec::new());
    }
    let mut current = first_before.to_string();
    let mut lines = Vec::new();
    for checked in &solution.steps {
        let step = &checked.step;
        let continues = step.before.trim() == current.trim();
        let side_computation =
            !continues && !has_relation(&step.before) && !has_relation(&step.after);
        let parts = if continues {
            line_parts(Some(&current), &step.after)
        } else if side_computation {
            let mut parts = line_parts(None, &step.before);
            parts.push(MathPart {
                math: " = ".into(),
                highlight: false,
            });
            parts.push(MathPart {
                math: typst_math(&step.after),
                highlight: true,
            });
            parts
        } else {
            line_parts(None, &step.after)
                .into_iter()
                .map(|p| MathPart {
                    highlight: true,
                    ..p
                })
                .collect()
        };
        lines.push(Line {
            step: SolutionStep {
                parts,
                rule: Some(clip(&step.rule, 118)),
                checked: checked.checked,
            },
            narration: step_narration(
                detail,
                &step.rule,
                &step.narration,
                &step.after,
                checked.checked,
            ),
        });
        if !side_computation {
            current = step.after.clone();
        }
    }
    (problem_line, lines)
}

fn answer_narration(solution: &CheckedSolution) -> String {
    let answer = speak(&solution.final_answer);
    if solution.answer_checked {
        beat(&[
            format!("So the answer is {answer}"),
            "Substituting it back into the problem confirms it".into(),
        ])
    } else {
        beat(&[format!("So the answer is {answer}")])
    }
}

/// The solution line by line, in scenes titled `title` ("Step by step"), the answer boxed in
/// the last one.
fn solution_scenes(
    solution: &CheckedSolution,
    detail: u8,
    show_work: bool,
    title: &str,
) -> Vec<Scene> {
    let practice = title != MAIN_HEADING;
    let (problem_line, lines) = solution_lines(solution, detail, show_work, practice);
    let answer = BoxedAnswer {
        math: typst_math(&solution.final_answer),
        checked: solution.answer_checked,
    };
    let chunks: Vec<&[Line]> = if lines.is_empty() {
        vec![&[]]
    } else {
        lines.chunks(LINES_PER_SCENE).collect()
    };
    let count = chunks.len();
    let mut scenes = Vec::new();
    let mut context = problem_line;
    for (index, chunk) in chunks.into_iter().enumerate() {
        let heading = if count == 1 {
            title.to_string()
        } else {
            format!("{title} ({} of {count})", index + 1)
        };
        let mut steps = vec![context.step.clone()];
        let mut narration = vec![context.narration.clone()];
        for line in chunk {
            steps.push(line.step.clone());
            narration.push(line.narration.clone());
        }
        let last = index + 1 == count;
        if last {
            narration.push(answer_narration(solution));
        }
        scenes.push(Scene {
            visual: Visual::SolutionSteps {
                heading,
                steps,
                answer: last.then(|| answer.clone()),
            },
            narration,
            cites: Vec::new(),
        });
        if let Some(line) = chunk.last() {
            context = Line {
                step: SolutionStep {
                    parts: line
                        .step
                        .parts
                        .iter()
                        .map(|p| MathPart {
                            highlight: false,
                            ..p.clone()
                        })
                        .collect(),
                    rule: None,
                    checked: false,
                },
                narration: "We carry on from this line.".into(),
            };
        }
    }
    scenes
}

fn recap_scene(solution: &CheckedSolution) -> Scene {
    let rules: Vec<String> = solution
        .steps
        .iter()
        .map(|s| clip(&s.step.rule, 88))
        .collect();
    let shown: Vec<String> = if rules.len() > 4 {
        let mut first: Vec<String> = rules[..3].to_vec();
        first.push(clip(
            &format!("Then {} more steps to the answer", rules.len() - 3),
            88,
        ));
        first
    } else {
        rules
    };
    let mut narration: Vec<String> = shown
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            let lead = ["First", "Next", "Then", "Finally"][i.min(3)];
            beat(&[format!("{lead}: {}", speak(rule))])
        })
        .collect();
    narration.push(match &solution.summary {
        Some(summary) => beat(&[speak(summary)]),
        None => beat(&[format!(
            "And that leads to {}",
            speak(&solution.final_answer)
        )]),
    });
    let steps = if shown.is_empty() {
        vec![WorkedStep {
            text: "Read the problem and apply the definitions".into(),
            math: None,
        }]
    } else {
        shown
            .into_iter()
            .map(|text| WorkedStep { text, math: None })
            .collect()
    };
    if narration.len() < steps.len() + 1 {
        narration.insert(0, "Here is the method once more.".into());
    }
    Scene {
        visual: Visual::WorkedExample {
            heading: "Recap".into(),
            problem: clip(&solution.problem, 190),
            steps,
            answer: clip(&solution.final_answer, 118),
        },
        narration,
        cites: Vec::new(),
    }
}

/// "Let's solve ... step by step", without doubling the verb a problem starts with:
/// "Solve 3x - 4 = 11" is introduced as "Let's solve 3x minus 4 equals 11 step by step".
fn introduce(problem: &str) -> String {
    const VERBS: [&str; 12] = [
        "solve",
        "find",
        "simplify",
        "compute",
        "evaluate",
        "calculate",
        "differentiate",
        "integrate",
        "determine",
        "factor",
        "expand",
        "work out",
    ];
    let problem = problem.trim();
    for verb in VERBS {
        let Some(head) = problem.get(..verb.len()) else {
            continue;
        };
        let rest = &problem[verb.len()..];
        if head.eq_ignore_ascii_case(verb) && rest.starts_with([' ', ':', '\t', '\n']) {
            let rest = rest.trim_start_matches([' ', ':', '\t', '\n']);
            return format!("Let's {verb} {} step by step", speak(rest));
        }
    }
    format!("Let's solve {} step by step", speak(problem))
}

/// The key ideas of the problem's kind that this solution used: advice about brackets and
/// fractions only for an equation that has them.
fn ideas_scene(solution: &CheckedSolution) -> Scene {
    let has_brackets_or_fractions = solution.problem.contains(['(', '/']);
    let ideas: Vec<&str> = how_to(&solution.kind)
        .ideas
        .iter()
        .map(String::as_str)
        .filter(|idea| !idea.contains("brackets and fractions") || has_brackets_or_fractions)
        .collect();
    Scene {
        visual: Visual::Summary {
            heading: "Key ideas".into(),
            points: ideas.iter().map(|s| s.to_string()).collect(),
        },
        narration: ideas.iter().map(|s| beat(&[speak(s)])).collect(),
        cites: Vec::new(),
    }
}

/// "Try one yourself": a practice problem posed, then worked with its own checks and its
/// answer revealed.
fn practice_scenes(
    practice: &CheckedSolution,
    detail: u8,
    show_work: bool,
    number: usize,
) -> Vec<Scene> {
    let line = first_line(practice);
    let heading = if number == 1 {
        "Try one yourself".to_string()
    } else {
        format!("Try one yourself ({number})")
    };
    let mut scenes = vec![Scene {
        visual: Visual::SolutionSteps {
            heading,
            steps: vec![SolutionStep {
                parts: line_parts(None, line),
                rule: None,
                checked: false,
            }],
            answer: None,
        },
        narration: vec![
            beat(&[format!(
                "{}: {}",
                if number == 1 {
                    "Now try one yourself"
                } else {
                    "Here is another one to try"
                },
                speak(&practice.problem)
            )]),
            "Pause the video and work it out, then compare your answer with the solution.".into(),
        ],
        cites: Vec::new(),
    }];
    // Each practice problem's working has its own heading, so that no two chapters share one.
    let working = if number == 1 {
        PRACTICE_HEADING.to_string()
    } else {
        format!("{PRACTICE_HEADING} ({number})")
    };
    scenes.extend(solution_scenes(practice, detail, show_work, &working));
    scenes
}

/// Slips the checker rejects, each beside the correct line, with the checker's reason.
fn mistakes_scene(mistakes: &[Mistake]) -> Option<Scene> {
    if mistakes.is_empty() {
        return None;
    }
    let rows = mistakes
        .iter()
        .map(|m| ComparisonRow {
            left: clip(&m.wrong, 90),
            right: clip(&m.right, 90),
        })
        .collect();
    let narration = mistakes
        .iter()
        .map(|m| {
            let slip = match &m.rule {
                Some(rule) => format!(
                    "A common slip at the step {}: writing {} instead of {}",
                    speak(&lower_first(rule)),
                    speak(&m.wrong),
                    speak(&m.right)
                ),
                None => format!(
                    "Another slip is a wrong sign in the answer: {} instead of {}",
                    speak(&m.wrong),
                    speak(&m.right)
                ),
            };
            beat(&[slip, format!("The check rejects it: {}", speak(&m.reason))])
        })
        .collect();
    Some(Scene {
        visual: Visual::Comparison {
            heading: "Common mistakes".into(),
            left_title: "A slip the check catches".into(),
            right_title: "Correct".into(),
            rows,
        },
        narration,
        cites: Vec::new(),
    })
}

fn lower_first(text: &str) -> String {
    let text = text.trim().trim_end_matches('.');
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn words(scenes: &[Scene]) -> usize {
    scenes
        .iter()
        .flat_map(|s| &s.narration)
        .map(|s| count_words(s))
        .sum()
}

/// A storyboard and the checked solutions it shows.
pub struct Plan {
    pub storyboard: Storyboard,
    /// The main solution's steps as shown, when consecutive steps were told as one line
    /// (their marks from a fresh check).
    pub combined: Option<Vec<CheckedStep>>,
    /// The practice problems shown, each with its own checks.
    pub practice: Vec<CheckedSolution>,
}

impl Plan {
    /// What a problem job's result says of the solution: the problem, its kind, the checked
    /// steps and answer and who wrote them, the practice problems of the video ("Try one
    /// yourself", each checked like the main one), and the steps as shown when consecutive
    /// ones were told as one line.
    pub fn summary(&self, solution: &CheckedSolution) -> serde_json::Value {
        let mut summary = serde_json::json!({
            "problem": solution.problem,
            "kind": solution.kind.name(),
            "final_answer": solution.final_answer,
            "answer_checked": solution.answer_checked,
            "steps": solution.steps,
            "source": solution.source,
            "practice": self.practice.iter().map(|p| serde_json::json!({
                "problem": p.problem,
                "final_answer": p.final_answer,
                "answer_checked": p.answer_checked,
                "steps": p.steps,
            })).collect::<Vec<_>>(),
        });
        if let Some(combined) = &self.combined {
            summary["shown_steps"] = serde_json::json!(combined);
        }
        summary
    }
}

/// The storyboard of a solution, fitted to the requested length (duration x 150 words):
/// a long solution is told more briefly (less detail, then consecutive steps as one line,
/// never the step that carries the answer); a short one gets real further content while it
/// fits: a recap, key ideas, common mistakes the checker rejects, and practice problems of
/// the same kind, each solved and checked like the main one.
pub fn build(solution: &CheckedSolution, params: &SolutionBrief, title: &str) -> Plan {
    let method = how_to(&solution.kind).method.as_str();
    let intro = solution
        .introduction
        .clone()
        .unwrap_or_else(|| introduce(&solution.problem));
    let target = params.duration_minutes.words_at(WPM);
    let high = target as f64 * 1.1;
    let detail_asked = params.detail_level.clamp(1, 3);
    // The card shows the problem as it is solved: the reading of the student's words, whose
    // steps follow, rather than the words again (they are said in the introduction); of a
    // set-up written out, its equations (what the letters stand for is said in the first step).
    let card = solution
        .reading
        .as_deref()
        .map(|reading| lectern_solver::SetUp::read(reading).notation);
    let card = card.as_deref().unwrap_or(title);
    let title_scene = |shown: &CheckedSolution, with_method: bool| {
        let (subtitle, claim) = check_claim(shown);
        let mut narration = vec![beat(&[speak(&intro), claim.to_string()])];
        if with_method {
            narration.push(beat(&[speak(method)]));
        }
        Scene {
            visual: Visual::Title {
                title: clip(card, 88),
                subtitle: Some(subtitle.into()),
            },
            narration,
            cites: Vec::new(),
        }
    };

    // Too long: less detail (and no method line), then consecutive steps as one line.
    let mut shown = solution.clone();
    let mut run = 1;
    let mut detail = detail_asked;
    let mut with_method = detail >= 2 && matches!(solution.source, Source::OfflineSolver);
    let mut main = solution_scenes(&shown, detail, params.show_work, MAIN_HEADING);
    let length = |with_method: bool, main: &[Scene]| {
        words(std::slice::from_ref(&title_scene(solution, with_method))) + words(main)
    };
    while length(with_method, &main) as f64 > high {
        if detail > 1 {
            detail -= 1;
            with_method &= detail >= 2;
        } else if params.show_work && run + 1 < solution.steps.len() {
            run += 1;
            if let Some(shorter) = extras::compress(solution, run) {
                shown = shorter;
            }
        } else {
            break;
        }
        main = solution_scenes(&shown, detail, params.show_work, MAIN_HEADING);
    }
    // A solution that had to be shortened gets nothing added.
    let shortened = detail < detail_asked || run > 1;
    let mut scenes = vec![title_scene(&shown, with_method)];
    scenes.extend(main);

    // Too short: further content, in this order while it fits, each shown in its place.
    let mut added: Vec<(u8, Vec<Scene>)> = Vec::new();
    let mut total = words(&scenes);
    let main_scenes = scenes.len();
    let mut offer = |rank: u8, extra: Vec<Scene>, total: &mut usize| -> bool {
        let count = main_scenes + added.iter().map(|(_, e)| e.len()).sum::<usize>();
        // The storyboard's limit is 60 scenes; the key ideas may still come last.
        if shortened || *total >= target || count + extra.len() > MAX_SCENES {
            return false;
        }
        let more = words(&extra);
        // Only what fits and brings the length closer to the target.
        let closer = (*total + more).abs_diff(target) < total.abs_diff(target);
        if extra.is_empty() || (*total + more) as f64 > high || !closer {
            return true;
        }
        *total += more;
        added.push((rank, extra));
        true
    };
    offer(2, vec![recap_scene(&shown)], &mut total);
    offer(4, vec![ideas_scene(solution)], &mut total);
    if total < target {
        let mistakes = extras::mistakes(solution);
        offer(
            1,
            mistakes_scene(&mistakes).into_iter().collect(),
            &mut total,
        );
    }
    let mut practiced = Vec::new();
    if !shortened && total < target {
        for practice in extras::practice(solution, MAX_PRACTICE) {
            let number = practiced.len() + 1;
            let mut extra = practice_scenes(&practice, detail, params.show_work, number);
            if detail > 1 {
                // The briefer telling when it comes nearer the requested length.
                let brief = practice_scenes(&practice, 1, params.show_work, number);
                let off = |scenes: &[Scene]| (total + words(scenes)).abs_diff(target);
                if off(&brief) < off(&extra) {
                    extra = brief;
                }
            }
            let before = total;
            if !offer(3, extra, &mut total) {
                break;
            }
            if total > before {
                practiced.push(practice);
            }
        }
    }
    added.sort_by_key(|(rank, _)| *rank);
    scenes.extend(added.into_iter().flat_map(|(_, extra)| extra));
    let storyboard = Storyboard {
        version: STORYBOARD_VERSION,
        title: clip(title, 88),
        subject: subject(&params.subject),
        level: detail_asked,
        show_level: false,
        target_minutes: params.duration_minutes.get(),
        wpm: WPM,
        origin: match solution.source {
            Source::LanguageModel { .. } => Origin::Model,
            Source::OfflineSolver => Origin::HandWritten,
        },
        scenes,
        sources: Vec::new(),
        checkpoints: Vec::new(),
        from_sources: None,
    };
    let mut storyboard = storyboard;
    let own = checkpoints(solution, &storyboard);
    storyboard.checkpoints = crate::checkpoints::completed(&storyboard, own);
    Plan {
        storyboard,
        combined: (run > 1).then_some(shown.steps),
        practice: practiced,
    }
}

/// A solution's checkpoint questions, both about its main working (the last scene headed
/// "Step by step", which "rewatch" goes back to): which rule a checked step applied, among the
/// solution's other rules; and a practice problem the video does not show, of the same kind
/// with other numbers, whose answer the offline solver computes and the checker verified.
fn checkpoints(solution: &CheckedSolution, storyboard: &Storyboard) -> Vec<Checkpoint> {
    let Some(main) = storyboard
        .scenes
        .iter()
        .rposition(|s| s.visual.heading() == MAIN_HEADING)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut rules: Vec<&str> = Vec::new();
    for step in &solution.steps {
        let rule = step.step.rule.trim();
        if !rule.is_empty() && !rules.iter().any(|r| r.eq_ignore_ascii_case(rule)) {
            rules.push(rule);
        }
    }
    let asked = solution.steps.iter().find(|s| {
        s.checked && !s.step.rule.trim().is_empty() && s.step.before.trim() != s.step.after.trim()
    });
    if let Some(step) = asked
        && rules.len() >= 2
    {
        let right = step.step.rule.trim();
        let mut options: Vec<String> = rules
            .iter()
            .filter(|r| !r.eq_ignore_ascii_case(right))
            .take(3)
            .map(|r| crate::checkpoints::clip(r, crate::storyboard::MAX_OPTION))
            .collect();
        // Where the right rule goes among the options: fixed by the step, the same on every machine.
        let at = crate::checkpoints::fnv(&step.step.before) as usize % (options.len() + 1);
        options.insert(
            at,
            crate::checkpoints::clip(right, crate::storyboard::MAX_OPTION),
        );
        out.push(Checkpoint {
            scene: main,
            question: crate::checkpoints::clip(
                &format!(
                    "Which step turns {} into {}?",
                    step.step.before.trim(),
                    step.step.after.trim()
                ),
                200,
            ),
            answer: CheckpointAnswer::Choice {
                options,
                answer: at,
            },
            explanation: crate::checkpoints::clip(
                &format!(
                    "{}: {} becomes {}.",
                    right.trim_end_matches('.'),
                    step.step.before.trim(),
                    step.step.after.trim()
                ),
                300,
            ),
        });
    }
    // One more practice problem than the video could show: the last is never in it.
    let unseen = extras::practice(solution, MAX_PRACTICE + 1)
        .into_iter()
        .rev()
        .find(|p| {
            p.answer_checked
                && !storyboard
                    .scenes
                    .iter()
                    .any(|s| s.narration.iter().any(|n| n.contains(&p.problem)))
        });
    if let Some(practice) = unseen
        && let Some((variable, value)) = crate::checkpoints::single_value(&practice.final_answer)
    {
        out.push(Checkpoint {
            scene: main,
            question: crate::checkpoints::clip(
                &format!(
                    "Try one yourself: {}. What is {variable}?",
                    practice.problem.trim()
                ),
                200,
            ),
            answer: CheckpointAnswer::Number {
                value,
                tolerance: crate::checkpoints::tolerance(value),
                unit: None,
            },
            explanation: crate::checkpoints::clip(
                &format!(
                    "The same steps give {}: {}.",
                    practice.final_answer,
                    practice
                        .steps
                        .iter()
                        .map(|s| s.step.after.trim())
                        .collect::<Vec<_>>()
                        .join(", then ")
                ),
                300,
            ),
        });
    }
    out
}

/// The storyboard as it can be drawn: a model's line may be too long for a slide or not lay
/// out as math, and the scenes with such lines are shown as plain text rather than failing
/// the video.
pub fn drawable(storyboard: Storyboard) -> Storyboard {
    let Err(errors) = storyboard
        .validate()
        .and_then(|()| crate::frames::check_slides(&storyboard))
    else {
        return storyboard;
    };
    tracing::warn!(%errors, "solution lines that do not lay out as math are shown as text");
    as_text(storyboard, &errors.scenes())
}

/// The same storyboard with every line that does not lay out as math written as plain text,
/// so a model's odd notation cannot stop the video.
pub fn as_text(mut storyboard: Storyboard, failed_scenes: &[usize]) -> Storyboard {
    for &index in failed_scenes {
        if let Some(Scene {
            visual: Visual::SolutionSteps { steps, answer, .. },
            ..
        }) = storyboard.scenes.get_mut(index)
        {
            for step in steps.iter_mut() {
                let line: String = step.parts.iter().map(|p| p.math.as_str()).collect();
                step.parts = vec![MathPart {
                    math: typst_text(&clip(&plain(&line), 150)),
                    highlight: false,
                }];
            }
            if let Some(answer) = answer {
                answer.math = typst_text(&plain(&answer.math));
            }
        }
    }
    storyboard
}

/// Typst math back to typed text, for the plain-text fallback.
fn plain(math: &str) -> String {
    math.replace("(dif)/(dif ", "d/d")
        .replace("dif ", "d")
        .replace("plus.minus", "±")
        .replace("minus.plus", "∓")
        .replace(" dot ", " · ")
        .replace(", quad", ";")
        .replace("quad", "")
        .replace("integral", "∫")
        .replace(['"', '\\'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use lectern_contract::Minutes;

    use crate::frames::check_slides;

    use super::*;

    fn params(problem: &str, detail_level: u8, minutes: u32) -> SolutionBrief {
        SolutionBrief {
            problem_text: problem.into(),
            subject: "math".into(),
            problem_type: "homework".into(),
            detail_level,
            duration_minutes: Minutes::whole(minutes),
            show_work: true,
            reading: None,
        }
    }

    /// `methods.json` says how every kind of problem is solved, and nothing else.
    #[test]
    fn every_kind_of_problem_has_a_method_and_three_ideas() {
        let problems = [
            "Solve 2x + 3 = 11",
            "x^2 - 5x + 6 = 0",
            "2x + 3y = 7; x - y = 1",
            "1/2 + 3/4 * 2",
            "d/dx (x^3 + 2x)",
            "integrate 3x^2 + 2x dx",
            "2x - 3 > 5",
            "2^x = 8",
            "log(x) + log(2) = 1",
            "lim x->2 (x^2 - 4)/(x - 2)",
            "A train travels 120 km in 1.5 hours. What is its average speed?",
            "Find the area of a circle with radius 3 cm.",
            "Why is the sky blue?",
        ];
        let kinds: std::collections::BTreeSet<&str> = problems
            .iter()
            .map(|p| lectern_solver::classify(p))
            .map(|kind| {
                let method = how_to(&kind);
                assert!(method.method.ends_with('.'), "{}", kind.name());
                assert!(
                    method.ideas.iter().all(|i| !i.is_empty()),
                    "{}",
                    kind.name()
                );
                kind.name()
            })
            .collect();
        let described: std::collections::BTreeSet<&str> =
            METHODS.keys().map(String::as_str).collect();
        assert_eq!(kinds, described);
    }

    /// Every kind the offline solver handles makes a storyboard that validates and lays out:
    /// the notation converts to Typst math that compiles and fits the slides.
    #[test]
    fn offline_solutions_of_every_kind_lay_out() {
        let problems = [
            "2x + 3 = 11",
            "3(x-1) = 2x + 4",
            "x/2 + 1/3 = 5/6",
            "0.5x + 1.25 = 3",
            "3x + 2 = 3x + 5",
            "2(x + 1) = 2x + 2",
            "x^2 - 5x + 6 = 0",
            "x^2 - 2x - 1 = 0",
            "x^2 + x + 1 = 0",
            "3x^2 - 5x + 1 = 0",
            "2x + 3y = 7; x - y = 1",
            "x + y + z = 6; 2x - y + z = 3; x + 2y - z = 2",
            "x + y = 2; 2x + 2y = 5",
            "2^3 - 4 * (5 - 2)^2 / 6",
            "What is 7/4 - 1/2?",
            "d/dx((x^2+1)(x-3))",
            "d/dx(x^3 + 2x)",
            "∫ (3x^2 + 2x) dx",
        ];
        for problem in problems {
            let solution = super::super::offline(problem).unwrap();
            assert!(solution.steps.iter().all(|s| s.checked), "{problem}");
            for (detail, minutes) in [(1, 1), (2, 3), (3, 10)] {
                let storyboard =
                    build(&solution, &params(problem, detail, minutes), problem).storyboard;
                storyboard
                    .validate()
                    .unwrap_or_else(|e| panic!("{problem}: {e}"));
                check_slides(&storyboard).unwrap_or_else(|e| panic!("{problem}: {e}"));
            }
        }
    }

    /// Issue 17: a solution asks which rule a checked step applied, and a practice problem the
    /// video does not show, whose number the offline solver computed and the checker verified.
    #[test]
    fn a_solution_asks_for_a_rule_and_a_practice_problem_it_does_not_show() {
        let solution = super::super::offline("2x + 3 = 11").unwrap();
        let storyboard = build(&solution, &params("2x + 3 = 11", 2, 3), "2x + 3 = 11").storyboard;
        let checkpoints = &storyboard.checkpoints;
        assert!((2..=4).contains(&checkpoints.len()), "{checkpoints:#?}");
        let rule = checkpoints
            .iter()
            .find(|c| c.question.starts_with("Which step turns 2x + 3 = 11 into"))
            .expect("a rule question");
        let CheckpointAnswer::Choice { options, answer } = &rule.answer else {
            panic!("a choice");
        };
        assert_eq!(options[*answer], solution.steps[0].step.rule);
        let practice = checkpoints
            .iter()
            .find(|c| c.question.starts_with("Try one yourself: "))
            .expect("a practice question");
        let CheckpointAnswer::Number { value, .. } = practice.answer else {
            panic!("a number");
        };
        let problem = practice
            .question
            .trim_start_matches("Try one yourself: ")
            .trim_end_matches(". What is x?");
        let solved = super::super::offline(problem).unwrap();
        assert!(solved.answer_checked);
        assert_eq!(
            crate::checkpoints::single_value(&solved.final_answer).map(|(_, v)| v),
            Some(value)
        );
        let said: String = storyboard
            .scenes
            .iter()
            .flat_map(|s| s.narration.iter().cloned())
            .collect();
        assert!(!said.contains(problem), "{problem} is shown in the video");
        storyboard.validate().unwrap();
    }

    #[test]
    fn the_introduction_does_not_repeat_the_verb_the_problem_starts_with() {
        let intro = introduce("Solve 3x - 4 = 11");
        assert!(
            intro.starts_with("Let's solve 3") && intro.contains("equals 11"),
            "{intro}"
        );
        assert!(!intro.to_lowercase().contains("solve solve"), "{intro}");
        assert!(introduce("find: x + 1 = 2").starts_with("Let's find x "));
        assert!(introduce("2x + 3 = 11").starts_with("Let's solve 2"));
        // A word that only begins like a verb is kept.
        assert!(introduce("Solvent volumes: 2x = 4").starts_with("Let's solve Solvent"));
    }

    #[test]
    fn key_ideas_mention_brackets_and_fractions_only_when_the_problem_has_them() {
        let plain = super::super::offline("3x - 4 = 11").unwrap();
        let Visual::Summary { points, .. } = ideas_scene(&plain).visual else {
            panic!("a summary");
        };
        assert!(points.iter().all(|p| !p.contains("brackets")), "{points:?}");
        let bracketed = super::super::offline("3(x-1) = 2x + 4").unwrap();
        let Visual::Summary { points, .. } = ideas_scene(&bracketed).visual else {
            panic!("a summary");
        };
        assert!(points.iter().any(|p| p.contains("brackets")), "{points:?}");
    }

    #[test]
    fn the_answer_is_boxed_with_its_check_and_only_checked_lines_are_marked() {
        let mut solution = super::super::offline("2x + 3 = 11").unwrap();
        solution.steps[1].checked = false;
        let storyboard = build(&solution, &params("2x + 3 = 11", 2, 1), "2x + 3 = 11").storyboard;
        let Visual::SolutionSteps { steps, answer, .. } = &storyboard.scenes[1].visual else {
            panic!("the second scene shows the solution");
        };
        let marks: Vec<bool> = steps.iter().map(|s| s.checked).collect();
        assert_eq!(marks, [false, true, false]);
        let narration = step_narration(
            2,
            "Divide",
            "We verified this. Halve both sides.",
            "x = 4",
            false,
        );
        assert_eq!(
            narration,
            "Divide. Halve both sides. That gives x equals 4."
        );
        assert_eq!(
            step_narration(2, "Substitute", "So the limit is 2.", "2", true),
            "Substitute. So the limit is 2.",
            "a result the explanation states is not said again"
        );
        assert_eq!(
            step_narration(2, "Multiply", "Multiply both sides by 2.", "x = 2", true),
            "Multiply. Multiply both sides by 2. That gives x equals 2.",
            "a number in the explanation is not its result"
        );
        assert_eq!(answer.as_ref().unwrap().math, "x = 4");
        assert!(answer.as_ref().unwrap().checked);
        let Visual::Title { subtitle, .. } = &storyboard.scenes[0].visual else {
            panic!("a title first");
        };
        assert_eq!(
            subtitle.as_deref(),
            Some("Step-by-step solution · checked steps are marked")
        );
    }

    fn title_card(storyboard: &Storyboard) -> &str {
        let Visual::Title { title, .. } = &storyboard.scenes[0].visual else {
            panic!("a title first: {:?}", storyboard.scenes[0]);
        };
        title
    }

    #[tokio::test]
    async fn the_title_card_shows_the_reading_not_the_students_words() {
        let words = "A jacket costs $60 and is 25% off. What is the sale price?";
        let brief = params(words, 2, 2);
        let solution = super::super::solve(None, &brief).await.unwrap();
        let plan = build(&solution, &brief, &lectern_contract::problem_title(words));
        assert_eq!(title_card(&plan.storyboard), "$60 - 25% of $60");
        assert!(
            plan.storyboard.scenes[0].narration[0].contains("jacket"),
            "the words are said: {:?}",
            plan.storyboard.scenes[0].narration
        );
        // The video keeps the words as its name in the library.
        assert_eq!(plan.storyboard.title, words);

        // A reading the student confirmed before paying (a model's).
        let ages = "Ann is 6 years older than Ben, and together they are 40. How old is Ben?";
        let brief = SolutionBrief {
            reading: Some("b + (b + 6) = 40".into()),
            ..params(ages, 2, 2)
        };
        let solution = super::super::solve(None, &brief).await.unwrap();
        let plan = build(&solution, &brief, &lectern_contract::problem_title(ages));
        assert_eq!(title_card(&plan.storyboard), "b + (b + 6) = 40");

        // A set-up written out (issue 51): the card shows its equation, the first step says
        // what the letter stands for, and the answer has its unit.
        let brief = SolutionBrief {
            reading: Some("b + (b + 6) = 40, where b is Ben's age (years)".into()),
            ..params(ages, 2, 2)
        };
        let solution = super::super::solve(None, &brief).await.unwrap();
        assert_eq!(solution.final_answer, "b = 17 years");
        assert!(
            solution.steps[0]
                .step
                .narration
                .starts_with("Let b be Ben's age, in years. We write this as b + (b + 6) = 40."),
            "{:?}",
            solution.steps[0]
        );
        let plan = build(&solution, &brief, &lectern_contract::problem_title(ages));
        assert_eq!(title_card(&plan.storyboard), "b + (b + 6) = 40");

        // A problem typed in the notation has no reading: its card is the title given.
        let typed = params("Solve 2x + 3 = 11", 2, 2);
        let solution = super::super::solve(None, &typed).await.unwrap();
        let plan = build(&solution, &typed, "Solve 2x + 3 = 11");
        assert_eq!(title_card(&plan.storyboard), "Solve 2x + 3 = 11");
    }

    fn seconds(storyboard: &Storyboard) -> f64 {
        storyboard.wpm.seconds_for(storyboard.word_count())
    }

    /// The narration is as long as asked (duration x 150 words, within 15%): a short problem
    /// gets practice problems and common mistakes, a long one is told more briefly.
    #[test]
    fn the_narration_fits_the_requested_length() {
        let long = "x + y + z = 6; 2x - y + z = 3; x + 2y - z = 2";
        for (problem, detail, minutes) in [
            ("2x + 3 = 11", 2, 3),
            ("2x + 3 = 11", 2, 1),
            ("2x + 3 = 11", 3, 10),
            ("x^2 - 5x + 6 = 0", 2, 5),
            ("2x + 3y = 7; x - y = 1", 2, 3),
            ("∫ (3x^2 + 2x) dx", 2, 4),
            ("d/dx((x^2+1)(x-3))", 2, 1),
            (long, 3, 1),
            (long, 1, 1),
        ] {
            let solution = super::super::offline(problem).unwrap();
            let storyboard =
                build(&solution, &params(problem, detail, minutes), problem).storyboard;
            let asked = f64::from(minutes * 60);
            let got = seconds(&storyboard);
            eprintln!("{problem} (detail {detail}): asked {asked} s, got {got:.0} s");
            storyboard
                .check_word_budget(0.15)
                .unwrap_or_else(|e| panic!("{problem}, {minutes} min: {e}"));
            storyboard.validate().unwrap();
        }
    }

    /// Every check mark and checked answer box in the video, practice problems and combined
    /// steps included, is one that `check_steps` returned Checked for.
    #[test]
    fn every_mark_in_the_video_comes_from_the_checker() {
        for (problem, minutes) in [
            ("2x + 3 = 11", 3),
            ("x^2 - 5x + 6 = 0", 5),
            ("x + y + z = 6; 2x - y + z = 3; x + 2y - z = 2", 1),
        ] {
            let solution = super::super::offline(problem).unwrap();
            let plan = build(&solution, &params(problem, 3, minutes), problem);
            let main = plan.combined.clone().unwrap_or(solution.steps.clone());
            let mut expected: Vec<bool> = Vec::new();
            let mut answers = Vec::new();
            let solutions =
                std::iter::once((problem.to_string(), main, solution.final_answer.clone())).chain(
                    plan.practice
                        .iter()
                        .map(|p| (p.problem.clone(), p.steps.clone(), p.final_answer.clone())),
                );
            for (text, steps, answer) in solutions {
                let typed: Vec<lectern_solver::Step> =
                    steps.iter().map(|s| s.step.clone()).collect();
                let checks = lectern_solver::check_steps(&text, &typed, &answer);
                for (step, check) in steps.iter().zip(&checks) {
                    assert_eq!(step.checked, check.is_checked(), "{text}: {:?}", step.step);
                }
                expected.extend(steps.iter().map(|s| s.checked));
                answers.push(checks.last().unwrap().is_checked());
            }
            let mut marks = Vec::new();
            let mut boxes = Vec::new();
            for scene in &plan.storyboard.scenes {
                if let Visual::SolutionSteps { steps, answer, .. } = &scene.visual {
                    for line in steps {
                        if line.rule.is_some() {
                            marks.push(line.checked);
                        } else {
                            assert!(!line.checked, "a restated line is never marked");
                        }
                    }
                    boxes.extend(answer.iter().map(|a| a.checked));
                }
            }
            assert_eq!(marks, expected, "{problem}");
            assert_eq!(boxes, answers, "{problem}");
            if minutes > 1 {
                assert!(!plan.practice.is_empty(), "{problem}");
            } else {
                assert!(plan.combined.is_some(), "{problem}");
            }
        }
    }
}
