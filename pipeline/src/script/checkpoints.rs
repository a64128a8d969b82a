//! Checkpoint questions a model writes for its finished lesson (`crate::checkpoints` has the
//! rest): multiple choice about the scenes, and in mathematics an exercise whose answer the
//! solver computes. A question is kept only when it is well formed and the model, asked it
//! afresh, picks the option it marked; what is missing is made up with recall questions.

use futures_util::{StreamExt, stream};
use serde::Deserialize;
use serde_json::{Value, json};

use super::ScriptError;
use super::chat::{JsonModel, Turn};
use super::questions::{answers_agree, explanation_of, gives_away, options_flaw, placed};
use super::schema::object;
use crate::checkpoints::{clip, number_text, solved_value, teaches, tolerance};
use crate::storyboard::{Checkpoint, CheckpointAnswer, MAX_OPTION, Scene, Storyboard, Visual};
use crate::titles::Subject;

/// Multiple-choice questions asked of the model (a third comes from recall or an exercise).
pub(super) const QUESTIONS: usize = 2;
const MAX_QUESTION: u32 = 160;
const MAX_EXPLANATION: u32 = 200;

#[derive(Deserialize)]
struct Written {
    questions: Vec<WrittenQuestion>,
    #[serde(default)]
    exercise: Option<WrittenExercise>,
}

#[derive(Deserialize)]
struct WrittenQuestion {
    scene: usize,
    question: String,
    right_answer: String,
    wrong_answers: Vec<String>,
    explanation: String,
}

#[derive(Deserialize)]
struct WrittenExercise {
    scene: usize,
    question: String,
    /// Typed mathematics the solver solves or evaluates: `3x + 2 = 11`, `(12 - 4)/2`.
    problem: String,
}

/// The model's checkpoint questions for `storyboard`, each checked; empty when the lesson
/// has too little to ask about.
pub(super) async fn write(
    writer: &impl JsonModel,
    turns: &[Turn],
    storyboard: &Storyboard,
) -> Result<Vec<Checkpoint>, ScriptError> {
    let scenes: Vec<(usize, &Scene)> = storyboard
        .scenes
        .iter()
        .enumerate()
        .filter(|(i, s)| teaches(*i, s, storyboard.scenes.len()))
        .collect();
    if scenes.len() < 2 {
        return Ok(Vec::new());
    }
    let mathematics = storyboard.subject == Subject::Mathematics;
    ask(writer, turns, &scenes, QUESTIONS, mathematics).await
}

/// A question about one scene (`index`, its place in the storyboard), with `exercise` an
/// exercise practising it too, each checked: a lesson written scene by scene asks it as soon
/// as the scene is written, beside the scenes still being written, instead of after them all.
pub(super) async fn write_about(
    writer: &impl JsonModel,
    turns: &[Turn],
    index: usize,
    scene: &Scene,
    exercise: bool,
) -> Result<Vec<Checkpoint>, ScriptError> {
    ask(writer, turns, &[(index, scene)], 1, exercise).await
}

