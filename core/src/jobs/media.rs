//! Where a job's media live in storage: everything under `jobs/{id}/`, so that deleting a
//! video is deleting one prefix. The API serves these keys, the workers write them and the
//! library records them; none of them spells the layout itself.

/// The folder of one job's files.
pub fn prefix(job_id: &str) -> String {
    format!("jobs/{job_id}")
}

/// One file of a job, e.g. `key(id, "video.mp4")`.
pub fn key(job_id: &str, file: &str) -> String {
    format!("{}/{file}", prefix(job_id))
}

/// The video's key.
pub fn video(job_id: &str) -> String {
    key(job_id, "video.mp4")
}

/// The thumbnail's key.
pub fn thumbnail(job_id: &str) -> String {
    key(job_id, "thumbnail.jpg")
}

/// The storyboard's key: the scenes, visuals and narration the video was rendered from.
pub fn storyboard(job_id: &str) -> String {
    key(job_id, "storyboard.json")
}

/// The timed transcript's key.
pub fn transcript(job_id: &str) -> String {
    key(job_id, "transcript.json")
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_file_of_a_job_is_under_its_prefix() {
        assert_eq!(super::prefix("j1"), "jobs/j1");
        assert_eq!(super::video("j1"), "jobs/j1/video.mp4");
        assert_eq!(super::thumbnail("j1"), "jobs/j1/thumbnail.jpg");
        assert_eq!(super::transcript("j1"), "jobs/j1/transcript.json");
        assert_eq!(super::storyboard("j1"), "jobs/j1/storyboard.json");
        assert_eq!(super::key("j1", "subtitles.vtt"), "jobs/j1/subtitles.vtt");
    }
}
