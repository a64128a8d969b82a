//! Media storage on S3, against `moto` (PyPI `moto[server]`, installed by
//! `scripts/setup.sh --tests`) running on loopback.

use std::{
    net::TcpListener,
    process::{Child, Command, Stdio},
    time::Duration,
};

use futures::TryStreamExt;
use lectern_core::{Config, storage::Storage};

struct Moto(Child);

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts a moto S3 server on a free loopback port; returns it and its endpoint.
async fn start_moto() -> (Moto, String) {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new("moto_server")
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("moto_server is not installed: run scripts/setup.sh --tests (pip install 'moto[server]')");
    let moto = Moto(child);
    let endpoint = format!("http://127.0.0.1:{port}");
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return (moto, endpoint);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("moto_server did not start on port {port}");
}

async fn s3_storage(endpoint: &str, bucket: &str) -> Storage {
    let config = Config::from_pairs([
        ("storage_url", format!("s3://{bucket}/media")),
        ("s3_endpoint", endpoint.to_string()),
        ("s3_path_style", "true".into()),
        ("s3_access_key_id", "testing".into()),
        ("s3_secret_access_key", "testing".into()),
        ("s3_region", "us-east-1".into()),
    ])
    .unwrap();
    let storage = Storage::from_config(&config).unwrap();
    let Storage::S3(s3) = &storage else {
        panic!("an s3:// storage URL gives S3 storage");
    };
    s3.client()
        .create_bucket()
        .bucket(s3.bucket())
        .send()
        .await
        .unwrap();
    storage
}

#[tokio::test]
async fn media_round_trip_through_s3_with_ranges_and_prefix_deletion() {
    let (_moto, endpoint) = start_moto().await;
    let storage = s3_storage(&endpoint, "lectern-media").await;
    assert_eq!(storage.describe(), "S3 s3://lectern-media/media");

    let dir = tempfile::tempdir().unwrap();
    let video: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    let path = dir.path().join("video.mp4");
    std::fs::write(&path, &video).unwrap();
    let captions = dir.path().join("subtitles.vtt");
    std::fs::write(&captions, "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n").unwrap();

    storage
        .put_file("jobs/j1/video.mp4", &path, "video/mp4")
        .await
        .unwrap();
    storage
        .put_file("jobs/j1/subtitles.vtt", &captions, "text/vtt")
        .await
        .unwrap();
    storage
        .put_file("jobs/j2/video.mp4", &path, "video/mp4")
        .await
        .unwrap();

    assert_eq!(
        storage.size("jobs/j1/video.mp4").await.unwrap(),
        Some(300_000)
    );
    assert_eq!(storage.size("jobs/j1/missing.mp4").await.unwrap(), None);
    assert!(
        storage
            .get("jobs/nope/video.mp4", None)
            .await
            .unwrap()
            .is_none()
    );

    // Whole object.
    assert_eq!(
        storage
            .get_bytes("jobs/j1/video.mp4")
            .await
            .unwrap()
            .unwrap(),
        video
    );
    // A range in the middle, and an open-ended one, as the video endpoint asks for them.
    let object = storage
        .get("jobs/j1/video.mp4", Some((1000, Some(1999))))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (object.start, object.end, object.total),
        (1000, 1999, 300_000)
    );
    let chunks: Vec<bytes::Bytes> = object.body.try_collect().await.unwrap();
    assert_eq!(chunks.concat(), &video[1000..2000]);
    let tail = storage
        .get("jobs/j1/video.mp4", Some((299_990, None)))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((tail.start, tail.end), (299_990, 299_999));
    let chunks: Vec<bytes::Bytes> = tail.body.try_collect().await.unwrap();
    assert_eq!(chunks.concat(), &video[299_990..]);

    // The object really lives under the configured prefix, with its content type.
    let Storage::S3(s3) = &storage else {
        unreachable!()
    };
    let head = s3
        .client()
        .head_object()
        .bucket("lectern-media")
        .key("media/jobs/j1/subtitles.vtt")
        .send()
        .await
        .unwrap();
    assert_eq!(head.content_type(), Some("text/vtt"));

    // Deleting one job's media leaves the other job's alone.
    storage.delete_prefix("jobs/j1").await.unwrap();
    assert_eq!(storage.size("jobs/j1/video.mp4").await.unwrap(), None);
    assert_eq!(storage.size("jobs/j1/subtitles.vtt").await.unwrap(), None);
    assert_eq!(
        storage.size("jobs/j2/video.mp4").await.unwrap(),
        Some(300_000)
    );
}

#[tokio::test]
async fn a_missing_bucket_is_a_clear_error_not_a_crash() {
    let (_moto, endpoint) = start_moto().await;
    let config = Config::from_pairs([
        ("storage_url", "s3://no-such-bucket".to_string()),
        ("s3_endpoint", endpoint),
        ("s3_path_style", "true".into()),
        ("s3_access_key_id", "testing".into()),
        ("s3_secret_access_key", "testing".into()),
    ])
    .unwrap();
    let storage = Storage::from_config(&config).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x");
    std::fs::write(&path, b"x").unwrap();
    let err = storage
        .put_file("jobs/j/x", &path, "text/plain")
        .await
        .unwrap_err();
    assert!(err.to_string().contains("jobs/j/x"), "{err}");
}

#[test]
fn s3_storage_without_credentials_names_the_setting() {
    // Only meaningful where the process has no AWS credentials of its own.
    if std::env::var("AWS_ACCESS_KEY_ID").is_ok() {
        return;
    }
    let config = Config::from_pairs([("storage_url", "s3://bucket".to_string())]).unwrap();
    let err = Storage::from_config(&config)
        .err()
        .expect("refused without credentials");
    assert!(
        err.to_string().contains("LECTERN_S3_ACCESS_KEY_ID"),
        "{err}"
    );
}
