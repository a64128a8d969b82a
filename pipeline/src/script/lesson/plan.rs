//! Planning a lesson: the plan request and its schema, the planned scenes (kinds, headings,
//! what each teaches), repeated plans dropped and planned again, and the reference facts
//! each scene is given.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum BodyKind {
    Definition,
    Bullets,
    Comparison,
    WorkedExample,
    EquationSteps,
    Code,
    Quiz,
}

impl BodyKind {
    pub(super) fn name(self) -> &'static str {
        match self {
            BodyKind::Definition => "definition",
            BodyKind::Bullets => "bullets",
            BodyKind::Comparison => "comparison",
            BodyKind::WorkedExample => "worked_example",
            BodyKind::EquationSteps => "equation_steps",
            BodyKind::Code => "code",
            BodyKind::Quiz => "quiz",
        }
    }

    /// Kinds the plan may choose for a subject (a quiz is added by the writer itself).
    /// Worked examples and equations only where the numbers can be real: a small model
    /// asked for a calculation in biology or history invents a formula.
    pub(super) fn for_subject(subject: Subject) -> &'static [BodyKind] {
        use BodyKind::*;
        match subject {
            Subject::Mathematics => &[
                Bullets,
                Definition,
                EquationSteps,
                WorkedExample,
                Comparison,
            ],
            Subject::Programming => &[Bullets, Definition, Code, Comparison],
            Subject::Science | Subject::Business | Subject::General => {
                &[Bullets, Definition, Comparison]
            }
        }
    }

    /// Visual elements (each with its own sentence) for about `words` words of narration in
    /// sentences of about `sentence_words` words, and the extra sentences after them.
    pub(super) fn shape(self, words: usize, sentence_words: usize) -> (usize, usize) {
        let sentences = (words as f64 / sentence_words.max(1) as f64)
            .round()
            .max(2.0) as usize;
        let elements = match self {
            BodyKind::Definition => 2,
            BodyKind::Quiz => 2,
            BodyKind::Code => 2,
            BodyKind::WorkedExample => sentences.clamp(3, 4),
            BodyKind::EquationSteps => sentences.clamp(2, 4),
            BodyKind::Comparison => sentences.clamp(2, 4),
            BodyKind::Bullets => sentences.clamp(3, 5),
        };
        (elements, sentences.saturating_sub(elements).min(5))
    }
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct PlannedScene {
    pub kind: BodyKind,
    pub heading: String,
    pub teaches: String,
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct Plan {
    pub title: String,
    pub subtitle: String,
    pub opening: Vec<String>,
    pub scenes: Vec<PlannedScene>,
}

/// How many body scenes a brief needs: the budget left after the title and the summary, at
/// about [`SCENE_WORDS`] a scene.
pub(super) fn body_scenes(brief: &Brief) -> usize {
    let words = brief
        .target_words()
        .saturating_sub(TITLE_WORDS + summary_words(brief));
    (words as f64 / SCENE_WORDS as f64).round().clamp(1.0, 40.0) as usize
}

/// Whether the lesson's body ends with a quiz scene: only beside three teaching scenes, so that
/// a 2-minute lesson teaches in all three of its scenes.
pub(super) fn with_quiz(brief: &Brief) -> bool {
    brief.duration_minutes.get() >= 2.0 && body_scenes(brief) >= 4
}

pub(super) fn plan_schema(subject: Subject, planned: usize) -> Value {
    object(json!({
        "title": text(70),
        "subtitle": text(70),
        "opening": sentences(2),
        "scenes": planned_scenes(subject, planned),
    }))
}

pub(super) fn planned_scenes(subject: Subject, count: usize) -> Value {
    let kinds: Vec<&str> = BodyKind::for_subject(subject)
        .iter()
        .map(|k| k.name())
        .collect();
    // The plan is the one request nothing can be written beside: what a scene teaches is
    // said in one short sentence (its scene says the rest).
    array(
        object(json!({
            "kind": { "type": "string", "enum": kinds },
            "heading": text(60),
            "teaches": text(120),
        })),
        count,
    )
}

pub(super) fn system_prompt() -> String {
    format!(
        "You are an expert teacher who writes narrated slide lessons. You write one part of a \
         lesson at a time, as the JSON document asked for.\n\
         Rules:\n\
         - Be correct and specific: name the real mechanisms, parts, dates, formulas and \
         examples of the topic. Never invent facts, quotations, statistics or sources. When \
         reference facts are given, keep to them.\n\
         - Slides hold short phrases; the spoken sentences (\"say\", \"more\", \"opening\") \
         explain them in full sentences of about {WORDS_PER_SENTENCE} words, written to be \
         spoken: no markdown, no symbols that cannot be read aloud, no URLs.\n\
         - Each scene teaches something new; never repeat an earlier scene.\n\
         - Math uses Typst math syntax without '#' or '$': x^2 + 3x - 4 = 0, frac(a, b), \
         sqrt(x), alpha, times, arrow.r. Upright text goes in quotes: \"CO\"_2, 5 \" m/s\"."
    )
}

pub(super) fn lesson_brief(
    brief: &Brief,
    subject: Subject,
    reference: &str,
    context: Option<&str>,
) -> String {
    let audience = match brief.level {
        1 => {
            "beginners with no prior knowledge: plain words, concrete examples, one idea at a time"
        }
        3 => "advanced learners: precise terminology, derivations, edge cases and trade-offs",
        _ => "intermediate learners who know the basics: build on them with examples",
    };
    let mut text = format!(
        "Lesson topic: {topic}\nSubject: {subject}\nLevel: {level}; audience: {audience}.\n\
         Length: about {minutes} minutes of narration.",
        topic = brief.topic.trim(),
        level = level_name(brief.level),
        minutes = brief.duration_minutes.get(),
    );
    if let Some(context) = context {
        text.push_str("\n\n");
        text.push_str(context);
    }
    if !reference.trim().is_empty() {
        text.push_str("\n\n");
        text.push_str(reference.trim());
    }
    text
}

/// The lesson as the plan is asked for it, and as its scenes are: the background (see
/// [`grounding::Reference::background`]) is given to the scenes only. Planned with it, a
/// 1.5B model made a scene of its turns of phrase: "Photosynthesis in the Dark", from "this
/// phase … can proceed in the dark", in two Photosynthesis runs out of two, filled with
/// "dark respiration" and "photosynthesis can occur in the dark". A lesson from the
/// learner's documents has no background: its passages are what it teaches.
pub(super) fn lesson_briefs(
    brief: &Brief,
    subject: Subject,
    reference: &Reference,
    context: Option<&str>,
) -> (String, String) {
    if reference.passages.is_empty() {
        return (
            lesson_brief(brief, subject, &reference.facts_section(), context),
            lesson_brief(brief, subject, &reference.prompt_section(), context),
        );
    }
    // Written from the learner's documents: the plan and the scenes share one lesson brief
    // that holds every passage, so the server reads them once (the plan's prompt is the
    // start of every scene's) and a scene's request names its passages by number only. With
    // the passages in each scene's request instead, a 5-minute lesson from a document sent
    // twice the prompt tokens of one without, and took 2.17 times as long; this way 1.04
    // (`sources_bench --speed`, one run).
    let lesson = lesson_brief(brief, subject, &reference.passages_section(), context);
    (lesson.clone(), lesson)
}

pub(super) fn plan_request(brief: &Brief, planned: usize) -> String {
    format!(
        "Plan this lesson on {topic}. Give its title (at most 8 words, naming {topic}), a \
         subtitle, two opening sentences that say what the learner will understand by the end, \
         and exactly {planned} scenes in teaching order after the introduction. Every scene is \
         about {topic} itself. For each scene give its kind, a heading of at most 6 words, and \
         one short sentence saying exactly what it teaches (a real fact, part, mechanism, step \
         or example of {topic}, not a vague theme); no two scenes teach the same thing. Use \
         several kinds: definition for a key term, bullets for a list of facts, comparison for \
         two things side by side{extra}.",
        topic = brief.topic.trim(),
        extra = match brief.subject {
            Subject::Mathematics =>
                ", worked_example for a calculation worked through, \
                equation_steps for a derivation",
            Subject::Programming => ", code for a short program",
            _ => "",
        }
    )
}

/// The model's title when it names the topic, else a title made from the topic (a small
/// model's title sometimes drifts to a neighbouring subject). A tagline after a colon goes
/// when what stands before it names the topic: the scenes are written with the title in
/// their prompt, and a 1.5B model that titled a lesson "Photosynthesis: The Green
/// Revolution" went on to teach the agricultural Green Revolution, with a wrong date.
pub(super) fn lesson_title(written: &str, topic: &str) -> String {
    let written = clean(written);
    let names_topic = |title: &str| {
        let lower = title.to_lowercase();
        topic
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() > 3)
            .any(|w| lower.contains(&w.to_lowercase()))
    };
    let written = match written.split_once(": ") {
        Some((before, _)) if names_topic(before) => before.trim().to_string(),
        _ => written,
    };
    // Asked for at most 8 words: a longer one, or one cut off or closed as a sentence, is
    // the start of a sentence ("The water cycle is a fundamental concept that describes the
    // ,", SmolLM2 135M), not a title.
    let sentence = written.split_whitespace().count() > 8
        || stops_midway(&written)
        || written.trim_end().ends_with('.');
    if names_topic(&written)
        && !written.is_empty()
        && !sentence
        && !has_foreign_script(&written, topic)
    {
        written
    } else {
        crate::titles::smart_title(topic)
    }
}

