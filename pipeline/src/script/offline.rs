//! The offline writer: used when no language model is configured. It cannot know the topic,
//! so it writes an honest study plan for it, labelled "offline draft" on screen and in the
//! result, with examples that are correct whatever the topic (they are computed or generic).
//! Where WordNet or FOLDOC defines the topic, its definition is quoted, with the source named
//! and listed in a last scene.

use async_trait::async_trait;

use super::build::{scene, strings};
use super::{Brief, ScriptError, ScriptWriter};
use crate::course::LessonBrief;
use crate::grounding::{self, Fact};
use crate::storyboard::{
    ComparisonRow, EquationStep, LineRange, Origin, STORYBOARD_VERSION, Scene, Series, SourceNote,
    Storyboard, Visual, WorkedStep,
};
use crate::titles::{Subject, guess_subject, level_prefixed_title, smart_title};

pub struct OfflineWriter;

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
        let subject = guess_subject(&brief.topic);
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
            (70, plan_scene(&t)),
            (80, definition_scene(&t, fact.as_ref())),
        ];
        core.extend(subject_scenes(subject, &t));
        core.push((30, forgetting_plot()));
        core.push((40, explain_it_scene(&t)));
        core.push((35, active_study_scene()));
        let quiz_at = core.len();
        core.push((50, quiz_scene(&t)));
        core.push((90, summary_scene(&t)));
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
            target_minutes: brief.duration_minutes,
            wpm: brief.wpm,
            origin: Origin::OfflineDraft,
            scenes: candidates.into_iter().map(|c| c.scene).collect(),
            sources,
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
        &[
            format!("Welcome to this {level_word} guide to {t}."),
            format!(
                "This video is an offline draft: no language model was configured, so instead of \
                 expert content it gives you a clear plan for studying {t} on your own."
            ),
        ],
    )
}

fn plan_scene(t: &str) -> Scene {
    scene(
        Visual::Bullets {
            heading: "The plan for this lesson".into(),
            items: strings(&[
                "Say what the topic is about in one sentence",
                "Collect the key terms",
                "Work through one example slowly",
                "Test yourself, then plan your reviews",
            ]),
        },
        &[
            format!("First, we pin down in one sentence what {t} is about."),
            format!("Second, we collect the key terms that every explanation of {t} relies on."),
            "Third, we work through one example slowly, one step at a time.".into(),
            "Finally, we test ourselves and plan when to review, so that it stays learned.".into(),
        ],
    )
}

/// The topic's definition quoted from reference data, or, without one, an invitation to
/// write it.
fn definition_scene(t: &str, fact: Option<&Fact>) -> Scene {
    let example = "A good definition names the wider category first, then the detail that sets \
                   this idea apart from its neighbours.";
    if let Some(fact) = fact {
        let mut term = fact.term.clone();
        if let Some(first) = term.get(..1) {
            term = format!("{}{}", first.to_uppercase(), &term[1..]);
        }
        return scene(
            Visual::Definition {
                term,
                definition: fact.definition.clone(),
                example: Some(example.into()),
            },
            &[
                fact.spoken(),
                "Notice its shape: a good definition names the wider category first, and then \
                 the detail that sets the idea apart from its neighbours."
                    .into(),
                format!(
                    "Now say what {t} is in your own words, and check your sentence against a \
                     trusted textbook."
                ),
            ],
        );
    }
    scene(
        Visual::Definition {
            term: t.to_string(),
            definition: format!(
                "Your one-sentence definition of {t} goes here: what it is, in your own words. \
                 Compare it with a trusted textbook or course."
            ),
            example: Some(example.into()),
        },
        &[
            format!(
                "Start with a definition in your own words: one sentence that says what {t} is."
            ),
            "A good definition names the wider category first, and then the detail that sets \
             the idea apart from its neighbours."
                .into(),
            "Check your sentence against a trusted textbook, and correct it wherever it differs."
                .into(),
        ],
    )
}

