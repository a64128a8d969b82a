//! Reading a problem before anything is charged: the rule reader first (free, well under a
//! millisecond), then the configured language model for words it cannot read (see
//! `lectern_pipeline::solution::reader`). A model's reading takes seconds of a CPU, so model
//! readings are limited per user and minute, and kept for a while: the reading the student
//! saw is the one submit finds again, without asking the model twice.

use std::collections::{HashMap, VecDeque};
use std::sync::{LazyLock, Mutex, PoisonError};
use std::time::{Duration, Instant};

use lectern_pipeline::script::{OpenAiWriter, OpenAiWriterConfig};
use lectern_pipeline::solution::{self, reader};
use secrecy::ExposeSecret;

use crate::{
    error::{ApiError, ApiResult},
    state::AppState,
};

/// Readings a user may ask for in a minute: the create-problem screen asks as the student
/// types (debounced), and each costs well under a millisecond, so the limit only stops abuse.
pub const READINGS_PER_MINUTE: usize = 60;

/// Of those, readings a language model is asked for: each takes a few seconds of the model.
pub const MODEL_READINGS_PER_MINUTE: usize = 12;

/// How long a model's reading of a text is kept.
const KEPT_FOR: Duration = Duration::from_secs(15 * 60);

/// At most this many model readings are kept; the oldest go first.
const KEPT_AT_MOST: usize = 512;

type Recent = LazyLock<Mutex<HashMap<String, VecDeque<Instant>>>>;

/// When each user's recent readings were asked for.
static RECENT_READINGS: Recent = LazyLock::new(Default::default);
/// When each user's recent model readings were asked for.
static RECENT_MODEL_READINGS: Recent = LazyLock::new(Default::default);

/// Model readings by the model's address and the text read (the model answers its likeliest reading, so the same text
/// gets the same reading).
static KEPT: LazyLock<Mutex<HashMap<String, (Instant, reader::ProblemRead)>>> =
    LazyLock::new(Default::default);

fn allowed(recent: &Recent, user: &str, limit: usize, what: &str) -> ApiResult<()> {
    let now = Instant::now();
    let mut recent = recent.lock().unwrap_or_else(PoisonError::into_inner);
    // Users who have not asked for a minute are forgotten, so the map stays small.
    recent.retain(|_, times| {
        times.retain(|t| now.duration_since(*t) < Duration::from_secs(60));
        !times.is_empty()
    });
    let times = recent.entry(user.to_string()).or_default();
    if times.len() >= limit {
        let oldest = times.front().copied().unwrap_or(now);
        let retry_after = 60u64
            .saturating_sub(now.duration_since(oldest).as_secs())
            .max(1);
        return Err(ApiError::TooManyRequests {
            message: format!(
                "You have asked for {limit} {what} in the last minute. Try again in {retry_after} seconds."
            ),
            retry_after,
        });
    }
    times.push_back(now);
    Ok(())
}

/// A reading, within the user's limit.
pub fn reading_allowed(user: &str) -> ApiResult<()> {
    allowed(&RECENT_READINGS, user, READINGS_PER_MINUTE, "readings")
}

/// The writer settings for the configured model, when this process can reach it (an API
/// without workers names the local model the workers run, but cannot ask it).
fn model(state: &AppState) -> Option<OpenAiWriterConfig> {
    let llm = state.config.llm.as_ref()?;
    if llm.base_url.is_empty() {
        return None;
    }
    let mut config = OpenAiWriterConfig::new(&llm.base_url, &llm.model);
    config.api_key = llm.api_key.as_ref().map(|k| k.expose_secret().to_string());
    config.local = llm.local.clone();
    // A reading is a short answer; on a busy CPU it may wait for a slot.
    config.timeout = state
        .config
        .llm_timeout
        .unwrap_or(Duration::from_secs(120))
        .min(Duration::from_secs(120));
    config.attempts = 1;
    Some(solution::reader_config(&config))
}

/// How `text` reads: the rule reader's reading when it needs no model (or no model can be
/// asked here), else the model's, kept for a while. `None` when a model is configured but
/// cannot be asked in this process (the workers read the words then).
pub async fn read(
    state: &AppState,
    user: &str,
    text: &str,
) -> ApiResult<Option<reader::ProblemRead>> {
    let text = text.trim();
    let rules = || reader::ProblemRead::Read {
        reading: lectern_solver::read(text),
        by: reader::ReadBy::Rules,
    };
    if !reader::wants_model(text) {
        return Ok(Some(rules()));
    }
    let Some(config) = model(state) else {
        return Ok(state.config.llm.is_none().then(rules));
    };
    let key = format!("{}\n{text}", config.base_url);
    if let Some(kept) = kept(&key) {
        return Ok(Some(kept));
    }
    allowed(
        &RECENT_MODEL_READINGS,
        user,
        MODEL_READINGS_PER_MINUTE,
        "readings of problems in words",
    )?;
    let writer = OpenAiWriter::new(config).map_err(|e| unreachable_model(&e))?;
    let read = reader::read(&writer, text)
        .await
        .map_err(|e| unreachable_model(&e))?;
    metrics::counter!(
        "lectern_problem_model_readings_total",
        "outcome" => if read.reading().is_some() { "read" } else { "refused" }
    )
    .increment(1);
    keep(&key, &read);
    Ok(Some(read))
}

fn unreachable_model(error: &impl std::fmt::Display) -> ApiError {
    tracing::warn!(%error, "the language model could not read a problem");
    ApiError::Upstream(
        "The language model that reads problems in words did not answer. Try again in a \
         minute, or write the problem as an equation or a formula."
            .into(),
    )
}

fn kept(key: &str) -> Option<reader::ProblemRead> {
    let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    kept.get(key)
        .filter(|(at, _)| at.elapsed() < KEPT_FOR)
        .map(|(_, read)| read.clone())
}

fn keep(key: &str, read: &reader::ProblemRead) {
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    kept.retain(|_, (at, _)| at.elapsed() < KEPT_FOR);
    if kept.len() >= KEPT_AT_MOST
        && let Some(oldest) = kept
            .iter()
            .min_by_key(|(_, (at, _))| *at)
            .map(|(k, _)| k.clone())
    {
        kept.remove(&oldest);
    }
    kept.insert(key.to_string(), (Instant::now(), read.clone()));
}
