//! What the script stage spends on its model: requests, prompt tokens (and how many the
//! server found in its cache), generated tokens and time, by kind of request, and how many
//! of the generated tokens the final script keeps.
//!
//! A script is not slow for its own words: a 5-minute script is about 1,000 tokens, yet the
//! stage asks a plan, each scene, scenes again, lengthening rounds and one true/false request
//! per sentence, each reading its prompt again. These figures say which of those the time
//! goes to, per job (in the job's result and the log) and in `just bench`.
//!
//! A job's requests are recorded where it runs: [`recorded`] gives a future its own ledger,
//! and a model answering inside it files each request with [`record`] (the OpenAI-compatible
//! writer does, from the answer's `usage` and llama.cpp's `timings`). A ledger per future,
//! not per writer, keeps the jobs that share one writer apart.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::storyboard::Storyboard;

/// What a request was for. Most are known by their schema's name ([`RequestKind::of_schema`]);
/// a scene asked again is tagged where it is asked ([`asked_again`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RequestKind {
    /// The lesson's plan (or a course's outline).
    Plan,
    /// The lesson's prefix read into the server's slots once, for the scenes to share.
    Prefix,
    /// A scene (or the summary, or a whole storyboard in one answer), the first time.
    Scene,
    /// A scene (or a storyboard, or a course outline) asked again with the fault of the
    /// first answer.
    Reask,
    /// More sentences for a lesson short of its budget.
    Lengthen,
    /// A sentence put to the model as a true/false question.
    Check,
    /// Checkpoint questions, and the model answering a quiz or question itself.
    Questions,
}

impl RequestKind {
    pub const ALL: [RequestKind; 7] = [
        RequestKind::Plan,
        RequestKind::Prefix,
        RequestKind::Scene,
        RequestKind::Reask,
        RequestKind::Lengthen,
        RequestKind::Check,
        RequestKind::Questions,
    ];

    /// The kind of a request by the name of the schema it asks for. Scene schemas are named
    /// by their visual ("bullets", "comparison", "summary", ...): every name not otherwise
    /// known is a scene.
    pub fn of_schema(name: &str) -> RequestKind {
        match name {
            "lesson_plan" | "course_outline" => RequestKind::Plan,
            "more" => RequestKind::Lengthen,
            "fact_check" => RequestKind::Check,
            "checkpoints" | "answer" => RequestKind::Questions,
            _ => RequestKind::Scene,
        }
    }

    /// The kind's name in a table.
    pub fn label(self) -> &'static str {
        match self {
            RequestKind::Plan => "plan",
            RequestKind::Prefix => "prefix",
            RequestKind::Scene => "scene",
            RequestKind::Reask => "re-ask",
            RequestKind::Lengthen => "lengthen",
            RequestKind::Check => "check",
            RequestKind::Questions => "questions",
        }
    }
}

/// One answered request, as the model's server reported it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RequestSpend {
    /// Tokens of the prompt, read or found in the cache.
    pub prompt_tokens: u64,
    /// Of which the server found this many in its prompt cache (not read again).
    pub cached_tokens: u64,
    pub generated_tokens: u64,
    /// Wall time from sending the request to its last byte.
    pub seconds: f64,
    /// The server's own time reading the prompt and generating, when it reports them
    /// (llama.cpp's `timings`); 0 otherwise.
    pub prompt_seconds: f64,
    pub generation_seconds: f64,
}

/// The requests of one kind (or all), summed. Seconds are summed over requests: requests
/// answered side by side overlap, so the sum can exceed the stage's wall time.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct KindSpend {
    pub requests: u64,
    pub prompt_tokens: u64,
    pub cached_prompt_tokens: u64,
    pub generated_tokens: u64,
    pub seconds: f64,
    /// The server's time reading prompts and generating (0 when it reports none).
    pub prompt_seconds: f64,
    pub generation_seconds: f64,
}

