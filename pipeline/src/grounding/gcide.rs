//! GCIDE, the GNU Collaborative International Dictionary of English, as `dict-gcide` installs
//! it (dictd's format, [`super::dictd`]). Its entries for scientific terms often carry a
//! note that explains the process itself ("Photosynthesis … Note: In green plants water is
//! absorbed by the roots …, and carbon dioxide is obtained from air that enters the leaves
//! through the stomata …"): that is given to the model as background on the topic, beside
//! WordNet's one-line definitions. Much of GCIDE is Webster's of 1913, whose science is
//! dated ("Osmosis may be regarded as a form of molecular attraction, allied to that of
//! adhesion"), so only noun senses added since are taken (tagged `[PJC]`, `[WordNet 1.5]`,
//! `[Webster 1913 Suppl.]` and the like, never `[1913 Webster]`), never one marked obsolete,
//! and only the sense that shares words with the topic's modern definition (see
//! [`super::Grounding::background`]).

use std::io;
use std::path::Path;

use super::dictd::Dictd;
use super::terms;

/// Background longer than this is cut at a sentence: about 300 tokens of every prompt.
pub(super) const MAX_BACKGROUND: usize = 1_200;

pub(super) struct Gcide {
    dictd: Dictd,
}

impl Gcide {
    pub fn load(dir: &Path) -> io::Result<Gcide> {
        Ok(Gcide {
            dictd: Dictd::load(dir, "gcide")?,
        })
    }

    /// The noun senses of `key` (lower case) added since Webster's 1913 dictionary, as plain
    /// text, each with its notes, in the dictionary's order; obsolete senses are left out.
    pub fn senses(&self, key: &str) -> Vec<String> {
        self.dictd
            .entries(key)
            .iter()
            .flat_map(|entry| noun_senses(entry))
            .collect()
    }
}

/// The sense of `senses` that shares most content words (at least two) with `definition`
/// (the topic's definition from WordNet). Only where there is no definition to match is a
/// lone sense with a field label or a note taken: GCIDE's one sense added for "entropy" is
/// zoology's estrus, which WordNet's entropy does not match.
pub(super) fn best_sense(senses: &[String], definition: Option<&str>) -> Option<String> {
    let wanted: Vec<String> = definition.map(content_words).unwrap_or_default();
    let scored = senses.iter().map(|sense| {
        let own = content_words(sense);
        let shared = wanted.iter().filter(|w| own.contains(w)).count();
        (shared, sense)
    });
    if let Some((shared, sense)) = scored.max_by_key(|(shared, _)| *shared)
        && shared >= 2
    {
        return Some(within_limit(sense));
    }
    match (senses, definition) {
        ([one], None) if one.starts_with('(') || one.contains("Note:") => Some(within_limit(one)),
        _ => None,
    }
}

/// Lower-case content words, a plural's "s" dropped ("plants" meets "plant").
fn content_words(text: &str) -> Vec<String> {
    terms::words(text)
        .into_iter()
        .filter(|w| w.chars().count() > 3 && terms::is_content(w))
        .map(|w| w.strip_suffix('s').map(str::to_string).unwrap_or(w))
        .collect()
}

fn within_limit(text: &str) -> String {
    super::first_sentences(text, MAX_BACKGROUND)
}

