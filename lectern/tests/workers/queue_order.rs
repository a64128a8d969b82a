//! The order in which workers take messages (issue 52): paid jobs before free ones, first
//! come, first served within each, on the embedded queue and on the real Redis (when
//! `LECTERN_TEST_REDIS_URL` names one). The queue is read as workers would; the last test
//! runs a `lectern worker` on PostgreSQL and Redis and reads the order it took jobs in.

use lectern_core::{Config, queue::JobQueue};

fn ids(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}-{i}")).collect()
}

/// Pushes free f-0, f-1, paid p-0, free f-2, paid p-1, paid p-2, free f-3 and checks the
/// order the queue will hand them out.
async fn paid_first_in_arrival_order(queue: &JobQueue) {
    let (free, paid) = (ids("f", 4), ids("p", 3));
    let pushes = [
        (&free[0], 0),
        (&free[1], 0),
        (&paid[0], 1),
        (&free[2], 0),
        (&paid[1], 1),
        (&paid[2], 1),
        (&free[3], 0),
    ];
    for (id, priority) in pushes {
        queue.push_with_priority(id, priority).await.unwrap();
    }
    let expected: Vec<String> = paid.iter().chain(free.iter()).cloned().collect();
    assert_eq!(
        queue.waiting().await.unwrap(),
        expected,
        "{}",
        queue.describe()
    );
}

#[tokio::test]
async fn the_embedded_queue_hands_out_paid_jobs_first_then_free_ones_in_arrival_order() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::from_pairs(vec![
        ("data_dir", dir.path().display().to_string()),
        ("secret_key", "test-secret-test-secret-test-secret!".into()),
    ])
    .unwrap();
    let queue = JobQueue::connect(&config).await.unwrap();
    paid_first_in_arrival_order(&queue).await;
}

fn redis_url() -> Option<String> {
    let url = std::env::var("LECTERN_TEST_REDIS_URL")
        .ok()
        .filter(|s| !s.is_empty());
    if url.is_none() {
        eprintln!("skipped: LECTERN_TEST_REDIS_URL names no Redis");
    }
    url
}

async fn redis_queue(url: &str) -> (JobQueue, String) {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("lectern-order-{}", uuid::Uuid::new_v4().simple());
    let config = Config::from_pairs(vec![
        ("data_dir", dir.path().display().to_string()),
        ("secret_key", "test-secret-test-secret-test-secret!".into()),
        ("queue_url", url.to_string()),
        ("queue_name", name.clone()),
    ])
    .unwrap();
    (JobQueue::connect(&config).await.unwrap(), name)
}

async fn redis_connection(url: &str) -> redis::aio::MultiplexedConnection {
    redis::Client::open(url)
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap()
}

/// Redis: a paid lane and a free lane in the one list workers take from (apalis-redis's
/// `<queue>:active`), so paid jobs go first there too, and every waiting job is in that list,
/// where the chart's KEDA trigger counts it (apalis-redis alone leaves new messages in its
/// scheduled set until a worker fetches).
#[tokio::test]
async fn redis_hands_out_paid_jobs_first_then_free_ones_in_arrival_order() {
    let Some(url) = redis_url() else { return };
    let (queue, name) = redis_queue(&url).await;
    paid_first_in_arrival_order(&queue).await;
    let mut conn = redis_connection(&url).await;
    let listed: u64 = redis::cmd("LLEN")
        .arg(format!("{name}:active"))
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(listed, 7, "every waiting job is in the list KEDA reads");
}

/// The apalis task id of the queued message that carries job `job_id`.
async fn task_of(
    conn: &mut redis::aio::MultiplexedConnection,
    queue: &str,
    job_id: &str,
) -> String {
    let data: std::collections::HashMap<String, String> = redis::cmd("HGETALL")
        .arg(format!("{queue}:data"))
        .query_async(conn)
        .await
        .unwrap();
    data.into_iter()
        .find(|(_, payload)| payload.contains(&format!("\"{job_id}\"")))
        .map(|(task, _)| task)
        .unwrap()
}