impl KindSpend {
    fn add(&mut self, request: &RequestSpend) {
        self.requests += 1;
        self.prompt_tokens += request.prompt_tokens;
        self.cached_prompt_tokens += request.cached_tokens;
        self.generated_tokens += request.generated_tokens;
        self.seconds += request.seconds;
        self.prompt_seconds += request.prompt_seconds;
        self.generation_seconds += request.generation_seconds;
    }

    /// Prompt tokens the server read (not found in its cache).
    pub fn read_tokens(&self) -> u64 {
        self.prompt_tokens.saturating_sub(self.cached_prompt_tokens)
    }
}

/// How the final script's tokens were counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenCount {
    /// By the model's own tokenizer (llama.cpp's `/tokenize`).
    Tokenizer,
    /// Estimated at [`CHARS_PER_TOKEN`] characters a token (no tokenizer to ask).
    Estimate,
}

/// English prose runs about four characters a token in the BPE vocabularies of current
/// models (Qwen2.5's, OpenAI's); the estimate when no tokenizer answers.
pub const CHARS_PER_TOKEN: f64 = 4.0;

/// What one job's script stage spent on its model (`script_spend` in a job's result).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScriptSpend {
    /// All requests together.
    #[serde(flatten)]
    pub total: KindSpend,
    /// By kind, in [`RequestKind`] order; kinds not asked are left out.
    pub kinds: BTreeMap<RequestKind, KindSpend>,
    /// The script stage's wall time.
    pub wall_seconds: f64,
    /// Tokens of the final script's own words (narration and slide text): what the stage
    /// would generate if it wrote the script once, with nothing asked again or left out.
    pub kept_tokens: u64,
    pub kept_counted_by: Option<TokenCount>,
}

impl ScriptSpend {
    fn of(requests: &[(RequestKind, RequestSpend)]) -> ScriptSpend {
        let mut spend = ScriptSpend::default();
        for (kind, request) in requests {
            spend.total.add(request);
            spend.kinds.entry(*kind).or_default().add(request);
        }
        spend
    }

    pub fn kind(&self, kind: RequestKind) -> KindSpend {
        self.kinds.get(&kind).cloned().unwrap_or_default()
    }

    /// The share of the generated tokens the final script keeps (0 with nothing generated).
    pub fn kept_share(&self) -> f64 {
        if self.total.generated_tokens == 0 {
            return 0.0;
        }
        self.kept_tokens as f64 / self.total.generated_tokens as f64
    }

    /// The floor: seconds to generate the final script's tokens once at `tokens_per_second`
    /// (the model's rate for one request alone).
    pub fn floor_seconds(&self, tokens_per_second: f64) -> f64 {
        self.kept_tokens as f64 / tokens_per_second.max(f64::EPSILON)
    }

    /// The stage's wall time over the floor at `tokens_per_second`.
    pub fn ratio_to_floor(&self, tokens_per_second: f64) -> f64 {
        self.wall_seconds / self.floor_seconds(tokens_per_second).max(f64::EPSILON)
    }

    /// Writes the totals, and each kind, to the log.
    pub fn log(&self) {
        tracing::info!(
            requests = self.total.requests,
            prompt_tokens = self.total.prompt_tokens,
            cached_prompt_tokens = self.total.cached_prompt_tokens,
            generated_tokens = self.total.generated_tokens,
            kept_tokens = self.kept_tokens,
            kept_counted_by = ?self.kept_counted_by,
            wall_seconds = self.wall_seconds,
            request_seconds = self.total.seconds,
            "script stage spend"
        );
        for (kind, spent) in &self.kinds {
            tracing::info!(
                kind = kind.label(),
                requests = spent.requests,
                prompt_tokens = spent.prompt_tokens,
                cached_prompt_tokens = spent.cached_prompt_tokens,
                generated_tokens = spent.generated_tokens,
                seconds = spent.seconds,
                prompt_seconds = spent.prompt_seconds,
                generation_seconds = spent.generation_seconds,
                "script stage spend by kind"
            );
        }
    }

