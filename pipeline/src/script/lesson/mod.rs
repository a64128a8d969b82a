//! Scene by scene: how a small local model writes a whole storyboard. One request plans the
//! lesson (title, opening, the scenes with what each teaches), then one request per scene
//! writes it. Every request is schema-constrained (`response_format: json_schema`, which
//! llama-server enforces as a grammar) with the counts and lengths the slides allow, and each
//! scene's visual elements come paired with the sentence that reveals them, so the beats line
//! up by construction and each scene gets its share of the word budget. The requests share
//! their beginning (rules, lesson, plan), so the server re-uses its prompt cache.
//!
//! A 1.5B model asked for a 750-word storyboard in one answer writes about 200 words in six
//! title scenes; asked for one scene at a time it keeps to the plan and the budget.

mod arithmetic;
mod check;
mod cites;
mod plan;
mod repair;
mod scene;
#[cfg(test)]
mod tests;
mod text;

pub(crate) use arithmetic::wrong_arithmetic as miscalculated;
use check::*;
use cites::*;
use plan::*;
use repair::*;
use scene::*;
use text::*;

use std::collections::HashSet;

use futures_util::{StreamExt, stream};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::grounding::passages::Passage;
use crate::grounding::{self, Reference};
use crate::script::chat::{JsonModel, Turn, Vetted};
use crate::script::questions::{
    answers_agree, explanation_of, finish_question, placed, says_nothing_new, taught,
};
use crate::script::schema::object;
use crate::script::written::{self, bare, capitalised, key, sentences_of};
use crate::script::{Brief, ScriptError, ScriptProgress};
use crate::script::{comparison, said};
use crate::storyboard::{
    Checkpoint, CheckpointAnswer, ComparisonRow, EquationStep, LineRange, MAX_EXTRA_BEATS,
    MAX_SENTENCE, Origin, STORYBOARD_VERSION, Scene, Storyboard, Visual, WorkedStep,
};
use crate::titles::{Subject, guess_subject, level_name};

/// Words a spoken sentence is asked to have (the schema caps its characters).
const WORDS_PER_SENTENCE: usize = 18;
const TITLE_WORDS: usize = 2 * WORDS_PER_SENTENCE;
/// The most key points a closing summary has.
const SUMMARY_POINTS: usize = 4;
/// Passages of the learner's documents named in one scene's request, at most.
const SCENE_PASSAGES: usize = 4;
/// A body scene's share of the budget, in words: four or five sentences.
const SCENE_WORDS: usize = 85;
const SENTENCE_CHARS: u32 = 260;
/// The scenes are asked for this much more than the body's budget: what the checks, the
/// repeat filters and short sentences take out is then already written. Asking later costs
/// far more: a Photosynthesis script on 2 cores wrote 518 words of its 750 at first, and six
/// lengthening rounds (20 requests, 7,000 characters of JSON, about 70 s) added 88 more.
/// Over the budget's tolerance, `shorten` takes the last extra sentences out again.
const FIRST_ASK: f64 = 1.2;
/// A slide phrase: a bullet, a summary point, a quiz option.
const PHRASE_CHARS: u32 = 72;
/// One side of a comparison row.
const ROW_CHARS: u32 = 80;

/// The closing summary's key points, one spoken sentence each: as many as fit in a sixth of
/// the lesson, two at the least, [`SUMMARY_POINTS`] at the most. Four points were asked of
/// every lesson, and a 1-minute lesson (150 words) then had 72 for its summary and 36 for its
/// opening, which left one teaching scene 42 words; a 2-minute lesson (300 words) had two
/// teaching scenes, and most of the corpus's repeats were summary sentences.
pub(super) fn summary_points(brief: &Brief) -> usize {
    (brief.target_words() / (6 * WORDS_PER_SENTENCE)).clamp(2, SUMMARY_POINTS)
}

/// The words of the closing summary.
pub(super) fn summary_words(brief: &Brief) -> usize {
    summary_points(brief) * WORDS_PER_SENTENCE
}

