//! Runs `llama-server` as a child process: a free loopback port, threads = cores, a context
//! sized for the storyboard prompt; waits for its `/health`; restarts it on the same port if
//! it dies; stops it when Lectern stops (also when Lectern is killed: the child gets SIGKILL
//! from the kernel when its parent dies). It holds nothing worth a graceful shutdown (the
//! model file is only read), and a SIGTERM would let it finish the generation under way,
//! for minutes, after nobody waits for it.

use std::collections::VecDeque;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::watch;

use super::LocalModelError;
use super::settings::LocalModelSettings;
use super::verify::InstalledModel;
use crate::script::OpenAiWriterConfig;

/// Loading a 1.1 GB model from a cold disk takes seconds; a minute and a half is a broken
/// server, not a slow one.
const READY_TIMEOUT: Duration = Duration::from_secs(90);
const LOG_LINES: usize = 40;
/// Requests the server answers at the same time: on a CPU, four sequences decoded together
/// give about twice the tokens a second of one (measured on 2 cores: 11 -> 23 tokens/s with
/// Qwen2.5 1.5B; eight gave 25). The slots share one KV cache (`--kv-unified`), so any one
/// request may still use the whole context.
pub const SLOTS: usize = 4;
/// The model name the server answers to (its `--alias`).
pub const MODEL_ALIAS: &str = "lectern-local";

struct Shared {
    pid: AtomicU32,
    restarts: AtomicU32,
    ready: AtomicBool,
    log: Mutex<VecDeque<String>>,
}

impl Shared {
    fn log_tail(&self) -> String {
        let log = self.log.lock().expect("log lock");
        let lines: Vec<&str> = log
            .iter()
            .rev()
            .take(6)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if lines.is_empty() {
            "(nothing)".into()
        } else {
            lines.join(" | ")
        }
    }
}

/// A running local model server. Dropping it stops the server.
pub struct LocalModelServer {
    model: InstalledModel,
    /// Where the server saves and restores a slot's prompt (one shared prefix).
    _slot_dir: Arc<tempfile::TempDir>,
    port: u16,
    context: u32,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
}

impl LocalModelServer {
    /// Starts the server and waits until it answers `/health` with 200.
    pub async fn start(
        model: InstalledModel,
        settings: &LocalModelSettings,
    ) -> Result<Self, LocalModelError> {
        let port = free_port().map_err(LocalModelError::Spawn)?;
        let context = match model.header.context_length {
            Some(trained) if trained >= 2048 => settings.context.min(trained as u32),
            _ => settings.context,
        };
        let shared = Arc::new(Shared {
            pid: AtomicU32::new(0),
            restarts: AtomicU32::new(0),
            ready: AtomicBool::new(false),
            log: Mutex::new(VecDeque::with_capacity(LOG_LINES)),
        });
        let slot_dir = Arc::new(
            tempfile::Builder::new()
                .prefix("lectern-llama-slots")
                .tempdir()
                .map_err(LocalModelError::Spawn)?,
        );
        let launch = Launch {
            slot_dir: slot_dir.path().to_path_buf(),
            model: model.clone(),
            port,
            threads: settings.threads,
            context,
            shared: shared.clone(),
        };
        let started = Instant::now();
        let child = launch.spawn()?;
        let child = launch.wait_ready(child).await?;
        tracing::info!(
            model = %model.display_name(),
            port,
            context,
            threads = settings.threads,
            seconds = started.elapsed().as_secs_f32(),
            "local model server ready"
        );
        let (stop, stopped) = watch::channel(false);
        tokio::spawn(supervise(launch, child, stopped));
        Ok(LocalModelServer {
            _slot_dir: slot_dir,
            model,
            port,
            context,
            shared,
            stop,
        })
    }

    /// `http://127.0.0.1:PORT/v1`, the OpenAI-compatible base URL.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    pub fn health_url(&self) -> String {
        format!("http://127.0.0.1:{}/health", self.port)
    }

    pub fn model(&self) -> &InstalledModel {
        &self.model
    }

    /// "local model: Qwen2.5-Coder 1.5B Instruct Q4_K_M via llama.cpp".
    pub fn description(&self) -> String {
        self.model.description()
    }

    pub fn context(&self) -> u32 {
        self.context
    }

    /// The server's process id (changes when it is restarted).
    pub fn pid(&self) -> u32 {
        self.shared.pid.load(Ordering::SeqCst)
    }

    /// How often the server has been restarted after dying.
    pub fn restarts(&self) -> u32 {
        self.shared.restarts.load(Ordering::SeqCst)
    }

    pub fn is_ready(&self) -> bool {
        self.shared.ready.load(Ordering::SeqCst)
    }

    /// The script writer's settings for this server: timeouts sized for CPU generation,
    /// streamed answers (so progress moves while it writes), and a few attempts so a
    /// request that meets a restart is tried again.
    pub fn writer_config(&self) -> OpenAiWriterConfig {
        let mut config = OpenAiWriterConfig::new(self.base_url(), MODEL_ALIAS);
        config.timeout = Duration::from_secs(900);
        config.attempts = 4;
        config.temperature = 0.3;
        config.stream = true;
        config.scene_by_scene = true;
        config.local = Some(self.model.display_name());
        config.max_tokens = Some(self.context.saturating_sub(2048).clamp(1024, 8192));
        config.parallel = SLOTS;
        config
    }

    /// Stops the server and waits a moment for it to go.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        for _ in 0..50 {
            if self.pid() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for LocalModelServer {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        // The supervisor may not run again (the runtime may be shutting down): end the
        // process here too.
        let pid = self.shared.pid.load(Ordering::SeqCst);
        if pid != 0 {
            // SAFETY: kill(2) with a pid this process started and still owns.
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGKILL);
            }
        }
    }
}

