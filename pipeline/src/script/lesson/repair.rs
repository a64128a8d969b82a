//! Repairing the lesson as a whole: repeats dropped across scenes, lengthened with checked
//! sentences when short, shortened when over the budget, beats kept within their limit.

use super::*;

/// A small model says the same sentence again and again, inside a scene and across scenes:
/// each sentence is said once. An element whose every sentence was said before goes with its
/// beat where the slide keeps another (a bullet "Plate tectonics is important because it
/// helps us understand" said its first bullet's sentence again); otherwise its beat keeps its
/// first sentence (an empty beat would shift the slides). An extra beat left empty goes. A
/// summary keeps its points: saying the lesson again is what it is for.
/// `from_documents`: the lesson is written from the learner's documents (see
/// [`said::Said::narration`]).
pub(super) fn drop_repeated_sentences(scenes: &mut [Scene], from_documents: bool) {
    drop_repeated_sentences_after(scenes, from_documents, 0);
}

/// [`drop_repeated_sentences`], except that the first `kept` repeats stay.
fn drop_repeated_sentences_after(scenes: &mut [Scene], from_documents: bool, kept: usize) {
    if !crate::script::rules::on("repeated_sentences") {
        return;
    }
    opening_without_later_sentences(scenes, from_documents);
    let mut said = said::Said::narration(from_documents);
    let mut repeats = 0;
    for scene in scenes.iter_mut() {
        if matches!(scene.visual, Visual::Quiz { .. }) {
            continue;
        }
        let mut kept_beats: Vec<String> = Vec::with_capacity(scene.narration.len());
        for beat in &scene.narration {
            let all = sentences_of(beat);
            // A sentence that points back at a repeat goes with it ("This is why plates
            // move." after a summary's repeated sentence).
            let mask = said::kept_sentences(&all, |s| {
                said.insert(s) || {
                    repeats += 1;
                    repeats <= kept
                }
            });
            let fresh: Vec<String> = all
                .iter()
                .zip(mask)
                .filter(|&(_, keep)| keep)
                .map(|(&s, _)| s.to_string())
                .collect();
            if fresh.len() < all.len() {
                let repeated: Vec<&&str> = all
                    .iter()
                    .filter(|s| !fresh.iter().any(|f| f == **s))
                    .collect();
                tracing::debug!(?repeated, "sentences said before");
            }
            kept_beats.push(fresh.join(" "));
        }
        let summary = matches!(scene.visual, Visual::Summary { .. });
        for index in crate::script::facts::put_back(scene, kept_beats, !summary) {
            if let Some(first) = sentences_of(&scene.narration[index]).first() {
                scene.narration[index] = first.to_string();
            }
        }
    }
}

