//! The terms of a topic worth looking up: the whole phrase, then its content words and
//! phrases, with stop words and words about the lesson itself ("introduction", "basics")
//! left out.

use crate::lexicon::is_function_word;

/// Words that carry no meaning of their own in a topic, besides the function words.
const STOP_WORDS: &[&str] = &["vs", "versus", "&"];

/// Words about the lesson rather than its subject.
const GENERIC_WORDS: &[&str] = &[
    "introduction",
    "intro",
    "basics",
    "basic",
    "fundamentals",
    "understanding",
    "understand",
    "overview",
    "guide",
    "tutorial",
    "lesson",
    "lessons",
    "course",
    "explained",
    "explain",
    "works",
    "work",
    "concepts",
    "concept",
    "principles",
    "simple",
    "quick",
    "everything",
    "need",
    "know",
    "beginner",
    "beginners",
    "beginner's",
    "intermediate",
    "advanced",
    "primer",
    "crash",
    "part",
    "101",
    "deep",
    "dive",
    "using",
    "example",
    "examples",
    "definition",
    "meaning",
];

/// A topic's words, lower case, with the punctuation that cannot be part of a term removed
/// ("Newton's laws" keeps its apostrophe, "TCP/IP" its slash, "C++" its pluses).
pub(super) fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace(['\u{2019}', '\u{2018}'], "'")
        .split(|c: char| c.is_whitespace() || ",:;?!()[]{}\"".contains(c))
        .map(|w| w.trim_matches(|c: char| ".'-".contains(c)))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

pub(super) fn is_content(word: &str) -> bool {
    !is_function_word(word)
        && !STOP_WORDS.contains(&word)
        && !GENERIC_WORDS.contains(&word)
        && word.chars().any(char::is_alphabetic)
}

/// One phrase to look up: the indices of its words in the topic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Candidate {
    pub words: Vec<usize>,
    /// The topic's own term: the whole topic, or its content words when they are one phrase.
    pub is_topic: bool,
    /// A single word that modifies the word after it ("binary" in "binary tree").
    pub is_modifier: bool,
}

/// Verbs after which an adjective ends the subject ("why is the sky | blue").
const COPULAS: &[&str] = &["is", "are", "was", "were"];

/// What to look up, most specific first: the whole topic, its content words as one phrase,
/// the phrases inside each run of content words (longest first), then the single words.
/// In a question with a copula, an adjective that ends a run is its predicate, not part
/// of a term.
pub(super) fn candidates(words: &[String], is_adjective: impl Fn(&str) -> bool) -> Vec<Candidate> {
    let mut runs: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if is_content(word) {
            current.push(i);
        } else if !current.is_empty() {
            runs.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        runs.push(current);
    }
    if let Some(copula) = words.iter().position(|w| COPULAS.contains(&w.as_str())) {
        let mut split = Vec::new();
        for mut run in runs {
            let last = run.last().copied();
            if let Some(last) = last
                && run.len() > 1
                && last > copula
                && is_adjective(&words[last])
            {
                run.pop();
                split.push(run);
                split.push(vec![last]);
            } else {
                split.push(run);
            }
        }
        runs = split;
    }

    let mut out: Vec<Candidate> = Vec::new();
    let mut push = |candidate: Candidate| {
        if !candidate.words.is_empty() && !out.iter().any(|c| c.words == candidate.words) {
            out.push(candidate);
        }
    };
    push(Candidate {
        words: (0..words.len()).collect(),
        is_topic: true,
        is_modifier: false,
    });
    if runs.len() == 1 {
        push(Candidate {
            words: runs[0].clone(),
            is_topic: true,
            is_modifier: false,
        });
    }
    // A name with "of" inside ("reign of terror", "conservation of energy", "battle of
    // hastings"): the run before it and the run after it joined, longest first; WordNet
    // holds 2,103 such nouns, and "reign" alone is "a period during which something or
    // somebody is dominant".
    for pair in runs.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let (last, first) = (before[before.len() - 1], after[0]);
        let between = &words[last + 1..first];
        if !matches!(between, [of] if of == "of")
            && !matches!(between, [of, the] if of == "of" && the == "the")
        {
            continue;
        }
        let mut spans: Vec<Vec<usize>> = Vec::new();
        for start in 0..before.len() {
            for end in 1..=after.len() {
                let mut span = before[start..].to_vec();
                span.extend(last + 1..first);
                span.extend(&after[..end]);
                spans.push(span);
            }
        }
        spans.sort_by_key(|span| std::cmp::Reverse(span.len()));
        for words in spans {
            push(Candidate {
                words,
                is_topic: false,
                is_modifier: false,
            });
        }
    }
    // Each run whole too: in "Plate tectonics: what are plates?" (a scene's lookup, the topic
    // before its heading) "plate tectonics" is a run of its own, and its definition is what
    // "plates" is then chosen to fit.
    for run in &runs {
        for len in (2..=run.len()).rev() {
            for window in run.windows(len) {
                push(Candidate {
                    words: window.to_vec(),
                    is_topic: false,
                    is_modifier: false,
                });
            }
        }
    }
    for run in &runs {
        for (k, &i) in run.iter().enumerate() {
            push(Candidate {
                words: vec![i],
                is_topic: false,
                is_modifier: k + 1 < run.len(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phrase(words: &[String], indices: &[usize]) -> String {
        indices
            .iter()
            .map(|&i| words[i].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn texts(topic: &str) -> Vec<String> {
        let w = words(topic);
        candidates(&w, |word| word == "blue")
            .iter()
            .map(|c| phrase(&w, &c.words))
            .collect()
    }

    #[test]
    fn generic_words_are_left_out_of_the_topic_term() {
        assert_eq!(
            texts("How vaccines work"),
            ["how vaccines work", "vaccines"]
        );
    }

    #[test]
    fn a_run_of_three_words_gives_its_pairs_then_its_words() {
        assert_eq!(
            texts("Introduction to binary search trees"),
            [
                "introduction to binary search trees",
                "binary search trees",
                "binary search",
                "search trees",
                "binary",
                "search",
                "trees"
            ]
        );
    }

    #[test]
    fn each_run_is_looked_up_whole_when_there_are_several() {
        // A scene's lookup: the topic, then its heading.
        assert_eq!(
            texts("Plate tectonics What are Plates?"),
            [
                "plate tectonics what are plates",
                "plate tectonics",
                "plate",
                "tectonics",
                "plates"
            ]
        );
    }

    #[test]
    fn an_adjective_after_a_copula_is_not_part_of_the_term() {
        assert_eq!(
            texts("Why is the sky blue?"),
            ["why is the sky blue", "sky", "blue"]
        );
    }

    #[test]
    fn a_name_with_of_inside_is_looked_up_whole_before_its_words() {
        assert_eq!(
            texts("French Revolution: Reign of Terror"),
            [
                "french revolution reign of terror",
                "revolution reign of terror",
                "reign of terror",
                "french revolution reign",
                "french revolution",
                "revolution reign",
                "french",
                "revolution",
                "reign",
                "terror"
            ]
        );
        assert_eq!(
            texts("War of the Roses"),
            ["war of the roses", "war", "roses"]
        );
    }

    #[test]
    fn stop_words_split_a_topic_into_runs() {
        assert_eq!(
            texts("Supply and demand"),
            ["supply and demand", "supply", "demand"]
        );
    }
}
