//! What a small model's scene needs tidying of before it is narrated: JSON written inside its
//! texts ("More: [", "more': [ [ 'to determine ...") and sentences that say again, nearly word
//! for word, what an earlier one said.

use std::collections::{BTreeSet, HashSet};

use serde_json::Value;

use crate::lexicon::is_function_word;
use crate::storyboard::{ComparisonRow, Scene, Visual};

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

fn content_words(sentence: &str) -> BTreeSet<String> {
    sentence
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 4)
        .map(str::to_lowercase)
        .filter(|w| !is_function_word(w) && w != "more")
        .collect()
}

/// The sentences said so far. A sentence is a repeat when it is the same word for word, or
/// when at least four fifths of its content words (or of the earlier one's; all of four) were
/// in one earlier sentence: "Inflation can lead to higher prices, which can affect consumer spending
/// and slow economic growth" said again with "may" for "can".
#[derive(Clone, Default)]
pub(super) struct Said {
    exact: HashSet<String>,
    bags: Vec<BTreeSet<String>>,
    /// The openings of the sentences said, when a sentence that opens as another is a
    /// repeat too (see [`Said::with_openings`]).
    openings: Option<HashSet<String>>,
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

/// Content words a sentence needs to be compared by them: with four, all four must be in
/// the other ("This gas is composed of two elements: carbon and oxygen." then "The carbon
/// dioxide gas is composed of two elements: carbon and oxygen.", one Photosynthesis scene).
const MIN_BAG: usize = 4;

/// Words two sentences must open with alike for the second to be a template filled again:
/// "The water cycle is a cycle that repeats itself", "… that takes place in a specific
/// order", "… that can be measured" (a 1.5B model, five in one scene). Six words would take
/// "The Calvin cycle takes place in three steps" after "… in the stroma".
const OPENING_WORDS: usize = 7;

impl Said {
    /// Sentences of a lesson's narration: besides what [`Said::insert`] calls a repeat, one
    /// that opens with the same seven words as an earlier one.
    pub fn with_openings() -> Self {
        Said {
            openings: Some(HashSet::new()),
            ..Said::default()
        }
    }

    /// Records the sentence; false when it repeats one said before.
    pub fn insert(&mut self, sentence: &str) -> bool {
        if !self.exact.insert(key(sentence)) {
            return false;
        }
        if let Some(openings) = &mut self.openings {
            let words: Vec<String> = sentence
                .split_whitespace()
                .map(bare)
                .filter(|w| !w.is_empty())
                .collect();
            if words.len() > OPENING_WORDS && !openings.insert(words[..OPENING_WORDS].join(" ")) {
                return false;
            }
        }
        let bag = content_words(sentence);
        if bag.len() >= MIN_BAG {
            let near = self.bags.iter().any(|earlier| {
                let shared = bag.intersection(earlier).count();
                let smaller = bag.len().min(earlier.len());
                smaller >= MIN_BAG && shared * 5 >= smaller * 4
            });
            if near {
                return false;
            }
        }
        self.bags.push(bag);
        true
    }
}

/// Whether a comparison row says nothing: empty, the same on both sides, only the column
/// titles again (seen: "Monetary Policy" | "Fiscal Policy" under those very titles), or a
/// few words that are the same on both sides but for the titles' own words (seen:
/// "Quantity supplied" | "Quantity demanded" under "Supply" and "Demand").
fn empty_row(row: &ComparisonRow, left_title: &str, right_title: &str) -> bool {
    let (left, right) = (key(&row.left), key(&row.right));
    let titles: HashSet<String> = [left_title, right_title]
        .iter()
        .flat_map(|title| stems(title))
        .collect();
    let rest = |side: &str| -> Vec<String> {
        stems(side)
            .into_iter()
            .filter(|stem| !titles.contains(stem))
            .collect()
    };
    let (left_rest, right_rest) = (rest(&row.left), rest(&row.right));
    left.is_empty()
        || right.is_empty()
        || left == right
        || left == key(left_title)
        || right == key(right_title)
        || (left_rest == right_rest && left_rest.len() <= 2)
}

/// The words of `text`, each folded to its first five letters ("supplied" and "Supply" are
/// both "suppl").
fn stems(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().chars().take(5).collect())
        .collect()
}

