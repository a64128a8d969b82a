//! Renders the hand-written storyboard with every scene kind once, then checks the result
//! by decoding it.

use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use gstreamer as gst;
use gstreamer_pbutils::prelude::*;
use lectern_pipeline::narration::EspeakNarrator;
use lectern_pipeline::script::OfflineWriter;
use lectern_pipeline::{
    CancellationToken, Pipeline, PipelineConfig, PipelineError, Progress, RenderInput,
    RenderOutput, Stage,
};
use serde_json::Value;

use crate::helpers::{DecodedFrame, decode_frames, fixture_storyboard, mp4_boxes};

struct Rendered {
    output: RenderOutput,
    dir: PathBuf,
    progress: Vec<Progress>,
    frames: Vec<DecodedFrame>,
}

fn espeak_pipeline() -> Pipeline {
    Pipeline::with_engines(
        Box::new(OfflineWriter),
        Box::new(EspeakNarrator::discover().expect("espeak-ng is installed")),
        PipelineConfig::default(),
    )
}

fn rendered() -> &'static Rendered {
    static RENDERED: OnceLock<Rendered> = OnceLock::new();
    RENDERED.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("lectern-render-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let progress = Mutex::new(Vec::new());
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let output = runtime
            .block_on(espeak_pipeline().render(
                RenderInput::storyboard(fixture_storyboard()),
                &dir,
                |p| progress.lock().unwrap().push(p),
                CancellationToken::new(),
            ))
            .expect("the storyboard renders");
        let frames = decode_frames(&dir.join("video.mp4"));
        Rendered {
            output,
            progress: progress.into_inner().unwrap(),
            frames,
            dir,
        }
    })
}

fn json_file(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(rendered().dir.join(name)).unwrap()).unwrap()
}

fn discover() -> gstreamer_pbutils::DiscovererInfo {
    gst::init().unwrap();
    let discoverer = gstreamer_pbutils::Discoverer::new(gst::ClockTime::from_seconds(30)).unwrap();
    let uri = format!("file://{}", rendered().dir.join("video.mp4").display());
    discoverer
        .discover_uri(&uri)
        .expect("the video can be discovered")
}

#[test]
fn the_video_holds_one_h264_stream_and_one_aac_stream() {
    let info = discover();
    let video = info.video_streams();
    let audio = info.audio_streams();
    assert_eq!(video.len(), 1);
    assert_eq!(audio.len(), 1);
    let video_caps = video[0].caps().unwrap().to_string();
    let audio_caps = audio[0].caps().unwrap().to_string();
    assert!(video_caps.starts_with("video/x-h264"), "{video_caps}");
    assert!(video_caps.contains("width=(int)1280") && video_caps.contains("height=(int)720"));
    assert!(
        audio_caps.starts_with("audio/mpeg") && audio_caps.contains("mpegversion=(int)4"),
        "{audio_caps}"
    );
}

#[test]
fn the_index_comes_before_the_media_data_so_the_video_streams() {
    let bytes = std::fs::read(rendered().dir.join("video.mp4")).unwrap();
    let boxes = mp4_boxes(&bytes);
    let moov = boxes.iter().position(|b| b == "moov").expect("a moov box");
    let mdat = boxes.iter().position(|b| b == "mdat").expect("an mdat box");
    assert!(moov < mdat, "boxes in order: {boxes:?}");
}

#[test]
fn the_video_lasts_as_long_as_the_narration_audio() {
    let narration = rendered().output.duration_seconds;
    let transcript = json_file("transcript.json");
    let last_spoken = transcript["sentences"].as_array().unwrap().last().unwrap()["end"]
        .as_f64()
        .unwrap();
    assert!(last_spoken < narration && narration - last_spoken < 1.5);
    let container = discover().duration().unwrap().nseconds() as f64 / 1e9;
    let drift = (container - narration).abs() / narration;
    assert!(
        drift < 0.02,
        "container {container:.2}s, narration {narration:.2}s"
    );
}

fn parse_time(text: &str) -> f64 {
    let parts: Vec<f64> = text.trim().split(':').map(|p| p.parse().unwrap()).collect();
    parts[0] * 3600.0 + parts[1] * 60.0 + parts[2]
}

