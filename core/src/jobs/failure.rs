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

/// What the user reads of a failed job: a sentence written for them, never a path, a
/// traceback, SQL or a library's message (those are logged with the job id by
/// [`failed_after_submit`]). `written_for_user` marks a message composed for the learner (a
/// solution that fails its checks, a lesson whose course is gone): it is kept unless it
/// carries something internal.
pub fn user_message(error: &str, written_for_user: bool) -> String {
    if written_for_user && !crate::redact::looks_internal(error) {
        return error.to_string();
    }
    let what = match failure_stage(error) {
        "script" => "Writing the script failed.",
        "narration" => "Recording the narration failed.",
        "frames" => "Drawing the slides failed.",
        "encode" => "Encoding the video failed.",
        "outputs" | "storage" => "Saving the video failed.",
        "database" => "Lectern could not record the result.",
        "time limit" => "Generation took longer than its 15-minute limit.",
        "retries" => "Generation failed three times.",
        _ => "Generation failed.",
    };
    format!("{what} Any credits it reserved were refunded; please try again.")
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
    use super::{failure_stage, user_message};

    #[test]
    fn a_failed_job_tells_its_user_what_failed_in_plain_words_and_nothing_internal() {
        let cases = [
            (
                "script stage failed: error sending request for url (http://127.0.0.1:9/v1/chat/completions)",
                "Writing the script failed.",
            ),
            (
                "narration stage failed: piper: Traceback (most recent call last):\n  File \"/usr/lib/python3/dist-packages/piper/__main__.py\", line 3",
                "Recording the narration failed.",
            ),
            (
                "frames stage failed: font /usr/share/fonts/x.ttf unreadable",
                "Drawing the slides failed.",
            ),
            (
                "encode stage failed: x264enc: not-negotiated",
                "Encoding the video failed.",
            ),
            (
                "storing video.mp4: /tmp/lectern/media/abc/video.mp4: Permission denied (os error 13)",
                "Saving the video failed.",
            ),
            (
                "database: error returned from database: UPDATE jobs",
                "Lectern could not record the result.",
            ),
            (
                "Generation timed out after 15 minutes",
                "Generation took longer than its 15-minute limit.",
            ),
            (
                "unreadable job parameters: missing field `topic` at line 1 column 2",
                "Generation failed.",
            ),
        ];
        for (error, start) in cases {
            let message = user_message(error, false);
            assert!(message.starts_with(start), "{error} -> {message}");
            assert!(!crate::redact::looks_internal(&message), "{message}");
            assert!(message.contains("refunded"), "{message}");
        }
        let written = "The course of this lesson no longer exists";
        assert_eq!(user_message(written, true), written);
        let leaky = "The solution failed: Traceback (most recent call last): File \"/srv/x.py\"";
        assert_eq!(
            user_message(leaky, true),
            "Generation failed. Any credits it reserved were refunded; please try again."
        );
    }

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