/// Writes a storyboard scene by scene. `context` is extra lesson context (a course lesson's
/// place in its course); `reference` the reference facts for the prompt.
///
/// Each scene is also given the definitions of the terms in its heading that the lesson's
/// reference does not hold ("Photosynthesis vs. Respiration": respiration); they are
/// returned beside the storyboard, so that its definition scenes quote them and its sources
/// list them.
///
/// The lesson, and the reference it rests on (`reference` with the definitions its scenes
/// were given). A brief with passages of the learner's documents is written from them alone:
/// the plan and the scenes share a prompt that holds them all, each scene's request names
/// those that match its heading and what it teaches, and every narrated sentence is then cited
/// and checked (see [`cites`]).
pub(super) async fn write(
    writer: &impl JsonModel,
    brief: &Brief,
    context: Option<&str>,
    reference: &Reference,
    progress: ScriptProgress<'_>,
) -> Result<(Storyboard, Reference), ScriptError> {
    if brief.passages.is_empty() {
        let (storyboard, scene_facts) =
            write_lesson(writer, brief, context, reference, progress).await?;
        let mut used = reference.clone();
        used.facts.extend(scene_facts.facts);
        return Ok((storyboard, used));
    }
    // No dictionary beside the passages: the prompt that says "every fact must come from
    // them" also gave the dictionary's facts to quote, and a Velmora lesson (a made-up
    // glassworks' annealing) said WordNet's sense of annealing, "a hardening method", in
    // three scenes, none of which its passages support; grounding then read a definition
    // scene's first sentence from the dictionary in place of the passage's.
    let reference = Reference {
        passages: within_prompt(&brief.passages),
        facts: Vec::new(),
        background: None,
    };
    let marking = Marking::new(writer, &reference.passages);
    let (mut storyboard, _) = write_lesson(&marking, brief, context, &reference, progress).await?;
    let written = storyboard.word_count();
    cite_and_check(&marking, &mut storyboard).await;
    tracing::debug!(
        written,
        checked = storyboard.word_count(),
        budget = storyboard.target_words(),
        "the lesson's words before and after the check against its passages"
    );
    // The sentences the check wrote again can be longer than those they replace.
    within_budget(&mut storyboard);
    Ok((storyboard, reference))
}

/// Words of the learner's passages a lesson's shared prompt holds, at most (about 2,200
/// tokens). The prompt is in each of the server's slots at once: twelve passages of 290 words
/// (4,900 tokens) in each of four overflowed the 16,384-token context, and a 5-minute lesson
/// from the GPL failed with "Context size has been exceeded".
const PROMPT_PASSAGE_WORDS: usize = 1_600;

/// The first of `passages` (best first, as they are chosen for a lesson) that the shared
/// prompt holds: while their words are within [`PROMPT_PASSAGE_WORDS`], and always the first.
fn within_prompt(passages: &[Passage]) -> Vec<Passage> {
    let mut words = 0;
    let kept = passages
        .iter()
        .take_while(|passage| {
            words += passage.text.split_whitespace().count();
            words <= PROMPT_PASSAGE_WORDS
        })
        .count()
        .max(1)
        .min(passages.len());
    if kept < passages.len() {
        tracing::info!(
            kept,
            given = passages.len(),
            "the lesson's prompt holds only its first passages"
        );
    }
    passages[..kept].to_vec()
}