/// Why a comparison should be written again: half its rows or more say nothing.
pub(super) fn empty_comparison(scene: &Scene) -> Option<String> {
    let Visual::Comparison {
        left_title,
        right_title,
        rows,
        ..
    } = &scene.visual
    else {
        return None;
    };
    if same_titles(left_title, right_title) {
        return Some(
            "its two columns have the same title; title each column with one of the two things compared"
                .to_string(),
        );
    }
    let empty = rows_saying_nothing(rows, left_title, right_title)
        .into_iter()
        .filter(|&nothing| nothing)
        .count();
    (empty * 2 >= rows.len())
        .then(|| "its rows repeat the column titles instead of comparing the two sides".to_string())
}

/// Two column titles that are one (seen: "The water cycle in action" over both columns, under
/// the heading "The water cycle in action").
fn same_titles(left: &str, right: &str) -> bool {
    key(left) == key(right)
}

/// For each row, whether it says nothing: an [`empty_row`], or an earlier row with its sides
/// swapped (seen: "Evaporation" | "Condensation", then "Condensation" | "Evaporation").
fn rows_saying_nothing(rows: &[ComparisonRow], left_title: &str, right_title: &str) -> Vec<bool> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            empty_row(row, left_title, right_title)
                || rows[..i]
                    .iter()
                    .any(|r| key(&r.left) == key(&row.right) && key(&r.right) == key(&row.left))
        })
        .collect()
}

