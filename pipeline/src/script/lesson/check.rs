//! Checking what the model wrote: the scene checks that ask a scene again (named in
//! [`crate::script::rules`]), and the sentence check run on each written scene.

use super::*;

/// Letters of a script the topic is not written in (a small multilingual model now and then
/// slips into Chinese mid-sentence).
pub(super) fn has_foreign_script(text: &str, topic: &str) -> bool {
    let cjk = |c: char| matches!(c as u32, 0x3040..=0x30ff | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xac00..=0xd7af | 0xff00..=0xffef);
    !topic.chars().any(cjk) && text.chars().any(cjk)
}

/// A check of a written scene (with the lesson's topic): why the scene should be written
/// again, if it should.
type SceneCheck = fn(&Scene, &str) -> Option<String>;

/// The checks a written scene passes, in order. The first that finds a fault has the scene
/// asked again with its reason (see `write_scene`); each can be switched off by its name in
/// [`crate::script::rules`] for the corpus to measure.
const SCENE_CHECKS: &[(&str, SceneCheck)] = &[
    ("foreign_script", foreign_script),
    ("naming_bullet", naming_bullet),
    ("json_in_scene", json_in_scene),
    ("empty_comparison", |scene, _| {
        comparison::empty_comparison(scene)
    }),
    ("wrong_arithmetic", super::arithmetic::wrong_arithmetic),
    ("scene_alone", |scene, _| {
        crate::storyboard::check_scene_alone(scene)
            .err()
            .map(|errors| errors.to_string())
    }),
];

/// Why a written scene should be written again, if it should: the first fault
/// [`SCENE_CHECKS`] finds.
pub(super) fn flaw(scene: &Scene, topic: &str) -> Option<String> {
    SCENE_CHECKS
        .iter()
        .filter(|(name, _)| crate::script::rules::on(name))
        .find_map(|(_, check)| check(scene, topic))
}

fn foreign_script(scene: &Scene, topic: &str) -> Option<String> {
    let json = serde_json::to_string(scene).unwrap_or_default();
    has_foreign_script(&json, topic).then(|| "it slipped into another language".into())
}

/// "Demand", "Supply"; "Market Equilibrium", "Quantity Supplied": names, not points. (In
/// programming a two-word bullet may be a command: "git commit".)
fn naming_bullet(scene: &Scene, topic: &str) -> Option<String> {
    let Visual::Bullets { items, .. } = &scene.visual else {
        return None;
    };
    let label = items
        .iter()
        .find(|item| item.split_whitespace().count() < 3)?;
    (guess_subject(topic) != Subject::Programming).then(|| {
        format!(
            "the bullet \"{label}\" only names something; give each bullet as a phrase of 3 to \
             8 words that states a fact"
        )
    })
}

fn json_in_scene(scene: &Scene, _: &str) -> Option<String> {
    written::scene_has_json(scene)
        .then(|| "it wrote JSON or field names inside its sentences".into())
}

/// A quiz answer or a comparison cell that ran to its length limit was cut off ("…, while
/// respiration breaks"): it no longer says what it meant, and the scene is asked again (once;
/// a second writing is kept, its phrases cut at a word). Not bullets: asked again for bullets
/// of at most eight words, a 1.5B model wrote names ("Stable Price", "Producer Response")
/// and still cut others; a bullet loses its broken last word instead.
pub(super) fn cut_phrases(written: &Written) -> Option<String> {
    if !crate::script::rules::on("cut_phrases") {
        return None;
    }
    let cut = cut_near_limit;
    match written {
        Written::Quiz {
            right_answer,
            wrong_answers,
            ..
        } => std::iter::once(right_answer)
            .chain(wrong_answers)
            .any(|o| cut(o, PHRASE_CHARS))
            .then(|| {
                "its answers were too long and were cut off; give each of the four answers in \
                 at most eight words"
                    .to_string()
            }),
        // "When supply is greater than demand, there is a surplus of goods and services in"
        // on a slide: a sentence cut at the cell's limit.
        Written::Comparison { rows, .. } => rows
            .iter()
            .any(|row| cut(&row.left, ROW_CHARS) || cut(&row.right, ROW_CHARS))
            .then(|| {
                "its rows were too long and were cut off; give each side of a row as a short \
                 phrase of at most eight words"
                    .to_string()
            }),
        _ => None,
    }
}

