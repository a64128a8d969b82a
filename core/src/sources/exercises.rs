//! A worksheet's numbered exercises, so that a student can ask for "exercise 3" of a document
//! they brought and the solution solves the problem as it is stated there. An exercise is a
//! paragraph (or list item) that starts with its number ("3.", "3)", "2b:"), with or without
//! a word before it ("Exercise 3", "Problem 2b.", "Q4"), or the first paragraph under a
//! heading that is one ("Exercise 3").

use crate::entities::source_passage;

/// One numbered exercise of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    /// Its number as written, lower case: "3", "2b".
    pub label: String,
    /// Its statement, without the number.
    pub text: String,
    pub page: Option<u32>,
    /// The passage it is in.
    pub passage: u32,
}

/// Words that may name an exercise before its number (the web app's form reads them from
/// `limits.ts`).
pub const NAMES: &[&str] = &[
    "exercise", "problem", "question", "task", "q", "no", "number",
];

/// Words a student may put around a reference: "solve exercise 3 from my worksheet".
pub const AROUND: &[&str] = &[
    "solve",
    "do",
    "answer",
    "please",
    "from",
    "of",
    "in",
    "on",
    "my",
    "the",
    "this",
    "worksheet",
    "sheet",
    "document",
    "handout",
];

/// `word` as a label: digits, then at most one letter ("3", "12", "2b"), lower case.
fn label_of(word: &str) -> Option<String> {
    let word = word.trim_start_matches('#').to_lowercase();
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let rest = &word[digits..];
    let fits = digits > 0
        && digits <= 3
        && (rest.is_empty() || (rest.len() == 1 && rest.chars().all(|c| c.is_ascii_lowercase())));
    fits.then_some(word)
}

/// The label a paragraph starts with and its text after it; a bare number needs its
/// punctuation ("3." but not "3 apples cost ...").
fn numbered(paragraph: &str) -> Option<(String, String)> {
    let mut words = paragraph.split_whitespace();
    let first = words.next()?;
    let (named, number) = {
        let bare = first.trim_end_matches(['.', ':', ')']).to_lowercase();
        if NAMES.contains(&bare.as_str()) {
            (true, words.next()?)
        } else if bare
            .strip_prefix('q')
            .is_some_and(|g| label_of(g).is_some())
        {
            // "Q4." as one word.
            (true, &first[1..])
        } else {
            (false, first)
        }
    };
    let punctuated = number.ends_with(['.', ')', ':']);
    let label = label_of(number.trim_end_matches(['.', ')', ':']))?;
    if !named && !punctuated {
        return None;
    }
    let text = words.collect::<Vec<_>>().join(" ");
    Some((label, text))
}

/// The numbered exercises of a document's passages (in order), each once: the first
/// paragraph that carries a number is that exercise.
pub fn exercises(passages: &[source_passage::Model]) -> Vec<Exercise> {
    let mut found: Vec<Exercise> = Vec::new();
    for passage in passages {
        let place = |label: String, text: String| Exercise {
            label,
            text,
            page: passage.page.map(|p| p.max(0) as u32),
            passage: passage.ordinal.max(0) as u32,
        };
        let mut paragraphs = passage
            .text
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty());
        // Under a heading that names an exercise, its first paragraph states it.
        if let Some((label, rest)) = passage.heading.as_deref().and_then(numbered)
            && rest.split_whitespace().count() <= 3
            && let Some(first) = paragraphs.next()
        {
            found.push(place(label, first.to_string()));
        }
        for paragraph in paragraphs {
            if let Some((label, text)) = numbered(paragraph)
                && !text.is_empty()
            {
                found.push(place(label, text));
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    found.retain(|e| seen.insert(e.label.clone()));
    found
}

/// The exercise a student's words name ("3", "Exercise 3", "solve problem 2b from my
/// worksheet", "Q4"): its label; None when the words are a problem of their own.
pub fn reference(words: &str) -> Option<String> {
    let cleaned: Vec<String> = words
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| matches!(c, '.' | '!' | '?' | ',' | ':' | '"' | '\''))
                .to_lowercase()
        })
        .filter(|w| !w.is_empty() && !AROUND.contains(&w.as_str()))
        .collect();
    match cleaned.as_slice() {
        [one] => label_of(one).or_else(|| one.strip_prefix('q').and_then(label_of)),
        [name, number] if NAMES.contains(&name.as_str()) => label_of(number),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passage(ordinal: i32, heading: Option<&str>, text: &str) -> source_passage::Model {
        source_passage::Model {
            id: ordinal,
            source_id: "w".into(),
            user_id: "u".into(),
            ordinal,
            page: Some(ordinal + 1),
            heading: heading.map(str::to_string),
            text: text.into(),
            words: 0,
        }
    }

    #[test]
    fn numbered_paragraphs_named_or_not_are_exercises_and_prose_is_not() {
        let found = exercises(&[
            passage(
                0,
                Some("Linear equations"),
                "Solve each equation.\n\n1. 2x + 3 = 11\n\n2) 5x - 4 = 3x + 6\n\n\
                 3 apples cost 90 cents in all.\n\nExercise 3: A train travels 120 km in 2 hours. \
                 What is its speed?",
            ),
            passage(
                1,
                Some("Problem 4"),
                "Half of a number, less 4, is 10.\n\nHint: undo the halving.",
            ),
            passage(
                2,
                None,
                "Q5. Solve x^2 = 49.\n\n1. A repeated number is kept once.",
            ),
        ]);
        let labels: Vec<(&str, &str, Option<u32>)> = found
            .iter()
            .map(|e| (e.label.as_str(), e.text.as_str(), e.page))
            .collect();
        assert_eq!(
            labels,
            [
                ("1", "2x + 3 = 11", Some(1)),
                ("2", "5x - 4 = 3x + 6", Some(1)),
                (
                    "3",
                    "A train travels 120 km in 2 hours. What is its speed?",
                    Some(1)
                ),
                ("4", "Half of a number, less 4, is 10.", Some(2)),
                ("5", "Solve x^2 = 49.", Some(3)),
            ]
        );
    }

    #[test]
    fn a_student_names_an_exercise_in_their_own_words() {
        for (words, label) in [
            ("3", Some("3")),
            ("Exercise 3", Some("3")),
            ("solve problem 2b from my worksheet.", Some("2b")),
            ("Q4", Some("4")),
            ("question #12", Some("12")),
            ("2x + 3 = 11", None),
            ("A train travels 120 km in 2 hours", None),
            ("exercise three", None),
        ] {
            assert_eq!(reference(words).as_deref(), label, "{words}");
        }
    }
}
