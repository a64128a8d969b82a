//! Settings of the local model (`LECTERN_LOCAL_MODEL`, `LECTERN_LLM_GGUF`,
//! `LECTERN_LLAMA_SERVER`, `LECTERN_MODELS_DIR`, `LECTERN_LLM_THREADS`, `LECTERN_LLM_CONTEXT`).

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
    pub fn from_env() -> Result<Self, LocalModelError> {
        let mut settings = LocalModelSettings::default();
        if let Some(mode) = var("LECTERN_LOCAL_MODEL") {
            settings.mode = match mode.trim().to_ascii_lowercase().as_str() {
                "auto" | "on" | "1" | "true" => LocalModelMode::Auto,
                "off" | "0" | "false" | "none" => LocalModelMode::Off,
                id if super::catalog::by_id(id).is_some() => LocalModelMode::Model(id.into()),
                other => {
                    let ids: Vec<&str> = super::known_models()
                        .iter()
                        .map(|m| m.id.as_str())
                        .collect();
                    return Err(LocalModelError::Setting(format!(
                        "setting LECTERN_LOCAL_MODEL is wrong: \"{other}\" is not auto, off or one of {}",
                        ids.join(", ")
                    )));
                }
            };
        }
        settings.gguf = var("LECTERN_LLM_GGUF").map(PathBuf::from);
        settings.server_binary = var("LECTERN_LLAMA_SERVER").map(PathBuf::from);
        if let Some(dir) = var("LECTERN_MODELS_DIR") {
            settings.dir = PathBuf::from(dir);
        }
        if let Some(threads) = var("LECTERN_LLM_THREADS") {
            settings.threads = threads
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=256).contains(n))
                .ok_or_else(|| {
                    LocalModelError::Setting(format!(
                        "setting LECTERN_LLM_THREADS is wrong: \"{threads}\" is not a number of threads (1-256)"
                    ))
                })?;
        }
        if let Some(context) = var("LECTERN_LLM_CONTEXT") {
            settings.context = context
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (2048..=131_072).contains(n))
                .ok_or_else(|| {
                    LocalModelError::Setting(format!(
                        "setting LECTERN_LLM_CONTEXT is wrong: \"{context}\" is not a context size (2048-131072 tokens)"
                    ))
                })?;
        }
        Ok(settings)
    }

    pub fn is_off(&self) -> bool {
        self.mode == LocalModelMode::Off
    }

    pub fn models_dir(&self) -> PathBuf {
        self.dir.join("models")
    }
}
