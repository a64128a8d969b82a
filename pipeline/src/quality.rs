//! Quality figures of a lesson, found by a checker that shares no code with the script
//! stage's own rules: what a teacher reading the script would count against it. The recorded
//! corpus (`crate::corpus`) is replayed through the script stage and each lesson measured
//! here; `just quality` prints the table, and a test fails when a total gets worse than the
//! baseline committed beside the corpus.
//!
//! Every check is a plain reading of the finished storyboard:
//! - a *cut phrase*: slide text (a heading, bullet, point, cell) that ends on a function word
//!   or a comma, colon or dash ("… used to drive the", "Sunlight,");
//! - a *lone item*: a list of one item, a comparison of one row;
//! - a *repeat*: a narrated sentence whose content words are mostly those of an earlier one;
//! - an *echo*: narration that speaks of the script rather than the subject ("this scene",
//!   "the slide", "bullet", "narration");
//! - a *cut title*: a title or heading that is a sentence or ends on a function word;
//! - *doubled options*: a question two of whose options say the same thing;
//! - a *hollow row*: a comparison row that compares nothing: both sides say the same, or it
//!   only names the two columns again;
//! - *filler*: a sentence with fewer than two words specific to anything (all function words,
//!   the topic's own words and stock words such as "important" or "process");
//! - an *untaught answer*: a question whose right option the narration never says;
//! - a *garbled* sentence: narration with JSON braces, a quoted field name or letters of
//!   another script;
//! - a *cut sentence*: narration that begins mid-sentence or stops on a word that cannot end
//!   one;
//! - a *garbled formula*: a slide's math line with LaTeX's backslash or braces in it, which
//!   Typst shows as words and brackets (`frac{a}{b}` as "frac" and braces);
//! - *key ideas*: of the ideas a teacher wrote down for the brief, those the lesson says;
//! - *citations* (a lesson from documents): the share of cited sentences their passages
//!   support, and of citations that are relevant ([`citations`]).

mod citations;
pub use citations::{Citations, citations, is_sources_slide, normal, sentences as beat_sentences};

use serde::{Deserialize, Serialize};

use crate::lexicon::{ends_no_sentence, is_function_word, stem};
use crate::storyboard::{CheckpointAnswer, Storyboard, Visual};

/// An idea a lesson on the brief must teach, as a teacher wrote it down: taught when one
/// sentence (or one slide element) holds every word stem of one of `any_of`'s sets.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KeyIdea {
    pub idea: String,
    pub any_of: Vec<Vec<String>>,
}

/// A brief of the corpus with the key ideas its lesson must teach.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CorpusBrief {
    pub slug: String,
    pub topic: String,
    pub level: u8,
    pub minutes: f64,
    pub key_ideas: Vec<KeyIdea>,
    /// The documents the lesson is written from (Markdown files in the corpus's `sources/`);
    /// none for a lesson from the model's memory.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
}

/// The defects the checker counts, by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defects {
    pub cut_phrases: usize,
    pub lone_items: usize,
    pub repeats: usize,
    pub echoes: usize,
    pub cut_titles: usize,
    pub doubled_options: usize,
    pub filler: usize,
    pub untaught_answers: usize,
    /// Narration with JSON, field names or letters of another script in it.
    #[serde(default)]
    pub garbled: usize,
    /// Narrated sentences that begin or end where a sentence cannot.
    #[serde(default)]
    pub cut_sentences: usize,
    /// Math lines on slides written in LaTeX (a backslash or braces).
    #[serde(default)]
    pub garbled_math: usize,
    /// Worked examples whose numbers the solver works out otherwise: a stated result that is
    /// not its calculation's value, or an answer that does not give the value its steps
    /// leave open.
    #[serde(default)]
    pub wrong_numbers: usize,
    /// Comparison rows whose two sides say the same, or only name the columns.
    #[serde(default)]
    pub hollow_rows: usize,
}

impl Defects {
    pub fn total(&self) -> usize {
        self.cut_phrases
            + self.lone_items
            + self.repeats
            + self.echoes
            + self.cut_titles
            + self.doubled_options
            + self.filler
            + self.untaught_answers
            + self.garbled
            + self.cut_sentences
            + self.garbled_math
            + self.wrong_numbers
            + self.hollow_rows
    }

