//! Settings of the local model (`LECTERN_LOCAL_MODEL`, `LECTERN_LLM_GGUF`,
//! `LECTERN_LLAMA_SERVER`, `LECTERN_MODELS_DIR`, `LECTERN_LLM_THREADS`, `LECTERN_LLM_CONTEXT`),
//! read by `lectern_core::Config` and handed over by the `lectern` binary.

use std::path::PathBuf;

use super::LocalModelError;

/// `LECTERN_LOCAL_MODEL`: `auto` (the default: use the installed default model), `off`, or
/// the id of an installed catalog model (`smollm2-135m`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalModelMode {
    Auto,
    Off,
    Model(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalModelSettings {
    pub mode: LocalModelMode,
    /// `LECTERN_LLM_GGUF`: any GGUF chat model the user already has.
    pub gguf: Option<PathBuf>,
    /// `LECTERN_LLAMA_SERVER`: the `llama-server` binary; else `<models dir>/bin/llama-server`,
    /// else `llama-server` on PATH.
    pub server_binary: Option<PathBuf>,
    /// `LECTERN_MODELS_DIR`: where set-up puts `bin/llama-server` and `models/*.gguf`
    /// (default `~/.cache/lectern`, outside the clone so a new checkout reuses them).
    pub dir: PathBuf,
    /// `LECTERN_LLM_THREADS`: generation threads (default: every core).
    pub threads: usize,
    /// `LECTERN_LLM_CONTEXT`: context tokens (default 16384, at most the model's own).
    pub context: u32,
}

pub const DEFAULT_CONTEXT: u32 = 16_384;

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl LocalModelMode {
    /// A catalog model id (`LECTERN_LOCAL_MODEL=smollm2-135m`); anything else is refused with
    /// the ids there are.
    pub fn model(id: &str) -> Result<Self, LocalModelError> {
        if super::catalog::by_id(id).is_some() {
            return Ok(LocalModelMode::Model(id.into()));
        }
        let ids: Vec<&str> = super::known_models()
            .iter()
            .map(|m| m.id.as_str())
            .collect();
        Err(LocalModelError::Setting(format!(
            "setting LECTERN_LOCAL_MODEL is wrong: \"{id}\" is not auto, off or one of {}",
            ids.join(", ")
        )))
    }
}

pub fn default_dir() -> PathBuf {
    if let Some(cache) = var("XDG_CACHE_HOME") {
        return PathBuf::from(cache).join("lectern");
    }
    match var("HOME") {
        Some(home) => PathBuf::from(home).join(".cache").join("lectern"),
        None => PathBuf::from(".cache").join("lectern"),
    }
}

impl Default for LocalModelSettings {
    fn default() -> Self {
        LocalModelSettings {
            mode: LocalModelMode::Auto,
            gguf: None,
            server_binary: None,
            dir: default_dir(),
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            context: DEFAULT_CONTEXT,
        }
    }
}

impl LocalModelSettings {
    pub fn is_off(&self) -> bool {
        self.mode == LocalModelMode::Off
    }

    pub fn models_dir(&self) -> PathBuf {
        self.dir.join("models")
    }
}