/// Redis: a paid job that a worker held when it died goes back to the paid lane, ahead of
/// the free jobs, when the worker's next run takes its jobs back.
#[tokio::test]
async fn redis_puts_a_taken_back_paid_job_before_the_free_ones() {
    let Some(url) = redis_url() else { return };
    let (queue, name) = redis_queue(&url).await;
    for (id, priority) in [("f-0", 0), ("p-0", 1), ("held", 1), ("f-1", 0)] {
        queue.push_with_priority(id, priority).await.unwrap();
    }
    // A worker took `held` (as apalis-redis's fetch does) and died.
    let mut conn = redis_connection(&url).await;
    let task = task_of(&mut conn, &name, "held").await;
    let worker = "lectern-test-host-0";
    redis::pipe()
        .cmd("LREM")
        .arg(format!("{name}:active"))
        .arg(1)
        .arg(&task)
        .cmd("SADD")
        .arg(format!("{name}:inflight:{worker}"))
        .arg(&task)
        .cmd("ZADD")
        .arg(format!("{name}:workers"))
        .arg(0)
        .arg(worker)
        .exec_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(queue.waiting().await.unwrap(), ["p-0", "f-0", "f-1"]);
    assert_eq!(queue.take_back(worker).await.unwrap(), 1);
    assert_eq!(
        queue.waiting().await.unwrap(),
        ["p-0", "held", "f-0", "f-1"]
    );
}

/// Redis: apalis-redis's own recovery of a dead worker's jobs (after three missed heartbeats,
/// `reenqueue_orphaned.lua`) appends them at the tail of the active list, behind the free
/// ones. The workers' periodic check puts a paid one back in the paid lane, in order.
#[tokio::test]
async fn redis_puts_a_paid_job_apalis_recovered_at_the_tail_back_before_the_free_ones() {
    let Some(url) = redis_url() else { return };
    let (queue, name) = redis_queue(&url).await;
    for (id, priority) in [("p-0", 1), ("f-0", 0), ("f-1", 0)] {
        queue.push_with_priority(id, priority).await.unwrap();
    }
    assert_eq!(
        queue.keep_paid_first().await.unwrap(),
        0,
        "nothing out of place"
    );
    for (id, priority) in [("recovered", 1), ("f-2", 0)] {
        queue.push_with_priority(id, priority).await.unwrap();
    }
    // Where apalis's recovery leaves it: `rpush` of the in-flight task to the active list.
    let mut conn = redis_connection(&url).await;
    let task = task_of(&mut conn, &name, "recovered").await;
    redis::pipe()
        .cmd("LREM")
        .arg(format!("{name}:active"))
        .arg(1)
        .arg(&task)
        .cmd("RPUSH")
        .arg(format!("{name}:active"))
        .arg(&task)
        .exec_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(
        queue.waiting().await.unwrap(),
        ["p-0", "f-0", "f-1", "f-2", "recovered"]
    );
    assert_eq!(queue.keep_paid_first().await.unwrap(), 1);
    assert_eq!(
        queue.waiting().await.unwrap(),
        ["p-0", "recovered", "f-0", "f-1", "f-2"]
    );
}

/// The jobs among `ids` that a worker has taken, earliest first, read from the jobs table:
/// `started_at` is set when a worker claims a job.
async fn taken(
    db: &sea_orm::DatabaseConnection,
    ids: &[String],
) -> Vec<lectern_core::entities::job::Model> {
    use lectern_core::entities::job;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    job::Entity::find()
        .filter(job::Column::Id.is_in(ids.to_vec()))
        .filter(job::Column::StartedAt.is_not_null())
        .order_by_asc(job::Column::StartedAt)
        .all(db)
        .await
        .unwrap()
}

/// PostgreSQL, Redis and one `lectern worker`: one user floods the queue with free previews
/// and another user starts a paid video, then a second one while the worker is working
/// through the flood. Each paid video is the next job the worker takes, before every free
/// preview still waiting. Asserted on the order the worker took jobs in, not on durations.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_redis_a_paid_job_sent_after_a_flood_of_free_previews_is_taken_next() {
    const FREE: usize = 18;
    let Some(mut server) = crate::support::fleet().await else {
        return;
    };
    let (flooder_token, flooder) = server.sign_in("flooder@example.com").await;
    let (payer_token, payer) = server.sign_in("payer@example.com").await;
    let mut free = Vec::new();
    for i in 0..FREE {
        let response = server
            .client
            .post(server.url("/api/video/generate"))
            .bearer_auth(&flooder_token)
            .json(&serde_json::json!({
                "user_id": flooder, "topic": format!("Rivers {i}"), "level": 1,
                "duration": 1, "dry_run": true
            }))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            reqwest::StatusCode::ACCEPTED,
            "preview {i}"
        );
        let body: serde_json::Value = response.json().await.unwrap();
        free.push(body["job_id"].as_str().unwrap().to_string());
    }
    // Sent after the whole flood, before any worker runs.
    let first = server
        .start_video(&payer_token, &payer, "Volcanoes", 1)
        .await;
    server.start_worker(&[]);
    // Sent while the worker works through the flood.
    let mut all = free.clone();
    all.push(first.clone());
    while taken(&server.db, &all).await.len() < 2 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let second = server
        .start_video(&payer_token, &payer, "Glaciers", 1)
        .await;
    all.push(second.clone());
    for (token, id) in free
        .iter()
        .map(|id| (&flooder_token, id))
        .chain([(&payer_token, &first), (&payer_token, &second)])
    {
        let (status, _) = server
            .wait_final(token, id, std::time::Duration::from_secs(300))
            .await;
        assert_eq!(
            status["status"],
            "completed",
            "{id}\n{}",
            server.worker_logs()
        );
    }
    let jobs = taken(&server.db, &all).await;
    let order: Vec<&str> = jobs.iter().map(|j| j.id.as_str()).collect();
    assert_eq!(
        order[0], first,
        "the paid job sent after the flood was taken first"
    );
    let free_order: Vec<&str> = order
        .iter()
        .copied()
        .filter(|id| free.iter().any(|f| f == id))
        .collect();
    assert_eq!(free_order, free, "free previews first come, first served");
    // The second paid job was queued just after its row was created: one free preview may
    // have been taken in between, no more; and free previews were still waiting behind it.
    let second = jobs.iter().find(|j| j.id == second).unwrap();
    let position = order.iter().position(|id| *id == second.id).unwrap();
    let taken_after_it_was_sent = jobs[..position]
        .iter()
        .filter(|j| j.started_at > Some(second.created_at))
        .count();
    assert!(
        taken_after_it_was_sent <= 1,
        "{taken_after_it_was_sent} free previews taken while the second paid job waited: {order:?}"
    );
    assert!(
        jobs.len() - position > 3,
        "fewer than 3 free previews still waited behind the second paid job: {order:?}"
    );
}