/// An entry's senses when it is a noun's: its head (`Word \Pro*nun"ci*a`tion\, n. [etymology]`)
/// decides; numbered senses ("1. …", "2. …") are split, each keeping its notes.
fn noun_senses(entry: &str) -> Vec<String> {
    let text = entry.split_whitespace().collect::<Vec<_>>().join(" ");
    // The head: the headword, its pronunciation between backslashes, then the part of speech.
    let Some(after_word) = text.split_once('\\').and_then(|(_, r)| r.split_once('\\')) else {
        return Vec::new();
    };
    let rest = after_word.1.trim_start_matches([',', ' ']);
    let rest = skip_brackets(skip_parenthesis(rest));
    let Some(body) = rest.strip_prefix("n.") else {
        return Vec::new();
    };
    let body = skip_brackets(body.trim_start_matches([';', ' ']).trim_start());
    // "n.; pl. {Gravities}." names the plural before the senses.
    let body = match body.strip_prefix("pl. ") {
        Some(plural) => skip_brackets(plural.split_once(". ").map_or("", |(_, r)| r)),
        None => body,
    };
    numbered(body)
        .into_iter()
        .filter(|sense| {
            !sense.contains("[1913 Webster]")
                && !sense.contains("[Obs.]")
                && !sense.contains("[obsolete]")
        })
        .map(|sense| clean(&sense))
        .filter(|sense| sense.split_whitespace().count() >= 6)
        .collect()
}

/// Leading "(pronunciation)" skipped.
fn skip_parenthesis(text: &str) -> &str {
    match text.strip_prefix('(').and_then(|r| r.split_once(')')) {
        Some((_, rest)) => rest.trim_start_matches([',', ' ']),
        None => text,
    }
}

/// Leading "[etymology]" blocks skipped (they may hold brackets of their own).
fn skip_brackets(mut text: &str) -> &str {
    while text.starts_with('[') {
        let mut depth = 0;
        let mut end = None;
        for (i, c) in text.char_indices() {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        match end {
            Some(end) => text = text[end + 1..].trim_start(),
            None => return "",
        }
    }
    text
}

/// "1. … 2. … 3. …" split where the numbers follow each other; one sense when unnumbered.
fn numbered(body: &str) -> Vec<String> {
    let mut senses = Vec::new();
    let mut next = 1;
    let mut start = 0;
    let mut at = 0;
    let mark = |n: usize| format!("{n}. ");
    if body.starts_with(&mark(1)) {
        start = 3;
        at = 3;
        next = 2;
    }
    while let Some(found) = body[at..].find(&format!(" {}", mark(next))) {
        let split = at + found;
        senses.push(body[start..split].trim().to_string());
        start = split + 1 + mark(next).len();
        at = start;
        next += 1;
    }
    senses.push(body[start..].trim().to_string());
    senses
}

/// A sense as plain sentences: source tags and other brackets, braces, quotations with their
/// authors ("… --Shak."), derived forms ("-- Pho`to*syn*thet"ic, a.") and synonyms go.
fn clean(sense: &str) -> String {
    let mut out = String::with_capacity(sense.len());
    let mut depth = 0;
    for c in sense.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = (depth - 1).max(0),
            '{' | '}' => {}
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    // What follows " --" is a quotation's author or a derived word, up to the next note.
    let mut parts = out.split("Note:");
    let mut kept: Vec<String> = Vec::new();
    if let Some(definition) = parts.next() {
        kept.push(before_dashes(definition));
    }
    for note in parts {
        kept.push(before_dashes(note));
    }
    let text = kept
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let text = text.split(" Syn. ").next().unwrap_or_default();
    let text = without_quotations(text);
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" .", ".")
        .replace(" ,", ",")
}

