//! Passages of the learner's own documents (issue 50): what a lesson written from sources is
//! given to write from, how each scene's passages are chosen, and the cheap check of a
//! narrated sentence against the passage it cites.
//!
//! The check is deliberately plain: every figure a sentence states (a number, a year, a
//! number's unit) and every capitalised name must be found in the passage. It cannot tell a
//! sentence that twists a passage's words from one that restates them, but it catches what a
//! small model most often adds from its memory: a date, a temperature, a person.

use crate::lexicon::is_function_word;
use crate::storyboard::Cite;

/// One passage of a learner's document, as retrieved for a lesson.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Passage {
    pub source_id: String,
    /// The document's title.
    pub title: String,
    /// Its place in its document, from 0: what a citation names.
    pub passage: u32,
    /// The PDF page it starts on.
    pub page: Option<u32>,
    pub heading: Option<String>,
    pub text: String,
}

impl Passage {
    pub fn cite(&self) -> Cite {
        Cite {
            source_id: self.source_id.clone(),
            passage: self.passage,
            page: self.page,
            sentence: None,
        }
    }

    /// Whether `cite` names this passage.
    pub fn is_cited_by(&self, cite: &Cite) -> bool {
        self.source_id == cite.source_id && self.passage == cite.passage
    }

    /// What a sentence citing it may rest on: its document's title, its heading and its text.
    pub fn support(&self) -> String {
        format!(
            "{} {} {}",
            self.title,
            self.heading.as_deref().unwrap_or_default(),
            self.text
        )
    }

    /// "[3] After shaping, …", numbered from 1; with its place, "[3] The Veltrane
    /// glassworks, page 2, Annealing: After shaping, …".
    fn numbered(&self, number: usize, with_place: bool) -> String {
        if !with_place {
            return format!("[{number}] {}", self.text.trim());
        }
        let mut place = self.title.clone();
        if let Some(page) = self.page {
            place.push_str(&format!(", page {page}"));
        }
        if let Some(heading) = self.heading.as_deref().filter(|h| !h.trim().is_empty()) {
            place.push_str(&format!(", {}", heading.trim()));
        }
        format!("[{number}] {place}: {}", self.text.trim())
    }
}

/// What the writer is told to do with the passages it is given.
pub const PASSAGE_RULE: &str = "Write only what the numbered passages from the learner's \
    documents say: every fact, figure, date and name must come from them, never from memory. \
    End each spoken sentence with the number of the passage it rests on in square brackets, \
    before its full stop, like this: \"The oven is held at 500 degrees [2].\"";

/// `passages` (those at `which`, by their place in `passages`) numbered for a writing
/// request under `heading`; each keeps its number in the whole list, so that a number means
/// the same passage in every request of a lesson. Their text alone: given "[1] The Velmora
/// annealing process, Origins: The Velmora process was devised in 1931 …", the default model
/// began sentences with the label ("The Velmora annealing process, Origins: The Velmora
/// process …"), five times in one Lake Miskett lesson.
pub fn numbered(heading: &str, passages: &[Passage], which: &[usize]) -> String {
    numbered_as(heading, passages, which, false)
}

/// [`numbered`] with each passage's document, page and heading before its text, for a
/// judge: a passage's subject can be in its heading alone.
pub fn numbered_with_places(heading: &str, passages: &[Passage], which: &[usize]) -> String {
    numbered_as(heading, passages, which, true)
}

fn numbered_as(heading: &str, passages: &[Passage], which: &[usize], with_place: bool) -> String {
    let mut text = heading.to_string();
    for &i in which {
        if let Some(passage) = passages.get(i) {
            text.push('\n');
            text.push_str(&passage.numbered(i + 1, with_place));
        }
    }
    text
}

/// Words that say nothing of a passage's subject, besides the function words.
const STOP: &[&str] = &["all", "just", "more", "most", "not", "one", "only", "very"];

/// A text's content words, lower case, a plural's final "s" taken off.
fn content_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
    {
        let word = word.to_lowercase();
        if is_function_word(&word) || STOP.contains(&word.as_str()) {
            continue;
        }
        let word = match word.strip_suffix('s') {
            Some(stem) if stem.chars().count() >= 3 && !stem.ends_with('s') => stem.to_string(),
            _ => word,
        };
        if !words.contains(&word) {
            words.push(word);
        }
    }
    words
}

