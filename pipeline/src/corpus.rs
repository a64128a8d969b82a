//! The recorded corpus: every request the script stage made of a model and the model's raw
//! reply, stored per brief (`pipeline/tests/corpus/*.json.gz`), so the whole script stage can
//! run again offline, in CI, against what the model really said.
//!
//! [`Recorder`] wraps a live model and keeps each exchange; [`Replay`] answers each request
//! from a recording. A request the code now asks in other words (a prompt changed, or scenes
//! written side by side finished in another order, which changes the budget a later scene is
//! asked for) gets the unused reply of the same kind whose request reads most alike, and is
//! counted as a near match: a corpus with many near matches is due to be recorded again
//! (`just record-corpus`).

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use lectern_contract::{Minutes, Wpm};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tracing::Instrument;

use crate::brief::Brief;
use crate::script::{JsonModel, ScriptError, Turn};

/// How a request is answered: prose at the writer's temperature, or a verdict without
/// sampling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    Write,
    Judge,
}

/// One request and the model's raw reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    pub ask: Ask,
    /// The schema's name ("lesson_plan", "scene", "fact_check", ...).
    pub name: String,
    pub turns: Vec<Turn>,
    /// SHA-256 of the schema's JSON: the schema itself is the code's, not the model's.
    pub schema: String,
    /// The reply's text, or the error the request ended with.
    pub reply: Result<String, String>,
    pub seconds: f64,
}

/// What a brief's recording holds: the brief, the model, and its exchanges in the order they
/// were answered.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Recording {
    pub slug: String,
    pub topic: String,
    pub level: u8,
    pub minutes: f64,
    pub wpm: u32,
    /// The model's display name and how many requests it answered side by side.
    pub model: String,
    pub parallel: usize,
    /// The commit the recording was made from, and when.
    pub commit: String,
    pub recorded_at: String,
    /// Wall time of the whole script stage, and whether it produced a storyboard.
    pub seconds: f64,
    pub outcome: Result<(), String>,
    pub exchanges: Vec<Exchange>,
    /// The passages of its documents the lesson was given, for a lesson from sources.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passages: Vec<crate::grounding::Passage>,
}

impl Recording {
    pub fn brief(&self) -> Brief {
        let mut brief = Brief::new(
            self.topic.clone(),
            self.level,
            Minutes::new(self.minutes),
            Wpm::new(self.wpm),
        );
        brief.passages = self.passages.clone();
        brief
    }

    /// Reads a gzip-compressed recording.
    pub fn load(path: &Path) -> std::io::Result<Recording> {
        let mut text = String::new();
        flate2::read::GzDecoder::new(std::fs::File::open(path)?).read_to_string(&mut text)?;
        serde_json::from_str(&text).map_err(std::io::Error::other)
    }

    /// Writes it gzip-compressed (one exchange a line, so a diff of two recordings reads).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        let mut gz = flate2::write::GzEncoder::new(
            std::fs::File::create(path)?,
            flate2::Compression::best(),
        );
        gz.write_all(text.as_bytes())?;
        gz.finish()?;
        Ok(())
    }
}

/// The key a request is answered by: its kind, name, turns and schema.
fn key(ask: Ask, name: &str, turns: &[Turn], schema: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(serde_json::to_vec(&(ask, name, turns, schema)).unwrap_or_default());
    format!("{:x}", hash.finalize())
}

fn schema_hash(schema: &Value) -> String {
    format!("{:x}", Sha256::digest(schema.to_string().as_bytes()))
}

/// A live model whose exchanges are kept for the corpus.
pub struct Recorder<M> {
    inner: M,
    exchanges: Mutex<Vec<Exchange>>,
}

impl<M: JsonModel> Recorder<M> {
    pub fn new(inner: M) -> Self {
        Recorder {
            inner,
            exchanges: Mutex::new(Vec::new()),
        }
    }

    pub fn into_exchanges(self) -> Vec<Exchange> {
        self.exchanges.into_inner().expect("exchanges lock")
    }

    pub fn inner(&self) -> &M {
        &self.inner
    }

