//! Titles and subjects (SPEC.md section 3): the subject guessed from keywords in the topic,
//! the level-prefixed title, and a smart title cleaned up from what the user typed.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Subject {
    Mathematics,
    Programming,
    Science,
    Business,
    General,
}

impl Subject {
    pub fn as_str(self) -> &'static str {
        match self {
            Subject::Mathematics => "Mathematics",
            Subject::Programming => "Programming",
            Subject::Science => "Science",
            Subject::Business => "Business",
            Subject::General => "General",
        }
    }

    /// The accent colour of the subject's slides.
    pub fn accent(self) -> &'static str {
        match self {
            Subject::Mathematics => "#3949ab",
            Subject::Programming => "#00796b",
            Subject::Science => "#2e7d32",
            Subject::Business => "#c2571a",
            Subject::General => "#5e35b1",
        }
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

const KEYWORDS: &[(Subject, &[&str])] = &[
    (
        Subject::Programming,
        &[
            "programming",
            "code",
            "coding",
            "python",
            "javascript",
            "typescript",
            "java",
            "rust",
            "c++",
            "golang",
            "algorithm",
            "data structure",
            "software",
            "function",
            "recursion",
            "sql",
            "database",
            "api",
            "html",
            "css",
            "react",
            "compiler",
            "git",
            "linked list",
            "array",
            "loop",
            "variable",
            "class",
            "object-oriented",
            "debug",
            "internet",
            "packet",
            "router",
            "tcp",
            "dns",
            "http",
            "computer",
        ],
    ),
    (
        Subject::Mathematics,
        &[
            "math",
            "algebra",
            "calculus",
            "geometry",
            "trigonometry",
            "equation",
            "derivative",
            "integral",
            "probability",
            "statistics",
            "matrix",
            "matrices",
            "vector",
            "theorem",
            "fraction",
            "polynomial",
            "logarithm",
            "quadratic",
            "linear",
            "arithmetic",
            "number",
            "limit",
            "proof",
            "pythagoras",
            "pythagorean",
            "sine",
            "cosine",
        ],
    ),
    (
        Subject::Science,
        &[
            "science",
            "physics",
            "chemistry",
            "biology",
            "photosynthesis",
            "cell",
            "atom",
            "molecule",
            "energy",
            "force",
            "gravity",
            "evolution",
            "dna",
            "gene",
            "ecosystem",
            "climate",
            "planet",
            "quantum",
            "electricity",
            "magnet",
            "reaction",
            "acid",
            "organism",
            "newton",
            "thermodynamics",
            "astronomy",
            "geology",
            "protein",
            "tectonic",
            "volcano",
            "earthquake",
            "vaccine",
            "immune",
            "virus",
            "bacteria",
            "enzyme",
            "mitosis",
            "respiration",
            "neuron",
            "electron",
            "photon",
            "orbit",
            "galaxy",
            "black hole",
            "relativity",
            "magnetism",
            "circuit",
            "weather",
            "water cycle",
            "ecology",
            "genetics",
        ],
    ),
    (
        Subject::Business,
        &[
            "business",
            "marketing",
            "finance",
            "economics",
            "accounting",
            "management",
            "startup",
            "investment",
            "investing",
            "stock",
            "budget",
            "sales",
            "strategy",
            "entrepreneur",
            "revenue",
            "profit",
            "pricing",
            "supply chain",
            "leadership",
            "negotiation",
            "inflation",
            "interest rate",
            "compound interest",
            "tax",
            "econom",
            "supply",
            "demand",
            "market",
            "gdp",
            "recession",
            "trade",
            "tariff",
            "monopoly",
            "money",
            "bank",
            "loan",
            "mortgage",
            "wage",
            "price",
        ],
    ),
];

/// The subject of a topic, from keywords; the subject with most hits wins, General if none.
pub fn guess_subject(topic: &str) -> Subject {
    let text = format!(" {} ", topic.to_lowercase());
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut best = (Subject::General, 0usize);
    for (subject, keywords) in KEYWORDS {
        let hits = keywords
            .iter()
            .filter(|k| {
                if k.contains(' ') {
                    text.contains(*k)
                } else {
                    words
                        .iter()
                        .any(|w| *w == **k || (k.len() >= 5 && w.starts_with(*k)))
                }
            })
            .count();
        if hits > best.1 {
            best = (*subject, hits);
        }
    }
    best.0
}

pub fn level_name(level: u8) -> &'static str {
    match level {
        1 => "Beginner",
        3 => "Advanced",
        _ => "Intermediate",
    }
}

/// SPEC.md's title: "Beginner's Guide to X", "Intermediate Guide to X", "Advanced Guide to X".
pub fn level_prefixed_title(topic: &str, level: u8) -> String {
    let prefix = match level {
        1 => "Beginner's Guide to",
        3 => "Advanced Guide to",
        _ => "Intermediate Guide to",
    };
    format!("{prefix} {}", smart_title(topic))
}

const LEADING_PHRASES: &[&str] = &[
    "please ",
    "can you ",
    "could you ",
    "explain to me ",
    "explain ",
    "teach me about ",
    "teach me ",
    "tell me about ",
    "i want to learn about ",
    "i want to learn ",
    "help me understand ",
    "a video about ",
    "a video on ",
    "a lesson on ",
    "a lesson about ",
    "an introduction to ",
    "introduction to ",
    "intro to ",
    "the basics of ",
    "basics of ",
    "what is ",
    "what are ",
    "what's ",
];

const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "vs",
    "via", "with",
];

/// A clean, title-cased title from a topic typed by a user ("explain how photosynthesis works?"
/// becomes "How Photosynthesis Works"). Words already in capitals (DNA, SQL) are kept.
pub fn smart_title(topic: &str) -> String {
    let mut text = topic.split_whitespace().collect::<Vec<_>>().join(" ");
    loop {
        let lower = text.to_lowercase();
        match LEADING_PHRASES.iter().find(|p| lower.starts_with(*p)) {
            Some(phrase) if text.len() > phrase.len() => text = text[phrase.len()..].to_string(),
            _ => break,
        }
    }
    let text = text.trim_end_matches(['?', '.', '!', ' ']).trim();
    if text.is_empty() {
        return "Untitled Lesson".to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    let last = words.len() - 1;
    let titled: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, word)| {
            let lower = word.to_lowercase();
            let keep = word.chars().skip(1).any(|c| c.is_uppercase())
                || word.chars().any(|c| c.is_ascii_digit());
            if keep {
                word.to_string()
            } else if i != 0 && i != last && SMALL_WORDS.contains(&lower.as_str()) {
                lower
            } else {
                capitalise(&lower)
            }
        })
        .collect();
    let mut title = titled.join(" ");
    if title.chars().count() > 80 {
        title = title
            .chars()
            .take(77)
            .collect::<String>()
            .trim_end()
            .to_string()
            + "...";
    }
    title
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
