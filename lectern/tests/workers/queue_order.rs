//! The order in which workers take messages (issue 52): on the embedded queue paid jobs
//! before free ones, first come, first served within each; on the real Redis (when
//! `LECTERN_TEST_REDIS_URL` names one) first come, first served. No workers run: the queue
//! is read as they would.

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

/// Redis: apalis-redis 1.0 keeps new messages in a set scored by the second until a worker
/// fetches them, so there every job, paid or free, is first come, first served, also within
/// one second.
#[tokio::test]
async fn redis_hands_out_jobs_in_arrival_order() {
    let Some(url) = redis_url() else { return };
    let (queue, _) = redis_queue(&url).await;
    let pushed = ids("j", 5);
    for (i, id) in pushed.iter().enumerate() {
        queue.push_with_priority(id, i % 2).await.unwrap();
    }
    assert_eq!(
        queue.waiting().await.unwrap(),
        pushed,
        "{}",
        queue.describe()
    );
}
