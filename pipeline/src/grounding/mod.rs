//! Grounding: before a model writes a storyboard, the topic and its main terms are looked
//! up in offline reference data from Debian packages (WordNet 3.0 from `wordnet-base`,
//! FOLDOC from `dict-foldoc`). The definitions found are given to the model as reference
//! facts, quoted in definition scenes, recorded in the storyboard and listed as the video's
//! sources (see [`apply`]). The topic's own entry in GCIDE (`dict-gcide`), where it has one
//! whose sense matches, is given as background: it often explains the process itself.

mod apply;
mod dictd;
mod foldoc;
mod gcide;
pub mod passages;
mod terms;
mod wordnet;

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

pub use apply::{SOURCES_HEADING, apply, document_credit, sources_scene, sources_scene_with};
pub use passages::Passage;

use crate::storyboard::SourceNote;
use crate::titles::{Subject, guess_subject};
use foldoc::Foldoc;
use gcide::Gcide;
use wordnet::WordNet;

/// Where Debian's `wordnet-base` and `dict-foldoc` install their data.
pub const WORDNET_DIR: &str = "/usr/share/wordnet";
pub const DICTD_DIR: &str = "/usr/share/dictd";

/// At most this many facts are looked up for one topic.
const MAX_FACTS: usize = 6;
/// A definition on a slide: a sentence or two, within the definition box
/// (the validator allows 320 characters).
const MAX_DEFINITION: usize = 300;
/// A narration sentence's length (the validator allows 400 characters).
const MAX_SPOKEN: usize = 390;
/// Words longer than this cannot wrap on a slide (the validator's limit).
const MAX_WORD: usize = 32;

/// Where a fact comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceId {
    WordNet,
    Foldoc,
    Gcide,
}

impl SourceId {
    /// The short name used in prompts and recorded in a storyboard's sources.
    pub fn name(self) -> &'static str {
        match self {
            SourceId::WordNet => "WordNet 3.0",
            SourceId::Foldoc => "FOLDOC",
            SourceId::Gcide => "GCIDE",
        }
    }

    /// The credit shown on the Sources slide, as each source asks to be cited.
    pub fn credit(self) -> &'static str {
        match self {
            SourceId::WordNet => "WordNet 3.0, Princeton University",
            SourceId::Foldoc => "FOLDOC, foldoc.org, Editor Denis Howe",
            SourceId::Gcide => "GCIDE, the GNU Collaborative International Dictionary of English",
        }
    }

    /// The credit read aloud.
    pub fn spoken_credit(self) -> &'static str {
        match self {
            SourceId::WordNet => "WordNet 3.0, from Princeton University",
            SourceId::Foldoc => "FOLDOC, the Free On-line Dictionary of Computing",
            SourceId::Gcide => "the GNU Collaborative International Dictionary of English",
        }
    }

    pub fn licence(self) -> &'static str {
        match self {
            SourceId::WordNet => "WordNet 3.0 licence (Princeton University)",
            SourceId::Foldoc => "GNU Free Documentation License 1.1 or later",
            SourceId::Gcide => "GNU General Public License 2 or later",
        }
    }

    pub fn from_name(name: &str) -> Option<SourceId> {
        [SourceId::WordNet, SourceId::Foldoc, SourceId::Gcide]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// A definition of a term, quoted from a source.
#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    pub term: String,
    pub definition: String,
    pub source: SourceId,
}

