//! Reads the metadata header of a GGUF file (llama.cpp's model format) without loading the
//! model: enough to refuse a file that is not a chat model before a server is started on it.
//!
//! Layout (GGUF v2/v3, little-endian): magic `GGUF`, version u32, tensor count u64, metadata
//! count u64, then `count` pairs of (string key, u32 value type, value). Strings are a u64
//! length and UTF-8 bytes; arrays are an element type u32, a u64 length and the elements.

use std::io::{BufReader, Read};
use std::path::Path;

/// What Lectern needs to know about a model file.
#[derive(Debug, Clone, PartialEq)]
pub struct GgufHeader {
    pub version: u32,
    pub tensor_count: u64,
    /// `general.architecture`, e.g. `qwen2`, `llama`.
    pub architecture: String,
    /// `general.name`, when the file has one.
    pub name: Option<String>,
    /// `general.size_label` (`1.5B`), when present.
    pub size_label: Option<String>,
    /// `general.file_type` (llama.cpp's `llama_ftype`; 15 is Q4_K_M).
    pub file_type: Option<u32>,
    /// `<architecture>.context_length`: the context the model was trained for.
    pub context_length: Option<u64>,
    /// `tokenizer.chat_template`: without one the server cannot build a chat prompt.
    pub chat_template: Option<String>,
}

impl GgufHeader {
    /// The quantisation's usual name for the common `general.file_type` values.
    pub fn quantization(&self) -> Option<&'static str> {
        Some(match self.file_type? {
            0 => "F32",
            1 => "F16",
            2 => "Q4_0",
            3 => "Q4_1",
            7 => "Q8_0",
            8 => "Q5_0",
            9 => "Q5_1",
            10 => "Q2_K",
            12 => "Q3_K_M",
            14 => "Q4_K_S",
            15 => "Q4_K_M",
            16 => "Q5_K_S",
            17 => "Q5_K_M",
            18 => "Q6_K",
            _ => return None,
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum GgufError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{0} is not a GGUF model file (it does not start with the GGUF magic bytes)")]
    NotGguf(String),
    #[error(
        "{path} is a GGUF file of version {version}, which Lectern does not read (2 and 3 only)"
    )]
    Version { path: String, version: u32 },
    #[error("{path} has a damaged GGUF header: {reason}")]
    Damaged { path: String, reason: String },
    #[error("{0} names no model architecture (general.architecture)")]
    NoArchitecture(String),
}

/// The largest string or array a sane header holds; anything bigger is damage, not data.
const MAX_STRING: u64 = 64 * 1024 * 1024;
const MAX_ARRAY: u64 = 16 * 1024 * 1024;

pub fn read_header(path: &Path) -> Result<GgufHeader, GgufError> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|source| GgufError::Io {
        path: shown.clone(),
        source,
    })?;
    let mut reader = Reader {
        inner: BufReader::with_capacity(1 << 20, file),
        path: shown.clone(),
    };
    let mut magic = [0u8; 4];
    reader
        .inner
        .read_exact(&mut magic)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => GgufError::NotGguf(shown.clone()),
            _ => GgufError::Io {
                path: shown.clone(),
                source: e,
            },
        })?;
    if &magic != b"GGUF" {
        return Err(GgufError::NotGguf(shown));
    }
    let version = reader.u32()?;
    if !(2..=3).contains(&version) {
        return Err(GgufError::Version {
            path: shown,
            version,
        });
    }
    let tensor_count = reader.u64()?;
    let kv_count = reader.u64()?;
    if kv_count > 1_000_000 {
        return Err(reader.damaged(format!("{kv_count} metadata entries")));
    }
    let mut header = GgufHeader {
        version,
        tensor_count,
        architecture: String::new(),
        name: None,
        size_label: None,
        file_type: None,
        context_length: None,
        chat_template: None,
    };
    let mut context_lengths: Vec<(String, u64)> = Vec::new();
    for _ in 0..kv_count {
        let key = reader.string()?;
        let kind = reader.u32()?;
        match (key.as_str(), kind) {
            ("general.architecture", STRING) => header.architecture = reader.string()?,
            ("general.name", STRING) => header.name = Some(reader.string()?),
            ("general.size_label", STRING) => header.size_label = Some(reader.string()?),
            ("tokenizer.chat_template", STRING) => header.chat_template = Some(reader.string()?),
            ("general.file_type", UINT32) => header.file_type = Some(reader.u32()?),
            (k, UINT32 | UINT64) if k.ends_with(".context_length") => {
                let value = if kind == UINT32 {
                    u64::from(reader.u32()?)
                } else {
                    reader.u64()?
                };
                context_lengths.push((k.trim_end_matches(".context_length").into(), value));
            }
            _ => reader.skip_value(kind)?,
        }
    }
    if header.architecture.trim().is_empty() {
        return Err(GgufError::NoArchitecture(reader.path));
    }
    header.context_length = context_lengths
        .into_iter()
        .find(|(arch, _)| *arch == header.architecture)
        .map(|(_, n)| n);
    Ok(header)
}

