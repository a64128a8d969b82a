use std::time::Duration;

use async_openai::Client;
use async_openai::config::OpenAIConfig;
use async_openai::error::OpenAIError;
use async_openai::types::chat::{
    ChatCompletionRequestAssistantMessage, ChatCompletionRequestMessage,
    ChatCompletionRequestSystemMessage, ChatCompletionRequestUserMessage,
    ChatCompletionStreamOptions, CompletionUsage, CreateChatCompletionRequest,
    CreateChatCompletionRequestArgs, CreateChatCompletionResponse,
    CreateChatCompletionStreamResponse, FinishReason, ResponseFormat, ResponseFormatJsonSchema,
};
use async_trait::async_trait;
use futures_util::StreamExt;

use super::chat::{JsonModel, Turn};
use super::prompt::{repair_prompt, system_prompt, user_prompt};
use super::schema::storyboard_json_schema;
use super::spend::{self, RequestKind, RequestSpend};
use super::{
    Brief, SHORT_LESSON_TOLERANCE, ScriptError, ScriptProgress, ScriptWriter, WORD_BUDGET_TOLERANCE,
};
use crate::course::{
    CourseBrief, CourseOutline, LessonBrief, course_json_schema_for, course_repair_prompt,
    course_sources_system_prompt, course_system_prompt, course_user_prompt, lesson_prompt,
};
use crate::frames::check_slides;
use crate::grounding::{self, Reference};
use crate::storyboard::{Origin, Storyboard, ValidationErrors};

#[derive(Debug, Clone)]
pub struct OpenAiWriterConfig {
    /// e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama).
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
    /// Per request; a long storyboard from a slow local model can take minutes.
    pub timeout: Duration,
    /// Attempts per request when the endpoint times out or cannot be reached.
    /// 429 and 5xx answers are retried with exponential backoff (honouring
    /// `Retry-After`) by async-openai's retry layer, up to 3 times.
    pub attempts: u32,
    pub temperature: f32,
    /// Ask for a streamed answer, so progress can be reported while a slow (local) model
    /// writes.
    pub stream: bool,
    /// The display name of a model Lectern runs itself (`local:<name> (llama.cpp)`).
    pub local: Option<String>,
    /// An upper bound on the answer's tokens (a local server's context is finite).
    pub max_tokens: Option<u32>,
    /// Plan the lesson, then write it one scene per request (for small local models, which
    /// lose the thread and the word budget in one long answer).
    pub scene_by_scene: bool,
    /// Requests the server answers at the same time. Above 1 on Lectern's own llama.cpp
    /// server, whose slots can be handed a shared prompt prefix read once (see
    /// [`OpenAiWriter::share_prefix`]): a CPU writes about twice as many tokens a second in
    /// four sequences as in one.
    pub parallel: usize,
}

impl OpenAiWriterConfig {
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        OpenAiWriterConfig {
            base_url: base_url.into(),
            api_key: None,
            model: model.into(),
            timeout: Duration::from_secs(180),
            attempts: 2,
            temperature: 0.4,
            stream: false,
            local: None,
            max_tokens: None,
            scene_by_scene: false,
            parallel: 1,
        }
    }
}

/// Told how many characters of the answer have arrived while it streams.
type CharsWritten<'a> = &'a (dyn Fn(usize) + Send + Sync);

/// How one request failed: a transport error may be worth another attempt.
enum Attempt {
    Transport(OpenAIError),
    Final(ScriptError),
}

/// One request's answer, with what the server said it cost.
struct Answered {
    content: String,
    usage: Option<CompletionUsage>,
    timings: Option<ServerTimings>,
}

/// An OpenAI-format answer (or streamed chunk) with llama.cpp's own `timings` beside it.
#[derive(Debug, serde::Deserialize)]
struct WithTimings<T> {
    #[serde(flatten)]
    answer: T,
    #[serde(default)]
    timings: Option<ServerTimings>,
}

/// llama.cpp's `timings` of a request: prompt tokens read (`prompt_n`) and found in the
/// slot's cache (`cache_n`), tokens generated, and the milliseconds of each.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Deserialize)]
struct ServerTimings {
    #[serde(default)]
    cache_n: u64,
    #[serde(default)]
    prompt_n: u64,
    #[serde(default)]
    prompt_ms: f64,
    #[serde(default)]
    predicted_n: u64,
    #[serde(default)]
    predicted_ms: f64,
}

