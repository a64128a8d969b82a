//! Finds the model file and the server binary, and refuses a model that is not what it
//! claims to be: the GGUF header must name an architecture and a chat template, and a
//! catalog model must match its published SHA-256 (hashed once, then remembered in a stamp
//! file next to it until the file's size or time changes).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use sha2::{Digest, Sha256};

use super::LocalModelError;
use super::catalog::{self, KnownModel};
use super::gguf::{GgufHeader, read_header};
use super::settings::{LocalModelMode, LocalModelSettings};

/// A model that passed its checks, with the server binary that will run it.
#[derive(Debug, Clone)]
pub struct InstalledModel {
    pub path: PathBuf,
    pub server_binary: PathBuf,
    pub header: GgufHeader,
    pub known: Option<KnownModel>,
}

impl InstalledModel {
    /// "Qwen2.5-Coder 1.5B Instruct Q4_K_M" for a catalog model, else the header's own name.
    pub fn display_name(&self) -> String {
        if let Some(known) = &self.known {
            return known.display.clone();
        }
        let name = self
            .header
            .name
            .clone()
            .or_else(|| {
                self.path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| self.header.architecture.clone());
        match self.header.quantization() {
            Some(q) if !name.contains(q) => format!("{name} {q}"),
            _ => name,
        }
    }

    /// "local model: Qwen2.5-Coder 1.5B Instruct Q4_K_M via llama.cpp".
    pub fn description(&self) -> String {
        format!("local model: {} via llama.cpp", self.display_name())
    }
}

/// The local model to use, or `None` when it is switched off or not installed (then the
/// offline writer writes). An explicitly named model or binary that is missing or fails a
/// check is an error, and so is an installed catalog model that fails its checksum.
pub fn resolve(settings: &LocalModelSettings) -> Result<Option<InstalledModel>, LocalModelError> {
    let (path, known, explicit) = match (&settings.mode, &settings.gguf) {
        (LocalModelMode::Off, _) => return Ok(None),
        (_, Some(path)) => {
            let known = path
                .file_name()
                .and_then(|name| catalog::by_file(&name.to_string_lossy()))
                .cloned();
            (path.clone(), known, Some("LECTERN_LLM_GGUF"))
        }
        (LocalModelMode::Model(id), None) => {
            let known = catalog::by_id(id).cloned().ok_or_else(|| {
                LocalModelError::Setting(format!("no catalog model is called {id}"))
            })?;
            (
                settings.models_dir().join(&known.file),
                Some(known),
                Some("LECTERN_LOCAL_MODEL"),
            )
        }
        (LocalModelMode::Auto, None) => {
            let known = catalog::default_model().clone();
            (settings.models_dir().join(&known.file), Some(known), None)
        }
    };
    if !path.exists() {
        return match explicit {
            Some(setting) => Err(LocalModelError::ModelMissing { path, setting }),
            None => {
                tracing::info!(
                    path = %path.display(),
                    "no local model installed (`just setup` installs it); scripts come from the offline writer"
                );
                Ok(None)
            }
        };
    }
    let server_binary = match find_server(settings) {
        Some(binary) => binary,
        None if explicit.is_none() => {
            tracing::info!(
                "a local model is installed but llama-server is not (`just setup` builds it); scripts come from the offline writer"
            );
            return Ok(None);
        }
        None => {
            return Err(LocalModelError::ServerMissing(format!(
                "looked for LECTERN_LLAMA_SERVER, {} and PATH",
                settings.dir.join("bin").join("llama-server").display()
            )));
        }
    };
    let header = check_model(&path, known.as_ref())?;
    Ok(Some(InstalledModel {
        path,
        server_binary,
        header,
        known,
    }))
}

/// The header checks, and the checksum for a catalog model.
pub fn check_model(path: &Path, known: Option<&KnownModel>) -> Result<GgufHeader, LocalModelError> {
    let header = read_header(path)?;
    if let Some(known) = known {
        if header.architecture != known.architecture {
            return Err(LocalModelError::Architecture {
                path: path.into(),
                model: known.display.clone(),
                expected: known.architecture.clone(),
                found: header.architecture,
            });
        }
        verify_checksum(path, known)?;
    }
    if header
        .chat_template
        .as_deref()
        .is_none_or(|t| t.trim().is_empty())
    {
        return Err(LocalModelError::NoChatTemplate(path.into()));
    }
    Ok(header)
}

fn find_server(settings: &LocalModelSettings) -> Option<PathBuf> {
    if let Some(binary) = &settings.server_binary {
        return binary.is_file().then(|| binary.clone());
    }
    let cached = settings.dir.join("bin").join("llama-server");
    if cached.is_file() {
        return Some(cached);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("llama-server"))
            .find(|candidate| candidate.is_file())
    })
}

/// The size and modification time that a stamp vouches for.
fn fingerprint(path: &Path) -> std::io::Result<String> {
    let meta = std::fs::metadata(path)?;
    let modified = meta
        .modified()?
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    Ok(format!("{} {}", meta.len(), modified))
}

fn stamp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".verified");
    path.with_file_name(name)
}

fn verify_checksum(path: &Path, known: &KnownModel) -> Result<(), LocalModelError> {
    let io = |source| {
        LocalModelError::Header(super::GgufError::Io {
            path: path.display().to_string(),
            source,
        })
    };
    let fingerprint = fingerprint(path).map_err(io)?;
    let stamp = stamp_path(path);
    let expected_stamp = format!("{fingerprint} {}", known.sha256);
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == expected_stamp) {
        return Ok(());
    }
    let found = sha256_file(path).map_err(io)?;
    if !found.eq_ignore_ascii_case(&known.sha256) {
        let _ = std::fs::remove_file(&stamp);
        return Err(LocalModelError::Checksum {
            path: path.into(),
            model: known.display.clone(),
            expected: known.sha256.clone(),
            found,
        });
    }
    if let Err(error) = std::fs::write(&stamp, format!("{expected_stamp}\n")) {
        tracing::debug!(%error, "could not remember the checksum; it is checked again next time");
    }
    Ok(())
}

pub fn sha256_file(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}