fn free_port() -> std::io::Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.port())
}

#[derive(Clone)]
struct Launch {
    model: InstalledModel,
    slot_dir: std::path::PathBuf,
    port: u16,
    threads: usize,
    context: u32,
    shared: Arc<Shared>,
}

impl Launch {
    fn spawn(&self) -> Result<Child, LocalModelError> {
        self.shared.ready.store(false, Ordering::SeqCst);
        let mut command = Command::new(&self.model.server_binary);
        command
            .arg("--model")
            .arg(&self.model.path)
            .args(["--host", "127.0.0.1", "--port", &self.port.to_string()])
            .args(["--threads", &self.threads.to_string()])
            .args(["--ctx-size", &self.context.to_string()])
            .args(["--parallel", &SLOTS.to_string(), "--kv-unified"])
            // Idle slots keep their prompt (a shared prefix handed to them stays theirs).
            .arg("--no-cache-idle-slots")
            .arg("--slot-save-path")
            .arg(&self.slot_dir)
            .args(["--alias", MODEL_ALIAS, "--no-webui"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        // SAFETY: prctl in the child between fork and exec touches no shared state.
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let mut child = command.spawn().map_err(LocalModelError::Spawn)?;
        self.shared
            .pid
            .store(child.id().unwrap_or(0), Ordering::SeqCst);
        if let Some(out) = child.stdout.take() {
            tokio::spawn(collect(out, self.shared.clone()));
        }
        if let Some(err) = child.stderr.take() {
            tokio::spawn(collect(err, self.shared.clone()));
        }
        Ok(child)
    }

    /// Polls `/health` until 200; a child that exits first is an error with its last words.
    async fn wait_ready(&self, mut child: Child) -> Result<Child, LocalModelError> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(2))
            .build()
            .map_err(|e| LocalModelError::Spawn(std::io::Error::other(e)))?;
        let url = format!("http://127.0.0.1:{}/health", self.port);
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            if let Some(status) = child.try_wait().map_err(LocalModelError::Spawn)? {
                self.shared.pid.store(0, Ordering::SeqCst);
                // Give the log readers a moment to take the last lines.
                tokio::time::sleep(Duration::from_millis(100)).await;
                return Err(LocalModelError::ServerExited {
                    status: status.to_string(),
                    log: self.shared.log_tail(),
                });
            }
            if let Ok(response) = http.get(&url).send().await
                && response.status().is_success()
            {
                self.shared.ready.store(true, Ordering::SeqCst);
                return Ok(child);
            }
            if Instant::now() > deadline {
                let _ = child.start_kill();
                return Err(LocalModelError::NotReady(READY_TIMEOUT.as_secs()));
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

async fn collect(stream: impl AsyncRead + Unpin, shared: Arc<Shared>) {
    let mut lines = BufReader::new(stream).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        tracing::trace!(target: "llama_server", "{line}");
        let mut log = shared.log.lock().expect("log lock");
        if log.len() == LOG_LINES {
            log.pop_front();
        }
        log.push_back(line);
    }
}

/// Waits on the child; when it dies without being asked to, starts it again on the same
/// port (backing off from 1 s to 30 s while it keeps failing).
async fn supervise(launch: Launch, mut child: Child, mut stopped: watch::Receiver<bool>) {
    let mut backoff = Duration::from_secs(1);
    loop {
        tokio::select! {
            status = child.wait() => {
                launch.shared.ready.store(false, Ordering::SeqCst);
                launch.shared.pid.store(0, Ordering::SeqCst);
                if *stopped.borrow() {
                    return;
                }
                let status = status.map_or_else(|e| e.to_string(), |s| s.to_string());
                tracing::warn!(
                    %status,
                    last_words = %launch.shared.log_tail(),
                    "the local model server stopped; starting it again"
                );
            }
            _ = stopped.changed() => {
                let _ = child.start_kill();
                let _ = child.wait().await;
                launch.shared.pid.store(0, Ordering::SeqCst);
                return;
            }
        }
        loop {
            if *stopped.borrow() {
                return;
            }
            let attempt = match launch.spawn() {
                Ok(next) => launch.wait_ready(next).await,
                Err(error) => Err(error),
            };
            match attempt {
                Ok(next) => {
                    child = next;
                    launch.shared.restarts.fetch_add(1, Ordering::SeqCst);
                    tracing::info!(port = launch.port, "local model server running again");
                    backoff = Duration::from_secs(1);
                    break;
                }
                Err(error) => {
                    tracing::error!(%error, retry_in = ?backoff, "the local model server did not start again");
                    tokio::select! {
                        () = tokio::time::sleep(backoff) => {}
                        _ = stopped.changed() => return,
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(30));
                }
            }
        }
    }
}
