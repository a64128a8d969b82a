//! PDF text with page numbers, by pdf_oxide (MIT/Apache-2.0; chosen over pdf-extract on the
//! measurements in docs/decisions.md). A page's text is one section; a PDF has no reliable
//! headings, so its passages are cited by page.

use pdf_oxide::document::PdfDocument;

use crate::{ReadError, Section, Sections, normalise};

fn malformed(why: impl std::fmt::Display) -> ReadError {
    ReadError::Malformed("a PDF".into(), why.to_string())
}

pub(crate) fn read(bytes: &[u8]) -> Result<Sections, ReadError> {
    if !bytes.starts_with(b"%PDF-") {
        return Err(malformed("it does not start as a PDF does"));
    }
    // Every PDF ends with `%%EOF` (ISO 32000-1 §7.5.5), give or take trailing whitespace: a
    // file without it was cut short in a download or a copy, and reading what is left would
    // store half a document as if it were whole.
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    if !tail.windows(5).any(|w| w == b"%%EOF") {
        return Err(malformed("its end is missing"));
    }
    let document = PdfDocument::from_bytes(bytes.to_vec()).map_err(malformed)?;
    if document.is_encrypted() && !document.authenticate(b"").unwrap_or(false) {
        return Err(ReadError::Encrypted);
    }
    let pages = document.page_count().map_err(malformed)?;
    let mut sections = Sections {
        pages: Some(pages as u32),
        ..Sections::default()
    };
    for index in 0..pages {
        let text = document.extract_text(index).map_err(malformed)?;
        let text = paragraphs(&normalise(&text));
        if !text.is_empty() {
            sections.sections.push(Section {
                heading: None,
                page: Some(index as u32 + 1),
                text,
            });
        }
    }
    Ok(sections)
}

/// A page's lines joined into paragraphs: a blank line ends one; a word broken by a hyphen at
/// a line's end is joined again.
fn paragraphs(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            continue;
        }
        if current.ends_with('-') && line.starts_with(|c: char| c.is_lowercase()) {
            current.pop();
        } else if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&line.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    if !current.is_empty() {
        out.push(current);
    }
    out.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_join_into_paragraphs_and_hyphenated_words_mend() {
        assert_eq!(
            paragraphs("The anneal-\ning oven\nholds heat.\n\n\nNext  para-\nGraph"),
            "The annealing oven holds heat.\n\nNext para- Graph"
        );
    }

    #[test]
    fn a_file_cut_short_or_not_a_pdf_is_malformed() {
        assert!(matches!(read(b"hello"), Err(ReadError::Malformed(..))));
        assert!(matches!(
            read(b"%PDF-1.7\n1 0 obj"),
            Err(ReadError::Malformed(..))
        ));
    }
}
