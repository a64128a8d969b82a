//! The library entry point: `Pipeline::render` runs every stage; `Pipeline::plan` only the script.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use lectern_contract::{Minutes, Wpm};
use serde::Serialize;
pub use tokio_util::sync::CancellationToken;

use crate::config::PipelineConfig;
use crate::course::{CourseBrief, CourseOutline, LessonBrief};
use crate::error::{PipelineError, Stage};
use crate::frames::check_slides;
use crate::narration::{
    EspeakNarrator, Narration, Narrator, OpenAiNarrator, PiperNarrator, Speech, TtsChoice,
    reuse::{self, SpokenClips},
};
use crate::outputs;
use crate::script::spend::{self, ScriptSpend, TokenCount};
use crate::script::{Brief, OfflineWriter, OpenAiWriter, OpenAiWriterConfig, ScriptWriter};
use crate::storyboard::{Origin, Storyboard};
use crate::timeline;
use crate::titles::{Subject, level_prefixed_title, smart_title};
use crate::video::{VideoSettings, encode_video};

/// Output size: 1280x720 by default, 1920x1080 as an option.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, clap::ValueEnum)]
pub enum Resolution {
    #[default]
    #[value(name = "720p")]
    #[serde(rename = "720p")]
    Hd720,
    #[value(name = "1080p")]
    #[serde(rename = "1080p")]
    Hd1080,
}

impl Resolution {
    pub fn size(self) -> (u32, u32) {
        match self {
            Resolution::Hd720 => (1280, 720),
            Resolution::Hd1080 => (1920, 1080),
        }
    }
}

/// Where the script comes from: a brief for a writer, or a storyboard as it is.
#[derive(Debug, Clone)]
pub enum ScriptInput {
    Brief(Brief),
    Storyboard(Box<Storyboard>),
    /// A lesson of a course: written knowing the course and the lessons before it.
    Lesson(Box<LessonBrief>),
}

#[derive(Debug, Clone)]
pub struct RenderInput {
    pub script: ScriptInput,
    pub resolution: Resolution,
    /// A folder holding an earlier render's narration (`narration::reuse`) and, when there,
    /// its video and the index of its units (`video::units`): sentences spoken there are not
    /// spoken again, and pictures encoded there are not drawn and encoded again.
    pub reuse: Option<PathBuf>,
}

impl RenderInput {
    pub fn topic(topic: impl Into<String>, level: u8, duration_minutes: Minutes, wpm: Wpm) -> Self {
        RenderInput {
            script: ScriptInput::Brief(Brief::new(topic, level, duration_minutes, wpm)),
            resolution: Resolution::default(),
            reuse: None,
        }
    }

    /// The input written from `passages` of the learner's documents (see [`Brief::passages`]);
    /// a topic's brief and a lesson's take them, a storyboard is already written.
    pub fn with_passages(mut self, passages: Vec<crate::grounding::Passage>) -> Self {
        match &mut self.script {
            ScriptInput::Brief(brief) => brief.passages = passages,
            ScriptInput::Lesson(lesson) => lesson.brief.passages = passages,
            ScriptInput::Storyboard(_) => {}
        }
        self
    }

    pub fn lesson(lesson: LessonBrief) -> Self {
        RenderInput {
            script: ScriptInput::Lesson(Box::new(lesson)),
            resolution: Resolution::default(),
            reuse: None,
        }
    }

    pub fn storyboard(storyboard: Storyboard) -> Self {
        RenderInput {
            script: ScriptInput::Storyboard(Box::new(storyboard)),
            resolution: Resolution::default(),
            reuse: None,
        }
    }

    pub fn with_resolution(mut self, resolution: Resolution) -> Self {
        self.resolution = resolution;
        self
    }

    /// Re-uses the narration an earlier render left in `dir` for the sentences it spoke.
    pub fn reusing(mut self, dir: impl Into<PathBuf>) -> Self {
        self.reuse = Some(dir.into());
        self
    }

    fn topic_text(&self) -> Option<&str> {
        match &self.script {
            ScriptInput::Brief(brief) => Some(&brief.topic),
            ScriptInput::Lesson(lesson) => Some(&lesson.brief.topic),
            ScriptInput::Storyboard(_) => None,
        }
    }
}