/// Asks `questions` questions about `scenes` (and with `exercise` one exercise) and keeps
/// the ones that pass their checks.
async fn ask(
    writer: &impl JsonModel,
    turns: &[Turn],
    scenes: &[(usize, &Scene)],
    questions: usize,
    with_exercise: bool,
) -> Result<Vec<Checkpoint>, ScriptError> {
    let indices: Vec<usize> = scenes.iter().map(|(i, _)| *i).collect();
    let listed: Vec<String> = scenes
        .iter()
        .map(|(i, scene)| {
            format!(
                "Scene {i} \"{}\": {}",
                scene.visual.heading(),
                clip(&scene.narration.join(" "), 700)
            )
        })
        .collect();
    let asked = if questions == 1 {
        "one multiple-choice question that checks a learner understood this lesson, about \
         the scene below and answerable from what it says"
            .to_string()
    } else {
        format!(
            "{questions} multiple-choice questions that check a learner understood this \
             lesson, each about a different scene below and answerable from what that scene says"
        )
    };
    let request = format!(
        "Write {asked}. \
         Each question is one line ending with a question mark and asks about the subject \
         itself: never mention scenes or their numbers. Give its right answer, two or three \
         wrong answers (each a short phrase that answers the question, not a question), and one \
         sentence that explains why the right answer is right, as a fact about the subject.{} \
         Scenes:\n{}",
        if with_exercise {
            " Also write one exercise: a short question with a problem in typed mathematics \
             (like 3x + 2 = 11 or (12 - 4)/2) whose answer is one number, practising a scene."
        } else {
            ""
        },
        listed.join("\n")
    );
    let answer = writer
        .complete_json(
            &[turns.to_vec(), vec![Turn::User(request)]].concat(),
            "checkpoints",
            schema(&indices, questions, with_exercise),
        )
        .await?;
    let written: Written = match serde_json::from_str(&answer) {
        Ok(written) => written,
        Err(e) => {
            tracing::info!(error = %e, "leaving out the model's checkpoint questions: not the JSON asked for");
            return Ok(Vec::new());
        }
    };
    let mut kept: Vec<Checkpoint> = Vec::new();
    let candidates: Vec<Checkpoint> = written
        .questions
        .into_iter()
        .filter_map(|q| question(q, &indices))
        .collect();
    // Each question is put to the model again, without its marking: a small model often
    // marks the wrong option, and a wrong answer key teaches the wrong thing.
    let agreed: Vec<(Checkpoint, bool)> = stream::iter(candidates)
        .map(|checkpoint| async move {
            let agree = agrees(writer, turns, &checkpoint).await?;
            Ok::<_, ScriptError>((checkpoint, agree))
        })
        .buffered(writer.parallel())
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<_, _>>()?;
    for (checkpoint, agree) in agreed {
        let repeated = kept.iter().any(|k| k.scene == checkpoint.scene);
        if agree && !repeated {
            kept.push(checkpoint);
        }
    }
    if let Some(exercise) = written.exercise.and_then(|e| exercise(e, &indices)) {
        kept.push(exercise);
    }
    kept.sort_by_key(|c| c.scene);
    Ok(kept)
}

fn schema(scenes: &[usize], questions: usize, exercise: bool) -> Value {
    let text = |max: u32| json!({ "type": "string", "minLength": 1, "maxLength": max });
    let scene = json!({ "type": "integer", "enum": scenes });
    let question = object(json!({
        "scene": scene,
        "question": text(MAX_QUESTION),
        "right_answer": text(MAX_OPTION as u32),
        "wrong_answers": {
            "type": "array", "minItems": 2, "maxItems": 3,
            "items": text(MAX_OPTION as u32),
        },
        "explanation": text(MAX_EXPLANATION),
    }));
    let mut properties = json!({
        "questions": {
            "type": "array", "minItems": 1, "maxItems": questions,
            "items": question,
        },
    });
    if exercise {
        properties["exercise"] = object(json!({
            "scene": scene,
            "question": text(MAX_QUESTION),
            "problem": text(80),
        }));
    }
    object(properties)
}

