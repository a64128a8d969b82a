//! A Word document (DOCX, Office Open XML): its paragraphs in order from
//! `word/document.xml`, with the paragraphs styled as headings (by the style's name in
//! `word/styles.xml`, or an outline level) as section headings; its title from
//! `docProps/core.xml`, else its Title paragraph. A DOCX has no fixed pages, so its passages
//! are cited by heading.

use std::collections::HashMap;

use roxmltree::Node;

use crate::{
    Kind, ReadError, Sections,
    markdown::squash,
    normalise,
    packed::{Packed, malformed, xml},
};

const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const DC: &str = "http://purl.org/dc/elements/1.1/";

pub(crate) fn read(bytes: &[u8]) -> Result<Sections, ReadError> {
    let mut packed = Packed::open(Kind::Docx, bytes)?;
    let document = packed.required("word/document.xml")?;
    let styles = packed.text("word/styles.xml")?;
    let core = packed.text("docProps/core.xml")?;

    let styles = match &styles {
        Some(text) => heading_styles(&xml(Kind::Docx, "word/styles.xml", text)?),
        None => HashMap::new(),
    };
    let tree = xml(Kind::Docx, "word/document.xml", &document)?;
    let body = tree
        .descendants()
        .find(|n| n.has_tag_name((W, "body")))
        .ok_or_else(|| malformed(Kind::Docx, "word/document.xml has no body".into()))?;

    let mut sections = Sections::default();
    let mut heading: Option<String> = None;
    let mut text = String::new();
    let mut title_paragraph = None;
    for paragraph in body.descendants().filter(|n| n.has_tag_name((W, "p"))) {
        let words = squash(&normalise(&paragraph_text(paragraph)));
        if words.is_empty() {
            continue;
        }
        match role(paragraph, &styles) {
            Role::Title => {
                title_paragraph.get_or_insert(words);
            }
            Role::Heading => {
                sections.push(&heading, &mut text);
                heading = Some(words);
            }
            Role::Body => {
                text.push_str(&words);
                text.push_str("\n\n");
            }
        }
    }
    sections.push(&heading, &mut text);

    let own_title = match &core {
        Some(core) => xml(Kind::Docx, "docProps/core.xml", core)?
            .descendants()
            .find(|n| n.has_tag_name((DC, "title")))
            .and_then(|n| n.text())
            .map(|t| squash(&normalise(t)))
            .filter(|t| !t.is_empty()),
        None => None,
    };
    sections.title = own_title
        .or(title_paragraph)
        .or_else(|| sections.sections.first().and_then(|s| s.heading.clone()));
    Ok(sections)
}

/// The paragraph's own text: its runs' text, tabs and breaks as spaces. A text box inside
/// it holds paragraphs of its own, read in their turn.
fn paragraph_text(paragraph: Node) -> String {
    let mut text = String::new();
    for node in paragraph.descendants() {
        let own = node.ancestors().skip(1).find(|a| a.has_tag_name((W, "p"))) == Some(paragraph);
        if !own {
            continue;
        }
        if node.has_tag_name((W, "t")) {
            text.push_str(node.text().unwrap_or(""));
        } else if node.has_tag_name((W, "tab"))
            || node.has_tag_name((W, "br"))
            || node.has_tag_name((W, "cr"))
        {
            text.push(' ');
        }
    }
    text
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Role {
    Title,
    Heading,
    Body,
}

/// Style ids that are headings or the title, by the style's name ("heading 1", "Title"),
/// which stays English whatever language Word shows, or by an outline level.
fn heading_styles(styles: &roxmltree::Document) -> HashMap<String, Role> {
    let mut roles = HashMap::new();
    for style in styles
        .descendants()
        .filter(|n| n.has_tag_name((W, "style")))
    {
        let Some(id) = style.attribute((W, "styleId")) else {
            continue;
        };
        let name = style
            .children()
            .find(|n| n.has_tag_name((W, "name")))
            .and_then(|n| n.attribute((W, "val")))
            .unwrap_or("")
            .to_ascii_lowercase();
        let role = if name == "title" {
            Role::Title
        } else if name.starts_with("heading") || outline_level(style).is_some() {
            Role::Heading
        } else {
            continue;
        };
        roles.insert(id.to_string(), role);
    }
    roles
}

fn outline_level(node: Node) -> Option<u8> {
    node.children()
        .find(|n| n.has_tag_name((W, "pPr")))?
        .children()
        .find(|n| n.has_tag_name((W, "outlineLvl")))?
        .attribute((W, "val"))?
        .parse()
        .ok()
        // Level 9 is body text.
        .filter(|level| *level < 9)
}

fn role(paragraph: Node, styles: &HashMap<String, Role>) -> Role {
    if outline_level(paragraph).is_some() {
        return Role::Heading;
    }
    paragraph
        .children()
        .find(|n| n.has_tag_name((W, "pPr")))
        .and_then(|p| p.children().find(|n| n.has_tag_name((W, "pStyle"))))
        .and_then(|s| s.attribute((W, "val")))
        .and_then(|id| styles.get(id).copied())
        .unwrap_or(Role::Body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::{docx, zipped};

    #[test]
    fn a_docx_is_read_by_its_heading_styles_with_its_runs_joined() {
        let read = read(&docx(None)).unwrap();
        assert_eq!(read.title.as_deref(), Some("The Dunmere Saltworks"));
        assert_eq!(read.pages, None);
        assert_eq!(
            read.headed(),
            [
                (
                    Some("Boiling"),
                    "Brine was boiled in lead pans at 104 degrees."
                ),
                (
                    Some("Drying"),
                    "Salt dried for nine days.\n\nPans\n\nTwelve"
                ),
            ]
        );
    }

    #[test]
    fn a_docx_takes_its_title_from_its_properties_first() {
        let read = read(&docx(Some("Saltworks notes"))).unwrap();
        assert_eq!(read.title.as_deref(), Some("Saltworks notes"));
    }

    #[test]
    fn a_zip_without_a_document_or_with_broken_xml_is_malformed() {
        let empty = zipped(&[("[Content_Types].xml", b"<Types/>")]);
        assert!(
            matches!(read(&empty), Err(ReadError::Malformed(_, why)) if why.contains("word/document.xml"))
        );
        let broken = zipped(&[("word/document.xml", b"<w:document><w:body>")]);
        assert!(matches!(read(&broken), Err(ReadError::Malformed(..))));
        // A DTD (the way to an entity bomb) is refused, not expanded.
        let dtd = zipped(&[(
            "word/document.xml",
            br#"<!DOCTYPE d [<!ENTITY a "aaaa">]><d>&a;</d>"#,
        )]);
        assert!(matches!(read(&dtd), Err(ReadError::Malformed(..))));
    }
}
