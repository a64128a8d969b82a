//! Narration: per-sentence speech from a TTS engine, joined with natural pauses into one
//! track. Sentence timings come from the decoded samples, so beats and captions follow the voice.

mod espeak;
mod openai;
mod piper;
pub mod reuse;
mod wav;

use async_trait::async_trait;
use lectern_contract::Wpm;
use serde::Serialize;

pub use espeak::EspeakNarrator;
pub use openai::OpenAiNarrator;
pub use piper::PiperNarrator;
pub use wav::decode_wav;

use crate::storyboard::Storyboard;

/// Speech for each sentence, mono 16-bit at one sample rate.
#[derive(Debug, Clone)]
pub struct Speech {
    pub sample_rate: u32,
    pub clips: Vec<Vec<i16>>,
}

#[derive(Debug, thiserror::Error)]
pub enum NarrationError {
    #[error("{engine} is not available: {reason}")]
    Unavailable {
        engine: &'static str,
        reason: String,
    },
    #[error("{engine} failed: {reason}")]
    Engine {
        engine: &'static str,
        reason: String,
    },
    #[error("the audio could not be decoded: {0}")]
    Decode(String),
}

/// Reports how many sentences are spoken so far.
pub type SentenceProgress<'a> = &'a (dyn Fn(usize) + Send + Sync);

/// Speaks each sentence with `speak_one` (which answers a sample rate and the samples), at
/// most `at_once` at a time, reporting each one done; the clips come back in sentence order
/// and must share one sample rate.
async fn speak_each<F, Fut>(
    engine: &'static str,
    sentences: &[String],
    at_once: usize,
    progress: SentenceProgress<'_>,
    speak_one: F,
) -> Result<Speech, NarrationError>
where
    F: Fn(String) -> Fut,
    Fut: std::future::Future<Output = Result<(u32, Vec<i16>), NarrationError>> + Send + 'static,
{
    let permits = std::sync::Arc::new(tokio::sync::Semaphore::new(at_once.max(1)));
    let mut tasks = tokio::task::JoinSet::new();
    for (i, sentence) in sentences.iter().enumerate() {
        let spoken = speak_one(sentence.clone());
        let permits = permits.clone();
        tasks.spawn(async move {
            let _permit = permits.acquire_owned().await;
            (i, spoken.await)
        });
    }
    let mut clips = vec![Vec::new(); sentences.len()];
    let mut sample_rate = 0;
    let mut done = 0;
    while let Some(joined) = tasks.join_next().await {
        let (i, result) = joined.map_err(|e| NarrationError::Engine {
            engine,
            reason: e.to_string(),
        })?;
        let (rate, samples) = result?;
        if sample_rate != 0 && rate != sample_rate {
            return Err(NarrationError::Engine {
                engine,
                reason: "clips at different sample rates".into(),
            });
        }
        sample_rate = rate;
        clips[i] = samples;
        done += 1;
        progress(done);
    }
    Ok(Speech { sample_rate, clips })
}

#[async_trait]
pub trait Narrator: Send + Sync {
    /// The engine's name, reported in results ("piper:joe", "espeak-ng", "openai:tts-1").
    fn engine(&self) -> String;

    /// Speaks every sentence at about `wpm` words per minute; one clip per sentence, in order.
    async fn speak(
        &self,
        sentences: &[String],
        wpm: Wpm,
        progress: SentenceProgress<'_>,
    ) -> Result<Speech, NarrationError>;
}

/// A speech engine that speaks one sentence per call (a process or a request each): it is a
/// [`Narrator`] that runs up to [`SentenceEngine::at_once`] sentences together.
#[async_trait]
pub trait SentenceEngine: Clone + Send + Sync + 'static {
    /// The engine's short name, in errors ("espeak-ng").
    const NAME: &'static str;

    /// The engine's name with its voice, as [`Narrator::engine`] reports it.
    fn engine(&self) -> String;

    /// How many sentences may be spoken at the same time.
    fn at_once(&self) -> usize;

    /// One sentence at about `wpm` words per minute: its sample rate and its samples.
    async fn speak_one(&self, sentence: &str, wpm: Wpm) -> Result<(u32, Vec<i16>), NarrationError>;
}