/// A progress report: overall percentage and a step text for people.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Progress {
    pub stage: Stage,
    pub percent: u8,
    pub step: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Engines {
    pub script: String,
    pub narration: String,
    pub frames: String,
    pub encoder: String,
}

/// Wall-clock seconds per stage.
#[derive(Debug, Clone, Default, Serialize)]
pub struct StageSeconds {
    pub script: f64,
    pub narration: f64,
    /// Slides rendered and encoded together (they overlap in time).
    pub frames_encode: f64,
    /// Of which: Typst rendering, summed over render threads.
    pub frames_render_cpu: f64,
    pub outputs: f64,
    pub total: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct RenderOutput {
    pub title: String,
    pub smart_title: String,
    pub level_title: String,
    pub subject: Subject,
    pub level: u8,
    pub origin: Origin,
    pub offline_draft: bool,
    pub duration_seconds: f64,
    /// "M:SS".
    pub duration: String,
    pub resolution: Resolution,
    pub word_count: usize,
    pub scenes: usize,
    /// Sentences the voice spoke in this render, and those taken from an earlier one.
    pub sentences_spoken: usize,
    pub sentences_reused: usize,
    pub slides_rendered: usize,
    pub frames_encoded: usize,
    /// The video's pictures are encoded in units (a scene's first shot, the rest of a
    /// scene); those found in an earlier render were copied, not drawn and encoded again.
    pub video_units: usize,
    pub video_units_reused: usize,
    pub subtitle_cues: usize,
    /// A video written from the learner's documents: how its narrated sentences fared
    /// against the passages they cite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub citations: Option<crate::storyboard::CitationCheck>,
    pub engines: Engines,
    pub stages: StageSeconds,
    /// What the script stage spent on its language model (none without one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_spend: Option<ScriptSpend>,
    pub files: OutputFiles,
    #[serde(skip)]
    pub out_dir: PathBuf,
}

#[derive(Debug, Clone, Serialize)]
pub struct OutputFiles {
    pub video: &'static str,
    pub subtitles_vtt: &'static str,
    pub subtitles_srt: &'static str,
    pub chapters: &'static str,
    pub transcript: &'static str,
    pub thumbnail: &'static str,
    pub storyboard: &'static str,
}

impl OutputFiles {
    const ALL: OutputFiles = OutputFiles {
        video: outputs::VIDEO,
        subtitles_vtt: outputs::SUBTITLES_VTT,
        subtitles_srt: outputs::SUBTITLES_SRT,
        chapters: outputs::CHAPTERS,
        transcript: outputs::TRANSCRIPT,
        thumbnail: outputs::THUMBNAIL,
        storyboard: outputs::STORYBOARD,
    };
}

/// The result of a dry run: the storyboard and what the video would be.
#[derive(Debug, Clone, Serialize)]
pub struct PlanOutput {
    pub storyboard: Storyboard,
    pub smart_title: String,
    pub level_title: String,
    pub word_count: usize,
    pub estimated_seconds: f64,
    pub script_engine: String,
    /// What the script stage spent on its language model (none without one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_spend: Option<ScriptSpend>,
}

/// A written storyboard with its checkpoint questions: those the writer wrote, completed with
/// recall questions from its scenes (every generated video asks 2 to 4 when its scenes allow).
fn with_checkpoints(mut storyboard: Storyboard) -> Storyboard {
    let written = std::mem::take(&mut storyboard.checkpoints);
    storyboard.checkpoints = crate::checkpoints::completed(&storyboard, written);
    storyboard
}

/// Where each stage sits on the progress bar: the script from 2% to `script_end`, the
/// narration from there to `narration_end`, slides and encoding to `frames_end`, and the
/// companion files after.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Bar {
    script_end: f32,
    narration_end: f32,
    frames_end: f32,
}

impl Bar {
    /// A language model writing the script takes nearly all of a render's time: a 5-minute
    /// video on 2 cores spent 356 s of 370 on its script, 11-15 s on its narration and about
    /// 3 s on slides and encoding. A bar that gave the script a tenth sat below 10% for
    /// minutes and then ran to the end in seconds.
    const MODEL_WRITES: Bar = Bar {
        script_end: 88.0,
        narration_end: 95.0,
        frames_end: 98.0,
    };
    /// A script written at once (the offline writer) or given (an edited storyboard): the
    /// narration and the slides take the time.
    const SCRIPT_AT_ONCE: Bar = Bar {
        script_end: 9.0,
        narration_end: 40.0,
        frames_end: 95.0,
    };

