//! Checkpoint questions: what the player asks as a video goes, each about one scene, with the
//! scene to go back to. A language model writes them with the storyboard
//! (`script::planned`); a solution asks about its own steps (`solution::storyboard`); and
//! every other storyboard gets honest recall questions from its own scenes ([`recall`]):
//! what a scene said, never a fact the writer made up.

use crate::grounding::SOURCES_HEADING;
use crate::lexicon::is_function_word;
use crate::storyboard::{
    Checkpoint, CheckpointAnswer, MAX_CHECKPOINTS, MAX_OPTION, Scene, Storyboard, Visual,
};
use crate::titles::Subject;

/// How many questions a generated video is given when its scenes allow.
pub const WANTED: usize = 3;

/// Recall questions from the storyboard's scenes, spread over the video: which side of a
/// comparison a row belongs to, which point a part of the video made, which term a
/// definition defines, and, in mathematics, the answer of a worked example (computed by the
/// solver). Up to `wanted`; none for a scene that cannot be asked about honestly.
pub fn recall(storyboard: &Storyboard, wanted: usize) -> Vec<Checkpoint> {
    let count = storyboard.scenes.len();
    let asked = |last_summary: bool| -> Vec<Checkpoint> {
        storyboard
            .scenes
            .iter()
            .enumerate()
            .filter_map(|(index, scene)| {
                let summary = matches!(scene.visual, Visual::Summary { .. })
                    && (index + 1 < count || last_summary);
                if teaches(index, scene, count) {
                    question_about(storyboard, index, scene)
                        .or_else(|| cloze(storyboard, index, scene))
                } else if summary {
                    // A summary is asked about as well: before the end (the sources follow
                    // it), or at the very end of a video with little else to ask about.
                    cloze(storyboard, index, scene)
                } else {
                    None
                }
            })
            .collect()
    };
    let mut candidates = asked(false);
    if candidates.len() < 2 {
        candidates = asked(true);
    }
    spread(candidates, wanted.min(MAX_CHECKPOINTS))
}

/// Adds recall questions to `checkpoints` (a model's, or none) until the video has
/// [`WANTED`], each about a scene not yet asked about; the result in the order of the video.
pub fn completed(storyboard: &Storyboard, mut checkpoints: Vec<Checkpoint>) -> Vec<Checkpoint> {
    if checkpoints.len() < WANTED {
        let asked: Vec<usize> = checkpoints.iter().map(|c| c.scene).collect();
        let more: Vec<Checkpoint> = recall(storyboard, MAX_CHECKPOINTS)
            .into_iter()
            .filter(|c| !asked.contains(&c.scene))
            .collect();
        checkpoints.extend(spread(more, WANTED - checkpoints.len()));
    }
    checkpoints.sort_by_key(|c| c.scene);
    checkpoints.truncate(MAX_CHECKPOINTS);
    checkpoints
}

/// Whether a scene teaches something a question may ask about: not the title, a quiz (the
/// video asks it already), the closing summary or the list of sources.
pub fn teaches(index: usize, scene: &Scene, scenes: usize) -> bool {
    let last = index + 1 == scenes;
    match &scene.visual {
        Visual::Title { .. } | Visual::Quiz { .. } | Visual::Summary { .. } => false,
        Visual::Bullets { heading, .. } => heading != SOURCES_HEADING && !last,
        _ => !last,
    }
}

/// `wanted` of `candidates`, evenly spaced over them (so over the video), in their order.
fn spread(candidates: Vec<Checkpoint>, wanted: usize) -> Vec<Checkpoint> {
    let n = candidates.len();
    if n <= wanted {
        return candidates;
    }
    if wanted == 0 {
        return Vec::new();
    }
    let picks: Vec<usize> = (0..wanted)
        .map(|i| {
            if wanted == 1 {
                n / 2
            } else {
                (i * (n - 1) + (wanted - 1) / 2) / (wanted - 1)
            }
        })
        .collect();
    candidates
        .into_iter()
        .enumerate()
        .filter(|(i, _)| picks.contains(i))
        .map(|(_, c)| c)
        .collect()
}