impl Fact {
    /// The definition read aloud and attributed:
    /// "WordNet defines photosynthesis as synthesis of compounds ..., especially in plants."
    pub fn spoken(&self) -> String {
        let (field, definition) = spoken_definition(&self.definition);
        let field = field.map(|f| format!(", in {f},")).unwrap_or_default();
        let term = &self.term;
        let sentence = match self.source {
            SourceId::WordNet => format!("WordNet defines {term}{field} as {definition}"),
            SourceId::Gcide => format!(
                "The Collaborative International Dictionary of English says of {term}{field}: \
                 {definition}"
            ),
            SourceId::Foldoc => match definition.split_once(' ') {
                Some((article @ ("A" | "An" | "The"), rest)) => format!(
                    "The Free On-line Dictionary of Computing defines {term}{field} as {} {rest}",
                    article.to_lowercase()
                ),
                Some(("When", rest)) => format!(
                    "In the words of the Free On-line Dictionary of Computing, {term}{field} is \
                     when {rest}"
                ),
                _ => format!(
                    "In the words of the Free On-line Dictionary of Computing, {term}{field}: \
                     {definition}"
                ),
            },
        };
        let mut sentence = sentence
            .trim_end_matches(['.', ',', ';', ':', ' '])
            .to_string();
        if sentence.chars().count() > MAX_SPOKEN {
            sentence = sentence.chars().take(MAX_SPOKEN - 1).collect();
            if let Some(space) = sentence.rfind(' ') {
                sentence.truncate(space);
            }
            sentence = format!("{}…", sentence.trim_end_matches([',', ';', ':', ' ']));
        }
        if sentence.ends_with(['…', '?', '!']) {
            sentence
        } else {
            format!("{sentence}.")
        }
    }

    pub fn note(&self) -> SourceNote {
        SourceNote {
            term: self.term.clone(),
            definition: self.definition.clone(),
            source: self.source.name().to_string(),
        }
    }
}

/// A definition's leading field ("(geology) a crack …": "geology", of at most three words)
/// and the definition after it.
fn field_of(definition: &str) -> (Option<&str>, &str) {
    match definition
        .strip_prefix('(')
        .and_then(|r| r.split_once(") "))
    {
        Some((field, rest)) if field.split_whitespace().count() <= 3 => (Some(field), rest),
        _ => (None, definition),
    }
}

/// A definition as spoken: a leading "(mathematics)" becomes the field it belongs to, and
/// other parentheses become commas.
fn spoken_definition(definition: &str) -> (Option<&str>, String) {
    let (field, rest) = field_of(definition);
    let spoken = rest
        .replace(" (", ", ")
        .replace(") ", ", ")
        .replace(['(', ')'], "")
        .replace(",,", ",")
        .replace(", .", ".");
    (field, spoken)
}

/// The facts found for one topic, the topic's own term first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reference {
    pub facts: Vec<Fact>,
    /// Background on the topic itself, a dictionary's paragraph (GCIDE), when found: given
    /// to the model's scene requests beside the facts, listed as a source, never quoted on
    /// a slide.
    pub background: Option<Fact>,
    /// Passages of the learner's own documents, the lesson's to write from (see
    /// [`passages`]); numbered from 1 in this order in every request of the lesson.
    pub passages: Vec<Passage>,
}

impl Reference {
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty() && self.background.is_none() && self.passages.is_empty()
    }

    /// The rule and every passage, numbered, for the plan's request; empty without passages.
    pub fn passages_section(&self) -> String {
        if self.passages.is_empty() {
            return String::new();
        }
        let all: Vec<usize> = (0..self.passages.len()).collect();
        passages::numbered(
            &format!(
                "{}
Passages:",
                passages::PASSAGE_RULE
            ),
            &self.passages,
            &all,
        )
    }

    /// The facts for the model's prompt, without the background; empty when there are none.
    pub fn facts_section(&self) -> String {
        self.section("Reference facts (quote them in definition scenes; do not contradict them):")
    }

    /// The facts and the background for the model's prompt; empty when there are none.
    pub fn prompt_section(&self) -> String {
        let facts = self.facts_section();
        match self.background_section() {
            Some(background) if facts.is_empty() => background,
            Some(background) => format!("{facts}\n\n{background}"),
            None => facts,
        }
    }

    /// The background on the topic, headed for a prompt; `None` when there is none.
    fn background_section(&self) -> Option<String> {
        self.background.as_ref().map(|b| {
            format!(
                "Background on {} ({}, a dictionary; keep to it):\n{}",
                b.term,
                b.source.name(),
                b.definition
            )
        })
    }

    /// The facts for one scene's request (see `script::planned`); empty when there are none.
    pub fn scene_section(&self) -> String {
        self.section(
            "Reference facts for this scene (quote them in a definition; do not contradict them):",
        )
    }

    fn section(&self, heading: &str) -> String {
        if self.facts.is_empty() {
            return String::new();
        }
        let mut text = heading.to_string();
        for fact in &self.facts {
            text.push_str(&format!(
                "\n- {} ({}): {}",
                fact.term,
                fact.source.name(),
                fact.definition
            ));
        }
        text
    }

    /// The fact whose term is `term`, compared in lower case with nouns in their base form
    /// and stop words left out ("Vaccines" finds "vaccine"); "Transmission Control Protocol
    /// (TCP)" is also looked for as "TCP".
    pub fn fact_for(&self, term: &str) -> Option<&Fact> {
        let grounding = Grounding::shared();
        let mut keys = vec![grounding.key(term)];
        if let Some((outside, inside)) = term.split_once('(') {
            keys.push(grounding.key(outside));
            keys.push(grounding.key(inside.trim_end_matches(')')));
        }
        keys.retain(|k| !k.is_empty());
        self.facts
            .iter()
            .find(|fact| keys.contains(&grounding.key(&fact.term)))
    }
}

