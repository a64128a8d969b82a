//! A running job's row and its runner: progress written to the row as it comes (throttled),
//! and a cancel from the API noticed and passed on as a cancelled token.

use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;

/// Polls the job's status and cancels `cancel` when the API has cancelled the job.
pub fn cancels(
    db: sea_orm::DatabaseConnection,
    job_id: String,
    cancel: CancellationToken,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_millis(750)).await;
            if let Ok(true) = super::is_cancelled(&db, &job_id).await {
                cancel.cancel();
                return;
            }
        }
    })
}

/// Writes a running job's progress (percent, step) to its row, at most a few times a second.
pub fn progress(
    db: sea_orm::DatabaseConnection,
    job_id: String,
    mut rx: tokio::sync::mpsc::UnboundedReceiver<(u8, String)>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut last_write = Instant::now() - Duration::from_secs(1);
        let mut last: Option<(u8, String)> = None;
        let mut pending: Option<(u8, String)> = None;
        loop {
            let next = tokio::time::timeout(Duration::from_millis(300), rx.recv()).await;
            match next {
                Ok(Some(p)) => pending = Some(p),
                Ok(None) => break,
                Err(_) => {}
            }
            if let Some(p) = pending.take() {
                let changed = last.as_ref() != Some(&p);
                if changed && last_write.elapsed() >= Duration::from_millis(300) {
                    let _ = super::progress(&db, &job_id, i32::from(p.0), &p.1).await;
                    last = Some(p);
                    last_write = Instant::now();
                } else if changed {
                    pending = Some(p);
                }
            }
        }
        if let Some((percent, step)) = pending {
            let _ = super::progress(&db, &job_id, i32::from(percent), &step).await;
        }
    })
}
