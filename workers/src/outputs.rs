//! What every finished job leaves behind, the same for every kind: its media uploaded under
//! `jobs/{id}/`, and its library record (a `videos` row, SPEC.md section 3: the job's columns
//! from `lectern_core::library::finished_video`, the rest from its kind).

use std::path::Path;

use lectern_core::jobs::media;

use crate::{RunError, Runtime};

/// The files of a finished video, as stored under `jobs/{job_id}/`.
pub const MEDIA_FILES: &[(&str, &str)] = &[
    ("video.mp4", "video/mp4"),
    ("subtitles.vtt", "text/vtt"),
    ("subtitles.srt", "application/x-subrip"),
    ("chapters.vtt", "text/vtt"),
    ("transcript.json", "application/json"),
    ("thumbnail.jpg", "image/jpeg"),
    ("storyboard.json", "application/json"),
    ("result.json", "application/json"),
    // The narration and where each sentence is in it: an edit of the video speaks again
    // only the sentences that changed (`lectern_pipeline::narration::reuse`).
    ("narration.wav", "audio/wav"),
    ("narration.json", "application/json"),
    // Where each scene's pictures lie in the video: an edit copies those of the scenes it
    // did not change (`lectern_pipeline::video::units`).
    ("video_units.json", "application/json"),
];

/// Uploads the media files the pipeline left in `dir` (those that are there); answers the
/// transcript, the library record's searchable text.
pub async fn upload(
    runtime: &Runtime,
    job_id: &str,
    dir: &Path,
) -> Result<Option<String>, RunError> {
    upload_files(runtime, job_id, dir, MEDIA_FILES).await?;
    Ok(std::fs::read_to_string(dir.join("transcript.json")).ok())
}

/// Uploads those of `files` (name, content type) that are in `dir`.
pub async fn upload_files(
    runtime: &Runtime,
    job_id: &str,
    dir: &Path,
    files: &[(&str, &str)],
) -> Result<(), RunError> {
    for (file, content_type) in files {
        let path = dir.join(file);
        if !path.exists() {
            continue;
        }
        runtime
            .storage
            .put_file(&media::key(job_id, file), &path, content_type)
            .await
            .map_err(|e| RunError::Failed(format!("storing {file}: {e}")))?;
    }
    Ok(())
}
