//! A storyboard grounded in its reference facts: definition scenes quote them, the
//! storyboard records them, and a last scene lists the sources.

use super::{Reference, SourceId};
use crate::storyboard::{DocumentNote, Scene, SourceNote, Storyboard, Visual};

/// The heading of the scene that lists the sources.
pub const SOURCES_HEADING: &str = "Sources";
/// A storyboard holds at most this many scenes (the validator's limit).
const MAX_SCENES: usize = 60;
/// A bullet's length on a slide (the validator's limit).
const MAX_ITEM: usize = 120;

/// A definition's words a sentence that says it again has: without a leading "(geology) " and
/// from its first bracket or semicolon on, in lower case; none when under four words.
fn definition_core(definition: &str) -> Option<String> {
    let core = super::field_of(definition)
        .1
        .split(['(', ';'])
        .next()
        .unwrap_or_default()
        .trim()
        .trim_end_matches(['.', ','])
        .to_lowercase();
    (core.split_whitespace().count() >= 4).then_some(core)
}

/// Grounds `storyboard` in `reference`: each definition scene whose term has a fact shows
/// the fact's definition, as the source words it, and its first sentence reads it with the
/// source named; the facts quoted go into `storyboard.sources`; and a last scene lists the
/// sources, the learner's documents a lesson written from them cites among them. Nothing
/// changes when the reference is empty, no definition scene has a fact and no document is
/// cited. Applying twice gives one Sources scene.
pub fn apply(storyboard: &mut Storyboard, reference: &Reference) {
    if reference.is_empty() && storyboard.from_sources.is_none() {
        return;
    }
    let had_sources_scene = (!storyboard.sources.is_empty() || storyboard.from_sources.is_some())
        && storyboard.scenes.last().is_some_and(
            |s| matches!(&s.visual, Visual::Bullets { heading, .. } if heading == SOURCES_HEADING),
        );
    if had_sources_scene {
        storyboard.scenes.pop();
    }

    let mut used = Vec::new();
    for scene in &mut storyboard.scenes {
        let Visual::Definition {
            term, definition, ..
        } = &mut scene.visual
        else {
            continue;
        };
        let Some(fact) = reference.fact_for(term) else {
            continue;
        };
        *definition = fact.definition.clone();
        let spoken = fact.spoken();
        match scene.narration.first_mut() {
            Some(first) => *first = spoken,
            None => scene.narration.push(spoken),
        }
        // The definition read is the dictionary's, not a passage's.
        if let Some(first) = scene.cites.first_mut() {
            first.clear();
        }
        // A sentence after the slide's own that says the quoted definition again ("A cycle
        // is an interval during which …", a model given the fact in its request) goes.
        let quoted = definition_core(&fact.definition);
        let elements = scene.visual.element_count().max(1);
        let mut index = elements;
        while index < scene.narration.len() {
            if quoted
                .as_deref()
                .is_some_and(|q| scene.narration[index].to_lowercase().contains(q))
            {
                scene.narration.remove(index);
                if index < scene.cites.len() {
                    scene.cites.remove(index);
                }
            } else {
                index += 1;
            }
        }
        used.push(fact.clone());
    }
    let background = reference.background.iter();
    for fact in reference
        .facts
        .iter()
        .filter(|f| used.contains(f))
        .chain(background)
    {
        let note = fact.note();
        if !storyboard.sources.contains(&note) {
            storyboard.sources.push(note);
        }
    }
    let documents = storyboard
        .from_sources
        .as_ref()
        .map(|f| f.documents.clone())
        .unwrap_or_default();
    if storyboard.scenes.len() < MAX_SCENES
        && let Some(scene) = sources_scene_with(&storyboard.sources, &documents)
    {
        storyboard.scenes.push(scene);
    }
}

/// A bullets scene listing each source with the terms taken from it, one short sentence
/// per source; `None` when there are no sources.
pub fn sources_scene(sources: &[SourceNote]) -> Option<Scene> {
    sources_scene_with(sources, &[])
}

/// The most bullets the Sources scene has.
const MAX_SOURCE_ITEMS: usize = 6;

/// [`sources_scene`] with the learner's documents a lesson cites first, each with the pages
/// its cited passages are on; `None` when there are neither.
pub fn sources_scene_with(sources: &[SourceNote], documents: &[DocumentNote]) -> Option<Scene> {
    let mut names: Vec<&str> = Vec::new();
    for note in sources {
        if !names.contains(&note.source.as_str()) {
            names.push(&note.source);
        }
    }
    if names.is_empty() && documents.is_empty() {
        return None;
    }
    let mut items = Vec::new();
    let mut narration = Vec::new();
    for document in documents.iter().take(MAX_SOURCE_ITEMS) {
        let pages = pages_of(&document.pages);
        let title = document.title.trim();
        items.push(cut(&document_credit(document)));
        narration.push(match &pages {
            Some(pages) => format!("This lesson is written from {title}, {pages}."),
            None => format!("This lesson is written from {title}."),
        });
    }
    let room = MAX_SOURCE_ITEMS.saturating_sub(items.len());
    for name in names.iter().take(room) {
        let terms: Vec<&str> = sources
            .iter()
            .filter(|n| n.source == *name)
            .map(|n| n.term.as_str())
            .collect();
        let source = SourceId::from_name(name);
        let (credit, spoken): (&str, &str) = match source {
            Some(source) => (source.credit(), source.spoken_credit()),
            None => (name, name),
        };
        items.push(bullet(credit, &terms));
        narration.push(match terms.as_slice() {
            [one] if source == Some(SourceId::Gcide) => {
                format!("Background on {one} is from {spoken}.")
            }
            [one] => format!("The definition of {one} is from {spoken}."),
            _ => format!(
                "The definitions of {} are from {spoken}.",
                spoken_list(&terms)
            ),
        });
    }
    Some(Scene {
        visual: Visual::Bullets {
            heading: SOURCES_HEADING.into(),
            items,
        },
        narration,
        cites: Vec::new(),
    })
}