    pub fn add(&mut self, other: &Defects) {
        self.cut_phrases += other.cut_phrases;
        self.lone_items += other.lone_items;
        self.repeats += other.repeats;
        self.echoes += other.echoes;
        self.cut_titles += other.cut_titles;
        self.doubled_options += other.doubled_options;
        self.filler += other.filler;
        self.untaught_answers += other.untaught_answers;
        self.garbled += other.garbled;
        self.cut_sentences += other.cut_sentences;
        self.garbled_math += other.garbled_math;
        self.wrong_numbers += other.wrong_numbers;
        self.hollow_rows += other.hollow_rows;
    }
}

/// One lesson's figures.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    pub budget_words: usize,
    pub words: usize,
    pub scenes: usize,
    pub sentences: usize,
    pub questions: usize,
    pub key_ideas: usize,
    pub key_ideas_taught: usize,
    pub defects: Defects,
    /// A lesson from documents: its citations judged against their passages.
    #[serde(default)]
    pub citations: Citations,
    /// What each defect is, for a reader ("repeat: …").
    #[serde(skip)]
    pub notes: Vec<String>,
}

/// Measures `storyboard` against the brief's key ideas.
pub fn measure(storyboard: &Storyboard, topic: &str, key_ideas: &[KeyIdea]) -> Figures {
    let mut figures = Figures {
        budget_words: storyboard.target_words(),
        words: storyboard.word_count(),
        scenes: storyboard.scenes.len(),
        questions: storyboard.checkpoints.len(),
        key_ideas: key_ideas.len(),
        ..Figures::default()
    };
    let topic_words: Vec<String> = content_words(topic);
    // Each narrated sentence with the kind of slide it is said over.
    let narrated: Vec<(&str, String)> = storyboard
        .scenes
        .iter()
        .flat_map(|scene| {
            let kind = scene.visual.kind();
            scene
                .narration
                .iter()
                .flat_map(move |beat| sentences(beat).into_iter().map(move |s| (kind, s)))
        })
        .collect();
    figures.sentences = narrated.len();

    let mut said: Vec<Vec<String>> = Vec::new();
    for (kind, sentence) in &narrated {
        let words = content_words(sentence);
        if let Some(earlier) = said.iter().find(|earlier| repeats(&words, earlier)) {
            figures.defects.repeats += 1;
            figures.notes.push(format!(
                "repeat ({kind}): \"{sentence}\" (of \"{}\")",
                earlier.join(" ")
            ));
        }
        said.push(words.clone());
        if garbled(sentence) {
            figures.defects.garbled += 1;
            figures.notes.push(format!("garbled: \"{sentence}\""));
        }
        if cut_sentence(sentence) {
            figures.defects.cut_sentences += 1;
            figures.notes.push(format!("cut sentence: \"{sentence}\""));
        }
        if let Some(phrase) = echo(sentence) {
            figures.defects.echoes += 1;
            figures
                .notes
                .push(format!("echo ({phrase}): \"{sentence}\""));
        }
        let specific = words
            .iter()
            .filter(|w| !topic_words.contains(w) && !STOCK.contains(&w.as_str()))
            .count();
        if specific < 2 {
            figures.defects.filler += 1;
            figures.notes.push(format!("filler: \"{sentence}\""));
        }
    }

    let mut titles = vec![storyboard.title.as_str()];
    for scene in &storyboard.scenes {
        let (heading, phrases, lone) = slide_text(&scene.visual);
        if let Some(heading) = heading
            && let Some(phrase) = heading_echo(heading)
        {
            figures.defects.echoes += 1;
            figures
                .notes
                .push(format!("echo ({phrase}) in a heading: \"{heading}\""));
        }
        titles.extend(heading);
        for phrase in phrases {
            if cut_phrase(phrase) {
                figures.defects.cut_phrases += 1;
                figures.notes.push(format!("cut phrase: \"{phrase}\""));
            }
        }
        if lone {
            figures.defects.lone_items += 1;
            figures
                .notes
                .push(format!("lone item: {}", scene.visual.kind()));
        }
        for line in math_lines(&scene.visual) {
            if garbled_math(line) {
                figures.defects.garbled_math += 1;
                figures.notes.push(format!("garbled formula: \"{line}\""));
            }
        }
        for row in hollow_rows(&scene.visual) {
            figures.defects.hollow_rows += 1;
            figures.notes.push(format!("hollow row: {row}"));
        }
        if let Some(reason) = crate::script::miscalculated(scene, topic) {
            figures.defects.wrong_numbers += 1;
            figures.notes.push(format!("wrong numbers: {reason}"));
        }
        if let Visual::Quiz { options, .. } = &scene.visual {
            figures.questions += 1;
            figures.defects.doubled_options += doubled(options, &mut figures.notes);
        }
    }
    for title in titles {
        if cut_title(title) {
            figures.defects.cut_titles += 1;
            figures.notes.push(format!("cut title: \"{title}\""));
        }
    }

    let narration_words: Vec<String> = narrated
        .iter()
        .flat_map(|(_, sentence)| content_words(sentence))
        .collect();
    for checkpoint in &storyboard.checkpoints {
        if let CheckpointAnswer::Choice { options, answer } = &checkpoint.answer {
            figures.defects.doubled_options += doubled(options, &mut figures.notes);
            if let Some(right) = options.get(*answer)
                && !taught(right, &narration_words)
            {
                figures.defects.untaught_answers += 1;
                figures.notes.push(format!(
                    "untaught answer: \"{}\" -> \"{right}\"",
                    checkpoint.question
                ));
            }
        }
    }

    // Compared in lower case with hyphens as spaces: "constant-time access" says "constant
    // time".
    let folded = |text: &str| text.to_lowercase().replace('-', " ");
    let mut units: Vec<String> = narrated.iter().map(|(_, s)| folded(s)).collect();
    for scene in &storyboard.scenes {
        let (heading, phrases, _) = slide_text(&scene.visual);
        units.extend(heading.into_iter().chain(phrases).map(folded));
        units.extend(math_lines(&scene.visual).map(folded));
    }
    for idea in key_ideas {
        if idea.any_of.iter().any(|set| {
            units
                .iter()
                .any(|unit| set.iter().all(|stem| unit.contains(&folded(stem))))
        }) {
            figures.key_ideas_taught += 1;
        } else {
            figures
                .notes
                .push(format!("key idea not taught: {}", idea.idea));
        }
    }
    figures
}