    /// A table of the kinds, one a line, for a benchmark's output.
    pub fn table(&self) -> String {
        let mut text = format!(
            "    {:<10} {:>5} {:>8} {:>8} {:>8} {:>9} {:>9} {:>9}\n",
            "kind", "reqs", "prompt", "cached", "gen", "req s", "prompt s", "gen s"
        );
        let line = |name: &str, s: &KindSpend| {
            format!(
                "    {:<10} {:>5} {:>8} {:>8} {:>8} {:>9.1} {:>9.1} {:>9.1}\n",
                name,
                s.requests,
                s.prompt_tokens,
                s.cached_prompt_tokens,
                s.generated_tokens,
                s.seconds,
                s.prompt_seconds,
                s.generation_seconds
            )
        };
        for (kind, spent) in &self.kinds {
            text.push_str(&line(kind.label(), spent));
        }
        text.push_str(&line("all", &self.total));
        text
    }
}

/// The requests of one recorded future.
#[derive(Debug, Default)]
struct Ledger {
    requests: Mutex<Vec<(RequestKind, RequestSpend)>>,
}

tokio::task_local! {
    static LEDGER: Arc<Ledger>;
    static ASKED_AGAIN: bool;
}

/// Runs `work` with a ledger of its own and answers its output with what the requests
/// filed inside it ([`record`]) spent. `wall_seconds` and the kept tokens are the caller's
/// to fill in.
pub async fn recorded<F: Future>(work: F) -> (F::Output, ScriptSpend) {
    let ledger = Arc::new(Ledger::default());
    let output = LEDGER.scope(ledger.clone(), work).await;
    let requests = ledger.requests.lock().expect("ledger lock");
    (output, ScriptSpend::of(&requests))
}

/// Runs `request` tagged as a request asked again ([`RequestKind::Reask`]) when `again`.
pub async fn asked_again<F: Future>(again: bool, request: F) -> F::Output {
    if again {
        ASKED_AGAIN.scope(true, request).await
    } else {
        request.await
    }
}

/// Files one answered request whose schema is `name` in the ledger of the [`recorded`]
/// future it runs in (none outside one).
pub fn record(name: &str, spent: RequestSpend) {
    let again = ASKED_AGAIN.try_with(|again| *again).unwrap_or(false);
    let kind = if again {
        RequestKind::Reask
    } else {
        RequestKind::of_schema(name)
    };
    record_kind(kind, spent);
}

/// [`record`] for a request whose kind is known.
pub fn record_kind(kind: RequestKind, spent: RequestSpend) {
    let _ = LEDGER.try_with(|ledger| {
        ledger
            .requests
            .lock()
            .expect("ledger lock")
            .push((kind, spent));
    });
}

/// The final script's own words: each scene's narration and the text on its slide, one
/// piece a line (the words a model writing the script once would have to generate).
pub fn script_text(storyboard: &Storyboard) -> String {
    let mut pieces: Vec<String> = Vec::new();
    for scene in &storyboard.scenes {
        if let Ok(serde_json::Value::Object(mut visual)) = serde_json::to_value(&scene.visual) {
            // The visual's kind is the storyboard's structure, not its text.
            visual.remove("kind");
            strings(&serde_json::Value::Object(visual), &mut pieces);
        }
        pieces.extend(scene.narration.iter().cloned());
    }
    pieces.retain(|p| !p.trim().is_empty());
    pieces.join("\n")
}

fn strings(value: &serde_json::Value, into: &mut Vec<String>) {
    match value {
        serde_json::Value::String(text) => into.push(text.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, into)),
        serde_json::Value::Object(fields) => fields.values().for_each(|v| strings(v, into)),
        _ => {}
    }
}