fn question_about(storyboard: &Storyboard, index: usize, scene: &Scene) -> Option<Checkpoint> {
    match &scene.visual {
        Visual::Comparison {
            heading,
            left_title,
            right_title,
            rows,
        } => {
            // The row whose two sides differ most plainly: the first with distinct texts.
            let (row_index, row) = rows
                .iter()
                .enumerate()
                .find(|(_, r)| !same(&r.left, &r.right) && !r.right.trim().is_empty())?;
            if same(left_title, right_title) {
                return None;
            }
            let said = scene.narration.get(row_index).cloned().unwrap_or_default();
            Some(Checkpoint {
                scene: index,
                question: format!(
                    "In “{}”, which side went with “{}”?",
                    clip(heading, 80),
                    clip(&row.right, 90)
                ),
                answer: CheckpointAnswer::Choice {
                    options: vec![clip(left_title, MAX_OPTION), clip(right_title, MAX_OPTION)],
                    answer: 1,
                },
                explanation: explanation(
                    &format!(
                        "“{}” was on the {} side; the {} side had “{}”.",
                        clip(&row.right, 90),
                        clip(right_title, 60),
                        clip(left_title, 60),
                        clip(&row.left, 90)
                    ),
                    &said,
                ),
            })
        }
        Visual::Bullets { heading, items } => {
            // The point with the most to say, asked among points other parts of the video made.
            let (item_index, item) = items
                .iter()
                .enumerate()
                .max_by_key(|(i, item)| (item.split_whitespace().count(), usize::MAX - i))?;
            let others = points_elsewhere(storyboard, index, items);
            if others.len() < 2 {
                return None;
            }
            let question = format!("Which of these points did “{}” make?", clip(heading, 80));
            let said = scene.narration.get(item_index).cloned().unwrap_or_default();
            Some(choice(
                index,
                question,
                item,
                &others,
                explanation(
                    &format!("“{}” said: {}.", clip(heading, 80), clip(item, 120)),
                    &said,
                ),
            ))
        }
        Visual::Definition {
            term, definition, ..
        } => {
            let others: Vec<String> = storyboard
                .scenes
                .iter()
                .filter_map(|s| match &s.visual {
                    Visual::Definition { term: other, .. } if !same(other, term) => {
                        Some(other.clone())
                    }
                    _ => None,
                })
                .collect();
            if others.len() < 2 {
                return None;
            }
            let question = format!(
                "Which term did the video define as “{}”?",
                clip(definition, 150)
            );
            Some(choice(
                index,
                question,
                term,
                &others,
                format!("That is how the video defined {}.", clip(term, 80)),
            ))
        }
        Visual::WorkedExample {
            problem, answer, ..
        } if storyboard.subject == Subject::Mathematics => {
            let (variable, value) = solved_value(problem)?;
            Some(Checkpoint {
                scene: index,
                question: format!(
                    "Work it out: {}. What is {variable}?",
                    clip(problem.trim_end_matches('.'), 150)
                ),
                answer: CheckpointAnswer::Number {
                    value,
                    tolerance: tolerance(value),
                    unit: None,
                },
                explanation: format!("The worked example found {}.", clip(answer, 150)),
            })
        }
        _ => None,
    }
}

/// Words too common to be asked for, besides the function words.
const COMMON: &[&str] = &[
    "again", "another", "first", "itself", "later", "least", "more", "most", "much", "other",
    "others", "same", "thing", "things", "very",
];

/// The words of `text` worth asking for: five letters or more, not common, not the lesson's
/// title.
fn content_words<'a>(text: &'a str, title: &str) -> Vec<&'a str> {
    let title = title.to_lowercase();
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 5)
        .filter(|w| {
            let lower = w.to_lowercase();
            !is_function_word(&lower)
                && !COMMON.contains(&lower.as_str())
                && !title.contains(&lower)
        })
        .collect()
}

