//! What kind of document a file is: from its first bytes where they say (a PDF's `%PDF-`),
//! else from its name's extension or its declared content type.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Pdf,
    Markdown,
    Text,
    Html,
    Docx,
    Epub,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Pdf => "pdf",
            Kind::Markdown => "markdown",
            Kind::Text => "text",
            Kind::Html => "html",
            Kind::Docx => "docx",
            Kind::Epub => "epub",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "pdf" => Kind::Pdf,
            "markdown" => Kind::Markdown,
            "text" => Kind::Text,
            "html" => Kind::Html,
            "docx" => Kind::Docx,
            "epub" => Kind::Epub,
            _ => return None,
        })
    }

    /// How a message names it: "a PDF".
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Pdf => "a PDF",
            Kind::Markdown => "Markdown",
            Kind::Text => "plain text",
            Kind::Html => "a web page",
            Kind::Docx => "a Word document",
            Kind::Epub => "an EPUB book",
        }
    }

    /// The kind of an uploaded file, or `None` for a type Lectern does not read.
    pub fn detect(
        file_name: Option<&str>,
        content_type: Option<&str>,
        bytes: &[u8],
    ) -> Option<Kind> {
        if bytes.starts_with(b"%PDF-") {
            return Some(Kind::Pdf);
        }
        // An EPUB's first entry is `mimetype`, stored uncompressed (EPUB OCF 3.0, 4.3).
        if bytes.starts_with(b"PK\x03\x04")
            && bytes.get(30..58) == Some(b"mimetypeapplication/epub+zip".as_slice())
        {
            return Some(Kind::Epub);
        }
        let extension = file_name
            .and_then(|n| n.rsplit_once('.'))
            .map(|(_, ext)| ext.to_ascii_lowercase());
        let by_name = match extension.as_deref() {
            Some("pdf") => Some(Kind::Pdf),
            Some("md" | "markdown" | "mdown" | "mkd") => Some(Kind::Markdown),
            Some("txt" | "text") => Some(Kind::Text),
            Some("html" | "htm" | "xhtml") => Some(Kind::Html),
            Some("docx") => Some(Kind::Docx),
            Some("epub") => Some(Kind::Epub),
            Some(_) => None,
            None => None,
        };
        let essence = content_type
            .map(|t| {
                t.split(';')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase()
            })
            .filter(|t| !t.is_empty() && t != "application/octet-stream");
        let by_type = match essence.as_deref() {
            Some("application/pdf") => Some(Kind::Pdf),
            Some("text/markdown" | "text/x-markdown") => Some(Kind::Markdown),
            Some("text/plain") => Some(Kind::Text),
            Some("text/html" | "application/xhtml+xml") => Some(Kind::Html),
            Some("application/vnd.openxmlformats-officedocument.wordprocessingml.document") => {
                Some(Kind::Docx)
            }
            Some("application/epub+zip") => Some(Kind::Epub),
            _ => None,
        };
        // A file named .pdf that does not start as one is a damaged PDF, not another kind.
        by_name.or(by_type)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_comes_from_the_bytes_then_the_name_then_the_type() {
        assert_eq!(
            Kind::detect(Some("notes.txt"), None, b"%PDF-1.7"),
            Some(Kind::Pdf)
        );
        assert_eq!(
            Kind::detect(Some("a.MD"), Some("text/plain"), b"# x"),
            Some(Kind::Markdown)
        );
        assert_eq!(
            Kind::detect(Some("page"), Some("text/html; charset=utf-8"), b"<p>"),
            Some(Kind::Html)
        );
        assert_eq!(
            Kind::detect(Some("broken.pdf"), None, b"garbage"),
            Some(Kind::Pdf)
        );
        assert_eq!(
            Kind::detect(Some("photo.png"), Some("image/png"), b"\x89PNG"),
            None
        );
        assert_eq!(
            Kind::detect(None, Some("application/octet-stream"), b"hello"),
            None
        );
        assert_eq!(
            Kind::detect(Some("notes.DOCX"), None, b"PK\x03\x04"),
            Some(Kind::Docx)
        );
        assert_eq!(
            Kind::detect(Some("book"), None, &crate::samples::epub()),
            Some(Kind::Epub)
        );
        for kind in [
            Kind::Pdf,
            Kind::Markdown,
            Kind::Text,
            Kind::Html,
            Kind::Docx,
            Kind::Epub,
        ] {
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        }
    }
}
