//! Library search speed: one user with 10,000 library items (and other users' items beside
//! them), searched through the real HTTP API on the embedded SQLite database, or on
//! PostgreSQL when LECTERN_BENCH_DATABASE_URL names a server (a fresh database is made there).
//!
//!   cargo run --release -p lectern-api --example search_bench [-- ITEMS [ROUNDS]]
//!
//! Prints median and p99 latency per query kind and overall, against the 50 ms target, and
//! the machine's load (the figures are only comparable at a similar load).

use std::time::{Duration, Instant};

use chrono::Utc;
use lectern_api::Application;
use lectern_core::{
    Config,
    entities::video,
    users::{self, Identity},
};
use rand::{Rng, SeedableRng, rngs::StdRng};
use sea_orm::{ConnectionTrait, Database, EntityTrait, Set, TransactionTrait};

const TARGET_MEDIAN: Duration = Duration::from_millis(50);

/// Common words appear in most transcripts; topic words in few; together a Zipf-like spread.
const COMMON: &[&str] = &[
    "the",
    "and",
    "of",
    "to",
    "in",
    "is",
    "that",
    "it",
    "we",
    "this",
    "for",
    "with",
    "as",
    "on",
    "are",
    "be",
    "by",
    "an",
    "can",
    "how",
    "when",
    "what",
    "each",
    "which",
    "so",
    "then",
    "first",
    "next",
    "step",
    "example",
    "value",
    "change",
    "number",
    "point",
    "idea",
    "rule",
    "see",
    "look",
    "know",
    "think",
    "show",
    "result",
    "because",
    "same",
    "different",
    "two",
];
const TOPICS: &[&str] = &[
    "photosynthesis",
    "chlorophyll",
    "mitochondria",
    "derivative",
    "integral",
    "polynomial",
    "quadratic",
    "equation",
    "fraction",
    "probability",
    "statistics",
    "variance",
    "algorithm",
    "recursion",
    "compiler",
    "database",
    "network",
    "protocol",
    "encryption",
    "volcano",
    "glacier",
    "tectonic",
    "revolution",
    "empire",
    "democracy",
    "economics",
    "inflation",
    "supply",
    "demand",
    "molecule",
    "electron",
    "neutron",
    "gravity",
    "momentum",
    "velocity",
    "acceleration",
    "friction",
    "circuit",
    "voltage",
    "resistance",
    "genetics",
    "evolution",
    "ecosystem",
    "climate",
    "ocean",
    "atmosphere",
    "geometry",
    "triangle",
    "circle",
    "vector",
    "matrix",
    "eigenvalue",
    "logarithm",
    "exponent",
    "sequence",
    "series",
    "limit",
    "theorem",
    "proof",
    "hypothesis",
    "experiment",
    "bacteria",
    "virus",
    "immune",
    "protein",
    "enzyme",
    "catalyst",
    "reaction",
    "oxidation",
    "acid",
    "base",
    "solution",
    "grammar",
    "poetry",
    "novel",
    "renaissance",
    "baroque",
    "symphony",
    "harmony",
    "rhythm",
    "painting",
    "sculpture",
    "philosophy",
    "ethics",
    "logic",
    "argument",
    "language",
    "translation",
    "marketing",
    "accounting",
    "budget",
    "investment",
    "interest",
    "mortgage",
    "startup",
    "leadership",
];

fn pick<'a>(rng: &mut StdRng, words: &[&'a str]) -> &'a str {
    // Squaring the uniform draw favours the first words: a few are frequent, most are rare.
    let u: f64 = rng.random();
    words[((u * u) * words.len() as f64) as usize % words.len()]
}

/// A pseudo-word from the long tail: rare terms a single video might mention.
fn rare_word(rng: &mut StdRng) -> String {
    const SYLLABLES: &[&str] = &[
        "ka", "lo", "mi", "ter", "zan", "qui", "ro", "vel", "dor", "pha", "sen", "tur", "bri",
    ];
    (0..3)
        .map(|_| SYLLABLES[rng.random_range(0..SYLLABLES.len())])
        .collect()
}