/// Figures summed over the corpus.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    pub lessons: usize,
    /// Briefs whose script stage failed on the replayed replies.
    pub failed: usize,
    pub budget_words: usize,
    pub words: usize,
    pub sentences: usize,
    pub questions: usize,
    pub key_ideas: usize,
    pub key_ideas_taught: usize,
    pub defects: Defects,
    /// Sentences the model's own fact check was asked about, and called wrong.
    pub fact_checked: usize,
    pub fact_wrong: usize,
    /// The lessons from documents' citations.
    #[serde(default)]
    pub citations: Citations,
}

impl Totals {
    pub fn add(&mut self, figures: &Figures) {
        self.lessons += 1;
        self.budget_words += figures.budget_words;
        self.words += figures.words;
        self.sentences += figures.sentences;
        self.questions += figures.questions;
        self.key_ideas += figures.key_ideas;
        self.key_ideas_taught += figures.key_ideas_taught;
        self.defects.add(&figures.defects);
        self.citations.add(&figures.citations);
    }

    /// The ways `self` is worse than `baseline`, in words; empty when it is as good or better.
    pub fn worse_than(&self, baseline: &Totals) -> Vec<String> {
        let mut worse = Vec::new();
        let mut more = |what: &str, now: usize, then: usize| {
            if now > then {
                worse.push(format!("{what}: {now}, baseline {then}"));
            }
        };
        more("failed scripts", self.failed, baseline.failed);
        let (d, b) = (&self.defects, &baseline.defects);
        more("cut phrases", d.cut_phrases, b.cut_phrases);
        more("lone items", d.lone_items, b.lone_items);
        more("repeats", d.repeats, b.repeats);
        more("echoes", d.echoes, b.echoes);
        more("cut titles", d.cut_titles, b.cut_titles);
        more("doubled options", d.doubled_options, b.doubled_options);
        more("filler", d.filler, b.filler);
        more("untaught answers", d.untaught_answers, b.untaught_answers);
        more("garbled sentences", d.garbled, b.garbled);
        more("cut sentences", d.cut_sentences, b.cut_sentences);
        more("garbled formulas", d.garbled_math, b.garbled_math);
        more("wrong numbers", d.wrong_numbers, b.wrong_numbers);
        more("hollow rows", d.hollow_rows, b.hollow_rows);
        // Shares, compared exactly: a lesson from documents that keeps more sentences may cite
        // more and still support as large a share of them.
        let (c, bc) = (&self.citations, &baseline.citations);
        if c.supported * bc.cited_sentences < bc.supported * c.cited_sentences {
            worse.push(format!(
                "citation support: {}/{}, baseline {}/{}",
                c.supported, c.cited_sentences, bc.supported, bc.cited_sentences
            ));
        }
        if c.relevant * bc.cites < bc.relevant * c.cites {
            worse.push(format!(
                "citation relevance: {}/{}, baseline {}/{}",
                c.relevant, c.cites, bc.relevant, bc.cites
            ));
        }
        if self.key_ideas_taught < baseline.key_ideas_taught {
            worse.push(format!(
                "key ideas taught: {}, baseline {}",
                self.key_ideas_taught, baseline.key_ideas_taught
            ));
        }
        worse
    }
}