/// What a request spent, from the answer's `usage` where it has one and the server's
/// `timings` otherwise; `seconds` of wall time.
fn request_spend(
    usage: Option<&CompletionUsage>,
    timings: Option<&ServerTimings>,
    seconds: f64,
) -> RequestSpend {
    let mut spent = RequestSpend {
        seconds,
        ..RequestSpend::default()
    };
    if let Some(timings) = timings {
        spent.prompt_tokens = timings.prompt_n + timings.cache_n;
        spent.cached_tokens = timings.cache_n;
        spent.generated_tokens = timings.predicted_n;
        spent.prompt_seconds = timings.prompt_ms / 1000.0;
        spent.generation_seconds = timings.predicted_ms / 1000.0;
    }
    if let Some(usage) = usage {
        spent.prompt_tokens = u64::from(usage.prompt_tokens);
        spent.generated_tokens = u64::from(usage.completion_tokens);
        if let Some(cached) = usage
            .prompt_tokens_details
            .as_ref()
            .and_then(|d| d.cached_tokens)
        {
            spent.cached_tokens = u64::from(cached);
        }
    }
    spent
}

/// A script writer for any OpenAI-compatible chat-completions endpoint
/// (OpenAI, Ollama, vLLM, llama.cpp server, OpenRouter).
pub struct OpenAiWriter {
    client: Client<OpenAIConfig>,
    /// The same HTTP client, for llama.cpp's own endpoints (slots).
    http: reqwest::Client,
    config: OpenAiWriterConfig,
    usage: RequestUsage,
}

/// How many requests this writer has made and how much they answered, for benchmarks and
/// logs: a slow script is more often many requests (scenes asked again) than slow ones.
#[derive(Debug, Default)]
struct RequestUsage {
    requests: std::sync::atomic::AtomicU64,
    answer_chars: std::sync::atomic::AtomicU64,
    millis: std::sync::atomic::AtomicU64,
}

/// [`OpenAiWriter::usage`]: the requests made so far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UsageSummary {
    pub requests: u64,
    pub answer_chars: u64,
    pub seconds: f64,
}

/// Whether `base_url` names this machine (a local model server).
fn is_loopback(base_url: &str) -> bool {
    reqwest::Url::parse(base_url).is_ok_and(|url| {
        let host = url.host_str().unwrap_or_default();
        host == "localhost"
            || host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    })
}

impl OpenAiWriter {
    pub fn new(config: OpenAiWriterConfig) -> Result<Self, ScriptError> {
        let mut http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(Duration::from_secs(10));
        if is_loopback(&config.base_url) {
            // A fresh connection per request on loopback: llama.cpp's server (cpp-httplib)
            // closes a kept-alive connection after a number of requests, and the request
            // sent on it just then failed with "connection closed before message completed"
            // (one local render in five). Connecting on loopback costs nothing.
            http = http.pool_max_idle_per_host(0);
        }
        let http = http
            .build()
            .map_err(|e| ScriptError::Unreachable(e.to_string()))?;
        let openai = OpenAIConfig::new()
            .with_api_base(config.base_url.trim_end_matches('/'))
            .with_api_key(config.api_key.clone().unwrap_or_default());
        Ok(OpenAiWriter {
            client: Client::build(http.clone(), openai),
            http,
            config,
            usage: RequestUsage::default(),
        })
    }

    /// The requests this writer has made so far, with their answers' size and time.
    pub fn usage(&self) -> UsageSummary {
        use std::sync::atomic::Ordering::Relaxed;
        UsageSummary {
            requests: self.usage.requests.load(Relaxed),
            answer_chars: self.usage.answer_chars.load(Relaxed),
            seconds: self.usage.millis.load(Relaxed) as f64 / 1000.0,
        }
    }

    /// Reads `turns` once into every slot of Lectern's own llama.cpp server: into slot 0 by
    /// a one-token request, then copied to the others (`/slots/{id}?action=save|restore`,
    /// milliseconds). Requests that start with `turns` then read only what follows, on
    /// whichever slot answers them. A server that cannot do it only costs time: the
    /// failure is logged and the requests read their whole prompt.
    pub async fn share_prefix(&self, turns: &[Turn]) {
        if self.config.local.is_none() || self.config.parallel < 2 {
            return;
        }
        if let Err(error) = self.copy_prefix(turns).await {
            tracing::info!(%error, "could not share the prompt between the model's slots");
        }
    }

