//! A second look at what a scene says, before it is kept: each of its sentences is put to the
//! model on its own, as a teacher checking a script would read it, and a sentence the model
//! then calls wrong goes.
//!
//! A small model writing a whole scene gets relations backwards that it judges correctly
//! when asked about one sentence alone: a 1.5B model wrote "respiration breaks down chemical
//! energy into light" in three Photosynthesis scripts, and asked about that sentence alone it
//! answers that it is wrong. The question is asked without sampling (`judge_json`). Its
//! judgment is no proof: of 18 sentences from real scripts and known mistakes (9 of them
//! wrong), Qwen2.5-Coder 1.5B called 4 of the wrong ones wrong and none of the right ones.
//! What it misses stays, so this lowers the mistakes in a script; it does not remove them.

use serde::Deserialize;
use serde_json::json;

use super::ScriptError;
use super::chat::{JsonModel, Turn, Vetted};
use super::said;
use super::schema::object;
use super::written::sentences_of;
use crate::storyboard::{Scene, Visual};

/// The sentences of `scene` that the model calls wrong when asked about each alone, taken
/// out: a beat loses those sentences; a beat left with none goes with its element (a bullet,
/// a row) where the scene keeps another, and stays as it was where it cannot go (the only
/// element, or a definition's own). Answers the sentences taken out.
pub(super) async fn drop_wrong(
    writer: &impl JsonModel,
    topic: &str,
    scene: &mut Scene,
) -> Result<Vec<String>, ScriptError> {
    if !super::rules::on("sentence_check") {
        return Ok(Vec::new());
    }
    if matches!(scene.visual, Visual::Title { .. } | Visual::Quiz { .. }) {
        return Ok(Vec::new());
    }
    // Every sentence is its own question, so they are all asked at once: the server answers
    // as many side by side as it has slots.
    let beats: Vec<Vec<&str>> = scene.narration.iter().map(|b| sentences_of(b)).collect();
    let verdicts = verdicts(writer, topic, beats.iter().flatten().copied()).await?;
    let mut verdicts = verdicts.into_iter();
    let mut kept_beats = Vec::with_capacity(beats.len());
    let mut wrong = Vec::new();
    for beat in &beats {
        let said: Vec<Option<String>> = beat
            .iter()
            .map(|&s| verdicts.next().unwrap_or_else(|| Some(s.to_string())))
            .collect();
        let mut keeps = said.iter().map(Option::is_some);
        let mask = said::kept_sentences(beat, |_| keeps.next().unwrap_or(true));
        let mut kept = Vec::new();
        for ((&sentence, keep), said) in beat.iter().zip(mask).zip(said) {
            match said.filter(|_| keep) {
                Some(text) => kept.push(text),
                None => wrong.push(sentence.to_string()),
            }
        }
        kept_beats.push(kept.join(" "));
    }
    if wrong.is_empty() {
        return Ok(wrong);
    }
    for index in put_back(scene, kept_beats, true) {
        // It cannot go: the beat stays as written, its wrong sentences with it.
        wrong.retain(|w| !scene.narration[index].contains(w.as_str()));
    }
    if !wrong.is_empty() {
        tracing::info!(
            heading = scene.visual.heading(),
            ?wrong,
            "leaving out sentences the model calls wrong"
        );
    }
    Ok(wrong)
}

/// Those of `sentences` (offered to lengthen a scene) that the model calls correct when asked
/// about each alone; all of them when the model cannot be asked.
pub(super) async fn keep_correct(
    writer: &impl JsonModel,
    topic: &str,
    sentences: Vec<String>,
) -> Vec<String> {
    let asked = futures_util::future::join_all(
        sentences
            .iter()
            .map(|sentence| is_correct(writer, topic, sentence)),
    )
    .await;
    let mut kept = Vec::with_capacity(sentences.len());
    for (sentence, verdict) in sentences.into_iter().zip(asked) {
        match verdict {
            Ok(None) => {
                tracing::info!(%sentence, "leaving out an added sentence the model calls wrong")
            }
            Ok(Some(text)) => kept.push(text),
            Err(error) => {
                tracing::warn!(%error, "an added sentence was not checked");
                kept.push(sentence);
            }
        }
    }
    kept
}

/// The model's verdict on each of `sentences`, asked all at once, in their order: the
/// sentence to keep (as [`is_correct`] says), or `None`.
async fn verdicts<'a>(
    writer: &impl JsonModel,
    topic: &str,
    sentences: impl Iterator<Item = &'a str>,
) -> Result<Vec<Option<String>>, ScriptError> {
    futures_util::future::try_join_all(
        sentences.map(|sentence| is_correct(writer, topic, sentence)),
    )
    .await
}

