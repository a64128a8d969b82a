//! A course made from the learner's documents follows their structure: a lesson per section
//! (the passages under one heading), each written from its own part. Sections too small to
//! be a lesson are joined to their neighbour, and a document with fewer sections than a
//! course needs has its longest ones divided, so that a course keeps to 3 to 12 lessons.

use crate::grounding::Passage;

use super::{MAX_LESSONS, MIN_LESSONS};

/// One lesson's part of the documents: its title and its passages, in document order.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// The document's own heading (or headings, when small sections were joined).
    pub title: String,
    pub passages: Vec<Passage>,
}

/// The longest lesson title a course shows (see `MAX_LESSON_TITLE`).
const TITLE_CHARS: usize = 70;

impl Section {
    fn words(&self) -> usize {
        self.passages
            .iter()
            .map(|p| p.text.split_whitespace().count())
            .sum()
    }

    /// The section's first `words` words, for a planner that sees every section at once.
    pub fn opening(&self, words: usize) -> String {
        let all: Vec<&str> = self
            .passages
            .iter()
            .flat_map(|p| p.text.split_whitespace())
            .collect();
        let mut text = all[..all.len().min(words)].join(" ");
        if all.len() > words {
            text.push_str(" ...");
        }
        text
    }
}

/// The lessons `passages` (every passage of the chosen documents, each document's in order,
/// the documents in the order chosen) make: one per run of passages under the same heading
/// of the same document, then joined or divided to between [`MIN_LESSONS`] and
/// [`MAX_LESSONS`]. Fewer than [`MIN_LESSONS`] passages make fewer lessons: the caller
/// refuses those.
pub fn sections(passages: Vec<Passage>) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for passage in passages {
        let heading = passage
            .heading
            .clone()
            .unwrap_or_else(|| passage.title.clone());
        match sections.last_mut() {
            Some(last)
                if last.passages[0].source_id == passage.source_id
                    && (last.title == heading || passage.heading.is_none()) =>
            {
                last.passages.push(passage)
            }
            _ => sections.push(Section {
                title: heading,
                passages: vec![passage],
            }),
        }
    }
    while sections.len() > MAX_LESSONS {
        join_smallest(&mut sections);
    }
    while sections.len() < MIN_LESSONS {
        if !divide_longest(&mut sections) {
            break;
        }
    }
    make_titles_unique(&mut sections);
    sections
}

/// Joins the smallest section (in words) to the smaller of its neighbours.
fn join_smallest(sections: &mut Vec<Section>) {
    let Some(smallest) = (0..sections.len()).min_by_key(|&i| sections[i].words()) else {
        return;
    };
    let before = smallest.checked_sub(1);
    let after = (smallest + 1 < sections.len()).then_some(smallest + 1);
    let first = match (before, after) {
        (Some(b), Some(a)) if sections[b].words() <= sections[a].words() => b,
        (Some(_), Some(_)) => smallest,
        (Some(b), None) => b,
        (None, Some(_)) => smallest,
        (None, None) => return,
    };
    let second = sections.remove(first + 1);
    let joined = &mut sections[first];
    joined.title = joined_title(&joined.title, &second.title);
    joined.passages.extend(second.passages);
}

fn joined_title(first: &str, second: &str) -> String {
    let both = format!("{first} and {second}");
    if both.chars().count() <= TITLE_CHARS && !first.contains(" and ") {
        both
    } else {
        first.to_string()
    }
}

/// Divides the section with the most passages in two; false when none has two.
fn divide_longest(sections: &mut Vec<Section>) -> bool {
    let Some(longest) = (0..sections.len())
        .filter(|&i| sections[i].passages.len() >= 2)
        .max_by_key(|&i| sections[i].passages.len())
    else {
        return false;
    };
    let section = &mut sections[longest];
    let rest = section
        .passages
        .split_off(section.passages.len().div_ceil(2));
    let title = section.title.clone();
    sections.insert(
        longest + 1,
        Section {
            title,
            passages: rest,
        },
    );
    true
}

