//! Courses: a learning goal becomes an outline of 3 to 12 ordered lessons (structured output,
//! validated like a storyboard), and each lesson's video is written knowing its course and
//! the lessons before it, so that it builds on them instead of repeating their introductions.

mod offline;
mod prompt;
mod sources;

use std::path::Path;

use lectern_contract::{Minutes, Wpm};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub use offline::{offline_lesson_storyboard, offline_outline};
pub use prompt::{
    course_repair_prompt, course_sources_system_prompt, course_system_prompt, course_user_prompt,
    lesson_prompt,
};
pub use sources::{Section, sections};

use crate::brief::Brief;
use crate::error::{PipelineError, Stage};
use crate::storyboard::{
    Checker, Origin, STORYBOARD_VERSION, Scene, Storyboard, ValidationErrors, Visual,
};
use crate::titles::guess_subject;

pub const MIN_LESSONS: usize = 3;
pub const MAX_LESSONS: usize = 12;
const MAX_TITLE: usize = 90;
const MAX_LESSON_TITLE: usize = 80;
const MAX_DESCRIPTION: usize = 400;
const MAX_AUDIENCE: usize = 200;
const MAX_ITEM: usize = 120;
const MAX_SUMMARY: usize = 320;
const MAX_TERM: usize = 40;

/// What the learner asked for: SPEC.md's course form.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseBrief {
    pub goal: String,
    /// What the learner already knows; may be empty.
    pub background_knowledge: String,
    /// 1 to 3: how deep and how many lessons.
    pub detail_level: u8,
    /// The learner's documents, a lesson per section ([`sections`]); empty for a course
    /// planned from the goal alone.
    pub sections: Vec<Section>,
}

impl CourseBrief {
    /// How many lessons to aim for: one per section of the documents, else by detail level.
    pub fn suggested_lessons(&self) -> usize {
        if !self.sections.is_empty() {
            return self.sections.len();
        }
        match self.detail_level {
            1 => 4,
            3 => 7,
            _ => 5,
        }
    }
}

/// A course outline: what the writer returns, and what is stored with the course.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CourseOutline {
    pub title: String,
    pub description: String,
    pub audience: String,
    pub prerequisites: Vec<String>,
    pub lessons: Vec<LessonOutline>,
    #[serde(default)]
    pub origin: Origin,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LessonOutline {
    pub title: String,
    pub objectives: Vec<String>,
    pub summary: String,
    pub key_terms: Vec<String>,
}

impl CourseOutline {
    pub fn is_offline_draft(&self) -> bool {
        self.origin == Origin::OfflineDraft
    }

    /// Checks everything the course pages and the lesson slides need, and reports every
    /// problem with its JSON path (as storyboards are checked).
    pub fn validate(&self) -> Result<(), ValidationErrors> {
        let mut c = Checker::default();
        c.text("title", &self.title, MAX_TITLE);
        c.text("description", &self.description, MAX_DESCRIPTION);
        c.text("audience", &self.audience, MAX_AUDIENCE);
        c.list_of("prerequisites", &self.prerequisites, 0, 6, MAX_ITEM);
        c.count("lessons", self.lessons.len(), MIN_LESSONS, MAX_LESSONS);
        let mut titles = std::collections::HashSet::new();
        for (i, lesson) in self.lessons.iter().enumerate() {
            let p = |field: &str| format!("lessons[{i}].{field}");
            c.text(&p("title"), &lesson.title, MAX_LESSON_TITLE);
            if !titles.insert(lesson.title.trim().to_lowercase()) {
                c.push(
                    p("title"),
                    "repeats the title of an earlier lesson; every lesson needs its own",
                );
            }
            c.list_of(&p("objectives"), &lesson.objectives, 1, 5, MAX_ITEM);
            c.text(&p("summary"), &lesson.summary, MAX_SUMMARY);
            c.list_of(&p("key_terms"), &lesson.key_terms, 1, 6, MAX_TERM);
        }
        c.finish()
    }

    /// Parses and checks a model's answer.
    pub fn from_model_answer(json: &str) -> Result<Self, ValidationErrors> {
        let mut outline: CourseOutline = serde_json::from_str(json).map_err(|e| {
            ValidationErrors::single(
                "",
                format!("the answer is not a valid course outline JSON document: {e}"),
            )
        })?;
        outline.origin = Origin::Model;
        outline.validate()?;
        Ok(outline)
    }