/// The estimate of `text`'s tokens at [`CHARS_PER_TOKEN`].
pub fn estimated_tokens(text: &str) -> u64 {
    (text.chars().count() as f64 / CHARS_PER_TOKEN).round() as u64
}

#[cfg(test)]
mod tests {
    use lectern_contract::Wpm;

    use super::*;
    use crate::corpus::{Recording, Replay, corpus_dir};
    use crate::script::{JsonModel, ScriptError, Turn};
    use serde_json::Value;

    /// A model that answers from `inner` and files each request with made-up usage: prompt
    /// tokens a quarter of the prompt's characters (half of them cached), generated tokens a
    /// quarter of the answer's, a tenth of a second each.
    struct Metered<M> {
        inner: M,
        /// Each request's schema name, and whether it asked a scene again (the request
        /// says why the first answer could not be used).
        seen: Mutex<Vec<(String, bool)>>,
    }

    impl<M> Metered<M> {
        fn new(inner: M) -> Self {
            Metered {
                inner,
                seen: Mutex::default(),
            }
        }

        fn file(&self, turns: &[Turn], name: &str, reply: &Result<String, ScriptError>) {
            let prompt: usize = turns
                .iter()
                .map(|turn| match turn {
                    Turn::System(t) | Turn::User(t) | Turn::Assistant(t) => t.len(),
                })
                .sum();
            let again = turns.last().is_some_and(|turn| {
                matches!(turn, Turn::User(t) if t.contains("Your first answer could not be used"))
            });
            self.seen.lock().unwrap().push((name.to_string(), again));
            let answer = reply.as_ref().map_or(0, String::len);
            record(
                name,
                RequestSpend {
                    prompt_tokens: prompt as u64 / 4,
                    cached_tokens: prompt as u64 / 8,
                    generated_tokens: answer as u64 / 4,
                    seconds: 0.1,
                    prompt_seconds: 0.04,
                    generation_seconds: 0.06,
                },
            );
        }
    }

    impl<M: JsonModel> JsonModel for Metered<M> {
        async fn complete_json(
            &self,
            turns: &[Turn],
            name: &str,
            schema: Value,
        ) -> Result<String, ScriptError> {
            let reply = self.inner.complete_json(turns, name, schema).await;
            self.file(turns, name, &reply);
            reply
        }

        async fn judge_json(
            &self,
            turns: &[Turn],
            name: &str,
            schema: Value,
        ) -> Result<String, ScriptError> {
            let reply = self.inner.judge_json(turns, name, schema).await;
            self.file(turns, name, &reply);
            reply
        }

        fn parallel(&self) -> usize {
            self.inner.parallel()
        }
    }

