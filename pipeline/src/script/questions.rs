//! What a multiple-choice question must pass before a video asks it, in a quiz scene or as a
//! checkpoint: options that answer it, and a marked answer that the model itself chooses when
//! asked the question afresh.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::json;

use super::ScriptError;
use super::chat::{JsonModel, Turn};
use super::schema::object;
use super::written::{bare, capitalised, key, sentences_of};
use crate::checkpoints::clip;
use crate::lexicon::is_function_word;
use crate::storyboard::{Scene, Visual};

/// Why a question's options do not answer it, if they do not: two options alike, options
/// that are questions themselves (a small model has offered "What is the role of water splitting in
/// photosynthesis?" as the answer to that very question, and agreed with itself), or only
/// yes and no.
pub(super) fn options_flaw(options: &[String]) -> Option<&'static str> {
    if options.iter().any(|o| o.trim_end().ends_with('?')) {
        return Some("its options are questions, not answers");
    }
    let yes_or_no = |o: &String| {
        matches!(
            key(o).as_str(),
            "yes" | "no" | "maybe" | "notsure" | "true" | "false" | "idontknow" | "sometimes"
        )
    };
    if options.iter().all(yes_or_no) {
        return Some("its options are yes and no, not answers to the question");
    }
    // Two options alike leave three to choose from, and one of the two may be marked.
    let mut seen = std::collections::HashSet::new();
    if !options.iter().all(|o| seen.insert(key(o))) {
        return Some("two of its options are the same; give four different answers");
    }
    let meanings: Vec<BTreeSet<String>> = options.iter().map(|o| meaning(o)).collect();
    let alike = meanings.iter().enumerate().any(|(i, a)| {
        meanings[i + 1..].iter().any(|b| {
            let (small, large) = if a.len() <= b.len() { (a, b) } else { (b, a) };
            !small.is_empty() && small.is_subset(large) && (small.len() >= 3 || small == large)
        })
    });
    if alike {
        return Some("two of its options say the same in other words; give different answers");
    }
    None
}

/// What an option says, as the stems of its words without the little ones: "The water is
/// heated by the sun" and "The sun heats the water" both say {heat, sun, water}.
fn meaning(option: &str) -> BTreeSet<String> {
    words(option)
        .into_iter()
        .filter(|w| !is_function_word(w))
        .map(|w| {
            let root = ["ing", "ed", "es", "s"]
                .iter()
                .find_map(|end| w.strip_suffix(end).filter(|r| r.chars().count() >= 3))
                .unwrap_or(&w);
            root.chars().take(5).collect()
        })
        .collect()
}

/// Whether the lesson's narration (`heard`, its sentences) says a question's right answer:
/// two thirds of the answer's words or more (their stems, as [`meaning`] has them) are in it.
/// A checkpoint is answered from what the video taught, not from what the learner might
/// know: a question keyed "4" to a lesson that said "the 5th century" and "after the 4th"
/// is not.
pub(super) fn taught<'a>(right: &str, heard: impl IntoIterator<Item = &'a str>) -> bool {
    let answer = meaning(right);
    if answer.is_empty() {
        return true;
    }
    let heard: BTreeSet<String> = heard.into_iter().flat_map(meaning).collect();
    let said = answer.iter().filter(|w| heard.contains(*w)).count();
    said * 3 >= answer.len() * 2
}

/// Whether a question names its own right answer ("What is plate tectonics?" answered
/// "plate tectonics", in a Plate tectonics quiz): every word of the answer is in the
/// question, so it asks nothing.
pub(super) fn gives_away(question: &str, right: &str) -> bool {
    let asked = words(question);
    let answer: Vec<String> = words(right)
        .into_iter()
        .filter(|w| !is_function_word(w))
        .collect();
    !answer.is_empty() && answer.iter().all(|w| asked.iter().any(|q| same_word(q, w)))
}

/// The words of a text, in lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The same word, or one the other's plural ("plate", "plates").
fn same_word(a: &str, b: &str) -> bool {
    a == b || a.strip_suffix('s') == Some(b) || b.strip_suffix('s') == Some(a)
}

