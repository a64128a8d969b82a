//! The worker fleet at scale (issue 9): the API, three `lectern worker` processes,
//! PostgreSQL, Redis and S3 (`moto`) on loopback; 30 jobs from 3 users; one worker stopped
//! with SIGTERM and another killed with SIGKILL while they work. Every job completes exactly
//! once, every credit is accounted for, and the metrics agree with the database.
//! In its own test binary so that the process-wide metrics recorder counts only this test.

#[allow(dead_code)]
#[path = "workers/support.rs"]
mod support;

use std::time::Duration;

use lectern_core::{entities::video, jobs};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

/// Sums the samples of `name` (any labels) in a Prometheus text exposition.
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .filter(|line| {
            line.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with('{') || rest.starts_with(' '))
        })
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// The address a worker printed for its `/health` and `/metrics`.
fn status_address(log: &std::path::Path) -> Option<String> {
    let text = std::fs::read_to_string(log).ok()?;
    let line = text
        .lines()
        .find(|l| l.contains("/health and /metrics on "))?;
    Some(line.rsplit(' ').next()?.trim().to_string())
}

async fn scrape(address: &str) -> String {
    reqwest::get(format!("http://{address}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_jobs_survive_a_sigterm_and_a_sigkill_with_every_credit_and_counter_agreeing() {
    let Some(mut server) = support::fleet_with(true).await else {
        return;
    };
    let pids: Vec<u32> = (0..3).map(|_| server.start_worker(&[])).collect();

    let mut users = Vec::new();
    for name in ["ada", "grace", "alan"] {
        users.push(server.sign_in(&format!("{name}@example.com")).await);
    }
    let mut all_jobs = Vec::new();
    for (token, uid) in &users {
        for i in 0..10 {
            let job = server
                .start_video(token, uid, &format!("Fractions, lesson {i}"), 1)
                .await;
            all_jobs.push((token.clone(), job));
        }
    }

    // Worker 0 is asked to stop (SIGTERM) in the middle of a job: it finishes that job and
    // exits. Worker 1 is killed (SIGKILL) in the middle of one: another worker takes it over.
    let names = [
        support::worker_name(&server, pids[0]).await,
        support::worker_name(&server, pids[1]).await,
    ];
    let graceful_job = support::job_running_on(&server, pids[0]).await;
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pids[0].to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let killed_job = support::job_running_on(&server, pids[1]).await;
    let killed_address =
        status_address(&server.workers[1].log).expect("worker 1 printed its address");
    let killed_metrics = scrape(&killed_address).await;
    server.workers[1].child.kill().unwrap();
    server.workers[1].child.wait().unwrap();

    for (token, job_id) in &all_jobs {
        let (status, _) = server
            .wait_final(token, job_id, Duration::from_secs(20 * 60))
            .await;
        assert_eq!(
            status["status"],
            "completed",
            "{status}\n{}",
            server.worker_logs()
        );
        let records = video::Entity::find()
            .filter(video::Column::JobId.eq(job_id.as_str()))
            .count(&server.db)
            .await
            .unwrap();
        assert_eq!(records, 1, "one library record for {job_id}");
    }

    // The stopped worker finished its job itself and exited cleanly.
    let exit = server.workers[0].child.wait().unwrap();
    assert!(
        exit.success(),
        "worker 0 exited with {exit}\n{}",
        server.worker_logs()
    );
    let graceful = jobs::find(&server.db, &graceful_job)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        graceful.attempts, 1,
        "finished by the worker that was stopping"
    );
    assert_eq!(graceful.worker.as_deref(), Some(names[0].as_str()));
    // The killed worker's job was taken over once.
    let taken_over = jobs::find(&server.db, &killed_job).await.unwrap().unwrap();
    assert_eq!(taken_over.attempts, 2);
    assert_ne!(taken_over.worker.as_deref(), Some(names[1].as_str()));

    // Credits: each user spent exactly their 10.
    for (token, uid) in &users {
        assert_eq!(server.available(uid).await, 0);
        server.assert_ledger_matches(uid).await;
        let me = server.get_json(token, "/api/me").await;
        assert_eq!(me["stats"]["videosGenerated"], 10, "{me}");
    }

    // Media are in S3: the API streams a range of each video from there.
    let (token, job_id) = &all_jobs[0];
    let status = server.status(token, job_id).await;
    let range = server
        .client
        .get(server.url(status["video_url"].as_str().unwrap()))
        .header(reqwest::header::RANGE, "bytes=0-99")
        .send()
        .await
        .unwrap();
    assert_eq!(range.status(), StatusCode::PARTIAL_CONTENT);

    // Metrics agree with the database: completions summed over the three workers (the
    // stopped one printed its counters as it exited, the killed one was scraped just before),
    // submissions and reserved credits on the API.
    let stopped_log = std::fs::read_to_string(&server.workers[0].log).unwrap();
    let stopped_counters = stopped_log
        .split("its counters:")
        .nth(1)
        .expect("the stopped worker printed its counters");
    let survivor = scrape(&status_address(&server.workers[2].log).unwrap()).await;
    let completed = metric(stopped_counters, "lectern_jobs_completed_total")
        + metric(&killed_metrics, "lectern_jobs_completed_total")
        + metric(&survivor, "lectern_jobs_completed_total");
    assert_eq!(completed, 30.0, "completions counted by the workers");
    let api: String = server
        .client
        .get(server.url("/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(metric(&api, "lectern_jobs_submitted_total"), 30.0);
    assert_eq!(metric(&api, "lectern_credits_reserved_total"), 30.0);
    assert_eq!(metric(&api, "lectern_queue_depth"), 0.0);
    assert_eq!(metric(&api, "lectern_jobs_running"), 0.0);
}