/// The title scene's opening sentences that a later scene says again go from the opening,
/// where one of its sentences stays: the lesson's later words are the ones tied to a slide
/// (a definition's beat reads its definition). A Water cycle opening said WordNet's
/// definition of the cycle, and the definition scene said it again word for word, since a
/// definition's own beat cannot go (28 November, `just run`).
pub(super) fn opening_without_later_sentences(scenes: &mut [Scene], from_documents: bool) {
    if !crate::script::rules::on("opening_repeats") {
        return;
    }
    let Some((opening, later)) = scenes.split_first_mut() else {
        return;
    };
    let Visual::Title { title, .. } = &opening.visual else {
        return;
    };
    let mut said = said::Said::narration(from_documents);
    for sentence in later
        .iter()
        .filter(|s| !matches!(s.visual, Visual::Quiz { .. }))
        .flat_map(|s| &s.narration)
        .flat_map(|beat| sentences_of(beat))
    {
        said.insert(sentence);
    }
    let placed: Vec<(usize, &str)> = opening
        .narration
        .iter()
        .enumerate()
        .flat_map(|(beat, text)| sentences_of(text).into_iter().map(move |s| (beat, s)))
        .collect();
    let sentences: Vec<&str> = placed.iter().map(|&(_, s)| s).collect();
    let fresh: Vec<bool> = sentences.iter().map(|s| said.clone().insert(s)).collect();
    // A sentence that points back at one that goes, goes with it ("It is driven by the sun.").
    let mut answers = fresh.iter();
    let mut kept = said::kept_sentences(&sentences, |_| answers.next() == Some(&true));
    let mut texts: Vec<String> = sentences.iter().map(|s| s.to_string()).collect();
    if !kept.contains(&true) {
        // Only a sentence that said "It" of the repeat is left: "It involves the movement of
        // water …" after the Water cycle definition. It names the lesson's subject instead.
        let Some(first) = fresh.iter().position(|&f| f) else {
            return;
        };
        let Some(rest) = sentences[first].strip_prefix("It ") else {
            return;
        };
        if title.contains(':') || title.split_whitespace().count() > 5 {
            return;
        }
        texts[first] = format!("{} {rest}", capitalised(title.trim()));
        kept = fresh;
    }
    let beats: Vec<String> = (0..opening.narration.len())
        .map(|beat| {
            (0..texts.len())
                .filter(|&i| placed[i].0 == beat && kept[i])
                .map(|i| texts[i].as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|beat| !beat.is_empty())
        .collect();
    if beats.is_empty() || beats == opening.narration {
        return;
    }
    tracing::debug!(kept = ?beats, "the opening loses what a later scene says again");
    opening.narration = beats;
}

/// A small model repeats itself: a bullet or a sentence it already said goes (with its
/// partner, so the beats stay paired), and so does a definition of a term already defined.
/// Answers, for each scene kept, its place before.
pub(super) fn drop_repeats(scenes: &mut Vec<Scene>) -> Vec<usize> {
    if !crate::script::rules::on("drop_repeats") {
        return Vec::new();
    }
    let mut said = std::collections::HashSet::new();
    let mut defined = std::collections::HashSet::new();
    let mut definitions = std::collections::HashSet::new();
    let mut places = Vec::with_capacity(scenes.len());
    let mut place = 0;
    scenes.retain(|scene| {
        let keep = match &scene.visual {
            // "Vaccines" after "Vaccine", both quoting WordNet's one definition (a How
            // vaccines work render): the term in the singular, and the definition itself.
            Visual::Definition {
                term, definition, ..
            } => {
                let term = key(term);
                let new_term = defined.insert(term.strip_suffix('s').unwrap_or(&term).to_string());
                let new_definition = definitions.insert(key(definition));
                new_term && new_definition
            }
            _ => true,
        };
        if keep {
            places.push(place);
        }
        place += 1;
        keep
    });
    for scene in scenes.iter_mut() {
        let elements = scene.visual.element_count();
        if let Visual::Comparison { rows, .. } = &mut scene.visual {
            let mut i = 0;
            while i < rows.len() && i < scene.narration.len() {
                let row = format!("{} {}", rows[i].left, rows[i].right);
                let repeat = !said.insert(key(&row)) | !said.insert(key(&scene.narration[i]));
                if repeat && rows.len() > 1 {
                    rows.remove(i);
                    scene.narration.remove(i);
                } else {
                    i += 1;
                }
            }
            continue;
        }
        // A recap says again what the lesson said: its points are checked against each
        // other only (a summary of four points has come out with one left).
        let mut recap = std::collections::HashSet::new();
        let (paired, said) = match &mut scene.visual {
            Visual::Bullets { items, .. } => (Some(items), &mut said),
            Visual::Summary { points, .. } => (Some(points), &mut recap),
            _ => (None, &mut said),
        };
        // Within one list, a bullet that opens as another did says the same again
        // ("Glucose is a sugar that plants use for energy / … for food"), and one that names a
        // thing after itself says nothing ("The process of photosynthesis is called
        // photosynthesis").
        let mut openings = std::collections::HashSet::new();
        if let Some(items) = paired {
            let mut i = 0;
            while i < items.len() && i < scene.narration.len() {
                let repeat = !said.insert(key(&items[i])) | !said.insert(key(&scene.narration[i]));
                let empty = crate::script::rules::on("alike_items")
                    && (opening(&items[i]).is_some_and(|o| !openings.insert(o))
                        || names_itself(&items[i]));
                if (repeat || empty) && items.len() > 1 {
                    items.remove(i);
                    scene.narration.remove(i);
                } else {
                    i += 1;
                }
            }
            let kept = items.len();
            let mut index = 0;
            scene.narration.retain(|sentence| {
                index += 1;
                index <= kept || said.insert(key(sentence))
            });
        } else {
            let mut index = 0;
            scene.narration.retain(|sentence| {
                index += 1;
                let fresh = said.insert(key(sentence));
                index <= elements || fresh
            });
        }
    }
    places
}

/// The first six words of a list item of at least six, folded: two items that open alike
/// say much the same.
pub(super) fn opening(item: &str) -> Option<String> {
    let words: Vec<String> = item.split_whitespace().take(6).map(key).collect();
    (words.len() == 6).then(|| words.join(" "))
}

/// Whether `text` names a thing after itself: "X of photosynthesis is called
/// photosynthesis" (the name after "is called" or "is known as" already said before it).
pub(super) fn names_itself(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        " is called ",
        " are called ",
        " is known as ",
        " are known as ",
    ]
    .iter()
    .find_map(|verb| lower.split_once(verb))
    .is_some_and(|(before, after)| {
        let name = after
            .split([',', '.', ';', ':', '('])
            .next()
            .unwrap_or("")
            .trim()
            .trim_start_matches("the ")
            .trim_start_matches("a ");
        !name.is_empty() && key(before).contains(&key(name))
    })
}

/// The sentences beyond a scene's elements (the ones that may go without breaking a beat).
pub(super) fn extras(scene: &Scene) -> usize {
    scene
        .narration
        .len()
        .saturating_sub(scene.visual.element_count())
}

/// Over the budget: the last extra sentences of the scenes that have most go.
pub(super) fn shorten(storyboard: &mut Storyboard) {
    if !crate::script::rules::on("shorten") {
        return;
    }
    let high = (storyboard.target_words() as f64
        * (1.0 + crate::script::WORD_BUDGET_TOLERANCE * 0.8)) as usize;
    while storyboard.word_count() > high {
        let Some(scene) = storyboard
            .scenes
            .iter_mut()
            .filter(|s| extras(s) > 0)
            .max_by_key(|s| extras(s))
        else {
            break;
        };
        scene.pop_beat();
    }
    // Still over (a small model's beats are long, and a short lesson has few extras): the
    // last bullet, row or point of the scene that has most goes with its beat while scenes
    // keep two; then a definition's example, and lists down to one.
    if storyboard.word_count() > high {
        tracing::info!(
            words = storyboard.word_count(),
            most = high,
            "over the budget without extra sentences: the last elements of long lists go"
        );
    }
    for keep in [2, 1] {
        while storyboard.word_count() > high {
            let Some(scene) = storyboard
                .scenes
                .iter_mut()
                .filter(|s| s.narration.len() == s.visual.element_count())
                .filter(|s| droppable_elements(&s.visual) > keep)
                .max_by_key(|s| droppable_elements(&s.visual))
            else {
                break;
            };
            match &mut scene.visual {
                Visual::Bullets { items, .. } => items.truncate(items.len() - 1),
                Visual::Comparison { rows, .. } => rows.truncate(rows.len() - 1),
                Visual::Summary { points, .. } => points.truncate(points.len() - 1),
                Visual::Definition { example, .. } => *example = None,
                _ => unreachable!("only lists and examples are dropped"),
            }
            scene.pop_beat();
        }
    }
    // Still over (the check against the passages wrote sentences again, longer, after the
    // lesson was brought to length): the longest beats lose their last sentences, each beat
    // keeping its first. Without it a lesson 409 words long for a 2-minute budget failed
    // (`sources_bench`, the Lake Miskett document, 7 December).
    while storyboard.word_count() > high {
        let longest = storyboard
            .scenes
            .iter()
            .enumerate()
            .flat_map(|(s, scene)| {
                scene
                    .narration
                    .iter()
                    .enumerate()
                    .filter(|(_, beat)| sentences_of(beat).len() > 1)
                    .map(move |(b, beat)| (beat.split_whitespace().count(), s, b))
            })
            .max();
        let Some((_, s, b)) = longest else {
            break;
        };
        storyboard.scenes[s].cut_last_sentence(b);
    }
}

/// A scene says at most [`MAX_EXTRA_BEATS`] beats after those that reveal its elements: the
/// last ones are said together in one beat where it stays within [`MAX_SENTENCE`], else the
/// last goes. A comparison that lost three of its four rows for saying nothing kept their
/// sentences after the last row, and with its five extra sentences had nine beats for one
/// row: the whole Plate tectonics storyboard was refused (27 November).
pub(super) fn within_beat_limit(scene: &mut Scene) {
    if !crate::script::rules::on("beat_limit") {
        return;
    }
    let most = scene.visual.element_count() + MAX_EXTRA_BEATS;
    // `most` is at least MAX_EXTRA_BEATS, so a scene over it has two beats to join.
    while scene.narration.len() > most {
        let n = scene.narration.len();
        let joined =
            scene.narration[n - 2].chars().count() + 1 + scene.narration[n - 1].chars().count();
        if joined <= MAX_SENTENCE {
            scene.join_last_beats();
        } else if let Some(last) = scene.pop_beat() {
            tracing::debug!(sentence = %last, "a scene with too many beats loses its last");
        }
    }
}

/// How many elements of a visual may go one by one from its end: a list's items and a
/// definition's example (none of other visuals: their elements are a whole, such as a
/// worked example's steps).
pub(super) fn droppable_elements(visual: &Visual) -> usize {
    match visual {
        Visual::Bullets { .. }
        | Visual::Comparison { .. }
        | Visual::Summary { .. }
        | Visual::Definition { .. } => visual.element_count(),
        _ => 0,
    }
}

/// The fewest words a lesson may have: its budget less the writer's tolerance.
pub(super) fn fewest_words(storyboard: &Storyboard) -> usize {
    storyboard.fewest_words(crate::script::WORD_BUDGET_TOLERANCE)
}

/// Whether lengthening may add a sentence the lesson already says nearly word for word.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Repeats {
    Refused,
    /// A lesson that is short without its repeats, lengthened only to `until` words (the
    /// fewest it may have): only a sentence its scene already has word for word is refused.
    Allowed {
        until: usize,
    },
}

