//! The offline writer: used when no language model is configured. It cannot know the topic,
//! so it writes an honest study plan for it, labelled "offline draft" on screen and in the
//! result, with examples that are correct whatever the topic (they are computed or generic).
//! Where WordNet or FOLDOC defines the topic, its definition is quoted, with the source named
//! and listed in a last scene. Its words are data (`offline_scenes.json`); this file chooses
//! and orders the scenes, fills in the topic and computes the plots.

use std::sync::LazyLock;

use async_trait::async_trait;
use serde::Deserialize;

use super::{Brief, ScriptError, ScriptWriter};
use crate::course::LessonBrief;
use crate::grounding::{self, Fact};
use crate::storyboard::{
    Origin, STORYBOARD_VERSION, Scene, Series, SourceNote, Storyboard, Visual,
};
use crate::titles::{Subject, level_prefixed_title, smart_title};
use crate::words::filled;

pub struct OfflineWriter;

/// What the offline writer says: its scenes and sentences, kept as data in
/// `offline_scenes.json`, with `{topic}` where the topic goes and `{level}` where its level
/// does. Plots are computed here.
#[derive(Deserialize)]
struct Words {
    title: Vec<String>,
    definition: DefinitionWords,
    plan: Scene,
    subject: SubjectWords,
    explain_it: Scene,
    active_study: Scene,
    quiz: Scene,
    summary: Scene,
    extras: Vec<Scene>,
}

#[derive(Deserialize)]
struct DefinitionWords {
    /// Said after the quoted definition.
    with_source: Vec<String>,
    /// The scene when no reference data defines the topic.
    without_source: Scene,
    example: Option<String>,
}

#[derive(Deserialize)]
struct SubjectWords {
    mathematics: Vec<Scene>,
    programming: Vec<Scene>,
    science: Vec<Scene>,
    general: Vec<Scene>,
}

fn scene(visual: Visual, narration: &[String]) -> Scene {
    Scene {
        visual,
        narration: narration.to_vec(),
        cites: Vec::new(),
    }
}

static WORDS: LazyLock<Words> = LazyLock::new(|| {
    serde_json::from_str(include_str!("offline_scenes.json"))
        .expect("offline_scenes.json holds the offline writer's scenes")
});

#[async_trait]
impl ScriptWriter for OfflineWriter {
    fn engine(&self) -> String {
        "offline".to_string()
    }

    async fn write(&self, brief: &Brief) -> Result<Storyboard, ScriptError> {
        OfflineWriter::storyboard(brief)
    }

    async fn write_lesson(&self, lesson: &LessonBrief) -> Result<Storyboard, ScriptError> {
        crate::course::offline_lesson_storyboard(lesson)
    }
}

struct Candidate {
    order: usize,
    /// Scenes of lower priority are dropped first when the budget is short.
    priority: u8,
    scene: Scene,
}

fn scene_words(scene: &Scene) -> f64 {
    scene
        .narration
        .iter()
        .map(|s| crate::storyboard::count_words(s))
        .sum::<usize>() as f64
}

