//! The offline course writer: without a language model it cannot know the subject, so it
//! writes an honest study skeleton for the goal (labelled "offline draft" in the course's
//! description and on every slide), and lesson videos that guide the learner through each
//! part of it, each introduced in its own words and building on the lesson before. Its words
//! are data (`offline_course.json`); this file orders them and fills in the course.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::{CourseBrief, CourseOutline, LessonBrief, LessonOutline};
use crate::script::ScriptError;
use crate::storyboard::{Origin, STORYBOARD_VERSION, Scene, Storyboard, Visual};
use crate::titles::{guess_subject, smart_title};
use crate::words::{fill, filled};

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

/// What the offline course writer says, kept as data in `offline_course.json`.
#[derive(Deserialize)]
struct Words {
    /// The lesson plans by name; each level lists the ones it uses, in order.
    lessons: HashMap<String, LessonOutline>,
    /// Detail levels 1 to 3.
    levels: [Level; 3],
    audience_with_background: String,
    description: String,
    numbers: Vec<String>,
    ordinals: Vec<String>,
    later_ordinal: String,
    title_subtitle: String,
    first_intro: Vec<String>,
    later_intro: Vec<String>,
    objectives_heading: String,
    objective: String,
    summary: Vec<String>,
    key_terms_heading: String,
    first_term: String,
    next_term: String,
    exercise: Scene,
    wrap_up: WrapUp,
    before_next: Ending,
    course_complete: Ending,
}

#[derive(Deserialize)]
struct Level {
    lessons: Vec<String>,
    audience: String,
    prerequisites: Vec<String>,
}

#[derive(Deserialize)]
struct WrapUp {
    points: Vec<String>,
    narration: Vec<String>,
}

/// How a lesson ends: the heading of its summary, its last point and its last sentence.
#[derive(Deserialize)]
struct Ending {
    heading: String,
    point: String,
    sentence: String,
}

static WORDS: LazyLock<Words> = LazyLock::new(|| {
    serde_json::from_str(include_str!("offline_course.json"))
        .expect("offline_course.json holds the offline course writer's words")
});

fn level(detail_level: u8) -> &'static Level {
    &WORDS.levels[usize::from(detail_level.clamp(1, 3)) - 1]
}

/// An honest course skeleton for the goal: the study path a good tutor would set, with the
/// subject's content left to a trusted source, labelled an offline draft.
pub fn offline_outline(brief: &CourseBrief) -> CourseOutline {
    if !brief.sections.is_empty() {
        return outline_of_sections(brief);
    }
    let words = &*WORDS;
    let level = level(brief.detail_level);
    let goal = tidy(brief.goal.trim(), 160);
    let background = tidy(brief.background_knowledge.trim(), 100);
    let audience = if background.is_empty() {
        level.audience.clone()
    } else {
        let values = [
            ("audience", level.audience.as_str()),
            ("background", &background),
        ];
        tidy(&fill(&words.audience_with_background, &values), 200)
    };
    CourseOutline {
        title: tidy(&smart_title(&brief.goal), 80),
        description: tidy(&fill(&words.description, &[("goal", &goal)]), 400),
        audience,
        prerequisites: level.prerequisites.clone(),
        lessons: level
            .lessons
            .iter()
            .map(|name| words.lessons[name].clone())
            .collect(),
        origin: Origin::OfflineDraft,
    }
}

/// A course from documents without a language model: their sections as its lessons, each
/// summed up by its own first words, labelled an offline draft like every offline course.
fn outline_of_sections(brief: &CourseBrief) -> CourseOutline {
    let level = level(brief.detail_level);
    let mut documents: Vec<&str> = Vec::new();
    for passage in brief.sections.iter().flat_map(|s| &s.passages) {
        if !documents.contains(&passage.title.as_str()) {
            documents.push(&passage.title);
        }
    }
    let description = format!(
        "Offline draft: {} lessons that follow {}, a lesson per section, for the goal: {}",
        brief.sections.len(),
        documents.join(", "),
        brief.goal.trim()
    );
    CourseOutline {
        title: tidy(&smart_title(&brief.goal), 80),
        description: tidy(&description, 400),
        audience: level.audience.clone(),
        prerequisites: Vec::new(),
        lessons: brief
            .sections
            .iter()
            .map(|section| LessonOutline {
                title: section.title.clone(),
                objectives: vec![tidy(
                    &format!("Explain in your own words what \"{}\" says", section.title),
                    120,
                )],
                summary: tidy(&section.opening(60), 320),
                key_terms: vec![tidy(&section.title, 40)],
            })
            .collect(),
        origin: Origin::OfflineDraft,
    }
}

