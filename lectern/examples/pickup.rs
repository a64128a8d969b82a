//! Pickup latency (issue 54): the time from a job's submission to a worker taking it, with
//! one idle worker, on each queue back-end, on an idle machine and on one kept busy by other
//! work (a spinning thread per core, as a compiler or another program would).
//!
//! - SQLite: the embedded default, the queue and its worker in this process (`lectern serve`).
//! - Redis: a `lectern worker` process (the release binary beside this example), the API
//!   half here; PostgreSQL too when it answers (LECTERN_BENCH_DATABASE_URL, default the
//!   local one), else SQLite for the data. LECTERN_BENCH_REDIS_URL, default the local Redis.
//!
//! Each job is a free preview (the offline writer plans it); jobs go one at a time, each after
//! the worker has sat idle for a while, so every pickup is an idle worker's. Prints the median
//! and the worst per back-end and load, in seconds, and their ratio to the 1 s goal.
//!
//! Then, on the embedded default, the same for an edited storyboard (a 5-minute lesson): its
//! first progress ("Checking the storyboard...") is sent just before every slide is laid out,
//! the step a render of an edit or a preview makes first. Laid out on the async threads, the
//! write of that progress waited for the whole layout.
//!
//!   cargo run --release -p lectern --example pickup [-- JOBS]

use std::{
    process::{Child, Command, Stdio},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use lectern_core::{
    Config,
    jobs::{self, JobKind, NewJob},
    queue::JobQueue,
    storage::Storage,
    users::{self, Identity},
};
use lectern_pipeline::{Minutes, Pipeline, PipelineConfig, RenderInput, Wpm, narration::TtsChoice};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use serde_json::json;

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Keeps every core busy until dropped.
struct Load(Arc<AtomicBool>, Vec<std::thread::JoinHandle<()>>);

impl Load {
    fn start() -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = (0..cores)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        for i in 0..100_000u64 {
                            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
                        }
                        std::hint::black_box(x);
                    }
                })
            })
            .collect();
        Self(stop, threads)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
        for thread in self.1.drain(..) {
            let _ = thread.join();
        }
    }
}

async fn bench_user(db: &DatabaseConnection) -> anyhow::Result<String> {
    Ok(users::sign_in(
        db,
        &Identity {
            issuer: "https://bench.invalid".into(),
            subject: "pickup".into(),
            email: "pickup@example.com".into(),
            given_name: None,
            family_name: None,
            name: None,
            picture: None,
        },
    )
    .await?
    .user
    .id)
}

/// One job's figures: from its creation to a worker's claim (the database's timestamps),
/// and from its submission to the first progress its pipeline reported (as a client polling
/// every 20 ms sees it).
struct Pickup {
    claimed: f64,
    first_progress: f64,
}