/// Words that say nothing specific on their own.
const STOCK: &[&str] = &[
    "also",
    "areas",
    "aspect",
    "basic",
    "concept",
    "crucial",
    "different",
    "essential",
    "everyday",
    "example",
    "explore",
    "fascinating",
    "field",
    "fundamental",
    "help",
    "important",
    "key",
    "learn",
    "lesson",
    "life",
    "like",
    "lot",
    "make",
    "many",
    "more",
    "most",
    "much",
    "not",
    "now",
    "one",
    "part",
    "play",
    "plays",
    "process",
    "role",
    "significant",
    "something",
    "subject",
    "thing",
    "things",
    "today",
    "topic",
    "understand",
    "understanding",
    "use",
    "used",
    "various",
    "very",
    "way",
    "ways",
    "work",
    "works",
    "world",
];

/// Phrases in narration that speak of the script itself.
const ECHOES: &[&str] = &[
    "this scene",
    "next scene",
    "previous scene",
    "the scene",
    "this slide",
    "the slide",
    "narration",
    "bullet",
    "storyboard",
    "json",
    "word budget",
    "sentence",
    "the learner",
    "key point:",
    // The summary request's own words: "The lesson taught: …".
    "the lesson taught",
    "note:",
];

/// The first of `phrases` that `text` holds, in any case.
fn first_phrase(text: &str, phrases: &[&'static str]) -> Option<&'static str> {
    let lower = text.to_lowercase();
    phrases
        .iter()
        .copied()
        .find(|phrase| lower.contains(phrase))
}

fn echo(sentence: &str) -> Option<&'static str> {
    first_phrase(sentence, ECHOES)
}

/// Words of the plan request's own (what each kind of scene is for) that a slide heading
/// copies instead of naming its subject: "Comparison of Two Things Side by Side", "Bullet
/// List of Facts" (lessons from documents, 7 December).
const HEADING_ECHOES: &[&str] = &[
    "side by side",
    "two things",
    "list of facts",
    "key term",
    "key idea",
    "worked through",
    "a short program",
    "bullet",
];

fn heading_echo(heading: &str) -> Option<&'static str> {
    first_phrase(heading, HEADING_ECHOES)
}

/// The sentences of a beat: split after `.`, `?` or `!` followed by a space.
pub fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (n, &(i, c)) in chars.iter().enumerate() {
        let next = chars.get(n + 1).map(|&(_, c)| c);
        if matches!(c, '.' | '?' | '!') && next.is_none_or(char::is_whitespace) {
            let sentence = text[start..i + c.len_utf8()].trim();
            if !sentence.is_empty() {
                out.push(sentence.to_string());
            }
            start = i + c.len_utf8();
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// The words of `text` that are not function words, lowercased and crudely stemmed.
pub fn content_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| !w.is_empty() && !is_function_word(w))
        .map(|w| stem(&w))
        .collect()
}

/// Whether a sentence with content words `a` says again what one with `b` said: most of the
/// shorter one's words are in the other.
fn repeats(a: &[String], b: &[String]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let mut distinct: Vec<&String> = short.iter().collect();
    distinct.sort();
    distinct.dedup();
    if distinct.len() < 3 {
        return false;
    }
    let shared = distinct.iter().filter(|w| long.contains(w)).count();
    shared * 10 >= distinct.len() * 8
}

