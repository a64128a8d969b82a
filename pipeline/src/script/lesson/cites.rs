//! A lesson written from the learner's documents: every narrated sentence cited and checked.
//!
//! The model is asked to end each spoken sentence with the number of the passage it rests on
//! ("… held at 512 degrees [2]."). [`Marking`] takes those numbers out of every answer before
//! the writer reads it (the scene checks would call the brackets JSON), and keeps them by
//! the sentence they ended. Once the lesson is written, [`cite_and_check`] gives each
//! sentence its passage: the one the model named, else the one it shares most words with.
//! Each is then held to its passage: its figures and names must be there
//! (`grounding::passages::unsupported`), and the model, shown the passage and the sentence
//! alone, must say that the passage supports it.
//! One that is not supported is written again once with the reason, and left out when it
//! still is not. A sentence that rests on no passage stays only when it states no figure and
//! no name.
//!
//! The true/false question on the model's memory (`script::facts`) is not asked here: a model
//! cannot know an invented document's facts (it left out five true sentences of one), and
//! each sentence is held to its passage instead.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;
use crate::grounding::passages::{self, Passage};
use crate::script::chat::Vetted;
use crate::storyboard::{CitationCheck, Cite, DocumentNote, FromSources};

/// A mark's text shorter than this is matched whole, not as a part of a sentence.
const MIN_MATCHED_CHARS: usize = 24;

/// One mark the model wrote: the text it ended (as [`written::key`] compares texts) and the
/// passages it named, by their place in the lesson's list.
struct Mark {
    key: String,
    places: Vec<usize>,
}

/// A model whose answers come back without the passage numbers the lesson asked for, which
/// are kept by the text they ended. Each sentence is held to its passage as it is written
/// ([`JsonModel::vet`], rule `checked_as_written`), where the lesson asks the model's memory
/// of other lessons, so that what goes is replaced while the lesson is lengthened; the
/// verdicts are kept for [`cite_and_check`]. Other verdicts (`judge_json`) are passed through
/// untouched, except the question on the model's memory, answered "correct" without asking.
pub(super) struct Marking<'a, W> {
    model: &'a W,
    passages: &'a [Passage],
    marks: Mutex<Vec<Mark>>,
    /// Sentences held to their passages as written, by [`written::key`].
    vetted: Mutex<HashMap<String, Vetting>>,
    /// Sentences written again with the reason while the lesson was written.
    rewritten: AtomicUsize,
}

/// What became of a sentence held to its passage while the lesson was written.
#[derive(Debug, Clone)]
enum Vetting {
    Kept(Vec<usize>),
    Dropped {
        asked_again: bool,
        places: Vec<usize>,
    },
}

impl<'a, W: JsonModel> Marking<'a, W> {
    /// `model` writing from `passages`.
    pub(super) fn new(model: &'a W, passages: &'a [Passage]) -> Self {
        Marking {
            model,
            passages,
            marks: Mutex::new(Vec::new()),
            vetted: Mutex::new(HashMap::new()),
            rewritten: AtomicUsize::new(0),
        }
    }

    /// The verdict on `sentence` while the lesson was written, if it was held to its passage.
    fn vetting(&self, sentence: &str) -> Option<Vetting> {
        self.vetted
            .lock()
            .expect("vetted lock")
            .get(&written::key(sentence))
            .cloned()
    }

    /// The counts of what was held to its passages while the lesson was written and is not
    /// in it now (the sentences `judged`, by the check of the finished lesson, are counted
    /// there): those left out, and every sentence written again.
    fn vetted_away(&self, judged: &HashSet<String>) -> CitationCheck {
        let mut check = CitationCheck {
            asked_again: self.rewritten.load(Ordering::Relaxed),
            ..CitationCheck::default()
        };
        for (key, vetting) in self.vetted.lock().expect("vetted lock").iter() {
            if let Vetting::Dropped { asked_again, .. } = vetting
                && !judged.contains(key)
            {
                check.checked += 1;
                check.dropped += 1;
                check.asked_again += usize::from(*asked_again);
            }
        }
        check
    }

    /// The answer with the passage numbers out of its texts, the numbers kept; an answer
    /// that is not JSON, or has none, as it is.
    fn unmark(&self, answer: &str) -> String {
        let Ok(mut value) = serde_json::from_str::<Value>(answer) else {
            return answer.to_string();
        };
        let mut found = Vec::new();
        unmark_value(&mut value, self.passages.len(), &mut found);
        if found.is_empty() {
            return answer.to_string();
        }
        self.marks.lock().expect("marks lock").extend(found);
        value.to_string()
    }

