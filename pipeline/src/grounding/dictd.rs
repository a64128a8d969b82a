//! dictd's format, shared by FOLDOC and GCIDE: `NAME.index` (headword, base64 offset and
//! length into the uncompressed text) and `NAME.dict.dz`, a gzip file whose header lists
//! independently compressed chunks (dictzip), so one entry is read without inflating the
//! whole file.

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

/// One dictd dictionary: every entry of a headword (lower case), in the index's order.
pub(super) struct Dictd {
    index: HashMap<String, Vec<(u64, usize)>>,
    body: Body,
}

impl Dictd {
    /// Reads `NAME.index` and opens `NAME.dict.dz` in `dir`.
    pub fn load(dir: &Path, name: &str) -> io::Result<Dictd> {
        let mut index: HashMap<String, Vec<(u64, usize)>> = HashMap::new();
        for line in std::fs::read_to_string(dir.join(format!("{name}.index")))?.lines() {
            let mut fields = line.split('\t');
            let (Some(word), Some(offset), Some(len)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            if let (Some(offset), Some(len)) = (decode_base64(offset), decode_base64(len)) {
                index
                    .entry(word.to_lowercase())
                    .or_default()
                    .push((offset, len as usize));
            }
        }
        let body = Body::open(&dir.join(format!("{name}.dict.dz")))?;
        Ok(Dictd { index, body })
    }

    /// Whether `key` (lower case) is a headword; dictd's own `00database…` entries are not.
    pub fn contains(&self, key: &str) -> bool {
        !key.starts_with("00database") && self.index.contains_key(key)
    }

    /// The text of every entry of `key` (lower case), in the index's order.
    pub fn entries(&self, key: &str) -> Vec<String> {
        if !self.contains(key) {
            return Vec::new();
        }
        self.index
            .get(key)
            .into_iter()
            .flatten()
            .filter_map(|&(offset, len)| self.body.read(offset, len).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .collect()
    }
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
}
