//! An EPUB book: its chapters in reading order (the package's spine), each XHTML chapter
//! turned into Markdown by dom_query (the HTML parser dom_smoothie reads web pages with) and
//! read into sections by its headings; its title from the package's metadata. An EPUB has no
//! fixed pages, so its passages are cited by heading.

use std::collections::HashMap;

use crate::{
    Kind, ReadError, Sections, markdown, normalise,
    packed::{Packed, malformed, xml},
};

const CONTAINER: &str = "urn:oasis:names:tc:opendocument:xmlns:container";
const OPF: &str = "http://www.idpf.org/2007/opf";
const DC: &str = "http://purl.org/dc/elements/1.1/";

pub(crate) fn read(bytes: &[u8]) -> Result<Sections, ReadError> {
    let mut packed = Packed::open(Kind::Epub, bytes)?;
    let container = packed.required("META-INF/container.xml")?;
    let package_path = xml(Kind::Epub, "META-INF/container.xml", &container)?
        .descendants()
        .find(|n| n.has_tag_name((CONTAINER, "rootfile")))
        .and_then(|n| n.attribute("full-path"))
        .map(str::to_string)
        .ok_or_else(|| malformed(Kind::Epub, "its container names no package".into()))?;
    let package = packed.required(&package_path)?;
    let tree = xml(Kind::Epub, &package_path, &package)?;

    let title = tree
        .descendants()
        .find(|n| n.has_tag_name((DC, "title")))
        .and_then(|n| n.text())
        .map(|t| markdown::squash(&normalise(t)))
        .filter(|t| !t.is_empty());
    let manifest: HashMap<&str, (&str, &str)> = tree
        .descendants()
        .filter(|n| n.has_tag_name((OPF, "item")))
        .filter_map(|n| {
            Some((
                n.attribute("id")?,
                (
                    n.attribute("href")?,
                    n.attribute("media-type").unwrap_or(""),
                ),
            ))
        })
        .collect();
    let base = package_path
        .rsplit_once('/')
        .map_or(String::new(), |(dir, _)| format!("{dir}/"));

    let mut sections = Sections::default();
    for itemref in tree
        .descendants()
        .filter(|n| n.has_tag_name((OPF, "itemref")))
    {
        let Some(&(href, media_type)) = itemref.attribute("idref").and_then(|id| manifest.get(id))
        else {
            continue;
        };
        if !media_type.contains("html") {
            continue;
        }
        let path = resolve(&base, href);
        let Some(chapter) = packed.text(&path)? else {
            return Err(malformed(
                Kind::Epub,
                format!("its chapter {path} is missing"),
            ));
        };
        let text = dom_query::Document::from(chapter.as_str()).md(None);
        sections
            .sections
            .extend(markdown::read(&normalise(&text)).sections);
    }
    sections.title = title.or_else(|| sections.sections.first().and_then(|s| s.heading.clone()));
    Ok(sections)
}

/// A manifest `href` (relative to the package, maybe percent-encoded, maybe with a fragment)
/// as a path in the zip.
fn resolve(base: &str, href: &str) -> String {
    let href = href.split('#').next().unwrap_or(href);
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in href.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    percent_decoded(&parts.join("/"))
}

fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(hi), Some(lo)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::{epub, zipped};

    #[test]
    fn an_epub_is_read_chapter_by_chapter_in_spine_order() {
        let read = read(&epub()).unwrap();
        assert_eq!(read.title.as_deref(), Some("Velmora Glass"));
        assert_eq!(
            read.headed(),
            [
                (Some("Melting"), "Velmora sand melts at 1,320 degrees."),
                (
                    Some("Cooling"),
                    "The glass cools for forty hours.\n\nslowly"
                ),
            ]
        );
    }

    #[test]
    fn an_epub_without_its_package_or_a_chapter_is_malformed() {
        let bare = zipped(&[("mimetype", b"application/epub+zip")]);
        assert!(
            matches!(read(&bare), Err(ReadError::Malformed(_, why)) if why.contains("container"))
        );
    }

    #[test]
    fn hrefs_resolve_against_the_package_folder() {
        assert_eq!(
            resolve("OEBPS/", "text%20b/two.xhtml#top"),
            "OEBPS/text b/two.xhtml"
        );
        assert_eq!(resolve("OEBPS/text/", "../one.xhtml"), "OEBPS/one.xhtml");
        assert_eq!(resolve("", "one.xhtml"), "one.xhtml");
    }
}