    async fn copy_prefix(&self, turns: &[Turn]) -> Result<(), reqwest::Error> {
        let base = self.config.base_url.trim_end_matches('/');
        let root = base.trim_end_matches("/v1");
        let messages: Vec<serde_json::Value> = turns
            .iter()
            .map(|turn| {
                let (role, content) = match turn {
                    Turn::System(text) => ("system", text),
                    Turn::User(text) => ("user", text),
                    Turn::Assistant(text) => ("assistant", text),
                };
                serde_json::json!({ "role": role, "content": content })
            })
            .collect();
        let started = std::time::Instant::now();
        let read: WithTimings<serde_json::Value> = self
            .http
            .post(format!("{base}/chat/completions"))
            .json(&serde_json::json!({
                "model": self.config.model,
                "messages": messages,
                "max_tokens": 1,
                "id_slot": 0,
            }))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let usage = serde_json::from_value::<CompletionUsage>(read.answer["usage"].clone()).ok();
        spend::record_kind(
            RequestKind::Prefix,
            request_spend(
                usage.as_ref(),
                read.timings.as_ref(),
                started.elapsed().as_secs_f64(),
            ),
        );
        let file = serde_json::json!({ "filename": "shared-prefix.bin" });
        self.http
            .post(format!("{root}/slots/0?action=save"))
            .json(&file)
            .send()
            .await?
            .error_for_status()?;
        for slot in 1..self.config.parallel {
            self.http
                .post(format!("{root}/slots/{slot}?action=restore"))
                .json(&file)
                .send()
                .await?
                .error_for_status()?;
        }
        tracing::debug!(
            seconds = started.elapsed().as_secs_f64(),
            slots = self.config.parallel,
            "prompt shared between the model's slots"
        );
        Ok(())
    }

    /// Counts an answered request in this writer's totals and in the job's ledger
    /// ([`spend::record`]).
    fn count(&self, name: &str, started: std::time::Instant, answered: &Answered) {
        use std::sync::atomic::Ordering::Relaxed;
        let answer = &answered.content;
        let elapsed = started.elapsed();
        let millis = elapsed.as_millis() as u64;
        self.usage.requests.fetch_add(1, Relaxed);
        self.usage
            .answer_chars
            .fetch_add(answer.len() as u64, Relaxed);
        self.usage.millis.fetch_add(millis, Relaxed);
        let spent = request_spend(
            answered.usage.as_ref(),
            answered.timings.as_ref(),
            elapsed.as_secs_f64(),
        );
        spend::record(name, spent);
        tracing::debug!(
            request = name,
            seconds = millis as f64 / 1000.0,
            chars = answer.len(),
            prompt_tokens = spent.prompt_tokens,
            cached_tokens = spent.cached_tokens,
            generated_tokens = spent.generated_tokens,
            "script request answered"
        );
    }

    async fn complete(
        &self,
        messages: &[ChatCompletionRequestMessage],
        on_chars: CharsWritten<'_>,
    ) -> Result<String, ScriptError> {
        self.complete_with(
            messages,
            ResponseFormatJsonSchema {
                description: Some("A Lectern lesson storyboard".into()),
                name: "storyboard".into(),
                schema: storyboard_json_schema(),
                strict: Some(true),
            },
            Sampling::Writing,
            on_chars,
        )
        .await
    }