/// [`write`] with the reference (and the passages in it) as given.
async fn write_lesson(
    writer: &impl JsonModel,
    brief: &Brief,
    context: Option<&str>,
    reference: &Reference,
    progress: ScriptProgress<'_>,
) -> Result<(Storyboard, Reference), ScriptError> {
    if brief.topic.trim().is_empty() {
        return Err(ScriptError::Brief("the topic is empty".into()));
    }
    let subject = brief.subject;
    let (plan_brief, lesson) = lesson_briefs(brief, subject, reference, context);
    progress(0.02);

    let mut turns = vec![Turn::System(system_prompt()), Turn::User(plan_brief)];
    let plan = plan_lesson(writer, &turns, brief).await?;
    // The plan, each scene, and the summary.
    let steps = (plan.scenes.len() + 2) as f32;
    progress(1.0 / steps);

    // Everything before the scene request is the same for every scene: the server reads it
    // once and hands it to each of its slots, and the scenes are written side by side.
    turns[1] = Turn::User(lesson);
    turns.push(Turn::User(plan_outline(&plan)));
    writer.share_prefix(&turns).await;
    let body_words = brief
        .target_words()
        .saturating_sub(TITLE_WORDS + summary_words(brief));
    let per_scene = body_words / plan.scenes.len().max(1);
    let with_quiz = with_quiz(brief);
    // Each scene is asked for its share of what is left of the budget when it starts, in
    // sentences as long as the model's so far: asking enough at once costs far less than
    // asking again later (the lengthening rounds below are the fallback).
    let quiz_words = if with_quiz { per_scene / 2 } else { 0 };
    let asked = body_words.saturating_sub(quiz_words) as f64 * FIRST_ASK;
    let budget = std::sync::Mutex::new(Budget::new(asked.round() as usize));
    let title = plan.title.clone();
    let mut scenes = vec![Scene {
        visual: Visual::Title {
            title: title.clone(),
            subtitle: lesson_subtitle(&plan.subtitle, &brief.topic),
        },
        narration: plan
            .opening
            .iter()
            .filter_map(|s| finish_sentence(s))
            .collect(),
        cites: Vec::new(),
    }];
    let asked_about = question_scenes(&plan.scenes);
    let scene_facts: Vec<Reference> = plan
        .scenes
        .iter()
        .map(|scene| scene_reference(&brief.topic, scene, reference))
        .collect();
    let scene_passages: Vec<String> = plan
        .scenes
        .iter()
        .map(|scene| scene_passages(reference, scene))
        .collect();
    let mathematics = subject == Subject::Mathematics;
    let from_documents = !reference.passages.is_empty();
    let done = std::sync::atomic::AtomicUsize::new(1);
    let step_done = || {
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(n as f32 / steps);
    };
    // Indices, not references, go through the stream: a closure over borrowed items makes
    // the future fail rustc's Send check (rust-lang/rust#102211).
    let written = stream::iter(0..plan.scenes.len())
        .map(|index| {
            let planned_scene = plan.scenes[index].clone();
            let teaching_left = plan.scenes[index..]
                .iter()
                .filter(|s| s.kind != BodyKind::Quiz)
                .count();
            let (share, sentence_words) = {
                let mut budget = budget.lock().expect("budget lock");
                let share = if planned_scene.kind == BodyKind::Quiz {
                    quiz_words
                } else {
                    budget.start(teaching_left)
                };
                (share, budget.sentence_words())
            };
            let (turns, budget, step_done, scene_facts, scene_passages) =
                (&turns, &budget, &step_done, &scene_facts, &scene_passages);
            async move {
                let (elements, extra) = planned_scene.kind.shape(share, sentence_words);
                let ask = SceneAsk {
                    index,
                    planned: planned_scene,
                    elements,
                    extra,
                    facts: joined(&scene_facts[index].scene_section(), &scene_passages[index]),
                };
                let kind = ask.planned.kind;
                let scene = write_scene(writer, turns, &ask, &brief.topic, None).await?;
                if kind != BodyKind::Quiz {
                    let narration = scene.as_ref().map_or(&[][..], |s| &s.narration[..]);
                    let written = budget.lock().expect("budget lock").finish(share, narration);
                    tracing::debug!(
                        scene = ask.index + 1,
                        asked = share,
                        written,
                        "scene written"
                    );
                }
                step_done();
                Ok::<_, ScriptError>((ask, scene))
            }
        })
        .buffered(writer.parallel());
    let summary = write_summary(writer, &turns, &plan, summary_points(brief), &brief.topic);
    // Each scene, once it and those before it are written, loses what they said already and
    // goes to the sentence check while the scenes after it are still being written; a scene a
    // checkpoint question is about gets its question as soon as it is checked. (Every check
    // used to wait for the last scene, while the model's slots stood idle in the scenes'
    // tail.) Only what is left without repeats is checked: checking the scenes as written
    // asked about a third more sentences, which went as repeats anyway.
    let mut written = std::pin::pin!(written);
    let mut summary = std::pin::pin!(summary);
    let mut summary_answer = None;
    let mut scenes_done = false;
    // The scenes as written (tidied), for a lesson that is short without its repeats.
    let mut as_written = scenes.clone();
    let mut work = futures_util::stream::FuturesUnordered::new();
    let mut checking = 0;
    let mut checkpoints: Vec<Checkpoint> = Vec::new();
    // The places of scenes that go for a sentence their passages do not support.
    let mut unsupported: Vec<usize> = Vec::new();
    while !(scenes_done && summary_answer.is_some() && checking == 0) {
        // In a fixed order, not at random (checked scenes, the summary, then the next scene):
        // where several are ready at once (always, when the recorded corpus answers), the same
        // replies make the same lesson.
        tokio::select! {
            biased;
            Some(done) = work.next(), if !work.is_empty() => match done {
                SceneDone::Checked { place, scene, question } => {
                    checking -= 1;
                    if keeps_unsupported(writer, &scene).await {
                        tracing::info!(
                            heading = scene.visual.heading(),
                            "a scene whose slide needs a sentence its passages do not support \
                             left out: lengthening replaces its words"
                        );
                        unsupported.push(place);
                        scenes[place] = scene;
                        continue;
                    }
                    if let Some(exercise) = question {
                        work.push(scene_work(
                            writer,
                            &turns,
                            &brief.topic,
                            SceneWork::Ask { place, scene: scene.clone(), exercise },
                        ));
                    }
                    scenes[place] = scene;
                }
                SceneDone::Asked(found) => checkpoints.extend(found),
            },
            answer = &mut summary, if summary_answer.is_none() => {
                summary_answer = Some(answer);
            }
            answer = written.next(), if !scenes_done => {
                let Some(answer) = answer else {
                    scenes_done = true;
                    continue;
                };
                let (ask, scene) = answer?;
                let Some(scene) = scene else { continue };
                as_written.push(scene.clone());
                // The lesson so far has no repeats left: only the new scene loses any.
                let mut lesson = scenes.clone();
                lesson.push(scene);
                drop_repeats(&mut lesson);
                drop_repeated_sentences(&mut lesson, from_documents);
                if lesson.len() == scenes.len() {
                    // A term defined already.
                    continue;
                }
                let scene = lesson.pop().expect("the new scene is last");
                // The last scene asked about also gets the exercise of a mathematics lesson.
                let question = asked_about
                    .iter()
                    .position(|&i| i == ask.index)
                    .map(|n| mathematics && n + 1 == asked_about.len());
                let place = scenes.len();
                scenes.push(scene.clone());
                checking += 1;
                work.push(scene_work(
                    writer,
                    &turns,
                    &brief.topic,
                    SceneWork::Check { place, scene, question },
                ));
            }
        }
    }
    let unsupported = without_unsupported(&mut scenes, unsupported);
    let summary = summary_answer.expect("the summary is answered")?;
    let summary = summary_scene(writer, &brief.topic, summary).await;
    let (storyboard, as_written) =
        assembled(brief, title, scenes, as_written, summary, from_documents);
    // The lesson is lengthened (with sentences, never scenes) while the last questions are
    // written.
    let questions = async {
        while let Some(done) = work.next().await {
            if let SceneDone::Asked(found) = done {
                checkpoints.extend(found);
            }
        }
    };
    let lengthened = to_length(
        writer,
        &turns,
        &brief.topic,
        storyboard,
        as_written,
        reference,
    );
    let ((), lengthened) = tokio::join!(questions, lengthened);
    let mut storyboard = lengthened?;
    storyboard.checkpoints = in_video_order(checkpoints, &unsupported);
    without_untaught_answers(&mut storyboard);
    progress(1.0);
    let facts = facts_given(&scene_facts);
    Ok((storyboard, facts))
}