/// A phrase that begins in the middle of a sentence: with a word in lower case ("food and
/// oxygen", "and their partners"). A name written in lower case on purpose has a capital or
/// a digit inside ("pH", "mRNA", "x2"), and a single letter may be a variable.
pub(super) fn is_fragment(phrase: &str) -> bool {
    let first = phrase.split_whitespace().next().unwrap_or_default();
    first.chars().count() > 1 && first.chars().all(|c| c.is_ascii_lowercase())
}

/// Puts each sentence of the lesson's scenes at the places `which` picks to the model alone
/// and leaves out those it calls wrong (see [`crate::script::facts::drop_wrong`]); a scene that
/// could not be checked stays as it is.
pub(super) async fn check_sentences(
    writer: &impl JsonModel,
    topic: &str,
    scenes: &mut [Scene],
    which: impl Fn(usize) -> bool,
) {
    let picked = scenes
        .iter_mut()
        .enumerate()
        .filter(|(place, _)| which(*place))
        .map(|(_, scene)| scene);
    futures_util::future::join_all(picked.map(|scene| async move {
        if let Err(error) = crate::script::facts::drop_wrong(writer, topic, scene).await {
            tracing::warn!(%error, "the scene's sentences were not checked");
        }
    }))
    .await;
}

/// What is done with a scene once it is written: its sentences checked, then (for a scene a
/// checkpoint question is about) its question written.
pub(super) enum SceneWork {
    Check {
        place: usize,
        scene: Scene,
        /// Whether a question is asked about it, and with an exercise.
        question: Option<bool>,
    },
    Ask {
        place: usize,
        scene: Scene,
        exercise: bool,
    },
}

pub(super) enum SceneDone {
    Checked {
        place: usize,
        scene: Scene,
        question: Option<bool>,
    },
    Asked(Vec<Checkpoint>),
}

pub(super) async fn scene_work(
    writer: &impl JsonModel,
    turns: &[Turn],
    topic: &str,
    work: SceneWork,
) -> SceneDone {
    match work {
        SceneWork::Check {
            place,
            mut scene,
            question,
        } => {
            if let Err(error) = crate::script::facts::drop_wrong(writer, topic, &mut scene).await {
                tracing::warn!(%error, "the scene's sentences were not checked");
            }
            SceneDone::Checked {
                place,
                scene,
                question,
            }
        }
        SceneWork::Ask {
            place,
            scene,
            exercise,
        } => SceneDone::Asked(
            // A question's scene is the one it was asked about: here `place`.
            crate::script::checkpoints::write_about(writer, turns, place, &scene, exercise)
                .await
                .unwrap_or_else(|e| {
                    tracing::warn!(error = %e, "the model's checkpoint question failed");
                    Vec::new()
                }),
        ),
    }
}

/// A second writing that still cuts one sentence into bullets loses the pieces, each with
/// its beat, while the list keeps another bullet: on a slide "food and oxygen for themselves
/// and their partners" reads as a mistake (seen in a Photosynthesis video after the scene was
/// asked again for it).
pub(super) fn drop_fragment_bullets(scene: &mut Scene, topic: &str) {
    if !crate::script::rules::on("fragment_bullets") {
        return;
    }
    if guess_subject(topic) == Subject::Programming {
        return;
    }
    let mut i = 0;
    while let Visual::Bullets { items, .. } | Visual::Summary { points: items, .. } = &scene.visual
        && i < items.len()
    {
        if is_fragment(&items[i])
            && i < scene.narration.len()
            && crate::script::facts::remove_element(&mut scene.visual, i)
        {
            scene.narration.remove(i);
        } else {
            i += 1;
        }
    }
}

/// The summary's points that recap. A point that asks rather than recaps ("a question on one
/// fact about Photosynthesis that the scenes above", said as "What is photosynthesis?") goes;
/// so does one that points back ("This helps protect you from diseases", a How vaccines work
/// summary), which has nothing on the slide to point at, and one whose sentence only names a
/// process ("The process by which water changes from a liquid …"), where another point can
/// stand.
pub(super) fn keep_key_points(points: &mut Vec<SummaryPoint>) {
    if !crate::script::rules::on("key_points") {
        return;
    }
    points.retain(|p| !is_about_asking(&p.point) && !p.say.trim_end().ends_with('?'));
    let empty = |p: &SummaryPoint| said::points_back(&p.point) || written::only_names(&p.say);
    if points.iter().any(|p| !empty(p)) {
        points.retain(|p| !empty(p));
    }
}

/// Whether a summary point is about the quiz rather than the subject.
pub(super) fn is_about_asking(point: &str) -> bool {
    let point = point.to_lowercase();
    point.starts_with("a question") || point.contains("the scenes above")
}