const UINT8: u32 = 0;
const INT8: u32 = 1;
const UINT16: u32 = 2;
const INT16: u32 = 3;
const UINT32: u32 = 4;
const INT32: u32 = 5;
const FLOAT32: u32 = 6;
const BOOL: u32 = 7;
const STRING: u32 = 8;
const ARRAY: u32 = 9;
const UINT64: u32 = 10;
const INT64: u32 = 11;
const FLOAT64: u32 = 12;

struct Reader<R> {
    inner: R,
    path: String,
}

impl<R: Read> Reader<R> {
    fn damaged(&self, reason: String) -> GgufError {
        GgufError::Damaged {
            path: self.path.clone(),
            reason,
        }
    }

    fn bytes(&mut self, n: usize) -> Result<Vec<u8>, GgufError> {
        let mut buf = vec![0u8; n];
        self.inner
            .read_exact(&mut buf)
            .map_err(|e| self.damaged(format!("it ends early ({e})")))?;
        Ok(buf)
    }

    fn u32(&mut self) -> Result<u32, GgufError> {
        let b = self.bytes(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, GgufError> {
        let b = self.bytes(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(&b);
        Ok(u64::from_le_bytes(a))
    }

    fn string(&mut self) -> Result<String, GgufError> {
        let len = self.u64()?;
        if len > MAX_STRING {
            return Err(self.damaged(format!("a string of {len} bytes")));
        }
        let bytes = self.bytes(len as usize)?;
        String::from_utf8(bytes).map_err(|_| self.damaged("a string that is not UTF-8".into()))
    }

    fn skip(&mut self, n: u64) -> Result<(), GgufError> {
        let copied = std::io::copy(&mut (&mut self.inner).take(n), &mut std::io::sink())
            .map_err(|e| self.damaged(e.to_string()))?;
        if copied != n {
            return Err(self.damaged("it ends early".into()));
        }
        Ok(())
    }

    fn skip_value(&mut self, kind: u32) -> Result<(), GgufError> {
        match kind {
            UINT8 | INT8 | BOOL => self.skip(1),
            UINT16 | INT16 => self.skip(2),
            UINT32 | INT32 | FLOAT32 => self.skip(4),
            UINT64 | INT64 | FLOAT64 => self.skip(8),
            STRING => {
                let len = self.u64()?;
                if len > MAX_STRING {
                    return Err(self.damaged(format!("a string of {len} bytes")));
                }
                self.skip(len)
            }
            ARRAY => {
                let element = self.u32()?;
                let len = self.u64()?;
                if len > MAX_ARRAY {
                    return Err(self.damaged(format!("an array of {len} elements")));
                }
                for _ in 0..len {
                    self.skip_value(element)?;
                }
                Ok(())
            }
            other => Err(self.damaged(format!("an unknown value type {other}"))),
        }
    }
}