/// A fill-in question about a scene's own text (its definition, or its longest point): its
/// longest word is left out, to be chosen among words other scenes said. What the video
/// said, word for word, is the answer.
fn cloze(storyboard: &Storyboard, index: usize, scene: &Scene) -> Option<Checkpoint> {
    let (label, text) = match &scene.visual {
        Visual::Definition {
            term, definition, ..
        } => (
            format!("the definition of {}", clip(term, 60)),
            definition.as_str(),
        ),
        Visual::Comparison { heading, rows, .. } => (
            format!("“{}”", clip(heading, 80)),
            rows.iter()
                .flat_map(|r| [r.left.as_str(), r.right.as_str()])
                .max_by_key(|t| content_words(t, &storyboard.title).len())?,
        ),
        Visual::WorkedExample { heading, steps, .. } => (
            format!("a step of “{}”", clip(heading, 80)),
            steps
                .iter()
                .map(|s| s.text.as_str())
                .max_by_key(|t| content_words(t, &storyboard.title).len())?,
        ),
        Visual::Bullets {
            heading,
            items: points,
            ..
        }
        | Visual::Summary { heading, points } => (
            format!("“{}”", clip(heading, 80)),
            points
                .iter()
                .max_by_key(|p| content_words(p, &storyboard.title).len())?
                .as_str(),
        ),
        _ => return None,
    };
    // A gap in two words ("_____ back", for the bullet "Falling back") leaves nothing to
    // recall it by.
    if text.split_whitespace().count() < 3 {
        return None;
    }
    let words = content_words(text, &storyboard.title);
    // The longest word that carries meaning (an adverb, "especially", tests nothing) and
    // that the text says once (else the gap gives it away).
    let once = |w: &str| {
        let lower = w.to_lowercase();
        words.iter().filter(|o| o.to_lowercase() == lower).count() == 1
    };
    let word = *words
        .iter()
        .enumerate()
        .filter(|(_, w)| once(w))
        .max_by_key(|(i, w)| (!w.ends_with("ly"), w.chars().count(), usize::MAX - i))?
        .1;
    let in_text: Vec<String> = content_words(text, "")
        .iter()
        .map(|w| w.to_lowercase())
        .collect();
    // Wrong options come from what the other teaching scenes said (not the list of sources:
    // "princeton" was offered beside "compounds"), never a name.
    let mut others: Vec<String> = Vec::new();
    for (i, other) in storyboard.scenes.iter().enumerate() {
        let sources =
            matches!(&other.visual, Visual::Bullets { heading, .. } if heading == SOURCES_HEADING);
        if i == index || sources {
            continue;
        }
        let said = format!("{} {}", other.visual.heading(), other.narration.join(" "));
        let names = names_in(&said);
        for candidate in content_words(&said, &storyboard.title) {
            let lower = candidate.to_lowercase();
            if !in_text.contains(&lower) && !others.contains(&lower) && !names.contains(&lower) {
                others.push(lower);
            }
        }
    }
    // Words of the answer's form ("compounds": "molecules", not "absorbing") and as long as
    // it first, in an order fixed by the text.
    let length = word.chars().count();
    let form = word_form(word);
    others.sort_by_key(|o| {
        (
            word_form(o) != form,
            o.chars().count().abs_diff(length),
            fnv(&format!("{o}{text}")),
        )
    });
    others.truncate(3);
    if others.len() < 2 {
        return None;
    }
    let gapped = text.replacen(word, "_____", 1);
    let question = clip(
        &format!(
            "Complete {label} as the video gave it: “{}”",
            clip(&gapped, 140)
        ),
        200,
    );
    Some(choice(
        index,
        question,
        &word.to_lowercase(),
        &others,
        clip(&format!("The video said: “{}”.", text.trim()), 300),
    ))
}

/// The words `text` writes with a capital inside a sentence (names: "Princeton", "WordNet"),
/// in lower case.
fn names_in(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut sentence_start = true;
    for word in text.split_whitespace() {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        if !sentence_start && bare.chars().next().is_some_and(char::is_uppercase) {
            names.push(bare.to_lowercase());
        }
        sentence_start = word.ends_with(['.', '!', '?', ':']);
    }
    names
}