/// `n` in words up to twelve, else in digits.
fn number(n: usize) -> String {
    WORDS
        .numbers
        .get(n.wrapping_sub(1))
        .cloned()
        .unwrap_or_else(|| n.to_string())
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
    let words = &*WORDS;
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
    let course = tidy(&context.course_title, 80);
    let title = tidy(&lesson.title, 80);
    let terms: Vec<String> = lesson.key_terms.iter().map(|t| tidy(t, 40)).collect();
    let mut values: Vec<(&str, String)> = vec![
        ("course", course.clone()),
        ("title", title.clone()),
        ("n", number(context.count())),
        ("k", number(k)),
        ("position", context.position()),
        ("summary", lowercase_first(lesson.summary.trim())),
        ("terms", terms.join(", ")),
    ];
    if let Some(previous) = context.previous().last() {
        values.push(("previous_k", number(k - 1)));
        values.push(("previous", tidy(&previous.title, 80)));
    }
    if let Some(next) = context.next() {
        values.push(("next_k", number(k + 1)));
        values.push(("next", tidy(&next.title, 80)));
    }
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let say = |text: &String| fill(text, &values);
    let say_all = |texts: &[String]| texts.iter().map(say).collect::<Vec<_>>();

    // The introduction is the lesson's own: only the first lesson welcomes the learner to the
    // course; the others name themselves and the lesson they build on.
    let intro = match context.previous().last() {
        None => &words.first_intro,
        Some(_) => &words.later_intro,
    };
    let mut scenes = vec![Scene {
        visual: Visual::Title {
            title: title.clone(),
            subtitle: Some(tidy(&say(&words.title_subtitle), 120)),
        },
        narration: say_all(intro),
        cites: Vec::new(),
    }];

    scenes.push(Scene {
        visual: Visual::Bullets {
            heading: words.objectives_heading.clone(),
            items: lesson.objectives.iter().map(|o| tidy(o, 120)).collect(),
        },
        narration: lesson
            .objectives
            .iter()
            .enumerate()
            .map(|(i, objective)| {
                let ordinal = words.ordinals.get(i).unwrap_or(&words.later_ordinal);
                let objective = lowercase_first(objective.trim_end_matches('.'));
                fill(
                    &words.objective,
                    &[("ordinal", ordinal), ("objective", &objective)],
                )
            })
            .collect(),
        cites: Vec::new(),
    });

    scenes.push(Scene {
        visual: Visual::Definition {
            term: title.clone(),
            definition: tidy(&lesson.summary, 320),
            example: None,
        },
        narration: say_all(&words.summary),
        cites: Vec::new(),
    });

    scenes.push(Scene {
        visual: Visual::Bullets {
            heading: words.key_terms_heading.clone(),
            items: terms.clone(),
        },
        narration: terms
            .iter()
            .enumerate()
            .map(|(i, term)| {
                let sentence = if i == 0 {
                    &words.first_term
                } else {
                    &words.next_term
                };
                fill(sentence, &[("term", term)])
            })
            .collect(),
        cites: Vec::new(),
    });

    let mut exercise = filled(&words.exercise, &values);
    if let Visual::WorkedExample { problem, .. } = &mut exercise.visual {
        *problem = tidy(problem, 200);
    }
    scenes.push(exercise);

    let ending = match context.next() {
        Some(_) => &words.before_next,
        None => &words.course_complete,
    };
    let mut points: Vec<String> = words
        .wrap_up
        .points
        .iter()
        .map(|p| tidy(&say(p), 120))
        .collect();
    points.push(tidy(&say(&ending.point), 120));
    let mut narration = say_all(&words.wrap_up.narration);
    narration.push(say(&ending.sentence));
    scenes.push(Scene {
        visual: Visual::Summary {
            heading: ending.heading.clone(),
            points,
        },
        narration,
        cites: Vec::new(),
    });

    let storyboard = Storyboard {
        version: STORYBOARD_VERSION,
        title,
        subject: guess_subject(&format!("{} {}", context.goal, brief.topic)),
        level: brief.level.clamp(1, 3),
        show_level: true,
        target_minutes: brief.duration_minutes.get(),
        wpm: brief.wpm,
        origin: Origin::OfflineDraft,
        scenes,
        sources: Vec::new(),
        checkpoints: Vec::new(),
        from_sources: None,
    };
    storyboard.validate().map_err(ScriptError::Invalid)?;
    Ok(storyboard)
}
