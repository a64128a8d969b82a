//! Pipeline configuration from the `LECTERN_*` environment (names from DESIGN.md).

use std::time::Duration;

use crate::narration::TtsChoice;
use crate::script::OpenAiWriterConfig;

pub const DEFAULT_OPENAI_BASE_URL: &str = "https://api.openai.com/v1";
pub const DEFAULT_LLM_MODEL: &str = "gpt-4o-mini";

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
}

#[derive(Debug, thiserror::Error)]
#[error("setting {name} is wrong: {message}")]
pub struct ConfigError {
    pub name: &'static str,
    pub message: String,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
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
        }
    }
}

impl PipelineConfig {
    /// Reads `LECTERN_LLM_BASE_URL`, `LECTERN_LLM_API_KEY`, `LECTERN_LLM_MODEL`,
    /// `LECTERN_LLM_TIMEOUT_SECS`, `LECTERN_TTS` (piper | espeak | openai),
    /// `LECTERN_TTS_MODEL` and `LECTERN_TTS_VOICE`.
    pub fn from_env() -> Result<Self, ConfigError> {
        let mut config = PipelineConfig::default();
        let base_url = var("LECTERN_LLM_BASE_URL");
        let api_key = var("LECTERN_LLM_API_KEY");
        if base_url.is_some() || api_key.is_some() {
            let base = base_url
                .clone()
                .unwrap_or_else(|| DEFAULT_OPENAI_BASE_URL.into());
            if !(base.starts_with("http://") || base.starts_with("https://")) {
                return Err(ConfigError {
                    name: "LECTERN_LLM_BASE_URL",
                    message: format!("\"{base}\" is not an http(s) URL"),
                });
            }
            let model = var("LECTERN_LLM_MODEL").unwrap_or_else(|| DEFAULT_LLM_MODEL.into());
            let mut llm = OpenAiWriterConfig::new(base, model);
            llm.api_key = api_key.clone();
            if let Some(secs) = var("LECTERN_LLM_TIMEOUT_SECS") {
                let secs: u64 = secs.parse().map_err(|_| ConfigError {
                    name: "LECTERN_LLM_TIMEOUT_SECS",
                    message: format!("\"{secs}\" is not a number of seconds"),
                })?;
                llm.timeout = Duration::from_secs(secs.max(1));
            }
            config.llm = Some(llm);
        }
        if let Some(tts) = var("LECTERN_TTS") {
            config.tts = Some(tts.parse().map_err(|message| ConfigError {
                name: "LECTERN_TTS",
                message,
            })?);
        }
        config.openai_tts.base_url = base_url.unwrap_or_else(|| DEFAULT_OPENAI_BASE_URL.into());
        config.openai_tts.api_key = api_key;
        if let Some(model) = var("LECTERN_TTS_MODEL") {
            config.openai_tts.model = model;
        }
        if let Some(voice) = var("LECTERN_TTS_VOICE") {
            config.openai_tts.voice = voice;
        }
        Ok(config)
    }
}