    /// Answers every request with the same text.
    struct Echo(&'static str);

    impl JsonModel for Echo {
        async fn complete_json(
            &self,
            _: &[Turn],
            _: &str,
            _: Value,
        ) -> Result<String, ScriptError> {
            Ok(self.0.to_string())
        }
    }

    #[test]
    fn requests_are_known_by_their_schema() {
        assert_eq!(RequestKind::of_schema("lesson_plan"), RequestKind::Plan);
        assert_eq!(RequestKind::of_schema("bullets"), RequestKind::Scene);
        assert_eq!(RequestKind::of_schema("summary"), RequestKind::Scene);
        assert_eq!(RequestKind::of_schema("storyboard"), RequestKind::Scene);
        assert_eq!(RequestKind::of_schema("more"), RequestKind::Lengthen);
        assert_eq!(RequestKind::of_schema("fact_check"), RequestKind::Check);
        assert_eq!(
            RequestKind::of_schema("checkpoints"),
            RequestKind::Questions
        );
        assert_eq!(RequestKind::of_schema("answer"), RequestKind::Questions);
    }

    #[tokio::test]
    async fn a_recorded_future_sums_its_requests_by_kind() {
        let model = Metered::new(Echo("{\"text\":\"twelve chars!\"}"));
        // 24 characters: 6 generated tokens a request.
        let turns = [Turn::User("x".repeat(400))];
        let ((), spent) = recorded(async {
            model
                .complete_json(&turns, "lesson_plan", Value::Null)
                .await
                .unwrap();
            model
                .complete_json(&turns, "bullets", Value::Null)
                .await
                .unwrap();
            asked_again(true, model.complete_json(&turns, "bullets", Value::Null))
                .await
                .unwrap();
            // Not asked again: the tag holds for the request it wraps only.
            asked_again(
                false,
                model.complete_json(&turns, "comparison", Value::Null),
            )
            .await
            .unwrap();
            model
                .judge_json(&turns, "fact_check", Value::Null)
                .await
                .unwrap();
            model
                .judge_json(&turns, "fact_check", Value::Null)
                .await
                .unwrap();
        })
        .await;
        assert_eq!(spent.total.requests, 6);
        assert_eq!(spent.total.prompt_tokens, 6 * 100);
        assert_eq!(spent.total.cached_prompt_tokens, 6 * 50);
        assert_eq!(spent.total.read_tokens(), 6 * 50);
        assert_eq!(spent.total.generated_tokens, 6 * 6);
        assert!((spent.total.seconds - 0.6).abs() < 1e-9);
        assert_eq!(spent.kind(RequestKind::Plan).requests, 1);
        assert_eq!(spent.kind(RequestKind::Scene).requests, 2);
        assert_eq!(spent.kind(RequestKind::Reask).requests, 1);
        assert_eq!(spent.kind(RequestKind::Check).requests, 2);
        assert_eq!(spent.kind(RequestKind::Check).generated_tokens, 12);
        assert!(!spent.kinds.contains_key(&RequestKind::Lengthen));
        // Outside a recorded future nothing is filed anywhere.
        model
            .complete_json(&turns, "bullets", Value::Null)
            .await
            .unwrap();
        assert_eq!(spent.total.requests, 6);
    }

    #[tokio::test]
    async fn jobs_running_side_by_side_keep_their_own_ledgers() {
        let model = Metered::new(Echo("{}"));
        let turns = [Turn::User("y".repeat(40))];
        let ask = |n: usize, name: &'static str| {
            let model = &model;
            let turns = &turns;
            async move {
                for _ in 0..n {
                    model.complete_json(turns, name, Value::Null).await.unwrap();
                    tokio::task::yield_now().await;
                }
            }
        };
        let (((), one), ((), two)) =
            tokio::join!(recorded(ask(3, "more")), recorded(ask(5, "checkpoints")));
        assert_eq!(one.total.requests, 3);
        assert_eq!(one.kind(RequestKind::Lengthen).requests, 3);
        assert_eq!(two.total.requests, 5);
        assert_eq!(two.kind(RequestKind::Questions).requests, 5);
        assert!(!two.kinds.contains_key(&RequestKind::Lengthen));
    }

