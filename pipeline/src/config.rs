//! What the pipeline is configured with. It reads no files or variables itself: the `lectern`
//! binary builds this from `lectern_core::Config`, the one settings source; tests and
//! benchmarks build it directly.

use std::path::PathBuf;

use crate::narration::TtsChoice;
use crate::script::OpenAiWriterConfig;

pub const DEFAULT_OPENAI_BASE_URL: &str = "https://api.openai.com/v1";

#[derive(Debug, Clone)]
pub struct OpenAiTtsConfig {
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
    pub voice: String,
}

#[derive(Debug, Clone)]
pub struct PipelineConfig {
    /// The OpenAI-compatible script writer; `None` selects the offline writer.
    pub llm: Option<OpenAiWriterConfig>,
    /// `None` picks Piper when installed, else espeak-ng.
    pub tts: Option<TtsChoice>,
    pub openai_tts: OpenAiTtsConfig,
    /// Cross-fades between pictures (a few frames each).
    pub transitions: bool,
    /// Slide-rendering threads.
    pub render_threads: usize,
    /// Where Piper and its voice are; `None` looks them up (`piper` on PATH, the joe voice).
    pub piper: PiperPaths,
}

#[derive(Debug, Clone, Default)]
pub struct PiperPaths {
    pub command: Option<PathBuf>,
    pub model: Option<PathBuf>,
}

impl Default for PipelineConfig {
    fn default() -> Self {
        PipelineConfig {
            llm: None,
            tts: None,
            openai_tts: OpenAiTtsConfig {
                base_url: DEFAULT_OPENAI_BASE_URL.into(),
                api_key: None,
                model: "gpt-4o-mini-tts".into(),
                voice: "alloy".into(),
            },
            transitions: true,
            render_threads: std::thread::available_parallelism().map_or(2, |n| n.get().min(4)),
            piper: PiperPaths::default(),
        }
    }
}
