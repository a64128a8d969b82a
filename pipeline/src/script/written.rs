//! The model's texts read as text: split into sentences; JSON and the schema's field names
//! written into them ("More: [", "more': [ [ 'to determine ..."); the request's own words or a
//! note to itself echoed; a sentence that only names something; a phrase closed at its limit.

use serde_json::Value;

pub(super) use crate::storyboard::sentences_of;
use crate::storyboard::{Scene, Visual};

/// The schema's field names, which a small model now and then writes into a text as a label.
const FIELDS: [&str; 23] = [
    "more",
    "say",
    "bullet",
    "bullets",
    "point",
    "points",
    "term",
    "definition",
    "example",
    "rows",
    "left",
    "right",
    "step",
    "steps",
    "answer",
    "right_answer",
    "wrong_answers",
    "explanation",
    "question",
    "left_title",
    "right_title",
    "heading",
    "teaches",
];

/// Slide fields whose text is code or mathematics, where brackets are meant.
const VERBATIM: [&str; 3] = ["code", "math", "language"];

fn is_field(word: &str) -> bool {
    let word = word.to_lowercase();
    FIELDS.contains(&word.as_str()) || word.starts_with("say_")
}

/// The byte ranges of labels such as `More:`, `"say":` or `more':`.
fn labels(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        let part_of_word = c.is_alphanumeric() || c == '_';
        match (start, part_of_word) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                start = None;
                // "Opening sentence:" or "Definition sentence:" at the start: the prompt's
                // words for a field, written in as a label.
                let sentence_label = text[s..i].eq_ignore_ascii_case("sentence")
                    && text[..s].split_whitespace().count() == 1
                    && text[..s].ends_with(' ');
                if !is_field(&text[s..i]) && !sentence_label {
                    continue;
                }
                // Optional closing quote, optional spaces, then the colon.
                let mut j = i;
                if matches!(bytes.get(j), Some(b'"' | b'\'')) {
                    j += 1;
                }
                while bytes.get(j) == Some(&b' ') {
                    j += 1;
                }
                if bytes.get(j) == Some(&b':') {
                    let opening = s > 0 && matches!(bytes[s - 1], b'"' | b'\'');
                    let from = if sentence_label {
                        0
                    } else if opening {
                        s - 1
                    } else {
                        s
                    };
                    out.push((from, j + 1));
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether a text has JSON in it: a field label, or (when `brackets` counts) a bracket or
/// brace. Slide texts may hold brackets (`a[0]`), spoken ones never need them.
pub(super) fn has_json(text: &str, brackets: bool) -> bool {
    !labels(text).is_empty() || (brackets && text.contains(['[', ']', '{', '}']))
}

/// Every text shown on the slide, with its field name.
fn slide_texts(value: &Value, field: &str, out: &mut Vec<String>) {
    match value {
        Value::String(s) if !VERBATIM.contains(&field) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| slide_texts(v, field, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| slide_texts(v, k, out)),
        _ => {}
    }
}

/// Whether the scene has JSON written into its sentences or its slide.
pub(super) fn scene_has_json(scene: &Scene) -> bool {
    let mut texts = Vec::new();
    if let Ok(visual) = serde_json::to_value(&scene.visual) {
        slide_texts(&visual, "", &mut texts);
    }
    // Code and equations may be read out with their brackets.
    let brackets = !matches!(
        scene.visual,
        Visual::Code { .. } | Visual::EquationSteps { .. }
    );
    scene.narration.iter().any(|s| has_json(s, brackets))
        || texts.iter().any(|t| has_json(t, false))
}

/// A word lower-cased without the punctuation around it.
pub(super) fn bare(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

/// The text with its first letter in upper case when it was in lower case.
pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text.to_string(),
    }
}

/// Words of Lectern's own requests to the writer: a sentence with one of them copied the
/// instructions ("Here's a short correct program of at most 12 lines of at most 60
/// characters, a sentence that says what it does ...").
const INSTRUCTIONS: [&str; 14] = [
    "at most 12 lines",
    "at most 60 characters",
    "line range to highlight",
    "deepen the explanation",
    "(\"more\")",
    "('more')",
    "a sentence that says what it does",
    "a sentence that explains those lines",
    "phrases of 3 to 8 words",
    "short phrases, not questions",
    "index (0-3)",
    "the sentence that explains it",
    // A note to itself, spoken in a Plate tectonics video: "More explanation needed here."
    "explanation needed",
    "more detail needed",
];

/// Whether a sentence only names something and says nothing of it: "The process by which
/// water changes from a liquid to a gas at the surface of the Earth." (a Water cycle summary
/// on the 1.5B model, a quiz question turned into a statement). It opens with "The process by
/// which" (or "in which", "through which") and no "is", "are", "was", "were" or "called"
/// follows. A relative clause with a verb of being of its own ("The process by which water is
/// heated") is missed.
pub(super) fn only_names(sentence: &str) -> bool {
    let words: Vec<String> = sentence.split_whitespace().map(bare).collect();
    let Some(which) = words
        .iter()
        .take(6)
        .position(|w| w == "which" || w == "whereby")
    else {
        return false;
    };
    let before_which = which.checked_sub(1).map(|i| words[i].as_str());
    let opens_a_name = words[which] == "whereby"
        || (matches!(words[0].as_str(), "the" | "a" | "an")
            && matches!(before_which, Some("by" | "in" | "through")));
    opens_a_name
        && !words[which + 1..].iter().any(|w| {
            matches!(
                w.as_str(),
                "is" | "are" | "was" | "were" | "called" | "known" | "means"
            )
        })
}

pub(super) fn echoes_instructions(text: &str) -> bool {
    let text = text.to_lowercase();
    INSTRUCTIONS.iter().any(|i| text.contains(i))
        || NOTE_OPENINGS
            .iter()
            .any(|o| text.trim_start().starts_with(o))
}

/// How a note to itself begins: "more explanation of photosynthesis process in plants" was
/// offered to lengthen a Photosynthesis scene and spoken.
/// A sentence about the slide rather than the subject is one too: "This scene explains how
/// vaccines can cause mild side effects" (a How vaccines work comparison).
const NOTE_OPENINGS: [&str; 10] = [
    "more explanation",
    "more detail",
    "further explanation",
    "further detail",
    "additional explanation",
    "additional detail",
    "this scene ",
    "in this scene",
    "this slide ",
    "on this slide",
];

/// Whether a text the schema allowed `max` characters was closed at that limit (it then
/// ends mid-word or mid-clause).
pub(super) fn cut_at_limit(text: &str, max: usize) -> bool {
    text.trim().chars().count() + 1 >= max
}

/// A text's letters and digits in lower case: what phrases are compared by.
pub(super) fn key(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_written_into_a_sentence_is_found() {
        assert!(has_json("More: [", true));
        let nested = "More': [ [ 'to determine the cost of living', 'to plan ahead' ]";
        assert!(has_json(nested, true));
        assert!(has_json(
            "\"say\": \"Prices rise when money loses value.\"",
            true
        ));
        // An apostrophe, a colon after an ordinary word, and a bracket on a slide are not.
        assert!(!has_json("It's the economy's rate: 3 percent", true));
        assert!(!has_json("nums[0] is the first item", false));
    }

    #[test]
    fn a_prompt_word_written_in_as_a_label_is_json() {
        assert!(has_json(
            "Opening sentence: Photosynthesis releases oxygen.",
            false
        ));
        assert!(has_json(
            "Right_title: Deformation is the result of heat.",
            false
        ));
        // A sentence that only mentions the word does not.
        assert!(!has_json(
            "Read the first sentence: it sets the scene.",
            false
        ));
    }

    #[test]
    fn a_sentence_that_only_names_a_process_says_nothing() {
        assert!(only_names(
            "The process by which water changes from a liquid to a gas at the surface of the Earth."
        ));
        assert!(only_names(
            "The process by which water flows over the land surface and returns to the oceans."
        ));
        assert!(!only_names(
            "The process by which plants make glucose is called photosynthesis."
        ));
        assert!(!only_names(
            "Photosynthesis is the process by which plants make glucose."
        ));
        assert!(!only_names("Water evaporates, which cools the surface."));
    }
}