/// The reference data, loaded once: a source whose files are missing is left out.
pub struct Grounding {
    wordnet: Option<WordNet>,
    foldoc: Option<Foldoc>,
    gcide: Option<Gcide>,
}

/// One term of the topic, as found.
struct Found {
    words: Vec<usize>,
    fact: Fact,
}

/// A source that loaded, or `None` with a warning that names the package to install.
fn available<T, E: std::fmt::Display>(
    loaded: Result<T, E>,
    source: &str,
    package: &str,
    dir: &Path,
) -> Option<T> {
    loaded
        .inspect_err(|error| {
            tracing::warn!(
                dir = %dir.display(),
                %error,
                "{source} is not available (install {package}); lessons are written without \
                 its definitions"
            )
        })
        .ok()
}

impl Grounding {
    /// Reads the WordNet files in `wordnet_dir` and FOLDOC's in `dictd_dir`; a source that
    /// cannot be read is logged and left out.
    pub fn load(wordnet_dir: &Path, dictd_dir: &Path) -> Grounding {
        let wordnet = available(
            WordNet::load(wordnet_dir),
            "WordNet",
            "wordnet-base",
            wordnet_dir,
        );
        let foldoc = available(Foldoc::load(dictd_dir), "FOLDOC", "dict-foldoc", dictd_dir);
        let gcide = available(Gcide::load(dictd_dir), "GCIDE", "dict-gcide", dictd_dir);
        Grounding {
            wordnet,
            foldoc,
            gcide,
        }
    }

