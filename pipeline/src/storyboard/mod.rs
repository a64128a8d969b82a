//! The storyboard: a versioned, typed lesson plan that every later stage reads.
//!
//! Each scene has a kind with its visual fields and a narration given as a list of
//! sentences. Sentence `i` is beat `i`: it reveals visual element `i` of the scene
//! (see [`Visual::element_count`]); sentences beyond the element count keep the
//! full scene on screen.

mod validate;

use lectern_contract::{Minutes, Wpm};
use serde::{Deserialize, Serialize};

pub(crate) use validate::Checker;
pub(crate) use validate::MAX_ITEMS;
pub(crate) use validate::{MAX_EXTRA_BEATS, MAX_SENTENCE};
pub use validate::{ValidationError, ValidationErrors, check_scene_alone};

use crate::titles::Subject;

pub const STORYBOARD_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Storyboard {
    pub version: u32,
    pub title: String,
    pub subject: Subject,
    /// 1 beginner, 2 intermediate, 3 advanced.
    pub level: u8,
    /// Whether the slides name the level: a solution's viewer never chose one.
    #[serde(default = "shown", skip_serializing_if = "is_shown")]
    pub show_level: bool,
    pub target_minutes: f64,
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub wpm: Wpm,
    #[serde(default)]
    pub origin: Origin,
    pub scenes: Vec<Scene>,
    /// The reference facts the lesson quotes or mentions, with their source (see
    /// `crate::grounding`). Not part of what a model writes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<SourceNote>,
    /// The questions the player asks as the video goes (at most [`MAX_CHECKPOINTS`]), in the
    /// order of their scenes. Not spoken or drawn: the player pauses and shows them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<Checkpoint>,
    /// A storyboard written from the learner's own documents: the documents its sentences
    /// cite and how its sentences fared in the check against their passages. Not part of
    /// what a model writes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_sources: Option<FromSources>,
}

/// Where a narrated sentence comes from: a passage of one of the learner's documents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Cite {
    pub source_id: String,
    /// The passage's place in its document, from 0.
    pub passage: u32,
    /// The PDF page the passage starts on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The sentence of its beat the passage supports, counted from 0, the beat split after
    /// '.', '!' or '?' followed by a space and a capital (`sentences_of`); none: every
    /// sentence of the beat (storyboards written before 7 December 2026).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sentence: Option<u32>,
}

/// The sentences of a spoken text: split after '.', '!' or '?' followed by a space and a
/// capital. A citation names its sentence by its place in this split.
pub fn sentences_of(text: &str) -> Vec<&str> {
    let mut sentences = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for window in chars.windows(3) {
        let [(_, end), (_, space), (next, first)] = window else {
            continue;
        };
        if matches!(end, '.' | '!' | '?') && *space == ' ' && first.is_uppercase() {
            sentences.push(text[start..*next].trim());
            start = *next;
        }
    }
    sentences.push(text[start..].trim());
    sentences.retain(|s| !s.is_empty());
    sentences
}

/// The sentences of `beat` (one narrated text), each with the passages of `cites` (the
/// beat's) it rests on: those naming it, and those naming no sentence.
pub fn cited_sentences<'a>(beat: &'a str, cites: &'a [Cite]) -> Vec<(&'a str, Vec<&'a Cite>)> {
    sentences_of(beat)
        .into_iter()
        .enumerate()
        .map(|(index, sentence)| {
            let rests_on = cites
                .iter()
                .filter(|c| c.sentence.is_none_or(|s| s as usize == index))
                .collect();
            (sentence, rests_on)
        })
        .collect()
}

/// What a storyboard written from the learner's documents rests on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FromSources {
    /// The documents cited, in the order first cited.
    pub documents: Vec<DocumentNote>,
    pub check: CitationCheck,
}

/// A document a storyboard cites, with the pages of the passages cited (none for a document
/// without pages).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DocumentNote {
    pub source_id: String,
    pub title: String,
    #[serde(default)]
    pub pages: Vec<u32>,
}

