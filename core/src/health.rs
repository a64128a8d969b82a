//! What this process knows about the services it depends on: whether the database and the
//! job queue are reachable right now, and since when they are not. Written by the code that
//! retries (`db::retrying`, the workers' queue loop), read by `/health`.

use std::sync::Mutex;

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dependency {
    Database,
    Queue,
}

impl Dependency {
    pub fn as_str(self) -> &'static str {
        match self {
            Dependency::Database => "database",
            Dependency::Queue => "queue",
        }
    }
}

/// A dependency that could not be reached: since when, how many retries so far, the last error.
#[derive(Debug, Clone)]
pub struct Outage {
    pub since: DateTime<Utc>,
    pub retries: u32,
    pub error: String,
}

static OUTAGES: Mutex<[Option<Outage>; 2]> = Mutex::new([None, None]);

fn slot(dependency: Dependency) -> usize {
    match dependency {
        Dependency::Database => 0,
        Dependency::Queue => 1,
    }
}

/// Records one failed try to reach `dependency`; answers the outage as it now stands.
pub fn failed(dependency: Dependency, error: &str) -> Outage {
    let mut outages = OUTAGES.lock().unwrap_or_else(|e| e.into_inner());
    let entry = outages[slot(dependency)].get_or_insert_with(|| Outage {
        since: Utc::now(),
        retries: 0,
        error: String::new(),
    });
    entry.retries += 1;
    entry.error = error.to_string();
    entry.clone()
}

/// Records that `dependency` answered again; logs the end of an outage once.
pub fn recovered(dependency: Dependency) {
    let ended = OUTAGES.lock().unwrap_or_else(|e| e.into_inner())[slot(dependency)].take();
    if let Some(outage) = ended {
        let seconds = (Utc::now() - outage.since).num_milliseconds() as f64 / 1000.0;
        tracing::warn!(
            dependency = dependency.as_str(),
            retries = outage.retries,
            "{} reachable again after {seconds:.1} s",
            dependency.as_str()
        );
    }
}

/// The current outage of `dependency`, if any.
pub fn outage(dependency: Dependency) -> Option<Outage> {
    OUTAGES.lock().unwrap_or_else(|e| e.into_inner())[slot(dependency)].clone()
}

/// `/health`'s description of one dependency: "ok", or what is wrong and since when.
pub fn describe(dependency: Dependency, reachable: bool) -> Value {
    match (reachable, outage(dependency)) {
        (true, None) => json!("ok"),
        (reachable, Some(outage)) => json!({
            "state": if reachable { "recovering" } else { "unreachable" },
            "since": outage.since.to_rfc3339(),
            "retries": outage.retries,
            "error": outage.error,
        }),
        (false, None) => json!({ "state": "unreachable" }),
    }
}