    /// The data installed by the Debian packages, loaded on first use.
    pub fn shared() -> &'static Grounding {
        static SHARED: OnceLock<Grounding> = OnceLock::new();
        SHARED.get_or_init(|| Grounding::load(Path::new(WORDNET_DIR), Path::new(DICTD_DIR)))
    }

    pub fn has_wordnet(&self) -> bool {
        self.wordnet.is_some()
    }

    pub fn has_foldoc(&self) -> bool {
        self.foldoc.is_some()
    }

    pub fn has_gcide(&self) -> bool {
        self.gcide.is_some()
    }

    /// A term compared with others: lower case, content words only, nouns in their base form.
    fn key(&self, text: &str) -> String {
        terms::words(text)
            .iter()
            .filter(|w| terms::is_content(w))
            .map(|w| self.base_form(w))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn base_form(&self, word: &str) -> String {
        match &self.wordnet {
            Some(wordnet) => wordnet.lemma(word),
            None => word.to_string(),
        }
    }

    /// Definitions of the topic and its main terms, the topic's own first: FOLDOC's for a
    /// computing topic, WordNet's otherwise; and the topic's background from GCIDE.
    pub fn lookup(&self, topic: &str) -> Reference {
        self.look_up(topic, true)
    }

    /// The definitions alone, without reading GCIDE (a scene heading's terms).
    pub fn definitions(&self, topic: &str) -> Reference {
        self.look_up(topic, false)
    }

    fn look_up(&self, topic: &str, with_background: bool) -> Reference {
        let words = terms::words(topic);
        if words.is_empty() || (self.wordnet.is_none() && self.foldoc.is_none()) {
            return Reference::default();
        }
        let candidates = terms::candidates(&words, |w| self.is_adjective(w));
        let computing = self.is_computing(topic, &words, &candidates);
        let subject = if computing {
            Subject::Programming
        } else {
            guess_subject(topic)
        };
        let content: Vec<String> = words
            .iter()
            .filter(|w| terms::is_content(w))
            .map(|w| self.base_form(w))
            .collect();
        // The senses of the topic's words, so that each word's sense can be chosen to fit
        // the others ("supply" and "demand" in economics point at each other).
        let related: HashSet<u64> = match &self.wordnet {
            Some(wordnet) => content.iter().flat_map(|w| wordnet.offsets(w)).collect(),
            None => HashSet::new(),
        };

        let mut found: Vec<Found> = Vec::new();
        // The words of the definitions found so far (the longest phrases are looked up first):
        // a shorter term's sense is chosen to fit them.
        let mut context: HashSet<String> = HashSet::new();
        for candidate in candidates {
            if found.len() >= MAX_FACTS {
                break;
            }
            let covered = candidate
                .words
                .iter()
                .all(|i| found.iter().any(|f| f.words.contains(i)));
            if covered {
                continue;
            }
            let phrase: Vec<&str> = candidate.words.iter().map(|&i| words[i].as_str()).collect();
            let own: Vec<String> = phrase.iter().map(|w| self.base_form(w)).collect();
            let others: Vec<String> = content
                .iter()
                .filter(|w| !own.contains(w))
                .cloned()
                .collect();
            let foldoc = || computing.then(|| self.foldoc_fact(&phrase, &own)).flatten();
            let wordnet = || {
                if candidate.is_modifier && self.is_adjective(phrase[0]) {
                    return None;
                }
                let (fact, in_domain) =
                    self.wordnet_fact(&phrase, subject, &related, &others, &context)?;
                // In a computing topic, an everyday sense of a word ("python" the snake)
                // is no help: only the topic itself or a computing sense is taken.
                (!computing || candidate.is_topic || in_domain).then_some(fact)
            };
            let Some(fact) = foldoc().or_else(wordnet) else {
                continue;
            };
            if usable(&fact.definition)
                && !found
                    .iter()
                    .any(|f| f.fact.term.eq_ignore_ascii_case(&fact.term))
            {
                context.extend(
                    terms::words(&fact.definition)
                        .into_iter()
                        .filter(|w| w.chars().count() > 3 && terms::is_content(w)),
                );
                found.push(Found {
                    words: candidate.words,
                    fact,
                });
            }
        }
        let facts: Vec<Fact> = found.into_iter().map(|f| f.fact).collect();
        let background = (with_background && !computing)
            .then(|| self.background(&words, &facts))
            .flatten();
        Reference {
            facts,
            background,
            passages: Vec::new(),
        }
    }

    /// GCIDE's entry for the topic's own term (the first fact's when it names the whole
    /// topic, "plate tectonics" of "Introduction to plate tectonics"), in the sense that matches
    /// the term's definition found in WordNet; `None` when GCIDE has no such entry. A
    /// computing topic has none: FOLDOC defines it.
    fn background(&self, words: &[String], facts: &[Fact]) -> Option<Fact> {
        let gcide = self.gcide.as_ref()?;
        let written = words
            .iter()
            .map(String::as_str)
            .skip_while(|w| !terms::is_content(w))
            .collect::<Vec<_>>()
            .join(" ");
        let topic_key = self.key(&written);
        // "water" is not the term of "The water cycle": only the whole topic's.
        let own = facts
            .first()
            .filter(|f| !topic_key.is_empty() && self.key(&f.term) == topic_key);
        let mut keys: Vec<String> = own.iter().map(|f| f.term.to_lowercase()).collect();
        for key in [topic_key, written] {
            if !key.is_empty() && !keys.contains(&key) {
                keys.push(key);
            }
        }
        let (term, senses) = keys
            .into_iter()
            .map(|k| {
                let senses = gcide.senses(&k);
                (k, senses)
            })
            .find(|(_, senses)| !senses.is_empty())?;
        // Every key names the topic as the own term does, so its definition is the one to match.
        let definition = own.map(|f| f.definition.as_str());
        Some(Fact {
            term,
            definition: gcide::best_sense(&senses, definition)?,
            source: SourceId::Gcide,
        })
    }

    fn is_adjective(&self, word: &str) -> bool {
        self.wordnet.as_ref().is_some_and(|w| w.is_adjective(word))
    }

    /// A computing topic: the subject guessed from its words; or the topic or a phrase in
    /// it is defined by FOLDOC and not by WordNet ("machine learning", "binary search"), is
    /// in WordNet's computer science domain, or is an acronym FOLDOC defines ("TCP").
    fn is_computing(&self, topic: &str, words: &[String], candidates: &[terms::Candidate]) -> bool {
        if guess_subject(topic) == Subject::Programming {
            return true;
        }
        let Some(foldoc) = &self.foldoc else {
            return false;
        };
        let acronym = topic.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            w.len() >= 2
                && w.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        });
        candidates
            .iter()
            .filter(|c| c.is_topic || c.words.len() > 1)
            .any(|c| {
                let phrase: Vec<&str> = c.words.iter().map(|&i| words[i].as_str()).collect();
                let based: Vec<String> = phrase.iter().map(|w| self.base_form(w)).collect();
                let in_foldoc =
                    foldoc.contains(&based.join(" ")) || foldoc.contains(&phrase.join(" "));
                let lemma = self.wordnet.as_ref().and_then(|w| w.noun_lemma(&phrase));
                match (&self.wordnet, lemma) {
                    (Some(wordnet), Some(lemma)) => {
                        wordnet.first_sense_in(&lemma, Subject::Programming)
                            || (in_foldoc && acronym && c.is_topic && c.words.len() == 1)
                    }
                    _ => in_foldoc,
                }
            })
    }

    fn foldoc_fact(&self, phrase: &[&str], based: &[String]) -> Option<Fact> {
        let foldoc = self.foldoc.as_ref()?;
        let entry = foldoc
            .entry(&based.join(" "))
            .or_else(|| foldoc.entry(&phrase.join(" ")))?;
        Some(Fact {
            term: entry.headword,
            definition: first_sentences(&entry.definition, MAX_DEFINITION),
            source: SourceId::Foldoc,
        })
    }

    fn wordnet_fact(
        &self,
        phrase: &[&str],
        subject: Subject,
        related: &HashSet<u64>,
        others: &[String],
        context: &HashSet<String>,
    ) -> Option<(Fact, bool)> {
        let wordnet = self.wordnet.as_ref()?;
        let lemma = wordnet.noun_lemma(phrase)?;
        let (synset, in_domain) = wordnet.best_sense(&lemma, subject, related, others, context)?;
        let fact = Fact {
            term: synset.display(&lemma),
            definition: first_sentences(synset.definition(), MAX_DEFINITION),
            source: SourceId::WordNet,
        };
        Some((fact, in_domain))
    }
}

