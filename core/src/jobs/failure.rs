//! A job that fails after it was accepted: Lectern's failure, not the learner's.

/// Everything a request could be refused for is checked at submit, before the credit is
/// reserved: a job that fails afterwards is Lectern's failure. It is logged as such and
/// counted by stage (`lectern_jobs_failed_total{kind, stage}`, on the Grafana dashboard);
/// the refund is the job service's `fail`.
pub fn failed_after_submit(job_id: &str, kind: &str, error: &str) {
    let stage = failure_stage(error);
    tracing::error!(
        job = %job_id,
        kind,
        stage,
        %error,
        "a job accepted at submit failed: Lectern's fault (the credit is refunded)"
    );
    metrics::counter!("lectern_jobs_failed_total", "kind" => kind.to_string(), "stage" => stage)
        .increment(1);
}

/// The part of Lectern a job's error message comes from.
pub fn failure_stage(error: &str) -> &'static str {
    const STAGES: [&str; 5] = ["script", "narration", "frames", "encode", "outputs"];
    if let Some(stage) = STAGES
        .into_iter()
        .find(|stage| error.starts_with(&format!("{stage} stage")))
    {
        return stage;
    }
    if error.starts_with("storing") {
        "storage"
    } else if error.starts_with("database") {
        "database"
    } else if error.contains("timed out") {
        "time limit"
    } else if error.starts_with("Generation failed after") {
        "retries"
    } else {
        "other"
    }
}

#[cfg(test)]
mod tests {
    use super::failure_stage;

    #[test]
    fn a_failure_is_counted_under_the_part_of_lectern_it_came_from() {
        assert_eq!(
            failure_stage("script stage failed: the storyboard..."),
            "script"
        );
        assert_eq!(failure_stage("encode stage failed: x264enc"), "encode");
        assert_eq!(failure_stage("storing video.mp4: access denied"), "storage");
        assert_eq!(failure_stage("database: connection refused"), "database");
        assert_eq!(
            failure_stage("Generation timed out after 15 minutes"),
            "time limit"
        );
        assert_eq!(failure_stage("something new"), "other");
    }
}