/// Issue 54: on the embedded queue a render someone paid for starts at once while a free
/// preview holds the worker (the local model writes a preview's script for minutes; on a busy
/// 2-core machine a 10 s render waited 500 s behind one). Paid jobs have a lane with a worker
/// of its own (`queue::Lanes`). Here the preview's model never answers: the render still
/// finishes, and the preview is still running when it has.
#[tokio::test]
async fn a_paid_render_does_not_wait_for_a_free_preview_holding_the_embedded_worker() {
    use std::{
        sync::{Arc, Mutex},
        time::Duration,
    };

    use lectern_pipeline::{
        Minutes, Pipeline, PipelineConfig, RenderInput, Wpm, script::OpenAiWriterConfig,
    };
    use reqwest::StatusCode;
    use serde_json::{Value, json};

    // A model endpoint that takes every request and never answers.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}/v1", silent.local_addr().unwrap());
    let asked = Arc::new(Mutex::new(Vec::new()));
    let held = asked.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = silent.accept().await {
            held.lock().unwrap().push(socket);
        }
    });
    let mut llm = OpenAiWriterConfig::new(&base_url, "silent-model");
    llm.attempts = 1;
    llm.timeout = Duration::from_secs(600);
    let server = super::support::embedded(PipelineConfig {
        llm: Some(llm),
        ..super::support::fast_pipeline()
    })
    .await;
    let (token, uid) = server.sign_in("lanes@example.com").await;
    let generate = |body: Value| {
        server
            .client
            .post(server.url("/api/video/generate"))
            .bearer_auth(&token)
            .json(&body)
            .send()
    };

    let request = json!({"user_id": uid, "topic": "The water cycle", "level": 1, "duration": 1});
    let mut preview = request.clone();
    preview["dry_run"] = json!(true);
    let started = generate(preview).await.unwrap();
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let preview_job = started.json::<Value>().await.unwrap()["job_id"]
        .as_str()
        .unwrap()
        .to_string();
    // The preview holds the free lane's worker: it is running and has asked the model.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while asked.lock().unwrap().is_empty()
        || server.status(&token, &preview_job).await["status"] != "processing"
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the preview never asked the model"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // A storyboard as the offline writer plans it: its render needs no model.
    let plan = Pipeline::new(super::support::fast_pipeline())
        .unwrap()
        .plan(
            &RenderInput::topic("The water cycle", 1, Minutes::whole(1), Wpm::new(150)),
            None,
            |_| {},
        )
        .await
        .unwrap();
    let mut render = request.clone();
    render["storyboard"] = serde_json::to_value(&plan.storyboard).unwrap();
    let started = generate(render).await.unwrap();
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    assert_eq!(started["cost"], 1, "{started}");
    let render_job = started["job_id"].as_str().unwrap().to_string();
    let (rendered, _) = server
        .wait_final(&token, &render_job, Duration::from_secs(180))
        .await;
    assert_eq!(rendered["status"], "completed", "{rendered}");
    assert_eq!(
        server.status(&token, &preview_job).await["status"],
        "processing",
        "the preview still holds its worker"
    );
    assert_eq!(server.available(&uid).await, 9);
    server.assert_ledger_matches(&uid).await;
}