/// The definitions for `topic` from the data the Debian packages install; empty when the
/// data is missing (logged once).
pub fn lookup(topic: &str) -> Reference {
    Grounding::shared().lookup(topic)
}

/// The definitions for `topic` alone, without background (see [`Grounding::definitions`]).
pub fn definitions(topic: &str) -> Reference {
    Grounding::shared().definitions(topic)
}

/// A definition that a slide can show: words that wrap, some words at all.
fn usable(definition: &str) -> bool {
    let mut words = definition.split_whitespace();
    definition.split_whitespace().count() >= 2 && words.all(|w| w.chars().count() <= MAX_WORD)
}

/// The first sentence, and the next ones while they fit in `max` characters ([`MAX_DEFINITION`]
/// for a slide); a first sentence too long is cut at a word and ends with "…".
fn first_sentences(text: &str, max: usize) -> String {
    let mut out = String::new();
    for sentence in sentences(text) {
        if sentence.starts_with("See ") || sentence.ends_with(':') {
            break;
        }
        let joined = if out.is_empty() {
            sentence.to_string()
        } else {
            format!("{out} {sentence}")
        };
        if joined.chars().count() > max {
            break;
        }
        out = joined;
    }
    if out.is_empty() {
        out = text.chars().take(max - 1).collect();
        if out.len() < text.len() {
            if let Some(space) = out.rfind(' ') {
                out.truncate(space);
            }
            out = format!("{}…", out.trim_end_matches([',', ';', ':', ' ']));
        }
    }
    out
}

