//! Passages of about 100-300 words: text-splitter cuts each heading's text at the largest
//! boundary that fits (paragraphs, then sentences, then words). A passage never spans two
//! headings; it may run across a PDF page break and then names the page it starts on.

use text_splitter::{ChunkConfig, ChunkSizer, TextSplitter};

use crate::{Passage, Section};

/// Words a passage aims for at least (a section shorter than this is one passage).
pub const MIN_WORDS: usize = 100;
/// Words a passage holds at most.
pub const MAX_WORDS: usize = 300;

/// Chunk sizes in words, the unit a reader counts and a prompt budget is near to.
struct Words;

impl ChunkSizer for Words {
    fn size(&self, chunk: &str) -> usize {
        chunk.split_whitespace().count()
    }
}

pub(crate) fn split(sections: &[Section]) -> Vec<Passage> {
    let splitter = TextSplitter::new(ChunkConfig::new(MIN_WORDS..MAX_WORDS).with_sizer(Words));
    let mut passages = Vec::new();
    let mut start = 0;
    while start < sections.len() {
        // Consecutive sections under the same heading (a PDF's pages) are one text.
        let heading = &sections[start].heading;
        let mut end = start;
        let mut text = String::new();
        let mut page_starts: Vec<(usize, Option<u32>)> = Vec::new();
        while end < sections.len() && &sections[end].heading == heading {
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            page_starts.push((text.len(), sections[end].page));
            text.push_str(&sections[end].text);
            end += 1;
        }
        for (offset, chunk) in splitter.chunk_indices(&text) {
            let words = Words.size(chunk);
            if words == 0 {
                continue;
            }
            let page = page_starts
                .iter()
                .take_while(|(at, _)| *at <= offset)
                .last()
                .and_then(|(_, page)| *page);
            passages.push(Passage {
                page,
                heading: heading.clone(),
                text: chunk.to_string(),
                words: words as u32,
            });
        }
        start = end;
    }
    passages
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(n: usize, tag: &str) -> String {
        (0..n)
            .map(|i| format!("{tag}{i}"))
            .collect::<Vec<_>>()
            .join(" ")
            + "."
    }

    #[test]
    fn passages_hold_at_most_300_words_and_keep_their_heading_and_page() {
        let sections = vec![
            Section {
                heading: Some("Intro".into()),
                page: None,
                text: words(50, "a"),
            },
            Section {
                heading: Some("Body".into()),
                page: Some(1),
                text: (0..8)
                    .map(|_| words(90, "b"))
                    .collect::<Vec<_>>()
                    .join("\n\n"),
            },
            Section {
                heading: Some("Body".into()),
                page: Some(2),
                text: words(120, "c"),
            },
        ];
        let passages = split(&sections);
        assert_eq!(passages[0].heading.as_deref(), Some("Intro"));
        assert_eq!(passages[0].words, 50);
        assert!(passages.iter().all(|p| p.words <= MAX_WORDS as u32));
        assert!(
            passages[1..]
                .iter()
                .all(|p| p.heading.as_deref() == Some("Body"))
        );
        // Paragraphs are not cut: each passage holds whole 90-word paragraphs.
        assert!(
            passages[1..passages.len() - 1]
                .iter()
                .all(|p| p.words % 90 == 0)
        );
        let last = passages.last().unwrap();
        assert!(last.text.ends_with("c119."));
        assert_eq!(passages[1].page, Some(1));
        let total: u32 = passages.iter().map(|p| p.words).sum();
        assert_eq!(total, 50 + 8 * 90 + 120);
    }
}
