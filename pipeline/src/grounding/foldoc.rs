//! FOLDOC in dictd's format: `foldoc.index` (headword, base64 offset and length into the
//! uncompressed text) and `foldoc.dict.dz`, a gzip file whose header lists independently
//! compressed chunks (dictzip), so one entry is read without inflating the whole file.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::Path;

use flate2::{Decompress, FlushDecompress};

/// dictd's base64 digits.
const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn decode_base64(text: &str) -> Option<u64> {
    text.bytes().try_fold(0u64, |n, b| {
        let digit = DIGITS.iter().position(|&d| d == b)?;
        Some(n * 64 + digit as u64)
    })
}

enum Body {
    /// dictzip: chunks of `chunk_len` uncompressed bytes, each at `(start, size)`.
    Chunked {
        file: File,
        chunk_len: u64,
        chunks: Vec<(u64, usize)>,
    },
    /// A plain gzip file, inflated once.
    Whole(Vec<u8>),
}

impl Body {
    fn open(path: &Path) -> io::Result<Body> {
        let file = File::open(path)?;
        let mut header = vec![0u8; 65_536];
        let read = file.read_at(&mut header, 0)?;
        header.truncate(read);
        if let Some((chunk_len, sizes, data_start)) = dictzip_header(&header) {
            let mut at = data_start;
            let chunks = sizes
                .into_iter()
                .map(|size| {
                    let chunk = (at, size);
                    at += size as u64;
                    chunk
                })
                .collect();
            return Ok(Body::Chunked {
                file,
                chunk_len,
                chunks,
            });
        }
        let mut text = Vec::new();
        flate2::read::GzDecoder::new(File::open(path)?).read_to_end(&mut text)?;
        Ok(Body::Whole(text))
    }

    fn read(&self, offset: u64, len: usize) -> io::Result<Vec<u8>> {
        let (file, chunk_len, chunks) = match self {
            Body::Whole(text) => {
                let start = (offset as usize).min(text.len());
                return Ok(text[start..(start + len).min(text.len())].to_vec());
            }
            Body::Chunked {
                file,
                chunk_len,
                chunks,
            } => (file, *chunk_len, chunks),
        };
        let first = (offset / chunk_len) as usize;
        let last = ((offset + len as u64).saturating_sub(1) / chunk_len) as usize;
        let mut text = Vec::new();
        for &(start, size) in chunks.get(first..=last).unwrap_or_default() {
            let mut compressed = vec![0u8; size];
            file.read_exact_at(&mut compressed, start)?;
            let mut inflate = Decompress::new(false);
            let mut out = Vec::with_capacity(chunk_len as usize);
            inflate
                .decompress_vec(&compressed, &mut out, FlushDecompress::Sync)
                .map_err(io::Error::other)?;
            text.extend_from_slice(&out);
        }
        let skip = (offset - first as u64 * chunk_len) as usize;
        Ok(text
            .get(skip..)
            .unwrap_or_default()
            .iter()
            .take(len)
            .copied()
            .collect())
    }
}

/// The chunk length, chunk sizes and start of the compressed data of a dictzip header
/// (gzip's extra field `RA`); `None` for a gzip file without it.
fn dictzip_header(h: &[u8]) -> Option<(u64, Vec<usize>, u64)> {
    let u16_at = |at: usize| -> Option<usize> {
        Some(usize::from(*h.get(at)?) | usize::from(*h.get(at + 1)?) << 8)
    };
    if h.get(..3)? != [0x1f, 0x8b, 8] {
        return None;
    }
    let flags = h[3];
    if flags & 4 == 0 {
        return None;
    }
    let extra_len = u16_at(10)?;
    let mut at = 12;
    let extra_end = at + extra_len;
    let mut found = None;
    while at + 4 <= extra_end {
        let len = u16_at(at + 2)?;
        if h.get(at..at + 2)? == b"RA" {
            let chunk_len = u16_at(at + 6)? as u64;
            let count = u16_at(at + 8)?;
            let sizes = (0..count)
                .map(|i| u16_at(at + 10 + 2 * i))
                .collect::<Option<Vec<_>>>()?;
            found = Some((chunk_len, sizes));
        }
        at += 4 + len;
    }
    let (chunk_len, sizes) = found.filter(|(len, _)| *len > 0)?;
    let mut at = extra_end;
    for flag in [8u8, 16] {
        if flags & flag != 0 {
            at += h.get(at..)?.iter().position(|&b| b == 0)? + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2;
    }
    Some((chunk_len, sizes, at as u64))
}

pub(super) struct Foldoc {
    index: HashMap<String, (u64, usize)>,
    body: Body,
}

/// An entry's headword as FOLDOC spells it, and the start of its definition.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Entry {
    pub headword: String,
    pub definition: String,
}