/// The checkpoint questions in the order of the video (they are answered in the order their
/// scenes were checked in), each pointing at its scene once the scenes at `left_out` are gone.
fn in_video_order(mut checkpoints: Vec<Checkpoint>, left_out: &[usize]) -> Vec<Checkpoint> {
    for checkpoint in &mut checkpoints {
        checkpoint.scene -= left_out.iter().filter(|&&p| p < checkpoint.scene).count();
    }
    checkpoints.sort_by_key(|c| c.scene);
    checkpoints
}

/// The checkpoint questions whose right answer the finished lesson says: a question was
/// written about its scene as first written, and the lesson lost sentences after (repeats,
/// the fact check, shortening); a quiz scene's own words teach nothing.
fn without_untaught_answers(storyboard: &mut Storyboard) {
    if !crate::script::rules::on("untaught_answers") {
        return;
    }
    let heard: Vec<&str> = storyboard
        .scenes
        .iter()
        .filter(|scene| !matches!(scene.visual, Visual::Quiz { .. }))
        .flat_map(|scene| &scene.narration)
        .map(String::as_str)
        .collect();
    storyboard.checkpoints.retain(|checkpoint| match &checkpoint.answer {
        CheckpointAnswer::Choice { options, answer } => {
            let kept = options
                .get(*answer)
                .is_some_and(|right| taught(right, heard.iter().copied()));
            if !kept {
                tracing::info!(question = %checkpoint.question, "leaving out a checkpoint question: the lesson does not say its answer");
            }
            kept
        }
        _ => true,
    });
}

