//! Untrusted files are parsed in a child process, never in the server: a PDF parser that
//! loops, allocates without end or crashes on a hostile file takes down only the child.
//!
//! The child is the server's own binary run again with [`SUBCOMMAND`] (`lectern read-source`,
//! [`child_main`]): it caps its own address space and CPU time (`setrlimit`) before reading a
//! byte, reads the file from stdin and writes the [`Document`] or the [`ReadError`] as JSON to
//! stdout. The parent kills it at a wall-clock limit too (a child blocked on nothing burns no
//! CPU), and runs at most as many children at once as it was given permits.
//!
//! Why not a thread (`spawn_blocking` with a timeout): a timed-out thread cannot be stopped
//! and keeps its core, an allocation that fails aborts the whole server, and a panic inside a
//! parser can leave shared state poisoned. A process gets all three limits from the kernel.

use std::{ffi::OsString, io::Read, path::PathBuf, sync::Arc, time::Duration};

use tokio::{io::AsyncReadExt, io::AsyncWriteExt, process::Command, sync::Semaphore};

use crate::{Document, Kind, MAX_FILE_BYTES, ReadError};

/// The subcommand that makes the binary a reader child.
pub const SUBCOMMAND: &str = "read-source";

/// What one parse may take.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Address space of the child (`RLIMIT_AS`).
    pub memory_bytes: u64,
    /// CPU time of the child (`RLIMIT_CPU`).
    pub cpu_seconds: u64,
    /// Wall-clock time before the parent kills it.
    pub wall: Duration,
}

impl Default for Limits {
    /// Measured on the 300-page book of `examples/pdf_bench.rs` (docs/decisions.md): it
    /// reads in a few seconds well under these.
    fn default() -> Self {
        Limits {
            memory_bytes: 1024 * 1024 * 1024,
            cpu_seconds: 60,
            wall: Duration::from_secs(90),
        }
    }
}

/// Runs reader children.
#[derive(Debug, Clone)]
pub struct Reader {
    program: PathBuf,
    args: Vec<OsString>,
    limits: Limits,
    permits: Arc<Semaphore>,
}

impl Reader {
    /// Children of `program` run with `args` then [`SUBCOMMAND`]; at most `concurrent` at once.
    pub fn new(program: PathBuf, args: Vec<OsString>, limits: Limits, concurrent: usize) -> Self {
        Reader {
            program,
            args,
            limits,
            permits: Arc::new(Semaphore::new(concurrent.max(1))),
        }
    }

    /// A reader that runs this very binary again (`lectern read-source`).
    pub fn this_binary(limits: Limits) -> std::io::Result<Self> {
        let concurrent = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Self::new(
            std::env::current_exe()?,
            Vec::new(),
            limits,
            concurrent,
        ))
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Reads `bytes` as a document of `kind` in a child process, within the limits.
    pub async fn read(&self, kind: Kind, bytes: Vec<u8>) -> Result<Document, ReadError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| ReadError::Internal(e.to_string()))?;
        let internal = |what: &str, e: std::io::Error| ReadError::Internal(format!("{what}: {e}"));
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .arg(SUBCOMMAND)
            .arg(kind.as_str())
            .arg(self.limits.memory_bytes.to_string())
            .arg(self.limits.cpu_seconds.to_string())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .env_clear()
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| internal("start the reader", e))?;
        let mut stdin = child.stdin.take().expect("piped stdin");
        let mut stdout = child.stdout.take().expect("piped stdout");
        let mut stderr = child.stderr.take().expect("piped stderr");
        let work = async {
            let write = async move {
                // A child that dies early closes the pipe: its exit status says why.
                let _ = stdin.write_all(&bytes).await;
                drop(stdin);
            };
            let mut out = Vec::new();
            let mut err = Vec::new();
            let read_out = async {
                // Far more than the JSON of the longest document (`MAX_CHARACTERS`).
                (&mut stdout)
                    .take(64 * 1024 * 1024)
                    .read_to_end(&mut out)
                    .await
            };
            let read_err = async { (&mut stderr).take(64 * 1024).read_to_end(&mut err).await };
            let ((), out_read, _) = tokio::join!(write, read_out, read_err);
            out_read.map_err(|e| internal("read the reader's answer", e))?;
            let status = child
                .wait()
                .await
                .map_err(|e| internal("wait for the reader", e))?;
            Ok::<_, ReadError>((status, out, err))
        };
        let (status, out, err) = match tokio::time::timeout(self.limits.wall, work).await {
            Ok(done) => done?,
            // Dropping the future drops the child, which kills it (`kill_on_drop`).
            Err(_) => {
                tracing::warn!(
                    kind = kind.as_str(),
                    "a source took longer than its wall-clock limit; the reader was killed"
                );
                return Err(ReadError::OverLimits);
            }
        };
        if !status.success() {
            tracing::warn!(
                kind = kind.as_str(),
                %status,
                stderr = %String::from_utf8_lossy(&err),
                "the source reader stopped within its limits"
            );
            return Err(ReadError::OverLimits);
        }
        serde_json::from_slice::<Result<Document, ReadError>>(&out).map_err(|e| {
            ReadError::Internal(format!(
                "the reader's answer is not a document ({e}); stderr: {}",
                String::from_utf8_lossy(&err)
            ))
        })?
    }
}

/// The reader child: `<binary> read-source <kind> <memory bytes> <cpu seconds>`, the file on
/// stdin, the result as JSON on stdout. Call it before anything else in `main` (before a
/// runtime or a logger starts): it never returns.
pub fn child_main(args: &[String]) -> ! {
    let usage = || -> ! {
        eprintln!(
            "usage: {SUBCOMMAND} pdf|markdown|text|html|docx|epub MEMORY_BYTES CPU_SECONDS < FILE"
        );
        std::process::exit(2)
    };
    let [kind, memory, cpu] = args else { usage() };
    let (Some(kind), Ok(memory), Ok(cpu)) =
        (Kind::parse(kind), memory.parse::<u64>(), cpu.parse::<u64>())
    else {
        usage()
    };
    if let Err(e) = rlimit::setrlimit(rlimit::Resource::AS, memory, memory)
        .and_then(|()| rlimit::setrlimit(rlimit::Resource::CPU, cpu, cpu))
    {
        eprintln!("{SUBCOMMAND}: could not set limits: {e}");
        std::process::exit(3);
    }
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin()
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
    {
        eprintln!("{SUBCOMMAND}: could not read the file: {e}");
        std::process::exit(3);
    }
    // A parser that panics on a hostile file has met a damaged one.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("{SUBCOMMAND}: parser panicked: {info}")
    }));
    let result = std::panic::catch_unwind(|| crate::read(kind, &bytes)).unwrap_or_else(|_| {
        Err(ReadError::Malformed(
            kind.describe().into(),
            "the reader could not make sense of it".into(),
        ))
    });
    let json = serde_json::to_vec(&result).expect("a result serialises");
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_all(&json)
        .and_then(|()| stdout.flush())
        .is_err()
    {
        std::process::exit(3);
    }
    std::process::exit(0)
}