fn before_dashes(text: &str) -> String {
    text.split(" --")
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Text in double quotes (quotations from literature) taken out.
fn without_quotations(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    for c in text.chars() {
        if c == '"' {
            quoted = !quoted;
        } else if !quoted {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PHOTOSYNTHESIS: &str = "Photosynthesis \\Pho`to*syn\"the*sis\\, n. (Plant Physiol.)\n   \
        The process of constructive metabolism in which green plants\n   utilize the energy of \
        sunlight to manufacture carbohydrates\n   from carbon dioxide and water in the presence \
        of chlorophyll.\n   It was formerly called {assimilation}. --\n   \
        {Pho`to*syn*thet\"ic}, a. -- {Pho`to*syn*thet\"ic*al*ly}, adv.\n   [Webster 1913 Suppl.]\n\n   \
        Note: In green plants water is absorbed by the roots and\n         carried to the leaves \
        by the xylem. The initial process is the\n         decomposition of water (H2O) into \
        oxygen, which is\n         released, and hydrogen.\n";

    const INFLATION: &str = "Inflation \\In*fla\"tion\\, n. [L. inflatio: cf. F. inflation.]\n   \
        1. The act or process of inflating, or the state of being\n      inflated, as with air \
        or gas; distention; expansion. --Boyle.\n      [1913 Webster]\n\n   2. The state of \
        being puffed up, as with pride; conceit;\n      vanity. \"Puffed up.\" --B. Jonson.\n      \
        [1913 Webster]\n\n   3. Persistent expansion or increase in the general level of\n      \
        prices, usually caused by overissue of currency.\n      [PJC]\n\n   4. The act of \
        increasing the general level of prices\n      by issuing more currency, in a \
        country.\n      [PJC]\n";

    const RECUR: &str = "Recursion \\Re*cur\"sion\\ (-sh?n), n. [L. recursio. See {Recur}.]\n   \
        The act of recurring; return. [Obs.] --Boyle.\n   [1913 Webster]\n";

    const VERB: &str = "Supply \\Sup*ply\"\\, v. t. [imp. & p. p. {Supplied}.]\n   1. To fill \
        up, or keep full; to furnish with what is wanted.\n";

    #[test]
    fn a_sense_keeps_its_note_and_loses_tags_derived_words_and_braces() {
        let senses = noun_senses(PHOTOSYNTHESIS);
        assert_eq!(
            senses,
            [
                "(Plant Physiol.) The process of constructive metabolism in which green plants \
              utilize the energy of sunlight to manufacture carbohydrates from carbon dioxide \
              and water in the presence of chlorophyll. It was formerly called assimilation. In \
              green plants water is absorbed by the roots and carried to the leaves by the \
              xylem. The initial process is the decomposition of water (H2O) into oxygen, which \
              is released, and hydrogen."
            ]
        );
        // A lone sense with a field label is taken without a definition to match, and with
        // one it matches; not with one it does not.
        assert_eq!(
            best_sense(&senses, None).as_deref(),
            Some(senses[0].as_str())
        );
        let wordnet =
            "synthesis of compounds with the aid of radiant energy (especially in plants)";
        assert_eq!(
            best_sense(&senses, Some(wordnet)).as_deref(),
            Some(senses[0].as_str())
        );
        assert_eq!(
            best_sense(
                &senses,
                Some("a numerical measure of the uncertainty of an outcome")
            ),
            None
        );
    }

    #[test]
    fn numbered_senses_are_split_and_the_one_matching_the_definition_is_chosen() {
        assert_eq!(
            numbered("1. One thing. 2. Another. 3. A third."),
            ["One thing.", "Another.", "A third."]
        );
        assert_eq!(
            numbered("Unnumbered. It goes on."),
            ["Unnumbered. It goes on."]
        );
        // Webster's own senses of 1913 go; the two added since stay.
        let senses = noun_senses(INFLATION);
        assert_eq!(senses.len(), 2, "{senses:?}");
        assert!(senses.iter().all(|s| !s.contains("pride")));
        let chosen = best_sense(
            &senses,
            Some("a general and progressive increase in prices"),
        );
        assert_eq!(
            chosen.as_deref(),
            Some(
                "Persistent expansion or increase in the general level of prices, usually \
                 caused by overissue of currency."
            )
        );
        // Nothing chosen when no sense shares two words with the definition.
        assert_eq!(best_sense(&senses, Some("a rising balloon")), None);
    }

    #[test]
    fn obsolete_senses_and_other_parts_of_speech_give_nothing() {
        assert!(noun_senses(RECUR).is_empty());
        assert!(noun_senses(VERB).is_empty());
    }

    #[test]
    fn background_is_cut_at_a_sentence_within_its_limit() {
        let long = "A sentence of some words. ".repeat(100);
        let cut = within_limit(&long);
        assert!(cut.chars().count() <= MAX_BACKGROUND && cut.ends_with("words."));
    }
}