/// How the narrated sentences of a lesson written from sources fared against their passages
/// (see `crate::grounding::passages::unsupported`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CitationCheck {
    /// Sentences checked: every narrated sentence but a quiz's.
    pub checked: usize,
    /// Those kept because their passage states every figure and name they do (after being
    /// asked again, for some).
    pub supported: usize,
    /// Those written again, once, with the reason they were not supported.
    pub asked_again: usize,
    /// Those left out: still unsupported when written again, or stating a figure or a name
    /// with no passage to rest on.
    pub dropped: usize,
    /// Unsupported sentences kept because their slide needs them (a definition's own, a
    /// list's only item). One stating a figure or a name that no passage holds is not
    /// kept: its scene is left out, its sentences counted as dropped (the title's stays).
    pub kept_unsupported: usize,
    /// Kept sentences that rest on no passage: they state no figure and no name.
    pub uncited: usize,
}

impl std::ops::AddAssign for CitationCheck {
    /// The counts of two checks together (a lesson's scenes, a benchmark's lessons).
    fn add_assign(&mut self, other: Self) {
        self.checked += other.checked;
        self.supported += other.supported;
        self.asked_again += other.asked_again;
        self.dropped += other.dropped;
        self.kept_unsupported += other.kept_unsupported;
        self.uncited += other.uncited;
    }
}

/// How many checkpoint questions a video carries at most (a generated one has 2 to 4).
pub const MAX_CHECKPOINTS: usize = 4;

/// The longest text a checkpoint question's option may have.
pub const MAX_OPTION: usize = 120;

/// A question about what one scene taught, asked when the video reaches the scene's end;
/// "rewatch this part" goes back to the scene's start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = StoryboardCheckpoint))]
pub struct Checkpoint {
    /// The scene (counted from 0) that teaches the answer.
    pub scene: usize,
    pub question: String,
    #[serde(flatten)]
    pub answer: CheckpointAnswer,
    /// Why the answer is right, shown once the learner has answered.
    pub explanation: String,
}

/// A checkpoint's answer: one of its options, or a number (for mathematics, computed by the
/// checker, never taken from a model's word).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CheckpointAnswer {
    Choice {
        options: Vec<String>,
        /// Index into `options` of the right one.
        answer: usize,
    },
    Number {
        value: f64,
        /// How far from `value` an answer may be and still be right.
        tolerance: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
    },
}

fn shown() -> bool {
    true
}

fn is_shown(show: &bool) -> bool {
    *show
}

/// A definition taken from reference data: the term, the definition as the source words
/// it, and the source's name ("WordNet 3.0", "FOLDOC").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SourceNote {
    pub term: String,
    pub definition: String,
    pub source: String,
}

/// Who wrote the storyboard; an offline draft is labelled as such on screen and in results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    Model,
    OfflineDraft,
    #[default]
    HandWritten,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Scene {
    #[serde(flatten)]
    pub visual: Visual,
    pub narration: Vec<String>,
    /// A lesson written from the learner's documents: the passages each beat's sentences
    /// rest on, one list a beat (parallel to `narration`); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cites: Vec<Vec<Cite>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Visual {
    Title {
        title: String,
        subtitle: Option<String>,
    },
    Bullets {
        heading: String,
        items: Vec<String>,
    },
    Definition {
        term: String,
        definition: String,
        example: Option<String>,
    },
    EquationSteps {
        heading: String,
        steps: Vec<EquationStep>,
    },
    WorkedExample {
        heading: String,
        problem: String,
        steps: Vec<WorkedStep>,
        answer: String,
    },
    Code {
        heading: String,
        language: String,
        code: String,
        /// Line ranges (1-based, inclusive) highlighted by the beats after the first.
        #[serde(default)]
        focus: Vec<LineRange>,
    },
    Plot {
        heading: String,
        x_label: String,
        y_label: String,
        series: Vec<Series>,
    },
    Comparison {
        heading: String,
        left_title: String,
        right_title: String,
        rows: Vec<ComparisonRow>,
    },
    Summary {
        heading: String,
        points: Vec<String>,
    },
    Quiz {
        question: String,
        options: Vec<String>,
        /// Index into `options` of the correct answer.
        answer: usize,
        explanation: Option<String>,
    },
    /// The lines of a worked solution: what each step changed highlighted, the rule named,
    /// a check mark where a computation verified the step, and the final answer boxed.
    SolutionSteps {
        heading: String,
        steps: Vec<SolutionStep>,
        #[serde(default)]
        answer: Option<BoxedAnswer>,
    },
}