    /// Parses and checks a model's answer to a course from documents ([`course_json_schema_for`]
    /// with sections): its lessons are the sections, in order, titled by their headings.
    pub fn from_sourced_answer(json: &str, sections: &[Section]) -> Result<Self, ValidationErrors> {
        #[derive(Deserialize)]
        struct Answer {
            title: String,
            description: String,
            audience: String,
            prerequisites: Vec<String>,
            lessons: Vec<Lesson>,
        }
        #[derive(Deserialize)]
        struct Lesson {
            objectives: Vec<String>,
            summary: String,
            key_terms: Vec<String>,
        }
        let answer: Answer = serde_json::from_str(json).map_err(|e| {
            ValidationErrors::single(
                "",
                format!("the answer is not a valid course outline JSON document: {e}"),
            )
        })?;
        if answer.lessons.len() != sections.len() {
            return Err(ValidationErrors::single(
                "lessons",
                format!(
                    "has {} lessons; write exactly {}, one per section, in their order",
                    answer.lessons.len(),
                    sections.len()
                ),
            ));
        }
        let outline = CourseOutline {
            title: answer.title,
            description: answer.description,
            audience: answer.audience,
            prerequisites: answer.prerequisites,
            lessons: sections
                .iter()
                .zip(answer.lessons)
                .map(|(section, lesson)| LessonOutline {
                    title: section.title.clone(),
                    objectives: lesson.objectives,
                    summary: lesson.summary,
                    key_terms: lesson.key_terms,
                })
                .collect(),
            origin: Origin::Model,
        };
        outline.validate()?;
        Ok(outline)
    }
}

/// The schema a writer asks with for `brief`: [`course_json_schema_bounded`] (`bounded`, for a
/// local server that enforces it as a grammar) or [`course_json_schema`]; for a course from
/// documents, without the lessons' titles (their sections' headings are) and, bounded, with
/// exactly one lesson per section.
pub fn course_json_schema_for(brief: &CourseBrief, bounded: bool) -> Value {
    let mut schema = if bounded {
        course_json_schema_bounded(brief.suggested_lessons())
    } else {
        course_json_schema()
    };
    if !brief.sections.is_empty() {
        let lesson = &mut schema["properties"]["lessons"]["items"];
        if let Some(properties) = lesson["properties"].as_object_mut() {
            properties.remove("title");
        }
        if let Some(required) = lesson["required"].as_array_mut() {
            required.retain(|field| field != "title");
        }
    }
    schema
}

/// The JSON schema of a course outline, for structured output.
pub fn course_json_schema() -> Value {
    let strings = json!({ "type": "array", "items": { "type": "string" } });
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["title", "description", "audience", "prerequisites", "lessons"],
        "properties": {
            "title": { "type": "string" },
            "description": { "type": "string" },
            "audience": { "type": "string" },
            "prerequisites": strings,
            "lessons": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["title", "objectives", "summary", "key_terms"],
                    "properties": {
                        "title": { "type": "string" },
                        "objectives": strings,
                        "summary": { "type": "string" },
                        "key_terms": strings,
                    }
                }
            }
        }
    })
}

/// [`course_json_schema`] with the outline's limits written into it (lengths, counts and
/// exactly `lessons` lessons), for a local server that enforces the schema as a grammar: a
/// small model then cannot write a field too long to show, nor lose count of the lessons.
pub fn course_json_schema_bounded(lessons: usize) -> Value {
    let text = |max: u32| json!({ "type": "string", "minLength": 1, "maxLength": max });
    let list = |item: Value, min: usize, max: usize| json!({ "type": "array", "items": item, "minItems": min, "maxItems": max });
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["title", "description", "audience", "prerequisites", "lessons"],
        "properties": {
            "title": text(80),
            "description": text(380),
            "audience": text(190),
            "prerequisites": list(text(60), 0, 4),
            "lessons": list(json!({
                "type": "object",
                "additionalProperties": false,
                "required": ["title", "objectives", "summary", "key_terms"],
                "properties": {
                    "title": text(70),
                    "objectives": list(text(110), 2, 3),
                    "summary": text(300),
                    "key_terms": list(text(36), 2, 5),
                }
            }), lessons, lessons),
        }
    })
}

/// Where a lesson sits in its course: what a lesson video's writer is told.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonContext {
    pub course_title: String,
    pub course_description: String,
    pub goal: String,
    /// Counted from zero.
    pub index: usize,
    /// Every lesson of the course, in order.
    pub lessons: Vec<LessonOutline>,
}

impl LessonContext {
    pub fn lesson(&self) -> &LessonOutline {
        &self.lessons[self.index]
    }

    /// The lessons the learner has seen before this one.
    pub fn previous(&self) -> &[LessonOutline] {
        &self.lessons[..self.index]
    }

    pub fn next(&self) -> Option<&LessonOutline> {
        self.lessons.get(self.index + 1)
    }

    pub fn count(&self) -> usize {
        self.lessons.len()
    }

