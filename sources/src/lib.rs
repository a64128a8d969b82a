//! A learner's own documents (issue 50), read into passages that a video can be written from
//! and cite: PDF (text with its page numbers), Markdown, plain text, HTML (the article only,
//! through a readability extractor), Word documents (DOCX) and EPUB books (zip containers
//! read with a cap on what they unpack to). No database and no HTTP here.
//!
//! A file a learner uploads is untrusted: [`Reader`] parses it in a child process with a
//! time and a memory limit (`isolate`), so a hostile file cannot hang or crash the server.
//! [`read`] is the parse itself, for that child and for tests.

mod docx;
mod epub;
mod html;
pub mod isolate;
mod kind;
mod markdown;
mod packed;
mod passages;
mod pdf;
pub mod samples;

use serde::{Deserialize, Serialize};

pub use isolate::{Limits, Reader};
pub use kind::Kind;
pub use packed::MAX_UNPACKED_BYTES;
pub use passages::{MAX_WORDS, MIN_WORDS};

/// The largest file read (bytes).
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;
/// The most characters of text kept from one document (a 300-page book has about 700,000).
pub const MAX_CHARACTERS: usize = 3_000_000;

/// A document read into passages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub kind: Kind,
    /// From the document itself (a PDF's title, the first heading, an HTML `<title>`), when
    /// it names one.
    pub title: Option<String>,
    /// Pages of a PDF; none for other kinds (a DOCX or an EPUB has no fixed pages).
    pub pages: Option<u32>,
    /// Characters of text read.
    pub characters: u64,
    pub passages: Vec<Passage>,
}

/// About 100-300 words of a document, cut at headings and paragraphs where it can be.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Passage {
    /// The PDF page where the passage starts (from 1).
    pub page: Option<u32>,
    /// The heading it stands under, when the document has headings.
    pub heading: Option<String>,
    pub text: String,
    pub words: u32,
}

/// Why a document could not be read: each is the learner's to fix, in words they can act on.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
pub enum ReadError {
    #[error(
        "This PDF has no text layer: it looks like a scan (pages of pictures). Run it through OCR (text recognition) first, or paste its text."
    )]
    Scanned,
    #[error(
        "This PDF is encrypted (password-protected). Save a copy without a password and upload that."
    )]
    Encrypted,
    #[error("This file could not be read as {0}: it is damaged or cut short ({1}).")]
    Malformed(String, String),
    #[error("This document has no text to read.")]
    Empty,
    #[error(
        "This file holds more than the {} characters of text a source may have.",
        MAX_CHARACTERS
    )]
    TooLong,
    #[error(
        "This file unpacks to more than {} MB, far more than a document's text and pictures take (it may be a zip bomb); it was not read.",
        MAX_UNPACKED_BYTES / (1024 * 1024)
    )]
    Unpacked,
    #[error(
        "This file could not be read within the time and memory a document may take; it may be damaged. Try a smaller part of it."
    )]
    OverLimits,
    /// The reader itself failed (not the document): the server's fault.
    #[error("the document reader failed: {0}")]
    Internal(String),
}

/// Reads `bytes` as a document of `kind`. Runs in the isolated child (`isolate`); callers
/// in the server use [`Reader::read`].
pub fn read(kind: Kind, bytes: &[u8]) -> Result<Document, ReadError> {
    let sections = match kind {
        Kind::Pdf => pdf::read(bytes)?,
        Kind::Markdown => markdown::read(&text_of(bytes, kind)?),
        Kind::Text => markdown::plain(&text_of(bytes, kind)?),
        Kind::Html => html::read(&text_of(bytes, kind)?)?,
        Kind::Docx => docx::read(bytes)?,
        Kind::Epub => epub::read(bytes)?,
    };
    let characters: usize = sections
        .sections
        .iter()
        .map(|s| s.text.chars().count())
        .sum();
    if characters > MAX_CHARACTERS {
        return Err(ReadError::TooLong);
    }
    let passages = passages::split(&sections.sections);
    if passages.is_empty() {
        return Err(match kind {
            Kind::Pdf => ReadError::Scanned,
            _ => ReadError::Empty,
        });
    }
    Ok(Document {
        kind,
        title: sections.title,
        pages: sections.pages,
        characters: characters as u64,
        passages,
    })
}

/// A document's text before it is cut into passages: its sections in order.
#[derive(Debug, Default)]
pub(crate) struct Sections {
    pub title: Option<String>,
    pub pages: Option<u32>,
    pub sections: Vec<Section>,
}

impl Sections {
    /// Adds `text` (paragraphs) as a section under `heading` unless it is blank, and empties it.
    pub(crate) fn push(&mut self, heading: &Option<String>, text: &mut String) {
        let body = text.trim();
        if !body.is_empty() {
            self.sections.push(Section {
                heading: heading.clone(),
                page: None,
                text: body.to_string(),
            });
        }
        text.clear();
    }

    /// Each section's heading and text, for tests to compare.
    #[cfg(test)]
    pub(crate) fn headed(&self) -> Vec<(Option<&str>, &str)> {
        self.sections
            .iter()
            .map(|s| (s.heading.as_deref(), s.text.as_str()))
            .collect()
    }
}

/// Text under one heading on one page (a PDF's page, or a whole Markdown section).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Section {
    pub heading: Option<String>,
    pub page: Option<u32>,
    /// Paragraphs separated by blank lines.
    pub text: String,
}

/// The text of a text file: UTF-8 (with or without a byte order mark), else UTF-16 with a
/// byte order mark; anything else is not text.
fn text_of(bytes: &[u8], kind: Kind) -> Result<String, ReadError> {
    let malformed = |why: &str| ReadError::Malformed(kind.describe().into(), why.into());
    let text = if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        std::str::from_utf8(rest)
            .map_err(|_| malformed("not UTF-8"))?
            .to_string()
    } else if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        let little = bytes[0] == 0xFF;
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|c| {
                if little {
                    u16::from_le_bytes([c[0], c[1]])
                } else {
                    u16::from_be_bytes([c[0], c[1]])
                }
            })
            .collect();
        String::from_utf16(&units).map_err(|_| malformed("not UTF-16"))?
    } else {
        std::str::from_utf8(bytes)
            .map_err(|_| malformed("not UTF-8 text"))?
            .to_string()
    };
    if text.contains('\0') {
        return Err(malformed("it holds binary data"));
    }
    Ok(normalise(&text))
}

/// NFKC (the ligatures ﬁ and ﬂ become fi and fl, full-width letters plain ones), line ends
/// made `\n`, and control characters other than tab and line end dropped.
pub(crate) fn normalise(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .nfkc()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .map(|c| if c == '\u{a0}' { ' ' } else { c })
        .collect()
}