impl Foldoc {
    pub fn load(dir: &Path) -> io::Result<Foldoc> {
        let mut index = HashMap::new();
        for line in std::fs::read_to_string(dir.join("foldoc.index"))?.lines() {
            let mut fields = line.split('\t');
            let (Some(word), Some(offset), Some(len)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            if let (Some(offset), Some(len)) = (decode_base64(offset), decode_base64(len)) {
                index
                    .entry(word.to_lowercase())
                    .or_insert((offset, len as usize));
            }
        }
        let body = Body::open(&dir.join("foldoc.dict.dz"))?;
        Ok(Foldoc { index, body })
    }

    pub fn contains(&self, key: &str) -> bool {
        !key.starts_with("00database") && self.index.contains_key(key)
    }

    /// The entry for `key` (lower case), following one "See {other}" redirect.
    pub fn entry(&self, key: &str) -> Option<Entry> {
        let entry = self.raw_entry(key)?;
        match redirect(&entry) {
            Some(target) => self.raw_entry(&target.to_lowercase()),
            None => Some(entry),
        }
        .filter(|e| e.definition.split_whitespace().count() >= 4)
    }

    fn raw_entry(&self, key: &str) -> Option<Entry> {
        if !self.contains(key) {
            return None;
        }
        let &(offset, len) = self.index.get(key)?;
        let bytes = self.body.read(offset, len).ok()?;
        parse_entry(&String::from_utf8_lossy(&bytes), key)
    }
}

/// The target of an entry that only sends the reader elsewhere.
fn redirect(entry: &Entry) -> Option<String> {
    let raw = &entry.definition;
    let rest = raw.strip_prefix("See ").unwrap_or(raw);
    let target = rest.strip_prefix('{')?.split('}').next()?;
    (raw.split_whitespace().count() <= 4).then(|| target.to_string())
}

/// An entry: headword lines, a blank line, then indented paragraphs. The definition is
/// the first paragraph (of the first sense), with FOLDOC's `<field>` labels removed and
/// `{cross reference}` braces dropped.
fn parse_entry(text: &str, key: &str) -> Option<Entry> {
    let mut lines = text.lines();
    let headwords: Vec<&str> = lines
        .by_ref()
        .take_while(|line| !line.trim().is_empty())
        .collect();
    let headword = headwords
        .iter()
        .find(|h| h.trim().eq_ignore_ascii_case(key))
        .or(headwords.first())?
        .trim()
        .to_string();
    let paragraph: Vec<&str> = lines
        .skip_while(|line| line.trim().is_empty())
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let mut definition = paragraph.join(" ");
    if let Some(rest) = definition.strip_prefix("1. ") {
        definition = rest.to_string();
    }
    Some(Entry {
        headword,
        definition: clean(&definition),
    })
}

/// Field labels (`<networking, protocol>`), addresses and a leading abbreviation removed,
/// cross-reference braces dropped, spaces collapsed.
fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(['<', '{']) {
        out.push_str(&rest[..start]);
        let open = rest.as_bytes()[start];
        let close = if open == b'<' { '>' } else { '}' };
        let Some(len) = rest[start..].find(close) else {
            rest = &rest[start + 1..];
            continue;
        };
        let inner = &rest[start + 1..start + len];
        if open == b'{' && !inner.starts_with('(') && !inner.contains("://") {
            out.push_str(inner);
        }
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    let mut text = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // "(TCP) The most common ..." starts with the abbreviation of the headword.
    if text.starts_with('(')
        && let Some(end) = text.find(") ")
        && end < 40
    {
        text = text[end + 2..].to_string();
    }
    text.replace(" .", ".").replace(" ,", ",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dictd_offsets_are_base64_numbers() {
        assert_eq!(decode_base64("B"), Some(1));
        assert_eq!(decode_base64("BA"), Some(64));
        assert_eq!(decode_base64("é"), None);
    }

    #[test]
    fn an_entry_loses_its_labels_and_braces() {
        let entry = parse_entry(
            "Transmission Control Protocol\nTCP\n\n   <networking, protocol> (TCP) The most \
             common {transport layer}\n   {protocol}.  See {(http://x.org/)}.\n\n   More.\n",
            "tcp",
        )
        .unwrap();
        assert_eq!(entry.headword, "TCP");
        assert_eq!(
            entry.definition,
            "The most common transport layer protocol. See."
        );
    }
}