/// A learner's document as the Sources slide and the study sheet name it: "Notes on glass:
/// pages 1, 2 and 4", or its title alone when it has no pages.
pub fn document_credit(document: &DocumentNote) -> String {
    let title = document.title.trim();
    match pages_of(&document.pages) {
        Some(pages) => format!("{title}: {pages}"),
        None => title.to_string(),
    }
}

/// "page 4", "pages 2, 3 and 7"; `None` for a document without pages.
fn pages_of(pages: &[u32]) -> Option<String> {
    let listed: Vec<String> = pages.iter().map(u32::to_string).collect();
    match listed.as_slice() {
        [] => None,
        [one] => Some(format!("page {one}")),
        _ => Some(format!(
            "pages {}",
            spoken_list(&listed.iter().map(String::as_str).collect::<Vec<_>>())
        )),
    }
}

/// A bullet within the slide's limit, cut at a word.
fn cut(text: &str) -> String {
    if text.chars().count() <= MAX_ITEM {
        return text.to_string();
    }
    let mut kept: String = text.chars().take(MAX_ITEM - 1).collect();
    if let Some(space) = kept.rfind(' ') {
        kept.truncate(space);
    }
    format!("{}…", kept.trim_end_matches([',', ';', ':', ' ']))
}

/// "WordNet 3.0, Princeton University: photosynthesis, plant", with the terms that do not
/// fit counted ("and 3 more").
fn bullet(credit: &str, terms: &[&str]) -> String {
    for shown in (1..=terms.len()).rev() {
        let mut item = format!("{credit}: {}", terms[..shown].join(", "));
        if shown < terms.len() {
            item.push_str(&format!(" and {} more", terms.len() - shown));
        }
        if item.chars().count() <= MAX_ITEM {
            return item;
        }
    }
    credit.chars().take(MAX_ITEM).collect()
}

fn spoken_list(terms: &[&str]) -> String {
    match terms {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(term: &str, source: SourceId) -> SourceNote {
        SourceNote {
            term: term.into(),
            definition: "a definition".into(),
            source: source.name().into(),
        }
    }

    #[test]
    fn the_sources_scene_groups_terms_by_source() {
        let scene = sources_scene(&[
            note("binary search", SourceId::Foldoc),
            note("tree", SourceId::Foldoc),
            note("photosynthesis", SourceId::WordNet),
        ])
        .unwrap();
        let Visual::Bullets { heading, items } = &scene.visual else {
            panic!("a bullets scene");
        };
        assert_eq!(heading, "Sources");
        assert_eq!(
            items,
            &[
                "FOLDOC, foldoc.org, Editor Denis Howe: binary search, tree",
                "WordNet 3.0, Princeton University: photosynthesis"
            ]
        );
        assert_eq!(
            scene.narration[0],
            "The definitions of binary search and tree are from FOLDOC, the Free On-line \
             Dictionary of Computing."
        );
        assert!(sources_scene(&[]).is_none());
    }

    #[test]
    fn the_learners_documents_come_first_with_their_pages() {
        let documents = [
            DocumentNote {
                source_id: "a".into(),
                title: "Notes on glass".into(),
                pages: vec![1, 2, 4],
            },
            DocumentNote {
                source_id: "b".into(),
                title: "Pasted notes".into(),
                pages: Vec::new(),
            },
        ];
        let scene = sources_scene_with(&[note("tree", SourceId::Foldoc)], &documents).unwrap();
        let Visual::Bullets { items, .. } = &scene.visual else {
            panic!("a bullets scene");
        };
        assert_eq!(
            items,
            &[
                "Notes on glass: pages 1, 2 and 4",
                "Pasted notes",
                "FOLDOC, foldoc.org, Editor Denis Howe: tree"
            ]
        );
        assert_eq!(
            scene.narration[0],
            "This lesson is written from Notes on glass, pages 1, 2 and 4."
        );
        assert_eq!(scene.narration.len(), items.len());
        assert!(sources_scene_with(&[], &documents[1..]).is_some());
        assert!(sources_scene_with(&[], &[]).is_none());
    }

    #[test]
    fn terms_that_do_not_fit_a_bullet_are_counted() {
        let long = "a long term name".repeat(3);
        let terms = vec![long.as_str(); 4];
        let item = bullet(SourceId::WordNet.credit(), &terms);
        assert!(item.chars().count() <= MAX_ITEM);
        assert!(item.ends_with("more"));
    }
}
