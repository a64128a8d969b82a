//! Small DOCX and EPUB files laid out as their formats say, made in code: for the tests of
//! this crate and of the API, which make every document they read themselves.

use std::io::{Cursor, Write};

const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const DC: &str = "http://purl.org/dc/elements/1.1/";
const CONTAINER: &str = "urn:oasis:names:tc:opendocument:xmlns:container";
const OPF: &str = "http://www.idpf.org/2007/opf";

/// A zip of `(name, bytes)` entries, deflated but for an EPUB's `mimetype`, which its format
/// stores as it is.
pub fn zipped(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        let options = zip::write::SimpleFileOptions::default();
        let options = if *name == "mimetype" {
            options.compression_method(zip::CompressionMethod::Stored)
        } else {
            options
        };
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// A DOCX as Word writes one, reduced to the parts Lectern reads: a Title paragraph,
/// headings by style (one style id in German, as Word names them there), body text in
/// runs with a tab, and a table.
pub fn docx(core_title: Option<&str>) -> Vec<u8> {
    let paragraph = |style: Option<&str>, runs: &str| {
        let style = style
            .map(|s| format!(r#"<w:pPr><w:pStyle w:val="{s}"/></w:pPr>"#))
            .unwrap_or_default();
        format!("<w:p>{style}{runs}</w:p>")
    };
    let body = [
        paragraph(Some("Title"), "<w:r><w:t>The Dunmere Saltworks</w:t></w:r>"),
        paragraph(Some("Heading1"), "<w:r><w:t>Boiling</w:t></w:r>"),
        paragraph(
            None,
            r#"<w:r><w:t xml:space="preserve">Brine was boiled in lead pans </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>at 104</w:t></w:r><w:r><w:tab/><w:t>degrees.</w:t></w:r>"#,
        ),
        paragraph(Some("berschrift2"), "<w:r><w:t>Drying</w:t></w:r>"),
        paragraph(None, "<w:r><w:t>Salt dried for nine days.</w:t></w:r>"),
        format!(
            "<w:tbl><w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr></w:tbl>",
            paragraph(None, "<w:r><w:t>Pans</w:t></w:r>"),
            paragraph(None, "<w:r><w:t>Twelve</w:t></w:r>")
        ),
    ]
    .concat();
    let document = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="{W}"><w:body>{body}<w:sectPr/></w:body></w:document>"#
    );
    let styles = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="{W}"><w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/></w:style></w:styles>"#
    );
    let mut entries: Vec<(&str, Vec<u8>)> = vec![
        ("[Content_Types].xml", b"<Types/>".to_vec()),
        ("word/document.xml", document.into_bytes()),
        ("word/styles.xml", styles.into_bytes()),
    ];
    if let Some(title) = core_title {
        entries.push((
            "docProps/core.xml",
            format!(r#"<cp:coreProperties xmlns:cp="urn:cp" xmlns:dc="{DC}"><dc:title>{title}</dc:title></cp:coreProperties>"#).into_bytes(),
        ));
    }
    let entries: Vec<(&str, &[u8])> = entries.iter().map(|(n, b)| (*n, b.as_slice())).collect();
    zipped(&entries)
}

fn chapter(body: &str) -> Vec<u8> {
    format!(
        r#"<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>ignored</title><style>p {{ color: red }}</style></head><body>{body}</body></html>"#
    )
    .into_bytes()
}

/// An EPUB 3 book: two chapters whose spine order is the reverse of their manifest
/// order, one in a folder with a space in its name, and a cover image.
pub fn epub() -> Vec<u8> {
    let package = format!(
        r#"<?xml version="1.0"?><package xmlns="{OPF}" version="3.0"><metadata xmlns:dc="{DC}"><dc:title>Velmora Glass</dc:title></metadata><manifest><item id="two" href="text%20b/two.xhtml#top" media-type="application/xhtml+xml"/><item id="one" href="one.xhtml" media-type="application/xhtml+xml"/><item id="cover" href="cover.png" media-type="image/png"/></manifest><spine><itemref idref="cover"/><itemref idref="one"/><itemref idref="two"/></spine></package>"#
    );
    let container = format!(
        r#"<?xml version="1.0"?><container xmlns="{CONTAINER}" version="1.0"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#
    );
    zipped(&[
        ("mimetype", b"application/epub+zip"),
        ("META-INF/container.xml", container.as_bytes()),
        ("OEBPS/content.opf", package.as_bytes()),
        (
            "OEBPS/one.xhtml",
            &chapter(
                "<h1>Melting</h1><p>Velmora sand melts at 1,320 degrees.</p><script>x()</script>",
            ),
        ),
        (
            "OEBPS/text b/two.xhtml",
            &chapter(
                "<h2>Cooling</h2><p>The glass cools for <em>forty</em> hours.</p><ul><li>slowly</li></ul>",
            ),
        ),
        ("OEBPS/cover.png", b"\x89PNG"),
    ])
}

/// A DOCX whose document unpacks to more than [`crate::MAX_UNPACKED_BYTES`] (a zip bomb, if
/// a small one: 80 MB of zeros deflate to under 100 KB).
pub fn zip_bomb() -> Vec<u8> {
    let zeros = vec![0u8; crate::MAX_UNPACKED_BYTES as usize + 16 * 1024 * 1024];
    zipped(&[("word/document.xml", &zeros)])
}