/// The title slide's subtitle, or none: like the title, one in letters of another script goes
/// (an Ohm's law render showed "... voltage, current, and 电阻 in an 电器" as empty boxes).
pub(super) fn lesson_subtitle(written: &str, topic: &str) -> Option<String> {
    Some(clean(written)).filter(|s| !s.is_empty() && !has_foreign_script(s, topic))
}

pub(super) fn plan_outline(plan: &Plan) -> String {
    let mut text = format!("The lesson plan: \"{}\" ({})\n", plan.title, plan.subtitle);
    for (i, scene) in plan.scenes.iter().enumerate() {
        text.push_str(&format!(
            "{}. [{}] {}: {}\n",
            i + 1,
            scene.kind.name(),
            scene.heading,
            scene.teaches
        ));
    }
    text
}

/// A small model plans the same scene more than once: a Plate tectonics plan had three
/// scenes headed "What Causes Faults?", and their scenes said the same things three times.
/// Whether a heading is one word of a topic of several ("Water" and "Cycle", two scenes of a
/// 1.5B model's plan for The water cycle): such a scene defines the word in general ("an
/// interval during which a recurring sequence of events occurs") instead of teaching the
/// topic, and is planned again.
pub(super) fn names_one_word_of(heading: &str, topic: &str) -> bool {
    let content = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .filter(|w| !matches!(w.as_str(), "the" | "a" | "an" | "of" | "and"))
            .collect()
    };
    let (heading, topic) = (content(heading), content(topic));
    topic.len() >= 2 && heading.len() == 1 && topic.contains(&heading[0])
}