    /// The scene-by-scene writer on recorded lessons: every request it makes is filed once,
    /// under the kind it was asked as, and scenes asked again are told from first asks.
    #[tokio::test]
    async fn the_scene_by_scene_writer_files_each_request_under_its_kind() {
        let dir = corpus_dir();
        let mut reasked = 0;
        let mut lessons = 0;
        for brief in crate::corpus::briefs(&dir).unwrap() {
            let path = dir.join(format!("{}.json.gz", brief.slug));
            if !path.exists() {
                continue;
            }
            let recording = Recording::load(&path).unwrap();
            let model = Metered::new(Replay::new(&recording));
            let (written, spent) = recorded(crate::script::write_scene_by_scene(
                &model,
                &recording.brief(),
                None,
            ))
            .await;
            if written.is_err() {
                continue;
            }
            lessons += 1;
            let seen = model.seen.lock().unwrap().clone();
            let named = |names: &[&str]| {
                seen.iter()
                    .filter(|(name, again)| !again && names.contains(&name.as_str()))
                    .count() as u64
            };
            let again = seen.iter().filter(|(_, again)| *again).count() as u64;
            let slug = &brief.slug;
            assert_eq!(spent.total.requests, seen.len() as u64, "{slug}");
            assert_eq!(spent.kind(RequestKind::Plan).requests, 1, "{slug}");
            assert_eq!(spent.kind(RequestKind::Reask).requests, again, "{slug}");
            assert_eq!(
                spent.kind(RequestKind::Lengthen).requests,
                named(&["more"]),
                "{slug}"
            );
            assert_eq!(
                spent.kind(RequestKind::Check).requests,
                named(&["fact_check"]),
                "{slug}"
            );
            assert_eq!(
                spent.kind(RequestKind::Questions).requests,
                named(&["checkpoints", "answer"]),
                "{slug}"
            );
            let scenes = seen.len() as u64
                - again
                - 1
                - named(&["more", "fact_check", "checkpoints", "answer"]);
            assert_eq!(spent.kind(RequestKind::Scene).requests, scenes, "{slug}");
            let by_kind: u64 = spent.kinds.values().map(|k| k.generated_tokens).sum();
            assert_eq!(by_kind, spent.total.generated_tokens, "{slug}");
            reasked += again;
        }
        assert!(lessons > 0, "no recorded lesson was written again");
        // The corpus holds scenes asked again: the tag is exercised, not only its absence.
        assert!(reasked > 0, "no scene was asked again in {lessons} lessons");
    }

    #[test]
    fn the_floor_is_the_kept_tokens_at_the_single_request_rate() {
        let spent = ScriptSpend {
            total: KindSpend {
                requests: 40,
                generated_tokens: 4_000,
                ..KindSpend::default()
            },
            wall_seconds: 300.0,
            kept_tokens: 1_000,
            kept_counted_by: Some(TokenCount::Tokenizer),
            ..ScriptSpend::default()
        };
        assert!((spent.floor_seconds(10.0) - 100.0).abs() < 1e-9);
        assert!((spent.ratio_to_floor(10.0) - 3.0).abs() < 1e-9);
        assert!((spent.kept_share() - 0.25).abs() < 1e-9);
        assert_eq!(ScriptSpend::default().kept_share(), 0.0);
    }

    #[test]
    fn the_script_text_is_its_narration_and_slide_text() {
        use crate::storyboard::{STORYBOARD_VERSION, Scene, Visual};
        let storyboard = Storyboard {
            version: STORYBOARD_VERSION,
            title: "Tides".into(),
            subject: crate::titles::Subject::Science,
            level: 1,
            show_level: true,
            target_minutes: 1.0,
            wpm: Wpm::new(150),
            origin: crate::storyboard::Origin::Model,
            scenes: vec![
                Scene {
                    visual: Visual::Title {
                        title: "Tides".into(),
                        subtitle: None,
                    },
                    narration: vec!["The sea rises and falls twice a day.".into()],
                    cites: Vec::new(),
                },
                Scene {
                    visual: Visual::Bullets {
                        heading: "Why".into(),
                        items: vec!["The moon pulls".into(), "The sun pulls".into()],
                    },
                    narration: vec!["The moon's pull makes the tides.".into()],
                    cites: Vec::new(),
                },
            ],
            sources: Vec::new(),
            checkpoints: Vec::new(),
            from_sources: None,
        };
        let text = script_text(&storyboard);
        let mut lines: Vec<&str> = text.lines().collect();
        lines.sort_unstable();
        assert_eq!(
            lines,
            [
                "The moon pulls",
                "The moon's pull makes the tides.",
                "The sea rises and falls twice a day.",
                "The sun pulls",
                "Tides",
                "Why"
            ]
        );
        // The visual's kind ("bullets") is structure, not text.
        assert!(!text.contains("bullets"));
        assert_eq!(estimated_tokens("abcdefgh"), 2);
    }
}