/// The rows of a comparison that compare nothing, each as "left | right": both sides say the
/// same (the same content words), or the row is only the two column titles again.
fn hollow_rows(visual: &Visual) -> Vec<String> {
    let Visual::Comparison {
        left_title,
        right_title,
        rows,
        ..
    } = visual
    else {
        return Vec::new();
    };
    let said = |text: &str| {
        let mut words = content_words(text);
        words.sort();
        words.dedup();
        words
    };
    let titles = (said(left_title), said(right_title));
    rows.iter()
        .filter(|row| {
            let sides = (said(&row.left), said(&row.right));
            sides.0 == sides.1 || sides == titles
        })
        .map(|row| format!("\"{}\" | \"{}\"", row.left, row.right))
        .collect()
}

/// The slide text of a visual: its heading, its phrases, and whether it is a list of one.
fn slide_text(visual: &Visual) -> (Option<&str>, Vec<&str>, bool) {
    match visual {
        Visual::Title { subtitle, .. } => {
            (None, subtitle.iter().map(String::as_str).collect(), false)
        }
        Visual::Bullets { heading, items } => (
            Some(heading),
            items.iter().map(String::as_str).collect(),
            items.len() == 1,
        ),
        Visual::Summary { heading, points } => (
            Some(heading),
            points.iter().map(String::as_str).collect(),
            points.len() == 1,
        ),
        Visual::Comparison {
            heading,
            left_title,
            right_title,
            rows,
        } => (
            Some(heading),
            [left_title.as_str(), right_title.as_str()]
                .into_iter()
                .chain(
                    rows.iter()
                        .flat_map(|r| [r.left.as_str(), r.right.as_str()]),
                )
                .collect(),
            rows.len() == 1,
        ),
        Visual::Definition { term, example, .. } => (
            Some(term),
            example.iter().map(String::as_str).collect(),
            false,
        ),
        Visual::EquationSteps { heading, steps } => (
            Some(heading),
            steps.iter().filter_map(|s| s.note.as_deref()).collect(),
            false,
        ),
        Visual::WorkedExample { heading, .. }
        | Visual::Code { heading, .. }
        | Visual::Plot { heading, .. }
        | Visual::SolutionSteps { heading, .. } => (Some(heading), Vec::new(), false),
        Visual::Quiz { .. } => (None, Vec::new(), false),
    }
}

/// The lines of math a slide shows: a derivation's steps, a worked example's calculations.
fn math_lines(visual: &Visual) -> Box<dyn Iterator<Item = &str> + '_> {
    match visual {
        Visual::EquationSteps { steps, .. } => Box::new(steps.iter().map(|s| s.math.as_str())),
        Visual::WorkedExample { steps, .. } => {
            Box::new(steps.iter().filter_map(|s| s.math.as_deref()))
        }
        _ => Box::new(std::iter::empty()),
    }
}

/// A math line written in LaTeX: Typst groups with parentheses and names its functions
/// without a backslash, so `\frac{a}{b}` or `frac{a}{b}` reach the slide as words and braces.
fn garbled_math(line: &str) -> bool {
    line.contains(['\\', '{', '}'])
}

fn last_word(text: &str) -> &str {
    text.split_whitespace()
        .last()
        .unwrap_or_default()
        .trim_matches(|c: char| !c.is_alphanumeric())
}

fn cut_phrase(phrase: &str) -> bool {
    let trimmed = phrase.trim();
    trimmed.ends_with([',', ':', ';', '-', '–', '—'])
        || (trimmed.split_whitespace().count() > 1 && is_function_word(last_word(trimmed)))
}

/// Narration a listener would hear as broken: JSON braces or a quoted field name
/// (`"say": …`), letters of a script other than the Latin one (a small multilingual model
/// slips into Chinese), or words joined by an underscore ("one lens in four_crk", a Velmora
/// lesson from a document).
fn garbled(sentence: &str) -> bool {
    let field = sentence.contains("\":") || sentence.contains("\" :");
    let chars: Vec<char> = sentence.chars().collect();
    let joined = chars
        .windows(3)
        .any(|w| w[1] == '_' && w[0].is_alphanumeric() && w[2].is_alphanumeric());
    let foreign = sentence.chars().any(|c| {
        matches!(c as u32, 0x0400..=0x04ff | 0x0590..=0x06ff | 0x3040..=0x30ff | 0x3400..=0x9fff | 0xac00..=0xd7af)
    });
    field || foreign || joined || sentence.contains(['{', '}'])
}