#[test]
fn captions_cover_the_spoken_audio_with_ordered_cues_of_two_short_lines() {
    let vtt = std::fs::read_to_string(rendered().dir.join("subtitles.vtt")).unwrap();
    assert!(vtt.starts_with("WEBVTT\n"));
    let mut cues = Vec::new();
    for block in vtt.split("\n\n").skip(1).filter(|b| !b.trim().is_empty()) {
        let lines: Vec<&str> = block.lines().collect();
        let (start, end) = lines[1].split_once(" --> ").unwrap();
        let text: Vec<&str> = lines[2..].to_vec();
        assert!(text.len() <= 2, "{text:?}");
        assert!(text.iter().all(|l| l.chars().count() <= 42), "{text:?}");
        cues.push((parse_time(start), parse_time(end)));
    }
    for pair in cues.windows(2) {
        assert!(pair[0].0 < pair[0].1, "{pair:?}");
        assert!(pair[0].1 <= pair[1].0 + 1e-3, "cues overlap: {pair:?}");
    }
    let transcript = json_file("transcript.json");
    for sentence in transcript["sentences"].as_array().unwrap() {
        let (start, end) = (
            sentence["start"].as_f64().unwrap(),
            sentence["end"].as_f64().unwrap(),
        );
        let covered: f64 = cues
            .iter()
            .map(|(s, e)| (e.min(end) - s.max(start)).max(0.0))
            .sum();
        assert!(
            covered >= (end - start) - 0.01,
            "sentence {start:.2}-{end:.2} covered {covered:.2}s"
        );
    }
    let srt = std::fs::read_to_string(rendered().dir.join("subtitles.srt")).unwrap();
    assert_eq!(srt.matches(" --> ").count(), cues.len());
    assert!(cues.last().unwrap().1 <= rendered().output.duration_seconds + 1e-3);
}

/// Issue 17: the transcript carries the checkpoints with where the player pauses (just before
/// the end of the scene asked about, while its last sentence has been said) and where
/// "rewatch" goes (the scene's start).
#[test]
fn the_transcript_times_each_checkpoint_by_the_scene_it_asks_about() {
    let transcript = json_file("transcript.json");
    let scenes = transcript["scenes"].as_array().unwrap();
    let sentences = transcript["sentences"].as_array().unwrap();
    let checkpoints = transcript["checkpoints"].as_array().unwrap();
    assert_eq!(checkpoints.len(), 2, "{checkpoints:?}");
    for (index, checkpoint) in checkpoints.iter().enumerate() {
        assert_eq!(checkpoint["index"], index);
        let scene = &scenes[checkpoint["scene"].as_u64().unwrap() as usize];
        let (start, end) = (
            scene["start"].as_f64().unwrap(),
            scene["end"].as_f64().unwrap(),
        );
        let at = checkpoint["at"].as_f64().unwrap();
        assert_eq!(checkpoint["rewatch_from"].as_f64().unwrap(), start);
        assert_eq!(checkpoint["heading"], scene["heading"]);
        assert!(start < at && at < end, "{start} < {at} < {end}");
        let last_said = sentences
            .iter()
            .filter(|s| s["scene"] == checkpoint["scene"])
            .map(|s| s["end"].as_f64().unwrap())
            .fold(0.0, f64::max);
        assert!(
            at >= last_said - 0.3,
            "paused at {at} before the scene's last words end at {last_said}"
        );
    }
    assert_eq!(checkpoints[0]["kind"], "choice");
    assert_eq!(checkpoints[0]["answer"], 0);
    assert_eq!(checkpoints[0]["heading"], "Two motions at once");
    assert_eq!(checkpoints[1]["kind"], "number");
    assert_eq!(checkpoints[1]["value"], 2.04);
    assert_eq!(checkpoints[1]["unit"], "s");
}

fn is_blank(frame: &DecodedFrame) -> bool {
    let first = &frame.rgb[..3];
    frame
        .rgb
        .chunks_exact(3)
        .step_by(97)
        .all(|px| px.iter().zip(first).all(|(a, b)| a.abs_diff(*b) < 12))
}

#[test]
fn no_decoded_frame_is_blank() {
    let frames = &rendered().frames;
    assert!(frames.len() > 20, "{} frames", frames.len());
    for frame in frames {
        assert_eq!((frame.width, frame.height), (1280, 720));
        assert!(!is_blank(frame), "a blank frame at {:.2}s", frame.seconds);
    }
}

#[test]
fn text_stays_inside_the_frame_margins() {
    let transcript = json_file("transcript.json");
    let title_end = transcript["scenes"][1]["start"].as_f64().unwrap();
    // The slide background, #fbfaf7, after H.264's colour conversion.
    let paper = [251u8, 250, 247];
    let margin = 14;
    for frame in rendered()
        .frames
        .iter()
        .filter(|f| f.seconds > title_end + 0.6)
    {
        for y in 0..frame.height {
            for x in 0..frame.width {
                let inside = x >= margin
                    && x < frame.width - margin
                    && y >= margin
                    && y < frame.height - margin;
                if inside {
                    continue;
                }
                let px = &frame.rgb[(y * frame.width + x) * 3..][..3];
                assert!(
                    px.iter().zip(paper).all(|(a, b)| a.abs_diff(b) <= 10),
                    "ink at ({x}, {y}) in the margin at {:.2}s: {px:?}",
                    frame.seconds
                );
            }
        }
    }
}