    /// The bar for a script from `script`, with or without a language model writing it.
    fn of(script: &ScriptInput, model_writes: bool) -> Bar {
        match script {
            ScriptInput::Brief(_) | ScriptInput::Lesson(_) if model_writes => Bar::MODEL_WRITES,
            _ => Bar::SCRIPT_AT_ONCE,
        }
    }

    fn at(from: f32, to: f32, share: f32) -> u8 {
        (from + share.clamp(0.0, 1.0) * (to - from)).round() as u8
    }

    fn script(self, share: f32) -> u8 {
        Self::at(2.0, self.script_end, share)
    }

    fn narration(self, share: f32) -> u8 {
        Self::at(self.script_end + 1.0, self.narration_end, share)
    }

    fn frames(self, share: f32) -> u8 {
        Self::at(self.narration_end, self.frames_end, share)
    }

    fn outputs(self) -> u8 {
        self.frames_end as u8 + 1
    }
}

pub struct Pipeline {
    writer: Box<dyn ScriptWriter>,
    narrator: Box<dyn Narrator>,
    config: PipelineConfig,
}

impl Pipeline {
    pub fn new(config: PipelineConfig) -> Result<Self, PipelineError> {
        let writer: Box<dyn ScriptWriter> = match &config.llm {
            Some(llm) => Box::new(
                OpenAiWriter::new(llm.clone())
                    .map_err(|e| PipelineError::failed(Stage::Script, e))?,
            ),
            None => Box::new(OfflineWriter),
        };
        let narration_error = |e| PipelineError::failed(Stage::Narration, e);
        let narrator: Box<dyn Narrator> = match config.tts {
            Some(TtsChoice::Piper) => {
                Box::new(PiperNarrator::discover(&config.piper).map_err(narration_error)?)
            }
            Some(TtsChoice::Espeak) => {
                Box::new(EspeakNarrator::discover().map_err(narration_error)?)
            }
            Some(TtsChoice::OpenAi) => {
                let tts = &config.openai_tts;
                Box::new(
                    OpenAiNarrator::new(
                        &tts.base_url,
                        tts.api_key.as_deref(),
                        &tts.model,
                        &tts.voice,
                    )
                    .map_err(narration_error)?,
                )
            }
            None => match PiperNarrator::discover(&config.piper) {
                Ok(piper) => Box::new(piper),
                Err(reason) => {
                    tracing::info!(%reason, "Piper unavailable, narrating with espeak-ng");
                    Box::new(EspeakNarrator::discover().map_err(narration_error)?)
                }
            },
        };
        Ok(Pipeline {
            writer,
            narrator,
            config,
        })
    }

    /// A pipeline with the given engines (used by tests and the benchmark).
    pub fn with_engines(
        writer: Box<dyn ScriptWriter>,
        narrator: Box<dyn Narrator>,
        config: PipelineConfig,
    ) -> Self {
        Pipeline {
            writer,
            narrator,
            config,
        }
    }

    /// The OpenAI-compatible endpoint of the script writer, when one is configured (the
    /// problem solver asks it for steps of its own shape).
    pub fn language_model(&self) -> Option<&OpenAiWriterConfig> {
        self.config.llm.as_ref()
    }

    pub fn engines(&self) -> Engines {
        Engines {
            script: self.writer.engine(),
            narration: self.narrator.engine(),
            frames: "typst 0.15".into(),
            encoder: "gstreamer x264 + aac (mp4, faststart)".into(),
        }
    }

    /// The progress bar for `input`: most of it is the script's when a language model
    /// writes one.
    fn bar(&self, input: &RenderInput) -> Bar {
        Bar::of(&input.script, self.config.llm.is_some())
    }