    fn keep(
        &self,
        ask: Ask,
        turns: &[Turn],
        name: &str,
        schema: &Value,
        started: Instant,
        reply: &Result<String, ScriptError>,
    ) {
        self.exchanges
            .lock()
            .expect("exchanges lock")
            .push(Exchange {
                ask,
                name: name.to_string(),
                turns: turns.to_vec(),
                schema: schema_hash(schema),
                reply: match reply {
                    Ok(text) => Ok(text.clone()),
                    Err(error) => Err(error.to_string()),
                },
                seconds: started.elapsed().as_secs_f64(),
            });
    }
}

impl<M: JsonModel> JsonModel for Recorder<M> {
    async fn complete_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError> {
        let started = Instant::now();
        let reply = self.inner.complete_json(turns, name, schema.clone()).await;
        self.keep(Ask::Write, turns, name, &schema, started, &reply);
        reply
    }

    async fn judge_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError> {
        let started = Instant::now();
        let reply = self.inner.judge_json(turns, name, schema.clone()).await;
        self.keep(Ask::Judge, turns, name, &schema, started, &reply);
        reply
    }

    fn parallel(&self) -> usize {
        self.inner.parallel()
    }

    async fn share_prefix(&self, turns: &[Turn]) {
        self.inner.share_prefix(turns).await
    }
}

/// How a replay's requests were answered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayCounts {
    /// Answered by the reply to the very same request.
    pub exact: usize,
    /// Answered by the most alike unused reply of the same name.
    pub near: usize,
    /// Answered by the most alike reply of the same name used already: the live run asked
    /// fewer requests of that kind (scenes written side by side finished in another order).
    pub reused: usize,
    /// Not answerable: the recording holds no reply of that name.
    pub missing: usize,
}

/// A model that answers from a recording.
pub struct Replay {
    exchanges: Vec<Exchange>,
    /// Each exchange's turns as one text, read once for the near matches.
    requests: Vec<String>,
    parallel: usize,
    state: Mutex<ReplayState>,
}

struct ReplayState {
    used: Vec<bool>,
    by_key: HashMap<String, Vec<usize>>,
    counts: ReplayCounts,
    /// The fact-check verdicts given: (sentence asked about, judged correct).
    verdicts: Vec<(String, bool)>,
}

impl Replay {
    pub fn new(recording: &Recording) -> Self {
        let mut by_key: HashMap<String, Vec<usize>> = HashMap::new();
        for (index, exchange) in recording.exchanges.iter().enumerate() {
            by_key
                .entry(key(
                    exchange.ask,
                    &exchange.name,
                    &exchange.turns,
                    &exchange.schema,
                ))
                .or_default()
                .push(index);
        }
        Replay {
            requests: recording
                .exchanges
                .iter()
                .map(|e| flatten(&e.turns))
                .collect(),
            exchanges: recording.exchanges.clone(),
            parallel: recording.parallel.max(1),
            state: Mutex::new(ReplayState {
                used: vec![false; recording.exchanges.len()],
                by_key,
                counts: ReplayCounts::default(),
                verdicts: Vec::new(),
            }),
        }
    }

    pub fn counts(&self) -> ReplayCounts {
        self.state.lock().expect("replay lock").counts
    }

    /// The fact-check answers replayed: how many sentences the model was asked about, and how
    /// many of those it called wrong.
    pub fn fact_checks(&self) -> (usize, usize) {
        let state = self.state.lock().expect("replay lock");
        let wrong = state.verdicts.iter().filter(|(_, ok)| !ok).count();
        (state.verdicts.len(), wrong)
    }

