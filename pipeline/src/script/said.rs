//! What a lesson has said: a sentence said before, word for word or nearly, is a repeat; a
//! sentence that points back at one left out goes with it.

use std::collections::{BTreeSet, HashSet};

use super::written::{bare, key};
use crate::lexicon::{is_function_word, stem};

fn content_words(sentence: &str, stemmed: bool) -> BTreeSet<String> {
    let words = sentence
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| !w.is_empty() && !is_function_word(w) && w != "more");
    if stemmed {
        words.map(|w| stem(&w)).collect()
    } else {
        words.filter(|w| w.chars().count() >= 4).collect()
    }
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
    /// repeat too (see [`Said::narration`]).
    openings: Option<HashSet<String>>,
    /// Whether content words are compared by their stems, short ones, digits and symbols
    /// included (see [`Said::narration`]); otherwise as written, of four letters or more.
    stemmed: bool,
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
    /// Sentences of a lesson's narration, as the repair stage drops them: besides what
    /// [`Said::insert`] calls a repeat, one that opens with the same seven words as an earlier
    /// one, and words compared by their stems, short ones and a formula's letters and digits
    /// included: "Chlorophyll absorbs the light energy of the sun." after "Plants absorb light
    /// energy from the sun through chlorophyll.", "So, f'(x) = 3x^2." after "The derivative
    /// of f(x) = x^3 is 3x^2.". Measured on the recorded corpus (7 December, 11 lessons
    /// recorded again): repeats 57 -> 48 of about 540 sentences. The plan's teachings and a
    /// lesson from the learner's documents (`from_documents`) keep the plain test: in a
    /// lesson's checked sentences the stemmed one cost a Velmora lesson 46 of its 233 words
    /// and a key idea, since sentences written from one passage share its figures; in the one
    /// live run with it in the repair stage too, a Miskett lesson ended at 138 of its 300
    /// words (three runs without it wrote every lesson; that shows no harm, not the cause).
    pub fn narration(from_documents: bool) -> Self {
        Said {
            openings: Some(HashSet::new()),
            stemmed: !from_documents,
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
        let bag = content_words(sentence, self.stemmed);
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut said = Said::narration(false);
        assert!(said.insert("The water cycle is a cycle that repeats itself over and over again."));
        assert!(!said.insert("The water cycle is a cycle that takes place in a specific order."));
        assert!(!said.insert("The Water Cycle is a cycle, that can be measured with instruments."));
        // Six words alike are not a template: the second teaches something new.
        assert!(said.insert("The Calvin cycle takes place in the stroma of the chloroplast."));
        assert!(said.insert("The Calvin cycle takes place in three steps that repeat."));
        // Without openings (plans, a lesson from documents' checked sentences), only the
        // sentence test.
        let mut plain = Said::default();
        assert!(
            plain.insert("The water cycle is a cycle that repeats itself over and over again.")
        );
        assert!(plain.insert("The water cycle is a cycle that takes place in a specific order."));
    }

    #[test]
    fn narration_compares_stems_and_the_words_of_a_formula() {
        let mut plain = Said::default();
        let mut narration = Said::narration(false);
        for said in [&mut plain, &mut narration] {
            assert!(said.insert("Plants absorb light energy from the sun through chlorophyll."));
            assert!(said.insert("The derivative of f(x) = x^3 is 3x^2."));
        }
        // "absorbs" is "absorb" said again; "f", "x", "3x" and "2" are the formula's words.
        assert!(plain.insert("Chlorophyll absorbs the light energy of the sun."));
        assert!(!narration.insert("Chlorophyll absorbs the light energy of the sun."));
        assert!(plain.insert("So, f'(x) = 3x^2."));
        assert!(!narration.insert("So, f'(x) = 3x^2."));
        // Another formula of the same letters is not a repeat.
        assert!(narration.insert("The derivative of g(t) = 5t is 5."));
        assert!(narration.insert("Chlorophyll reflects green light, so leaves look green."));
        // A lesson from documents compares words as written: its sentences share a passage's
        // figures and names.
        let mut documents = Said::narration(true);
        assert!(documents.insert("Plants absorb light energy from the sun through chlorophyll."));
        assert!(documents.insert("Chlorophyll absorbs the light energy of the sun."));
        assert!(!documents.insert("Plants absorb light energy from the sun, through chlorophyll."));
    }
}
