use std::path::PathBuf;
use std::process::Stdio;

use async_trait::async_trait;
use lectern_contract::Wpm;
use tokio::process::Command;

use super::piper::find_in_path;
use super::{NarrationError, SentenceEngine, decode_wav};

const ENGINE: &str = "espeak-ng";

/// espeak-ng (Debian `espeak-ng`): robotic but always available and very fast.
#[derive(Debug, Clone)]
pub struct EspeakNarrator {
    command: PathBuf,
    voice: String,
}

impl EspeakNarrator {
    pub fn discover() -> Result<Self, NarrationError> {
        let command = find_in_path("espeak-ng").ok_or_else(|| NarrationError::Unavailable {
            engine: ENGINE,
            reason: "the espeak-ng command is not on PATH (apt-get install espeak-ng)".into(),
        })?;
        Ok(EspeakNarrator {
            command,
            voice: "en-us".into(),
        })
    }
}

#[async_trait]
impl SentenceEngine for EspeakNarrator {
    const NAME: &'static str = ENGINE;

    fn engine(&self) -> String {
        format!("espeak-ng:{}", self.voice)
    }

    fn at_once(&self) -> usize {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    }

    async fn speak_one(&self, sentence: &str, wpm: Wpm) -> Result<(u32, Vec<i16>), NarrationError> {
        // A WAV file, not --stdout: the streamed header carries no length.
        let file = tempfile::Builder::new()
            .suffix(".wav")
            .tempfile()
            .map_err(|e| NarrationError::Engine {
                engine: ENGINE,
                reason: e.to_string(),
            })?;
        let output = Command::new(&self.command)
            .args([
                "-v",
                &self.voice,
                "-s",
                &wpm.get().clamp(80, 450).to_string(),
                "-w",
            ])
            .arg(file.path())
            .arg("--")
            .arg(sentence)
            .stdin(Stdio::null())
            .output()
            .await
            .map_err(|e| NarrationError::Engine {
                engine: ENGINE,
                reason: format!("could not start: {e}"),
            })?;
        if !output.status.success() {
            return Err(NarrationError::Engine {
                engine: ENGINE,
                reason: format!(
                    "exited with {}: {}",
                    output.status,
                    String::from_utf8_lossy(&output.stderr).trim()
                ),
            });
        }
        let bytes = std::fs::read(file.path()).map_err(|e| NarrationError::Engine {
            engine: ENGINE,
            reason: e.to_string(),
        })?;
        decode_wav(bytes)
    }
}
