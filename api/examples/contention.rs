//! Money and submissions under contention, over real HTTP on loopback: 50 concurrent video
//! submissions against a balance of 10 (exactly 10 may be accepted), 10 concurrent
//! deliveries of the same checkout completion (exactly one grant), and 200 concurrent
//! dry-run submissions from 20 users (no 5xx, no "database is locked"). Embedded SQLite by
//! default, PostgreSQL when LECTERN_BENCH_DATABASE_URL names a server.
//!
//!   cargo run --release -p lectern-api --example contention
//!
//! Prints what was accepted and the latency of each burst; exits non-zero when a rule broke.

mod common;

use std::time::{Duration, Instant};

use lectern_core::{
    credits::{self, EntryKind},
    entities::credit_ledger,
};
use reqwest::{StatusCode, header};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

struct Burst {
    statuses: Vec<StatusCode>,
    bodies: Vec<String>,
    latencies: Vec<Duration>,
    wall: Duration,
}

impl Burst {
    fn count(&self, status: StatusCode) -> usize {
        self.statuses.iter().filter(|s| **s == status).count()
    }

    fn server_errors(&self) -> usize {
        self.statuses.iter().filter(|s| s.is_server_error()).count()
    }

    fn percentile(&self, p: f64) -> f64 {
        let mut ms: Vec<f64> = self
            .latencies
            .iter()
            .map(|d| d.as_secs_f64() * 1000.0)
            .collect();
        ms.sort_by(f64::total_cmp);
        let index = ((ms.len() as f64 - 1.0) * p).round() as usize;
        ms.get(index).copied().unwrap_or(f64::NAN)
    }

    fn timing(&self) -> String {
        format!(
            "{} requests in {:.0} ms (p50 {:.1} ms, p99 {:.1} ms)",
            self.statuses.len(),
            self.wall.as_secs_f64() * 1000.0,
            self.percentile(0.5),
            self.percentile(0.99)
        )
    }
}

/// Sends every request at once (one task each) and gathers the answers.
async fn burst(requests: Vec<reqwest::RequestBuilder>) -> Burst {
    let start = Instant::now();
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|request| {
            tokio::spawn(async move {
                let sent = Instant::now();
                let response = request.send().await.expect("request");
                let status = response.status();
                let body = response.text().await.unwrap_or_default();
                (status, body, sent.elapsed())
            })
        })
        .collect();
    let mut result = Burst {
        statuses: Vec::new(),
        bodies: Vec::new(),
        latencies: Vec::new(),
        wall: Duration::ZERO,
    };
    for task in tasks {
        let (status, body, latency) = task.await.expect("task");
        result.statuses.push(status);
        result.bodies.push(body);
        result.latencies.push(latency);
    }
    result.wall = start.elapsed();
    result
}

fn video(
    client: &reqwest::Client,
    address: &str,
    token: &str,
    user: &str,
    dry_run: bool,
) -> reqwest::RequestBuilder {
    client
        .post(format!("{address}/api/video/generate"))
        .bearer_auth(token)
        .json(&json!({
            "user_id": user,
            "topic": "Fractions",
            "level": 1,
            "duration": 1,
            "dry_run": dry_run,
        }))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let (app, address, database) = common::application(dir.path()).await?;
    let state = app.state().clone();
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let mut broken = Vec::new();
    println!("Contention on {database}, API and client on the same machine:");

    // 1. 50 submissions at once against a balance of 10.
    let user = common::user(&state.db, "reserve").await?;
    let token = state.tokens.issue(&user).token;
    let before = credits::balance(&state.db, &user).await?.available;
    let reservations = burst(
        (0..50)
            .map(|_| video(&client, &address, &token, &user, false))
            .collect(),
    )
    .await;
    let accepted = reservations.count(StatusCode::ACCEPTED);
    let refused = reservations.count(StatusCode::PAYMENT_REQUIRED);
    let after = credits::balance(&state.db, &user).await?.available;
    let ledger = credits::ledger_sum(&state.db, &user).await?;
    println!(
        "  50 submissions, balance {before}: {accepted} accepted, {refused} refused (402), balance now {after}, ledger sum {ledger}; {}",
        reservations.timing()
    );
    if accepted as i64 != before || refused != 50 - accepted || after != 0 || ledger != after {
        broken.push("reservations: exactly the balance's worth must be accepted");
    }

    // 2. The same checkout completion delivered 10 times at once (the development checkout
    //    signs each delivery as Stripe would).
    let buyer = common::user(&state.db, "buyer").await?;
    let buyer_token = state.tokens.issue(&buyer).token;
    let session: Value = client
        .post(format!("{address}/api/create-checkout-session"))
        .bearer_auth(&buyer_token)
        .json(&json!({
            "package_id": "pro",
            "user_id": buyer,
            "success_url": format!("{address}/purchase-success?session_id={{CHECKOUT_SESSION_ID}}"),
            "cancel_url": format!("{address}/credits"),
        }))
        .send()
        .await?
        .json()
        .await?;
    let session_id = session["session_id"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no checkout session: {session}"))?
        .to_string();
    let before = credits::balance(&state.db, &buyer).await?.available;
    let deliveries = burst(
        (0..10)
            .map(|_| {
                client
                    .post(format!("{address}/dev-checkout/{session_id}/pay"))
                    .header(header::ORIGIN, &address)
            })
            .collect(),
    )
    .await;
    let grants = credit_ledger::Entity::find()
        .filter(credit_ledger::Column::UserId.eq(buyer.as_str()))
        .filter(credit_ledger::Column::Kind.eq(EntryKind::Purchase.as_str()))
        .count(&state.db)
        .await?;
    let after = credits::balance(&state.db, &buyer).await?.available;
    println!(
        "  10 deliveries of one checkout completion: {grants} grant, balance {before} -> {after} ({} answered 303, {} 5xx); {}",
        deliveries.count(StatusCode::SEE_OTHER),
        deliveries.server_errors(),
        deliveries.timing()
    );
    if grants != 1 || after != before + 25 {
        broken.push("checkout: one completion must grant exactly once");
    }

    // 3. 200 dry runs at once from 20 users.
    let mut requests = Vec::new();
    for n in 0..20 {
        let user = common::user(&state.db, &format!("dry-{n}")).await?;
        let token = state.tokens.issue(&user).token;
        for _ in 0..10 {
            requests.push(video(&client, &address, &token, &user, true));
        }
    }
    let dry = burst(requests).await;
    let locked = dry
        .bodies
        .iter()
        .filter(|b| b.contains("database is locked"))
        .count();
    println!(
        "  200 dry runs from 20 users: {} accepted, {} 5xx, {} \"database is locked\"; {}, {:.0} submissions/s",
        dry.count(StatusCode::ACCEPTED),
        dry.server_errors(),
        locked,
        dry.timing(),
        200.0 / dry.wall.as_secs_f64()
    );
    if dry.count(StatusCode::ACCEPTED) != 200 || locked > 0 {
        broken.push("dry runs: every one must be accepted");
    }

    if broken.is_empty() {
        Ok(())
    } else {
        anyhow::bail!("{}", broken.join("; "))
    }
}
