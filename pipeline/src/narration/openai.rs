use std::time::Duration;

use async_openai::Client;
use async_openai::config::OpenAIConfig;
use async_openai::types::audio::{
    CreateSpeechRequestArgs, SpeechModel, SpeechResponseFormat, Voice,
};
use async_trait::async_trait;
use lectern_contract::Wpm;

use super::{NarrationError, SentenceEngine, decode_wav};

const ENGINE: &str = "openai-tts";
/// OpenAI voices speak at about this rate with speed 1.
const NATURAL_WPM: f32 = 160.0;

/// OpenAI's speech endpoint (or a compatible one), one request per sentence, WAV answers.
#[derive(Clone)]
pub struct OpenAiNarrator {
    client: Client<OpenAIConfig>,
    model: String,
    voice: String,
}

impl OpenAiNarrator {
    pub fn new(
        base_url: &str,
        api_key: Option<&str>,
        model: impl Into<String>,
        voice: impl Into<String>,
    ) -> Result<Self, NarrationError> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(120))
            .build()
            .map_err(|e| NarrationError::Unavailable {
                engine: ENGINE,
                reason: e.to_string(),
            })?;
        let config = OpenAIConfig::new()
            .with_api_base(base_url.trim_end_matches('/'))
            .with_api_key(api_key.unwrap_or_default());
        Ok(OpenAiNarrator {
            client: Client::build(http, config),
            model: model.into(),
            voice: voice.into(),
        })
    }
}

#[async_trait]
impl SentenceEngine for OpenAiNarrator {
    const NAME: &'static str = ENGINE;

    fn engine(&self) -> String {
        format!("openai-tts:{}:{}", self.model, self.voice)
    }

    fn at_once(&self) -> usize {
        4
    }

    async fn speak_one(&self, sentence: &str, wpm: Wpm) -> Result<(u32, Vec<i16>), NarrationError> {
        let error = |reason: String| NarrationError::Engine {
            engine: ENGINE,
            reason,
        };
        let request = CreateSpeechRequestArgs::default()
            .input(sentence)
            .model(SpeechModel::Other(self.model.clone()))
            .voice(Voice::Other(self.voice.clone()))
            .response_format(SpeechResponseFormat::Wav)
            .speed((wpm.get() as f32 / NATURAL_WPM).clamp(0.25, 4.0))
            .build()
            .map_err(|e| error(e.to_string()))?;
        let response = self
            .client
            .audio()
            .speech()
            .create(request)
            .await
            .map_err(|e| error(e.to_string()))?;
        decode_wav(response.bytes.to_vec())
    }
}
