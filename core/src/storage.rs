//! Media storage: a local folder (embedded default) or any S3-compatible bucket.
//! Keys are derived from ids by the callers, never from user input.

use std::{
    path::{Path, PathBuf},
    pin::Pin,
};

use aws_sdk_s3::{
    config::{Credentials, Region, RequestChecksumCalculation, ResponseChecksumValidation},
    primitives::ByteStream,
};
use bytes::Bytes;
use futures::{Stream, TryStreamExt};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

use crate::Config;

pub type ByteBody = Pin<Box<dyn Stream<Item = std::io::Result<Bytes>> + Send>>;

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("storage configuration: {0}")]
    Config(String),
    #[error("storage I/O on {key}: {cause}")]
    Io { key: String, cause: String },
}

fn io(key: &str, cause: impl std::fmt::Display) -> StorageError {
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
    S3 {
        client: aws_sdk_s3::Client,
        bucket: String,
        prefix: String,
    },
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
            Some(url) => {
                let rest = url.trim_start_matches("s3://");
                let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
                if bucket.is_empty() {
                    return Err(StorageError::Config(
                        "LECTERN_STORAGE_URL needs a bucket: s3://bucket/prefix".into(),
                    ));
                }
                let region = config
                    .s3_region
                    .clone()
                    .or_else(|| std::env::var("AWS_REGION").ok())
                    .or_else(|| std::env::var("AWS_DEFAULT_REGION").ok())
                    .unwrap_or_else(|| "us-east-1".into());
                let key_id = config
                    .s3_access_key_id
                    .clone()
                    .or_else(|| std::env::var("AWS_ACCESS_KEY_ID").ok())
                    .ok_or_else(|| {
                        StorageError::Config(
                            "LECTERN_S3_ACCESS_KEY_ID (or AWS_ACCESS_KEY_ID) is required for S3 storage"
                                .into(),
                        )
                    })?;
                let secret = config
                    .s3_secret_access_key
                    .as_ref()
                    .map(|s| secrecy::ExposeSecret::expose_secret(s).to_string())
                    .or_else(|| std::env::var("AWS_SECRET_ACCESS_KEY").ok())
                    .ok_or_else(|| {
                        StorageError::Config(
                            "LECTERN_S3_SECRET_ACCESS_KEY (or AWS_SECRET_ACCESS_KEY) is required for S3 storage"
                                .into(),
                        )
                    })?;
                let credentials = Credentials::new(
                    key_id,
                    secret,
                    std::env::var("AWS_SESSION_TOKEN").ok(),
                    None,
                    "lectern",
                );
                let mut builder = aws_sdk_s3::Config::builder()
                    .behavior_version_latest()
                    .region(Region::new(region))
                    .credentials_provider(credentials)
                    .force_path_style(config.s3_path_style)
                    .request_checksum_calculation(RequestChecksumCalculation::WhenRequired)
                    .response_checksum_validation(ResponseChecksumValidation::WhenRequired);
                if let Some(endpoint) = &config.s3_endpoint {
                    builder = builder.endpoint_url(endpoint);
                }
                Ok(Self::S3 {
                    client: aws_sdk_s3::Client::from_conf(builder.build()),
                    bucket: bucket.to_string(),
                    prefix: prefix.trim_matches('/').to_string(),
                })
            }
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Self::Local { root } => format!("local folder {}", root.display()),
            Self::S3 { bucket, prefix, .. } => format!("S3 s3://{bucket}/{prefix}"),
        }
    }

    fn s3_key(prefix: &str, key: &str) -> String {
        if prefix.is_empty() {
            key.to_string()
        } else {
            format!("{prefix}/{key}")
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
            Self::S3 {
                client,
                bucket,
                prefix,
            } => {
                let body = ByteStream::from_path(path).await.map_err(|e| io(key, e))?;
                client
                    .put_object()
                    .bucket(bucket)
                    .key(Self::s3_key(prefix, key))
                    .content_type(content_type)
                    .body(body)
                    .send()
                    .await
                    .map_err(|e| io(key, aws_sdk_s3::error::DisplayErrorContext(e)))?;
                Ok(())
            }
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
            Self::S3 {
                client,
                bucket,
                prefix,
            } => {
                let mut request = client
                    .get_object()
                    .bucket(bucket)
                    .key(Self::s3_key(prefix, key));
                if range.is_some() {
                    request = request.range(format!("bytes={start}-{end}"));
                }
                let output = request
                    .send()
                    .await
                    .map_err(|e| io(key, aws_sdk_s3::error::DisplayErrorContext(e)))?;
                let reader = output.body.into_async_read();
                Box::pin(tokio_util::io::ReaderStream::new(reader).map_err(std::io::Error::other))
            }
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
            Self::S3 {
                client,
                bucket,
                prefix,
            } => match client
                .head_object()
                .bucket(bucket)
                .key(Self::s3_key(prefix, key))
                .send()
                .await
            {
                Ok(head) => Ok(Some(head.content_length().unwrap_or(0).max(0) as u64)),
                Err(err) if err.as_service_error().is_some_and(|e| e.is_not_found()) => Ok(None),
                Err(err) => Err(io(key, aws_sdk_s3::error::DisplayErrorContext(err))),
            },
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
            Self::S3 {
                client,
                bucket,
                prefix,
            } => {
                let listed = client
                    .list_objects_v2()
                    .bucket(bucket)
                    .prefix(format!("{}/", Self::s3_key(prefix, prefix_key)))
                    .send()
                    .await
                    .map_err(|e| io(prefix_key, aws_sdk_s3::error::DisplayErrorContext(e)))?;
                for object in listed.contents() {
                    if let Some(key) = object.key() {
                        client
                            .delete_object()
                            .bucket(bucket)
                            .key(key)
                            .send()
                            .await
                            .map_err(|e| io(key, aws_sdk_s3::error::DisplayErrorContext(e)))?;
                    }
                }
                Ok(())
            }
        }
    }
}