/// A planned scene goes when its heading is an earlier one's (letters and digits alike) or
/// what it teaches repeats what an earlier one teaches (the sentence test of
/// `drop_repeated_sentences`); the scenes left share the word budget.
pub(super) fn drop_repeated_plans(scenes: &mut Vec<PlannedScene>, topic: &str) {
    if !crate::script::rules::on("repeated_plans") {
        return;
    }
    let mut headings = std::collections::HashSet::new();
    let mut taught = said::Said::default();
    scenes.retain(|scene| {
        if names_one_word_of(&scene.heading, topic) {
            tracing::debug!(heading = %scene.heading, "a scene planned on one word of the topic");
            return false;
        }
        let new_heading = headings.insert(key(&scene.heading));
        let new_teaching = taught.insert(&scene.teaches);
        if !(new_heading && new_teaching) {
            tracing::debug!(heading = %scene.heading, teaches = %scene.teaches, "a scene planned twice");
        }
        new_heading && new_teaching
    });
}

/// The definitions of the terms in a scene's heading that the lesson's reference does not
/// hold already, looked up with the topic beside them (a word's sense is chosen to fit the
/// topic's). A label before a colon ("Comparison: …") is not a term, and a word is defined
/// only where it stands as a term of its own: in "Carbon Fixation" WordNet's "fixation" is
/// "an abnormal state in which development has stopped prematurely". None for a lesson from
/// the learner's documents: it is written from its passages alone.
pub(super) fn scene_reference(topic: &str, scene: &PlannedScene, lesson: &Reference) -> Reference {
    if scene.kind == BodyKind::Quiz
        || !lesson.passages.is_empty()
        || !crate::script::rules::on("scene_facts")
    {
        return Reference::default();
    }
    let heading = match scene.heading.split_once(": ") {
        Some((_, rest)) if !rest.trim().is_empty() => rest,
        _ => &scene.heading,
    };
    let found = grounding::definitions(&format!("{} {heading}", topic.trim()));
    let terms = heading_terms(heading);
    let found = Reference {
        background: None,
        facts: found
            .facts
            .iter()
            .filter(|fact| lesson.fact_for(&fact.term).is_none())
            .filter(|fact| {
                let one = Reference {
                    facts: vec![(*fact).clone()],
                    background: None,
                    passages: Vec::new(),
                };
                terms.iter().any(|term| one.fact_for(term).is_some())
            })
            .cloned()
            .collect(),
        passages: Vec::new(),
    };
    let terms: Vec<&str> = found.facts.iter().map(|f| f.term.as_str()).collect();
    tracing::debug!(heading = %scene.heading, ?terms, "reference facts for a scene");
    found
}