/// How many content words `text` shares with the passage.
fn overlap(words: &[String], passage: &Passage) -> usize {
    let theirs = content_words(&passage.support());
    words.iter().filter(|w| theirs.contains(w)).count()
}

/// The places in `passages` of the `k` that share most content words with `query`, best
/// first (equal ones in their order, which is retrieval's); only passages that share a word.
pub fn rank(passages: &[Passage], query: &str, k: usize) -> Vec<usize> {
    let words = content_words(query);
    let mut scored: Vec<(usize, usize)> = passages
        .iter()
        .enumerate()
        .map(|(i, p)| (i, overlap(&words, p)))
        .filter(|&(_, shared)| shared > 0)
        .collect();
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.into_iter().take(k).map(|(i, _)| i).collect()
}

/// Passages a lesson written from documents is given, at most (as the server gives).
pub const MOST_FOR_LESSON: usize = 12;

/// A document's passages, numbered in their order, `id` standing for its source id and
/// `title` for its title; each part is its (page, heading, text).
pub fn of_document(
    id: &str,
    title: &str,
    parts: impl IntoIterator<Item = (Option<u32>, Option<String>, String)>,
) -> Vec<Passage> {
    parts
        .into_iter()
        .enumerate()
        .map(|(place, (page, heading, text))| Passage {
            source_id: id.to_string(),
            title: title.to_string(),
            passage: place as u32,
            page,
            heading,
            text,
        })
        .collect()
}

/// The passages of `all` (the documents' own, in order) a lesson on `topic` is given: those
/// that share most words with the topic, best first, then the first others in order, up to
/// [`MOST_FOR_LESSON`].
pub fn for_lesson(all: &[Passage], topic: &str) -> Vec<Passage> {
    let mut chosen = rank(all, topic, MOST_FOR_LESSON);
    for index in 0..all.len() {
        if chosen.len() >= MOST_FOR_LESSON {
            break;
        }
        if !chosen.contains(&index) {
            chosen.push(index);
        }
    }
    chosen.into_iter().map(|i| all[i].clone()).collect()
}

/// The passage a sentence that named none most likely rests on: the one it shares most
/// content words with, at least `MIN_SHARED`; `None` when no passage shares that many.
pub fn best_match(passages: &[Passage], sentence: &str) -> Option<usize> {
    const MIN_SHARED: usize = 2;
    let words = content_words(sentence);
    passages
        .iter()
        .enumerate()
        .map(|(i, p)| (i, overlap(&words, p)))
        .filter(|&(_, shared)| shared >= MIN_SHARED)
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(i, _)| i)
}

/// Number words a sentence may say for a passage's digits ("eleven seconds", "11 seconds").
const NUMBER_WORDS: &[(&str, u32)] = &[
    // Not "one": it is as often a pronoun ("one of the panes").
    ("zero", 0),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("fifteen", 15),
    ("sixteen", 16),
    ("seventeen", 17),
    ("eighteen", 18),
    ("nineteen", 19),
    ("twenty", 20),
    ("thirty", 30),
    ("forty", 40),
    ("fifty", 50),
    ("sixty", 60),
    ("seventy", 70),
    ("eighty", 80),
    ("ninety", 90),
    ("hundred", 100),
    ("thousand", 1000),
];

/// Units a figure is stated in, each with the spellings that mean it.
const UNITS: &[(&str, &[&str])] = &[
    (
        "degree",
        &[
            "degree",
            "degrees",
            "°",
            "°c",
            "°f",
            "celsius",
            "fahrenheit",
        ],
    ),
    ("percent", &["percent", "per cent", "%"]),
    ("second", &["second", "seconds", "s"]),
    ("minute", &["minute", "minutes", "min"]),
    ("hour", &["hour", "hours", "h"]),
    ("day", &["day", "days"]),
    ("week", &["week", "weeks"]),
    ("month", &["month", "months"]),
    ("year", &["year", "years"]),
    ("metre", &["metre", "metres", "meter", "meters", "m"]),
    (
        "kilometre",
        &["kilometre", "kilometres", "kilometer", "kilometers", "km"],
    ),
    (
        "centimetre",
        &[
            "centimetre",
            "centimetres",
            "centimeter",
            "centimeters",
            "cm",
        ],
    ),
    (
        "millimetre",
        &[
            "millimetre",
            "millimetres",
            "millimeter",
            "millimeters",
            "mm",
        ],
    ),
    ("gram", &["gram", "grams", "g"]),
    ("kilogram", &["kilogram", "kilograms", "kg"]),
    ("tonne", &["tonne", "tonnes", "ton", "tons"]),
    ("litre", &["litre", "litres", "liter", "liters", "l"]),
    ("bar", &["bar", "bars"]),
    ("pascal", &["pascal", "pascals", "pa", "kpa"]),
    ("volt", &["volt", "volts", "v"]),
    ("watt", &["watt", "watts", "w", "kw"]),
];