    /// One structured-output request for a document other than a storyboard (a solution's
    /// steps, say): the answer's JSON text, asked to follow `schema`, Markdown fences removed.
    /// Timeouts, retries and errors are those of [`ScriptWriter::write`].
    pub async fn complete_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: serde_json::Value,
    ) -> Result<String, ScriptError> {
        self.complete_turns(turns, name, schema, Sampling::Writing)
            .await
    }

    async fn complete_turns(
        &self,
        turns: &[Turn],
        name: &str,
        schema: serde_json::Value,
        sampling: Sampling,
    ) -> Result<String, ScriptError> {
        let messages: Vec<ChatCompletionRequestMessage> = turns
            .iter()
            .map(|turn| match turn {
                Turn::System(text) => {
                    ChatCompletionRequestSystemMessage::from(text.as_str()).into()
                }
                Turn::User(text) => ChatCompletionRequestUserMessage::from(text.as_str()).into(),
                Turn::Assistant(text) => {
                    ChatCompletionRequestAssistantMessage::from(text.as_str()).into()
                }
            })
            .collect();
        let format = ResponseFormatJsonSchema {
            description: None,
            name: name.into(),
            schema,
            strict: Some(true),
        };
        let content = self
            .complete_with(&messages, format, sampling, &|_| {})
            .await?;
        Ok(strip_fences(&content).to_string())
    }

    async fn complete_with(
        &self,
        messages: &[ChatCompletionRequestMessage],
        format: ResponseFormatJsonSchema,
        sampling: Sampling,
        on_chars: CharsWritten<'_>,
    ) -> Result<String, ScriptError> {
        let (started, name) = (std::time::Instant::now(), format.name.clone());
        let mut args = CreateChatCompletionRequestArgs::default();
        args.model(&self.config.model)
            .messages(messages.to_vec())
            .temperature(match sampling {
                Sampling::Writing => self.config.temperature,
                Sampling::Judging => 0.0,
            })
            .response_format(ResponseFormat::JsonSchema {
                json_schema: format,
            });
        if let Some(max_tokens) = self.config.max_tokens {
            args.max_completion_tokens(max_tokens);
        }
        if self.config.scene_by_scene {
            // Small models loop on their own sentences. A fixed seed: the same brief gives
            // the same script on the same machine (and tests of the real path are stable).
            args.seed(20_261_124);
            if sampling == Sampling::Writing {
                args.presence_penalty(0.4);
            }
        }
        let request = args
            .build()
            .map_err(|e| ScriptError::Brief(e.to_string()))?;

        let mut attempt = 0;
        loop {
            attempt += 1;
            let answer = if self.config.stream {
                self.streamed(request.clone(), on_chars).await
            } else {
                self.whole(request.clone()).await
            };
            match answer {
                Ok(answered) => {
                    self.count(&name, started, &answered);
                    return Ok(answered.content);
                }
                Err(Attempt::Final(error)) => return Err(error),
                Err(Attempt::Transport(error)) => {
                    let transient = matches!(&error, OpenAIError::Reqwest(e) if e.is_timeout() || e.is_connect())
                        || matches!(&error, OpenAIError::StreamError(_));
                    // Lectern's own model server answers "503 Loading model" for several
                    // seconds after a restart: wait for it longer than for a remote service.
                    let (attempts, pause_ms) = if self.config.local.is_some() {
                        (self.config.attempts.max(6), 2_000)
                    } else {
                        (self.config.attempts, 500)
                    };
                    if transient && attempt < attempts {
                        tracing::warn!(attempt, %error, "script request failed, retrying");
                        tokio::time::sleep(Duration::from_millis(pause_ms * u64::from(attempt)))
                            .await;
                        continue;
                    }
                    return Err(self.classify(error));
                }
            }
        }
    }

    async fn whole(&self, request: CreateChatCompletionRequest) -> Result<Answered, Attempt> {
        let WithTimings {
            answer: response,
            timings,
        } = self
            .client
            .chat()
            .create_byot::<_, WithTimings<CreateChatCompletionResponse>>(request)
            .await
            .map_err(Attempt::Transport)?;
        let usage = response.usage;
        let choice =
            response.choices.into_iter().next().ok_or_else(|| {
                Attempt::Final(ScriptError::Empty("no choices in the answer".into()))
            })?;
        if let Some(refusal) = choice.message.refusal {
            return Err(Attempt::Final(ScriptError::Empty(format!(
                "the model refused: {refusal}"
            ))));
        }
        let content = choice
            .message
            .content
            .filter(|c| !c.trim().is_empty())
            .ok_or_else(|| {
                Attempt::Final(ScriptError::Empty("the message has no content".into()))
            })?;
        Ok(Answered {
            content,
            usage,
            timings,
        })
    }

    /// The answer as a stream of deltas, telling `on_chars` how much has arrived. The last
    /// chunk carries the request's usage (asked for with `include_usage`).
    async fn streamed(
        &self,
        mut request: CreateChatCompletionRequest,
        on_chars: CharsWritten<'_>,
    ) -> Result<Answered, Attempt> {
        request.stream = Some(true);
        request.stream_options = Some(ChatCompletionStreamOptions {
            include_usage: Some(true),
            include_obfuscation: None,
        });
        let mut stream = self
            .client
            .chat()
            .create_stream_byot::<_, WithTimings<CreateChatCompletionStreamResponse>>(request)
            .await
            .map_err(Attempt::Transport)?;
        let mut content = String::new();
        let mut finish = None;
        let (mut usage, mut timings) = (None, None);
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(Attempt::Transport)?;
            timings = chunk.timings.or(timings);
            let chunk = chunk.answer;
            usage = chunk.usage.or(usage);
            for choice in chunk.choices {
                if let Some(refusal) = choice.delta.refusal {
                    return Err(Attempt::Final(ScriptError::Empty(format!(
                        "the model refused: {refusal}"
                    ))));
                }
                if let Some(delta) = choice.delta.content {
                    content.push_str(&delta);
                    on_chars(content.len());
                }
                if choice.finish_reason.is_some() {
                    finish = choice.finish_reason;
                }
            }
        }
        if matches!(finish, Some(FinishReason::Length)) {
            return Err(Attempt::Final(ScriptError::Empty(format!(
                "the answer was cut off at the token limit after {} characters",
                content.len()
            ))));
        }
        if content.trim().is_empty() {
            return Err(Attempt::Final(ScriptError::Empty(
                "the message has no content".into(),
            )));
        }
        Ok(Answered {
            content,
            usage,
            timings,
        })
    }

    fn classify(&self, error: OpenAIError) -> ScriptError {
        match error {
            OpenAIError::Reqwest(e) if e.is_timeout() => {
                ScriptError::Timeout(self.config.timeout.as_secs().max(1))
            }
            OpenAIError::Reqwest(e) => {
                ScriptError::Unreachable(format!("{} ({})", self.config.base_url, error_chain(&e)))
            }
            OpenAIError::ApiError(e) => ScriptError::Api(e.to_string()),
            OpenAIError::JSONDeserialize(e, body) => ScriptError::Api(format!(
                "an answer that is not the chat-completions format ({e}): {}",
                body.chars().take(200).collect::<String>()
            )),
            other => ScriptError::Api(other.to_string()),
        }
    }
}

fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// Parses and checks a model's answer against everything the renderer needs.
fn accept(content: &str, brief: &Brief) -> Result<Storyboard, ValidationErrors> {
    accept_within(content, brief, WORD_BUDGET_TOLERANCE)
}

/// [`accept`], with the narration allowed `short` (0.5 = 50%) fewer words than its budget.
fn accept_within(content: &str, brief: &Brief, short: f64) -> Result<Storyboard, ValidationErrors> {
    let json = strip_fences(content);
    let mut storyboard: Storyboard = serde_json::from_str(json).map_err(|e| {
        ValidationErrors::single(
            "",
            format!("the answer is not a valid storyboard JSON document: {e}"),
        )
    })?;
    storyboard.origin = Origin::Model;
    storyboard.level = brief.level;
    storyboard.target_minutes = brief.duration_minutes.get();
    storyboard.wpm = brief.wpm;
    storyboard.validate()?;
    storyboard.check_word_range(short, WORD_BUDGET_TOLERANCE)?;
    check_slides(&storyboard)?;
    Ok(storyboard)
}

/// Some local models wrap JSON in a Markdown fence even in JSON mode.
fn strip_fences(content: &str) -> &str {
    let trimmed = content.trim();
    let Some(rest) = trimmed.strip_prefix("```") else {
        return trimmed;
    };
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    rest.strip_suffix("```").unwrap_or(rest).trim()
}

#[async_trait]
impl ScriptWriter for OpenAiWriter {
    fn engine(&self) -> String {
        match &self.config.local {
            Some(name) => format!("local:{name} (llama.cpp)"),
            None => format!("openai-compatible:{}", self.config.model),
        }
    }

    async fn write(&self, brief: &Brief) -> Result<Storyboard, ScriptError> {
        self.write_streaming(brief, &|_| {}).await
    }

    async fn write_lesson(&self, lesson: &LessonBrief) -> Result<Storyboard, ScriptError> {
        self.write_lesson_streaming(lesson, &|_| {}).await
    }

    async fn write_streaming(
        &self,
        brief: &Brief,
        progress: ScriptProgress<'_>,
    ) -> Result<Storyboard, ScriptError> {
        let reference = grounding::lookup(&brief.topic);
        if self.config.scene_by_scene {
            return self.write_planned(brief, None, &reference, progress).await;
        }
        self.write_storyboard(brief, user_prompt(brief, &reference), &reference, progress)
            .await
    }

    async fn write_lesson_streaming(
        &self,
        lesson: &LessonBrief,
        progress: ScriptProgress<'_>,
    ) -> Result<Storyboard, ScriptError> {
        let reference = grounding::lookup(&lesson.brief.topic);
        if self.config.scene_by_scene {
            let context = lesson_prompt(&lesson.context);
            return self
                .write_planned(&lesson.brief, Some(&context), &reference, progress)
                .await;
        }
        let text = format!(
            "{}\n\n{}",
            user_prompt(&lesson.brief, &reference),
            lesson_prompt(&lesson.context)
        );
        self.write_storyboard(&lesson.brief, text, &reference, progress)
            .await
    }

    async fn count_tokens(&self, text: &str) -> Option<u64> {
        if self.config.local.is_none() && !is_loopback(&self.config.base_url) {
            return None;
        }
        let root = self
            .config
            .base_url
            .trim_end_matches('/')
            .trim_end_matches("/v1");
        let answer: serde_json::Value = self
            .http
            .post(format!("{root}/tokenize"))
            .json(&serde_json::json!({ "content": text }))
            .send()
            .await
            .ok()?
            .error_for_status()
            .ok()?
            .json()
            .await
            .ok()?;
        answer["tokens"]
            .as_array()
            .map(|tokens| tokens.len() as u64)
    }

    async fn write_course(&self, brief: &CourseBrief) -> Result<CourseOutline, ScriptError> {
        let system = if brief.sections.is_empty() {
            course_system_prompt()
        } else {
            course_sources_system_prompt()
        };
        let mut turns = vec![Turn::System(system), Turn::User(course_user_prompt(brief))];
        let schema = course_json_schema_for(brief, self.config.scene_by_scene);
        let read = |answer: &str| {
            if brief.sections.is_empty() {
                CourseOutline::from_model_answer(answer)
            } else {
                CourseOutline::from_sourced_answer(answer, &brief.sections)
            }
        };
        let first = self
            .complete_json(&turns, "course_outline", schema.clone())
            .await?;
        let problems = match read(&first) {
            Ok(outline) => return Ok(outline),
            Err(problems) => problems,
        };
        tracing::info!(%problems, "course outline invalid, asking for a repair");
        turns.push(Turn::Assistant(first));
        turns.push(Turn::User(course_repair_prompt(&problems.to_string())));
        let second =
            spend::asked_again(true, self.complete_json(&turns, "course_outline", schema)).await?;
        read(&second).map_err(ScriptError::InvalidCourse)
    }
}