/// A question's options as a learner sees them, asked of a model as the right answer and the
/// wrong ones (a small model asked for options and an index wrote questions as options, or
/// marked a wrong one), with the right one's place: among the wrong ones at a place set by
/// the question, so that it is not always first.
pub(super) fn placed(question: &str, right: &str, wrong: &[String]) -> (Vec<String>, usize) {
    let place = key(question).bytes().map(usize::from).sum::<usize>() % (wrong.len() + 1);
    let mut options = wrong.to_vec();
    options.insert(place, right.to_string());
    (without_shared_opening(options), place)
}

/// Options that all begin with the same words ("The water cycle is a continuous process …",
/// "The water cycle is a series of events …", for "What is the water cycle?") without them:
/// read aloud, "Is it The water cycle is a …, The water cycle is a … or …?" buries the
/// answers. Only when every option keeps two words or more.
fn without_shared_opening(options: Vec<String>) -> Vec<String> {
    let split: Vec<Vec<&str>> = options
        .iter()
        .map(|o| o.split_whitespace().collect())
        .collect();
    let shortest = split.iter().map(Vec::len).min().unwrap_or(0);
    let same = |i: usize| {
        let first = bare(split[0][i]);
        split.iter().all(|words| bare(words[i]) == first)
    };
    let alike = (0..shortest).take_while(|&i| same(i)).count();
    // Only up to "is" or "are" and an article after it: the options then say what the thing
    // is. "Photosynthesis converts light energy …", "Photosynthesis converts carbon dioxide"
    // keep their verb ("Carbon dioxide" alone answers another question).
    let copula = (0..alike)
        .rev()
        .find(|&i| matches!(bare(split[0][i]).as_str(), "is" | "are" | "was" | "were"));
    let shared = match copula {
        Some(i)
            if i + 1 < alike && matches!(bare(split[0][i + 1]).as_str(), "a" | "an" | "the") =>
        {
            i + 2
        }
        Some(i) => i + 1,
        None => 0,
    };
    if options.len() < 2 || shared < 2 || shortest < shared + 2 {
        return options;
    }
    split
        .iter()
        .map(|words| capitalised(&words[shared..].join(" ")))
        .collect()
}

/// Whether an explanation only says the answer again: at most one of its words (besides the
/// small ones) is not in the question or the right answer ("The water cycle is a continuous
/// process that describes how water moves on Earth." explaining that very option).
pub(super) fn says_nothing_new(explanation: &str, question: &str, right: &str) -> bool {
    let said = words(&format!("{question} {right}"));
    let new = words(explanation)
        .into_iter()
        .filter(|w| !is_function_word(w))
        .filter(|w| !said.iter().any(|s| same_word(s, w)))
        .count();
    new <= 1
}

