use std::time::Duration;

use async_openai::Client;
use async_openai::config::OpenAIConfig;
use async_openai::error::OpenAIError;
use async_openai::types::chat::{
    ChatCompletionRequestAssistantMessage, ChatCompletionRequestMessage,
    ChatCompletionRequestSystemMessage, ChatCompletionRequestUserMessage,
    CreateChatCompletionRequestArgs, ResponseFormat, ResponseFormatJsonSchema,
};
use async_trait::async_trait;

use super::prompt::{repair_prompt, system_prompt, user_prompt};
use super::schema::storyboard_json_schema;
use super::{Brief, ScriptError, ScriptWriter, WORD_BUDGET_TOLERANCE};
use crate::course::{
    CourseBrief, CourseOutline, LessonBrief, course_json_schema, course_repair_prompt,
    course_system_prompt, course_user_prompt, lesson_prompt,
};
use crate::frames::check_slides;
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
        }
    }
}

/// One turn of a conversation for [`OpenAiWriter::complete_json`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    System(String),
    User(String),
    Assistant(String),
}

/// A script writer for any OpenAI-compatible chat-completions endpoint
/// (OpenAI, Ollama, vLLM, llama.cpp server, OpenRouter).
pub struct OpenAiWriter {
    client: Client<OpenAIConfig>,
    config: OpenAiWriterConfig,
}

impl OpenAiWriter {
    pub fn new(config: OpenAiWriterConfig) -> Result<Self, ScriptError> {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| ScriptError::Unreachable(e.to_string()))?;
        let openai = OpenAIConfig::new()
            .with_api_base(config.base_url.trim_end_matches('/'))
            .with_api_key(config.api_key.clone().unwrap_or_default());
        Ok(OpenAiWriter {
            client: Client::build(http, openai),
            config,
        })
    }

    async fn complete(
        &self,
        messages: &[ChatCompletionRequestMessage],
    ) -> Result<String, ScriptError> {
        self.complete_with(
            messages,
            ResponseFormatJsonSchema {
                description: Some("A Lectern lesson storyboard".into()),
                name: "storyboard".into(),
                schema: storyboard_json_schema(),
                strict: Some(true),
            },
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
        let content = self.complete_with(&messages, format).await?;
        Ok(strip_fences(&content).to_string())
    }

    async fn complete_with(
        &self,
        messages: &[ChatCompletionRequestMessage],
        format: ResponseFormatJsonSchema,
    ) -> Result<String, ScriptError> {
        let request = CreateChatCompletionRequestArgs::default()
            .model(&self.config.model)
            .messages(messages.to_vec())
            .temperature(self.config.temperature)
            .response_format(ResponseFormat::JsonSchema {
                json_schema: format,
            })
            .build()
            .map_err(|e| ScriptError::Brief(e.to_string()))?;

        let mut attempt = 0;
        loop {
            attempt += 1;
            match self.client.chat().create(request.clone()).await {
                Ok(response) => {
                    let choice = response
                        .choices
                        .into_iter()
                        .next()
                        .ok_or_else(|| ScriptError::Empty("no choices in the answer".into()))?;
                    if let Some(refusal) = choice.message.refusal {
                        return Err(ScriptError::Empty(format!("the model refused: {refusal}")));
                    }
                    return choice
                        .message
                        .content
                        .filter(|c| !c.trim().is_empty())
                        .ok_or_else(|| ScriptError::Empty("the message has no content".into()));
                }
                Err(error) => {
                    let transient = matches!(&error, OpenAIError::Reqwest(e) if e.is_timeout() || e.is_connect());
                    if transient && attempt < self.config.attempts {
                        tracing::warn!(attempt, %error, "script request failed, retrying");
                        tokio::time::sleep(Duration::from_millis(500 * u64::from(attempt))).await;
                        continue;
                    }
                    return Err(self.classify(error));
                }
            }
        }
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
    let json = strip_fences(content);
    let mut storyboard: Storyboard = serde_json::from_str(json).map_err(|e| {
        ValidationErrors::single(
            "",
            format!("the answer is not a valid storyboard JSON document: {e}"),
        )
    })?;
    storyboard.origin = Origin::Model;
    storyboard.level = brief.level;
    storyboard.target_minutes = brief.duration_minutes;
    storyboard.wpm = brief.wpm;
    storyboard.validate()?;
    storyboard.check_word_budget(WORD_BUDGET_TOLERANCE)?;
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
        format!("openai-compatible:{}", self.config.model)
    }

    async fn write(&self, brief: &Brief) -> Result<Storyboard, ScriptError> {
        self.write_storyboard(brief, user_prompt(brief)).await
    }

    async fn write_lesson(&self, lesson: &LessonBrief) -> Result<Storyboard, ScriptError> {
        let text = format!(
            "{}\n\n{}",
            user_prompt(&lesson.brief),
            lesson_prompt(&lesson.context)
        );
        self.write_storyboard(&lesson.brief, text).await
    }

    async fn write_course(&self, brief: &CourseBrief) -> Result<CourseOutline, ScriptError> {
        let mut turns = vec![
            Turn::System(course_system_prompt()),
            Turn::User(course_user_prompt(brief)),
        ];
        let first = self
            .complete_json(&turns, "course_outline", course_json_schema())
            .await?;
        let problems = match CourseOutline::from_model_answer(&first) {
            Ok(outline) => return Ok(outline),
            Err(problems) => problems,
        };
        tracing::info!(%problems, "course outline invalid, asking for a repair");
        turns.push(Turn::Assistant(first));
        turns.push(Turn::User(course_repair_prompt(&problems.to_string())));
        let second = self
            .complete_json(&turns, "course_outline", course_json_schema())
            .await?;
        CourseOutline::from_model_answer(&second).map_err(ScriptError::InvalidCourse)
    }
}

impl OpenAiWriter {
    /// A storyboard for `brief` from the user message `request`, with one repair round.
    async fn write_storyboard(
        &self,
        brief: &Brief,
        request: String,
    ) -> Result<Storyboard, ScriptError> {
        let mut messages: Vec<ChatCompletionRequestMessage> = vec![
            ChatCompletionRequestSystemMessage::from(system_prompt()).into(),
            ChatCompletionRequestUserMessage::from(request.as_str()).into(),
        ];
        let first = self.complete(&messages).await?;
        let problems = match accept(&first, brief) {
            Ok(storyboard) => return Ok(storyboard),
            Err(problems) => problems,
        };
        tracing::info!(%problems, "storyboard invalid, asking for a repair");
        messages.push(ChatCompletionRequestAssistantMessage::from(first).into());
        messages.push(
            ChatCompletionRequestUserMessage::from(repair_prompt(&problems.to_string()).as_str())
                .into(),
        );
        let second = self.complete(&messages).await?;
        accept(&second, brief).map_err(ScriptError::Invalid)
    }
}