    /// The passages the model named for `sentence` (places in the lesson's list); none when
    /// it named none.
    fn named(&self, sentence: &str) -> Vec<usize> {
        let key = written::key(sentence);
        if key.is_empty() {
            return Vec::new();
        }
        let marks = self.marks.lock().expect("marks lock");
        let matches = |mark: &&Mark| {
            mark.key == key
                || (key.len() >= MIN_MATCHED_CHARS && mark.key.contains(&key))
                || (mark.key.len() >= MIN_MATCHED_CHARS && key.contains(&mark.key))
        };
        marks
            .iter()
            .rev()
            .find(matches)
            .map(|m| m.places.clone())
            .unwrap_or_default()
    }
}

impl<W: JsonModel> JsonModel for Marking<'_, W> {
    async fn complete_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError> {
        let answer = self.model.complete_json(turns, name, schema).await?;
        Ok(self.unmark(&answer))
    }

    async fn judge_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError> {
        if name == crate::script::facts::MEMORY_CHECK && crate::script::rules::on("passage_judge") {
            return Ok(json!({ "correct": true }).to_string());
        }
        self.model.judge_json(turns, name, schema).await
    }

    fn parallel(&self) -> usize {
        self.model.parallel()
    }

    async fn share_prefix(&self, turns: &[Turn]) {
        self.model.share_prefix(turns).await
    }

    async fn vet(&self, sentence: &str) -> Option<Vetted> {
        if !crate::script::rules::on("checked_as_written") {
            return None;
        }
        if let Some(known) = self.vetting(sentence) {
            return Some(match known {
                Vetting::Kept(_) => Vetted::Kept(sentence.to_string()),
                Vetting::Dropped { .. } => Vetted::Dropped,
            });
        }
        let (key, vetting, vetted) = match judge(self, self.passages, sentence).await {
            Verdict::Kept(text, places) => (
                written::key(&text),
                Vetting::Kept(places),
                Vetted::Kept(text),
            ),
            Verdict::Rewritten(text, places) => {
                self.rewritten.fetch_add(1, Ordering::Relaxed);
                (
                    written::key(&text),
                    Vetting::Kept(places),
                    Vetted::Kept(text),
                )
            }
            Verdict::Dropped {
                asked_again,
                places,
            } => (
                written::key(sentence),
                Vetting::Dropped {
                    asked_again,
                    places,
                },
                Vetted::Dropped,
            ),
        };
        self.vetted
            .lock()
            .expect("vetted lock")
            .insert(key, vetting);
        Some(vetted)
    }
}