/// The ending that marks a word's form in English: a plural or third person ("-s"), a
/// participle ("-ing", "-ed") or an adverb ("-ly"); `""` for the rest.
fn word_form(word: &str) -> &'static str {
    let word = word.to_lowercase();
    ["ing", "ed", "ly"]
        .into_iter()
        .find(|end| word.ends_with(end))
        .or_else(|| (word.ends_with('s') && !word.ends_with("ss")).then_some("s"))
        .unwrap_or("")
}

/// A multiple-choice question whose right option is `right` among up to three of `others`,
/// in an order fixed by the question (the right one is not always first).
fn choice(
    scene: usize,
    question: String,
    right: &str,
    others: &[String],
    explanation: String,
) -> Checkpoint {
    let mut options: Vec<String> = vec![clip(right, MAX_OPTION)];
    for other in others {
        let other = clip(other, MAX_OPTION);
        if options.len() < 4 && !options.iter().any(|o| same(o, &other)) {
            options.push(other);
        }
    }
    let turn = (fnv(&question) % options.len() as u64) as usize;
    options.rotate_left(turn);
    let answer = (options.len() - turn) % options.len();
    Checkpoint {
        scene,
        question,
        answer: CheckpointAnswer::Choice { options, answer },
        explanation,
    }
}

/// Points (bullets) made in other parts of the video that this scene did not make, from
/// scenes as far from it as possible first (a neighbour's points are closest in meaning).
fn points_elsewhere(storyboard: &Storyboard, index: usize, own: &[String]) -> Vec<String> {
    let mut scenes: Vec<(usize, &Scene)> = storyboard
        .scenes
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != index && teaches(*i, s, storyboard.scenes.len()))
        .collect();
    scenes.sort_by_key(|(i, _)| std::cmp::Reverse(i.abs_diff(index)));
    let mut out: Vec<String> = Vec::new();
    for (_, scene) in scenes {
        if let Visual::Bullets { items, .. } = &scene.visual {
            for item in items {
                let taken = own.iter().chain(&out).any(|o| same(o, item));
                if !taken && !item.trim().is_empty() {
                    out.push(item.clone());
                    break;
                }
            }
        }
    }
    out
}

/// The explanation: what the video showed, and the sentence that said it when there is one.
fn explanation(shown: &str, said: &str) -> String {
    let said = said.trim();
    if said.is_empty() {
        clip(shown, 300)
    } else {
        clip(&format!("{shown} As the video put it: {said}"), 300)
    }
}

/// The variable and its value when the solver solves `problem` to one number (`x = 4`).
pub fn solved_value(problem: &str) -> Option<(String, f64)> {
    let solution = lectern_solver::solve(problem).ok()?;
    single_value(&solution.final_answer)
}

/// `x = 4` or `x = -3/2` as the variable and its value; `None` for anything else (two
/// solutions, an interval, an expression).
pub fn single_value(answer: &str) -> Option<(String, f64)> {
    let (left, right) = answer.split_once('=')?;
    let variable = left.trim();
    let is_name = !variable.is_empty()
        && variable.len() <= 3
        && variable
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '_');
    if !is_name || right.contains('=') || right.contains(',') {
        return None;
    }
    let value = lectern_solver::evaluate(right.trim()).ok()??;
    Some((variable.to_string(), value))
}

/// How far a typed number may be from `value`: rounding to two decimals is right.
pub fn tolerance(value: f64) -> f64 {
    (value.abs() * 1e-6).max(0.005)
}

fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// `text` in at most `max` characters, cut at a word with "…".
pub fn clip(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > max / 2 => cut[..space].to_string(),
        _ => cut,
    };
    format!("{}…", cut.trim_end_matches([',', ';', ':', ' ']))
}