    /// "Lesson 2 of 5".
    pub fn position(&self) -> String {
        format!("Lesson {} of {}", self.index + 1, self.count())
    }
}

/// A lesson video's brief: the usual brief (the lesson's title as the topic) and the course.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonBrief {
    pub brief: Brief,
    pub context: LessonContext,
}

impl LessonBrief {
    pub fn new(context: LessonContext, level: u8, duration_minutes: Minutes, wpm: Wpm) -> Self {
        LessonBrief {
            brief: Brief::new(context.lesson().title.clone(), level, duration_minutes, wpm),
            context,
        }
    }
}

/// Renders the course's cover image (`thumbnail.jpg`, the course-thumbnail endpoint's) into
/// `dir`: the course title, how many lessons, and the offline-draft label when it is one.
pub fn write_cover(dir: &Path, outline: &CourseOutline, level: u8) -> Result<(), PipelineError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        PipelineError::message(Stage::Outputs, format!("creating {}: {e}", dir.display()))
    })?;
    let subtitle = format!(
        "A course in {} lessons · {}",
        outline.lessons.len(),
        crate::titles::level_name(level)
    );
    let cover = Storyboard {
        version: STORYBOARD_VERSION,
        title: outline.title.clone(),
        subject: guess_subject(&format!("{} {}", outline.title, outline.description)),
        level: level.clamp(1, 3),
        show_level: true,
        target_minutes: 1.0,
        wpm: Wpm::new(150),
        origin: outline.origin,
        scenes: vec![Scene {
            visual: Visual::Title {
                title: outline.title.clone(),
                subtitle: Some(subtitle),
            },
            narration: vec![outline.title.clone()],
            cites: Vec::new(),
        }],
        sources: Vec::new(),
        checkpoints: Vec::new(),
        from_sources: None,
    };
    cover
        .validate()
        .map_err(|e| PipelineError::message(Stage::Outputs, format!("the course cover: {e}")))?;
    crate::outputs::write_thumbnail(dir, &cover)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brief(level: u8) -> CourseBrief {
        CourseBrief {
            goal: "Understand linear algebra well enough to follow machine learning papers".into(),
            background_knowledge: "High-school algebra".into(),
            detail_level: level,
            sections: Vec::new(),
        }
    }

    #[test]
    fn the_offline_outline_is_a_valid_labelled_skeleton_sized_by_detail_level() {
        for (level, lessons) in [(1, 4), (2, 5), (3, 7)] {
            let outline = offline_outline(&brief(level));
            outline.validate().unwrap();
            assert!(outline.is_offline_draft());
            assert_eq!(outline.lessons.len(), lessons);
            assert!(
                outline.description.starts_with("Offline draft:"),
                "{}",
                outline.description
            );
        }
    }

    #[test]
    fn an_outline_with_too_few_lessons_or_a_repeated_title_is_refused_with_paths() {
        let mut outline = offline_outline(&brief(2));
        outline.lessons[2].title = outline.lessons[1].title.clone();
        outline.lessons[3].objectives.clear();
        let errors = outline.validate().unwrap_err().to_string();
        assert!(errors.contains("lessons[2].title"), "{errors}");
        assert!(errors.contains("lessons[3].objectives"), "{errors}");
        outline.lessons.truncate(2);
        let errors = outline.validate().unwrap_err().to_string();
        assert!(errors.contains("lessons: has 2 entries"), "{errors}");
    }

    #[test]
    fn offline_lessons_introduce_themselves_differently_and_only_the_first_welcomes() {
        let outline = offline_outline(&brief(2));
        let intros: Vec<Vec<String>> = (0..outline.lessons.len())
            .map(|index| {
                let context = LessonContext {
                    course_title: outline.title.clone(),
                    course_description: outline.description.clone(),
                    goal: brief(2).goal,
                    index,
                    lessons: outline.lessons.clone(),
                };
                let storyboard = offline_lesson_storyboard(&LessonBrief::new(
                    context,
                    2,
                    Minutes::whole(4),
                    Wpm::new(150),
                ))
                .unwrap();
                storyboard.validate().unwrap();
                assert!(storyboard.is_offline_draft());
                storyboard.scenes[0].narration.clone()
            })
            .collect();
        assert!(intros[0][0].starts_with("Welcome to"));
        for (i, intro) in intros.iter().enumerate() {
            for (j, other) in intros.iter().enumerate() {
                if i != j {
                    assert!(
                        intro.iter().all(|s| !other.contains(s)),
                        "{intro:?} / {other:?}"
                    );
                }
            }
            if i > 0 {
                assert!(intro.iter().all(|s| !s.contains("Welcome")));
            }
        }
    }
}