/// Puts each beat's kept sentences (`kept`, one text a beat) back into `scene`, from the last
/// beat back so that the indices of those before stay. A beat left with none goes when it is
/// an extra one, or when `elements_can_go` and its element can go; the others stay as they
/// were written, and their indices are answered (last first).
pub(super) fn put_back(scene: &mut Scene, kept: Vec<String>, elements_can_go: bool) -> Vec<usize> {
    let elements = scene.visual.element_count();
    let mut unchanged = Vec::new();
    for (index, beat) in kept.into_iter().enumerate().rev() {
        if !beat.is_empty() {
            scene.narration[index] = beat;
        } else if index >= elements || (elements_can_go && remove_element(&mut scene.visual, index))
        {
            scene.narration.remove(index);
        } else {
            unchanged.push(index);
        }
    }
    unchanged
}

/// Takes element `index` out of a list the scene keeps another of; `false` when it cannot.
pub(super) fn remove_element(visual: &mut Visual, index: usize) -> bool {
    if !can_remove_element(visual, index) {
        return false;
    }
    match visual {
        Visual::Definition { example, .. } => *example = None,
        Visual::Summary { points, .. } => {
            points.remove(index);
        }
        Visual::Bullets { items, .. } => {
            items.remove(index);
        }
        Visual::Comparison { rows, .. } => {
            rows.remove(index);
        }
        Visual::EquationSteps { steps, .. } => {
            steps.remove(index);
        }
        _ => return false,
    }
    true
}

/// Whether [`remove_element`] would remove element `index` of `visual`: a definition's
/// example, or one of two or more points, items, rows or steps.
pub(super) fn can_remove_element(visual: &Visual, index: usize) -> bool {
    match visual {
        Visual::Definition { example, .. } => index == 1 && example.is_some(),
        Visual::Summary { points, .. } => points.len() > 1 && index < points.len(),
        Visual::Bullets { items, .. } => items.len() > 1 && index < items.len(),
        Visual::Comparison { rows, .. } => rows.len() > 1 && index < rows.len(),
        Visual::EquationSteps { steps, .. } => steps.len() > 1 && index < steps.len(),
        _ => false,
    }
}

/// The name of the question [`is_correct`] asks: a lesson written from passages answers it
/// from them instead (see `lesson::cites::Marking`).
pub(super) const MEMORY_CHECK: &str = "fact_check";