    /// The storyboard of `input`, the engine that wrote it, and what writing it spent.
    async fn storyboard(
        &self,
        input: &RenderInput,
        progress: &(dyn Fn(Progress) + Send + Sync),
    ) -> Result<(Storyboard, String, Option<ScriptSpend>), PipelineError> {
        let clock = Instant::now();
        let bar = self.bar(input);
        match &input.script {
            ScriptInput::Brief(brief) => {
                progress(Progress {
                    stage: Stage::Script,
                    percent: 2,
                    step: format!("Writing the script ({})...", self.writer.engine()),
                });
                let writing = |share: f32| {
                    progress(Progress {
                        stage: Stage::Script,
                        percent: bar.script(share),
                        step: format!("Writing the script... {}%", (share * 100.0).round()),
                    })
                };
                let (written, spent) =
                    spend::recorded(self.writer.write_streaming(brief, &writing)).await;
                let storyboard = written.map_err(|e| PipelineError::failed(Stage::Script, e))?;
                let spent = self.spent(spent, clock, &storyboard).await;
                Ok((with_checkpoints(storyboard), self.writer.engine(), spent))
            }
            ScriptInput::Lesson(lesson) => {
                progress(Progress {
                    stage: Stage::Script,
                    percent: 2,
                    step: format!(
                        "Writing {} of {} ({})...",
                        lesson.context.position().to_lowercase(),
                        lesson.context.course_title,
                        self.writer.engine()
                    ),
                });
                let writing = |share: f32| {
                    progress(Progress {
                        stage: Stage::Script,
                        percent: bar.script(share),
                        step: format!(
                            "Writing {}... {}%",
                            lesson.context.position().to_lowercase(),
                            (share * 100.0).round()
                        ),
                    })
                };
                let (written, spent) =
                    spend::recorded(self.writer.write_lesson_streaming(lesson, &writing)).await;
                let storyboard = written.map_err(|e| PipelineError::failed(Stage::Script, e))?;
                let spent = self.spent(spent, clock, &storyboard).await;
                Ok((with_checkpoints(storyboard), self.writer.engine(), spent))
            }
            ScriptInput::Storyboard(storyboard) => {
                progress(Progress {
                    stage: Stage::Script,
                    percent: 2,
                    step: "Checking the storyboard...".into(),
                });
                // Laying out every slide takes seconds on a busy machine: on the async
                // threads it held back the progress just sent (its writer task waited in
                // this thread's slot) and every other task of the process.
                let storyboard = (**storyboard).clone();
                let checked = off_async_threads(Stage::Script, move || {
                    storyboard.validate().map_err(|e| {
                        PipelineError::message(
                            Stage::Script,
                            format!("the storyboard is invalid: {e}"),
                        )
                    })?;
                    check_slides(&storyboard).map_err(|e| {
                        PipelineError::message(
                            Stage::Script,
                            format!("the storyboard cannot be laid out: {e}"),
                        )
                    })?;
                    Ok(storyboard)
                })
                .await?;
                Ok((checked, "storyboard file".into(), None))
            }
        }
    }

    /// The script stage's spend completed with its wall time since `clock` and the tokens
    /// of the script it wrote (by the model's tokenizer where the writer can ask it), and
    /// logged; none when no request was made (a writer without a model).
    async fn spent(
        &self,
        mut spent: ScriptSpend,
        clock: Instant,
        storyboard: &Storyboard,
    ) -> Option<ScriptSpend> {
        if spent.total.requests == 0 {
            return None;
        }
        spent.wall_seconds = clock.elapsed().as_secs_f64();
        let text = spend::script_text(storyboard);
        (spent.kept_tokens, spent.kept_counted_by) = match self.writer.count_tokens(&text).await {
            Some(tokens) => (tokens, Some(TokenCount::Tokenizer)),
            None => (spend::estimated_tokens(&text), Some(TokenCount::Estimate)),
        };
        spent.log();
        Some(spent)
    }

    fn titles(input: &RenderInput, storyboard: &Storyboard) -> (String, String) {
        let topic = input.topic_text().unwrap_or(&storyboard.title);
        let smart = match storyboard.origin {
            Origin::Model => storyboard.title.clone(),
            _ => smart_title(topic),
        };
        (smart, level_prefixed_title(topic, storyboard.level))
    }