/// A written question as a checkpoint, if it is well formed: a scene it may ask about,
/// distinct options and a wrong answer to choose besides the right one (its explanation always
/// says something: `explanation_of`, or the right answer named).
fn question(q: WrittenQuestion, scenes: &[usize]) -> Option<Checkpoint> {
    let wrong: Vec<String> = q
        .wrong_answers
        .iter()
        .map(|o| clip(o, MAX_OPTION))
        .collect();
    let (options, answer) = placed(&q.question, &clip(&q.right_answer, MAX_OPTION), &wrong);
    let distinct = options.iter().enumerate().all(|(i, o)| {
        !o.is_empty()
            && !options[..i]
                .iter()
                .any(|earlier| earlier.to_lowercase() == o.to_lowercase())
    });
    // A small model goes on after its question ("…? (Select the correct answer.)\n\nPlants
    // absorb…"): the question is what ends at its first question mark.
    let question = match q.question.find('?') {
        Some(end) => clip(&q.question[..=end], 200),
        None => clip(&q.question, 200),
    };
    let explanation = explanation_of(&q.explanation).unwrap_or_else(|| {
        format!(
            "The right answer: {}.",
            options[answer].trim_end_matches('.')
        )
    });
    // A question reads as one: three words or more ("What is chlorophyll?"), ending in a
    // question mark, about the subject rather than a scene (a small model has
    // answered "sentence" with the options 1, 2 and 3, and agreed with itself).
    let asks = question.split_whitespace().count() >= 3
        && question.ends_with('?')
        && !mentions_a_scene(&question);
    // An answer the schema closed at its limit ends mid-word on the screen ("… in the
    // overthrow of the absolu", a French Revolution checkpoint on the 1.5B model).
    let cut = std::iter::once(&q.right_answer)
        .chain(&q.wrong_answers)
        .any(|o| super::written::cut_at_limit(o, MAX_OPTION));
    let fault = if !scenes.contains(&q.scene) {
        Some("a scene it may not ask about")
    } else if cut {
        Some("an answer cut off at its length limit")
    } else if !distinct {
        Some("options that are empty or the same")
    } else if !asks {
        Some("not a question about the subject")
    } else if let Some(flaw) = options_flaw(&options) {
        Some(flaw)
    } else if gives_away(&q.question, &q.right_answer) {
        Some("a question that names its own answer")
    } else if wrong.is_empty() {
        Some("no wrong answers to choose from")
    } else {
        None
    };
    if let Some(fault) = fault {
        tracing::info!(question = %q.question, ?options, fault, "leaving out a checkpoint question: not well formed");
        return None;
    }
    Some(Checkpoint {
        scene: q.scene,
        question,
        answer: CheckpointAnswer::Choice { options, answer },
        explanation,
    })
}

/// "What does Scene 2 say…": a learner sees no scene numbers.
fn mentions_a_scene(question: &str) -> bool {
    question
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| word.eq_ignore_ascii_case("scene") || word.eq_ignore_ascii_case("scenes"))
}

/// An exercise whose answer the solver computes: the problem solved to one number (or, with
/// no unknown, evaluated); its numbers must be the question's, so that the question asks
/// what was computed.
fn exercise(e: WrittenExercise, scenes: &[usize]) -> Option<Checkpoint> {
    if !scenes.contains(&e.scene) {
        return None;
    }
    let problem = e.problem.trim();
    let computed = solved_value(problem)
        .map(|(_, value)| value)
        .or_else(|| lectern_solver::evaluate(problem).ok().flatten())?;
    let numbers = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect()
    };
    let question_numbers = numbers(&e.question);
    let shown = numbers(problem)
        .iter()
        .all(|n| question_numbers.contains(n));
    let question = if shown {
        clip(&e.question, 200)
    } else {
        clip(&format!("{} Work out: {problem}", e.question.trim()), 200)
    };
    Some(Checkpoint {
        scene: e.scene,
        question,
        answer: CheckpointAnswer::Number {
            value: computed,
            tolerance: tolerance(computed),
            unit: None,
        },
        explanation: clip(
            &format!("Worked out, {problem} gives {}.", number_text(computed)),
            300,
        ),
    })
}

/// Whether the model, asked the question afresh, chooses the option it marked.
async fn agrees(
    writer: &impl JsonModel,
    turns: &[Turn],
    checkpoint: &Checkpoint,
) -> Result<bool, ScriptError> {
    let CheckpointAnswer::Choice { options, answer } = &checkpoint.answer else {
        return Ok(true);
    };
    let quiz = Scene {
        visual: Visual::Quiz {
            question: checkpoint.question.clone(),
            options: options.clone(),
            answer: *answer,
            explanation: None,
        },
        narration: Vec::new(),
        cites: Vec::new(),
    };
    answers_agree(writer, turns, &quiz).await
}

#[cfg(test)]
mod tests {
    use lectern_contract::Wpm;

    use super::*;
    use crate::storyboard::{Origin, STORYBOARD_VERSION};

    /// A model that writes two questions and an exercise, then, asked each question afresh,
    /// agrees with its marking of the first and not of the second.
    struct Canned;

