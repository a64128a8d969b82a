//! Markdown read into sections (a section per heading, its paragraphs, lists, quotes, code
//! and table cells as plain text), and plain text as one section of paragraphs.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::{Section, Sections};

pub(crate) fn read(text: &str) -> Sections {
    let mut sections = Sections::default();
    let mut heading: Option<String> = None;
    let mut body = String::new();
    let mut in_heading = false;
    let mut heading_text = String::new();
    let mut block = String::new();
    for event in Parser::new_ext(text, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                end_block(&mut block, &mut body);
                sections.push(&heading, &mut body);
                in_heading = true;
                heading_text.clear();
            }
            Event::End(TagEnd::Heading(level)) => {
                in_heading = false;
                let title = squash(&heading_text);
                if sections.title.is_none() && level == pulldown_cmark::HeadingLevel::H1 {
                    sections.title = Some(title.clone()).filter(|t| !t.is_empty());
                }
                heading = Some(title).filter(|t| !t.is_empty());
            }
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                if in_heading {
                    heading_text.push_str(&t);
                } else {
                    block.push_str(&t);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if in_heading {
                    heading_text.push(' ');
                } else {
                    block.push(' ');
                }
            }
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::CodeBlock
                | TagEnd::TableRow
                | TagEnd::TableHead
                | TagEnd::BlockQuote(_),
            ) => end_block(&mut block, &mut body),
            Event::End(TagEnd::TableCell) => block.push_str(" | "),
            _ => {}
        }
    }
    end_block(&mut block, &mut body);
    sections.push(&heading, &mut body);
    sections
}

/// Plain text: paragraphs are separated by blank lines; lines within one are joined.
pub(crate) fn plain(text: &str) -> Sections {
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(squash)
        .filter(|p| !p.is_empty())
        .collect();
    let mut sections = Sections::default();
    if !paragraphs.is_empty() {
        sections.sections.push(Section {
            heading: None,
            page: None,
            text: paragraphs.join("\n\n"),
        });
    }
    sections
}

fn end_block(block: &mut String, body: &mut String) {
    let text = squash(block);
    if !text.is_empty() {
        body.push_str(&text);
        body.push_str("\n\n");
    }
    block.clear();
}

pub(crate) fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_sections_follow_the_headings_and_lose_the_markup() {
        let read = read(
            "# Brewing\n\nIntro *text*.\n\n## Mashing\n\n- one\n- two\n\nA [link](http://x).\n",
        );
        assert_eq!(read.title.as_deref(), Some("Brewing"));
        assert_eq!(read.sections.len(), 2);
        assert_eq!(read.sections[0].heading.as_deref(), Some("Brewing"));
        assert_eq!(read.sections[0].text, "Intro text.");
        assert_eq!(read.sections[1].heading.as_deref(), Some("Mashing"));
        assert_eq!(read.sections[1].text, "one\n\ntwo\n\nA link.");
    }

    #[test]
    fn plain_text_joins_lines_into_paragraphs() {
        let read = plain("first line\nsame paragraph\n\n\nsecond\n");
        assert_eq!(read.sections[0].text, "first line same paragraph\n\nsecond");
    }
}
