//! The job status endpoint under load: 1,000 distinct jobs of one user, `GET
//! /api/job/{id}/status` with a bearer token, driven by `wrk` (Debian package) over loopback,
//! against `/health` on the same server in the same run. Embedded SQLite by default, or
//! PostgreSQL when LECTERN_BENCH_DATABASE_URL names a server (a fresh database is made there).
//!
//!   cargo run --release -p lectern-api --example status_load [-- SECONDS [CONNECTIONS]]
//!
//! Prints requests per second and p50/p99 latency for both, and the ratio.

mod common;

use std::process::Command;

use lectern_core::{
    credits::{self, EntryKind},
    jobs::{self, JobKind, NewJob},
};
use serde_json::json;

const JOBS: usize = 1000;

struct Load {
    requests_per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    non_2xx: u64,
}

/// Runs wrk and reads its summary (`--latency` prints the percentiles).
fn wrk(
    url: &str,
    script: Option<&std::path::Path>,
    seconds: u32,
    connections: u32,
) -> anyhow::Result<Load> {
    let mut command = Command::new("wrk");
    command.args([
        "-t",
        "1",
        "-c",
        &connections.to_string(),
        "-d",
        &format!("{seconds}s"),
        "--latency",
    ]);
    if let Some(script) = script {
        command.arg("-s").arg(script);
    }
    let output = command.arg(url).output().map_err(|e| {
        anyhow::anyhow!(
            "running wrk ({e}): install it with `apt-get install wrk` (just bench does)"
        )
    })?;
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    let field = |prefix: &str| -> Option<String> {
        text.lines()
            .map(str::trim)
            .find(|l| l.starts_with(prefix))
            .and_then(|l| l.split_whitespace().nth(1).map(str::to_string))
    };
    let millis = |value: String| -> f64 {
        let (number, unit) = value.split_at(
            value
                .find(|c: char| c.is_alphabetic())
                .unwrap_or(value.len()),
        );
        let n: f64 = number.parse().unwrap_or(f64::NAN);
        match unit {
            "us" => n / 1000.0,
            "ms" => n,
            "s" => n * 1000.0,
            _ => f64::NAN,
        }
    };
    let non_2xx = text
        .lines()
        .find(|l| l.trim().starts_with("Non-2xx"))
        .and_then(|l| l.split(':').nth(1)?.trim().parse().ok())
        .unwrap_or(0);
    Ok(Load {
        requests_per_second: field("Requests/sec:")
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| anyhow::anyhow!("wrk printed no rate:\n{text}"))?,
        p50_ms: field("50%").map(millis).unwrap_or(f64::NAN),
        p99_ms: field("99%").map(millis).unwrap_or(f64::NAN),
        non_2xx,
    })
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seconds: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let connections: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(32);

    let dir = tempfile::tempdir()?;
    let (app, address, database) = common::application(dir.path()).await?;
    let state = app.state().clone();

    let user_id = common::user(&state.db, "status-load").await?;
    credits::grant(
        &state.db,
        &user_id,
        JOBS as i64,
        EntryKind::Adjustment,
        "bench",
    )
    .await?;
    let mut ids = Vec::with_capacity(JOBS);
    for n in 0..JOBS {
        let job = jobs::create(
            &state.db,
            NewJob {
                user_id: &user_id,
                kind: JobKind::Video,
                title: format!("Bench job {n}"),
                params: json!({"topic": format!("Bench job {n}"), "level": 1, "duration_minutes": 1}),
                cost: 1,
            },
        )
        .await?;
        ids.push(job.id);
    }
    let token = state.tokens.issue(&user_id).token;
    tokio::spawn(app.run_until_stopped());

    let script = dir.path().join("status.lua");
    let list = ids
        .iter()
        .map(|id| format!("\"{id}\""))
        .collect::<Vec<_>>()
        .join(",");
    std::fs::write(
        &script,
        format!(
            "local ids = {{{list}}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format(\"GET\", \"/api/job/\" .. ids[(i % #ids) + 1] .. \"/status\", {{[\"Authorization\"] = \"Bearer {token}\"}})\nend\n"
        ),
    )?;

    println!(
        "Job status under load: {JOBS} distinct jobs, {database}, wrk 1 thread x {connections} connections, {seconds} s each, server and wrk on the same {} cores",
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    );
    // A short warm-up, then /health and the status endpoint back to back.
    wrk(&format!("{address}/health"), None, 2, connections)?;
    let health = wrk(&format!("{address}/health"), None, seconds, connections)?;
    let status = wrk(&format!("{address}/"), Some(&script), seconds, connections)?;
    for (name, load) in [("/health", &health), ("/api/job/{id}/status", &status)] {
        println!(
            "  {name:<22} {:>9.0} req/s   p50 {:>6.2} ms   p99 {:>6.2} ms   non-2xx {}",
            load.requests_per_second, load.p50_ms, load.p99_ms, load.non_2xx
        );
    }
    println!(
        "  status / health throughput: {:.2}   (goals: >= 10,000 req/s, p99 < 10 ms, ratio >= 0.5)",
        status.requests_per_second / health.requests_per_second
    );
    Ok(())
}
