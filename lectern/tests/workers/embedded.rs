//! Video jobs end to end on the embedded default: the API and an in-process apalis worker
//! on SQLite, the real pipeline (offline writer, espeak-ng), media in a local folder.

use std::time::Duration;

use lectern_core::credits;
use lectern_pipeline::{PipelineConfig, script::OpenAiWriterConfig};
use reqwest::{StatusCode, header};
use serde_json::Value;

use crate::support::{self, fast_pipeline};

const FIVE_MINUTES: Duration = Duration::from_secs(300);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_video_job_runs_to_a_playable_video_with_captions_in_the_library() {
    let app = support::embedded(fast_pipeline()).await;
    let (token, uid) = app.sign_in("learner@example.com").await;
    let job_id = app.start_video(&token, &uid, "The water cycle", 1).await;

    let (status, progress) = app.wait_final(&token, &job_id, FIVE_MINUTES).await;
    assert_eq!(status["status"], "completed", "{status}");
    assert_eq!(status["progress"], 100);
    assert_eq!(status["current_step"], "Video ready for download!");
    assert!(
        status["smart_title"]
            .as_str()
            .is_some_and(|t| !t.is_empty())
    );
    assert!(
        progress.windows(2).all(|w| w[0] <= w[1]),
        "progress went backwards: {progress:?}"
    );

    // The MP4 streams with HTTP Range through the media token in its URL.
    let video_url = app.url(status["video_url"].as_str().unwrap());
    let head = reqwest::Client::new()
        .get(&video_url)
        .header(header::RANGE, "bytes=0-1023")
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(head.headers()[header::CONTENT_TYPE], "video/mp4");
    assert!(
        head.headers()[header::CONTENT_RANGE]
            .to_str()
            .unwrap()
            .starts_with("bytes 0-1023/")
    );
    let bytes = head.bytes().await.unwrap();
    assert_eq!(bytes.len(), 1024);
    assert_eq!(&bytes[4..8], b"ftyp");
    let download = reqwest::Client::new()
        .get(format!("{video_url}&download=1"))
        .send()
        .await
        .unwrap();
    assert!(
        download.headers()[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );

    let vtt = reqwest::get(app.url(status["subtitle_url"].as_str().unwrap()))
        .await
        .unwrap();
    assert_eq!(vtt.status(), StatusCode::OK);
    assert!(vtt.text().await.unwrap().starts_with("WEBVTT"));
    let chapters = reqwest::get(app.url(status["chapters_url"].as_str().unwrap()))
        .await
        .unwrap();
    assert!(chapters.text().await.unwrap().contains("-->"));
    let transcript: Value = reqwest::get(app.url(status["transcript_url"].as_str().unwrap()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(!transcript["cues"].as_array().unwrap().is_empty());
    let thumbnail = reqwest::get(app.url(status["thumbnail_url"].as_str().unwrap()))
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(&thumbnail[..3], &[0xFF, 0xD8, 0xFF], "a JPEG");

    // Without a token or with another job's token, nothing is served.
    let bare = reqwest::get(app.url(&format!("/api/video/{job_id}")))
        .await
        .unwrap();
    assert_eq!(bare.status(), StatusCode::NOT_FOUND);

    // In the library, charged once, stats counted.
    let library = app
        .get_json(&token, &format!("/api/auth/user/{uid}/search"))
        .await;
    let videos = library["videos"].as_array().unwrap();
    assert_eq!(videos.len(), 1);
    assert_eq!(videos[0]["job_id"], job_id.as_str());
    assert_eq!(videos[0]["video_type"], "educational");
    assert!(
        videos[0]["title"]
            .as_str()
            .unwrap()
            .starts_with("Beginner's Guide to")
    );
    let balance = credits::balance(&app.db, &uid).await.unwrap();
    assert_eq!(balance.available, 9);
    app.assert_ledger_matches(&uid).await;
    let me = app.get_json(&token, "/api/me").await;
    assert_eq!(me["stats"]["videosGenerated"], 1);

    // The worker recorded how long the job waited for it, as a histogram with buckets (the
    // process's one recorder, which other tests here share: at least this job).
    let metrics = reqwest::get(app.url("/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let waits: f64 = metrics
        .lines()
        .filter_map(|l| l.strip_prefix("lectern_job_queue_wait_seconds_count{kind=\"video\"} "))
        .filter_map(|v| v.trim().parse::<f64>().ok())
        .sum();
    assert!(waits >= 1.0, "{metrics}");
    assert!(
        metrics.contains("lectern_job_queue_wait_seconds_bucket{kind=\"video\",le="),
        "{metrics}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_that_always_fails_ends_failed_after_three_attempts_with_its_credit_refunded() {
    // A script writer that cannot be reached: every attempt fails in the script stage.
    let broken = PipelineConfig {
        llm: Some(OpenAiWriterConfig {
            base_url: "http://127.0.0.1:9/v1".into(),
            api_key: None,
            model: "none".into(),
            timeout: Duration::from_secs(2),
            attempts: 1,
            temperature: 0.2,
            stream: false,
            local: None,
            max_tokens: None,
            scene_by_scene: false,
            parallel: 1,
        }),
        ..fast_pipeline()
    };
    let app = support::embedded(broken).await;
    let (token, uid) = app.sign_in("unlucky@example.com").await;
    let job_id = app.start_video(&token, &uid, "Volcanoes", 1).await;
    let (status, _) = app.wait_final(&token, &job_id, FIVE_MINUTES).await;
    assert_eq!(status["status"], "failed", "{status}");
    // Issue 52: the reason is written for the user; the unreachable address, the library's
    // message and any path stay in the log.
    let error = status["error"].as_str().unwrap();
    assert!(error.starts_with("Writing the script failed."), "{status}");
    assert!(
        !error.contains("127.0.0.1") && !lectern_core::redact::looks_internal(error),
        "{error}"
    );
    let job = lectern_core::jobs::find(&app.db, &job_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(job.attempts, 3);
    assert_eq!(
        credits::balance(&app.db, &uid).await.unwrap().available,
        10,
        "refunded"
    );
    app.assert_ledger_matches(&uid).await;
}

/// Issue 52: a job that really fails in the narration, the encoder or the storage tells its
/// user which part failed, in a sentence written for them; the narrator's traceback, the
/// missing GStreamer element and the path stay in the server's log. (The script stage's
/// failure is the test above; the slides are drawn with fonts built into the binary, and no
/// setting makes them fail.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_failing_in_narration_encoding_or_storage_tells_its_user_in_plain_words() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = tempfile::tempdir().unwrap();
    // A narrator that dies as a broken Python install does: a traceback naming its files.
    let piper = scratch.path().join("piper");
    std::fs::write(
        &piper,
        "#!/bin/sh\n\
         echo 'Traceback (most recent call last):' >&2\n\
         echo '  File \"/usr/lib/python3/dist-packages/piper/__main__.py\", line 9' >&2\n\
         echo 'ModuleNotFoundError: No module named onnxruntime' >&2\n\
         exit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&piper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let voice = scratch.path().join("voice.onnx");
    std::fs::write(&voice, b"not a voice").unwrap();
    // GStreamer with no plugins at all: the encoder's elements cannot be made.
    let no_plugins = scratch.path().join("no-plugins");
    std::fs::create_dir(&no_plugins).unwrap();
    // Media storage under a regular file: no folder can be made there (also as root).
    let blocked = scratch.path().join("blocked");
    std::fs::write(&blocked, b"a file, not a folder").unwrap();

    let (piper, voice, no_plugins) = (
        piper.display().to_string(),
        voice.display().to_string(),
        no_plugins.display().to_string(),
    );
    let registry = scratch.path().join("registry.bin").display().to_string();
    let media = format!("file://{}/media", blocked.display());
    // (the stage, its fault's settings, what the user reads, what the log holds)
    type Fault<'a> = (&'a str, Vec<(&'a str, &'a str)>, &'a str, &'a str);
    let cases: [Fault; 3] = [
        (
            "narration",
            vec![
                ("LECTERN_TTS", "piper"),
                ("LECTERN_PIPER_COMMAND", &piper),
                ("LECTERN_PIPER_MODEL", &voice),
            ],
            "Recording the narration failed.",
            "onnxruntime",
        ),
        (
            "encode",
            vec![
                ("GST_PLUGIN_SYSTEM_PATH_1_0", &no_plugins),
                ("GST_PLUGIN_PATH_1_0", &no_plugins),
                ("GST_REGISTRY_1_0", &registry),
            ],
            "Encoding the video failed.",
            "encode stage failed",
        ),
        (
            "storage",
            vec![("LECTERN_STORAGE_URL", &media)],
            "Saving the video failed.",
            "Not a directory",
        ),
    ];
    let runs = cases
        .iter()
        .map(|(stage, settings, told, logged)| async move {
            let app = support::embedded_process(settings).await;
            let (token, uid) = app.sign_in("unlucky@example.com").await;
            let job_id = app.start_video(&token, &uid, "Volcanoes", 1).await;
            let (status, _) = app.wait_final(&token, &job_id, FIVE_MINUTES).await;
            assert_eq!(status["status"], "failed", "{stage}: {status}");
            let error = status["error"].as_str().unwrap();
            assert!(error.starts_with(told), "{stage}: {error}");
            assert!(error.contains("refunded"), "{stage}: {error}");
            assert!(
                !error.contains('/')
                    && !error.contains("Traceback")
                    && !lectern_core::redact::looks_internal(error),
                "{stage}: {error}"
            );
            // What the user is spared is in the log, with the job's id.
            let log = std::fs::read_to_string(&app.api.as_ref().unwrap().log).unwrap();
            assert!(
                log.contains(logged) && log.contains(&job_id),
                "{stage}: the log does not hold '{logged}' for {job_id}:\n{log}"
            );
            assert_eq!(app.available(&uid).await, 10, "{stage}: refunded");
            app.assert_ledger_matches(&uid).await;
        });
    futures::future::join_all(runs).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_cancelled_while_rendering_is_refunded_and_leaves_no_video() {
    let app = support::embedded(fast_pipeline()).await;
    let (token, uid) = app.sign_in("hasty@example.com").await;
    app.cancel_while_rendering(&token, &uid).await;
    let library = app
        .get_json(&token, &format!("/api/auth/user/{uid}/search"))
        .await;
    assert!(library["videos"].as_array().unwrap().is_empty());
}

/// Issue 18: a server killed while its in-process worker renders, started again on the same
/// data folder, takes its job back at once. The heartbeat is 60 s here, so apalis's own
/// recovery (three missed heartbeats) could not hand the job back before 180 s: a second
/// attempt within 15 s of the restart is the restarted worker taking back its own job.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_embedded_server_takes_its_job_back_at_once_when_started_again() {
    use lectern_core::{entities::video, jobs};
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

    let mut server = support::embedded_process(&[("LECTERN_QUEUE_HEARTBEAT_SECS", "60")]).await;
    let (token, uid) = server.sign_in("restart@example.com").await;
    let before = server.available(&uid).await;
    let job_id = server.start_video(&token, &uid, "The water cycle", 1).await;
    let deadline = tokio::time::Instant::now() + FIVE_MINUTES;
    loop {
        let job = jobs::find(&server.db, &job_id).await.unwrap().unwrap();
        if job.status == "processing" && job.progress >= 10 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the job never ran\n{}",
            server.worker_logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    server.kill_api();
    let restarted = tokio::time::Instant::now();
    server.start_serve(1);
    server.wait_for_api().await;
    let taken_back = loop {
        let job = jobs::find(&server.db, &job_id).await.unwrap().unwrap();
        if job.attempts >= 2 || job.status == "completed" {
            break restarted.elapsed();
        }
        assert!(
            restarted.elapsed() < Duration::from_secs(120),
            "the job was not taken back\n{}",
            server.worker_logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        taken_back < Duration::from_secs(15),
        "taken back {taken_back:?} after the restart\n{}",
        server.worker_logs()
    );
    let log = std::fs::read_to_string(&server.api.as_ref().unwrap().log).unwrap();
    assert!(
        log.contains("took back the jobs this worker's previous run held"),
        "{log}"
    );

    let (status, _) = server.wait_final(&token, &job_id, FIVE_MINUTES).await;
    assert_eq!(
        status["status"],
        "completed",
        "{status}\n{}",
        server.worker_logs()
    );
    let job = jobs::find(&server.db, &job_id).await.unwrap().unwrap();
    assert_eq!(job.attempts, 2, "run once more, and only once");
    let records = video::Entity::find()
        .filter(video::Column::JobId.eq(job_id.as_str()))
        .count(&server.db)
        .await
        .unwrap();
    assert_eq!(records, 1, "one library record");
    assert_eq!(server.available(&uid).await, before - 1, "charged once");
    server.assert_ledger_matches(&uid).await;
}

/// Issue 52: the embedded queue stays small and true. A finished job's message is marked
/// done (a restart has nothing of it to run again) and is pruned; a failed job reads failed
/// with a plain reason, never a percentage of progress.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_jobs_leave_their_queue_messages_done_and_pruning_removes_them() {
    use lectern_core::{Config, queue::JobQueue};

    let app = support::embedded(fast_pipeline()).await;
    let (token, uid) = app.sign_in("tidy@example.com").await;
    let job_id = app.start_video(&token, &uid, "Clouds", 1).await;
    let (status, _) = app.wait_final(&token, &job_id, FIVE_MINUTES).await;
    assert_eq!(status["status"], "completed", "{status}");

    // The same queue file the server's worker uses.
    let config = Config::from_pairs([("data_dir", app.dir.path().display().to_string())]).unwrap();
    let queue = JobQueue::connect(&config).await.unwrap();
    // apalis acknowledges a message just after the handler returns.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let states = loop {
        let states = queue.message_states().await.unwrap();
        if states.iter().all(|(state, _)| state != "Running")
            || tokio::time::Instant::now() > deadline
        {
            break states;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(
        states,
        vec![("Done".to_string(), 1)],
        "the finished job's message is done, not running (a restart would run it again)"
    );
    assert_eq!(queue.prune_finished(Duration::ZERO).await.unwrap(), 1);
    assert!(queue.message_states().await.unwrap().is_empty());
}

/// Issue 52: `lectern serve` on an address other machines can reach, with the development
/// sign-in (the embedded default), refuses to start and says how to allow it.
#[test]
fn serve_on_a_network_address_with_the_development_sign_in_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lectern"))
        .arg("serve")
        .env("LECTERN_DATA_DIR", dir.path())
        .env("LECTERN_LISTEN", "0.0.0.0:0")
        .env("LECTERN_LOCAL_MODEL", "off")
        .env("LECTERN_WEB_DIR", dir.path().join("none"))
        .env_remove("LECTERN_CONFIG")
        .current_dir(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A server that starts runs until stopped: give it a minute to refuse, then fail.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("lectern serve started on 0.0.0.0 with the development sign-in");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success(), "it started");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK"),
        "{stderr}"
    );
}

/// Issue 52: a paid job does not wait behind another user's free previews. One worker; a
/// user queues six previews, another then starts a paid video: it runs before the previews
/// still waiting (the embedded queue takes paid messages first).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paid_job_runs_before_the_free_previews_queued_ahead_of_it() {
    use lectern_core::jobs;

    let app = support::embedded(fast_pipeline()).await;
    let (free_token, free_uid) = app.sign_in("previews@example.com").await;
    let (paid_token, paid_uid) = app.sign_in("payer@example.com").await;
    let mut previews = Vec::new();
    for i in 0..6 {
        let response = app
            .client
            .post(app.url("/api/video/generate"))
            .bearer_auth(&free_token)
            .json(&serde_json::json!({
                "user_id": free_uid, "topic": format!("Rivers {i}"), "duration": 1, "dry_run": true
            }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        let body: Value = response.json().await.unwrap();
        previews.push(body["job_id"].as_str().unwrap().to_string());
    }
    let paid = app
        .start_video(&paid_token, &paid_uid, "Volcanoes", 1)
        .await;
    // The answer comes after the paid job is on the queue. Its row's `created_at` is
    // earlier (the job and its reservation are written, read back, then queued); previews
    // that started in between were not passed by it, and on PostgreSQL they were counted.
    let paid_queued = sea_orm::prelude::ChronoUtc::now();
    let (status, _) = app.wait_final(&paid_token, &paid, FIVE_MINUTES).await;
    assert_eq!(status["status"], "completed", "{status}");
    let paid_job = jobs::find(&app.db, &paid).await.unwrap().unwrap();
    let paid_started = paid_job.started_at.unwrap();
    // Of the previews still waiting when the paid job was queued, at most the one running
    // and the one its worker had already fetched went first (a fast preview may have
    // finished before the paid job was even queued: those do not count).
    let mut before = 0;
    for id in &previews {
        let job = jobs::find(&app.db, id).await.unwrap().unwrap();
        if job
            .started_at
            .is_some_and(|s| s > paid_queued && s < paid_started)
        {
            before += 1;
        }
    }
    assert!(before <= 2, "{before} previews ran before the paid job");
}