    /// Writes a course outline for a learning goal (validated; the offline writer gives its
    /// labelled skeleton). Returns the outline and the engine that wrote it.
    pub async fn write_course(
        &self,
        brief: &CourseBrief,
    ) -> Result<(CourseOutline, String), PipelineError> {
        let outline = self
            .writer
            .write_course(brief)
            .await
            .map_err(|e| PipelineError::failed(Stage::Script, e))?;
        outline.validate().map_err(|e| {
            PipelineError::message(Stage::Script, format!("the course outline is invalid: {e}"))
        })?;
        let engine = if outline.is_offline_draft() {
            "offline".to_string()
        } else {
            self.writer.engine()
        };
        Ok((outline, engine))
    }

    /// Writes the script only (a dry run); `out_dir`, when given, receives storyboard.json.
    pub async fn plan(
        &self,
        input: &RenderInput,
        out_dir: Option<&Path>,
        progress: impl Fn(Progress) + Send + Sync,
    ) -> Result<PlanOutput, PipelineError> {
        let (storyboard, script_engine, script_spend) = self.storyboard(input, &progress).await?;
        if let Some(dir) = out_dir {
            std::fs::create_dir_all(dir).map_err(|e| {
                PipelineError::message(Stage::Outputs, format!("creating {}: {e}", dir.display()))
            })?;
            outputs::write_storyboard(dir, &storyboard)?;
        }
        progress(Progress {
            stage: Stage::Script,
            percent: 100,
            step: "Storyboard ready".into(),
        });
        let (smart_title, level_title) = Self::titles(input, &storyboard);
        Ok(PlanOutput {
            word_count: storyboard.word_count(),
            estimated_seconds: storyboard.wpm.seconds_for(storyboard.word_count()),
            smart_title,
            level_title,
            script_engine,
            script_spend,
            storyboard,
        })
    }

    /// Speaks the sentences, taking those `spoken_before` holds from there (when its voice
    /// matches); answers the speech and how many sentences were taken.
    async fn speak(
        &self,
        sentences: &[String],
        keys: &[String],
        wpm: Wpm,
        spoken_before: Option<SpokenClips>,
        bar: Bar,
        progress: &(dyn Fn(Progress) + Send + Sync),
    ) -> Result<(Speech, usize), PipelineError> {
        let total = sentences.len();
        let before = spoken_before.unwrap_or_default();
        let missing: Vec<usize> = (0..total)
            .filter(|&i| before.get(&keys[i]).is_none())
            .collect();
        let reused = total - missing.len();
        let report = |done: usize| {
            let done = done + reused;
            progress(Progress {
                stage: Stage::Narration,
                percent: bar.narration(done as f32 / total.max(1) as f32),
                step: format!("Recording narration ({done}/{total} sentences)"),
            })
        };
        report(0);
        let wanted: Vec<String> = missing.iter().map(|&i| sentences[i].clone()).collect();
        let spoken = if wanted.is_empty() {
            Speech {
                sample_rate: before.sample_rate,
                clips: Vec::new(),
            }
        } else {
            self.narrator
                .speak(&wanted, wpm, &report)
                .await
                .map_err(|e| PipelineError::failed(Stage::Narration, e))?
        };
        if reused > 0 && spoken.sample_rate != before.sample_rate && !wanted.is_empty() {
            // Another voice or rate than before: nothing of the earlier track fits.
            tracing::warn!("the earlier narration is at another sample rate; speaking it all");
            let speech = self
                .narrator
                .speak(sentences, wpm, &|done| report(done.saturating_sub(reused)))
                .await
                .map_err(|e| PipelineError::failed(Stage::Narration, e))?;
            return Ok((speech, 0));
        }
        let mut fresh = missing.iter().zip(spoken.clips);
        let mut next_fresh = fresh.next();
        let mut clips = Vec::with_capacity(total);
        for (i, key) in keys.iter().enumerate() {
            match next_fresh.take() {
                Some((&j, clip)) if j == i => {
                    clips.push(clip);
                    next_fresh = fresh.next();
                }
                other => {
                    next_fresh = other;
                    clips.push(before.get(key).map(<[i16]>::to_vec).unwrap_or_default());
                }
            }
        }
        Ok((
            Speech {
                sample_rate: spoken.sample_rate,
                clips,
            },
            reused,
        ))
    }