/// Sentences end at ". " before a capital letter, except after "e.g." and the like.
fn sentences(text: &str) -> Vec<&str> {
    const ABBREVIATIONS: &[&str] = &[
        "e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "Dr.", "St.",
    ];
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices(". ") {
        let next = bytes.get(i + 2).copied().unwrap_or(b' ');
        let word = text[start..=i].split_whitespace().last().unwrap_or("");
        if next.is_ascii_uppercase() && !ABBREVIATIONS.contains(&word) {
            out.push(text[start..=i].trim());
            start = i + 2;
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(term: &str, definition: &str, source: SourceId) -> Fact {
        Fact {
            term: term.into(),
            definition: definition.into(),
            source,
        }
    }

    #[test]
    fn a_wordnet_gloss_is_spoken_with_its_parentheses_as_commas() {
        let f = fact(
            "photosynthesis",
            "synthesis of compounds with the aid of radiant energy (especially in plants)",
            SourceId::WordNet,
        );
        assert_eq!(
            f.spoken(),
            "WordNet defines photosynthesis as synthesis of compounds with the aid of radiant \
             energy, especially in plants."
        );
    }

    #[test]
    fn a_field_label_becomes_where_the_definition_holds() {
        let f = fact(
            "recursion",
            "(mathematics) an expression such that each term is generated by repeating an operation",
            SourceId::WordNet,
        );
        assert_eq!(
            f.spoken(),
            "WordNet defines recursion, in mathematics, as an expression such that each term is \
             generated by repeating an operation."
        );
    }

    #[test]
    fn a_foldoc_definition_with_an_article_reads_as_a_sentence() {
        let f = fact(
            "binary search",
            "A search algorithm which repeatedly divides an ordered search space in half.",
            SourceId::Foldoc,
        );
        assert_eq!(
            f.spoken(),
            "The Free On-line Dictionary of Computing defines binary search as a search \
             algorithm which repeatedly divides an ordered search space in half."
        );
    }

    #[test]
    fn long_text_keeps_whole_sentences_that_fit() {
        let text = format!("{}. Second one. {}", "a".repeat(150), "B ".repeat(200));
        assert_eq!(
            first_sentences(&text, MAX_DEFINITION),
            format!("{}. Second one.", "a".repeat(150))
        );
        let long = "word ".repeat(100);
        let cut = first_sentences(&long, MAX_DEFINITION);
        assert!(cut.chars().count() <= MAX_DEFINITION && cut.ends_with("word…"));
    }

    #[test]
    fn abbreviations_do_not_end_a_sentence() {
        assert_eq!(
            sentences("Lists, e.g. Arrays and trees. Then more."),
            ["Lists, e.g. Arrays and trees.", "Then more."]
        );
    }

    #[test]
    fn the_prompt_section_names_each_source() {
        let mut reference = Reference {
            facts: vec![fact("tree", "a graph", SourceId::Foldoc)],
            background: None,
            passages: Vec::new(),
        };
        assert_eq!(
            reference.prompt_section(),
            "Reference facts (quote them in definition scenes; do not contradict them):\n\
             - tree (FOLDOC): a graph"
        );
        assert_eq!(Reference::default().prompt_section(), "");
        reference.background = Some(fact("tree", "A tree has leaves.", SourceId::Gcide));
        assert_eq!(
            reference.prompt_section(),
            "Reference facts (quote them in definition scenes; do not contradict them):\n\
             - tree (FOLDOC): a graph\n\n\
             Background on tree (GCIDE, a dictionary; keep to it):\n\
             A tree has leaves."
        );
    }
}