impl OfflineWriter {
    pub fn storyboard(brief: &Brief) -> Result<Storyboard, ScriptError> {
        if brief.topic.trim().is_empty() {
            return Err(ScriptError::Brief("the topic is empty".into()));
        }
        let t = smart_title(&brief.topic);
        let subject = brief.subject;
        let level_word = match brief.level {
            1 => "beginner's",
            3 => "advanced",
            _ => "intermediate",
        };
        // Only the topic's own definition is quoted: the offline writer cannot say how the
        // topic's other terms fit in.
        let fact = grounding::lookup(&brief.topic)
            .fact_for(&brief.topic)
            .cloned();
        let mut sources: Vec<SourceNote> = fact.iter().map(Fact::note).collect();
        let mut core = vec![
            (100, title_scene(&t, brief.level, level_word)),
            (70, filled(&WORDS.plan, &[("topic", &t)])),
            (80, definition_scene(&t, fact.as_ref())),
        ];
        core.extend(subject_scenes(subject, &t));
        core.push((30, forgetting_plot()));
        core.push((40, filled(&WORDS.explain_it, &[("topic", &t)])));
        core.push((35, filled(&WORDS.active_study, &[("topic", &t)])));
        let quiz_at = core.len();
        core.push((50, filled(&WORDS.quiz, &[("topic", &t)])));
        core.push((90, filled(&WORDS.summary, &[("topic", &t)])));
        // The scene that lists the definition's source stays as long as the definition does.
        let sources_order = core.len() * 100;
        core.extend(grounding::sources_scene(&sources).map(|scene| (95, scene)));

        let mut candidates: Vec<Candidate> = core
            .into_iter()
            .enumerate()
            .map(|(i, (priority, scene))| Candidate {
                order: i * 100,
                priority,
                scene,
            })
            .collect();

        let target = brief.target_words() as f64;
        let words = |c: &[Candidate]| -> f64 { c.iter().map(|c| scene_words(&c.scene)).sum() };
        // Fill towards the budget (a 5-minute video should last 5 minutes): a scene is added
        // when it brings the word count closer to the target, so that it may end a little
        // short or a little long, whichever is nearer.
        for (i, extra) in extra_scenes(&t).into_iter().enumerate() {
            let have = words(&candidates);
            if (have + scene_words(&extra) - target).abs() >= (have - target).abs() {
                continue;
            }
            candidates.push(Candidate {
                order: (quiz_at - 1) * 100 + 1 + i,
                priority: 10,
                scene: extra,
            });
        }
        let mut dropped = Vec::new();
        while words(&candidates) > target * 1.1 {
            let Some(weakest) = candidates
                .iter()
                .enumerate()
                .filter(|(_, c)| c.priority < 90)
                .min_by_key(|(_, c)| c.priority)
                .map(|(i, _)| i)
            else {
                break;
            };
            dropped.push(candidates.remove(weakest));
        }
        // Dropping a long scene can leave a very short video far below its budget (1 minute at
        // 120 wpm): then the dropped scenes, last dropped first, come back while each one
        // brings the word count closer to the target without going over the budget.
        let most = target * (1.0 + super::WORD_BUDGET_TOLERANCE);
        while words(&candidates) < target * (1.0 - super::WORD_BUDGET_TOLERANCE / 2.0) {
            let have = words(&candidates);
            let Some(back) = dropped.iter().rposition(|c| {
                let with = have + scene_words(&c.scene);
                (with - target).abs() < target - have && with <= most
            }) else {
                break;
            };
            candidates.push(dropped.remove(back));
        }
        let quoted = fact.as_ref().is_some_and(|fact| {
            candidates.iter().any(|c| {
                matches!(&c.scene.visual, Visual::Definition { definition, .. }
                    if *definition == fact.definition)
            })
        });
        if !quoted {
            candidates.retain(|c| c.order != sources_order);
            sources.clear();
        }
        candidates.sort_by_key(|c| c.order);

        let storyboard = Storyboard {
            version: STORYBOARD_VERSION,
            title: t,
            subject,
            level: brief.level.clamp(1, 3),
            show_level: true,
            target_minutes: brief.duration_minutes.get(),
            wpm: brief.wpm,
            origin: Origin::OfflineDraft,
            scenes: candidates.into_iter().map(|c| c.scene).collect(),
            sources,
            checkpoints: Vec::new(),
            from_sources: None,
        };
        storyboard.validate().map_err(ScriptError::Invalid)?;
        Ok(storyboard)
    }
}

fn title_scene(t: &str, level: u8, level_word: &str) -> Scene {
    scene(
        Visual::Title {
            title: t.to_string(),
            subtitle: Some(level_prefixed_title(t, level)),
        },
        &filled(&WORDS.title, &[("topic", t), ("level", level_word)]),
    )
}

/// The topic's definition quoted from reference data, or, without one, an invitation to
/// write it.
fn definition_scene(t: &str, fact: Option<&Fact>) -> Scene {
    let words = &WORDS.definition;
    let Some(fact) = fact else {
        return filled(&words.without_source, &[("topic", t)]);
    };
    let mut term = fact.term.clone();
    if let Some(first) = term.get(..1) {
        term = format!("{}{}", first.to_uppercase(), &term[1..]);
    }
    let mut narration = vec![fact.spoken()];
    narration.extend(filled(&words.with_source, &[("topic", t)]));
    scene(
        Visual::Definition {
            term,
            definition: fact.definition.clone(),
            example: words.example.clone(),
        },
        &narration,
    )
}

