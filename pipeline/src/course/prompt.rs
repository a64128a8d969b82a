//! What a language model is told to plan a course, and what a lesson video's writer is told
//! about the course around it.

use super::{CourseBrief, LessonContext, MAX_LESSONS, MIN_LESSONS};
use crate::titles::level_name;

pub fn course_system_prompt() -> String {
    format!(
        r#"You are an expert curriculum designer who plans video courses for Lectern.
Answer with one JSON course outline and nothing else.

Rules:
- Between {MIN_LESSONS} and {MAX_LESSONS} lessons, ordered so that each builds on the ones before it
  and none repeats another; the last lesson brings the course together.
- title: at most 90 characters. description: two or three sentences, at most 400 characters.
  audience: one sentence, at most 200 characters. prerequisites: at most 6 short items (may be
  empty).
- Each lesson: a title of at most 80 characters, unique in the course; 1 to 5 objectives that
  say what the learner will be able to do (at most 120 characters each); a summary of at most
  320 characters; 1 to 6 key terms of at most 40 characters.
- Plain text only: no markdown, no numbering inside titles, one line per field.
- Be correct. Never invent facts, quotations or statistics."#
    )
}

/// Words of each section a course planner from documents is shown (12 sections: about
/// 1,100 words in all).
const SECTION_WORDS: usize = 90;

/// The system prompt of a course planned from the learner's documents: a lesson per section,
/// every fact from them.
pub fn course_sources_system_prompt() -> String {
    r#"You are an expert curriculum designer who plans a video course from the learner's own
documents for Lectern. Answer with one JSON course outline and nothing else.

Rules:
- One lesson per section of the documents, in the order given: each lesson teaches what its
  section says. Its title is the section's heading, which is given: do not write titles.
- title: the course's title, at most 90 characters. description: two or three sentences, at
  most 400 characters, on what the documents teach. audience: one sentence, at most 200
  characters. prerequisites: at most 6 short items (may be empty).
- Each lesson: 1 to 5 objectives that say what the learner will be able to do after its
  section (at most 120 characters each); a summary of its section in at most 320 characters;
  1 to 6 key terms that its section uses, of at most 40 characters.
- Plain text only: no markdown, one line per field.
- Take every fact, figure and name from the sections. Never add one they do not hold."#
        .to_string()
}

pub fn course_user_prompt(brief: &CourseBrief) -> String {
    let mut text = goal_prompt(brief);
    if !brief.sections.is_empty() {
        text.push_str(&format!(
            "\n\nThe documents' sections, one lesson each ({} lessons):",
            brief.sections.len()
        ));
        for (i, section) in brief.sections.iter().enumerate() {
            text.push_str(&format!(
                "\n\nLesson {} (section \"{}\"): {}",
                i + 1,
                section.title,
                section.opening(SECTION_WORDS)
            ));
        }
    }
    text
}

fn goal_prompt(brief: &CourseBrief) -> String {
    let background = brief.background_knowledge.trim();
    // A course from documents has a lesson per section, told below.
    let lessons = if brief.sections.is_empty() {
        format!("; aim for about {} lessons", brief.suggested_lessons())
    } else {
        String::new()
    };
    format!(
        "Learning goal: {goal}\n\
         What the learner already knows: {background}\n\
         Detail level: {level} ({level_name}){lessons}.",
        goal = brief.goal.trim(),
        background = if background.is_empty() {
            "nothing stated"
        } else {
            background
        },
        level = brief.detail_level,
        level_name = level_name(brief.detail_level),
    )
}

pub fn course_repair_prompt(problems: &str) -> String {
    format!(
        "That course outline cannot be used. Fix exactly these problems and answer with the \
         whole corrected outline JSON:\n{problems}"
    )
}

/// Added to a lesson video's brief: the course, this lesson's place and plan, the lessons
/// before it (already watched, not to be introduced again) and the next one.
pub fn lesson_prompt(context: &LessonContext) -> String {
    let lesson = context.lesson();
    let mut text = format!(
        "This video is lesson {k} of {n} of the course \"{course}\" ({description}).\n\
         Lesson title: {title}\n\
         Objectives: {objectives}\n\
         Summary: {summary}\n\
         Key terms: {terms}\n",
        k = context.index + 1,
        n = context.count(),
        course = context.course_title,
        description = context.course_description,
        title = lesson.title,
        objectives = lesson.objectives.join("; "),
        summary = lesson.summary,
        terms = lesson.key_terms.join(", "),
    );
    if context.previous().is_empty() {
        text.push_str(
            "It is the first lesson: open with one sentence welcoming the learner to the \
             course, then introduce this lesson.\n",
        );
    } else {
        text.push_str(
            "The learner has already watched these lessons; do not introduce the course again, \
             do not repeat their introductions or explanations, and build on them (refer back \
             in at most one sentence):\n",
        );
        for (i, previous) in context.previous().iter().enumerate() {
            text.push_str(&format!(
                "{}. {}: {}\n",
                i + 1,
                previous.title,
                previous.summary
            ));
        }
        text.push_str(
            "Open with this lesson's title and one sentence linking it to the previous lesson, \
             not with a welcome.\n",
        );
    }
    if let Some(next) = context.next() {
        text.push_str(&format!(
            "The next lesson is \"{}\": do not teach it here; you may name it at the end.\n",
            next.title
        ));
    } else {
        text.push_str("It is the last lesson of the course.\n");
    }
    text
}