fn sentence(rng: &mut StdRng, words: usize) -> String {
    (0..words)
        .map(|_| {
            if rng.random_bool(0.25) {
                pick(rng, TOPICS).to_string()
            } else if rng.random_bool(0.02) {
                rare_word(rng)
            } else {
                pick(rng, COMMON).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn library_item(rng: &mut StdRng, user_id: &str, n: usize) -> video::ActiveModel {
    let minutes = rng.random_range(1..=5);
    let topic = format!("{} and {}", pick(rng, TOPICS), pick(rng, TOPICS));
    let title = format!("Intermediate Guide to {topic}");
    // About 150 words a minute of narration, in sentences of 12 words.
    let sentences: Vec<serde_json::Value> = (0..minutes * 150 / 12)
        .map(|i| {
            serde_json::json!({
                "text": sentence(rng, 12), "start": i as f64 * 4.8, "end": i as f64 * 4.8 + 4.8, "scene": i / 6,
            })
        })
        .collect();
    let transcript = serde_json::json!({"title": title, "duration": minutes * 60, "scenes": [], "sentences": sentences});
    let solution = n.is_multiple_of(4);
    let at = Utc::now() - chrono::Duration::seconds(n as i64);
    let job_id = uuid::Uuid::new_v4().to_string();
    video::ActiveModel {
        id: Set(uuid::Uuid::new_v4().to_string()),
        user_id: Set(user_id.into()),
        job_id: Set(Some(job_id.clone())),
        video_type: Set(if solution {
            "problem_solving"
        } else {
            "educational"
        }
        .into()),
        title: Set(title.clone()),
        original_title: Set(topic.clone()),
        topic: Set(topic.clone()),
        prompt: Set(topic.clone()),
        description: Set(format!("A {minutes}-minute video: {}", sentence(rng, 10))),
        level: Set(2),
        difficulty: Set("intermediate".into()),
        duration: Set(format!("{minutes}:00")),
        duration_minutes: Set(minutes),
        subject: Set("General".into()),
        problem_type: Set(solution.then(|| "homework".into())),
        subtitle_style: Set(Some("modern".into())),
        wpm: Set(150),
        dry_run: Set(false),
        tags: Set("[]".into()),
        generated_content: Set("{}".into()),
        content_metadata: Set("{}".into()),
        status: Set("completed".into()),
        credits_used: Set(1),
        media_prefix: Set(Some(format!("jobs/{job_id}"))),
        has_thumbnail: Set(true),
        thumbnail_storage_path: Set(Some(format!("jobs/{job_id}/thumbnail.jpg"))),
        transcript: Set(Some(transcript.to_string())),
        is_public: Set(n.is_multiple_of(10)),
        course_id: Set(None),
        lesson_index: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
    }
}

async fn make_user(app: &Application, n: usize) -> anyhow::Result<String> {
    let signed_in = users::sign_in(
        &app.state().db,
        &Identity {
            issuer: "https://bench.invalid".into(),
            subject: format!("bench-{n}"),
            email: format!("bench-{n}@example.com"),
            given_name: None,
            family_name: None,
            name: Some(format!("Bench User {n}")),
            picture: None,
        },
    )
    .await?;
    Ok(signed_in.user.id)
}

async fn fill(app: &Application, user_id: &str, items: usize, seed: u64) -> anyhow::Result<()> {
    let db = &app.state().db;
    let mut rng = StdRng::seed_from_u64(seed);
    for chunk_start in (0..items).step_by(500) {
        let rows: Vec<_> = (chunk_start..(chunk_start + 500).min(items))
            .map(|n| library_item(&mut rng, user_id, n))
            .collect();
        let txn = db.begin().await?;
        video::Entity::insert_many(rows).exec(&txn).await?;
        txn.commit().await?;
    }
    Ok(())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let items: usize = args
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(10_000);
    let rounds: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(40);

    let data_dir = tempfile::tempdir()?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = format!("http://{}", listener.local_addr()?);
    let mut pairs = vec![
        ("public_url", address.clone()),
        ("data_dir", data_dir.path().display().to_string()),
        (
            "secret_key",
            "bench-secret-bench-secret-bench-secret!".into(),
        ),
        (
            "web_dir",
            data_dir.path().join("no-web").display().to_string(),
        ),
    ];
    // On PostgreSQL: a database of its own, dropped at the end.
    let mut postgres = None;
    let engine = match std::env::var("LECTERN_BENCH_DATABASE_URL") {
        Ok(base) if !base.is_empty() => {
            let name = format!("lectern_bench_{}", uuid::Uuid::new_v4().simple());
            let admin = Database::connect(base.as_str()).await?;
            admin
                .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                .await?;
            let mut url = url::Url::parse(&base)?;
            url.set_path(&format!("/{name}"));
            pairs.push(("database_url", url.to_string()));
            postgres = Some((admin, name));
            "PostgreSQL"
        }
        _ => "SQLite (embedded)",
    };
    let app = Application::build(Config::from_pairs(pairs)?, listener).await?;

    let started = Instant::now();
    let me = make_user(&app, 0).await?;
    fill(&app, &me, items, 1).await?;
    for other in 1..=4 {
        let id = make_user(&app, other).await?;
        fill(&app, &id, items / 10, other as u64 + 1).await?;
    }
    let filled = started.elapsed();
    let token = app.state().tokens.issue(&me).token;
    let db = app.state().db.clone();
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        db.execute_unprepared("ANALYZE").await?;
    }
    tokio::spawn(app.run_until_stopped());

    let client = reqwest::Client::new();
    let kinds: &[(&str, &str)] = &[
        ("a common word", "q=because"),
        ("a topic word", "q=photosynthesis"),
        ("two words", "q=derivative%20limit"),
        ("a word only in transcripts", "q=kalozan"),
        ("a 4-letter prefix", "q=mole"),
        ("a word matching nothing", "q=zzzyzx"),
        ("a word, solutions only", "q=equation&type=solution"),
        ("page 3 of a common word", "q=because&limit=50&offset=100"),
        ("the newest 50 (no q)", "limit=50"),
        ("lessons, newest 50", "type=lesson&limit=50"),
    ];
    let url = |query: &str| format!("{address}/api/auth/user/{me}/search?{query}");
    // Warm-up: connection pool, page cache.
    for (_, query) in kinds {
        client.get(url(query)).bearer_auth(&token).send().await?;
    }
    let mut all = Vec::new();
    let mut per_kind: Vec<Vec<Duration>> = vec![Vec::new(); kinds.len()];
    let mut results = vec![0usize; kinds.len()];
    for _ in 0..rounds {
        for (i, (_, query)) in kinds.iter().enumerate() {
            let t = Instant::now();
            let response = client.get(url(query)).bearer_auth(&token).send().await?;
            anyhow::ensure!(
                response.status().is_success(),
                "{query}: {}",
                response.status()
            );
            let body: serde_json::Value = response.json().await?;
            let elapsed = t.elapsed();
            results[i] = body["videos"].as_array().map_or(0, Vec::len);
            per_kind[i].push(elapsed);
            all.push(elapsed);
        }
    }

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "machine: {cpus} CPUs, load average {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "Library search: {engine}, {items} items for one user (+{} for 4 others), filled in {:.1} s",
        4 * (items / 10),
        filled.as_secs_f64()
    );
    println!(
        "{} requests over HTTP (search + JSON of up to 50 items), {rounds} rounds",
        all.len()
    );
    println!(
        "{:<32} {:>10} {:>10} {:>8}",
        "query", "median", "p99", "results"
    );
    for (i, (name, _)) in kinds.iter().enumerate() {
        let times = &mut per_kind[i];
        times.sort();
        println!(
            "{:<32} {:>10} {:>10} {:>8}",
            name,
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.99)),
            results[i]
        );
    }
    all.sort();
    let median = percentile(&all, 0.5);
    println!(
        "overall: median {}, p99 {}, max {}; median is {:.2}x the 50 ms target",
        ms(median),
        ms(percentile(&all, 0.99)),
        ms(*all.last().unwrap_or(&Duration::ZERO)),
        median.as_secs_f64() / TARGET_MEDIAN.as_secs_f64()
    );
    if let Some((admin, name)) = postgres {
        db.close().await.ok();
        admin
            .execute_unprepared(&format!("DROP DATABASE \"{name}\" WITH (FORCE)"))
            .await?;
    }
    Ok(())
}