impl OpenAiWriter {
    /// A storyboard for `brief` from the user message `request`, with one repair round,
    /// grounded in `reference` (see [`grounding::apply`]).
    /// `progress` hears the share written: the first answer fills most of the bar, a repair
    /// the rest.
    async fn write_storyboard(
        &self,
        brief: &Brief,
        request: String,
        reference: &Reference,
        progress: ScriptProgress<'_>,
    ) -> Result<Storyboard, ScriptError> {
        let expected = expected_answer_chars(brief);
        let mut messages: Vec<ChatCompletionRequestMessage> = vec![
            ChatCompletionRequestSystemMessage::from(system_prompt()).into(),
            ChatCompletionRequestUserMessage::from(request.as_str()).into(),
        ];
        let first = self
            .complete(&messages, &|chars| {
                progress((chars as f32 / expected).min(1.0) * FIRST_ROUND_SHARE)
            })
            .await?;
        let problems = match accept(&first, brief) {
            Ok(storyboard) => {
                return Ok(self
                    .with_questions(grounded(storyboard, reference), &request)
                    .await);
            }
            Err(problems) => problems,
        };
        tracing::info!(%problems, "storyboard invalid, asking for a repair");
        messages.push(ChatCompletionRequestAssistantMessage::from(first).into());
        messages.push(
            ChatCompletionRequestUserMessage::from(repair_prompt(&problems.to_string()).as_str())
                .into(),
        );
        let second = spend::asked_again(
            true,
            self.complete(&messages, &|chars| {
                progress(
                    FIRST_ROUND_SHARE
                        + (chars as f32 / expected).min(1.0) * (1.0 - FIRST_ROUND_SHARE),
                )
            }),
        )
        .await?;
        let storyboard = accept(&second, brief)
            .map(|storyboard| grounded(storyboard, reference))
            .map_err(ScriptError::Invalid)?;
        Ok(self.with_questions(storyboard, &request).await)
    }

    /// The storyboard with the model's checkpoint questions about it (`super::checkpoints`);
    /// without them when the model fails to write them (recall questions take their place).
    async fn with_questions(&self, mut storyboard: Storyboard, request: &str) -> Storyboard {
        let turns = [
            Turn::System(system_prompt()),
            Turn::User(request.to_string()),
        ];
        match super::checkpoints::write(self, &turns, &storyboard).await {
            Ok(checkpoints) => storyboard.checkpoints = checkpoints,
            Err(e) => tracing::warn!(error = %e, "the model's checkpoint questions failed"),
        }
        storyboard
    }
}

impl OpenAiWriter {
    /// A storyboard planned and written scene by scene, then held to the same checks as a
    /// storyboard written in one answer.
    async fn write_planned(
        &self,
        brief: &Brief,
        context: Option<&str>,
        reference: &Reference,
        progress: ScriptProgress<'_>,
    ) -> Result<Storyboard, ScriptError> {
        planned_storyboard(self, brief, context, reference, progress).await
    }
}

/// The scene-by-scene script stage on any [`JsonModel`]: planned and written scene by scene
/// (`super::lesson`), then held to the same checks as a storyboard written in one answer.
pub(super) async fn planned_storyboard(
    model: &impl JsonModel,
    brief: &Brief,
    context: Option<&str>,
    reference: &Reference,
    progress: ScriptProgress<'_>,
) -> Result<Storyboard, ScriptError> {
    let (storyboard, reference) =
        super::lesson::write(model, brief, context, reference, progress).await?;
    let text = serde_json::to_string(&storyboard).map_err(|e| ScriptError::Empty(e.to_string()))?;
    // `lesson::write` has lengthened the lesson as far as the model's checked sentences
    // go: one still short of the budget is a shorter video, not a failed job. Laying out
    // every slide is CPU work, done off the async threads.
    let owned = brief.clone();
    tokio::task::spawn_blocking(move || accept_within(&text, &owned, SHORT_LESSON_TOLERANCE))
        .await
        .map_err(|e| ScriptError::Empty(format!("checking the storyboard: {e}")))?
        .map(|storyboard| grounded(storyboard, &reference))
        .map_err(ScriptError::Invalid)
}

