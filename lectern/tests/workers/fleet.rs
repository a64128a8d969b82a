//! The scaled set-up: the API with PostgreSQL and Redis, two `lectern worker` processes.
//! Skipped (with a message) when the harness names no PostgreSQL or Redis.

use std::time::Duration;

use lectern_core::{entities::video, jobs};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::Value;

use crate::support::{self, Server};

const LIMIT: Duration = Duration::from_secs(15 * 60);

async fn videos_of_job(server: &Server, job_id: &str) -> u64 {
    video::Entity::find()
        .filter(video::Column::JobId.eq(job_id))
        .count(&server.db)
        .await
        .unwrap()
}

/// Submits `count` one-minute videos at once; returns the accepted job ids and how many
/// were refused for want of credits.
async fn submit_at_once(
    server: &Server,
    token: &str,
    uid: &str,
    count: usize,
) -> (Vec<String>, usize) {
    let topics: Vec<String> = (0..count).map(|i| format!("Tides, part {i}")).collect();
    let requests = topics
        .iter()
        .map(|topic| server.submit_video(token, uid, topic, 1));
    let mut accepted = Vec::new();
    let mut refused = 0;
    for response in futures::future::join_all(requests).await {
        match response.status() {
            StatusCode::ACCEPTED => {
                let body: Value = response.json().await.unwrap();
                accepted.push(body["job_id"].as_str().unwrap().to_string());
            }
            StatusCode::PAYMENT_REQUIRED => refused += 1,
            other => panic!("unexpected {other}: {}", response.text().await.unwrap()),
        }
    }
    (accepted, refused)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_jobs_on_two_worker_processes_each_complete_exactly_once() {
    let Some(mut server) = support::fleet().await else {
        return;
    };
    server.start_worker(&[]);
    server.start_worker(&[]);
    let (token_a, uid_a) = server.sign_in("ada@example.com").await;
    let (token_b, uid_b) = server.sign_in("grace@example.com").await;

    // 20 concurrent submissions against 10 credits: exactly 10 accepted, per user.
    let (jobs_a, refused_a) = submit_at_once(&server, &token_a, &uid_a, 20).await;
    let (jobs_b, refused_b) = submit_at_once(&server, &token_b, &uid_b, 20).await;
    assert_eq!((jobs_a.len(), refused_a), (10, 10));
    assert_eq!((jobs_b.len(), refused_b), (10, 10));

    let mut workers_seen = std::collections::BTreeSet::new();
    for (token, ids) in [(&token_a, &jobs_a), (&token_b, &jobs_b)] {
        for job_id in ids {
            let (status, _) = server.wait_final(token, job_id, LIMIT).await;
            assert_eq!(
                status["status"],
                "completed",
                "{status}\n{}",
                server.worker_logs()
            );
            assert_eq!(
                videos_of_job(&server, job_id).await,
                1,
                "one library record for {job_id}"
            );
            let job = jobs::find(&server.db, job_id).await.unwrap().unwrap();
            workers_seen.insert(job.worker.unwrap());
        }
    }
    assert_eq!(
        workers_seen.len(),
        2,
        "both worker processes took jobs: {workers_seen:?}"
    );
    for (token, uid) in [(&token_a, &uid_a), (&token_b, &uid_b)] {
        assert_eq!(server.available(uid).await, 0);
        server.assert_ledger_matches(uid).await;
        let me = server.get_json(token, "/api/me").await;
        assert_eq!(me["stats"]["videosGenerated"], 10, "{me}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_mid_job_leaves_the_job_to_the_other_worker_once() {
    let Some(mut server) = support::fleet().await else {
        return;
    };
    server.start_worker(&[]);
    server.start_worker(&[]);
    let (token, uid) = server.sign_in("kill@example.com").await;
    let job_id = server.start_video(&token, &uid, "Plate tectonics", 2).await;

    // Wait until a worker is well into the job, then SIGKILL that worker.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(300);
    let first = loop {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never started\n{}",
            server.worker_logs()
        );
        let job = jobs::find(&server.db, &job_id).await.unwrap().unwrap();
        if job.status == "processing" && job.progress >= 10 {
            break job.worker.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let mut pid = None;
    for worker in &server.workers {
        let id = worker.child.id();
        if support::worker_name(&server, id).await == first {
            pid = Some(id);
        }
    }
    let pid = pid.expect("the job runs on one of our workers");
    let victim = server
        .workers
        .iter_mut()
        .find(|w| w.child.id() == pid)
        .unwrap();
    victim.child.kill().unwrap(); // SIGKILL
    victim.child.wait().unwrap();

    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(
        status["status"],
        "completed",
        "{status}\n{}",
        server.worker_logs()
    );
    let job = jobs::find(&server.db, &job_id).await.unwrap().unwrap();
    assert_eq!(job.attempts, 2, "taken over once");
    assert_ne!(job.worker.as_deref(), Some(first.as_str()));
    assert_eq!(videos_of_job(&server, &job_id).await, 1);
    assert_eq!(server.available(&uid).await, 9, "charged once");
    server.assert_ledger_matches(&uid).await;
    let video = server
        .client
        .get(server.url(status["video_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(video.status(), StatusCode::OK);
    assert_eq!(&video.bytes().await.unwrap()[4..8], b"ftyp");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_that_always_fails_on_redis_ends_failed_after_three_attempts_refunded() {
    let Some(mut server) = support::fleet().await else {
        return;
    };
    // A script writer that cannot be reached: every attempt fails in the script stage.
    server.start_worker(&[
        ("LECTERN_LLM_BASE_URL", "http://127.0.0.1:9/v1"),
        ("LECTERN_LLM_MODEL", "none"),
        ("LECTERN_LLM_TIMEOUT_SECS", "2"),
    ]);
    let (token, uid) = server.sign_in("unlucky@example.com").await;
    let job_id = server.start_video(&token, &uid, "Volcanoes", 1).await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "failed", "{status}");
    assert!(
        status["error"].as_str().unwrap().contains("script"),
        "{status}"
    );
    let job = jobs::find(&server.db, &job_id).await.unwrap().unwrap();
    assert_eq!(job.attempts, 3);
    assert_eq!(server.available(&uid).await, 10, "refunded");
    server.assert_ledger_matches(&uid).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_cancelled_on_a_worker_process_is_refunded_and_leaves_no_video() {
    let Some(mut server) = support::fleet().await else {
        return;
    };
    server.start_worker(&[]);
    let (token, uid) = server.sign_in("hasty@example.com").await;
    let job_id = server.cancel_while_rendering(&token, &uid).await;
    assert_eq!(videos_of_job(&server, &job_id).await, 0);
}
