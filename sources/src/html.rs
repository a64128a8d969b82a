//! A web page read as its article only: dom_smoothie (a port of Firefox's Readability) drops
//! navigation, scripts, cookie banners, sidebars and footers, and gives the article as
//! Markdown, which is then read into sections by its headings.

use dom_smoothie::{Config, Readability, TextMode};

use crate::{ReadError, Sections, markdown};

/// Elements parsed at most: a page far beyond any article is refused, not parsed for minutes.
const MAX_ELEMENTS: usize = 200_000;

pub(crate) fn read(html: &str) -> Result<Sections, ReadError> {
    let config = Config {
        text_mode: TextMode::Markdown,
        max_elements_to_parse: MAX_ELEMENTS,
        ..Default::default()
    };
    let mut readability = Readability::new(html, None, Some(config))
        .map_err(|e| ReadError::Malformed("a web page".into(), e.to_string()))?;
    let article = match readability.parse() {
        Ok(article) => article,
        // No article found: a page with no readable content.
        Err(dom_smoothie::ReadabilityError::GrabFailed) => return Err(ReadError::Empty),
        Err(e) => return Err(ReadError::Malformed("a web page".into(), e.to_string())),
    };
    let mut sections = markdown::read(&crate::normalise(&article.text_content));
    let title = markdown::squash(&article.title);
    if !title.is_empty() {
        sections.title = Some(title);
    }
    Ok(sections)
}