/// A narrated sentence that starts in the middle of one (with a comma, a closing bracket or
/// a word in lower case that is not a name: "plants, including algae") or stops on a word a
/// sentence cannot end on ("… for maintaining public health and for.").
fn cut_sentence(sentence: &str) -> bool {
    let trimmed = sentence.trim();
    let first = trimmed
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_end_matches(|c: char| !c.is_alphanumeric());
    let starts_inside = trimmed.starts_with([',', ';', ':', ')', ']', '.', '-'])
        || (first.chars().count() > 1 && first.chars().all(|c| c.is_ascii_lowercase()));
    let body = trimmed.trim_end_matches(['.', '!', '?', '"', '\'', ')']);
    let ends_inside = !trimmed.ends_with(['.', '!', '?', '"', ')'])
        || body.ends_with([',', ';', ':', '-'])
        || (body.split_whitespace().count() > 1 && ends_no_sentence(last_word(body)));
    starts_inside || ends_inside
}

fn cut_title(title: &str) -> bool {
    let trimmed = title.trim();
    trimmed.ends_with('.')
        || trimmed.split_whitespace().count() > 12
        || (trimmed.split_whitespace().count() > 1 && is_function_word(last_word(trimmed)))
}

/// The pairs of `options` that say one answer twice (the same content words).
fn doubled(options: &[String], notes: &mut Vec<String>) -> usize {
    let sets: Vec<Vec<String>> = options
        .iter()
        .map(|o| {
            let mut words = content_words(o);
            words.sort();
            words.dedup();
            words
        })
        .collect();
    let mut count = 0;
    for (i, a) in sets.iter().enumerate() {
        for (j, b) in sets.iter().enumerate().skip(i + 1) {
            let same = if a.is_empty() || b.is_empty() {
                options[i].trim().eq_ignore_ascii_case(options[j].trim())
            } else {
                a == b
            };
            if same {
                count += 1;
                notes.push(format!(
                    "doubled options: \"{}\" / \"{}\"",
                    options[i], options[j]
                ));
            }
        }
    }
    count
}

