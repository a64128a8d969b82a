//! Lectern's video pipeline: storyboard -> narration -> frames -> encode -> outputs.
//! Pure stages; no database and no queue. See README.md for the API.

pub mod breaks;
mod brief;
pub mod checkpoints;
pub mod cli;
pub mod config;
pub mod corpus;
pub mod course;
pub mod encode;
pub mod error;
pub mod frames;
pub mod grounding;
pub mod lexicon;
pub mod local_model;
pub mod narration;
pub mod outputs;
mod pipeline;
pub mod quality;
pub mod script;
pub mod solution;
pub mod storyboard;
pub mod study_sheet;
pub mod timeline;
pub mod titles;
pub mod video;
mod words;

pub use config::{PipelineConfig, PiperPaths};
pub use error::{PipelineError, Stage};
/// A brief's length and narration speed (the job contract's units).
pub use lectern_contract::{Minutes, Wpm};
pub use pipeline::{
    CancellationToken, Engines, OutputFiles, Pipeline, PlanOutput, Progress, RenderInput,
    RenderOutput, Resolution, ScriptInput, StageSeconds,
};
pub use script::{Brief, ScriptProgress};
pub use storyboard::Storyboard;