    /// Runs every stage and writes the video and its companion files into `out_dir`.
    pub async fn render(
        &self,
        input: RenderInput,
        out_dir: &Path,
        progress: impl Fn(Progress) + Send + Sync,
        cancel: CancellationToken,
    ) -> Result<RenderOutput, PipelineError> {
        let started = Instant::now();
        let bar = self.bar(&input);
        let mut stages = StageSeconds::default();
        let checkpoint = |stage: Stage| {
            if cancel.is_cancelled() {
                Err(PipelineError::Cancelled { stage })
            } else {
                Ok(())
            }
        };
        std::fs::create_dir_all(out_dir).map_err(|e| {
            PipelineError::message(
                Stage::Outputs,
                format!("creating {}: {e}", out_dir.display()),
            )
        })?;

        // The script stage can take minutes on a local model: a cancel stops its request.
        let (storyboard, script_engine, script_spend) = tokio::select! {
            biased;
            () = cancel.cancelled() => {
                return Err(PipelineError::Cancelled { stage: Stage::Script });
            }
            written = self.storyboard(&input, &progress) => written?,
        };
        outputs::write_storyboard(out_dir, &storyboard)?;
        stages.script = started.elapsed().as_secs_f64();
        checkpoint(Stage::Narration)?;

        let clock = Instant::now();
        let sentences: Vec<String> = storyboard
            .sentences()
            .map(|(_, _, s)| s.to_string())
            .collect();
        let engine = self.narrator.engine();
        let keys: Vec<String> = sentences
            .iter()
            .map(|s| reuse::clip_key(&engine, storyboard.wpm, s))
            .collect();
        let spoken_before = input.reuse.as_deref().and_then(|dir| {
            SpokenClips::load(dir)
                .inspect_err(
                    |e| tracing::warn!(error = %e, "the earlier narration cannot be reused"),
                )
                .ok()
        });
        let (speech, reused) = self
            .speak(
                &sentences,
                &keys,
                storyboard.wpm,
                spoken_before,
                bar,
                &progress,
            )
            .await?;
        let narration = Narration::assemble(&storyboard, speech)
            .map_err(|e| PipelineError::failed(Stage::Narration, e))?;
        reuse::save(out_dir, &narration, &keys).map_err(|e| {
            PipelineError::message(Stage::Outputs, format!("saving the narration: {e}"))
        })?;
        stages.narration = clock.elapsed().as_secs_f64();
        checkpoint(Stage::Frames)?;

        let clock = Instant::now();
        let shots = timeline::shots(&storyboard, &narration);
        let (width, height) = input.resolution.size();
        let settings = VideoSettings {
            width,
            height,
            transitions: self.config.transitions,
            threads: self.config.render_threads,
        };
        let storyboard = Arc::new(storyboard);
        let narration = Arc::new(narration);
        let shots = Arc::new(shots);
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel::<f64>();
        let video_path = out_dir.join(outputs::VIDEO);
        let task = {
            let (storyboard, narration, shots, cancel, earlier) = (
                storyboard.clone(),
                narration.clone(),
                shots.clone(),
                cancel.clone(),
                input.reuse.clone(),
            );
            tokio::task::spawn_blocking(move || {
                encode_video(
                    &storyboard,
                    &narration,
                    &shots,
                    &settings,
                    &video_path,
                    earlier.as_deref(),
                    &|fraction| {
                        let _ = sender.send(fraction);
                    },
                    &cancel,
                )
            })
        };
        let slide_count = shots.len();
        while let Some(fraction) = receiver.recv().await {
            let done = (fraction * slide_count as f64).round() as usize;
            progress(Progress {
                stage: Stage::Frames,
                percent: bar.frames(fraction as f32),
                step: format!("Rendering and encoding slides ({done}/{slide_count})"),
            });
        }
        let stats = task.await.map_err(|e| {
            PipelineError::message(Stage::Encode, format!("the encoder thread died: {e}"))
        })??;
        stages.frames_encode = clock.elapsed().as_secs_f64();
        stages.frames_render_cpu = stats.render_cpu_seconds;
        checkpoint(Stage::Outputs)?;

        let clock = Instant::now();
        progress(Progress {
            stage: Stage::Outputs,
            percent: bar.outputs(),
            step: "Writing subtitles, chapters and thumbnail".into(),
        });
        let spans = timeline::scene_spans(&shots, storyboard.scenes.len(), narration.duration());
        let subtitle_cues = outputs::write_subtitles(out_dir, &narration)?;
        outputs::write_chapters(out_dir, &storyboard, &spans)?;
        outputs::write_transcript(out_dir, &storyboard, &narration, &spans)?;
        // The thumbnail is a slide laid out and drawn: CPU work, off the async threads.
        let (dir, drawn) = (out_dir.to_path_buf(), storyboard.clone());
        off_async_threads(Stage::Outputs, move || {
            outputs::write_thumbnail(&dir, &drawn)
        })
        .await?;
        stages.outputs = clock.elapsed().as_secs_f64();
        stages.total = started.elapsed().as_secs_f64();

        let (smart_title, level_title) = Self::titles(&input, &storyboard);
        let duration_seconds = narration.duration();
        let mut engines = self.engines();
        engines.script = script_engine;
        let output = RenderOutput {
            title: storyboard.title.clone(),
            smart_title,
            level_title,
            subject: storyboard.subject,
            level: storyboard.level,
            origin: storyboard.origin,
            offline_draft: storyboard.is_offline_draft(),
            duration_seconds,
            duration: lectern_contract::clock(duration_seconds),
            resolution: input.resolution,
            word_count: storyboard.word_count(),
            scenes: storyboard.scenes.len(),
            sentences_spoken: sentences.len() - reused,
            sentences_reused: reused,
            slides_rendered: stats.slides_rendered,
            frames_encoded: stats.frames_encoded,
            video_units: stats.units,
            video_units_reused: stats.units_reused,
            subtitle_cues,
            citations: storyboard.from_sources.as_ref().map(|f| f.check),
            engines,
            stages,
            script_spend,
            files: OutputFiles::ALL,
            out_dir: out_dir.to_path_buf(),
        };
        outputs::write_result(out_dir, &output)?;
        progress(Progress {
            stage: Stage::Outputs,
            percent: 100,
            step: "Video ready for download!".into(),
        });
        Ok(output)
    }
}