#[test]
fn every_output_file_is_written_and_the_result_describes_the_run() {
    let dir = &rendered().dir;
    for name in [
        "video.mp4",
        "subtitles.vtt",
        "subtitles.srt",
        "chapters.vtt",
        "transcript.json",
        "thumbnail.jpg",
        "storyboard.json",
        "result.json",
    ] {
        assert!(dir.join(name).metadata().unwrap().len() > 0, "{name}");
    }
    let result = json_file("result.json");
    assert_eq!(result["title"], "Projectile Motion");
    assert_eq!(
        result["level_title"],
        "Intermediate Guide to Projectile Motion"
    );
    assert_eq!(result["subject"], "Science");
    assert!(
        result["engines"]["narration"]
            .as_str()
            .unwrap()
            .starts_with("espeak-ng")
    );
    for stage in ["script", "narration", "frames_encode", "outputs", "total"] {
        assert!(result["stages"][stage].as_f64().unwrap() >= 0.0, "{stage}");
    }
    assert!(
        (result["duration_seconds"].as_f64().unwrap() - rendered().output.duration_seconds).abs()
            < 1e-9
    );

    let chapters = std::fs::read_to_string(dir.join("chapters.vtt")).unwrap();
    assert_eq!(
        chapters.matches(" --> ").count(),
        10,
        "one chapter per scene"
    );
    assert!(chapters.contains("Time of flight"));

    let jpeg = std::fs::read(dir.join("thumbnail.jpg")).unwrap();
    let sof = jpeg
        .windows(2)
        .position(|w| w == [0xFF, 0xC0])
        .expect("a baseline JPEG");
    let height = u16::from_be_bytes([jpeg[sof + 5], jpeg[sof + 6]]);
    let width = u16::from_be_bytes([jpeg[sof + 7], jpeg[sof + 8]]);
    assert_eq!((width, height), (640, 360));

    let storyboard: lectern_pipeline::Storyboard =
        serde_json::from_str(&std::fs::read_to_string(dir.join("storyboard.json")).unwrap())
            .unwrap();
    assert_eq!(storyboard, fixture_storyboard());
}

#[test]
fn progress_rises_to_one_hundred_with_a_step_text_for_each_stage() {
    let progress = &rendered().progress;
    assert!(progress.windows(2).all(|w| w[0].percent <= w[1].percent));
    assert_eq!(progress.last().unwrap().percent, 100);
    for stage in [
        Stage::Script,
        Stage::Narration,
        Stage::Frames,
        Stage::Outputs,
    ] {
        assert!(
            progress
                .iter()
                .any(|p| p.stage == stage && !p.step.is_empty()),
            "no progress for {stage}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_render_cancelled_during_narration_stops_before_the_frames() {
    let dir = tempfile::tempdir().unwrap();
    let cancelled = CancellationToken::new();
    let flag = cancelled.clone();
    let result = espeak_pipeline()
        .render(
            RenderInput::storyboard(fixture_storyboard()),
            dir.path(),
            move |p| {
                if p.stage == Stage::Narration {
                    flag.cancel();
                }
            },
            cancelled,
        )
        .await;
    assert!(
        matches!(
            result,
            Err(PipelineError::Cancelled {
                stage: Stage::Frames
            })
        ),
        "{result:?}"
    );
    assert!(!dir.path().join("video.mp4").exists());
}

#[tokio::test]
async fn an_invalid_storyboard_fails_in_the_script_stage_with_the_reason() {
    let mut storyboard = fixture_storyboard();
    storyboard.scenes[1].narration.truncate(1);
    let dir = tempfile::tempdir().unwrap();
    let error = espeak_pipeline()
        .render(
            RenderInput::storyboard(storyboard),
            dir.path(),
            |_| {},
            CancellationToken::new(),
        )
        .await
        .unwrap_err();
    assert_eq!(error.stage(), Stage::Script);
    let message = error.to_string();
    assert!(message.starts_with("script stage failed"), "{message}");
    assert!(message.contains("scenes[1].narration"), "{message}");
}

/// A job's progress is written by a task of its own (woken by each report). Laying out every
/// slide of a storyboard is seconds of CPU on a busy machine: done on the async thread, it
/// held that task back, so the job sat on its previous step until the check ended. On one
/// thread the order is exact: the writer must see "Checking the storyboard..." before the
/// plan's last report, which comes after the layout.
#[tokio::test(flavor = "current_thread")]
async fn the_first_progress_is_not_held_back_while_the_slides_are_laid_out() {
    let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel::<u8>();
    let writer = tokio::spawn(async move {
        let mut batches = Vec::new();
        while let Some(first) = receiver.recv().await {
            let mut batch = vec![first];
            while let Ok(more) = receiver.try_recv() {
                batch.push(more);
            }
            batches.push(batch);
        }
        batches
    });
    espeak_pipeline()
        .plan(
            &RenderInput::storyboard(fixture_storyboard()),
            None,
            move |p| {
                let _ = sender.send(p.percent);
            },
        )
        .await
        .expect("the storyboard is planned");
    let batches = writer.await.unwrap();
    assert_eq!(
        batches.first(),
        Some(&vec![2]),
        "the writer first ran after the layout: {batches:?}"
    );
}