fn unit_of(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    UNITS
        .iter()
        .find(|(_, spellings)| spellings.contains(&word.as_str()))
        .map(|(unit, _)| *unit)
}

/// A text's tokens: runs of letters, digits and the marks figures are written with.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        // A point or comma inside a number ("4.5", "1,200") belongs to it.
        let inside_number = matches!(c, '.' | ',')
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_alphanumeric() || c == '\'' || c == '\u{2019}' || inside_number {
            current.push(c);
        } else {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            if matches!(c, '%' | '°') {
                out.push(c.to_string());
            }
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// A text's figures: each number (digits with their point, commas taken out; a number word)
/// with the unit it is stated in, if one follows.
fn figures(text: &str) -> Vec<(String, Option<&'static str>)> {
    let tokens = tokens(text);
    let mut found = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let lower = token.to_lowercase();
        // "9°C" and "20km" are a number and a unit run together.
        let digits: String = lower
            .chars()
            .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | ','))
            .filter(|&c| c != ',')
            .collect();
        let (number, rest) = if !digits.is_empty() && digits.chars().any(|c| c.is_ascii_digit()) {
            let rest =
                lower.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',');
            (digits.trim_end_matches('.').to_string(), rest.to_string())
        } else if let Some((_, n)) = NUMBER_WORDS.iter().find(|(w, _)| *w == lower) {
            (n.to_string(), String::new())
        } else {
            continue;
        };
        let unit = if rest.is_empty() {
            tokens.get(i + 1).and_then(|next| unit_of(next))
        } else {
            unit_of(&rest)
        };
        found.push((number, unit));
    }
    found
}

/// Words of a sentence written with a capital that are names: not its first word, nor a
/// word after a colon; possessives are taken back to the name ("Quist's" is "Quist").
fn names(sentence: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut first = true;
    for raw in sentence.split_whitespace() {
        let starts_clause = first;
        first = raw.ends_with([':', '.', '!', '?']);
        let word = raw
            .trim_matches(|c: char| !c.is_alphanumeric())
            .trim_end_matches("'s")
            .trim_end_matches("\u{2019}s");
        if starts_clause || word.is_empty() || word == "I" || unit_of(word).is_some() {
            continue;
        }
        let mut chars = word.chars();
        if chars.next().is_some_and(char::is_uppercase) && chars.any(char::is_alphabetic) {
            out.push(word.to_string());
        }
    }
    out
}

/// Why `sentence` is not supported by `support` (a passage's title, heading and text), or
/// `None` when every figure and every name it states is found there. A figure is found when
/// the passage states the same number, in the same unit where the sentence gives one; a name
/// when the passage has the word, in any case.
pub fn unsupported(sentence: &str, support: &str) -> Option<String> {
    let theirs = figures(support);
    for (number, unit) in figures(sentence) {
        let found = theirs
            .iter()
            .any(|(n, u)| *n == number && (unit.is_none() || u.is_none() || *u == unit));
        if !found {
            let stated = match unit {
                Some(unit) => format!("{number} ({unit})"),
                None => number,
            };
            return Some(format!("the passage does not state the figure {stated}"));
        }
    }
    let words: Vec<String> = tokens(support)
        .iter()
        .map(|w| {
            w.to_lowercase()
                .trim_end_matches("'s")
                .trim_end_matches("\u{2019}s")
                .to_string()
        })
        .collect();
    for name in names(sentence) {
        let lower = name.to_lowercase();
        let plural = lower.strip_suffix('s').unwrap_or(&lower);
        if !words.iter().any(|w| *w == lower || w == plural) {
            return Some(format!("the passage does not name {name}"));
        }
    }
    None
}