fn subject_scenes(subject: Subject, t: &str) -> Vec<(u8, Scene)> {
    match subject {
        Subject::Mathematics => vec![
            (
                60,
                scene(
                    Visual::EquationSteps {
                        heading: "Warm-up: one step at a time".into(),
                        steps: vec![
                            EquationStep { math: "3x + 5 = 20".into(), note: Some("the equation".into()) },
                            EquationStep { math: "3x = 15".into(), note: Some("subtract 5 from both sides".into()) },
                            EquationStep { math: "x = 5".into(), note: Some("divide both sides by 3".into()) },
                            EquationStep { math: "3 dot 5 + 5 = 20 quad checkmark".into(), note: Some("check by substituting".into()) },
                        ],
                    },
                    &[
                        "Mathematics rewards writing one small step per line, so here is a warm-up: three x plus five equals twenty.".into(),
                        "Subtracting five from both sides keeps the equation balanced and leaves three x equals fifteen.".into(),
                        "Dividing both sides by three gives x equals five.".into(),
                        format!("Then check by substituting: three times five plus five is twenty, and the same habit of checking will serve you well in {t}."),
                    ],
                ),
            ),
            (55, parabola_plot()),
        ],
        Subject::Programming => vec![
            (
                60,
                scene(
                    Visual::Code {
                        heading: "Predict, run, compare".into(),
                        language: "python".into(),
                        code: "def check(prediction, result):\n    \"\"\"Compare what you expected with what happened.\"\"\"\n    if prediction == result:\n        return \"understood\"\n    return f\"investigate: got {result!r}\"\n\n\nprint(check(4, 2 + 2))\nprint(check([1, 2], sorted([2, 1])))\nprint(check(0.3, 0.1 + 0.2))".into(),
                        focus: vec![LineRange { start: 1, end: 5 }, LineRange { start: 8, end: 10 }],
                    },
                    &[
                        format!("Programming is learned by running code, so for every new idea in {t}, predict the output before you run it."),
                        "This small function compares your prediction with the actual result, and tells you when something needs a closer look.".into(),
                        "The last line is a classic surprise: in floating point arithmetic, zero point one plus zero point two is not exactly zero point three.".into(),
                    ],
                ),
            ),
            (55, search_steps_plot()),
        ],
        Subject::Science => vec![(
            60,
            scene(
                Visual::WorkedExample {
                    heading: "Describe a process like a scientist".into(),
                    problem: format!("Describe one process in {t} as inputs, changes and outputs."),
                    steps: vec![
                        WorkedStep { text: "List what goes in: matter, energy or information".into(), math: None },
                        WorkedStep { text: "Describe what changes, and what drives the change".into(), math: None },
                        WorkedStep { text: "List what comes out, and check that nothing vanished".into(), math: None },
                    ],
                    answer: "A cause-and-effect account you can test against observations".into(),
                },
                &[
                    "Scientists describe processes as inputs, changes and outputs; start by listing what goes in.".into(),
                    "Next, describe what changes, and what drives the change.".into(),
                    "Then list what comes out, and check that matter and energy are accounted for.".into(),
                    "The result is a cause-and-effect account that you can test against real observations.".into(),
                ],
            ),
        )],
        Subject::Business | Subject::General => vec![(
            60,
            scene(
                Visual::Comparison {
                    heading: "Two ways to look at a topic".into(),
                    left_title: "The big picture".into(),
                    right_title: "The details".into(),
                    rows: vec![
                        ComparisonRow { left: "Why does it matter?".into(), right: "How exactly does it work?".into() },
                        ComparisonRow { left: "Who uses it, and when?".into(), right: "What are the steps or parts?".into() },
                        ComparisonRow { left: "What does it connect to?".into(), right: "What are the exceptions?".into() },
                    ],
                },
                &[
                    format!("Every topic, {t} included, can be seen from the big picture or from the details; start by asking why it matters and how it works."),
                    "Then ask who uses it and when, and what its steps or parts are.".into(),
                    "Finally, ask what it connects to, and where the exceptions are: the details you can explain are the ones you own.".into(),
                ],
            ),
        )],
    }
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

fn explain_it_scene(t: &str) -> Scene {
    scene(
        Visual::WorkedExample {
            heading: "Worked example: explain it simply".into(),
            problem: format!("Explain {t} to a friend in three sentences, without notes."),
            steps: vec![
                WorkedStep { text: "Write down what you remember, without looking".into(), math: None },
                WorkedStep { text: "Mark the gaps where you got stuck".into(), math: None },
                WorkedStep { text: "Reread only those parts, then explain again".into(), math: None },
            ],
            answer: "A short explanation with no gaps, checked against a trusted source".into(),
        },
        &[
            format!("Here is an exercise: explain {t} to a friend in three sentences, and start by writing down what you remember without looking."),
            "Next, mark every place where you got stuck or had to wave your hands.".into(),
            "Then reread only those parts, and explain the whole idea again from the start.".into(),
            "When your explanation has no gaps and agrees with a trusted source, you have understood it.".into(),
        ],
    )
}

fn active_study_scene() -> Scene {
    scene(
        Visual::Comparison {
            heading: "Passive and active study".into(),
            left_title: "Feels productive".into(),
            right_title: "Builds memory".into(),
            rows: vec![
                ComparisonRow { left: "Re-reading your notes".into(), right: "Explaining it aloud from memory".into() },
                ComparisonRow { left: "Highlighting sentences".into(), right: "Writing your own questions".into() },
                ComparisonRow { left: "Watching a video once".into(), right: "Pausing to predict the next step".into() },
                ComparisonRow { left: "Cramming in one night".into(), right: "Short reviews over several days".into() },
            ],
        },
        &[
            "Re-reading feels productive, but explaining an idea aloud from memory builds far stronger memories.".into(),
            "Highlighting is easy; writing your own questions makes you think about what matters.".into(),
            "When you watch a video like this one, pause and predict the next step before it appears.".into(),
            "And instead of cramming in one night, plan short reviews over several days.".into(),
        ],
    )
}

fn quiz_scene(t: &str) -> Scene {
    scene(
        Visual::Quiz {
            question: format!("Which habit helps you remember {t} for longest?"),
            options: strings(&[
                "Re-reading your notes several times",
                "Testing yourself, spread over several days",
                "Highlighting the key sentences",
            ]),
            answer: 1,
            explanation: Some(
                "Practice testing and spaced practice are among the most effective study \
                 techniques that learning research has found."
                    .into(),
            ),
        },
        &[
            format!("Time for a quick check: which of these habits helps you remember {t} for longest?"),
            "The answer is testing yourself, spread over several days: pulling an idea out of memory strengthens it far more than reading it again.".into(),
        ],
    )
}

fn summary_scene(t: &str) -> Scene {
    scene(
        Visual::Summary {
            heading: "Your next steps".into(),
            points: vec![
                format!("Define {t} in one sentence"),
                "Learn the key terms".into(),
                "Work one example slowly".into(),
                "Test yourself, then space your reviews".into(),
            ],
        },
        &[
            format!("To sum up: define {t} in one sentence of your own."),
            "Collect and learn the key terms.".into(),
            "Work through one example slowly.".into(),
            "And test yourself, with reviews spaced over several days.".into(),
            format!(
                "Thanks for watching; now open a trusted source on {t} and start with step one."
            ),
        ],
    )
}

/// Extra scenes, tried in this order to fill a video towards its word budget; the longer
/// videos also take the ones in `offline_extras.rs`.
fn extra_scenes(t: &str) -> Vec<Scene> {
    let mut extras = vec![
        scene(
            Visual::Bullets {
                heading: "Key questions to answer".into(),
                items: strings(&[
                    "What problem does it solve?",
                    "What are its main parts?",
                    "How do the parts work together?",
                    "Where is it used in practice?",
                    "What do beginners often get wrong?",
                ]),
            },
            &[
                format!("Good notes on {t} answer a few key questions, starting with: what problem does it solve?"),
                "Next, what are its main parts, and what is each one called?".into(),
                "Then, how do those parts work together?".into(),
                "Where is it used in practice, and by whom?".into(),
                "And finally, what do beginners often get wrong about it?".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Build your vocabulary".into(),
                items: strings(&[
                    "List every new term you meet",
                    "Write each one in plain words",
                    "Add a small example for each",
                    "Link terms that depend on each other",
                ]),
            },
            &[
                format!("Every field has its own words, so keep a list of each new term you meet while studying {t}."),
                "Next to each term, write what it means in plain words, as if to a friend.".into(),
                "Add one small example for each term; examples are what make a definition stick.".into(),
                "Finally, draw links between terms that depend on each other, and you will see the structure of the topic.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Common traps".into(),
                items: strings(&[
                    "Memorising words without their meaning",
                    "Skipping the worked examples",
                    "Studying only what already feels easy",
                    "Never checking against a source",
                ]),
            },
            &[
                "The first trap is memorising words without their meaning; if you cannot rephrase it, you have not learned it yet.".into(),
                "The second is skipping worked examples, which are where most understanding is built.".into(),
                "The third is studying only what already feels easy, while the hard parts wait.".into(),
                "And the fourth is never checking your understanding against a trusted source.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "A one-week study plan".into(),
                items: strings(&[
                    "Day 1: define it and list the key terms",
                    "Day 2: work one example slowly",
                    "Day 4: test yourself from memory",
                    "Day 7: explain it aloud, then fill the gaps",
                ]),
            },
            &[
                "On day one, write your definition and list the key terms.".into(),
                "On day two, work through one example slowly, writing every step.".into(),
                "On day four, test yourself from memory before looking anything up.".into(),
                "On day seven, explain the whole topic aloud, and fill the gaps you find.".into(),
            ],
        ),
        scene(
            Visual::Definition {
                term: "Retrieval practice".into(),
                definition: "Recalling what you learned from memory, without looking, so that the memory gets stronger.".into(),
                example: Some(format!("Close your notes and write down everything you remember about {t}; then check.")),
            },
            &[
                "Retrieval practice means recalling what you learned from memory, without looking, which makes the memory stronger each time.".into(),
                format!("For example, close your notes, write down everything you remember about {t}, and only then check what you missed."),
                "It feels harder than rereading, and that effort is exactly what makes it work.".into(),
            ],
        ),
        scene(
            Visual::Comparison {
                heading: "Questions that test understanding".into(),
                left_title: "Recall".into(),
                right_title: "Understanding".into(),
                rows: vec![
                    ComparisonRow { left: "What is it called?".into(), right: "Why does it work?".into() },
                    ComparisonRow { left: "List the steps".into(), right: "What if a step is skipped?".into() },
                    ComparisonRow { left: "Give the definition".into(), right: "Give your own example".into() },
                ],
            },
            &[
                "Recall questions ask what something is called; understanding questions ask why it works.".into(),
                "Listing the steps is recall; predicting what happens when a step is skipped shows understanding.".into(),
                format!("And giving the definition is recall, while giving your own example of {t} shows you really understand it."),
            ],
        ),
        scene(
            Visual::WorkedExample {
                heading: "Turn a heading into questions".into(),
                problem: format!("Turn the heading \"{t}\" into three questions to test yourself with."),
                steps: vec![
                    WorkedStep { text: "Ask what it is, in one sentence".into(), math: None },
                    WorkedStep { text: "Ask why it matters, and to whom".into(), math: None },
                    WorkedStep { text: "Ask how it works, step by step".into(), math: None },
                ],
                answer: "Three questions for your next review session".into(),
            },
            &[
                format!("A simple exercise turns any heading into a test: first ask what {t} is, in one sentence."),
                "Second, ask why it matters, and to whom.".into(),
                "Third, ask how it works, step by step.".into(),
                "Now you have three questions for your next review session, and you can answer them without notes.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Where to check your answers".into(),
                items: strings(&[
                    "A recent textbook or course",
                    "University lecture notes",
                    "An encyclopedia article with references",
                    "A teacher or tutor you trust",
                ]),
            },
            &[
                "Check your answers against a recent textbook or a well-reviewed course.".into(),
                "University lecture notes are often free, and carefully written.".into(),
                "An encyclopedia article with references can point you to the original sources.".into(),
                "And a teacher or tutor you trust can tell you what you have misunderstood.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Connect it to what you know".into(),
                items: strings(&[
                    "Something it reminds you of",
                    "A place you have seen it used",
                    "A question it raises for you",
                ]),
            },
            &[
                format!("New ideas stick when they connect to old ones, so ask what {t} reminds you of."),
                "Think of a place where you have already seen it used, at school, at work or at home.".into(),
                "And write down one question it raises for you, then go and find the answer.".into(),
            ],
        ),
    ];
    extras.extend(super::offline_extras::more_extra_scenes(t));
    extras
}