/// An accepted storyboard with its definitions quoted from the reference and its sources
/// listed.
fn grounded(mut storyboard: Storyboard, reference: &Reference) -> Storyboard {
    grounding::apply(&mut storyboard, reference);
    storyboard
}

/// The share of the progress bar the first answer fills; a repair round fills the rest.
const FIRST_ROUND_SHARE: f32 = 0.85;

/// About how long a storyboard's JSON is for this brief: the narration (six characters a
/// word) plus slide text and JSON punctuation of about the same again.
fn expected_answer_chars(brief: &Brief) -> f32 {
    (brief.target_words() as f32 * 6.0 * 1.9).max(600.0)
}

/// How a request's answer is drawn from the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sampling {
    /// Prose: at the configured temperature, with a presence penalty for a small model.
    Writing,
    /// A verdict: the likeliest answer, so the same question gets the same answer.
    Judging,
}

impl JsonModel for OpenAiWriter {
    async fn complete_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: serde_json::Value,
    ) -> Result<String, ScriptError> {
        OpenAiWriter::complete_json(self, turns, name, schema).await
    }

    async fn judge_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: serde_json::Value,
    ) -> Result<String, ScriptError> {
        self.complete_turns(turns, name, schema, Sampling::Judging)
            .await
    }

    fn parallel(&self) -> usize {
        self.config.parallel.max(1)
    }

    async fn share_prefix(&self, turns: &[Turn]) {
        OpenAiWriter::share_prefix(self, turns).await
    }
}

#[cfg(test)]
mod tests {
    use lectern_contract::{Minutes, Wpm};

    use super::*;
    use crate::storyboard::{STORYBOARD_VERSION, Scene, Visual};
    use crate::titles::Subject;

    /// A title and a bullet scene whose narration has `words` words, as the model's JSON.
    fn answer(words: usize) -> String {
        // Sentences of five words, the last of what is left.
        let sentence = |n: usize| {
            (0..n.div_ceil(5))
                .map(|i| vec!["Water"; 5.min(n - 5 * i)].join(" ") + ".")
                .collect::<Vec<_>>()
                .join(" ")
        };
        let storyboard = Storyboard {
            version: STORYBOARD_VERSION,
            title: "The water cycle".into(),
            subject: Subject::Science,
            level: 1,
            show_level: true,
            target_minutes: 1.0,
            wpm: Wpm::new(100),
            origin: Origin::Model,
            scenes: vec![
                Scene {
                    visual: Visual::Title {
                        title: "The water cycle".into(),
                        subtitle: None,
                    },
                    narration: vec![sentence(10)],
                    cites: Vec::new(),
                },
                Scene {
                    visual: Visual::Bullets {
                        heading: "Evaporation".into(),
                        items: vec!["Water rises as vapour".into()],
                    },
                    narration: vec![sentence(words - 10)],
                    cites: Vec::new(),
                },
            ],
            sources: Vec::new(),
            checkpoints: Vec::new(),
            from_sources: None,
        };
        serde_json::to_string(&storyboard).unwrap()
    }