    fn answer(
        &self,
        ask: Ask,
        turns: &[Turn],
        name: &str,
        schema: &Value,
    ) -> Result<String, ScriptError> {
        let mut state = self.state.lock().expect("replay lock");
        let exact = key(ask, name, turns, &schema_hash(schema));
        let ReplayState {
            used,
            by_key,
            counts,
            ..
        } = &mut *state;
        let found = by_key
            .get(&exact)
            .and_then(|indices| indices.iter().copied().find(|&i| !used[i]));
        let index = match found {
            Some(index) => {
                counts.exact += 1;
                Some(index)
            }
            None => {
                let asked = flatten(turns);
                let most_alike = |fresh: bool| {
                    self.exchanges
                        .iter()
                        .enumerate()
                        .filter(|(i, e)| used[*i] != fresh && e.ask == ask && e.name == name)
                        .max_by_key(|(i, _)| (alike(&asked, &self.requests[*i]), usize::MAX - i))
                        .map(|(i, _)| i)
                };
                match (most_alike(true), most_alike(false)) {
                    (Some(index), _) => {
                        counts.near += 1;
                        Some(index)
                    }
                    (None, Some(index)) => {
                        counts.reused += 1;
                        Some(index)
                    }
                    (None, None) => {
                        counts.missing += 1;
                        None
                    }
                }
            }
        };
        let Some(index) = index else {
            return Err(ScriptError::Api(format!(
                "the recorded corpus holds no answer to a '{name}' request"
            )));
        };
        used[index] = true;
        let reply = self.exchanges[index]
            .reply
            .clone()
            .map_err(ScriptError::Api)?;
        if name == "fact_check" {
            let correct = serde_json::from_str::<Value>(&reply)
                .ok()
                .and_then(|v| v["correct"].as_bool())
                .unwrap_or(true);
            let sentence = turns
                .iter()
                .rev()
                .find_map(|t| match t {
                    Turn::User(text) => Some(text.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            state.verdicts.push((sentence, correct));
        }
        Ok(reply)
    }
}

fn flatten(turns: &[Turn]) -> String {
    turns
        .iter()
        .map(|t| match t {
            Turn::System(text) | Turn::User(text) | Turn::Assistant(text) => text.as_str(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How alike two requests read: the characters they share at the start and at the end.
fn alike(a: &str, b: &str) -> usize {
    let prefix = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let suffix = a
        .bytes()
        .rev()
        .zip(b.bytes().rev())
        .take(a.len().min(b.len()) - prefix)
        .take_while(|(x, y)| x == y)
        .count();
    prefix + suffix
}

impl JsonModel for Replay {
    async fn complete_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError> {
        self.answer(Ask::Write, turns, name, &schema)
    }

    async fn judge_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError> {
        self.answer(Ask::Judge, turns, name, &schema)
    }

    fn parallel(&self) -> usize {
        self.parallel
    }
}

/// Where the corpus is kept: beside the crate's tests, or `LECTERN_CORPUS_DIR` (a trial
/// corpus, recorded to measure a prompt change before the committed one is recorded again).
pub fn corpus_dir() -> std::path::PathBuf {
    std::env::var_os("LECTERN_CORPUS_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus"))
}

/// The corpus's briefs with their key ideas (`briefs.json`).
pub fn briefs(dir: &Path) -> std::io::Result<Vec<crate::quality::CorpusBrief>> {
    let text = std::fs::read_to_string(dir.join("briefs.json"))?;
    serde_json::from_str(&text).map_err(std::io::Error::other)
}

/// One brief's recording replayed through today's script stage.
pub struct Replayed {
    pub brief: crate::quality::CorpusBrief,
    /// The lesson's figures, or why the script stage failed on the recorded replies.
    pub figures: Result<crate::quality::Figures, String>,
    pub counts: ReplayCounts,
    pub fact_checked: usize,
    pub fact_wrong: usize,
    /// The storyboard written, for a reader.
    pub storyboard: Option<crate::storyboard::Storyboard>,
}

/// Replays every recorded brief of `dir` (those without a recording are skipped).
pub async fn replay_all(dir: &Path) -> std::io::Result<Vec<Replayed>> {
    let mut replayed = Vec::new();
    for brief in briefs(dir)? {
        let path = dir.join(format!("{}.json.gz", brief.slug));
        if !path.exists() {
            continue;
        }
        let recording = Recording::load(&path)?;
        let replay = Replay::new(&recording);
        let recorded = recording.brief();
        let written = crate::script::write_scene_by_scene(&replay, &recorded, None)
            .instrument(tracing::info_span!("replay", brief = %brief.slug))
            .await;
        let (fact_checked, fact_wrong) = replay.fact_checks();
        let figures = written
            .as_ref()
            .map(|storyboard| {
                let mut figures =
                    crate::quality::measure(storyboard, &brief.topic, &brief.key_ideas);
                figures.citations = crate::quality::citations(storyboard, &recorded.passages);
                figures
            })
            .map_err(|e| e.to_string());
        replayed.push(Replayed {
            brief,
            figures,
            counts: replay.counts(),
            fact_checked,
            fact_wrong,
            storyboard: written.ok(),
        });
    }
    Ok(replayed)
}

/// The totals of a replay, as the baseline holds them.
pub fn totals(replayed: &[Replayed]) -> crate::quality::Totals {
    let mut totals = crate::quality::Totals::default();
    for one in replayed {
        match &one.figures {
            Ok(figures) => totals.add(figures),
            Err(_) => {
                totals.lessons += 1;
                totals.failed += 1;
                totals.key_ideas += one.brief.key_ideas.len();
            }
        }
        totals.fact_checked += one.fact_checked;
        totals.fact_wrong += one.fact_wrong;
    }
    totals
}

/// The table `just quality` prints: a row per brief and the totals.
pub fn table(replayed: &[Replayed]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<22} {:>4} {:>9} {:>6} {:>5} {:>6} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>7} {:>9}",
        "brief",
        "min",
        "words/bud",
        "scenes",
        "sents",
        "ideas",
        "cut",
        "lone",
        "rep",
        "echo",
        "titl",
        "dbl",
        "fill",
        "untg",
        "garb",
        "csen",
        "math",
        "nums",
        "checked",
        "exact/near/reused"
    );
    for one in replayed {
        let b = &one.brief;
        match &one.figures {
            Ok(f) => {
                let d = &f.defects;
                let _ = writeln!(
                    out,
                    "{:<22} {:>4} {:>4}/{:<4} {:>6} {:>5} {:>3}/{:<2} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>3}/{:<3} {:>4}/{}/{}",
                    b.slug,
                    b.minutes,
                    f.words,
                    f.budget_words,
                    f.scenes,
                    f.sentences,
                    f.key_ideas_taught,
                    f.key_ideas,
                    d.cut_phrases,
                    d.lone_items,
                    d.repeats,
                    d.echoes,
                    d.cut_titles,
                    d.doubled_options,
                    d.filler,
                    d.untaught_answers,
                    d.garbled,
                    d.cut_sentences,
                    d.garbled_math,
                    d.wrong_numbers,
                    one.fact_wrong,
                    one.fact_checked,
                    one.counts.exact,
                    one.counts.near,
                    one.counts.reused
                );
            }
            Err(error) => {
                let _ = writeln!(out, "{:<22} {:>4} FAILED: {error}", b.slug, b.minutes);
            }
        }
    }
    let t = totals(replayed);
    let d = &t.defects;
    let pct = |n: usize| {
        if t.sentences == 0 {
            0.0
        } else {
            100.0 * n as f64 / t.sentences as f64
        }
    };
    let _ = writeln!(
        out,
        "
total: {} lessons ({} failed), words {}/{} of budget ({:.0}%), {} sentences, {} questions",
        t.lessons,
        t.failed,
        t.words,
        t.budget_words,
        if t.budget_words == 0 {
            0.0
        } else {
            100.0 * t.words as f64 / t.budget_words as f64
        },
        t.sentences,
        t.questions
    );
    let _ = writeln!(
        out,
        "key ideas taught: {}/{} ({:.0}%)",
        t.key_ideas_taught,
        t.key_ideas,
        if t.key_ideas == 0 {
            0.0
        } else {
            100.0 * t.key_ideas_taught as f64 / t.key_ideas as f64
        }
    );
    let _ = writeln!(
        out,
        "defects: {} cut phrases, {} lone items, {} repeats ({:.1}% of sentences), {} echoes, {} cut titles, {} doubled options, {} filler ({:.1}% of sentences), {} untaught answers, {} garbled sentences, {} cut sentences, {} garbled formulas, {} worked examples with wrong numbers, {} hollow comparison rows",
        d.cut_phrases,
        d.lone_items,
        d.repeats,
        pct(d.repeats),
        d.echoes,
        d.cut_titles,
        d.doubled_options,
        d.filler,
        pct(d.filler),
        d.untaught_answers,
        d.garbled,
        d.cut_sentences,
        d.garbled_math,
        d.wrong_numbers,
        d.hollow_rows
    );
    let _ = writeln!(
        out,
        "fact check: {} of {} sentences asked about called wrong",
        t.fact_wrong, t.fact_checked
    );
    for one in replayed {
        let Some(from) = one
            .storyboard
            .as_ref()
            .and_then(|s| s.from_sources.as_ref())
        else {
            continue;
        };
        let c = &from.check;
        let _ = writeln!(
            out,
            "{} (from sources): {} sentences checked against their passages, {} supported, {} \
             written again, {} dropped, {} kept unsupported, {} citing nothing",
            one.brief.slug,
            c.checked,
            c.supported,
            c.asked_again,
            c.dropped,
            c.kept_unsupported,
            c.uncited
        );
    }
    let c = &t.citations;
    let share = |share: Option<f64>| share.map_or("-".to_string(), |s| format!("{s:.2}"));
    let _ = writeln!(
        out,
        "citations (lessons from documents, word-overlap judge): support {} ({}/{} cited \
         sentences), relevance {} ({}/{} citations)",
        share(c.support()),
        c.supported,
        c.cited_sentences,
        share(c.relevance()),
        c.relevant,
        c.cites
    );
    let sum = |f: fn(&ReplayCounts) -> usize| replayed.iter().map(|r| f(&r.counts)).sum::<usize>();
    let _ = writeln!(
        out,
        "replayed requests: {} exact, {} near, {} reused, {} missing",
        sum(|c| c.exact),
        sum(|c| c.near),
        sum(|c| c.reused),
        sum(|c| c.missing)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn recording(exchanges: Vec<Exchange>) -> Recording {
        Recording {
            slug: "t".into(),
            topic: "Tides".into(),
            level: 1,
            minutes: 1.0,
            wpm: 150,
            model: "m".into(),
            parallel: 1,
            commit: String::new(),
            recorded_at: String::new(),
            seconds: 0.0,
            outcome: Ok(()),
            exchanges,
            passages: Vec::new(),
        }
    }

    fn exchange(name: &str, user: &str, reply: &str) -> Exchange {
        Exchange {
            ask: Ask::Write,
            name: name.into(),
            turns: vec![Turn::User(user.into())],
            schema: schema_hash(&json!({})),
            reply: Ok(reply.into()),
            seconds: 0.0,
        }
    }

    #[tokio::test]
    async fn a_request_asked_as_recorded_gets_its_own_reply() {
        let replay = Replay::new(&recording(vec![
            exchange("scene", "write scene 1", "one"),
            exchange("scene", "write scene 2", "two"),
        ]));
        let turns = [Turn::User("write scene 2".into())];
        let reply = replay.complete_json(&turns, "scene", json!({})).await;
        assert_eq!(reply.unwrap(), "two");
        assert_eq!(replay.counts().exact, 1);
    }

    #[tokio::test]
    async fn a_request_asked_in_other_words_gets_the_most_alike_unused_reply() {
        let replay = Replay::new(&recording(vec![
            exchange("scene", "write scene 1 in 40 words", "one"),
            exchange("scene", "write scene 2 in 40 words", "two"),
        ]));
        let turns = [Turn::User("write scene 2 in 45 words".into())];
        let reply = replay.complete_json(&turns, "scene", json!({})).await;
        assert_eq!(reply.unwrap(), "two");
        let again = replay.complete_json(&turns, "scene", json!({})).await;
        assert_eq!(again.unwrap(), "one");
        assert_eq!(replay.counts().near, 2);
        let reused = replay.complete_json(&turns, "scene", json!({})).await;
        assert_eq!(reused.unwrap(), "two");
        assert_eq!(replay.counts().reused, 1);
        let none = replay.complete_json(&turns, "plan", json!({})).await;
        assert!(none.is_err());
        assert_eq!(replay.counts().missing, 1);
    }

    #[test]
    fn a_recording_reads_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.json.gz");
        let written = recording(vec![exchange("scene", "a", "b")]);
        written.save(&path).unwrap();
        let read = Recording::load(&path).unwrap();
        assert_eq!(read.exchanges, written.exchanges);
        assert_eq!(read.brief().topic, "Tides");
    }
}