/// A comparison whose second writing still has rows that say nothing keeps its other rows;
/// their sentences are said after them. With no row left it becomes a list of the two things
/// compared, each with its sentence.
pub(super) fn mend_comparison(scene: &mut Scene) {
    if !super::rules::on("mend_comparison") {
        return;
    }
    let Visual::Comparison {
        heading,
        left_title,
        right_title,
        rows,
    } = &mut scene.visual
    else {
        return;
    };
    if same_titles(left_title, right_title) {
        // No two sides to compare: the cells are the things named, a bullet each, said by
        // the beats as they were.
        let mut items: Vec<String> = Vec::new();
        for cell in rows.iter().flat_map(|r| [&r.left, &r.right]) {
            if !cell.trim().is_empty() && !items.iter().any(|i| key(i) == key(cell)) {
                items.push(cell.trim().to_string());
            }
        }
        items.truncate(scene.narration.len().clamp(1, crate::storyboard::MAX_ITEMS));
        if items.is_empty() {
            items.push(left_title.clone());
        }
        scene.visual = Visual::Bullets {
            heading: heading.clone(),
            items,
        };
        return;
    }
    let mut kept_rows = Vec::new();
    let mut kept_beats = Vec::new();
    let mut moved = Vec::new();
    let nothing = rows_saying_nothing(rows, left_title, right_title);
    for (i, (row, says_nothing)) in rows.drain(..).zip(nothing).enumerate() {
        let beat = scene.narration.get(i).cloned();
        if says_nothing {
            moved.extend(beat);
        } else {
            kept_rows.push(row);
            kept_beats.extend(beat);
        }
    }
    let extra: Vec<String> = scene
        .narration
        .iter()
        .skip(kept_rows.len() + moved.len())
        .cloned()
        .collect();
    if kept_rows.is_empty() {
        let (left, right) = (left_title.clone(), right_title.clone());
        let mut beats = moved;
        while beats.len() < 2 {
            beats.push(format!(
                "{left} and {right} are the two sides of this comparison."
            ));
        }
        scene.visual = Visual::Bullets {
            heading: heading.clone(),
            items: vec![left, right],
        };
        beats.extend(extra);
        scene.narration = beats;
    } else {
        *rows = kept_rows;
        kept_beats.extend(moved);
        kept_beats.extend(extra);
        scene.narration = kept_beats;
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

/// Whether a sentence begins by pointing back at what was said just before it.
pub(super) fn points_back(sentence: &str) -> bool {
    let first = sentence
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_end_matches([',', ';', ':'])
        .to_lowercase()
        .replace('\u{2019}', "'");
    matches!(
        first.as_str(),
        "that"
            | "that's"
            | "this"
            | "this's"
            | "it"
            | "it's"
            | "they"
            | "they're"
            | "these"
            | "those"
    )
}

/// Which of `sentences` stay: those `keep` keeps (asked about each in order), except one
/// that points back at a sentence just left out, which goes with it ("That's kind of what
/// happens to the Earth's crust" after a cake called wrong).
pub(super) fn kept_sentences(sentences: &[&str], mut keep: impl FnMut(&str) -> bool) -> Vec<bool> {
    let mut after_dropped = false;
    sentences
        .iter()
        .map(|sentence| {
            let kept = keep(sentence) && !(after_dropped && points_back(sentence));
            after_dropped = !kept;
            kept
        })
        .collect()
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

/// The sentences of a spoken text: split after '.', '!' or '?' followed by a capital.
pub(super) fn sentences_of(text: &str) -> Vec<&str> {
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

/// A text's letters and digits in lower case: what phrases are compared by.
/// Whether a text the schema allowed `max` characters was closed at that limit (it then
/// ends mid-word or mid-clause).
pub(super) fn cut_at_limit(text: &str, max: usize) -> bool {
    text.trim().chars().count() + 1 >= max
}

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
    fn a_sentence_said_again_nearly_word_for_word_is_a_repeat() {
        let mut said = Said::default();
        assert!(said.insert(
            "Inflation can lead to higher prices, which can affect consumer spending and slow economic growth."
        ));
        assert!(!said.insert(
            "Inflation may lead to higher prices, which affects consumer spending and slows economic growth."
        ));
        assert!(!said.insert(
            "Inflation can lead to higher prices, which can affect consumer spending and slow economic growth."
        ));
        assert!(
            said.insert(
                "Central banks raise interest rates to slow the growth of the money supply."
            )
        );
        // Short sentences are compared word for word only.
        assert!(said.insert("Prices rise."));
        assert!(said.insert("Prices fall."));
        // Four content words are a repeat only when the other sentence has all four.
        assert!(said.insert("This gas is composed of two elements: carbon and oxygen."));
        assert!(
            !said.insert("The carbon dioxide gas is composed of two elements: carbon and oxygen.")
        );
        assert!(said.insert("Glucose is composed of carbon, hydrogen and oxygen atoms."));
    }

    #[test]
    fn a_sentence_that_opens_as_another_is_a_template_filled_again() {
        let mut said = Said::with_openings();
        assert!(said.insert("The water cycle is a cycle that repeats itself over and over again."));
        assert!(!said.insert("The water cycle is a cycle that takes place in a specific order."));
        assert!(!said.insert("The Water Cycle is a cycle, that can be measured with instruments."));
        // Six words alike are not a template: the second teaches something new.
        assert!(said.insert("The Calvin cycle takes place in the stroma of the chloroplast."));
        assert!(said.insert("The Calvin cycle takes place in three steps that repeat."));
        // Without openings (plans, a summary's points), only the sentence test.
        let mut plain = Said::default();
        assert!(
            plain.insert("The water cycle is a cycle that repeats itself over and over again.")
        );
        assert!(plain.insert("The water cycle is a cycle that takes place in a specific order."));
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

    #[test]
    fn a_comparison_with_one_title_over_both_columns_or_rows_swapped_is_no_comparison() {
        let row = |l: &str, r: &str| ComparisonRow {
            left: l.into(),
            right: r.into(),
        };
        let beats = |n: usize| {
            (1..=n)
                .map(|i| format!("Sentence {i}."))
                .collect::<Vec<_>>()
        };
        // A Water cycle scene on the 1.5B model: the heading over both columns, and its
        // second row the first one swapped.
        let mut scene = Scene {
            visual: Visual::Comparison {
                heading: "The water cycle in action".into(),
                left_title: "The water cycle in action".into(),
                right_title: "The water cycle in action".into(),
                rows: vec![
                    row("Evaporation", "Condensation"),
                    row("Condensation", "Evaporation"),
                ],
            },
            narration: beats(3),
            cites: Vec::new(),
        };
        assert!(empty_comparison(&scene).unwrap().contains("same title"));
        mend_comparison(&mut scene);
        let Visual::Bullets { heading, items } = &scene.visual else {
            panic!("{:?}", scene.visual)
        };
        assert_eq!(heading, "The water cycle in action");
        assert_eq!(items, &["Evaporation", "Condensation"]);
        assert_eq!(scene.narration, beats(3));

        let swapped = Scene {
            visual: Visual::Comparison {
                heading: "Two processes".into(),
                left_title: "Evaporation".into(),
                right_title: "Condensation".into(),
                rows: vec![
                    row("Liquid becomes gas", "Gas becomes liquid"),
                    row("Gas becomes liquid", "Liquid becomes gas"),
                ],
            },
            narration: beats(2),
            cites: Vec::new(),
        };
        assert!(empty_comparison(&swapped).is_some());
        let mut kept = swapped.clone();
        mend_comparison(&mut kept);
        let Visual::Comparison { rows, .. } = &kept.visual else {
            panic!()
        };
        assert_eq!(rows, &[row("Liquid becomes gas", "Gas becomes liquid")]);
        assert_eq!(
            kept.narration,
            beats(2),
            "the swapped row's sentence is said after"
        );
    }

    #[test]
    fn comparison_rows_that_only_repeat_their_titles_go() {
        let row = |l: &str, r: &str| ComparisonRow {
            left: l.into(),
            right: r.into(),
        };
        let mut scene = Scene {
            visual: Visual::Comparison {
                heading: "Inflation and government policies".into(),
                left_title: "Monetary Policy".into(),
                right_title: "Fiscal Policy".into(),
                rows: vec![
                    row("Monetary policy", "Fiscal policy"),
                    row("Set by the central bank", "Set by the government"),
                    row("Monetary Policy", "Fiscal Policy"),
                ],
            },
            narration: vec![
                "One.".into(),
                "Two.".into(),
                "Three.".into(),
                "Four.".into(),
            ],
            cites: Vec::new(),
        };
        assert!(empty_comparison(&scene).is_some());
        let titled = |l: &str, r: &str| empty_row(&row(l, r), "Supply", "Demand");
        assert!(titled("Quantity supplied", "Quantity demanded"));
        assert!(titled("When supply increases", "When demand increases"));
        assert!(!titled("The price may decrease", "The price may increase"));
        assert!(!titled("Producers", "Consumers"));
        assert!(!empty_row(
            &row("Produces oxygen", "Uses oxygen"),
            "Photosynthesis",
            "Respiration"
        ));
        mend_comparison(&mut scene);
        let Visual::Comparison { rows, .. } = &scene.visual else {
            panic!()
        };
        assert_eq!(rows.len(), 1);
        assert_eq!(scene.narration, ["Two.", "One.", "Three.", "Four."]);

        let mut none_left = Scene {
            visual: Visual::Comparison {
                heading: "H".into(),
                left_title: "Monetary Policy".into(),
                right_title: "Fiscal Policy".into(),
                rows: vec![row("Monetary Policy", "Fiscal Policy")],
            },
            narration: vec!["Central banks set interest rates.".into()],
            cites: Vec::new(),
        };
        mend_comparison(&mut none_left);
        assert!(matches!(&none_left.visual, Visual::Bullets { items, .. } if items.len() == 2));
        assert_eq!(none_left.narration.len(), 2);
    }
}
