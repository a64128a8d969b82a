//! The learner's documents as the writers are given them: the passages a video, a course or
//! a lesson is written from, read for the job's owner only (another user's document is not
//! found). A document deleted since its job was started is left out.

use lectern_core::{courses::LessonSource, entities::source, sources};
use lectern_pipeline::grounding::{Passage, passages::rank};

use crate::{RunError, Runtime, finish::database};

/// Passages one video (or one lesson) is written from, at most: its plan is given them all.
pub(crate) const PASSAGES_PER_VIDEO: usize = 12;

/// The user's documents among `ids`, in that order.
pub(crate) async fn documents(
    runtime: &Runtime,
    user_id: &str,
    ids: &[String],
) -> Result<Vec<source::Model>, RunError> {
    let mut found = Vec::new();
    for id in ids {
        if let Some(document) = sources::find(&runtime.db, user_id, id)
            .await
            .map_err(database)?
        {
            found.push(document);
        }
    }
    Ok(found)
}

/// Every passage of `document`, in order.
pub(crate) async fn passages_of(
    runtime: &Runtime,
    document: &source::Model,
) -> Result<Vec<Passage>, RunError> {
    Ok(sources::passages(&runtime.db, document)
        .await
        .map_err(database)?
        .into_iter()
        .map(|p| Passage {
            source_id: document.id.clone(),
            title: document.title.clone(),
            passage: p.ordinal.max(0) as u32,
            page: p.page.map(|n| n.max(0) as u32),
            heading: p.heading,
            text: p.text,
        })
        .collect())
}

/// Every passage of the user's documents among `ids`: each document's in order, the
/// documents in the order given.
pub(crate) async fn all_passages(
    runtime: &Runtime,
    user_id: &str,
    ids: &[String],
) -> Result<Vec<Passage>, RunError> {
    let mut all = Vec::new();
    for document in documents(runtime, user_id, ids).await? {
        all.extend(passages_of(runtime, &document).await?);
    }
    Ok(all)
}

/// Where a lesson's passages are, as stored with its course: each document's places and pages.
pub(crate) fn places_of(passages: &[Passage]) -> Vec<LessonSource> {
    let mut found: Vec<LessonSource> = Vec::new();
    for passage in passages {
        let at = match found.iter().position(|s| s.source_id == passage.source_id) {
            Some(at) => at,
            None => {
                found.push(LessonSource {
                    source_id: passage.source_id.clone(),
                    passages: Vec::new(),
                    pages: Vec::new(),
                });
                found.len() - 1
            }
        };
        let source = &mut found[at];
        source.passages.push(passage.passage);
        if let Some(page) = passage.page
            && !source.pages.contains(&page)
        {
            source.pages.push(page);
        }
    }
    found
}

/// The passages a lesson is written from: those of its part of the documents, or, when its
/// part holds more than a video is given, the [`PASSAGES_PER_VIDEO`] of them that share most
/// words with `about` (the lesson's title, summary and key terms), in document order.
pub(crate) async fn lesson_passages(
    runtime: &Runtime,
    user_id: &str,
    lesson: &[LessonSource],
    about: &str,
) -> Result<Vec<Passage>, RunError> {
    let ids: Vec<String> = lesson.iter().map(|s| s.source_id.clone()).collect();
    let mut part = Vec::new();
    for document in documents(runtime, user_id, &ids).await? {
        let places: &[u32] = lesson
            .iter()
            .find(|s| s.source_id == document.id)
            .map_or(&[], |s| &s.passages);
        part.extend(
            passages_of(runtime, &document)
                .await?
                .into_iter()
                .filter(|p| places.contains(&p.passage)),
        );
    }
    if part.len() <= PASSAGES_PER_VIDEO {
        return Ok(part);
    }
    let mut chosen = rank(&part, about, PASSAGES_PER_VIDEO);
    // Passages that share no word with the lesson still fill its share, first ones first.
    for i in 0..part.len() {
        if chosen.len() >= PASSAGES_PER_VIDEO {
            break;
        }
        if !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    chosen.sort_unstable();
    Ok(chosen.into_iter().map(|i| part[i].clone()).collect())
}
