//! The offline course writer: without a language model it cannot know the subject, so it
//! writes an honest study skeleton for the goal (labelled "offline draft" in the course's
//! description and on every slide), and lesson videos that guide the learner through each
//! part of it, each introduced in its own words and building on the lesson before.

use super::{CourseBrief, CourseOutline, LessonBrief, LessonOutline};
use crate::script::ScriptError;
use crate::storyboard::{Origin, STORYBOARD_VERSION, Scene, Storyboard, Visual, WorkedStep};
use crate::titles::{guess_subject, smart_title};

/// `text` cut at a word boundary to `max_chars` (with an ellipsis); long words stay whole,
/// the slides break them.
fn tidy(text: &str, max_chars: usize) -> String {
    let words = text.split_whitespace();
    let mut out = String::new();
    for word in words {
        let extra = usize::from(!out.is_empty()) + word.chars().count();
        if out.chars().count() + extra > max_chars.saturating_sub(1) {
            if out.is_empty() {
                out.extend(word.chars().take(max_chars.saturating_sub(1)));
            }
            out.push('…');
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

struct Template {
    title: &'static str,
    objectives: &'static [&'static str],
    summary: &'static str,
    key_terms: &'static [&'static str],
}

const GETTING_STARTED: Template = Template {
    title: "Getting Started",
    objectives: &[
        "Say in one sentence what reaching the goal will let you do",
        "Compare your starting point with what the course assumes",
        "Choose one trusted textbook or course to study alongside",
    ],
    summary: "Where the course is going and where you start from: the goal in your own words, the gaps in your background, and the sources you will check every lesson against.",
    key_terms: &["learning goal", "prerequisite", "trusted source"],
};

const VOCABULARY: Template = Template {
    title: "The Core Vocabulary",
    objectives: &[
        "List the key terms that every explanation of the topic relies on",
        "Write each term in plain words, with one small example",
        "Link the terms that depend on each other",
    ],
    summary: "The words the rest of the course is built from, collected from your source, each defined in plain words with an example, and linked into a map.",
    key_terms: &["definition", "example", "concept map"],
};

const CORE_IDEAS: Template = Template {
    title: "The Central Ideas",
    objectives: &[
        "Find the three or four ideas your source keeps returning to",
        "Explain each idea aloud, from memory, in a few sentences",
        "Connect each idea to the terms of your concept map",
    ],
    summary: "The handful of ideas that carry the subject, found in your source and explained from memory until the explanation has no gaps.",
    key_terms: &["central idea", "explanation", "analogy"],
};

const WORKED_EXAMPLES: Template = Template {
    title: "Worked Examples",
    objectives: &[
        "Follow a worked example from your source one step at a time",
        "Redo the example with the solution covered",
        "Check every step, and note where you needed help",
    ],
    summary: "Understanding built through examples: followed slowly, redone without looking, and checked step by step against the source.",
    key_terms: &["worked example", "step", "self-check"],
};

const MISTAKES: Template = Template {
    title: "Common Mistakes",
    objectives: &[
        "Collect the mistakes your source warns about",
        "Explain why each mistake is tempting, and what avoids it",
        "Test yourself on problems designed to trigger them",
    ],
    summary: "The traps of the subject, taken on purpose: why each mistake is tempting, how to spot it, and practice that makes the right habit stick.",
    key_terms: &["misconception", "counterexample", "error check"],
};

const GOING_DEEPER: Template = Template {
    title: "Going Deeper",
    objectives: &[
        "Pick one advanced question your source raises",
        "Read one further source on it, and compare the two",
        "Write down what changes in the edge cases",
    ],
    summary: "Beyond the basics: one advanced question, two sources compared, and the edge cases where the simple picture no longer holds.",
    key_terms: &["edge case", "trade-off", "further reading"],
};

const PRACTICE: Template = Template {
    title: "Putting It into Practice",
    objectives: &[
        "Use what you learned in a small project of your own",
        "Test yourself from memory, then fill the gaps",
        "Plan short reviews over the coming weeks",
    ],
    summary: "The course brought together: a small project that uses every lesson, a test from memory, and a plan of spaced reviews so it stays learned.",
    key_terms: &["project", "retrieval practice", "spaced review"],
};

fn templates(detail_level: u8) -> Vec<&'static Template> {
    match detail_level {
        1 => vec![&GETTING_STARTED, &VOCABULARY, &CORE_IDEAS, &PRACTICE],
        3 => vec![
            &GETTING_STARTED,
            &VOCABULARY,
            &CORE_IDEAS,
            &WORKED_EXAMPLES,
            &MISTAKES,
            &GOING_DEEPER,
            &PRACTICE,
        ],
        _ => vec![
            &GETTING_STARTED,
            &VOCABULARY,
            &CORE_IDEAS,
            &WORKED_EXAMPLES,
            &PRACTICE,
        ],
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// An honest course skeleton for the goal: the study path a good tutor would set, with the
/// subject's content left to a trusted source, labelled an offline draft.
pub fn offline_outline(brief: &CourseBrief) -> CourseOutline {
    let topic = tidy(&smart_title(&brief.goal), 80);
    let goal = tidy(brief.goal.trim(), 160);
    let background = tidy(brief.background_knowledge.trim(), 100);
    let audience = match brief.detail_level {
        1 => "Beginners with no prior knowledge of the subject",
        3 => "Advanced learners who want depth, edge cases and trade-offs",
        _ => "Learners who know the basics and want a structured path",
    };
    let audience = if background.is_empty() {
        audience.to_string()
    } else {
        tidy(&format!("{audience}, starting from: {background}"), 200)
    };
    let prerequisites = match brief.detail_level {
        1 => Vec::new(),
        3 => strings(&[
            "A working knowledge of the basics of the subject",
            "Comfort with its standard notation",
        ]),
        _ => strings(&["The basic terms of the subject"]),
    };
    CourseOutline {
        title: topic,
        description: tidy(
            &format!(
                "Offline draft: no language model was configured, so this course is a study \
                 skeleton for the goal \"{goal}\". Each lesson says what to learn and how; the \
                 subject's content comes from a trusted textbook or course you choose."
            ),
            400,
        ),
        audience,
        prerequisites,
        lessons: templates(brief.detail_level)
            .into_iter()
            .map(|t| LessonOutline {
                title: t.title.to_string(),
                objectives: strings(t.objectives),
                summary: t.summary.to_string(),
                key_terms: strings(t.key_terms),
            })
            .collect(),
        origin: Origin::OfflineDraft,
    }
}

const NUMBERS: [&str; 12] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
];

fn number(n: usize) -> String {
    NUMBERS
        .get(n.wrapping_sub(1))
        .map(|s| s.to_string())
        .unwrap_or_else(|| n.to_string())
}

fn scene(visual: Visual, narration: Vec<String>) -> Scene {
    Scene { visual, narration }
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A lesson video of an offline course (or of a model's course, when no model is configured
/// for videos): its own introduction, what it builds on, its objectives, its summary and key
/// terms, one exercise, and what comes next.
pub fn offline_lesson_storyboard(lesson_brief: &LessonBrief) -> Result<Storyboard, ScriptError> {
    let context = &lesson_brief.context;
    let brief = &lesson_brief.brief;
    if context.index >= context.count() {
        return Err(ScriptError::Brief(format!(
            "lesson {} of a course of {} lessons",
            context.index,
            context.count()
        )));
    }
    let lesson = context.lesson();
    let k = context.index + 1;
    let n = context.count();
    let course = tidy(&context.course_title, 80);
    let title = tidy(&lesson.title, 80);

    // The introduction is the lesson's own: only the first lesson welcomes the learner to the
    // course; the others name themselves and the lesson they build on.
    let intro = match context.previous().last() {
        None => vec![
            format!(
                "Welcome to {course}: this is lesson one of {}, {title}.",
                number(n)
            ),
            format!(
                "No language model was configured, so {course} is an offline draft: a guided \
                 plan for reaching your goal with a trusted source at your side."
            ),
        ],
        Some(previous) => vec![
            format!("Lesson {} of {}: {title}.", number(k), number(n)),
            format!(
                "It builds on lesson {}, {}.",
                number(k - 1),
                tidy(&previous.title, 80)
            ),
        ],
    };
    let mut scenes = vec![scene(
        Visual::Title {
            title: title.clone(),
            subtitle: Some(tidy(&format!("{} · {course}", context.position()), 120)),
        },
        intro,
    )];

    let ordinals = ["First", "Second", "Third", "Fourth", "Fifth"];
    scenes.push(scene(
        Visual::Bullets {
            heading: "In this lesson you will".into(),
            items: lesson.objectives.iter().map(|o| tidy(o, 120)).collect(),
        },
        lesson
            .objectives
            .iter()
            .enumerate()
            .map(|(i, o)| {
                format!(
                    "{}, {}.",
                    ordinals.get(i).copied().unwrap_or("Then"),
                    lowercase_first(o.trim_end_matches('.'))
                )
            })
            .collect(),
    ));

    scenes.push(scene(
        Visual::Definition {
            term: title.clone(),
            definition: tidy(&lesson.summary, 320),
            example: None,
        },
        vec![
            format!("In short, {}", lowercase_first(lesson.summary.trim())),
            format!("Say that summary of {title} in your own words before you go on."),
        ],
    ));

    let terms: Vec<String> = lesson.key_terms.iter().map(|t| tidy(t, 40)).collect();
    scenes.push(scene(
        Visual::Bullets {
            heading: "Key terms".into(),
            items: terms.clone(),
        },
        terms
            .iter()
            .enumerate()
            .map(|(i, term)| {
                if i == 0 {
                    format!("The first key term of this lesson is {term}: define it in one sentence of your own.")
                } else {
                    format!("Next, {term}: find it in your source and add one example.")
                }
            })
            .collect(),
    ));

    scenes.push(scene(
        Visual::WorkedExample {
            heading: "Exercise: explain it simply".into(),
            problem: tidy(
                &format!("Explain {title} to a friend in three sentences, without notes."),
                200,
            ),
            steps: vec![
                WorkedStep {
                    text: "Write what you remember, without looking".into(),
                    math: None,
                },
                WorkedStep {
                    text: "Mark the gaps where you got stuck".into(),
                    math: None,
                },
                WorkedStep {
                    text: "Reread only those parts, then explain again".into(),
                    math: None,
                },
            ],
            answer: "An explanation with no gaps, checked against your source".into(),
        },
        vec![
            format!("Now an exercise: explain {title} to a friend in three sentences, and begin by writing what you remember without looking."),
            "Mark every place where you got stuck.".into(),
            "Reread only those parts, then explain the whole idea again.".into(),
            "When the explanation has no gaps and agrees with your source, the lesson is done."
                .into(),
        ],
    ));

    let (heading, last_point, last_sentence) = match context.next() {
        Some(next) => (
            "Before the next lesson".to_string(),
            tidy(&format!("Next: {}", next.title), 120),
            format!(
                "Next comes lesson {}, {}.",
                number(k + 1),
                tidy(&next.title, 80)
            ),
        ),
        None => (
            "Course complete".to_string(),
            "Course complete: review it all in a week".to_string(),
            format!("That was the last lesson of {course}; review the whole course in a week."),
        ),
    };
    scenes.push(scene(
        Visual::Summary {
            heading,
            points: vec![
                tidy(&format!("Summarise {title} in your own words"), 120),
                tidy(
                    &format!("Practise the key terms: {}", terms.join(", ")),
                    120,
                ),
                last_point,
            ],
        },
        vec![
            format!("To wrap up {title}: summarise it in your own words tomorrow."),
            format!("Practise its key terms: {}.", terms.join(", ")),
            last_sentence,
        ],
    ));

    let storyboard = Storyboard {
        version: STORYBOARD_VERSION,
        title,
        subject: guess_subject(&format!("{} {}", context.goal, brief.topic)),
        level: brief.level.clamp(1, 3),
        show_level: true,
        target_minutes: brief.duration_minutes,
        wpm: brief.wpm,
        origin: Origin::OfflineDraft,
        scenes,
        sources: Vec::new(),
    };
    storyboard.validate().map_err(ScriptError::Invalid)?;
    Ok(storyboard)
}
