//! One spoken sentence or slide phrase at a time: finished as a sentence, labels the model
//! put before it taken off, phrases cut at their limit taken back to a word that can end one.

use super::*;
use crate::lexicon::{ends_no_phrase, opens_clause};

pub(super) fn clean(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A spoken sentence that ends as a sentence: one cut off at the schema's length limit is
/// taken back to its last full stop, or dropped when it has none.
pub(super) fn finish_sentence(text: &str) -> Option<String> {
    let text = capitalised(&clean(text));
    if ends_sentence(&text) {
        return Some(text);
    }
    let cut = text
        .char_indices()
        .rev()
        .find(|&(i, c)| matches!(c, '.' | '!' | '?') && text[i + 1..].starts_with(' '))
        .map(|(i, _)| i + 1);
    match cut {
        Some(cut) => Some(text[..cut].to_string()),
        // One whole sentence without its full stop (not one cut off at the limit, nor one
        // that stops after a comma or on a word that needs more: "they had different,").
        None if text.chars().count() + 20 < SENTENCE_CHARS as usize
            && words(&text) >= 3
            && !stops_midway(&text) =>
        {
            Some(format!("{text}."))
        }
        None => None,
    }
}

/// Whether a text ends as a sentence does (a closing quote or bracket after its stop).
pub(super) fn ends_sentence(text: &str) -> bool {
    text.trim_end()
        .trim_end_matches(['"', '\'', ')', '\u{201d}'])
        .ends_with(['.', '!', '?'])
}

/// A text that stops where a sentence cannot: after a comma, a colon or a dash, or on a word
/// that needs another after it.
pub(super) fn stops_midway(text: &str) -> bool {
    let text = text.trim_end();
    text.ends_with([',', ';', ':', '-', '\u{2013}', '\u{2014}'])
        || text
            .split_whitespace()
            .last()
            .is_some_and(|word| ends_no_phrase(&bare(word)))
}

/// A summary point's sentence, finished as one.
pub(super) fn recap(say: &str) -> String {
    let said = clean(say);
    finish_sentence(&said).unwrap_or(said)
}

/// A slide phrase that fits: one cut off at the schema's limit loses its broken last word.
pub(super) fn phrase(text: &str) -> String {
    phrase_within(text, PHRASE_CHARS)
}

pub(super) fn phrase_within(text: &str, max: u32) -> String {
    let mut text = clean(text);
    if !crate::script::rules::on("phrase_cut") {
        return text;
    }
    let length = |t: &str| t.chars().count();
    // "Mutually recursive functions call each other. This" cut off at the limit: the first
    // sentence is the phrase.
    if length(&text) + 1 >= max as usize
        && let [first, _, ..] = sentences_of(&text)[..]
    {
        text = first.to_string();
    }
    // The schema closes a phrase before a word that would not fit, so a phrase that ends
    // within a few words of the limit with a clause just begun was cut too: "… molecules
    // into", "… pigments that work", "… in photosynthesis to combine".
    let words: Vec<&str> = text.split_whitespace().collect();
    let near_limit = length(&text) + max as usize / NEAR_LIMIT >= max as usize;
    let clause_at = near_limit
        .then(|| {
            (words.len().saturating_sub(2).max(1)..words.len())
                .rev()
                .find(|&i| opens_clause(&bare(words[i])))
        })
        .flatten();
    // A list run on past eight words to near the limit was cut in its last item
    // ("… that involves evaporation, condens"): the phrase ends before that item.
    if near_limit
        && words.len() > 8
        && let Some(comma) = words[words.len() - 3..words.len() - 1]
            .iter()
            .rposition(|w| w.ends_with(','))
    {
        let kept = words.len() - 3 + comma + 1;
        return words[..kept].join(" ").trim_end_matches(',').to_string();
    }
    // At the limit, or "… hydrogen atoms is the" closed two characters before it: cut too.
    // Far from the limit too, a phrase the model closed on a word that needs another ("The
    // movement of these plates on the asthenosphere is", a Plate tectonics bullet) loses it.
    if clause_at.is_none() && !cut_near_limit(&text, max) {
        let whole = text.trim_end_matches('.');
        return match without_dangling_end(whole) {
            kept if kept.split_whitespace().count() >= 2 => kept.to_string(),
            _ => whole.to_string(),
        };
    }
    // "Light absorption: Plants use chlorophyll to absorb light energy from" cut off at the
    // limit: the label before the colon is the phrase (the narration says the rest).
    if let Some((head, _)) = text.split_once(": ")
        && (2..=40).contains(&head.chars().count())
    {
        return head.trim().to_string();
    }
    // Before the clause it was cut in, or else without its last (broken) word.
    let kept = clause_at.unwrap_or(words.len().saturating_sub(1)).max(1);
    without_dangling_end(&words[..kept].join(" ")).to_string()
}

/// The phrase without the words at its end that cannot end one ("… light energy from"), as
/// many as there are, nor the punctuation before them.
pub(super) fn without_dangling_end(phrase: &str) -> &str {
    let mut cut = phrase;
    loop {
        let trimmed = cut.trim_end_matches([',', ';', ':', '-', '.', ' ']);
        match trimmed.rsplit_once(' ') {
            Some((rest, last)) if cannot_end(last) => cut = rest,
            _ => return trimmed,
        }
    }
}

/// A word a phrase cannot end on: a small word that needs another after it, or a
/// possessive ("… faulting of the earth's", closed before "crust" at a quiz answer's limit).
pub(super) fn cannot_end(word: &str) -> bool {
    let word =
        word.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '\u{2019}');
    ends_no_phrase(&bare(word)) || word.ends_with("'s") || word.ends_with("\u{2019}s")
}

/// Whether a phrase written to fit `max` characters was cut there: it reaches the limit, or
/// stops near it on a word it cannot end on.
pub(super) fn cut_near_limit(text: &str, max: u32) -> bool {
    let text = text.trim();
    written::cut_at_limit(text, max as usize)
        || (text.chars().count() + max as usize / NEAR_LIMIT >= max as usize
            && text.split_whitespace().last().is_some_and(cannot_end))
}

/// How close to its limit a phrase may end and still have been cut there: within a fifth of
/// the limit (14 characters of a 72-character bullet).
pub(super) const NEAR_LIMIT: usize = 5;