/// A number as a learner would write it: whole numbers without a point, others to 4 places.
pub fn number_text(value: f64) -> String {
    if (value - value.round()).abs() < 1e-9 {
        format!("{}", value.round() as i64)
    } else {
        format!("{value:.4}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

/// FNV-1a: the same question gets the same order of options on every machine.
pub(crate) fn fnv(text: &str) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use lectern_contract::Wpm;

    use super::*;
    use crate::storyboard::{ComparisonRow, Origin, STORYBOARD_VERSION};

    fn scene(visual: Visual, narration: &[&str]) -> Scene {
        Scene {
            visual,
            narration: narration.iter().map(|s| s.to_string()).collect(),
            cites: Vec::new(),
        }
    }

    fn bullets(heading: &str, items: &[&str]) -> Scene {
        scene(
            Visual::Bullets {
                heading: heading.into(),
                items: items.iter().map(|s| s.to_string()).collect(),
            },
            &items
                .iter()
                .map(|i| format!("{i}, as said aloud."))
                .collect::<Vec<_>>()
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        )
    }

    /// WordNet's definition of photosynthesis, quoted.
    fn photosynthesis_defined() -> Scene {
        scene(
            Visual::Definition {
                term: "Photosynthesis".into(),
                definition: "synthesis of compounds with the aid of radiant energy".into(),
                example: None,
            },
            &["WordNet defines it as the synthesis of compounds with the aid of radiant energy."],
        )
    }

    fn storyboard(subject: Subject, scenes: Vec<Scene>) -> Storyboard {
        let mut all = vec![scene(
            Visual::Title {
                title: "Photosynthesis".into(),
                subtitle: None,
            },
            &["Welcome."],
        )];
        all.extend(scenes);
        all.push(scene(
            Visual::Summary {
                heading: "Key takeaways".into(),
                points: vec!["Light becomes sugar".into()],
            },
            &["Light becomes sugar."],
        ));
        Storyboard {
            version: STORYBOARD_VERSION,
            title: "Photosynthesis".into(),
            subject,
            level: 2,
            show_level: true,
            target_minutes: 2.0,
            wpm: Wpm::new(150),
            origin: Origin::Model,
            scenes: all,
            sources: Vec::new(),
            checkpoints: Vec::new(),
            from_sources: None,
        }
    }

    fn options(c: &Checkpoint) -> (&[String], usize) {
        match &c.answer {
            CheckpointAnswer::Choice { options, answer } => (options, *answer),
            CheckpointAnswer::Number { .. } => panic!("a choice was expected"),
        }
    }

    #[test]
    fn a_bullet_scene_is_asked_which_of_its_points_it_made() {
        let board = storyboard(
            Subject::Science,
            vec![
                bullets(
                    "Light reactions",
                    &["Chlorophyll absorbs red and blue light", "Water is split"],
                ),
                bullets("The Calvin cycle", &["Carbon dioxide is fixed into sugar"]),
                bullets(
                    "Where it happens",
                    &["Inside the chloroplasts of leaf cells"],
                ),
            ],
        );
        let questions = recall(&board, 3);
        assert_eq!(questions.len(), 3);
        let first = &questions[0];
        assert_eq!(first.scene, 1);
        assert_eq!(
            first.question,
            "Which of these points did “Light reactions” make?"
        );
        let (options, answer) = options(first);
        assert_eq!(options[answer], "Chlorophyll absorbs red and blue light");
        assert_eq!(options.len(), 3);
        assert!(
            !options.contains(&"Water is split".to_string()),
            "{options:?}"
        );
        assert!(
            first.explanation.contains("as said aloud"),
            "{}",
            first.explanation
        );
        board_with(&board, questions).validate().unwrap();
    }

    fn board_with(board: &Storyboard, checkpoints: Vec<Checkpoint>) -> Storyboard {
        Storyboard {
            checkpoints,
            ..board.clone()
        }
    }

    #[test]
    fn bullets_of_two_words_are_not_gapped() {
        // The Water cycle on the 1.5B model: "Complete … as the video gave it: “_____ back”".
        let board = storyboard(
            Subject::Science,
            vec![bullets(
                "The water cycle in action",
                &["Evaporation", "Cooling", "Falling back"],
            )],
        );
        let questions = recall(&board, 3);
        assert!(
            questions.iter().all(|q| !q.question.contains("_____ back")),
            "{questions:?}"
        );
    }

    #[test]
    fn a_comparison_is_asked_which_side_a_row_belongs_to() {
        let board = storyboard(
            Subject::Science,
            vec![scene(
                Visual::Comparison {
                    heading: "Mitosis and meiosis".into(),
                    left_title: "Mitosis".into(),
                    right_title: "Meiosis".into(),
                    rows: vec![ComparisonRow {
                        left: "Two identical cells".into(),
                        right: "Four different cells".into(),
                    }],
                },
                &["Mitosis makes two identical cells; meiosis makes four different ones."],
            )],
        );
        let questions = recall(&board, 3);
        assert_eq!(questions[0].scene, 1);
        let (options, answer) = options(&questions[0]);
        assert_eq!(options[answer], "Meiosis");
        // With only one other question to ask, the summary at the end is asked about too.
        assert_eq!(questions.len(), 2);
        assert_eq!(questions[1].scene, 2);
        assert!(questions[0].question.contains("Four different cells"));
    }

    #[test]
    fn a_worked_example_in_mathematics_is_asked_for_the_solvers_number() {
        let example = scene(
            Visual::WorkedExample {
                heading: "An example".into(),
                problem: "Solve 2x + 3 = 11".into(),
                steps: Vec::new(),
                answer: "x = 4".into(),
            },
            &["We subtract three and halve."],
        );
        let board = storyboard(Subject::Mathematics, vec![example.clone()]);
        let questions = recall(&board, 3);
        assert_eq!(questions[0].scene, 1);
        match questions[0].answer {
            CheckpointAnswer::Number {
                value, tolerance, ..
            } => {
                assert_eq!(value, 4.0);
                assert!(tolerance > 0.0 && tolerance < 0.01);
            }
            _ => panic!("a number was expected"),
        }
        // Outside mathematics a worked example's text is not the solver's to read.
        let science = recall(&storyboard(Subject::Science, vec![example]), 3);
        assert!(
            science
                .iter()
                .all(|c| matches!(c.answer, CheckpointAnswer::Choice { .. })),
            "{science:?}"
        );
    }

    #[test]
    fn single_values_are_read_and_everything_else_is_not() {
        assert_eq!(single_value("x = -3/2"), Some(("x".into(), -1.5)));
        assert_eq!(single_value("x = 2, x = 3"), None);
        assert_eq!(single_value("x > 2"), None);
        assert_eq!(single_value("the answer = x + 1"), None);
    }

    #[test]
    fn questions_are_spread_over_the_video_and_completed_without_repeating_a_scene() {
        let scenes: Vec<Scene> = (0..7)
            .map(|i| {
                bullets(
                    &format!("Part {i}"),
                    &[&format!("Point number {i} of the lesson")],
                )
            })
            .collect();
        let board = storyboard(Subject::General, scenes);
        let picked: Vec<usize> = recall(&board, 3).iter().map(|c| c.scene).collect();
        assert_eq!(picked, [1, 4, 7]);
        let model_wrote = recall(&board, 3).into_iter().skip(1).take(1).collect();
        let all = completed(&board, model_wrote);
        let scenes: Vec<usize> = all.iter().map(|c| c.scene).collect();
        assert_eq!(all.len(), 3);
        assert!(scenes.windows(2).all(|w| w[0] < w[1]), "{scenes:?}");
        board_with(&board, all).validate().unwrap();
    }

    #[test]
    fn a_definition_alone_is_asked_as_a_gap_in_its_own_words() {
        let board = storyboard(
            Subject::Science,
            vec![
                photosynthesis_defined(),
                bullets(
                    "Next steps",
                    &["Work one example slowly", "Review your notes tomorrow"],
                ),
            ],
        );
        let questions = recall(&board, 3);
        let first = &questions[0];
        assert_eq!(first.scene, 1);
        assert_eq!(
            first.question,
            "Complete the definition of Photosynthesis as the video gave it: “synthesis of _____ with the aid of radiant energy”"
        );
        let (options, answer) = options(first);
        // Not "synthesis": the lesson's title says it already.
        assert_eq!(options[answer], "compounds");
        assert!(options.len() >= 3, "{options:?}");
        assert!(
            options.iter().all(|o| o == "compounds"
                || !"synthesis of compounds with the aid of radiant energy".contains(o.as_str())),
            "{options:?}"
        );
        board_with(&board, questions).validate().unwrap();
    }

    #[test]
    fn wrong_options_are_words_of_the_answers_form_never_names_or_sources() {
        // A Photosynthesis render of 28 November offered "compounds", "processes",
        // "princeton" and "absorbing".
        let board = storyboard(
            Subject::Science,
            vec![
                photosynthesis_defined(),
                scene(
                    Visual::Bullets {
                        heading: "Light absorption".into(),
                        items: vec!["Chlorophyll absorbs light".into()],
                    },
                    &[
                        "Chlorophyll pigments are absorbing sunlight, and the molecules of water are split by Calvin processes.",
                    ],
                ),
                scene(
                    Visual::Bullets {
                        heading: SOURCES_HEADING.into(),
                        items: vec!["WordNet 3.0, Princeton University: photosynthesis".into()],
                    },
                    &[
                        "The definition of photosynthesis is from WordNet 3.0, from Princeton University libraries.",
                    ],
                ),
            ],
        );
        let questions = recall(&board, 3);
        let gap = questions
            .iter()
            .find(|c| c.question.contains("_____"))
            .expect("a fill-in question");
        let (options, answer) = options(gap);
        assert_eq!(options[answer], "compounds");
        let wrong: Vec<&str> = options
            .iter()
            .filter(|o| *o != "compounds")
            .map(String::as_str)
            .collect();
        assert!(!wrong.contains(&"princeton"), "{options:?}");
        assert!(!wrong.contains(&"calvin"), "{options:?}");
        assert!(!wrong.contains(&"libraries"), "{options:?}");
        assert!(wrong.iter().all(|w| w.ends_with('s')), "{options:?}");
    }

    #[test]
    fn word_forms_and_names_are_read_from_the_text() {
        assert_eq!(word_form("compounds"), "s");
        assert_eq!(word_form("process"), "");
        assert_eq!(word_form("absorbing"), "ing");
        assert_eq!(word_form("Released"), "ed");
        assert_eq!(
            names_in("WordNet is from Princeton. Plants grow in Kew Gardens."),
            vec!["princeton", "kew", "gardens"]
        );
    }

    #[test]
    fn a_word_the_text_says_twice_is_not_left_out() {
        let board = storyboard(
            Subject::Science,
            vec![
                bullets(
                    "Chloroplasts",
                    &["Chloroplasts capture light; chloroplasts hold chlorophyll"],
                ),
                bullets("Next", &["Review the stages tomorrow"]),
            ],
        );
        let first = &recall(&board, 3)[0];
        assert!(
            first
                .question
                .contains("Chloroplasts capture light; chloroplasts hold _____"),
            "{}",
            first.question
        );
    }

    #[test]
    fn the_right_option_moves_with_the_question() {
        let others = ["B".to_string(), "C".to_string(), "D".to_string()];
        let answers: std::collections::HashSet<usize> = (0..12)
            .map(|i| {
                options(&choice(
                    1,
                    format!("Question {i}?"),
                    "A",
                    &others,
                    "x".into(),
                ))
                .1
            })
            .collect();
        assert!(answers.len() > 1, "{answers:?}");
        for i in 0..12 {
            let c = choice(1, format!("Question {i}?"), "A", &others, "x".into());
            let (options, answer) = options(&c);
            assert_eq!(options[answer], "A");
        }
    }
}