/// `sentence` to keep (as written, or written again where the writer vets it,
/// [`JsonModel::vet`]), or `None` when it goes: the writer's verdict where it has one, else
/// whether the model, asked as a teacher about `sentence` alone, calls it correct.
async fn is_correct(
    writer: &impl JsonModel,
    topic: &str,
    sentence: &str,
) -> Result<Option<String>, ScriptError> {
    match writer.vet(sentence).await {
        Some(Vetted::Kept(text)) => return Ok(Some(text)),
        Some(Vetted::Dropped) => return Ok(None),
        None => {}
    }
    let turns = [
        Turn::System(
            "You are a careful teacher checking a lesson script for factual errors.".into(),
        ),
        Turn::User(format!(
            "Lesson topic: {topic}.\nSentence: \"{sentence}\"\nIs this sentence factually \
             correct? Answer true or false.",
            topic = topic.trim()
        )),
    ];
    let text = writer
        .judge_json(
            &turns,
            MEMORY_CHECK,
            object(json!({ "correct": { "type": "boolean" } })),
        )
        .await?;
    #[derive(Deserialize)]
    struct Verdict {
        correct: bool,
    }
    // An answer that is not the JSON asked for keeps the sentence: only a clear "wrong"
    // takes one out.
    let correct = serde_json::from_str::<Verdict>(&text).map_or(true, |v| v.correct);
    Ok(correct.then(|| sentence.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storyboard::ComparisonRow;
    use serde_json::Value;

    /// A model that calls wrong every sentence holding "into light" or "produced by plants".
    struct Teacher;

    impl JsonModel for Teacher {
        async fn complete_json(
            &self,
            turns: &[Turn],
            name: &str,
            _schema: Value,
        ) -> Result<String, ScriptError> {
            assert_eq!(name, "fact_check");
            let Some(Turn::User(request)) = turns.last() else {
                panic!("a request");
            };
            assert!(
                request.starts_with("Lesson topic: Photosynthesis."),
                "{request}"
            );
            let wrong = request.contains("into light") || request.contains("produced by plants");
            Ok(json!({ "correct": !wrong }).to_string())
        }
    }

    fn row(left: &str, right: &str) -> ComparisonRow {
        ComparisonRow {
            left: left.into(),
            right: right.into(),
        }
    }

    #[tokio::test]
    async fn a_row_the_model_calls_wrong_goes_with_its_sentence() {
        let mut scene = Scene {
            visual: Visual::Comparison {
                heading: "Photosynthesis vs. Respiration".into(),
                left_title: "Photosynthesis".into(),
                right_title: "Respiration".into(),
                rows: vec![
                    row("Makes glucose", "Breaks down glucose"),
                    row("Stores light energy", "Turns chemical energy into light"),
                    row("Releases oxygen", "Uses oxygen"),
                ],
            },
            narration: vec![
                "Photosynthesis makes glucose, while respiration breaks it down.".into(),
                "Respiration breaks down chemical energy into light.".into(),
                "Photosynthesis releases oxygen. Respiration uses it.".into(),
                "Carbon dioxide is produced by plants during photosynthesis. Both happen in plants."
                    .into(),
            ],
            cites: Vec::new(),
        };
        let wrong = drop_wrong(&Teacher, "Photosynthesis", &mut scene)
            .await
            .unwrap();
        assert_eq!(
            wrong,
            [
                "Respiration breaks down chemical energy into light.",
                "Carbon dioxide is produced by plants during photosynthesis."
            ]
        );
        let Visual::Comparison { rows, .. } = &scene.visual else {
            panic!("a comparison")
        };
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert_eq!(rows[1].left, "Releases oxygen");
        assert_eq!(
            scene.narration,
            [
                "Photosynthesis makes glucose, while respiration breaks it down.",
                "Photosynthesis releases oxygen. Respiration uses it.",
                "Both happen in plants.",
            ]
        );
    }

    #[tokio::test]
    async fn a_beat_that_cannot_go_stays_as_written() {
        let mut scene = Scene {
            visual: Visual::Bullets {
                heading: "Respiration".into(),
                items: vec!["Turns chemical energy into light".into()],
            },
            narration: vec![
                "Respiration breaks down chemical energy into light.".into(),
                "An extra sentence produced by plants goes.".into(),
            ],
            cites: Vec::new(),
        };
        let wrong = drop_wrong(&Teacher, "Photosynthesis", &mut scene)
            .await
            .unwrap();
        assert_eq!(wrong, ["An extra sentence produced by plants goes."]);
        assert_eq!(
            scene.narration,
            ["Respiration breaks down chemical energy into light."]
        );
    }

    #[tokio::test]
    async fn an_added_sentence_the_model_calls_wrong_is_not_added() {
        let offered = vec![
            "Respiration breaks down chemical energy into light.".to_string(),
            "Respiration releases the energy stored in glucose.".to_string(),
        ];
        assert_eq!(
            keep_correct(&Teacher, "Photosynthesis", offered).await,
            ["Respiration releases the energy stored in glucose."]
        );
    }

    #[tokio::test]
    async fn a_quiz_is_not_asked_about() {
        let mut scene = Scene {
            visual: Visual::Quiz {
                question: "What does respiration turn chemical energy into?".into(),
                options: vec!["Light".into(), "Usable energy".into()],
                answer: 0,
                explanation: None,
            },
            narration: vec![
                "What does respiration turn chemical energy into?".into(),
                "Respiration breaks down chemical energy into light.".into(),
            ],
            cites: Vec::new(),
        };
        let before = scene.clone();
        assert!(
            drop_wrong(&Teacher, "Photosynthesis", &mut scene)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(scene, before);
    }

    #[tokio::test]
    async fn a_summary_point_the_model_calls_wrong_goes_and_so_does_what_points_back_at_it() {
        // The summary is written from the plan, not from the checked scenes: a Plate
        // tectonics summary said "They are like giant pieces of cake.", which the check had
        // taken out of its scene.
        let mut summary = Scene {
            visual: Visual::Summary {
                heading: "Key takeaways".into(),
                points: vec!["Light into chemical energy".into(), "Oxygen".into()],
            },
            narration: vec![
                "Respiration breaks down chemical energy into light.".into(),
                "Oxygen is produced by plants. That's why leaves matter. Animals breathe it."
                    .into(),
            ],
            cites: Vec::new(),
        };
        let wrong = drop_wrong(&Teacher, "Photosynthesis", &mut summary)
            .await
            .unwrap();
        assert_eq!(
            wrong,
            [
                "Respiration breaks down chemical energy into light.",
                "Oxygen is produced by plants.",
                "That's why leaves matter."
            ]
        );
        assert_eq!(
            summary.visual,
            Visual::Summary {
                heading: "Key takeaways".into(),
                points: vec!["Oxygen".into()],
            }
        );
        assert_eq!(summary.narration, ["Animals breathe it."]);

        // A definition's example goes with its sentences.
        let mut definition = Scene {
            visual: Visual::Definition {
                term: "Chloroplast".into(),
                definition: "the organelle where photosynthesis happens".into(),
                example: Some("A cake in the oven".into()),
            },
            narration: vec![
                "A chloroplast is where photosynthesis happens.".into(),
                "Imagine a cake produced by plants. It rises in the oven.".into(),
            ],
            cites: Vec::new(),
        };
        drop_wrong(&Teacher, "Photosynthesis", &mut definition)
            .await
            .unwrap();
        assert!(
            matches!(&definition.visual, Visual::Definition { example: None, .. }),
            "{definition:?}"
        );
        assert_eq!(
            definition.narration,
            ["A chloroplast is where photosynthesis happens."]
        );
    }
}
