//! Job throughput with 1 versus 2 `lectern worker` processes: the API in this process on
//! PostgreSQL and Redis, real one-minute videos (offline writer, espeak-ng), the release
//! `lectern` binary beside this example. Needs PostgreSQL and Redis (defaults: the local ones;
//! LECTERN_BENCH_DATABASE_URL, LECTERN_BENCH_REDIS_URL).
//!
//!   cargo run --release -p lectern --example throughput [-- JOBS]

use std::{
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use lectern_core::{
    Config,
    credits::{self, EntryKind},
    jobs::{self, JobKind, NewJob},
    users::{self, Identity},
};
use sea_orm::{ConnectionTrait, Database};
use serde_json::json;

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The release `lectern` binary: examples live in `target/release/examples/`.
fn lectern_binary() -> anyhow::Result<std::path::PathBuf> {
    let exe = std::env::current_exe()?;
    let bin = exe
        .parent()
        .and_then(|p| p.parent())
        .map(|p| p.join("lectern"))
        .filter(|p| p.exists())
        .ok_or_else(|| {
            anyhow::anyhow!("build the binary first: cargo build --release -p lectern")
        })?;
    Ok(bin)
}

async fn run(
    workers: usize,
    jobs_count: usize,
    pg: &str,
    redis: &str,
) -> anyhow::Result<(Duration, f64)> {
    let name = format!("lectern_tp_{}", uuid::Uuid::new_v4().simple());
    let admin = Database::connect(pg).await?;
    admin
        .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
        .await?;
    admin.close().await.ok();
    let mut database_url = url::Url::parse(pg)?;
    database_url.set_path(&format!("/{name}"));
    let queue_name = format!("lectern-bench-{}", uuid::Uuid::new_v4().simple());
    let dir = tempfile::tempdir()?;
    let config = Config::from_pairs([
        ("data_dir", dir.path().display().to_string()),
        ("database_url", database_url.to_string()),
        ("queue_url", redis.to_string()),
        ("queue_name", queue_name.clone()),
        (
            "secret_key",
            "bench-secret-bench-secret-bench-secret!".into(),
        ),
    ])?;
    let db = lectern_core::db::connect(&config.database).await?;
    let queue = lectern_core::queue::JobQueue::connect(&config).await?;

    let user = users::sign_in(
        &db,
        &Identity {
            issuer: "https://bench.invalid".into(),
            subject: "throughput".into(),
            email: "throughput@example.com".into(),
            given_name: None,
            family_name: None,
            name: None,
            picture: None,
        },
    )
    .await?
    .user;
    credits::grant(
        &db,
        &user.id,
        jobs_count as i64,
        EntryKind::Adjustment,
        "bench",
    )
    .await?;

    let bin = lectern_binary()?;
    let mut processes = Vec::new();
    for _ in 0..workers {
        let child = Command::new(&bin)
            .arg("worker")
            .current_dir(dir.path())
            .env("LECTERN_DATABASE_URL", database_url.as_str())
            .env("LECTERN_QUEUE_URL", redis)
            .env("LECTERN_QUEUE_NAME", &queue_name)
            .env("LECTERN_DATA_DIR", dir.path())
            .env("LECTERN_TTS", "espeak")
            .env("LECTERN_WORKER_LISTEN", "127.0.0.1:0")
            .env("LECTERN_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        processes.push(Killed(child));
    }
    // Let the workers connect before the clock starts.
    tokio::time::sleep(Duration::from_secs(2)).await;

    let started = Instant::now();
    let mut ids = Vec::new();
    for n in 0..jobs_count {
        let job = jobs::create(
            &db,
            NewJob {
                user_id: &user.id,
                kind: JobKind::Video,
                title: format!("Throughput {n}"),
                params: json!({"topic": format!("The history of bridges, part {n}"), "level": 2,
                    "duration_minutes": 1, "wpm": 150, "dry_run": false,
                    "enable_subtitles": true, "subtitle_style": "modern"}),
                cost: 1,
            },
        )
        .await?;
        queue.push(&job.id).await?;
        ids.push(job.id);
    }
    let mut output_seconds = 0.0;
    for id in &ids {
        loop {
            let job = jobs::find(&db, id).await?.expect("the job exists");
            match job.status.as_str() {
                "completed" => {
                    let result: serde_json::Value =
                        serde_json::from_str(job.result.as_deref().unwrap_or("{}"))?;
                    output_seconds += result["duration_seconds"].as_f64().unwrap_or(0.0);
                    break;
                }
                "failed" | "cancelled" => {
                    anyhow::bail!("job {id} ended {}: {:?}", job.status, job.error)
                }
                _ => tokio::time::sleep(Duration::from_millis(100)).await,
            }
            if started.elapsed() > Duration::from_secs(1800) {
                anyhow::bail!("the jobs did not finish in 30 minutes");
            }
        }
    }
    Ok((started.elapsed(), output_seconds))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    lectern_api::install_crypto_provider();
    let jobs_count: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let pg = std::env::var("LECTERN_BENCH_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let redis = std::env::var("LECTERN_BENCH_REDIS_URL")
        .unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    println!(
        "Job throughput: {jobs_count} one-minute videos, PostgreSQL + Redis, on {} cores",
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    );
    let mut rates = Vec::new();
    for workers in [1, 2] {
        let (wall, output) = run(workers, jobs_count, &pg, &redis).await?;
        let per_minute = jobs_count as f64 / wall.as_secs_f64() * 60.0;
        println!(
            "  {workers} worker process{}: {:>6.1} s wall, {:>5.1} jobs/min, {:>5.1} video seconds per wall second",
            if workers == 1 { " " } else { "es" },
            wall.as_secs_f64(),
            per_minute,
            output / wall.as_secs_f64()
        );
        rates.push(per_minute);
    }
    println!("  2 workers / 1 worker: {:.2}x", rates[1] / rates[0]);
    Ok(())
}
