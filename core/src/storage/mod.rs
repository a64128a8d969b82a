//! Media storage: a local folder (embedded default) or any S3-compatible bucket.
//! Keys are derived from ids by the callers, never from user input.

use std::{
    path::{Path, PathBuf},
    pin::Pin,
};

use bytes::Bytes;
use futures::{Stream, TryStreamExt};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

use crate::Config;

#[cfg(feature = "s3")]
pub mod s3;

pub type ByteBody = Pin<Box<dyn Stream<Item = std::io::Result<Bytes>> + Send>>;

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("storage configuration: {0}")]
    Config(String),
    #[error("storage I/O on {key}: {cause}")]
    Io { key: String, cause: String },
}

pub(crate) fn io(key: &str, cause: impl std::fmt::Display) -> StorageError {
    StorageError::Io {
        key: key.to_string(),
        cause: cause.to_string(),
    }
}

#[derive(Clone)]
pub enum Storage {
    Local {
        root: PathBuf,
    },
    #[cfg(feature = "s3")]
    S3(s3::Bucket),
}

/// A byte range that was read: `start..=end` of `total`.
pub struct Object {
    pub body: ByteBody,
    pub total: u64,
    pub start: u64,
    pub end: u64,
}

impl Storage {
    pub fn from_config(config: &Config) -> Result<Self, StorageError> {
        match config.storage_url.as_deref() {
            None => Ok(Self::Local {
                root: config.data_dir.join("media"),
            }),
            Some(url) if url.starts_with("file://") => Ok(Self::Local {
                root: PathBuf::from(url.trim_start_matches("file://")),
            }),
            #[cfg(feature = "s3")]
            Some(url) => Ok(Self::S3(s3::Bucket::from_config(config, url)?)),
            #[cfg(not(feature = "s3"))]
            Some(url) => Err(StorageError::Config(format!(
                "LECTERN_STORAGE_URL is {url}, but this build of Lectern has no S3 storage: \
                 {}, or leave LECTERN_STORAGE_URL unset for the local folder",
                crate::LEFT_OUT_OF_THIS_BUILD
            ))),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Self::Local { root } => format!("local folder {}", root.display()),
            #[cfg(feature = "s3")]
            Self::S3(bucket) => bucket.describe(),
        }
    }

    fn local_path(root: &Path, key: &str) -> Result<PathBuf, StorageError> {
        if key
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
        {
            return Err(io(key, "invalid key"));
        }
        Ok(root.join(key))
    }

    // Only S3 stores the content type; the local folder serves by the key's extension.
    #[cfg_attr(not(feature = "s3"), allow(unused_variables))]
    pub async fn put_file(
        &self,
        key: &str,
        path: &Path,
        content_type: &str,
    ) -> Result<(), StorageError> {
        match self {
            Self::Local { root } => {
                let target = Self::local_path(root, key)?;
                if let Some(parent) = target.parent() {
                    tokio::fs::create_dir_all(parent)
                        .await
                        .map_err(|e| io(key, e))?;
                }
                // Copy then rename, so a reader never sees half a file.
                let partial = target.with_extension("partial");
                tokio::fs::copy(path, &partial)
                    .await
                    .map_err(|e| io(key, e))?;
                tokio::fs::rename(&partial, &target)
                    .await
                    .map_err(|e| io(key, e))?;
                Ok(())
            }
            #[cfg(feature = "s3")]
            Self::S3(bucket) => bucket.put_file(key, path, content_type).await,
        }
    }

    /// Reads `key`, or the inclusive byte range `start..=end` of it. `None` when absent.
    pub async fn get(
        &self,
        key: &str,
        range: Option<(u64, Option<u64>)>,
    ) -> Result<Option<Object>, StorageError> {
        let Some(total) = self.size(key).await? else {
            return Ok(None);
        };
        let (start, end) = match range {
            None => (0, total.saturating_sub(1)),
            Some((start, end)) => (start, end.unwrap_or(total - 1).min(total.saturating_sub(1))),
        };
        let length = if total == 0 { 0 } else { end + 1 - start };
        let body: ByteBody = match self {
            Self::Local { root } => {
                let path = Self::local_path(root, key)?;
                let mut file = tokio::fs::File::open(&path).await.map_err(|e| io(key, e))?;
                file.seek(std::io::SeekFrom::Start(start))
                    .await
                    .map_err(|e| io(key, e))?;
                Box::pin(tokio_util::io::ReaderStream::new(file.take(length)))
            }
            #[cfg(feature = "s3")]
            Self::S3(bucket) => bucket.read(key, range.map(|_| (start, end))).await?,
        };
        Ok(Some(Object {
            body,
            total,
            start,
            end,
        }))
    }

    pub async fn get_bytes(&self, key: &str) -> Result<Option<Vec<u8>>, StorageError> {
        let Some(object) = self.get(key, None).await? else {
            return Ok(None);
        };
        let chunks: Vec<Bytes> = object.body.try_collect().await.map_err(|e| io(key, e))?;
        Ok(Some(chunks.concat()))
    }

    pub async fn size(&self, key: &str) -> Result<Option<u64>, StorageError> {
        match self {
            Self::Local { root } => {
                let path = Self::local_path(root, key)?;
                match tokio::fs::metadata(&path).await {
                    Ok(meta) => Ok(Some(meta.len())),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                    Err(e) => Err(io(key, e)),
                }
            }
            #[cfg(feature = "s3")]
            Self::S3(bucket) => bucket.size(key).await,
        }
    }

    /// Removes every object under `prefix/` (a job's media).
    pub async fn delete_prefix(&self, prefix_key: &str) -> Result<(), StorageError> {
        match self {
            Self::Local { root } => {
                let path = Self::local_path(root, prefix_key)?;
                match tokio::fs::remove_dir_all(&path).await {
                    Ok(()) => Ok(()),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                    Err(e) => Err(io(prefix_key, e)),
                }
            }
            #[cfg(feature = "s3")]
            Self::S3(bucket) => bucket.delete_prefix(prefix_key).await,
        }
    }
}