fn subject_scenes(subject: Subject, t: &str) -> Vec<(u8, Scene)> {
    let words = &WORDS.subject;
    let (written, plot) = match subject {
        Subject::Mathematics => (&words.mathematics, Some(parabola_plot())),
        Subject::Programming => (&words.programming, Some(search_steps_plot())),
        Subject::Science => (&words.science, None),
        Subject::Business | Subject::General => (&words.general, None),
    };
    let mut scenes: Vec<(u8, Scene)> = written
        .iter()
        .map(|s| (60, filled(s, &[("topic", t)])))
        .collect();
    scenes.extend(plot.map(|plot| (55, plot)));
    scenes
}

fn parabola_plot() -> Scene {
    let square: Vec<[f64; 2]> = (0..=40)
        .map(|i| {
            let x = -2.0 + f64::from(i) * 0.1;
            [x, x * x]
        })
        .collect();
    let line: Vec<[f64; 2]> = (0..=40)
        .map(|i| {
            let x = -2.0 + f64::from(i) * 0.1;
            [x, 2.0 * x - 1.0]
        })
        .collect();
    scene(
        Visual::Plot {
            heading: "See it, don't just compute it".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![
                Series { label: "y = x²".into(), points: square },
                Series { label: "y = 2x − 1".into(), points: line },
            ],
        },
        &[
            "Drawing a graph often shows what a formula hides: here is y equals x squared, a parabola with its lowest point at the origin.".into(),
            "The straight line y equals two x minus one touches the parabola at exactly one point, x equals one, because x squared minus two x plus one is a perfect square.".into(),
        ],
    )
}

fn search_steps_plot() -> Scene {
    let sizes: Vec<f64> = (1..=32).map(|i| f64::from(i) * 32.0).collect();
    scene(
        Visual::Plot {
            heading: "Measure the cost of an algorithm".into(),
            x_label: "list length n".into(),
            y_label: "comparisons, worst case".into(),
            series: vec![
                Series { label: "linear search: n".into(), points: sizes.iter().map(|n| [*n, *n]).collect() },
                Series {
                    label: "binary search: log₂ n + 1".into(),
                    points: sizes.iter().map(|n| [*n, n.log2().floor() + 1.0]).collect(),
                },
            ],
        },
        &[
            "Counting the work a program does is a skill in itself: a linear search may compare every one of n items.".into(),
            "A binary search on a sorted list needs only about log base two of n comparisons, which stays tiny as the list grows.".into(),
        ],
    )
}

fn forgetting_plot() -> Scene {
    let no_review: Vec<[f64; 2]> = (0..=56)
        .map(|i| {
            let day = f64::from(i) * 0.25;
            [day, 100.0 * (-day / 2.0).exp()]
        })
        .collect();
    // Each review brings recall back to 100% and makes the next decline slower.
    let reviews = [(0.0, 2.0), (1.0, 4.0), (3.0, 8.0), (7.0, 16.0)];
    let spaced: Vec<[f64; 2]> = (0..=56)
        .map(|i| {
            let day = f64::from(i) * 0.25;
            let (start, strength) = reviews
                .iter()
                .rev()
                .find(|(start, _)| day >= *start)
                .copied()
                .unwrap_or((0.0, 2.0));
            [day, 100.0 * (-(day - start) / strength).exp()]
        })
        .collect();
    scene(
        Visual::Plot {
            heading: "A model of forgetting".into(),
            x_label: "days after first study".into(),
            y_label: "recall (model, %)".into(),
            series: vec![
                Series { label: "no review".into(), points: no_review },
                Series { label: "reviews on days 1, 3 and 7".into(), points: spaced },
            ],
        },
        &[
            "This plot is a simple model, not measured data: without review, memory of new material fades quickly over the first days.".into(),
            "Each review brings it back, and the decline after each review is slower, which is why short reviews spread over days beat one long session.".into(),
        ],
    )
}

/// Extra scenes, tried in this order to fill a video towards its word budget.
fn extra_scenes(t: &str) -> Vec<Scene> {
    WORDS
        .extras
        .iter()
        .map(|s| filled(s, &[("topic", t)]))
        .collect()
}