/// Under the budget (short sentences, repeats dropped): the shortest body scenes are asked
/// for a few more sentences, each request for its share of the words still missing. As many
/// scenes are asked at once as the model answers side by side, and a scene's answer is
/// checked and added as soon as it comes, while the next scene is asked in the slot it
/// freed: in rounds (four scenes asked, then all their checks, then the next four) the
/// slots waited for a round's slowest answer.
pub(super) async fn lengthen(
    writer: &impl JsonModel,
    turns: &[Turn],
    topic: &str,
    storyboard: &mut Storyboard,
    reference: &Reference,
    repeats: Repeats,
) -> Result<(), ScriptError> {
    let low = match repeats {
        Repeats::Refused => {
            (storyboard.target_words() as f64 * (1.0 - crate::script::WORD_BUDGET_TOLERANCE * 0.6))
                as usize
        }
        Repeats::Allowed { until } => until,
    };
    let aim = low + low / 10;
    let within = fewest_words(storyboard);
    let slots = writer.parallel().max(1);
    let from_documents = !reference.passages.is_empty();
    // As many requests as eight rounds of the model's slots at the most.
    let most = 8 * slots;
    // Scenes the model had nothing new for (a small model repeats itself): the next request
    // asks another scene instead of giving up.
    let mut exhausted: Vec<usize> = Vec::new();
    let mut asked: Vec<usize> = Vec::new();
    // The scenes being lengthened, with the words each is expected to add.
    let mut pending: Vec<(usize, usize)> = Vec::new();
    let mut requests = 0;
    // Answers in a row that added nothing: a lesson already within its budget's tolerance is
    // not lengthened further once as many answers as the model has slots (a round's worth)
    // added nothing: a model that has run out of new sentences only repeats itself (three
    // such rounds cost a Photosynthesis script 40 s on 2 cores).
    let mut fruitless = 0;
    let mut running = futures_util::stream::FuturesUnordered::new();
    loop {
        while requests < most && pending.len() < slots {
            let count = storyboard.word_count();
            let expected: usize = pending.iter().map(|&(_, words)| words).sum();
            let missing = aim.saturating_sub(count + expected);
            if count >= low || missing == 0 || (count >= within && fruitless >= slots) {
                break;
            }
            let Some(index) = next_to_lengthen(storyboard, &exhausted, &pending) else {
                break;
            };
            let free = (slots - pending.len())
                .min(missing.div_ceil(WORDS_PER_SENTENCE))
                .max(1);
            let scene = &storyboard.scenes[index];
            let wanted =
                (missing.div_ceil(free) / WORDS_PER_SENTENCE).clamp(1, 4 - extras(scene).min(3));
            let passages = passages_for(reference, &scene_query(scene));
            let request = more_request(scene, wanted, asked.contains(&index), &passages);
            pending.push((index, wanted * WORDS_PER_SENTENCE));
            requests += 1;
            running.push(run_errand(
                writer,
                turns,
                topic,
                Errand::Ask {
                    index,
                    wanted,
                    request,
                },
            ));
        }
        let Some(done) = running.next().await else {
            break;
        };
        match done {
            ErrandDone::Offered { index, answer } => {
                let more: More = serde_json::from_str(&answer?).map_err(|e| {
                    ScriptError::Empty(format!("the extra sentences are not JSON: {e}"))
                })?;
                let count = storyboard.word_count();
                tracing::debug!(scene = index, count, low, offered = ?more.more, "lengthening");
                // Only what could be added is checked: a repeat or a cut sentence would go anyway.
                let offered = addable(storyboard, index, &more.more, repeats, from_documents);
                let words: usize = offered.iter().map(|s| words(s)).sum();
                if let Some(entry) = pending.iter_mut().find(|(i, _)| *i == index) {
                    entry.1 = words;
                }
                running.push(run_errand(
                    writer,
                    turns,
                    topic,
                    Errand::Check { index, offered },
                ));
            }
            ErrandDone::Checked { index, mut kept } => {
                pending.retain(|&(i, _)| i != index);
                // Repeats are added only as far as the lesson needs them.
                if let Repeats::Allowed { until } = repeats {
                    let mut count = storyboard.word_count();
                    kept.retain(|sentence| {
                        let needed = count < until;
                        count += words(sentence);
                        needed
                    });
                }
                if add_sentences(storyboard, index, &kept, repeats, from_documents) {
                    fruitless = 0;
                } else {
                    fruitless += 1;
                    if asked.contains(&index) {
                        exhausted.push(index);
                    } else {
                        asked.push(index);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The body scene to lengthen next: the shortest not being lengthened already and not
/// exhausted; the closing scene only when no teaching scene is left.
pub(super) fn next_to_lengthen(
    storyboard: &Storyboard,
    exhausted: &[usize],
    pending: &[(usize, usize)],
) -> Option<usize> {
    let last = storyboard.scenes.len().saturating_sub(1);
    let spoken = |scene: &Scene| scene.narration.iter().map(|t| words(t)).sum::<usize>();
    let candidates = storyboard.scenes.iter().enumerate().filter(|(i, s)| {
        *i > 0
            && !exhausted.contains(i)
            && !pending.iter().any(|(p, _)| p == i)
            && s.visual.kind() != "quiz"
            && extras(s) < 4
    });
    let (teaching, closing): (Vec<_>, Vec<_>) = candidates.partition(|(i, _)| *i != last);
    let pick = if teaching.is_empty() {
        closing
    } else {
        teaching
    };
    pick.into_iter()
        .min_by_key(|(_, s)| spoken(s))
        .map(|(i, _)| i)
}

/// One request of lengthening: a scene asked for more sentences, or the sentences it can
/// take put to the model's check.
pub(super) enum Errand {
    Ask {
        index: usize,
        wanted: usize,
        request: String,
    },
    Check {
        index: usize,
        offered: Vec<String>,
    },
}

pub(super) enum ErrandDone {
    Offered {
        index: usize,
        answer: Result<String, ScriptError>,
    },
    Checked {
        index: usize,
        kept: Vec<String>,
    },
}

pub(super) async fn run_errand(
    writer: &impl JsonModel,
    turns: &[Turn],
    topic: &str,
    errand: Errand,
) -> ErrandDone {
    match errand {
        Errand::Ask {
            index,
            wanted,
            request,
        } => {
            let answer = writer
                .complete_json(
                    &[turns.to_vec(), vec![Turn::User(request)]].concat(),
                    "more",
                    object(json!({ "more": sentences(wanted) })),
                )
                .await;
            ErrandDone::Offered { index, answer }
        }
        Errand::Check { index, offered } => ErrandDone::Checked {
            index,
            kept: crate::script::facts::keep_correct(writer, topic, offered).await,
        },
    }
}

#[derive(Deserialize)]
pub(super) struct More {
    pub(super) more: Vec<String>,
}

/// What a scene is asked for when it needs `wanted` more sentences. A second request for a
/// scene does not quote it: a small model that only echoed the scene back is asked afresh
/// about its heading.
///
/// A lesson written from the learner's documents gives the passages the scene matches
/// (`passages`, with their rule; empty for other lessons), so that its new sentences rest on
/// them as the scene's first ones did.
pub(super) fn more_request(
    scene: &Scene,
    wanted: usize,
    asked_before: bool,
    passages: &str,
) -> String {
    let request = more_asked(scene, wanted, asked_before);
    if passages.is_empty() {
        request
    } else {
        format!("{passages}\n\n{request}")
    }
}

fn more_asked(scene: &Scene, wanted: usize, asked_before: bool) -> String {
    if asked_before {
        format!(
            "Write {wanted} short, simple sentences that explain \"{heading}\" to a \
             learner, each one giving a different fact.",
            heading = scene.visual.heading(),
        )
    } else {
        format!(
            "The scene \"{heading}\" says: {said}\nWrite {wanted} more sentences for it \
             that explain further, with new specific facts or an example, without \
             repeating it.",
            heading = scene.visual.heading(),
            said = scene.narration.join(" "),
        )
    }
}

/// Adds the offered sentences a scene can take (finished, no JSON, no foreign script, not
/// said already); whether any was added.
pub(super) fn add_sentences(
    storyboard: &mut Storyboard,
    index: usize,
    offered: &[String],
    repeats: Repeats,
    from_documents: bool,
) -> bool {
    let fresh = addable(storyboard, index, offered, repeats, from_documents);
    let scene = &mut storyboard.scenes[index];
    let before = scene.narration.len();
    scene.narration.extend(fresh);
    scene.narration.len() > before
}

/// The offered texts without what a text cut at its length limit carried over into the next:
/// a small model wrote on past the limit of one ("… the formation of new mountains, the er")
/// into the next ("ition of existing mountains, and the movement of tectonic plates. For
/// example, the Himalayas …"), and "Ition of existing mountains" was spoken. The broken start
/// goes, up to its first full stop; the whole sentences after it stay.
pub(super) fn without_carried_over(offered: &[String]) -> Vec<String> {
    if !crate::script::rules::on("carried_over") {
        return offered.to_vec();
    }
    let mut out = Vec::with_capacity(offered.len());
    let mut cut_before = false;
    for text in offered {
        let trimmed = text.trim();
        let carried = cut_before && trimmed.chars().next().is_some_and(char::is_lowercase);
        cut_before = !ends_sentence(trimmed);
        if !carried {
            out.push(text.clone());
            continue;
        }
        let rest: Vec<&str> = sentences_of(trimmed).into_iter().skip(1).collect();
        if !rest.is_empty() {
            out.push(rest.join(" "));
        }
    }
    out
}

/// The sentences of `offered` that scene `index` can take: whole sentences (a cut one is
/// finished or goes), no JSON, no foreign script, and nothing the lesson (or, where repeats
/// are allowed, the scene) has said already.
pub(super) fn addable(
    storyboard: &Storyboard,
    index: usize,
    offered: &[String],
    repeats: Repeats,
    from_documents: bool,
) -> Vec<String> {
    // A sentence said anywhere in the lesson already, nearly word for word or opening as
    // another, is no lengthening.
    let mut said = said::Said::narration(from_documents);
    let lesson = match repeats {
        Repeats::Refused => &storyboard.scenes[..],
        Repeats::Allowed { .. } => &[],
    };
    for earlier in lesson.iter().flat_map(|s| &s.narration) {
        for sentence in sentences_of(earlier) {
            said.insert(sentence);
        }
    }
    let scene = &storyboard.scenes[index];
    // Where repeats are allowed, still not a sentence the scene says word for word: an
    // offered text can open with one ("The heart is a hollow muscular organ located behind
    // the sternum and between the lungs. It is made up of four chambers …", six times in a
    // How the heart pumps blood definition on the 1.5B model), so each of its sentences is
    // looked at, not the text as a whole.
    let mut in_scene: HashSet<String> = scene
        .narration
        .iter()
        .flat_map(|beat| sentences_of(beat))
        .map(key)
        .collect();
    let mut fresh: Vec<String> = Vec::new();
    for text in without_carried_over(offered)
        .iter()
        .filter(|s| !written::has_json(s, true) && !written::echoes_instructions(s))
        .filter_map(|s| finish_sentence(s))
    {
        if crate::script::rules::on("foreign_script")
            && has_foreign_script(&text, &storyboard.title)
        {
            continue;
        }
        let sentences = sentences_of(&text);
        let kept = said::kept_sentences(&sentences, |sentence| match repeats {
            Repeats::Refused => said.insert(sentence),
            Repeats::Allowed { .. } => in_scene.insert(key(sentence)),
        });
        let new: Vec<&str> = sentences
            .iter()
            .zip(kept)
            .filter(|&(_, keep)| keep)
            .map(|(&sentence, _)| sentence)
            .collect();
        if !new.is_empty() {
            fresh.push(new.join(" "));
        }
    }
    fresh
}

/// The storyboard of the checked scenes and the summary, without what the lesson said before,
/// and beside it the lesson as written without its repeated points (its sentences unchecked),
/// for a model that can only repeat itself.
pub(super) fn assembled(
    brief: &Brief,
    title: String,
    scenes: Vec<Scene>,
    mut as_written: Vec<Scene>,
    summary: Scene,
    from_documents: bool,
) -> (Storyboard, Storyboard) {
    let mut storyboard = Storyboard {
        version: STORYBOARD_VERSION,
        title,
        subject: brief.subject,
        level: brief.level,
        show_level: true,
        target_minutes: brief.duration_minutes.get(),
        wpm: brief.wpm,
        origin: Origin::Model,
        scenes,
        sources: Vec::new(),
        checkpoints: Vec::new(),
        from_sources: None,
    };
    as_written.push(summary.clone());
    storyboard.scenes.push(summary);
    // The summary says again what the lesson said, but not sentence for sentence.
    drop_repeats(&mut storyboard.scenes);
    drop_repeated_sentences(&mut storyboard.scenes, from_documents);
    let mut before = storyboard.clone();
    before.scenes = as_written;
    let written_words = before.word_count();
    drop_repeats(&mut before.scenes);
    opening_without_later_sentences(&mut before.scenes, from_documents);
    tracing::debug!(
        written = written_words,
        without_repeated_points = before.word_count(),
        checked_without_repeated_sentences = storyboard.word_count(),
        "the lesson's words before lengthening"
    );
    (storyboard, before)
}

/// The lesson brought to its budget: lengthened with checked sentences (never scenes), or,
/// when the model can only repeat itself, `as_written` with the fewest of its repeats that
/// bring it to the shortest lesson kept, lengthened with repeats only that far (for a lesson
/// from documents, only when it would be refused for its length otherwise); then anything
/// over the budget or a scene's beat limit goes. Keeping every repeat and lengthening with
/// more up to the budget gave a Fall of Rome lesson one sentence three times in one scene;
/// on the recorded corpus the fewest repeats took 48 to 44 (of about 535 sentences), every
/// other figure as it was.
pub(super) async fn to_length(
    writer: &impl JsonModel,
    turns: &[Turn],
    topic: &str,
    mut storyboard: Storyboard,
    as_written: Storyboard,
    reference: &Reference,
) -> Result<Storyboard, ScriptError> {
    lengthen(
        writer,
        turns,
        topic,
        &mut storyboard,
        reference,
        Repeats::Refused,
    )
    .await?;
    // A model that can only repeat itself cannot fill the budget without its repeats: the
    // lesson keeps them rather than fail for being short. A lesson that would pass without
    // them is a shorter video instead: "The heart beats rhythmically …" said in three scenes
    // of a How the heart pumps blood lesson taught nothing the first did not. A lesson from
    // the learner's documents takes the lesson as written only when it would be refused
    // without: a short video of what the documents say is better than one that says a
    // sentence again (a Velmora lesson said one in three scenes).
    // A lesson written scene by scene is accepted `SHORT_LESSON_TOLERANCE` under its budget;
    // one without its repeats keeps a tenth of the budget to spare for the beats shortened
    // after lengthening.
    let from_documents = !reference.passages.is_empty();
    let shortest = if from_documents {
        storyboard.fewest_words(crate::script::SHORT_LESSON_TOLERANCE)
    } else {
        storyboard.fewest_words(crate::script::SHORT_LESSON_TOLERANCE - 0.1)
    };
    if storyboard.word_count() < shortest {
        tracing::info!("the lesson is short without its repeated sentences: keeping the fewest");
        storyboard = as_written;
        check_sentences(writer, topic, &mut storyboard.scenes, |_| true).await;
        storyboard = fewest_repeats(storyboard, shortest, from_documents);
        if storyboard.word_count() < shortest {
            lengthen(
                writer,
                turns,
                topic,
                &mut storyboard,
                reference,
                Repeats::Allowed { until: shortest },
            )
            .await?;
        }
    }
    if storyboard.word_count() < fewest_words(&storyboard) {
        tracing::warn!(
            words = storyboard.word_count(),
            budget = storyboard.target_words(),
            "the model had no more checked sentences: the video is shorter than asked"
        );
    }
    within_budget(&mut storyboard);
    Ok(storyboard)
}

/// The lesson with as few of its repeated sentences as keep it at `shortest` words: the
/// earliest stay, the later go (all of them, when it is that long without any).
pub(super) fn fewest_repeats(
    storyboard: Storyboard,
    shortest: usize,
    from_documents: bool,
) -> Storyboard {
    let mut kept = 0;
    loop {
        let mut fewer = storyboard.clone();
        drop_repeated_sentences_after(&mut fewer.scenes, from_documents, kept);
        if fewer.word_count() >= shortest || fewer.word_count() == storyboard.word_count() {
            return fewer;
        }
        kept += 1;
    }
}

/// Anything over the lesson's budget or a scene's beat limit goes.
pub(super) fn within_budget(storyboard: &mut Storyboard) {
    shorten(storyboard);
    for scene in &mut storyboard.scenes {
        within_beat_limit(scene);
    }
}
