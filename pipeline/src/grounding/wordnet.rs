//! WordNet 3.0's database files (`man 5 wndb`): the noun and adjective indexes held in
//! memory and searched by halving (they are sorted byte-wise), synsets read from `data.noun`
//! at their offsets, and base forms found with the exception list and Morphy's rules.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::titles::Subject;

/// Morphy's rules of detachment for nouns.
const NOUN_SUFFIXES: &[(&str, &str)] = &[
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("ies", "y"),
    ("s", ""),
];

/// Only the most frequent senses are weighed against each other.
const SENSES_WEIGHED: usize = 6;

/// The lemmas of the domains (`;c` pointers) that suit each subject.
fn domain_lemmas(subject: Subject) -> &'static [&'static str] {
    match subject {
        Subject::Programming => &["computer_science"],
        Subject::Mathematics => &["mathematics", "statistics", "geometry", "algebra"],
        Subject::Science => &[
            "biology",
            "chemistry",
            "physics",
            "geology",
            "astronomy",
            "medicine",
            "ecology",
            "genetics",
        ],
        Subject::Business => &["economics", "commerce", "finance", "business"],
        Subject::General => &[],
    }
}

/// A sorted WordNet index file in memory.
struct Index {
    text: String,
    /// Byte ranges of the entry lines (the licence lines at the top are left out).
    lines: Vec<(usize, usize)>,
}

impl Index {
    fn load(path: &Path) -> io::Result<Index> {
        let text = std::fs::read_to_string(path)?;
        let mut lines = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            let end = start + line.len();
            if !line.starts_with("  ") {
                lines.push((start, end));
            }
            start = end;
        }
        Ok(Index { text, lines })
    }

    fn line(&self, lemma: &str) -> Option<&str> {
        let lemma_of = |&(start, end): &(usize, usize)| {
            let line = &self.text[start..end];
            line.split(' ').next().unwrap_or(line)
        };
        let found = self
            .lines
            .binary_search_by(|range| lemma_of(range).as_bytes().cmp(lemma.as_bytes()))
            .ok()?;
        let (start, end) = self.lines[found];
        Some(&self.text[start..end])
    }

    fn contains(&self, lemma: &str) -> bool {
        self.line(lemma).is_some()
    }

    /// The fields of `lemma`'s line after its pointer symbols:
    /// `sense_cnt tagsense_cnt synset_offset...`.
    fn senses(&self, lemma: &str) -> Vec<&str> {
        let Some(line) = self.line(lemma) else {
            return Vec::new();
        };
        // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offsets...
        let fields: Vec<&str> = line.split_whitespace().collect();
        let pointers = fields
            .get(3)
            .and_then(|p| p.parse::<usize>().ok())
            .unwrap_or(fields.len());
        fields.into_iter().skip(4 + pointers).collect()
    }

    /// The synset offsets of `lemma`, most frequent sense first.
    fn offsets(&self, lemma: &str) -> Vec<u64> {
        self.senses(lemma)
            .iter()
            .skip(2)
            .filter_map(|o| o.parse().ok())
            .collect()
    }

    /// How many of `lemma`'s senses occur in WordNet's tagged texts: how common it is.
    fn tagged(&self, lemma: &str) -> usize {
        self.senses(lemma)
            .get(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }
}

/// One synset of `data.noun`.
#[derive(Debug)]
pub(super) struct Synset {
    pub offset: u64,
    pub words: Vec<String>,
    /// `(pointer symbol, target offset)` for pointers to other noun synsets.
    pub pointers: Vec<(String, u64)>,
    pub gloss: String,
}

impl Synset {
    fn parse(line: &str) -> Option<Synset> {
        let (head, gloss) = line.split_once(" | ")?;
        let fields: Vec<&str> = head.split_whitespace().collect();
        let offset = fields.first()?.parse().ok()?;
        let word_count = usize::from_str_radix(fields.get(3)?, 16).ok()?;
        let words = (0..word_count)
            .map(|i| fields.get(4 + 2 * i).map(|w| w.to_string()))
            .collect::<Option<Vec<_>>>()?;
        let at = 4 + 2 * word_count;
        let pointer_count: usize = fields.get(at)?.parse().ok()?;
        let pointers = (0..pointer_count)
            .filter_map(|i| {
                let p = at + 1 + 4 * i;
                if *fields.get(p + 2)? != "n" {
                    return None;
                }
                Some((fields.get(p)?.to_string(), fields.get(p + 1)?.parse().ok()?))
            })
            .collect();
        Some(Synset {
            offset,
            words,
            pointers,
            gloss: gloss.trim().to_string(),
        })
    }

    /// The gloss's definition: the text before its first `;` (examples and further
    /// clauses follow it).
    pub fn definition(&self) -> &str {
        let definition = self.gloss.split(';').next().unwrap_or("").trim();
        if definition.starts_with('"') {
            ""
        } else {
            definition
        }
    }

    /// The synset's own spelling of `lemma` (`plate_tectonics` -> "plate tectonics").
    pub fn display(&self, lemma: &str) -> String {
        self.words
            .iter()
            .find(|w| w.eq_ignore_ascii_case(lemma))
            .map_or(lemma, String::as_str)
            .replace('_', " ")
    }
}

pub(super) struct WordNet {
    nouns: Index,
    adjectives: Index,
    data: File,
    exceptions: HashMap<String, String>,
    domains: HashMap<Subject, HashSet<u64>>,
}