/// The reference definitions the scenes were given, each term once: the storyboard's
/// definition scenes quote them and its sources list them.
fn facts_given(scene_facts: &[Reference]) -> Reference {
    let mut facts = Reference::default();
    for fact in scene_facts.iter().flat_map(|r| &r.facts) {
        if facts.fact_for(&fact.term).is_none() {
            facts.facts.push(fact.clone());
        }
    }
    facts
}

/// Whether `scene`, checked, keeps a sentence its passages do not support: one of a beat
/// that cannot go (a definition's own, a list's only item), held to its passage as it was
/// written (rule `checked_as_written`) and left in. Only a lesson from documents has such
/// verdicts, and asking for them again costs nothing (`cites::Marking` keeps them).
async fn keeps_unsupported(writer: &impl JsonModel, scene: &Scene) -> bool {
    if !crate::script::rules::on("unsupported_scene")
        || matches!(scene.visual, Visual::Title { .. } | Visual::Quiz { .. })
    {
        return false;
    }
    for sentence in scene.narration.iter().flat_map(|beat| sentences_of(beat)) {
        if matches!(writer.vet(sentence).await, Some(Vetted::Dropped)) {
            return true;
        }
    }
    false
}

/// `scenes` without those at `places` (scenes that keep an unsupported sentence), where at
/// least two teaching scenes stay; the places taken out, first to last.
fn without_unsupported(scenes: &mut Vec<Scene>, mut places: Vec<usize>) -> Vec<usize> {
    let teaching = scenes
        .iter()
        .filter(|s| !matches!(s.visual, Visual::Title { .. } | Visual::Quiz { .. }))
        .count();
    if teaching < places.len() + 2 {
        if !places.is_empty() {
            tracing::info!(
                "the scenes that keep an unsupported sentence stay: too few would be left"
            );
        }
        return Vec::new();
    }
    places.sort_unstable();
    for &place in places.iter().rev() {
        scenes.remove(place);
    }
    places
}

/// Two sections of a request, either of which may be empty.
fn joined(first: &str, second: &str) -> String {
    match (first.is_empty(), second.is_empty()) {
        (_, true) => first.to_string(),
        (true, false) => second.to_string(),
        (false, false) => format!("{first}\n{second}"),
    }
}

/// The passages named in one planned scene's request: those that share most words with its
/// heading and what it teaches, else the lesson's first (the best for its topic); empty when
/// the lesson has none.
fn scene_passages(reference: &Reference, scene: &PlannedScene) -> String {
    passages_for(reference, &format!("{} {}", scene.heading, scene.teaches))
}

/// What a written scene is about, to find its passages by: its heading and what it says.
fn scene_query(scene: &Scene) -> String {
    format!("{} {}", scene.visual.heading(), scene.narration.join(" "))
}

/// The passages for a request about `query`, as [`scene_passages`] says.
fn passages_for(reference: &Reference, query: &str) -> String {
    if reference.passages.is_empty() {
        return String::new();
    }
    let mut which = crate::grounding::passages::rank(&reference.passages, query, SCENE_PASSAGES);
    if which.is_empty() {
        which = (0..reference.passages.len().min(SCENE_PASSAGES - 1)).collect();
    }
    named_passages(&which)
}

/// The passages at `which` (places in the lesson's list) named for a scene's request by their
/// numbers: their text is in the lesson's brief, which every request of the lesson begins
/// with. Empty when there are none.
fn named_passages(which: &[usize]) -> String {
    let numbers: Vec<String> = which.iter().map(|i| format!("[{}]", i + 1)).collect();
    match numbers.len() {
        0 => String::new(),
        1 => format!("Write this scene from passage {} above.", numbers[0]),
        _ => format!(
            "Write this scene from passages {} above.",
            spoken_list(&numbers, "and")
        ),
    }
}