/// A display equation written in Typst math syntax (no `#` or `$`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EquationStep {
    pub math: String,
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WorkedStep {
    pub text: String,
    pub math: Option<String>,
}

/// One line of a solution, written as pieces of Typst math (no `#` or `$`) that together
/// make the line; the highlighted pieces are what the step changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolutionStep {
    pub parts: Vec<MathPart>,
    /// The rule applied, in words; `None` for a line that only restates (the problem).
    pub rule: Option<String>,
    /// Only a step that a computation verified is drawn with the check mark.
    #[serde(default)]
    pub checked: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MathPart {
    pub math: String,
    #[serde(default)]
    pub highlight: bool,
}

/// The final answer (Typst math), drawn in a box, with the check mark when verified.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BoxedAnswer {
    pub math: String,
    #[serde(default)]
    pub checked: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineRange {
    pub start: u32,
    pub end: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Series {
    pub label: String,
    /// `[x, y]` pairs, in increasing x.
    pub points: Vec<[f64; 2]>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ComparisonRow {
    pub left: String,
    pub right: String,
}

impl Visual {
    pub fn kind(&self) -> &'static str {
        match self {
            Visual::Title { .. } => "title",
            Visual::Bullets { .. } => "bullets",
            Visual::Definition { .. } => "definition",
            Visual::EquationSteps { .. } => "equation_steps",
            Visual::WorkedExample { .. } => "worked_example",
            Visual::Code { .. } => "code",
            Visual::Plot { .. } => "plot",
            Visual::Comparison { .. } => "comparison",
            Visual::Summary { .. } => "summary",
            Visual::Quiz { .. } => "quiz",
            Visual::SolutionSteps { .. } => "solution_steps",
        }
    }

    /// The number of elements the beats reveal one by one.
    pub fn element_count(&self) -> usize {
        match self {
            Visual::Title { .. } => 1,
            Visual::Bullets { items, .. } => items.len(),
            Visual::Definition { example, .. } => 1 + usize::from(example.is_some()),
            Visual::EquationSteps { steps, .. } => steps.len(),
            Visual::WorkedExample { steps, .. } => steps.len() + 1,
            Visual::Code { focus, .. } => 1 + focus.len(),
            Visual::Plot { series, .. } => series.len(),
            Visual::Comparison { rows, .. } => rows.len(),
            Visual::Summary { points, .. } => points.len(),
            // The options together, then the answer.
            Visual::Quiz { .. } => 2,
            // The lines one by one, then the boxed answer.
            Visual::SolutionSteps { steps, answer, .. } => {
                steps.len() + usize::from(answer.is_some())
            }
        }
    }

    /// The heading shown for the scene, used for chapters.
    pub fn heading(&self) -> &str {
        match self {
            Visual::Title { title, .. } => title,
            Visual::Bullets { heading, .. }
            | Visual::EquationSteps { heading, .. }
            | Visual::WorkedExample { heading, .. }
            | Visual::Code { heading, .. }
            | Visual::Plot { heading, .. }
            | Visual::Comparison { heading, .. }
            | Visual::Summary { heading, .. }
            | Visual::SolutionSteps { heading, .. } => heading,
            Visual::Definition { term, .. } => term,
            Visual::Quiz { .. } => "Quick check",
        }
    }
}

impl Scene {
    /// The passages beat `beat` cites (none for a scene not written from documents).
    pub fn cites_of(&self, beat: usize) -> &[Cite] {
        self.cites.get(beat).map_or(&[], Vec::as_slice)
    }

    /// Beat `beat`'s sentences, each with the passages it rests on (see [`cited_sentences`]).
    pub fn cited_sentences(&self, beat: usize) -> Vec<(&str, Vec<&Cite>)> {
        self.narration
            .get(beat)
            .map_or_else(Vec::new, |text| cited_sentences(text, self.cites_of(beat)))
    }

    /// The last beat taken off, with its citations (a scene's `cites` has one list a beat).
    pub fn pop_beat(&mut self) -> Option<String> {
        let beat = self.narration.pop()?;
        if self.cites.len() > self.narration.len() {
            self.cites.truncate(self.narration.len());
        }
        Some(beat)
    }

    /// The last beat said together with the one before it, its citations naming their
    /// sentences in the joined beat. False (nothing changed) when the scene has one beat.
    pub fn join_last_beats(&mut self) -> bool {
        if self.narration.len() < 2 {
            return false;
        }
        let before = self.narration.len() - 2;
        let offset = sentences_of(&self.narration[before]).len();
        let last_sentences = sentences_of(&self.narration[before + 1]).len();
        let last = self.narration.pop().expect("two beats");
        let joined = format!("{} {last}", self.narration[before]);
        // Where the joined beat does not split back into both beats' sentences, the moved
        // citations name the whole beat rather than the wrong sentence.
        let splits_back = sentences_of(&joined).len() == offset + last_sentences;
        self.narration[before] = joined;
        if self.cites.len() == before + 2 {
            let moved = self.cites.pop().expect("two lists");
            self.cites[before].extend(moved.into_iter().map(|mut cite| {
                cite.sentence = cite
                    .sentence
                    .filter(|_| splits_back)
                    .map(|s| s + offset as u32);
                cite
            }));
        }
        true
    }

    /// The last sentence of beat `beat` taken off, with the citations naming it, where the
    /// beat keeps another. False (nothing changed) for a beat of one sentence.
    pub fn cut_last_sentence(&mut self, beat: usize) -> bool {
        let Some(text) = self.narration.get(beat) else {
            return false;
        };
        let sentences = sentences_of(text);
        if sentences.len() < 2 {
            return false;
        }
        let last = sentences.len() - 1;
        let kept = sentences[..last].join(" ");
        self.narration[beat] = kept;
        if let Some(cites) = self.cites.get_mut(beat) {
            cites.retain(|c| c.sentence != Some(last as u32));
        }
        true
    }

    /// How many elements are visible during beat `beat`.
    pub fn revealed_at(&self, beat: usize) -> usize {
        (beat + 1).min(self.visual.element_count())
    }
}

impl Storyboard {
    pub fn from_json(text: &str) -> Result<Self, ValidationErrors> {
        let storyboard: Storyboard = serde_json::from_str(text).map_err(|error| {
            ValidationErrors::single("", format!("not a storyboard document: {error}"))
        })?;
        storyboard.validate()?;
        Ok(storyboard)
    }

    pub fn word_count(&self) -> usize {
        self.sentences().map(|(_, _, s)| count_words(s)).sum()
    }

    pub fn target_words(&self) -> usize {
        Minutes::new(self.target_minutes).words_at(self.wpm)
    }

    /// Every narration sentence with its scene and beat index, in speaking order.
    pub fn sentences(&self) -> impl Iterator<Item = (usize, usize, &str)> {
        self.scenes.iter().enumerate().flat_map(|(scene, s)| {
            s.narration
                .iter()
                .enumerate()
                .map(move |(beat, text)| (scene, beat, text.as_str()))
        })
    }

    pub fn sentence_count(&self) -> usize {
        self.scenes.iter().map(|s| s.narration.len()).sum()
    }

    pub fn is_offline_draft(&self) -> bool {
        self.origin == Origin::OfflineDraft
    }
}

pub fn count_words(text: &str) -> usize {
    text.split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}
