//! One lexicon of English function words: the small words that carry grammar rather than
//! content. A phrase that ends on one is cut short ("… used to drive the"); a sentence is
//! compared with another by what is left without them.

/// Articles, determiners, pronouns and possessives, prepositions, conjunctions, auxiliary and
/// modal verbs, relative words.
pub const FUNCTION_WORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "across",
    "after",
    "against",
    "along",
    "also",
    "although",
    "am",
    "among",
    "an",
    "and",
    "any",
    "are",
    "around",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "beneath",
    "beside",
    "between",
    "beyond",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "during",
    "each",
    "either",
    "every",
    "for",
    "from",
    "had",
    "has",
    "have",
    "he",
    "her",
    "hers",
    "him",
    "his",
    "how",
    "however",
    "i",
    "if",
    "in",
    "inside",
    "into",
    "is",
    "it",
    "its",
    "may",
    "me",
    "might",
    "must",
    "my",
    "neither",
    "nor",
    "of",
    "off",
    "on",
    "onto",
    "or",
    "our",
    "ours",
    "out",
    "over",
    "shall",
    "she",
    "should",
    "since",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "though",
    "through",
    "throughout",
    "to",
    "toward",
    "towards",
    "under",
    "unless",
    "until",
    "upon",
    "us",
    "via",
    "was",
    "we",
    "were",
    "what",
    "whatever",
    "when",
    "where",
    "whereas",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "within",
    "without",
    "would",
    "yet",
    "you",
    "your",
    "yours",
];

/// Whether `word` (any case, without punctuation) is a function word.
pub fn is_function_word(word: &str) -> bool {
    let lower = word.to_lowercase();
    FUNCTION_WORDS.binary_search(&lower.as_str()).is_ok()
}

/// The function words a whole sentence cannot end on: articles, coordinating conjunctions,
/// possessive determiners and the prepositions and relatives that need a word after them.
/// Not every function word: a sentence may end on a pronoun or a preposition ("… protect
/// against.", "… infecting you."); measured on the recorded corpus, ending on any function
/// word called 11 sentences cut where 4 were.
/// Nor "in", which ends a sentence as a verb's particle ("Stomata let carbon dioxide in.").
const NO_SENTENCE_END: &[&str] = &[
    "a", "an", "and", "as", "but", "by", "for", "from", "into", "its", "of", "or", "than", "that",
    "the", "their", "to", "which", "with",
];

/// Whether a sentence that ends on `word` (any case, without punctuation) was cut off.
pub fn ends_no_sentence(word: &str) -> bool {
    let lower = word.to_lowercase();
    NO_SENTENCE_END.binary_search(&lower.as_str()).is_ok()
}

/// The function words a slide phrase cannot end on: a phrase cut at its length limit that
/// ends on one lost the word after it ("… used to drive the"). Besides the sentence's, the
/// auxiliary and modal verbs, the pronouns and possessives that need a noun or a verb, and
/// the joining words; and "not".
const NO_PHRASE_END: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "because", "been", "both", "but", "by", "can",
    "could", "for", "from", "had", "has", "have", "his", "in", "into", "is", "it", "its", "might",
    "must", "my", "not", "of", "on", "or", "our", "should", "such", "than", "that", "the", "their",
    "they", "through", "to", "was", "were", "when", "where", "which", "while", "with", "would",
    "your",
];

/// Whether a phrase that ends on `word` (any case, without punctuation) was cut off.
pub fn ends_no_phrase(word: &str) -> bool {
    let lower = word.to_lowercase();
    NO_PHRASE_END.binary_search(&lower.as_str()).is_ok()
}

/// The words that open a clause: one among the last two words of a phrase cut near its limit
/// means the phrase was cut in that clause ("… pigments that work").
const CLAUSE_OPENERS: &[&str] = &[
    "and", "by", "for", "from", "into", "of", "or", "that", "through", "to", "which", "with",
];

/// Whether `word` (any case, without punctuation) opens a clause.
pub fn opens_clause(word: &str) -> bool {
    let lower = word.to_lowercase();
    CLAUSE_OPENERS.binary_search(&lower.as_str()).is_ok()
}

/// A word (lowercase) crudely stemmed: "-ments", "-ment", "-ly", "-ing", "-ed" and a plural's
/// "-es" or "-s" go where three letters or more are left ("boxes" -> "box", "cells" -> "cell",
/// "reaches" -> "reach", "began" stays).
pub fn stem(word: &str) -> String {
    let long_enough = |root: &str| root.chars().count() >= 3;
    for suffix in ["ments", "ment", "ly", "ing", "ed"] {
        if let Some(root) = word.strip_suffix(suffix)
            && long_enough(root)
        {
            return root.to_string();
        }
    }
    // "boxes", "passes": the "es" goes; "moves", "cells": the "s".
    if let Some(root) = word.strip_suffix("es")
        && long_enough(root)
        && ["s", "x", "z", "ch", "sh"]
            .iter()
            .any(|end| root.ends_with(end))
    {
        return root.to_string();
    }
    match word.strip_suffix('s') {
        Some(root) if long_enough(root) && !root.ends_with('s') => root.to_string(),
        _ => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lexicon_is_sorted_and_has_no_duplicates() {
        assert!(FUNCTION_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(NO_SENTENCE_END.windows(2).all(|w| w[0] < w[1]));
        assert!(NO_SENTENCE_END.iter().all(|w| is_function_word(w)));
        assert!(NO_PHRASE_END.windows(2).all(|w| w[0] < w[1]));
        assert!(
            NO_PHRASE_END
                .iter()
                .all(|w| is_function_word(w) || *w == "not")
        );
        assert!(NO_SENTENCE_END.iter().all(|w| ends_no_phrase(w)));
        assert!(CLAUSE_OPENERS.windows(2).all(|w| w[0] < w[1]));
        assert!(CLAUSE_OPENERS.iter().all(|w| is_function_word(w)));
    }

    #[test]
    fn function_words_are_found_in_any_case() {
        assert!(is_function_word("The"));
        assert!(is_function_word("into"));
        assert!(!is_function_word("chlorophyll"));
    }
}
