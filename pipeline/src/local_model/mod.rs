//! The local language model of the embedded default: llama.cpp's `llama-server` on a free
//! loopback port with a verified GGUF model, started by `lectern serve`, `worker` and
//! `render` when no `LECTERN_LLM_BASE_URL` is set, restarted if it dies, stopped on exit.
//! The script writer talks to it through the same OpenAI-compatible path as to any remote
//! model.

pub mod catalog;
pub mod gguf;
mod server;
mod settings;
mod verify;

pub use catalog::{KnownModel, default_model, known_models};
pub use gguf::{GgufError, GgufHeader, read_header};
pub use server::{LocalModelServer, MODEL_ALIAS, SLOTS};
pub use settings::{DEFAULT_CONTEXT, LocalModelMode, LocalModelSettings};
pub use verify::{InstalledModel, resolve};

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum LocalModelError {
    #[error(
        "the model file {path} does not exist ({setting}); give the path of a GGUF file, or set LECTERN_LOCAL_MODEL=off to use the offline writer"
    )]
    ModelMissing {
        path: PathBuf,
        setting: &'static str,
    },
    #[error(
        "the model file {path} is not the published {model}: its SHA-256 is {found}, expected {expected}. It is damaged or was replaced; delete it and run `just setup` again (or set LECTERN_LOCAL_MODEL=off)"
    )]
    Checksum {
        path: PathBuf,
        model: String,
        expected: String,
        found: String,
    },
    #[error("the model file is unusable: {0}")]
    Header(#[from] GgufError),
    #[error(
        "the model file {path} is a {found} model, but {model} is a {expected} model; the file was replaced or damaged"
    )]
    Architecture {
        path: PathBuf,
        model: String,
        expected: String,
        found: String,
    },
    #[error(
        "the model file {0} has no chat template (tokenizer.chat_template), so it cannot hold a conversation; use an instruct/chat model"
    )]
    NoChatTemplate(PathBuf),
    #[error(
        "llama-server was not found ({0}); run `just setup` to build it, or set LECTERN_LLAMA_SERVER to its path"
    )]
    ServerMissing(String),
    #[error("llama-server could not be started: {0}")]
    Spawn(std::io::Error),
    #[error("llama-server stopped while loading the model ({status}); its last words: {log}")]
    ServerExited { status: String, log: String },
    #[error("llama-server did not become ready within {0} seconds")]
    NotReady(u64),
    #[error("{0}")]
    Setting(String),
}

/// The local model for a process that writes scripts: started when no remote model is
/// configured (`remote_configured`), it is not switched off, and it is installed. `None`
/// means the offline writer writes.
pub async fn start_if_wanted(
    settings: &LocalModelSettings,
    remote_configured: bool,
) -> Result<Option<LocalModelServer>, LocalModelError> {
    if remote_configured {
        return Ok(None);
    }
    match resolve(settings)? {
        Some(model) => LocalModelServer::start(model, settings).await.map(Some),
        None => Ok(None),
    }
}

/// What a process that does not run the model itself (an API without in-process workers)
/// can say about the installed one, after the same checks.
pub fn installed(
    settings: &LocalModelSettings,
    remote_configured: bool,
) -> Result<Option<InstalledModel>, LocalModelError> {
    if remote_configured {
        return Ok(None);
    }
    resolve(settings)
}