/// Runs CPU-bound work (laying out and drawing slides) on the blocking pool, so that it holds
/// back no task of the async threads: a job's progress writer, another job's pickup, a request.
async fn off_async_threads<T: Send + 'static>(
    stage: Stage,
    work: impl FnOnce() -> Result<T, PipelineError> + Send + 'static,
) -> Result<T, PipelineError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| PipelineError::message(stage, format!("the {stage} thread died: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each stage's reports, from its start to its end, in the order a render makes them.
    fn reports(bar: Bar) -> Vec<u8> {
        let shares = [0.0, 0.25, 0.5, 1.0];
        let mut all = Vec::new();
        all.extend(shares.map(|s| bar.script(s)));
        all.extend(shares.map(|s| bar.narration(s)));
        all.extend(shares.map(|s| bar.frames(s)));
        all.push(bar.outputs());
        all
    }

    #[test]
    fn every_bar_rises_through_the_stages_and_stays_below_done() {
        for bar in [Bar::MODEL_WRITES, Bar::SCRIPT_AT_ONCE] {
            let percents = reports(bar);
            assert!(percents.windows(2).all(|w| w[0] <= w[1]), "{percents:?}");
            assert_eq!(percents[0], 2);
            assert!(*percents.last().unwrap() < 100, "{percents:?}");
        }
    }

    #[test]
    fn a_script_a_model_writes_has_most_of_the_bar_and_a_given_one_little() {
        let topic = ScriptInput::Brief(Brief::new(
            "Photosynthesis",
            1,
            Minutes::whole(5),
            Wpm::new(150),
        ));
        let model = Bar::of(&topic, true);
        assert_eq!(model, Bar::MODEL_WRITES);
        assert!(model.script(1.0) - model.script(0.0) >= 80, "{model:?}");
        assert!(
            model.script(0.5) >= 40,
            "half the script is about half the bar"
        );
        assert_eq!(Bar::of(&topic, false), Bar::SCRIPT_AT_ONCE);
        let at_once = Bar::SCRIPT_AT_ONCE;
        assert!(at_once.script(1.0) < 10, "{at_once:?}");
        assert!(at_once.frames(1.0) - at_once.frames(0.0) >= 50);
    }
}
