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
    let mut out = String::from("WEBVTT\n\n");
    for (i, (scene, (start, end))) in storyboard.scenes.iter().zip(spans).enumerate() {
        let _ = write!(
            out,
            "chapter-{}\n{} --> {}\n{}\n\n",
            i + 1,
            subtitles::vtt_timestamp(*start),
            subtitles::vtt_timestamp(*end),
            scene.visual.heading()
        );
    }
    write(dir, CHAPTERS, out)
}

pub fn write_transcript(
    dir: &Path,
    storyboard: &Storyboard,
    narration: &Narration,
    spans: &[(f64, f64)],
) -> Result<(), PipelineError> {
    let transcript = json!({
        "title": storyboard.title,
        "duration": narration.duration(),
        "scenes": storyboard.scenes.iter().zip(spans).enumerate().map(|(i, (scene, (start, end)))| json!({
            "index": i,
            "kind": scene.visual.kind(),
            "heading": scene.visual.heading(),
            "start": start,
            "end": end,
        })).collect::<Vec<_>>(),
        "sentences": narration.sentences,
    });
    write(
        dir,
        TRANSCRIPT,
        serde_json::to_string_pretty(&transcript).expect("a transcript serialises"),
    )
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