/// A quiz whose marked answer the model itself does not choose when asked the question
/// afresh is left out: a small model often marks the wrong option ("What is the by-product
/// of photosynthesis?" marked "glucose").
pub(super) async fn answers_agree(
    writer: &impl JsonModel,
    turns: &[Turn],
    scene: &Scene,
) -> Result<bool, ScriptError> {
    let Visual::Quiz {
        question,
        options,
        answer,
        ..
    } = &scene.visual
    else {
        return Ok(true);
    };
    let request = format!(
        "Answer this question correctly. Question: {} Options: {}.",
        finish_question(question),
        options
            .iter()
            .map(|o| format!("\"{o}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let text = writer
        .judge_json(
            &[turns.to_vec(), vec![Turn::User(request)]].concat(),
            "answer",
            object(json!({ "answer": { "type": "string", "enum": options } })),
        )
        .await?;
    #[derive(Deserialize)]
    struct Chosen {
        answer: String,
    }
    let chosen: Chosen = serde_json::from_str(&text)
        .map_err(|e| ScriptError::Empty(format!("the quiz answer is not JSON: {e}")))?;
    let agree = options.get(*answer) == Some(&chosen.answer);
    if !agree {
        tracing::info!(
            question = %question,
            marked = ?options.get(*answer),
            chosen = %chosen.answer,
            "leaving out the quiz: asked again, the model chose another answer"
        );
    }
    Ok(agree)
}

/// What a learner reads or hears after answering, in a quiz or at a checkpoint: the sentences
/// of the model's explanation that are whole and about the subject, if any. A 1.5B model
/// explained "The question checks if the learner understands the process of photosynthesis…"
/// and was cut off at its length limit.
pub(super) fn explanation_of(written: &str) -> Option<String> {
    // "This is a fact about the subject of photosynthesis.": the request's own words
    // ("as a fact about the subject") said back.
    let about_the_asking = |sentence: &str| {
        sentence.to_lowercase().contains("fact about the subject")
            || sentence.split(|c: char| !c.is_alphanumeric()).any(|word| {
                ["question", "questions", "learner", "learners", "quiz"]
                    .iter()
                    .any(|w| word.eq_ignore_ascii_case(w))
            })
    };
    let kept: Vec<String> = sentences_of(written)
        .into_iter()
        .filter(|s| s.ends_with(['.', '!']) && !about_the_asking(s))
        .filter_map(without_answer_frame)
        .collect();
    (!kept.is_empty()).then(|| clip(&kept.join(" "), 300))
}

/// A sentence of an explanation without the words that say it is the answer: the reveal
/// already says "The answer is …", and a 1.5B model began its explanation "The right answer
/// is that …". What is left of the sentence, capitalised; none when it only named the answer.
fn without_answer_frame(sentence: &str) -> Option<String> {
    const FRAMES: [&str; 6] = [
        "the right answer is that ",
        "the correct answer is that ",
        "the right answer is ",
        "the correct answer is ",
        "the answer is that ",
        "the answer is ",
    ];
    let lower = sentence.to_lowercase();
    let Some(frame) = FRAMES.iter().find(|f| lower.starts_with(*f)) else {
        return Some(sentence.to_string());
    };
    let rest = sentence.get(frame.len()..)?.trim();
    // "The right answer is B because …": only the reason teaches anything.
    let rest = match rest.split_once(" because ") {
        Some((_, reason)) if rest.split_whitespace().count() > 3 => reason,
        _ => rest,
    };
    (rest.split_whitespace().count() > 3).then(|| capitalised(rest))
}

/// The question as asked: one question mark at its end.
pub(super) fn finish_question(text: &str) -> String {
    let text = text.trim().trim_end_matches(['.', ':']);
    if text.ends_with('?') {
        text.to_string()
    } else {
        format!("{text}?")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_that_say_the_same_in_other_words_are_a_flaw() {
        let flawed = |options: &[&str]| {
            options_flaw(&options.iter().map(|o| o.to_string()).collect::<Vec<_>>())
        };
        // A Water cycle checkpoint on the 1.5B model: three ways of saying one answer.
        assert!(
            flawed(&[
                "The sun heats the water",
                "The water is heated by the sun",
                "The water molecules are heated by the sun",
            ])
            .is_some()
        );
        assert!(flawed(&["Evaporates", "It evaporates", "Melts", "Cools"]).is_some());
        // One answer within another is a different answer when it says little.
        assert_eq!(
            flawed(&["Oxygen", "Oxygen and glucose", "Carbon dioxide", "Water"]),
            None
        );
        assert_eq!(
            flawed(&["condensation", "precipitation", "runoff", "evaporation"]),
            None
        );
        assert_eq!(
            flawed(&[
                "Plants release oxygen into the air",
                "Plants take carbon dioxide from the air",
                "Animals release carbon dioxide",
            ]),
            None
        );
    }

    #[test]
    fn options_lose_the_words_they_all_begin_with() {
        let (options, place) = placed(
            "What is the water cycle?",
            "The water cycle is a continuous process that describes how water moves",
            &[
                "The water cycle is a series of events that occur".into(),
                "The water cycle is a sequence of steps that happen".into(),
                "The Water cycle is a process that happens".into(),
            ],
        );
        assert_eq!(
            options[place],
            "Continuous process that describes how water moves"
        );
        assert!(
            options.contains(&"Process that happens".to_string()),
            "{options:?}"
        );
        // Options that share one word, or that would be left with one, stay as written.
        let (options, _) = placed(
            "Which gas is released?",
            "The oxygen",
            &["The nitrogen".into(), "The argon".into()],
        );
        assert!(options.contains(&"The oxygen".to_string()), "{options:?}");
        let (options, _) = placed(
            "Where does it happen?",
            "In the leaf cells",
            &["In the leaf roots".into(), "In the leaf".into()],
        );
        assert!(options.contains(&"In the leaf".to_string()), "{options:?}");
        // Options that share a verb keep it.
        let (options, _) = placed(
            "What is photosynthesis?",
            "Photosynthesis converts light energy into chemical energy",
            &[
                "Photosynthesis converts carbon dioxide".into(),
                "Photosynthesis converts water into glucose".into(),
            ],
        );
        assert!(
            options.contains(&"Photosynthesis converts carbon dioxide".to_string()),
            "{options:?}"
        );
    }

    #[test]
    fn an_explanation_that_only_says_the_answer_again_says_nothing() {
        let question = "What is the water cycle?";
        let right = "The water cycle is a continuous process that describes how water moves";
        assert!(says_nothing_new(
            "The water cycle is a continuous process that describes how water moves on Earth.",
            question,
            right
        ));
        assert!(!says_nothing_new(
            "Water is split and its oxygen is released.",
            "Which gas do plants give off?",
            "Oxygen"
        ));
    }

    #[test]
    fn an_explanation_does_not_say_again_that_it_is_the_answer() {
        assert_eq!(
            explanation_of(
                "The right answer is that plates float on the hot, soft mantle below them."
            )
            .as_deref(),
            Some("Plates float on the hot, soft mantle below them.")
        );
        assert_eq!(
            explanation_of(
                "The correct answer is oxygen because water is split in the light reactions."
            )
            .as_deref(),
            Some("Water is split in the light reactions.")
        );
        // Naming the answer again says nothing: the reveal has said it.
        assert_eq!(explanation_of("The answer is oxygen."), None);
        assert_eq!(
            explanation_of("The answer is oxygen. Water is split and its oxygen is released.")
                .as_deref(),
            Some("Water is split and its oxygen is released.")
        );
        // Nor is the request's own wording said back.
        assert_eq!(
            explanation_of(
                "Photosynthesis converts light energy into chemical energy. This is a fact about \
                 the subject of photosynthesis."
            )
            .as_deref(),
            Some("Photosynthesis converts light energy into chemical energy.")
        );
        // An explanation that does not begin so is kept as written.
        assert_eq!(
            explanation_of("Chlorophyll absorbs red and blue light.").as_deref(),
            Some("Chlorophyll absorbs red and blue light.")
        );
    }

    #[test]
    fn a_question_that_names_its_answer_asks_nothing() {
        // A Plate tectonics quiz: "crust", "earth", "plate tectonics" or "science".
        assert!(gives_away("What is plate tectonics?", "plate tectonics"));
        assert!(gives_away("What is plate tectonics?", "Plate Tectonic"));
        assert!(!gives_away(
            "What is plate tectonics?",
            "The study of moving plates"
        ));
        assert!(!gives_away(
            "Which gas do plants take in for photosynthesis?",
            "Carbon dioxide"
        ));
        assert!(!gives_away("What do plants make?", ""));
    }

    #[test]
    fn an_answer_is_taught_when_the_lesson_says_it() {
        let heard = [
            "It occurred in the 5th century AD, after the division of the empire.",
            "Plants take in carbon dioxide and release oxygen.",
        ];
        assert!(!taught("4", heard));
        assert!(taught("5th century", heard));
        assert!(taught("Carbon dioxide", heard));
        assert!(taught("It takes in carbon dioxide", heard));
        assert!(!taught("Nitrogen and carbon dioxide and water", heard));
        assert!(taught("", heard));
    }
}
