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

pub fn course_user_prompt(brief: &CourseBrief) -> String {
    let background = brief.background_knowledge.trim();
    format!(
        "Learning goal: {goal}\n\
         What the learner already knows: {background}\n\
         Detail level: {level} ({level_name}); aim for about {lessons} lessons.",
        goal = brief.goal.trim(),
        background = if background.is_empty() {
            "nothing stated"
        } else {
            background
        },
        level = brief.detail_level,
        level_name = level_name(brief.detail_level),
        lessons = brief.suggested_lessons(),
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