    impl JsonModel for Canned {
        async fn complete_json(
            &self,
            turns: &[Turn],
            name: &str,
            schema: Value,
        ) -> Result<String, ScriptError> {
            let Some(Turn::User(request)) = turns.last() else {
                panic!("a request");
            };
            Ok(match name {
                "checkpoints" => {
                    assert_eq!(
                        schema["properties"]["questions"]["items"]["properties"]["scene"]["enum"],
                        json!([1, 2])
                    );
                    assert!(request.contains("Scene 1 \"Light reactions\""), "{request}");
                    json!({
                        "questions": [
                            {"scene": 1, "question": "What absorbs the light?", "right_answer": "Chlorophyll",
                             "wrong_answers": ["Glucose", "Oxygen"], "explanation": "Chlorophyll absorbs red and blue light."},
                            {"scene": 2, "question": "What is made in the Calvin cycle?", "right_answer": "Water",
                             "wrong_answers": ["Sugar", "Light"], "explanation": "Water is made."},
                        ],
                        "exercise": {"scene": 2, "question": "How many molecules of CO2 make one glucose: 12 / 2?", "problem": "12/2"},
                    })
                    .to_string()
                }
                "answer" if request.contains("What absorbs the light?") => {
                    json!({"answer": "Chlorophyll"}).to_string()
                }
                "answer" => json!({"answer": "Sugar"}).to_string(),
                other => panic!("unexpected request {other}"),
            })
        }
    }

    #[tokio::test]
    async fn the_models_questions_are_kept_only_when_it_answers_them_the_same_again() {
        let scene = |visual: Visual| Scene {
            visual,
            narration: vec!["Said.".into()],
            cites: Vec::new(),
        };
        let bullets = |heading: &str| {
            scene(Visual::Bullets {
                heading: heading.into(),
                items: vec!["A point".into()],
            })
        };
        let storyboard = Storyboard {
            version: STORYBOARD_VERSION,
            title: "Photosynthesis".into(),
            subject: Subject::Mathematics,
            level: 2,
            show_level: true,
            target_minutes: 2.0,
            wpm: Wpm::new(150),
            origin: Origin::Model,
            scenes: vec![
                scene(Visual::Title {
                    title: "Photosynthesis".into(),
                    subtitle: None,
                }),
                bullets("Light reactions"),
                bullets("The Calvin cycle"),
                scene(Visual::Summary {
                    heading: "Key takeaways".into(),
                    points: vec!["Light".into()],
                }),
            ],
            sources: Vec::new(),
            checkpoints: Vec::new(),
            from_sources: None,
        };
        let written = write(&Canned, &[], &storyboard).await.unwrap();
        assert_eq!(written.len(), 2, "{written:#?}");
        assert_eq!(written[0].question, "What absorbs the light?");
        assert_eq!(
            written[1].answer,
            CheckpointAnswer::Number {
                value: 6.0,
                tolerance: tolerance(6.0),
                unit: None
            }
        );
        assert_eq!(written[1].explanation, "Worked out, 12/2 gives 6.");
        Storyboard {
            checkpoints: written,
            ..storyboard
        }
        .validate()
        .unwrap();
    }

    #[test]
    fn an_explanation_says_why_about_the_subject_in_whole_sentences() {
        assert_eq!(
            explanation_of(
                "The question checks if the learner understands the process. The correct \
                 answer is that light energy becomes chemical energy. The absorbed light energy is"
            )
            .as_deref(),
            Some("Light energy becomes chemical energy.")
        );
        assert_eq!(explanation_of("This question checks the key idea."), None);
        let written = |explanation: &str| WrittenQuestion {
            scene: 2,
            question: "What does chlorophyll absorb?".into(),
            right_answer: "Light".into(),
            wrong_answers: vec!["Water".into(), "Salt".into()],
            explanation: explanation.into(),
        };
        let about_the_quiz = question(written("The quiz checks the key idea."), &[2]).unwrap();
        assert_eq!(about_the_quiz.explanation, "The right answer: Light.");
        let about_the_subject =
            question(written("Chlorophyll absorbs red and blue light."), &[2]).unwrap();
        assert_eq!(
            about_the_subject.explanation,
            "Chlorophyll absorbs red and blue light."
        );
    }