impl WordNet {
    pub fn load(dir: &Path) -> io::Result<WordNet> {
        let nouns = Index::load(&dir.join("index.noun"))?;
        let adjectives = Index::load(&dir.join("index.adj"))?;
        let data = File::open(dir.join("data.noun"))?;
        let exceptions = std::fs::read_to_string(dir.join("noun.exc"))?
            .lines()
            .filter_map(|line| {
                let mut fields = line.split_whitespace();
                Some((fields.next()?.to_string(), fields.next()?.to_string()))
            })
            .collect();
        let domains = [
            Subject::Programming,
            Subject::Mathematics,
            Subject::Science,
            Subject::Business,
        ]
        .into_iter()
        .map(|subject| {
            let offsets = domain_lemmas(subject)
                .iter()
                .filter_map(|lemma| nouns.offsets(lemma).first().copied())
                .collect();
            (subject, offsets)
        })
        .collect();
        Ok(WordNet {
            nouns,
            adjectives,
            data,
            exceptions,
            domains,
        })
    }

    /// The base form of a noun: from the exception list, or, among the word itself and
    /// what Morphy's rules make of it, the known noun most common in WordNet's tagged texts
    /// ("laws" gives "law", not the books of the Torah); otherwise the word.
    pub fn lemma(&self, word: &str) -> String {
        if let Some(base) = self.exceptions.get(word) {
            return base.clone();
        }
        let forms = std::iter::once(word.to_string()).chain(NOUN_SUFFIXES.iter().filter_map(
            |(suffix, ending)| {
                word.strip_suffix(suffix)
                    .filter(|stem| !stem.is_empty())
                    .map(|stem| format!("{stem}{ending}"))
            },
        ));
        let mut best: Option<(usize, String)> = None;
        for form in forms.filter(|f| self.nouns.contains(f)) {
            let tagged = self.nouns.tagged(&form);
            if best.as_ref().is_none_or(|(b, _)| tagged > *b) {
                best = Some((tagged, form));
            }
        }
        best.map_or_else(|| word.to_string(), |(_, form)| form)
    }

    /// The WordNet lemma of a phrase as written, then with each word in its base form.
    pub fn noun_lemma(&self, words: &[&str]) -> Option<String> {
        let joined = words.join("_");
        if self.nouns.contains(&joined) {
            return Some(joined);
        }
        let based: Vec<String> = words.iter().map(|w| self.lemma(w)).collect();
        let joined = based.join("_");
        self.nouns.contains(&joined).then_some(joined)
    }

    pub fn is_adjective(&self, word: &str) -> bool {
        self.adjectives.contains(word)
    }

    pub fn offsets(&self, lemma: &str) -> Vec<u64> {
        self.nouns.offsets(lemma)
    }

    pub fn synset(&self, offset: u64) -> Option<Synset> {
        // A synset line is rarely longer than a few kilobytes; read until its end.
        let mut line = Vec::new();
        let mut buffer = [0u8; 4096];
        let mut at = offset;
        loop {
            let read = self.data.read_at(&mut buffer, at).ok()?;
            if read == 0 {
                break;
            }
            if let Some(end) = buffer[..read].iter().position(|&b| b == b'\n') {
                line.extend_from_slice(&buffer[..end]);
                break;
            }
            line.extend_from_slice(&buffer[..read]);
            at += read as u64;
        }
        Synset::parse(&String::from_utf8_lossy(&line)).filter(|s| s.offset == offset)
    }

    /// Whether the most frequent sense of `lemma` belongs to a domain of `subject`.
    pub fn first_sense_in(&self, lemma: &str, subject: Subject) -> bool {
        let domains = self.domains.get(&subject);
        self.offsets(lemma)
            .first()
            .and_then(|&offset| self.synset(offset))
            .is_some_and(|synset| {
                synset.pointers.iter().any(|(symbol, target)| {
                    symbol == ";c" && domains.is_some_and(|d| d.contains(target))
                })
            })
    }

    /// The sense of `lemma` that fits the lesson best: the most frequent one, unless a
    /// later one (among the first few) is in the subject's domain, points at a sense of
    /// another term of the topic, mentions one, or shares a word with `context` (the
    /// definitions found for the topic already: in a Plate tectonics lesson, "the branch of
    /// geology studying the folding and faulting of the earth's crust" picks the plate that
    /// is "a rigid layer of the Earth's crust", not the baseball plate, its first sense).
    pub fn best_sense(
        &self,
        lemma: &str,
        subject: Subject,
        related: &HashSet<u64>,
        other_words: &[String],
        context: &HashSet<String>,
    ) -> Option<(Synset, bool)> {
        let domains = self.domains.get(&subject);
        let in_domain = |synset: &Synset| {
            synset.pointers.iter().any(|(symbol, target)| {
                symbol == ";c" && domains.is_some_and(|d| d.contains(target))
            })
        };
        let score = |synset: &Synset| {
            let gloss_words = super::terms::words(&synset.gloss);
            3 * usize::from(in_domain(synset))
                + 2 * usize::from(synset.pointers.iter().any(|(_, t)| related.contains(t)))
                + usize::from(other_words.iter().any(|w| gloss_words.contains(w)))
                + usize::from(gloss_words.iter().any(|w| context.contains(w)))
        };
        let mut best: Option<(usize, Synset)> = None;
        for offset in self.offsets(lemma).into_iter().take(SENSES_WEIGHED) {
            let Some(synset) = self.synset(offset) else {
                continue;
            };
            if synset.definition().is_empty() {
                continue;
            }
            let s = score(&synset);
            if best.as_ref().is_none_or(|(b, _)| s > *b) {
                best = Some((s, synset));
            }
        }
        best.map(|(_, synset)| {
            let fits = in_domain(&synset);
            (synset, fits)
        })
    }
}