/// Submits `count` previews one at a time, each after the worker idled for a while.
async fn pickups(
    db: &DatabaseConnection,
    queue: &JobQueue,
    user: &str,
    count: usize,
    job: &Job,
) -> anyhow::Result<Vec<Pickup>> {
    let mut figures = Vec::new();
    for n in 0..count {
        // Idle for a varying while, so that pushes fall anywhere in a poll's cycle.
        tokio::time::sleep(Duration::from_millis(700 + (n as u64 * 389) % 2300)).await;
        let submitted = Instant::now();
        let job = jobs::submit(
            db,
            queue,
            NewJob {
                user_id: user,
                kind: JobKind::Video,
                title: format!("Pickup {n}"),
                params: job.params(n),
                cost: 0,
            },
        )
        .await?;
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut first_progress = None;
        loop {
            let found = jobs::find(db, &job.id).await?.expect("the job exists");
            let finished = matches!(found.status.as_str(), "completed" | "failed" | "cancelled");
            if first_progress.is_none() && (found.progress > 0 || finished) {
                first_progress = Some(submitted.elapsed().as_secs_f64());
            }
            if finished {
                let started = found.started_at.expect("a finished job was started");
                figures.push(Pickup {
                    claimed: (started - found.created_at).num_milliseconds() as f64 / 1000.0,
                    first_progress: first_progress.unwrap_or_default(),
                });
                break;
            }
            anyhow::ensure!(
                Instant::now() < deadline,
                "job {} not done in 2 minutes",
                job.id
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    Ok(figures)
}

fn summary(label: &str, figures: Vec<Pickup>) {
    let stats = |mut seconds: Vec<f64>| {
        seconds.sort_by(f64::total_cmp);
        (seconds[seconds.len() / 2], *seconds.last().unwrap())
    };
    let (median, worst) = stats(figures.iter().map(|f| f.claimed).collect());
    let (progress_median, progress_worst) =
        stats(figures.iter().map(|f| f.first_progress).collect());
    println!(
        "  {label:<34} claimed: median {median:>6.3} s, worst {worst:>6.3} s ({:>5.2}x the 1 s goal); first progress: median {progress_median:>6.3} s, worst {progress_worst:>6.3} s",
        worst
    );
}

fn config(pairs: Vec<(&'static str, String)>) -> anyhow::Result<Config> {
    let mut all = vec![(
        "secret_key",
        "bench-secret-bench-secret-bench-secret!".to_string(),
    )];
    all.extend(pairs);
    Ok(Config::from_pairs(all)?)
}

/// What the bench submits: a topic's preview, or an edited storyboard's (laid out first).
enum Job {
    Preview,
    Storyboard(serde_json::Value),
}

impl Job {
    fn params(&self, n: usize) -> serde_json::Value {
        let mut params = json!({"topic": format!("Tides, part {n}"), "level": 2,
            "duration_minutes": 1, "wpm": 150, "dry_run": true,
            "enable_subtitles": true, "subtitle_style": "modern"});
        if let Job::Storyboard(storyboard) = self {
            params["storyboard"] = storyboard.clone();
            params["duration_minutes"] = json!(5);
        }
        params
    }
}

/// A 5-minute lesson's storyboard as the offline writer plans it (what an edit renders).
async fn lesson_storyboard() -> anyhow::Result<serde_json::Value> {
    let pipeline = Pipeline::new(PipelineConfig {
        tts: Some(TtsChoice::Espeak),
        ..PipelineConfig::default()
    })?;
    let input = RenderInput::topic(
        "Newton's laws of motion",
        2,
        Minutes::whole(5),
        Wpm::new(150),
    );
    let plan = pipeline.plan(&input, None, |_| {}).await?;
    Ok(serde_json::to_value(&plan.storyboard)?)
}

/// The embedded default: SQLite data and queue, the worker in this process.
async fn sqlite(count: usize, loaded: bool, job: &Job) -> anyhow::Result<Vec<Pickup>> {
    let dir = tempfile::tempdir()?;
    let config = config(vec![("data_dir", dir.path().display().to_string())])?;
    let db = lectern_core::db::connect(&config.database).await?;
    let queue = JobQueue::connect(&config).await?;
    let runtime = Arc::new(lectern_workers::Runtime {
        db: db.clone(),
        storage: Storage::from_config(&config)?,
        pipeline: Pipeline::new(PipelineConfig {
            tts: Some(TtsChoice::Espeak),
            ..PipelineConfig::default()
        })?,
        name: lectern_workers::unique_name(),
    });
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let workers = tokio::spawn(lectern_workers::run(runtime, queue.clone(), 1, async {
        let _ = stopped.await;
    }));
    let user = bench_user(&db).await?;
    let _load = loaded.then(Load::start);
    let seconds = pickups(&db, &queue, &user, count, job).await;
    let _ = stop.send(());
    let _ = workers.await;
    seconds
}

/// Where the worker's log goes: the file `LECTERN_BENCH_WORKER_LOG` names (appended), else
/// nowhere.
fn worker_log() -> anyhow::Result<Stdio> {
    Ok(match std::env::var_os("LECTERN_BENCH_WORKER_LOG") {
        Some(path) => std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?
            .into(),
        None => Stdio::null(),
    })
}

/// Redis: a `lectern worker` process; PostgreSQL for the data when `pg` answers.
async fn redis(
    count: usize,
    loaded: bool,
    redis: &str,
    pg: Option<&str>,
) -> anyhow::Result<Vec<Pickup>> {
    let dir = tempfile::tempdir()?;
    let database_url = match pg {
        Some(pg) => {
            let name = format!("lectern_pickup_{}", uuid::Uuid::new_v4().simple());
            let admin = Database::connect(pg).await?;
            admin
                .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                .await?;
            admin.close().await.ok();
            let mut url = url::Url::parse(pg)?;
            url.set_path(&format!("/{name}"));
            url.to_string()
        }
        None => format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("lectern.db").display()
        ),
    };
    let queue_name = format!("lectern-pickup-{}", uuid::Uuid::new_v4().simple());
    let config = config(vec![
        ("data_dir", dir.path().display().to_string()),
        ("database_url", database_url.clone()),
        ("queue_url", redis.to_string()),
        ("queue_name", queue_name.clone()),
    ])?;
    let db = lectern_core::db::connect(&config.database).await?;
    let queue = JobQueue::connect(&config).await?;
    let user = bench_user(&db).await?;
    let bin = std::env::current_exe()?
        .parent()
        .and_then(|p| p.parent())
        .map(|p| p.join("lectern"))
        .filter(|p| p.exists())
        .ok_or_else(|| anyhow::anyhow!("build the binary first: cargo build -p lectern"))?;
    let _worker = Killed(
        Command::new(bin)
            .arg("worker")
            .current_dir(dir.path())
            .env("LECTERN_DATABASE_URL", &database_url)
            .env("LECTERN_QUEUE_URL", redis)
            .env("LECTERN_QUEUE_NAME", &queue_name)
            .env("LECTERN_DATA_DIR", dir.path())
            .env(
                "LECTERN_SECRET_KEY",
                "bench-secret-bench-secret-bench-secret!",
            )
            .env("LECTERN_TTS", "espeak")
            // The offline writer, as the in-process SQLite worker has: with the local model
            // installed a preview's script takes a minute (two on a busy machine), which is
            // no pickup time.
            .env("LECTERN_LOCAL_MODEL", "off")
            .env("LECTERN_WORKER_LISTEN", "127.0.0.1:0")
            .env(
                "LECTERN_LOG",
                std::env::var("LECTERN_BENCH_WORKER_LOG_LEVEL").unwrap_or_else(|_| "warn".into()),
            )
            .stdin(Stdio::null())
            .stdout(worker_log()?)
            .stderr(worker_log()?)
            .spawn()?,
    );
    // Let the worker connect and go idle before the first job.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let _load = loaded.then(Load::start);
    pickups(&db, &queue, &user, count, &Job::Preview).await
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    lectern_api::install_crypto_provider();
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let redis_url = std::env::var("LECTERN_BENCH_REDIS_URL")
        .unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let pg = std::env::var("LECTERN_BENCH_DATABASE_URL")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let pg = match Database::connect(pg.as_str()).await {
        Ok(admin) => {
            admin.close().await.ok();
            Some(pg)
        }
        Err(_) => None,
    };
    println!(
        "Pickup latency: submit to a worker's claim, one idle worker, {count} jobs each, on {} cores",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for loaded in [false, true] {
        let load = if loaded {
            "busy machine"
        } else {
            "idle machine"
        };
        summary(
            &format!("SQLite (embedded), {load}"),
            sqlite(count, loaded, &Job::Preview).await?,
        );
        let data = if pg.is_some() { "PostgreSQL" } else { "SQLite" };
        match redis(count, loaded, &redis_url, pg.as_deref()).await {
            Ok(seconds) => summary(&format!("Redis + {data}, {load}"), seconds),
            Err(error) => println!("  Redis, {load}: skipped ({error:#})"),
        }
    }
    let storyboard = Job::Storyboard(lesson_storyboard().await?);
    for loaded in [false, true] {
        let load = if loaded {
            "busy machine"
        } else {
            "idle machine"
        };
        summary(
            &format!("SQLite, edited storyboard, {load}"),
            sqlite(count, loaded, &storyboard).await?,
        );
    }
    Ok(())
}