/// The terms a heading names: its runs of words between punctuation and small words
/// ("Photosynthesis vs. Respiration": photosynthesis, respiration; "The Calvin Cycle": calvin
/// cycle).
pub(super) fn heading_terms(heading: &str) -> Vec<String> {
    // Function words, and the words a heading frames its subject with ("Role of …", "What
    // causes …": a Plate tectonics scene headed "What Causes Faults?" named "causes faults",
    // and the definition of "fault" found for it was not given to the scene).
    const FRAMING: &[&str] = &[
        "basics",
        "cause",
        "caused",
        "causes",
        "effects",
        "example",
        "examples",
        "happen",
        "happens",
        "impact",
        "impacts",
        "importance",
        "introduction",
        "key",
        "main",
        "move",
        "moves",
        "overview",
        "part",
        "parts",
        "role",
        "roles",
        "step",
        "steps",
        "type",
        "types",
        "versus",
        "vs",
    ];
    let mut terms = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    // "Reign of" (or "War of the") waiting for the run after it, so that "Reign of Terror"
    // is a term too: WordNet's "reign" alone is "a period during which something or somebody
    // is dominant".
    let mut before_of: Option<String> = None;
    for word in
        heading.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '/' | '(' | ')'))
    {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        let ends_run = bare.is_empty()
            || crate::lexicon::is_function_word(bare)
            || FRAMING.contains(&bare.to_lowercase().as_str());
        let plain = |small: &str| word == bare && bare.eq_ignore_ascii_case(small);
        if !ends_run {
            run.push(bare);
            continue;
        }
        if run.is_empty() {
            before_of = before_of
                .filter(|name| plain("the") && name.to_lowercase().ends_with(" of"))
                .map(|name| format!("{name} {bare}"));
            continue;
        }
        let joined = run.join(" ");
        if let Some(name) = before_of.take() {
            terms.push(format!("{name} {joined}"));
        }
        before_of = plain("of").then(|| format!("{joined} {bare}"));
        terms.push(joined);
        run.clear();
    }
    if !run.is_empty() {
        let joined = run.join(" ");
        if let Some(name) = before_of {
            terms.push(format!("{name} {joined}"));
        }
        terms.push(joined);
    }
    terms
}

/// The teaching scenes (their places in the plan) that get a checkpoint question, spread
/// evenly over the lesson short of its end (a question is written once its scene is, while
/// the later scenes are being written); none when too few scenes teach.
pub(super) fn question_scenes(plan: &[PlannedScene]) -> Vec<usize> {
    let teaching: Vec<usize> = plan
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind != BodyKind::Quiz)
        .map(|(i, _)| i)
        .collect();
    if teaching.len() < crate::script::checkpoints::QUESTIONS {
        return Vec::new();
    }
    (0..crate::script::checkpoints::QUESTIONS)
        .map(|n| teaching[(n + 1) * teaching.len() / (crate::script::checkpoints::QUESTIONS + 1)])
        .collect()
}

/// The lesson's plan: its title, opening and the scenes with what each teaches, scenes that
/// repeat another left out, and a quiz scene after the teaching ones when there is room.
pub(super) async fn plan_lesson(
    writer: &impl JsonModel,
    turns: &[Turn],
    brief: &Brief,
) -> Result<Plan, ScriptError> {
    let with_quiz = with_quiz(brief);
    let teaching = body_scenes(brief) - usize::from(with_quiz);
    let plan_text = writer
        .complete_json(
            &[
                turns.to_vec(),
                vec![Turn::User(plan_request(brief, teaching))],
            ]
            .concat(),
            "lesson_plan",
            plan_schema(brief.subject, teaching),
        )
        .await?;
    let mut plan: Plan = serde_json::from_str(&plan_text).map_err(|e| {
        ScriptError::Empty(format!("the lesson plan is not the JSON asked for: {e}"))
    })?;
    drop_repeated_plans(&mut plan.scenes, &brief.topic);
    if with_quiz {
        plan.scenes.push(PlannedScene {
            kind: BodyKind::Quiz,
            heading: "Check yourself".into(),
            teaches: format!(
                // Not "the most important idea of this lesson": a small model asked that
                // once, word for word, as the question.
                "a question on one fact about {} that the scenes above taught (what \
                 something is, does, makes or needs)",
                brief.topic.trim()
            ),
        });
    }
    plan.title = lesson_title(&plan.title, &brief.topic);
    Ok(plan)
}