/// Takes the marks out of every text in `value`.
fn unmark_value(value: &mut Value, passages: usize, found: &mut Vec<Mark>) {
    match value {
        Value::String(text) => {
            let (clean, marks) = unmark_text(text, passages);
            if !marks.is_empty() {
                *text = clean;
                found.extend(marks);
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|v| unmark_value(v, passages, found)),
        Value::Object(fields) => fields
            .values_mut()
            .for_each(|v| unmark_value(v, passages, found)),
        _ => {}
    }
}

/// The numbers of a mark's inside ("2", "1, 3", "passage 2"), from 1; `None` when it is not
/// a mark.
fn mark_numbers(inside: &str) -> Option<Vec<usize>> {
    let lower = inside.to_lowercase();
    let numbers: Vec<usize> = lower
        .split([',', ' ', ';'])
        .filter(|w| !w.is_empty() && !matches!(*w, "passage" | "passages" | "and" | "source"))
        .map(|w| w.parse::<usize>().ok().filter(|&n| n >= 1))
        .collect::<Option<_>>()?;
    (!numbers.is_empty()).then_some(numbers)
}

/// `text` without its marks, and each mark with the text it ended (from the mark before it,
/// or the start). Numbers beyond the passages given are not kept.
fn unmark_text(text: &str, passages: usize) -> (String, Vec<Mark>) {
    let mut out = String::with_capacity(text.len());
    let mut marks = Vec::new();
    let mut segment_start = 0;
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else {
            break;
        };
        match mark_numbers(&rest[open + 1..close]) {
            Some(numbers) => {
                out.push_str(rest[..open].trim_end());
                let places: Vec<usize> = numbers
                    .into_iter()
                    .map(|n| n - 1)
                    .filter(|&p| p < passages)
                    .collect();
                if !places.is_empty() {
                    marks.push(Mark {
                        key: written::key(&out[segment_start..]),
                        places,
                    });
                }
                segment_start = out.len();
            }
            None => out.push_str(&rest[..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    (out, marks)
}

/// What became of one sentence.
enum Verdict {
    /// Kept, resting on these passages (none: it states no figure and no name).
    Kept(String, Vec<usize>),
    /// Kept after being written again with the reason.
    Rewritten(String, Vec<usize>),
    /// Left out (after being written again, when it was).
    Dropped {
        asked_again: bool,
        places: Vec<usize>,
    },
}

/// Gives every narrated sentence of `storyboard` (a quiz's aside) its passage and holds it to
/// it, as the module says; records the documents cited and the counts in
/// `storyboard.from_sources`, and answers the counts.
pub(super) async fn cite_and_check(
    model: &Marking<'_, impl JsonModel>,
    storyboard: &mut Storyboard,
) -> CitationCheck {
    let passages = model.passages;
    let mut total = CitationCheck::default();
    let mut unfounded = Vec::new();
    // Every sentence judged here, by `written::key`.
    let mut judged = HashSet::new();
    // The sentences kept so far, in the order they are said.
    let mut said = crate::script::said::Said::default();
    let refuse_repeats = crate::script::rules::on("repeated_after_check");
    let everything: String = passages
        .iter()
        .map(Passage::support)
        .collect::<Vec<_>>()
        .join(" ");
    for (index, scene) in storyboard.scenes.iter_mut().enumerate() {
        if matches!(scene.visual, Visual::Quiz { .. }) {
            continue;
        }
        let mut scene_check = CitationCheck::default();
        let check = &mut scene_check;
        let beats: Vec<Vec<String>> = scene
            .narration
            .iter()
            .map(|beat| sentences_of(beat).into_iter().map(String::from).collect())
            .collect();
        judged.extend(beats.iter().flatten().map(|s| written::key(s)));
        let verdicts = futures_util::future::join_all(beats.iter().map(|beat| {
            futures_util::future::join_all(beat.iter().map(|s| judge(model, passages, s)))
        }))
        .await;
        let mut kept_beats = Vec::with_capacity(beats.len());
        // Each beat's sentences as it will be said, and as it was written (for a beat that
        // stays as written), each with the passages it rests on.
        let mut beat_said: Vec<Vec<Said>> = Vec::with_capacity(beats.len());
        let mut as_written: Vec<Vec<Said>> = Vec::with_capacity(beats.len());
        let mut dropped_in: Vec<usize> = Vec::with_capacity(beats.len());
        for (index, (beat, written)) in verdicts.into_iter().zip(&beats).enumerate() {
            let (mut kept, mut all, mut dropped) = (Vec::new(), Vec::new(), 0);
            // A beat its slide needs keeps its repeats: left empty, it would stay as written,
            // its unsupported sentences with it.
            let needed = !can_go(&scene.visual, index);
            for (verdict, sentence) in beat.into_iter().zip(written) {
                check.checked += 1;
                // Two sentences written again from one passage can come out alike: the one
                // said later goes (a summary said a scene's sentence word for word).
                let repeat = |text: &str, said: &mut crate::script::said::Said| {
                    let new = said.insert(text);
                    refuse_repeats && !needed && !new
                };
                let verdict = match verdict {
                    Verdict::Kept(text, places) if repeat(&text, &mut said) => Verdict::Dropped {
                        asked_again: false,
                        places,
                    },
                    Verdict::Rewritten(text, places) if repeat(&text, &mut said) => {
                        Verdict::Dropped {
                            asked_again: true,
                            places,
                        }
                    }
                    verdict => verdict,
                };
                let (text, places, supported) = match verdict {
                    Verdict::Kept(text, places) => {
                        let supported = !places.is_empty();
                        if supported {
                            check.supported += 1;
                        } else {
                            check.uncited += 1;
                        }
                        (Some(text), places, supported)
                    }
                    Verdict::Rewritten(text, places) => {
                        check.asked_again += 1;
                        check.supported += 1;
                        (Some(text), places, true)
                    }
                    Verdict::Dropped {
                        asked_again,
                        places,
                    } => {
                        check.asked_again += usize::from(asked_again);
                        check.dropped += 1;
                        dropped += 1;
                        (None, places, false)
                    }
                };
                all.push(Said {
                    text: sentence.clone(),
                    places: places.clone(),
                    supported,
                });
                if let Some(text) = text {
                    kept.push(Said {
                        text,
                        places,
                        supported,
                    });
                }
            }
            let kept = within_beat(kept, check);
            kept_beats.push(said_together(&kept));
            beat_said.push(kept);
            as_written.push(all);
            dropped_in.push(dropped);
        }
        let removable: Vec<bool> = kept_beats.iter().map(String::is_empty).collect();
        let unchanged = crate::script::facts::put_back(scene, kept_beats, true);
        // A beat that cannot go (a definition's own, a list's only item) stays as written,
        // its unsupported sentences with it (its scene goes, below, when one states a figure
        // or a name no passage holds).
        for &index in &unchanged {
            check.dropped -= dropped_in[index];
            check.kept_unsupported += dropped_in[index];
            beat_said[index] = std::mem::take(&mut as_written[index]);
        }
        for index in (0..beat_said.len()).rev() {
            if removable[index] && !unchanged.contains(&index) {
                beat_said.remove(index);
            }
        }
        let cites: Vec<Vec<Cite>> = scene
            .narration
            .iter()
            .zip(&beat_said)
            .map(|(beat, said)| beat_cites(beat, said, passages))
            .collect();
        scene.cites = if cites.iter().all(Vec::is_empty) {
            Vec::new()
        } else {
            cites
        };
        // A scene whose slide needs a sentence stating a figure or a name that none of the
        // lesson's passages holds goes whole, rather than narrate it; the title stays. (Any
        // unsupported sentence, the judge's verdict included, was too many: two lessons in
        // three then came out too short, `sources_bench --ablate unfounded_scene`.)
        let title = matches!(scene.visual, Visual::Title { .. });
        let unfounded_beat = unchanged.iter().any(|&index| {
            beats[index]
                .iter()
                .any(|sentence| passages::unsupported(sentence, &everything).is_some())
        });
        if unfounded_beat && !title && crate::script::rules::on("unfounded_scene") {
            tracing::info!(heading = %scene.visual.heading(), "a scene resting on no passage left out");
            unfounded.push(index);
            scene_check = CitationCheck {
                checked: scene_check.checked,
                asked_again: scene_check.asked_again,
                dropped: scene_check.checked,
                ..CitationCheck::default()
            };
        }
        total += scene_check;
    }
    total += model.vetted_away(&judged);
    let check = total;
    for &index in unfounded.iter().rev() {
        storyboard.scenes.remove(index);
        storyboard.checkpoints.retain(|c| c.scene != index);
        for checkpoint in &mut storyboard.checkpoints {
            if checkpoint.scene > index {
                checkpoint.scene -= 1;
            }
        }
    }
    tracing::info!(
        checked = check.checked,
        supported = check.supported,
        asked_again = check.asked_again,
        dropped = check.dropped,
        kept_unsupported = check.kept_unsupported,
        uncited = check.uncited,
        "narrated sentences checked against their passages"
    );
    storyboard.from_sources = Some(FromSources {
        documents: documents(passages, storyboard),
        check,
    });
    check
}

/// Whether beat `index` of a scene with `visual` can go (an extra one, or one whose slide
/// element can), as [`crate::script::facts::put_back`] decides.
fn can_go(visual: &Visual, index: usize) -> bool {
    index >= visual.element_count() || crate::script::facts::can_remove_element(visual, index)
}

/// A sentence of a beat, with the passages it rests on (places in the lesson's list) and
/// whether it was counted as supported.
struct Said {
    text: String,
    places: Vec<usize>,
    supported: bool,
}

/// Sentences said together, as one beat.
fn said_together(said: &[Said]) -> String {
    said.iter()
        .map(|s| s.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A beat's kept sentences; the last go while they are longer together than a beat may be
/// (a sentence written again may be longer than the one it replaced).
fn within_beat(mut kept: Vec<Said>, check: &mut CitationCheck) -> Vec<Said> {
    while kept.len() > 1 && said_together(&kept).chars().count() > MAX_SENTENCE {
        let gone = kept.pop().expect("more than one");
        if gone.supported {
            check.supported -= 1;
        } else {
            check.uncited -= 1;
        }
        check.dropped += 1;
    }
    kept
}

/// The citations of `beat`, said as the sentences `said`: each passage with the sentence it
/// supports, or with none (every sentence of the beat) when the beat does not split back
/// into those sentences.
fn beat_cites(beat: &str, said: &[Said], passages: &[Passage]) -> Vec<Cite> {
    let split = sentences_of(beat);
    let one_by_one = split.len() == said.len()
        && split
            .iter()
            .zip(said)
            .all(|(sentence, said)| written::key(sentence) == written::key(&said.text));
    let mut cites: Vec<Cite> = Vec::new();
    for (index, said) in said.iter().enumerate() {
        for &place in &said.places {
            let cite = Cite {
                sentence: one_by_one.then_some(index as u32),
                ..passages[place].cite()
            };
            if !cites.contains(&cite) {
                cites.push(cite);
            }
        }
    }
    cites
}

/// The documents the storyboard's scenes cite, in the order first cited, each with the pages
/// cited.
fn documents(passages: &[Passage], storyboard: &Storyboard) -> Vec<DocumentNote> {
    let mut documents: Vec<DocumentNote> = Vec::new();
    for cite in storyboard
        .scenes
        .iter()
        .flat_map(|s| s.cites.iter().flatten())
    {
        let index = match documents.iter().position(|d| d.source_id == cite.source_id) {
            Some(index) => index,
            None => {
                let title = passages
                    .iter()
                    .find(|p| p.source_id == cite.source_id)
                    .map(|p| p.title.clone())
                    .unwrap_or_default();
                documents.push(DocumentNote {
                    source_id: cite.source_id.clone(),
                    title,
                    pages: Vec::new(),
                });
                documents.len() - 1
            }
        };
        if let Some(page) = cite.page
            && !documents[index].pages.contains(&page)
        {
            documents[index].pages.push(page);
        }
    }
    for document in &mut documents {
        document.pages.sort_unstable();
    }
    documents
}

/// What becomes of `sentence`: its passage found and the sentence held to it.
async fn judge(
    model: &Marking<'_, impl JsonModel>,
    passages: &[Passage],
    sentence: &str,
) -> Verdict {
    // Held to its passage as the lesson was written: not asked about twice.
    match model.vetting(sentence) {
        Some(Vetting::Kept(places)) => return Verdict::Kept(sentence.to_string(), places),
        Some(Vetting::Dropped {
            asked_again,
            places,
        }) => {
            return Verdict::Dropped {
                asked_again,
                places,
            };
        }
        None => {}
    }
    let mut places = model.named(sentence);
    if places.is_empty() {
        places.extend(passages::best_match(passages, sentence));
    }
    let support: String = places
        .iter()
        .map(|&p| passages[p].support())
        .collect::<Vec<_>>()
        .join(" ");
    let Some(reason) = held_to(model, passages, &places, &support, sentence).await else {
        return Verdict::Kept(sentence.to_string(), places);
    };
    if places.is_empty() {
        tracing::info!(%sentence, %reason, "leaving out a sentence that rests on no passage");
        return Verdict::Dropped {
            asked_again: false,
            places,
        };
    }
    let again = match ask_again(model, passages, &places, sentence, &reason).await {
        Ok(again) => again,
        Err(error) => {
            tracing::warn!(%error, "an unsupported sentence was not written again");
            None
        }
    };
    let Some(again) = again else {
        tracing::info!(%sentence, %reason, "leaving out a sentence its passage does not support");
        return Verdict::Dropped {
            asked_again: true,
            places,
        };
    };
    match held_to(model, passages, &places, &support, &again).await {
        None => Verdict::Rewritten(again, places),
        Some(still) => {
            tracing::info!(%sentence, %again, %still, "leaving out a sentence its passage does not support");
            Verdict::Dropped {
                asked_again: true,
                places,
            }
        }
    }
}

/// Why `sentence` is not supported by the passages at `places` (`support`: their text), or
/// `None` when it is: its figures and names are there and, where it cites a passage, it
/// copies the passage or the model says the passage supports it. A sentence citing nothing
/// is held to the first test alone; a judge that cannot be asked leaves the first test's answer.
async fn held_to(
    model: &Marking<'_, impl JsonModel>,
    passages: &[Passage],
    places: &[usize],
    support: &str,
    sentence: &str,
) -> Option<String> {
    if let Some(reason) = passages::unsupported(sentence, support) {
        return Some(reason);
    }
    // A sentence copied from its passage is not asked about (SmolLM2, asked, called
    // sentences copied from a passage unsupported). Only a copy: a sentence recombining the
    // passage's words said the rest of an annealing process reaches the fall's temperature.
    if places.is_empty()
        || !crate::script::rules::on("passage_judge")
        || passages::restates(sentence, support)
    {
        return None;
    }
    match says_so(model, passages, places, sentence).await {
        Ok(true) => None,
        Ok(false) => Some("the passage does not say this".into()),
        Err(error) => {
            tracing::warn!(%error, "a sentence was not judged against its passage");
            None
        }
    }
}

/// Whether the model, shown the passages at `places` and `sentence` alone, says they
/// support it. The verdict alone: asked first to copy the passage's supporting words, the
/// 1.5B model copied the sentence itself, so the copy decided rather than the verdict; of 55
/// sentences beside their passages (`scripts/passage_judge_probe.py`) the verdict alone kept
/// 27 of 29 the passages state and caught 24 of 26 they do not, the quote and verdict 20 and
/// 19, in a quarter of the time.
async fn says_so(
    model: &Marking<'_, impl JsonModel>,
    passages: &[Passage],
    places: &[usize],
    sentence: &str,
) -> Result<bool, ScriptError> {
    let turns = [
        Turn::System(
            "You check a narrated lesson against its source. A sentence is supported only \
             when the passage states what it says; a claim the passage does not make, however \
             likely, is not supported."
                .into(),
        ),
        Turn::User(format!(
            "{}\nSentence: \"{sentence}\"\nDoes the passage support the sentence?",
            passages::numbered_with_places("Passage:", passages, places)
        )),
    ];
    let answer = model
        .judge_json(
            &turns,
            "passage_support",
            object(json!({ "supported": { "type": "boolean" } })),
        )
        .await?;
    #[derive(Deserialize)]
    struct Judged {
        supported: bool,
    }
    // An answer that is not the JSON asked for leaves the figures-and-names test's answer.
    Ok(serde_json::from_str::<Judged>(&answer).map_or(true, |j| j.supported))
}

/// The sentence written again from its passages, told why it could not be used.
async fn ask_again(
    model: &Marking<'_, impl JsonModel>,
    passages: &[Passage],
    places: &[usize],
    sentence: &str,
    reason: &str,
) -> Result<Option<String>, ScriptError> {
    let turns = [
        Turn::System(
            "You correct one spoken sentence of a narrated lesson so that it says only what \
             its passage says."
                .into(),
        ),
        Turn::User(format!(
            "{}\nSentence: \"{sentence}\"\nThis sentence cannot be used: {reason}. Write it \
             again as one spoken sentence of about {WORDS_PER_SENTENCE} words that states only \
             what the passage says, with its figures and names exactly as the passage gives \
             them.",
            passages::numbered("Passage:", passages, places)
        )),
    ];
    let answer = model
        .complete_json(
            &turns,
            "sentence",
            object(json!({ "sentence": sentence_schema() })),
        )
        .await?;
    #[derive(Deserialize)]
    struct Again {
        sentence: String,
    }
    Ok(serde_json::from_str::<Again>(&answer)
        .ok()
        .and_then(|a| finish_sentence(&a.sentence)))
}

/// A spoken sentence, as a scene's are asked for.
fn sentence_schema() -> Value {
    super::scene::sentence()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_come_out_of_the_text_and_are_kept_by_the_sentence_they_end() {
        let (text, marks) = unmark_text(
            "The lehr is held at 512 degrees [2]. Panes cool slowly [1, 3]. See [x] and [9].",
            3,
        );
        assert_eq!(
            text,
            "The lehr is held at 512 degrees. Panes cool slowly. See [x] and."
        );
        assert_eq!(marks.len(), 2, "a number past the passages is not kept");
        assert_eq!(
            marks[0].key,
            written::key("The lehr is held at 512 degrees")
        );
        assert_eq!(marks[0].places, [1]);
        assert_eq!(marks[1].places, [0, 2]);
        assert_eq!(mark_numbers("passage 4"), Some(vec![4]));
        assert_eq!(mark_numbers("0"), None);
        assert_eq!(mark_numbers("note"), None);
    }

    /// A model that cannot be asked: a sentence its passage does not support is not written
    /// again, and goes.
    struct Silent;

    impl JsonModel for Silent {
        async fn complete_json(
            &self,
            _turns: &[Turn],
            _name: &str,
            _schema: Value,
        ) -> Result<String, ScriptError> {
            Err(ScriptError::Unreachable("no model in this test".into()))
        }
    }

    fn glass_passages() -> Vec<Passage> {
        [
            "The lehr holds the glass at 512 degrees.",
            "Panes cool by four degrees an hour.",
        ]
        .iter()
        .enumerate()
        .map(|(place, text)| Passage {
            source_id: "doc".into(),
            title: "Veltrane glass".into(),
            passage: place as u32,
            page: Some(place as u32 + 1),
            heading: None,
            text: text.to_string(),
        })
        .collect()
    }

    /// A model that writes any sentence it is asked to write again as the second passage's,
    /// and counts how often it was asked.
    struct Rewriting(std::sync::atomic::AtomicUsize);

    impl JsonModel for Rewriting {
        async fn complete_json(
            &self,
            _turns: &[Turn],
            name: &str,
            _schema: Value,
        ) -> Result<String, ScriptError> {
            assert_eq!(name, "sentence", "only a sentence is written again");
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(json!({ "sentence": "Panes cool by four degrees an hour." }).to_string())
        }
    }

    #[tokio::test]
    async fn a_sentence_is_held_to_its_passage_as_it_is_written_and_not_asked_about_twice() {
        let passages = glass_passages();
        let model = Rewriting(Default::default());
        let marking = Marking::new(&model, &passages);
        // Offered to lengthen a scene: a copy of a passage, a figure the passage gives
        // otherwise, and a year none gives.
        let kept = crate::script::facts::keep_correct(
            &marking,
            "Veltrane glass",
            vec![
                "The lehr holds the glass at 512 degrees.".into(),
                "Panes cool by nine degrees an hour.".into(),
                "Veltrane glass was first made in 1850.".into(),
            ],
        )
        .await;
        assert_eq!(
            kept,
            [
                "The lehr holds the glass at 512 degrees.",
                "Panes cool by four degrees an hour."
            ]
        );
        let asked = model.0.load(std::sync::atomic::Ordering::Relaxed);
        assert!((1..=2).contains(&asked), "{asked}");

        let mut storyboard: Storyboard = serde_json::from_value(json!({
            "version": 1, "title": "Veltrane glass", "subject": "General", "level": 1,
            "target_minutes": 1.0, "wpm": 150,
            "scenes": [
                {"kind": "bullets", "heading": "Cooling", "items": ["A steady heat", "Slow cooling"],
                 "narration": kept}
            ]
        }))
        .expect("a storyboard");
        let check = cite_and_check(&marking, &mut storyboard).await;

        assert_eq!(
            model.0.load(std::sync::atomic::Ordering::Relaxed),
            asked,
            "nothing is asked again"
        );
        assert_eq!(storyboard.scenes[0].narration, kept);
        assert_eq!(storyboard.scenes[0].cites[1][0].page, Some(2));
        // The sentence left out as it was written is counted with those of the lesson.
        assert_eq!(
            (
                check.checked,
                check.supported,
                check.dropped,
                check.asked_again
            ),
            (3, 2, 1, asked)
        );
    }

    #[tokio::test]
    async fn each_sentence_of_a_beat_cites_its_own_passage() {
        let passages = glass_passages();
        let mut storyboard: Storyboard = serde_json::from_value(json!({
            "version": 1, "title": "Veltrane glass", "subject": "General", "level": 1,
            "target_minutes": 1.0, "wpm": 150,
            "scenes": [
                {"kind": "bullets", "heading": "Cooling", "items": ["A steady heat", "Slow cooling"],
                 "narration": ["The lehr holds the glass at 512 degrees. Panes cool by four degrees an hour.",
                               "At four degrees an hour, cooling is slow."]}
            ]
        }))
        .expect("a storyboard");
        let marking = Marking::new(&Silent, &passages);

        cite_and_check(&marking, &mut storyboard).await;

        let cited: Vec<Vec<(u32, Option<u32>)>> = storyboard.scenes[0]
            .cites
            .iter()
            .map(|beat| beat.iter().map(|c| (c.passage, c.sentence)).collect())
            .collect();
        assert_eq!(
            cited,
            [vec![(0, Some(0)), (1, Some(1))], vec![(1, Some(0))]]
        );
        let first: Vec<Vec<u32>> = storyboard.scenes[0]
            .cited_sentences(0)
            .into_iter()
            .map(|(_, cites)| cites.iter().map(|c| c.passage).collect())
            .collect();
        assert_eq!(first, [vec![0], vec![1]]);
        // (The one-scene storyboard lacks a title scene; its citations are valid.)
        let problems = storyboard.validate().unwrap_err();
        assert!(
            !problems.0.iter().any(|e| e.path.contains("cites")),
            "{problems}"
        );
    }

    #[tokio::test]
    async fn a_sentence_the_lesson_said_before_goes_even_when_its_passage_supports_it() {
        let passages = glass_passages();
        let mut storyboard: Storyboard = serde_json::from_value(json!({
            "version": 1, "title": "Veltrane glass", "subject": "General", "level": 1,
            "target_minutes": 1.0, "wpm": 150,
            "scenes": [
                {"kind": "bullets", "heading": "Cooling", "items": ["A steady heat", "Slow cooling"],
                 "narration": ["The lehr holds the glass at 512 degrees.",
                               "Panes cool by four degrees an hour."]},
                // The definition's own beat, needed by its slide, keeps its repeat.
                {"kind": "definition", "term": "Lehr", "definition": "An oven for glass",
                 "example": null, "narration": ["The lehr holds the glass at 512 degrees."]},
                {"kind": "summary", "heading": "Key takeaways", "points": ["A steady heat", "Slow cooling"],
                 "narration": ["The lehr holds the glass at 512 degrees. Veltrane glass cools slowly.",
                               "Slow cooling keeps each pane from cracking."]}
            ]
        }))
        .expect("a storyboard");
        let marking = Marking::new(&Silent, &passages);

        let check = cite_and_check(&marking, &mut storyboard).await;

        assert_eq!(
            storyboard.scenes[1].narration,
            ["The lehr holds the glass at 512 degrees."]
        );
        assert_eq!(
            storyboard.scenes[2].narration,
            [
                "Veltrane glass cools slowly.",
                "Slow cooling keeps each pane from cracking."
            ]
        );
        assert_eq!(
            (
                check.checked,
                check.supported + check.uncited,
                check.dropped
            ),
            (6, 5, 1),
            "{check:?}"
        );
    }

    #[tokio::test]
    async fn a_scene_whose_slide_needs_a_figure_no_passage_holds_goes_whole() {
        let passages = glass_passages();
        let mut storyboard: Storyboard = serde_json::from_value(json!({
            "version": 1, "title": "Veltrane glass", "subject": "General", "level": 1,
            "target_minutes": 1.0, "wpm": 150,
            "scenes": [
                {"kind": "title", "title": "Veltrane glass", "subtitle": null,
                 "narration": ["The lehr holds the glass at 512 degrees."]},
                // The definition's own beat states a temperature no passage gives.
                {"kind": "definition", "term": "Lehr", "definition": "An oven at 900 degrees",
                 "example": null, "narration": ["A lehr is an oven held at 900 degrees."]},
                {"kind": "bullets", "heading": "Cooling", "items": ["Slow cooling", "A steady heat"],
                 "narration": ["Panes cool by four degrees an hour.",
                               "Inside the lehr the heat stays at 512 degrees."]}
            ],
            "checkpoints": [
                {"scene": 1, "question": "How hot is a lehr?", "kind": "choice",
                 "options": ["900 degrees", "512 degrees"], "answer": 0, "explanation": "-"},
                {"scene": 2, "question": "How fast do panes cool?", "kind": "choice",
                 "options": ["Four degrees an hour", "Fast"], "answer": 0, "explanation": "-"}
            ]
        }))
        .expect("a storyboard");
        let marking = Marking::new(&Silent, &passages);

        let check = cite_and_check(&marking, &mut storyboard).await;

        let headings: Vec<&str> = storyboard
            .scenes
            .iter()
            .map(|s| s.visual.heading())
            .collect();
        assert_eq!(headings, ["Veltrane glass", "Cooling"]);
        assert!(!serde_json::to_string(&storyboard).unwrap().contains("900"));
        // The question on the scene that went goes with it; the next one follows its scene.
        assert_eq!(storyboard.checkpoints.len(), 1);
        assert_eq!(storyboard.checkpoints[0].scene, 1);
        assert_eq!(check.checked, 4);
        assert_eq!(
            (check.supported, check.dropped, check.kept_unsupported),
            (3, 1, 0)
        );
    }

    #[tokio::test]
    async fn a_scene_that_keeps_a_sentence_its_passages_do_not_support_goes_as_it_is_checked() {
        let passages = glass_passages();
        let marking = Marking::new(&Silent, &passages);
        let scene = |value: Value| -> Scene { serde_json::from_value(value).expect("a scene") };
        // The definition's own beat cannot go: it stays as written, unsupported.
        let mut definition = scene(json!({
            "kind": "definition", "term": "Lehr", "definition": "An oven at 900 degrees",
            "example": null, "narration": ["A lehr is an oven held at 900 degrees."]
        }));
        crate::script::facts::drop_wrong(&marking, "Veltrane glass", &mut definition)
            .await
            .expect("checked");
        assert_eq!(
            definition.narration,
            ["A lehr is an oven held at 900 degrees."]
        );
        assert!(keeps_unsupported(&marking, &definition).await);
        let cooling = |heading: &str| {
            scene(json!({
                "kind": "bullets", "heading": heading, "items": ["A steady heat", "Slow cooling"],
                "narration": ["The lehr holds the glass at 512 degrees.",
                              "Panes cool by four degrees an hour."]
            }))
        };
        let mut supported = cooling("Cooling");
        crate::script::facts::drop_wrong(&marking, "Veltrane glass", &mut supported)
            .await
            .expect("checked");
        assert!(!keeps_unsupported(&marking, &supported).await);

        let title = scene(
            json!({"kind": "title", "title": "Veltrane glass", "subtitle": null,
                                 "narration": ["Veltrane glass."]}),
        );
        let headings = |scenes: &[Scene]| -> Vec<String> {
            scenes
                .iter()
                .map(|s| s.visual.heading().to_string())
                .collect()
        };
        let mut lesson = vec![
            title.clone(),
            definition.clone(),
            supported,
            cooling("Heat"),
        ];
        assert_eq!(without_unsupported(&mut lesson, vec![1]), [1]);
        assert_eq!(headings(&lesson), ["Veltrane glass", "Cooling", "Heat"]);
        // It stays where fewer than two teaching scenes would be left.
        let mut short = vec![title, definition, cooling("Cooling")];
        assert!(without_unsupported(&mut short, vec![1]).is_empty());
        assert_eq!(short.len(), 3);
    }
}
