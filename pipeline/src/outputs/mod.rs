//! The files of a finished video, beside video.mp4 in the output folder.

pub mod subtitles;

use std::fmt::Write;
use std::path::Path;

use jpeg_encoder::{ColorType, Encoder as JpegEncoder};
use serde_json::json;

use crate::error::{PipelineError, Stage};
use crate::frames::{SlideRenderer, SlideState};
use crate::narration::Narration;
use crate::storyboard::Storyboard;

pub const VIDEO: &str = "video.mp4";
pub const SUBTITLES_VTT: &str = "subtitles.vtt";
pub const SUBTITLES_SRT: &str = "subtitles.srt";
pub const CHAPTERS: &str = "chapters.vtt";
pub const TRANSCRIPT: &str = "transcript.json";
pub const THUMBNAIL: &str = "thumbnail.jpg";
pub const STORYBOARD: &str = "storyboard.json";
pub const RESULT: &str = "result.json";

pub const THUMBNAIL_WIDTH: u32 = 640;

fn write(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> Result<(), PipelineError> {
    std::fs::write(dir.join(name), contents)
        .map_err(|e| PipelineError::message(Stage::Outputs, format!("writing {name}: {e}")))
}

pub fn write_storyboard(dir: &Path, storyboard: &Storyboard) -> Result<(), PipelineError> {
    let text = serde_json::to_string_pretty(storyboard).expect("a storyboard serialises");
    write(dir, STORYBOARD, text)
}

pub fn write_subtitles(dir: &Path, narration: &Narration) -> Result<usize, PipelineError> {
    let cues = subtitles::cues(&narration.sentences);
    write(dir, SUBTITLES_VTT, subtitles::to_vtt(&cues))?;
    write(dir, SUBTITLES_SRT, subtitles::to_srt(&cues))?;
    Ok(cues.len())
}

pub fn write_chapters(
    dir: &Path,
    storyboard: &Storyboard,
    spans: &[(f64, f64)],
) -> Result<(), PipelineError> {
    let headings: Vec<String> = storyboard
        .scenes
        .iter()
        .map(|scene| scene.visual.heading().to_string())
        .collect();
    let mut out = String::from("WEBVTT\n\n");
    for (i, (name, start, end)) in chapters(&headings, spans).into_iter().enumerate() {
        let _ = write!(
            out,
            "chapter-{}\n{} --> {}\n{}\n\n",
            i + 1,
            subtitles::vtt_timestamp(start),
            subtitles::vtt_timestamp(end),
            name
        );
    }
    write(dir, CHAPTERS, out)
}

/// The chapters of a video from its scenes' headings and times: scenes in a row with the
/// same heading are one chapter, and a heading that comes back later is numbered ("Worked
/// example (2)"), so that no two chapters share a name.
pub fn chapters(headings: &[String], spans: &[(f64, f64)]) -> Vec<(String, f64, f64)> {
    let mut merged: Vec<(String, f64, f64)> = Vec::new();
    for (heading, &(start, end)) in headings.iter().zip(spans) {
        match merged.last_mut() {
            Some((name, _, last_end)) if name == heading => *last_end = end,
            _ => merged.push((heading.clone(), start, end)),
        }
    }
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let taken: std::collections::HashSet<String> = merged
        .iter()
        .map(|(name, ..)| name.to_lowercase())
        .collect();
    for (name, ..) in &mut merged {
        let count = seen.entry(name.to_lowercase()).or_insert(0);
        *count += 1;
        if *count > 1 {
            let mut n = *count;
            while taken.contains(&format!("{name} ({n})").to_lowercase()) {
                n += 1;
            }
            *name = format!("{name} ({n})");
        }
    }
    merged
}

pub fn write_transcript(
    dir: &Path,
    storyboard: &Storyboard,
    narration: &Narration,
    spans: &[(f64, f64)],
) -> Result<(), PipelineError> {
    let scenes: Vec<serde_json::Value> = storyboard
        .scenes
        .iter()
        .zip(spans)
        .enumerate()
        .map(|(i, (scene, (start, end)))| {
            let mut entry = json!({
                "index": i,
                "kind": scene.visual.kind(),
                "heading": scene.visual.heading(),
                "start": start,
                "end": end,
            });
            // A lesson written from the learner's documents: the passages each beat cites.
            if !scene.cites.is_empty() {
                entry["cites"] = json!(scene.cites);
            }
            entry
        })
        .collect();
    let mut transcript = json!({
        "title": storyboard.title,
        "duration": narration.duration(),
        "scenes": scenes,
        "sentences": narration.sentences,
        "checkpoints": timed_checkpoints(storyboard, spans),
    });
    if let Some(from) = &storyboard.from_sources {
        transcript["documents"] = json!(from.documents);
    }
    write(
        dir,
        TRANSCRIPT,
        serde_json::to_string_pretty(&transcript).expect("a transcript serialises"),
    )
}

/// How long before its scene ends the player pauses for a checkpoint: a player sees the
/// time a few times a second, and should stop before the next scene has begun.
pub const CHECKPOINT_LEAD_SECONDS: f64 = 0.25;

/// The storyboard's checkpoints as the player asks them: `at` (where playback pauses, just
/// before the end of the scene the question is about), `rewatch_from` (that scene's start)
/// and its heading, with the question and its answer.
pub fn timed_checkpoints(storyboard: &Storyboard, spans: &[(f64, f64)]) -> Vec<serde_json::Value> {
    storyboard
        .checkpoints
        .iter()
        .enumerate()
        .filter_map(|(index, checkpoint)| {
            let (start, end) = *spans.get(checkpoint.scene)?;
            let heading = storyboard.scenes[checkpoint.scene].visual.heading();
            let mut value = serde_json::to_value(checkpoint).ok()?;
            let fields = value.as_object_mut()?;
            fields.insert("index".into(), json!(index));
            fields.insert(
                "at".into(),
                json!((end - CHECKPOINT_LEAD_SECONDS).max(start)),
            );
            fields.insert("rewatch_from".into(), json!(start));
            fields.insert("heading".into(), json!(heading));
            Some(value)
        })
        .collect()
}

/// The title scene, fully revealed, at 640x360.
pub fn write_thumbnail(dir: &Path, storyboard: &Storyboard) -> Result<(), PipelineError> {
    let renderer = SlideRenderer::new(storyboard);
    let state = SlideState::complete(0, &storyboard.scenes[0]);
    let frame = renderer
        .render(&state, THUMBNAIL_WIDTH)
        .map_err(|e| PipelineError::failed(Stage::Outputs, e))?;
    let mut bytes = Vec::new();
    JpegEncoder::new(&mut bytes, 88)
        .encode(
            &frame.rgba,
            frame.width as u16,
            frame.height as u16,
            ColorType::Rgba,
        )
        .map_err(|e| {
            PipelineError::message(Stage::Outputs, format!("encoding the thumbnail: {e}"))
        })?;
    write(dir, THUMBNAIL, bytes)
}

pub fn write_result(dir: &Path, result: &impl serde::Serialize) -> Result<(), PipelineError> {
    write(
        dir,
        RESULT,
        serde_json::to_string_pretty(result).expect("a result serialises"),
    )
}

#[cfg(test)]
mod tests {
    use super::chapters;

    fn names(headings: &[&str]) -> Vec<String> {
        let headings: Vec<String> = headings.iter().map(|h| h.to_string()).collect();
        let spans: Vec<(f64, f64)> = (0..headings.len())
            .map(|i| (i as f64 * 10.0, i as f64 * 10.0 + 10.0))
            .collect();
        chapters(&headings, &spans)
            .into_iter()
            .map(|(name, ..)| name)
            .collect()
    }

    #[test]
    fn scenes_in_a_row_with_one_heading_are_one_chapter_spanning_them() {
        let headings = ["Intro", "Solution", "Solution", "Recap"].map(String::from);
        let spans = [(0.0, 5.0), (5.0, 20.0), (20.0, 31.5), (31.5, 40.0)];
        assert_eq!(
            chapters(&headings, &spans),
            [
                ("Intro".to_string(), 0.0, 5.0),
                ("Solution".to_string(), 5.0, 31.5),
                ("Recap".to_string(), 31.5, 40.0)
            ]
        );
    }

    #[test]
    fn a_heading_that_comes_back_is_numbered_so_no_two_chapters_share_a_name() {
        assert_eq!(
            names(&["Key terms", "Example", "Key terms", "Example", "Key terms"]),
            [
                "Key terms",
                "Example",
                "Key terms (2)",
                "Example (2)",
                "Key terms (3)"
            ]
        );
        // A numbered name that is already a heading is skipped.
        assert_eq!(
            names(&["Step", "Step (2)", "Step"]),
            ["Step", "Step (2)", "Step (3)"]
        );
    }
}
