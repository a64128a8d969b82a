//! Script writers: turn a brief (topic, level, duration, wpm) into a validated storyboard.

mod chat;
mod checkpoints;
mod comparison;
mod facts;
mod lesson;
mod offline;
mod openai;
mod prompt;
mod questions;
pub mod rules;
mod said;
mod schema;
pub mod spend;
mod written;

use async_trait::async_trait;

pub use crate::brief::Brief;
pub use chat::{JsonModel, Turn};
pub(crate) use lesson::miscalculated;
pub use offline::OfflineWriter;
pub use openai::{OpenAiWriter, OpenAiWriterConfig, UsageSummary};
pub use schema::storyboard_json_schema;

use crate::course::{CourseBrief, CourseOutline, LessonBrief};
use crate::storyboard::{Storyboard, ValidationErrors};

/// How far the narration may stray from the word budget before the writer is held to it.
pub const WORD_BUDGET_TOLERANCE: f64 = 0.2;

/// How much shorter than its budget a lesson written scene by scene may come out when the
/// model has run out of sentences that pass the checks (every lengthening round spent): a
/// shorter video of checked sentences, rather than a failed job or padding.
pub const SHORT_LESSON_TOLERANCE: f64 = 0.5;

/// The script stage of a local model's lesson (planned, then written scene by scene, each
/// sentence checked) on any [`JsonModel`]: what [`OpenAiWriter`] runs for its own llama.cpp
/// server, and what the recorded corpus replays (see [`crate::corpus`]).
pub async fn write_scene_by_scene(
    model: &impl JsonModel,
    brief: &Brief,
    context: Option<&str>,
) -> Result<Storyboard, ScriptError> {
    let reference = crate::grounding::lookup(&brief.topic);
    openai::planned_storyboard(model, brief, context, &reference, &|_| {}).await
}

#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("the language model endpoint could not be reached: {0}")]
    Unreachable(String),
    #[error("the language model did not answer within {0} seconds")]
    Timeout(u64),
    #[error("the language model endpoint answered with an error: {0}")]
    Api(String),
    #[error("the language model answered without a storyboard: {0}")]
    Empty(String),
    #[error("the storyboard was still invalid after the repair round: {0}")]
    Invalid(ValidationErrors),
    #[error("the course outline was still invalid after the repair round: {0}")]
    InvalidCourse(ValidationErrors),
    #[error("the brief is not usable: {0}")]
    Brief(String),
}

/// Told, while a model streams its answer, about what share of the script is written
/// (an estimate between 0 and 1).
pub type ScriptProgress<'a> = &'a (dyn Fn(f32) + Send + Sync);

#[async_trait]
pub trait ScriptWriter: Send + Sync {
    /// The engine's name, reported in results and job status ("offline", "openai:gpt-4o-mini").
    fn engine(&self) -> String;

    async fn write(&self, brief: &Brief) -> Result<Storyboard, ScriptError>;

    /// A lesson video of a course, written knowing the course and the lessons before it.
    /// A writer that knows nothing of courses writes the lesson as a topic of its own.
    async fn write_lesson(&self, lesson: &LessonBrief) -> Result<Storyboard, ScriptError> {
        self.write(&lesson.brief).await
    }

    /// [`ScriptWriter::write`], reporting progress while the script is written. Writers that
    /// answer at once report nothing.
    async fn write_streaming(
        &self,
        brief: &Brief,
        progress: ScriptProgress<'_>,
    ) -> Result<Storyboard, ScriptError> {
        let _ = progress;
        self.write(brief).await
    }

    /// [`ScriptWriter::write_lesson`], reporting progress while the script is written.
    async fn write_lesson_streaming(
        &self,
        lesson: &LessonBrief,
        progress: ScriptProgress<'_>,
    ) -> Result<Storyboard, ScriptError> {
        let _ = progress;
        self.write_lesson(lesson).await
    }

    /// How many tokens `text` is in the writer's model's own vocabulary, when the writer can
    /// ask its model (a llama.cpp server's `/tokenize`); `None` otherwise.
    async fn count_tokens(&self, text: &str) -> Option<u64> {
        let _ = text;
        None
    }

    /// A course outline for a learning goal. A writer without a language model gives the
    /// offline skeleton, labelled as such.
    async fn write_course(&self, brief: &CourseBrief) -> Result<CourseOutline, ScriptError> {
        Ok(crate::course::offline_outline(brief))
    }
}
