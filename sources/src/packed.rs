//! The zip container of a DOCX or an EPUB, read with limits: a zip's headers say how large
//! each entry unpacks to, but a hostile file (a zip bomb) lies, so what is unpacked is counted
//! as it is read, and reading stops at [`MAX_UNPACKED_BYTES`] over all the entries read.

use std::io::{Cursor, Read};

use zip::ZipArchive;

use crate::{Kind, ReadError};

/// Bytes unpacked at most from one document's entries (a 300-page book's XHTML is a few MB).
pub const MAX_UNPACKED_BYTES: u64 = 64 * 1024 * 1024;
/// Entries a container may hold (a book has a few hundred).
const MAX_ENTRIES: usize = 20_000;

/// A zip opened for reading, with the budget of bytes still to unpack.
pub(crate) struct Packed<'a> {
    kind: Kind,
    archive: ZipArchive<Cursor<&'a [u8]>>,
    budget: u64,
}

impl<'a> Packed<'a> {
    pub(crate) fn open(kind: Kind, bytes: &'a [u8]) -> Result<Self, ReadError> {
        // Word saves a password-protected document, and saved every .doc, as an OLE
        // compound file, not a zip.
        if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
            return Err(ReadError::Malformed(
                kind.describe().into(),
                "it is an older .doc file or protected by a password; save it as .docx without a password".into(),
            ));
        }
        let archive = ZipArchive::new(Cursor::new(bytes))
            .map_err(|e| malformed(kind, format!("it is not a whole zip container: {e}")))?;
        if archive.len() > MAX_ENTRIES {
            return Err(ReadError::Unpacked);
        }
        Ok(Packed {
            kind,
            archive,
            budget: MAX_UNPACKED_BYTES,
        })
    }

    /// The entry `name` as text, or `None` when the container has no such entry.
    pub(crate) fn text(&mut self, name: &str) -> Result<Option<String>, ReadError> {
        let kind = self.kind;
        let entry = match self.archive.by_name(name) {
            Ok(entry) => entry,
            Err(zip::result::ZipError::FileNotFound) => return Ok(None),
            Err(e) => return Err(malformed(kind, format!("{name}: {e}"))),
        };
        if entry.encrypted() {
            return Err(malformed(kind, "it is protected by a password".into()));
        }
        let mut bytes = Vec::new();
        entry
            .take(self.budget + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| malformed(kind, format!("{name}: {e}")))?;
        if bytes.len() as u64 > self.budget {
            return Err(ReadError::Unpacked);
        }
        self.budget -= bytes.len() as u64;
        let text = String::from_utf8(bytes)
            .map_err(|_| malformed(kind, format!("{name} is not UTF-8")))?;
        Ok(Some(text))
    }

    /// The entry `name`, which the format requires.
    pub(crate) fn required(&mut self, name: &str) -> Result<String, ReadError> {
        self.text(name)?
            .ok_or_else(|| malformed(self.kind, format!("it has no {name}")))
    }
}

pub(crate) fn malformed(kind: Kind, why: String) -> ReadError {
    ReadError::Malformed(kind.describe().into(), why)
}

/// XML as a tree: no DTD (so no entity expansion) and a cap on nodes.
pub(crate) fn xml<'t>(
    kind: Kind,
    name: &str,
    text: &'t str,
) -> Result<roxmltree::Document<'t>, ReadError> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: 5_000_000,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| malformed(kind, format!("{name} is not well-formed XML: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::zipped;

    #[test]
    fn an_entry_that_unpacks_past_the_limit_is_refused() {
        let bomb = crate::samples::zip_bomb();
        assert!(bomb.len() < 200_000, "{}", bomb.len());
        let mut packed = Packed::open(Kind::Docx, &bomb).unwrap();
        assert_eq!(
            packed.text("word/document.xml").unwrap_err(),
            ReadError::Unpacked
        );
    }

    #[test]
    fn a_missing_entry_is_none_and_a_broken_zip_is_malformed() {
        let zip = zipped(&[("a.txt", b"hello")]);
        let mut packed = Packed::open(Kind::Epub, &zip).unwrap();
        assert_eq!(packed.text("a.txt").unwrap().as_deref(), Some("hello"));
        assert_eq!(packed.text("b.txt").unwrap(), None);
        assert!(matches!(
            Packed::open(Kind::Epub, &zip[..zip.len() / 2]),
            Err(ReadError::Malformed(..))
        ));
        assert!(matches!(
            Packed::open(Kind::Docx, &[0xD0, 0xCF, 0x11, 0xE0, 0, 0]),
            Err(ReadError::Malformed(_, why)) if why.contains(".doc")
        ));
    }
}