    /// A chat-completions server that answers `{"ok":true}` with usage and llama.cpp's
    /// timings (120 prompt tokens, 100 of them cached; 30 generated), streamed when asked;
    /// `timings: false` leaves the timings out (as a hosted service does). Answers its base
    /// URL and the request bodies it was sent.
    async fn metered_server(
        timings: bool,
    ) -> (
        String,
        std::sync::Arc<std::sync::Mutex<Vec<serde_json::Value>>>,
    ) {
        use axum::response::IntoResponse;
        let bodies = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = bodies.clone();
        let app = axum::Router::new().route(
            "/v1/chat/completions",
            axum::routing::post(move |axum::Json(body): axum::Json<serde_json::Value>| {
                let seen = seen.clone();
                async move {
                    let stream = body["stream"] == true;
                    seen.lock().unwrap().push(body);
                    let usage = serde_json::json!({
                        "prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150,
                        "prompt_tokens_details": { "cached_tokens": 100 }
                    });
                    let server_timings = serde_json::json!({
                        "cache_n": 100, "prompt_n": 20, "prompt_ms": 250.0,
                        "predicted_n": 30, "predicted_ms": 1500.0
                    });
                    let head = serde_json::json!({
                        "id": "c1", "created": 1, "model": "m", "system_fingerprint": "b1"
                    });
                    if !stream {
                        let mut answer = head.clone();
                        answer["object"] = "chat.completion".into();
                        answer["choices"] = serde_json::json!([{
                            "index": 0, "finish_reason": "stop",
                            "message": { "role": "assistant", "content": "{\"ok\":true}" }
                        }]);
                        answer["usage"] = usage;
                        if timings {
                            answer["timings"] = server_timings;
                        }
                        return axum::Json(answer).into_response();
                    }
                    let chunk = |choices: serde_json::Value| {
                        let mut chunk = head.clone();
                        chunk["object"] = "chat.completion.chunk".into();
                        chunk["choices"] = choices;
                        chunk
                    };
                    let mut last = chunk(serde_json::json!([]));
                    last["usage"] = usage;
                    if timings {
                        last["timings"] = server_timings;
                    }
                    let events = [
                        chunk(serde_json::json!([{ "index": 0, "finish_reason": null,
                            "delta": { "role": "assistant", "content": "{\"ok\"" } }])),
                        chunk(serde_json::json!([{ "index": 0, "finish_reason": null,
                            "delta": { "content": ":true}" } }])),
                        chunk(serde_json::json!([{ "index": 0, "finish_reason": "stop",
                            "delta": {} }])),
                        last,
                    ];
                    let mut text: String =
                        events.iter().map(|e| format!("data: {e}\n\n")).collect();
                    text.push_str("data: [DONE]\n\n");
                    ([("content-type", "text/event-stream")], text).into_response()
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (format!("http://{address}/v1"), bodies)
    }

    #[tokio::test]
    async fn a_request_files_the_usage_and_timings_the_server_reports() {
        for stream in [false, true] {
            let (base_url, bodies) = metered_server(true).await;
            let mut config = OpenAiWriterConfig::new(base_url, "m");
            config.stream = stream;
            let writer = OpenAiWriter::new(config).unwrap();
            let turns = [Turn::User("Say ok.".into())];
            let (answer, spent) = spend::recorded(async {
                writer
                    .complete_json(&turns, "fact_check", serde_json::json!({}))
                    .await
            })
            .await;
            assert_eq!(answer.unwrap(), "{\"ok\":true}", "stream: {stream}");
            let check = spent.kind(RequestKind::Check);
            assert_eq!(check.requests, 1, "stream: {stream}");
            assert_eq!(check.prompt_tokens, 120, "stream: {stream}");
            assert_eq!(check.cached_prompt_tokens, 100, "stream: {stream}");
            assert_eq!(check.read_tokens(), 20, "stream: {stream}");
            assert_eq!(check.generated_tokens, 30, "stream: {stream}");
            assert!(
                (check.prompt_seconds - 0.25).abs() < 1e-9,
                "stream: {stream}"
            );
            assert!(
                (check.generation_seconds - 1.5).abs() < 1e-9,
                "stream: {stream}"
            );
            assert!(check.seconds > 0.0, "stream: {stream}");
            let body = bodies.lock().unwrap()[0].clone();
            if stream {
                // The usage comes in a last chunk only when asked for.
                assert_eq!(body["stream"], true);
                assert_eq!(body["stream_options"]["include_usage"], true);
            } else {
                assert!(body.get("stream_options").is_none(), "{body}");
                assert_ne!(body["stream"], true);
            }
        }
    }

    #[tokio::test]
    async fn a_service_without_timings_still_reports_its_tokens() {
        let (base_url, _) = metered_server(false).await;
        let mut config = OpenAiWriterConfig::new(base_url, "m");
        config.stream = true;
        let writer = OpenAiWriter::new(config).unwrap();
        let (answer, spent) = spend::recorded(async {
            writer
                .complete_json(
                    &[Turn::User("Plan.".into())],
                    "lesson_plan",
                    serde_json::json!({}),
                )
                .await
        })
        .await;
        answer.unwrap();
        let plan = spent.kind(RequestKind::Plan);
        assert_eq!(
            (
                plan.requests,
                plan.prompt_tokens,
                plan.cached_prompt_tokens,
                plan.generated_tokens
            ),
            (1, 120, 100, 30)
        );
        assert_eq!((plan.prompt_seconds, plan.generation_seconds), (0.0, 0.0));
    }

    #[test]
    fn a_lesson_written_scene_by_scene_may_be_shorter_than_one_written_at_once() {
        let brief = Brief::new("The water cycle", 1, Minutes::whole(1), Wpm::new(100));
        // 65 words of 100: under the 20% tolerance, within the short lesson's 50%.
        let short = answer(65);
        let refused = accept(&short, &brief).unwrap_err().to_string();
        assert!(refused.contains("the narration has 65 words"), "{refused}");
        let kept = accept_within(&short, &brief, SHORT_LESSON_TOLERANCE).unwrap();
        assert_eq!(kept.word_count(), 65);
        // Under half the budget is still refused: that is not the video asked for.
        let refused = accept_within(&answer(45), &brief, SHORT_LESSON_TOLERANCE)
            .unwrap_err()
            .to_string();
        assert!(refused.contains("between 50 and 120"), "{refused}");
        // Too long is held to the usual tolerance either way.
        assert!(accept_within(&answer(125), &brief, SHORT_LESSON_TOLERANCE).is_err());
    }
}
