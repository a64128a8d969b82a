//! Media in any S3-compatible bucket (the scaled deployment). Behind the `s3` feature: the SDK
//! is about a tenth of a cold build, and the embedded default keeps media in a local folder.

use std::path::Path;

use aws_sdk_s3::{
    config::{Credentials, Region, RequestChecksumCalculation, ResponseChecksumValidation},
    error::DisplayErrorContext,
    primitives::ByteStream,
};
use futures::TryStreamExt;

use super::{ByteBody, StorageError, io};
use crate::Config;

#[derive(Clone)]
pub struct Bucket {
    client: aws_sdk_s3::Client,
    bucket: String,
    prefix: String,
}

impl Bucket {
    /// The bucket of `url` (`s3://bucket/prefix`), with the credentials of the configuration
    /// or the usual AWS variables.
    pub fn from_config(config: &Config, url: &str) -> Result<Self, StorageError> {
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
        Ok(Self {
            client: aws_sdk_s3::Client::from_conf(builder.build()),
            bucket: bucket.to_string(),
            prefix: prefix.trim_matches('/').to_string(),
        })
    }

    /// The SDK's client, for what Lectern itself does not do (the tests make their bucket).
    pub fn client(&self) -> &aws_sdk_s3::Client {
        &self.client
    }

    pub fn bucket(&self) -> &str {
        &self.bucket
    }

    pub fn describe(&self) -> String {
        format!("S3 s3://{}/{}", self.bucket, self.prefix)
    }

    fn key(&self, key: &str) -> String {
        if self.prefix.is_empty() {
            key.to_string()
        } else {
            format!("{}/{key}", self.prefix)
        }
    }

    pub async fn put_file(
        &self,
        key: &str,
        path: &Path,
        content_type: &str,
    ) -> Result<(), StorageError> {
        let body = ByteStream::from_path(path).await.map_err(|e| io(key, e))?;
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(self.key(key))
            .content_type(content_type)
            .body(body)
            .send()
            .await
            .map_err(|e| io(key, DisplayErrorContext(e)))?;
        Ok(())
    }

    /// The object's bytes, or the inclusive byte range `start..=end` of them.
    pub async fn read(
        &self,
        key: &str,
        range: Option<(u64, u64)>,
    ) -> Result<ByteBody, StorageError> {
        let mut request = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(self.key(key));
        if let Some((start, end)) = range {
            request = request.range(format!("bytes={start}-{end}"));
        }
        let output = request
            .send()
            .await
            .map_err(|e| io(key, DisplayErrorContext(e)))?;
        let reader = output.body.into_async_read();
        Ok(Box::pin(
            tokio_util::io::ReaderStream::new(reader).map_err(std::io::Error::other),
        ))
    }

    pub async fn size(&self, key: &str) -> Result<Option<u64>, StorageError> {
        match self
            .client
            .head_object()
            .bucket(&self.bucket)
            .key(self.key(key))
            .send()
            .await
        {
            Ok(head) => Ok(Some(head.content_length().unwrap_or(0).max(0) as u64)),
            Err(err) if err.as_service_error().is_some_and(|e| e.is_not_found()) => Ok(None),
            Err(err) => Err(io(key, DisplayErrorContext(err))),
        }
    }

    /// Removes every object under `prefix_key/`.
    pub async fn delete_prefix(&self, prefix_key: &str) -> Result<(), StorageError> {
        let listed = self
            .client
            .list_objects_v2()
            .bucket(&self.bucket)
            .prefix(format!("{}/", self.key(prefix_key)))
            .send()
            .await
            .map_err(|e| io(prefix_key, DisplayErrorContext(e)))?;
        for object in listed.contents() {
            if let Some(key) = object.key() {
                self.client
                    .delete_object()
                    .bucket(&self.bucket)
                    .key(key)
                    .send()
                    .await
                    .map_err(|e| io(key, DisplayErrorContext(e)))?;
            }
        }
        Ok(())
    }
}