/// Whether the narration says `answer`: most of its content words are in it.
fn taught(answer: &str, narration: &[String]) -> bool {
    let mut words = content_words(answer);
    words.sort();
    words.dedup();
    if words.is_empty() {
        return true;
    }
    let found = words.iter().filter(|w| narration.contains(w)).count();
    found * 10 >= words.len() * 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_smaller_share_of_supported_or_relevant_citations_is_worse_and_more_cited_is_not() {
        let with = |supported, cited_sentences, relevant, cites| Totals {
            citations: Citations {
                cited_sentences,
                supported,
                cites,
                relevant,
            },
            ..Totals::default()
        };
        let baseline = with(31, 33, 33, 38);
        assert!(with(31, 33, 33, 38).worse_than(&baseline).is_empty());
        // More sentences cited, the same shares or better: not worse.
        assert!(with(62, 66, 70, 76).worse_than(&baseline).is_empty());
        assert_eq!(
            with(30, 33, 33, 38).worse_than(&baseline),
            vec!["citation support: 30/33, baseline 31/33".to_string()]
        );
        assert_eq!(
            with(31, 33, 33, 39).worse_than(&baseline),
            vec!["citation relevance: 33/39, baseline 33/38".to_string()]
        );
    }

    #[test]
    fn a_sentence_begun_or_ended_mid_clause_is_cut_and_json_is_garbled() {
        assert!(cut_sentence("plants, including algae and some bacteria."));
        assert!(cut_sentence(
            "Vaccines are important for public health and for."
        ));
        assert!(cut_sentence("Plants absorb light"));
        assert!(!cut_sentence("Plants absorb light."));
        assert!(!cut_sentence("pH measures acidity."));
        assert!(garbled("{\"say\": \"Plants absorb light.\"}"));
        assert!(garbled("Plants absorb 光 light."));
        assert!(!garbled("Plants absorb light (mostly red and blue)."));
        assert!(garbled("Before her method, one lens in four_crk."));
        assert!(!garbled(
            "The file is named with an underscore, _, before its number."
        ));
        assert_eq!(
            heading_echo("Comparison of Two Things Side by Side"),
            Some("side by side")
        );
        assert_eq!(heading_echo("Bullet List of Facts"), Some("list of facts"));
        assert_eq!(heading_echo("Annealing in the Lehr"), None);
    }

    #[test]
    fn a_formula_in_latex_is_garbled_and_typst_math_is_not() {
        assert!(garbled_math("\\frac{f(x+h) - f(x)}{h}"));
        assert!(garbled_math("lim_{h->0} frac{f(x+h) - f(x)}{h}"));
        assert!(!garbled_math("lim_(h -> 0) frac(f(x+h) - f(x), h)"));
        assert!(!garbled_math("P(E|D) = (P(D|E) * P(E)) / P(D)"));
    }

    #[test]
    fn a_phrase_ending_on_a_function_word_is_cut() {
        assert!(cut_phrase("Light energy is used to drive the"));
        assert!(cut_phrase("Sunlight,"));
        assert!(!cut_phrase("Light energy drives the reaction"));
        assert!(!cut_phrase("In"));
    }

    #[test]
    fn a_sentence_saying_an_earlier_one_in_other_words_is_a_repeat() {
        let a = content_words("The water cycle is the continuous movement of water on Earth.");
        let b = content_words("Water moves continuously on Earth in the water cycle.");
        assert!(repeats(&b, &a) || repeats(&a, &b));
        let c = content_words("Evaporation turns liquid water into vapour using the sun's heat.");
        assert!(!repeats(&c, &a));
    }

    #[test]
    fn a_row_saying_the_same_on_both_sides_or_only_its_columns_is_hollow() {
        use crate::storyboard::ComparisonRow;
        let row = |left: &str, right: &str| ComparisonRow {
            left: left.into(),
            right: right.into(),
        };
        let comparison = Visual::Comparison {
            heading: "Economic factors".into(),
            left_title: "Germany".into(),
            right_title: "Austria-Hungary".into(),
            rows: vec![
                row("Germany", "Austria-Hungary"),
                row("Fish have evolved to swim", "Fish have evolved to swim"),
                row("Built a large navy", "Ruled many nations"),
            ],
        };
        assert_eq!(hollow_rows(&comparison).len(), 2);
        assert!(
            hollow_rows(&Visual::Bullets {
                heading: "Facts".into(),
                items: vec!["One".into(), "One".into()],
            })
            .is_empty()
        );
    }

    #[test]
    fn options_saying_one_answer_twice_are_doubled() {
        let mut notes = Vec::new();
        let options = [
            "The sun heats the water".to_string(),
            "The water is heated by the sun".to_string(),
            "Plants release oxygen".to_string(),
        ];
        assert_eq!(doubled(&options, &mut notes), 1);
    }

    #[test]
    fn sentences_split_after_stops_but_not_inside_numbers() {
        assert_eq!(
            sentences("It is 3.5 m long. Is it? Yes!"),
            vec!["It is 3.5 m long.", "Is it?", "Yes!"]
        );
    }

    #[test]
    fn a_sentence_of_stock_words_is_filler() {
        let storyboard: Storyboard = serde_json::from_value(serde_json::json!({
            "version": 1, "title": "Photosynthesis", "subject": "Science", "level": 1,
            "target_minutes": 1.0, "wpm": 150,
            "scenes": [{"kind": "title", "title": "Photosynthesis", "subtitle": null,
              "narration": ["Photosynthesis is an important process.",
                            "Plants turn carbon dioxide and water into glucose in a light-driven reaction."]}]
        }))
        .unwrap();
        let ideas = [
            KeyIdea {
                idea: "carbon dioxide is taken in".into(),
                any_of: vec![vec!["carbon dioxide".into()]],
            },
            // "light-driven" says "light driven"; "oxygen" is not said.
            KeyIdea {
                idea: "light drives it".into(),
                any_of: vec![vec!["light driven".into()]],
            },
            KeyIdea {
                idea: "oxygen is released".into(),
                any_of: vec![vec!["oxygen".into()]],
            },
        ];
        let figures = measure(&storyboard, "Photosynthesis", &ideas);
        assert_eq!(figures.defects.filler, 1);
        assert_eq!(figures.key_ideas_taught, 2);
    }
}