#[async_trait]
impl<E: SentenceEngine> Narrator for E {
    fn engine(&self) -> String {
        SentenceEngine::engine(self)
    }

    async fn speak(
        &self,
        sentences: &[String],
        wpm: Wpm,
        progress: SentenceProgress<'_>,
    ) -> Result<Speech, NarrationError> {
        speak_each(E::NAME, sentences, self.at_once(), progress, |sentence| {
            let this = self.clone();
            async move { this.speak_one(&sentence, wpm).await }
        })
        .await
    }
}

/// Pauses that make the joined narration sound natural.
const LEAD_IN: f64 = 0.4;
const SENTENCE_PAUSE: f64 = 0.35;
const SCENE_PAUSE: f64 = 0.9;
const TAIL: f64 = 0.8;

#[derive(Debug, Clone, Serialize)]
pub struct SentenceTiming {
    pub scene: usize,
    pub beat: usize,
    pub text: String,
    /// Seconds from the start of the track to the first and after the last spoken sample.
    pub start: f64,
    pub end: f64,
}

/// The whole narration track and when each sentence is spoken.
#[derive(Debug, Clone)]
pub struct Narration {
    pub sample_rate: u32,
    pub samples: Vec<i16>,
    pub sentences: Vec<SentenceTiming>,
}

impl Narration {
    pub fn duration(&self) -> f64 {
        self.samples.len() as f64 / f64::from(self.sample_rate)
    }

    /// Joins the clips of a storyboard's sentences with pauses (longer between scenes).
    pub fn assemble(storyboard: &Storyboard, speech: Speech) -> Result<Narration, NarrationError> {
        let expected = storyboard.sentence_count();
        if speech.clips.len() != expected {
            return Err(NarrationError::Engine {
                engine: "narration",
                reason: format!("{} clips for {expected} sentences", speech.clips.len()),
            });
        }
        let rate = speech.sample_rate;
        let silence = |seconds: f64| (seconds * f64::from(rate)).round() as usize;
        let mut samples = vec![0i16; silence(LEAD_IN)];
        let mut sentences = Vec::with_capacity(expected);
        let all: Vec<(usize, usize, &str)> = storyboard.sentences().collect();
        for (i, ((scene, beat, text), clip)) in all.iter().zip(speech.clips).enumerate() {
            let clip = trim_silence(&clip, rate);
            let start = samples.len() as f64 / f64::from(rate);
            samples.extend_from_slice(clip);
            let end = samples.len() as f64 / f64::from(rate);
            sentences.push(SentenceTiming {
                scene: *scene,
                beat: *beat,
                text: text.to_string(),
                start,
                end,
            });
            let pause = match all.get(i + 1) {
                Some((next_scene, _, _)) if next_scene != scene => SCENE_PAUSE,
                Some(_) => SENTENCE_PAUSE,
                None => TAIL,
            };
            samples.resize(samples.len() + silence(pause), 0);
        }
        Ok(Narration {
            sample_rate: rate,
            samples,
            sentences,
        })
    }
}

/// Cuts leading and trailing near-silence so that the pauses between sentences are ours.
fn trim_silence(clip: &[i16], rate: u32) -> &[i16] {
    const THRESHOLD: i16 = 300;
    let margin = (rate / 50) as usize; // 20 ms keeps consonant onsets intact
    let first = clip
        .iter()
        .position(|s| s.unsigned_abs() > THRESHOLD as u16);
    let last = clip
        .iter()
        .rposition(|s| s.unsigned_abs() > THRESHOLD as u16);
    match (first, last) {
        (Some(first), Some(last)) => {
            &clip[first.saturating_sub(margin)..(last + margin + 1).min(clip.len())]
        }
        _ => clip,
    }
}

/// Which TTS engine to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TtsChoice {
    Piper,
    Espeak,
    OpenAi,
}

impl std::str::FromStr for TtsChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "piper" => Ok(TtsChoice::Piper),
            "espeak" | "espeak-ng" => Ok(TtsChoice::Espeak),
            "openai" => Ok(TtsChoice::OpenAi),
            other => Err(format!(
                "LECTERN_TTS is \"{other}\"; piper, espeak or openai expected"
            )),
        }
    }
}