/// Lessons sharing a title (a divided section, two documents with an "Introduction") are
/// numbered as parts: "Mashing (part 2)".
fn make_titles_unique(sections: &mut [Section]) {
    let titles: Vec<String> = sections
        .iter()
        .map(|s| s.title.chars().take(TITLE_CHARS - 10).collect::<String>())
        .collect();
    for (i, section) in sections.iter_mut().enumerate() {
        let same = titles
            .iter()
            .filter(|t| t.eq_ignore_ascii_case(&titles[i]))
            .count();
        if same > 1 {
            let part = titles[..=i]
                .iter()
                .filter(|t| t.eq_ignore_ascii_case(&titles[i]))
                .count();
            section.title = format!("{} (part {part})", titles[i].trim_end());
        } else if section.title.chars().count() > TITLE_CHARS {
            section.title = titles[i].trim_end().to_string();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passage(source: &str, at: u32, heading: Option<&str>, words: usize) -> Passage {
        Passage {
            source_id: source.into(),
            title: format!("Document {source}"),
            passage: at,
            page: None,
            heading: heading.map(str::to_string),
            text: vec!["word"; words].join(" "),
        }
    }

    fn titles(sections: &[Section]) -> Vec<&str> {
        sections.iter().map(|s| s.title.as_str()).collect()
    }

    #[test]
    fn a_lesson_per_heading_each_with_the_passages_under_it() {
        let found = sections(vec![
            passage("a", 0, Some("Mashing"), 120),
            passage("a", 1, Some("Mashing"), 120),
            passage("a", 2, Some("Boiling"), 150),
            passage("a", 3, Some("Fermenting"), 150),
            passage("a", 4, None, 80),
        ]);
        assert_eq!(titles(&found), ["Mashing", "Boiling", "Fermenting"]);
        let places: Vec<Vec<u32>> = found
            .iter()
            .map(|s| s.passages.iter().map(|p| p.passage).collect())
            .collect();
        assert_eq!(places, [vec![0, 1], vec![2], vec![3, 4]]);
    }

    #[test]
    fn two_documents_never_share_a_lesson_and_their_like_headings_become_parts() {
        let found = sections(vec![
            passage("a", 0, Some("Introduction"), 100),
            passage("a", 1, Some("Kilns"), 100),
            passage("b", 0, Some("Introduction"), 100),
        ]);
        assert_eq!(
            titles(&found),
            ["Introduction (part 1)", "Kilns", "Introduction (part 2)"]
        );
        assert_eq!(found[2].passages[0].source_id, "b");
    }

    #[test]
    fn too_many_sections_join_their_smallest_neighbours_and_too_few_are_divided() {
        let many: Vec<Passage> = (0..16)
            .map(|i| {
                passage(
                    "a",
                    i,
                    Some(&format!("Step {i}")),
                    if i % 2 == 0 { 200 } else { 30 },
                )
            })
            .collect();
        let joined = sections(many);
        assert_eq!(joined.len(), MAX_LESSONS);
        assert_eq!(
            joined.iter().map(|s| s.passages.len()).sum::<usize>(),
            16,
            "no passage lost"
        );
        assert!(
            titles(&joined).contains(&"Step 0 and Step 1"),
            "{:?}",
            titles(&joined)
        );

        let one_heading: Vec<Passage> = (0..4)
            .map(|i| passage("a", i, Some("Glass"), 150))
            .collect();
        let divided = sections(one_heading);
        assert_eq!(
            titles(&divided),
            ["Glass (part 1)", "Glass (part 2)", "Glass (part 3)"]
        );
        assert_eq!(divided.iter().map(|s| s.passages.len()).sum::<usize>(), 4);

        let two = sections(vec![passage("a", 0, None, 50), passage("a", 1, None, 50)]);
        assert_eq!(two.len(), 2, "two passages cannot make three lessons");
    }

    #[test]
    fn the_opening_is_the_first_words_marked_when_cut() {
        let section = Section {
            title: "Kilns".into(),
            passages: vec![passage("a", 0, None, 3), passage("a", 1, None, 3)],
        };
        assert_eq!(section.opening(4), "word word word word ...");
        assert_eq!(section.opening(6), "word word word word word word");
    }
}