    #[test]
    fn a_flawed_question_is_left_out() {
        // The first of `answers` is the right one.
        let q = |answers: &[&str], scene: usize| WrittenQuestion {
            scene,
            question: "What does chlorophyll absorb?".into(),
            right_answer: answers[0].into(),
            wrong_answers: answers[1..].iter().map(|s| s.to_string()).collect(),
            explanation: "Chlorophyll absorbs red and blue light.".into(),
        };
        let kept = question(q(&["Light", "Water", "Salt"], 2), &[2, 3]).expect("well formed");
        let CheckpointAnswer::Choice { options, answer } = &kept.answer else {
            panic!("a choice")
        };
        assert_eq!(options[*answer], "Light", "{options:?}");
        assert_eq!(options.len(), 3);
        assert!(question(q(&["Light", "light", "Salt"], 2), &[2, 3]).is_none());
        assert!(question(q(&["Light"], 2), &[2, 3]).is_none());
        assert!(question(q(&["Light", "Water", "Salt"], 0), &[2, 3]).is_none());
        // Other wordings, with options and an answer that are fine.
        let worded = |text: &str, options: &[&str]| WrittenQuestion {
            question: text.into(),
            ..q(options, 2)
        };
        assert!(question(worded("sentence", &["1", "2", "3"]), &[2, 3]).is_none());
        // What a 1.5B model wrote after its question is not part of it.
        let went_on = worded(
            "What does chlorophyll absorb? (Select the correct answer.)\n\nPlants",
            &["Light", "Water", "Salt"],
        );
        let kept = question(went_on, &[2, 3]).expect("the question before its tail");
        assert_eq!(kept.question, "What does chlorophyll absorb?");
        // A short question is a question.
        let short = worded("What is chlorophyll?", &["A pigment", "A sugar", "A gas"]);
        assert!(question(short, &[2, 3]).is_some());
        // A learner sees no scene numbers.
        let about_a_scene = worded(
            "What does Scene 2 tell us about chlorophyll?",
            &["Light", "Water", "Salt"],
        );
        assert!(question(about_a_scene, &[2, 3]).is_none());
        // Options that are questions answer nothing (one was the question itself, marked
        // right, and the model agreed with it when asked again); nor do yes and no.
        let questions_as_options = worded(
            "What is the role of water splitting in photosynthesis?",
            &[
                "What is the process of photosynthesis?",
                "What is the role of water splitting in photosynthesis?",
                "What is the role of glucose?",
            ],
        );
        assert!(question(questions_as_options, &[2, 3]).is_none());
        let yes_or_no = worded("Does chlorophyll absorb light?", &["Yes", "No", "Maybe"]);
        assert!(question(yes_or_no, &[2, 3]).is_none());
        // An answer cut off at its limit would end mid-word on the screen.
        let long =
            "The peasantry played an important role in the overthrow of the absolute monarchy ";
        let cut_off: String = long.repeat(2).chars().take(MAX_OPTION).collect();
        let cut = worded(
            "What was the role of the peasantry?",
            &[&cut_off, "None", "They ruled France"],
        );
        assert!(question(cut, &[2, 3]).is_none());
    }

    #[test]
    fn an_exercise_is_answered_by_the_solver_not_the_model() {
        let e = |question: &str, problem: &str| WrittenExercise {
            scene: 2,
            question: question.into(),
            problem: problem.into(),
        };
        let solved = exercise(e("Solve 3x + 2 = 11 for x.", "3x + 2 = 11"), &[2]).unwrap();
        assert_eq!(
            solved.answer,
            CheckpointAnswer::Number {
                value: 3.0,
                tolerance: tolerance(3.0),
                unit: None
            }
        );
        assert_eq!(solved.question, "Solve 3x + 2 = 11 for x.");
        let evaluated = exercise(e("What is half of eight?", "(12 - 4)/2"), &[2]).unwrap();
        assert!(
            evaluated.question.ends_with("Work out: (12 - 4)/2"),
            "{}",
            evaluated.question
        );
        assert!(exercise(e("Why?", "photosynthesis"), &[2]).is_none());
        assert!(
            exercise(e("Solve x^2 = 4", "x^2 = 4"), &[2]).is_none(),
            "two answers"
        );
    }
}