/// Whether `sentence` restates `passage` word for word: its words that are not function
/// words come in one unbroken run of the passage's, in any case. Words of the passage
/// recombined ("reaching 380 °C in the rest", where the fall reaches 380 °C and the rest is
/// at 90 °C) are not a restatement.
pub fn restates(sentence: &str, passage: &str) -> bool {
    let content = |text: &str| -> Vec<String> {
        tokens(text)
            .iter()
            .map(|w| w.to_lowercase())
            .filter(|w| !crate::lexicon::is_function_word(w))
            .collect()
    };
    let (said, theirs) = (content(sentence), content(passage));
    said.len() >= 2 && theirs.windows(said.len()).any(|run| run == said.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_copied_from_its_passage_restates_it_and_one_recombining_its_words_does_not() {
        let passage = "In the fall, the temperature drops by 3 degrees a minute until it reaches \
                       380 °C. In the rest, the lens is laid in dry nitrogen at 90 °C.";
        assert!(restates(
            "In the rest, the lens is laid in dry nitrogen at 90 °C.",
            passage
        ));
        assert!(!restates("The lens reaches 380 °C in the rest.", passage));
    }

    const ANNEALING: &str = "After shaping, each pane rests in the lehr, a long annealing oven \
        held at 512 degrees. The pane cools by four degrees an hour so that no strain is frozen \
        into the glass. Orla Quist built the first lehr in 1873.";

    #[test]
    fn a_sentence_that_restates_its_passage_is_supported() {
        for sentence in [
            "Each pane rests in a long annealing oven called the lehr, held at 512 degrees.",
            "The pane cools by 4 degrees every hour, so no strain is frozen into the glass.",
            "Orla Quist's first lehr dates from 1873.",
            "In the lehr the glass cools slowly.",
        ] {
            assert_eq!(unsupported(sentence, ANNEALING), None, "{sentence}");
        }
    }

    #[test]
    fn a_figure_or_name_the_passage_lacks_is_named_as_the_reason() {
        assert_eq!(
            unsupported("The lehr is held at 520 degrees.", ANNEALING).as_deref(),
            Some("the passage does not state the figure 520 (degree)")
        );
        assert_eq!(
            unsupported("The first lehr was built in 1875.", ANNEALING).as_deref(),
            Some("the passage does not state the figure 1875")
        );
        // The number is there, but not in this unit.
        assert_eq!(
            unsupported("The pane cools for 512 hours.", ANNEALING).as_deref(),
            Some("the passage does not state the figure 512 (hour)")
        );
        assert_eq!(
            unsupported("The lehr was designed by Ansel Quist.", ANNEALING).as_deref(),
            Some("the passage does not name Ansel")
        );
        assert_eq!(
            unsupported("It cools by eleven degrees an hour.", ANNEALING).as_deref(),
            Some("the passage does not state the figure 11 (degree)")
        );
    }

    #[test]
    fn figures_keep_their_points_and_units() {
        assert_eq!(
            figures("Brine at 9°C for 4.5 seconds, 1,200 panes, 30% of them"),
            vec![
                ("9".to_string(), Some("degree")),
                ("4.5".to_string(), Some("second")),
                ("1200".to_string(), None),
                ("30".to_string(), Some("percent")),
            ]
        );
        assert_eq!(
            names("Quist's method: Brine cools the Veltrane pane."),
            ["Veltrane"]
        );
    }

    fn passage(n: u32, heading: &str, text: &str) -> Passage {
        Passage {
            source_id: "doc".into(),
            title: "The Veltrane glassworks".into(),
            passage: n,
            page: Some(n + 1),
            heading: Some(heading.into()),
            text: text.into(),
        }
    }

    #[test]
    fn passages_are_ranked_by_the_words_they_share_and_keep_their_numbers() {
        let passages = vec![
            passage(
                0,
                "History",
                "The works was founded by Orla Quist on the river Amsel.",
            ),
            passage(1, "Annealing", ANNEALING),
            passage(
                2,
                "Quenching",
                "The hot pane is plunged into brine for eleven seconds.",
            ),
        ];
        assert_eq!(
            rank(&passages, "Quenching: plunging panes into brine", 2),
            [2, 1]
        );
        assert_eq!(rank(&passages, "nothing alike", 2), Vec::<usize>::new());
        assert_eq!(
            best_match(&passages, "The lehr is an annealing oven for glass."),
            Some(1)
        );
        assert_eq!(best_match(&passages, "Glass is lovely."), None);
        assert_eq!(
            numbered("Passages:", &passages, &[2]),
            "Passages:\n[3] The hot pane is plunged into brine for eleven seconds."
        );
        assert_eq!(
            numbered_with_places("Passage:", &passages, &[2]),
            "Passage:\n[3] The Veltrane glassworks, page 3, Quenching: The hot pane is plunged \
             into brine for eleven seconds."
        );
    }
}
