//! An edit of a rendered storyboard (the storyboard editor's "fix after"): only the changed
//! scene is spoken, drawn and encoded again; the others' speech and pictures are copied from
//! the earlier render, the pictures bit for bit.

use std::path::Path;

use gstreamer as gst;
use lectern_pipeline::narration::EspeakNarrator;
use lectern_pipeline::script::OfflineWriter;
use lectern_pipeline::storyboard::Visual;
use lectern_pipeline::video::units;
use lectern_pipeline::{
    CancellationToken, Pipeline, PipelineConfig, RenderInput, RenderOutput, Storyboard,
};

use crate::helpers::{DecodedFrame, decode_frames, fixture_storyboard};

async fn render(storyboard: Storyboard, dir: &Path, earlier: Option<&Path>) -> RenderOutput {
    let pipeline = Pipeline::with_engines(
        Box::new(OfflineWriter),
        Box::new(EspeakNarrator::discover().expect("espeak-ng is installed")),
        PipelineConfig::default(),
    );
    let mut input = RenderInput::storyboard(storyboard);
    if let Some(earlier) = earlier {
        input = input.reusing(earlier);
    }
    pipeline
        .render(input, dir, |_| {}, CancellationToken::new())
        .await
        .expect("the storyboard renders")
}

/// When each scene starts, from the chapters.
fn scene_starts(dir: &Path) -> Vec<f64> {
    std::fs::read_to_string(dir.join("chapters.vtt"))
        .unwrap()
        .lines()
        .filter_map(|line| line.split_once(" --> "))
        .map(|(start, _)| {
            let parts: Vec<f64> = start.split(':').map(|p| p.parse().unwrap()).collect();
            parts.iter().fold(0.0, |total, part| total * 60.0 + part)
        })
        .collect()
}

fn video_seconds(path: &Path) -> f64 {
    gst::init().unwrap();
    let discoverer = gstreamer_pbutils::Discoverer::new(gst::ClockTime::from_seconds(30)).unwrap();
    let info = discoverer
        .discover_uri(&format!("file://{}", path.display()))
        .unwrap();
    info.duration().unwrap().nseconds() as f64 / 1e9
}

fn between(frames: &[DecodedFrame], from: f64, to: f64) -> Vec<&DecodedFrame> {
    frames
        .iter()
        .filter(|f| f.seconds >= from - 0.01 && f.seconds < to - 0.01)
        .collect()
}

fn same_pictures(a: &[&DecodedFrame], b: &[&DecodedFrame], shift: f64) {
    assert_eq!(a.len(), b.len(), "as many frames");
    for (a, b) in a.iter().zip(b) {
        assert!(
            (a.seconds + shift - b.seconds).abs() < 0.002,
            "a frame at {} s moved to {} s, not by {shift} s",
            a.seconds,
            b.seconds
        );
        assert!(a.rgb == b.rgb, "the picture at {} s changed", a.seconds);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_of_one_scene_copies_the_speech_and_pictures_of_the_others() {
    let first_dir = tempfile::tempdir().unwrap();
    let first = render(fixture_storyboard(), first_dir.path(), None).await;
    assert_eq!(first.video_units_reused, 0);
    // Each scene of more than one shot is two units; each starts with a key frame, so the
    // video's own index finds every one of them in it again.
    assert!(first.video_units > first.scenes, "{}", first.video_units);
    let earlier = units::Earlier::load(first_dir.path(), "video.mp4")
        .unwrap()
        .expect("the render left the index of its units");
    assert_eq!(earlier.units.len(), first.video_units);

    // A teacher changes the example and the first sentence of the definition (scene 2).
    let mut edited = fixture_storyboard();
    let Visual::Definition { example, .. } = &mut edited.scenes[2].visual else {
        panic!("scene 2 of the fixture is a definition");
    };
    *example = Some("A stone skipped across a pond, between two bounces.".into());
    edited.scenes[2].narration[0] =
        "A projectile is anything that flies under gravity alone once it is launched.".into();
    let second_dir = tempfile::tempdir().unwrap();
    let second = render(edited, second_dir.path(), Some(first_dir.path())).await;

    assert_eq!(second.sentences_spoken, 1);
    let made_again = second.video_units - second.video_units_reused;
    assert!(
        (2..=3).contains(&made_again),
        "the edited scene's units and the fade into the next: {made_again} of {}",
        second.video_units
    );
    assert!(
        second.slides_rendered * 3 < first.slides_rendered,
        "{} slides drawn again of {}",
        second.slides_rendered,
        first.slides_rendered
    );

    // The new video is whole: as long as its narration, every frame decodes.
    let video = second_dir.path().join("video.mp4");
    assert!((video_seconds(&video) - second.duration_seconds).abs() < 0.1);
    let (a, b) = (
        decode_frames(&first_dir.path().join("video.mp4")),
        decode_frames(&video),
    );
    let (starts_a, starts_b) = (
        scene_starts(first_dir.path()),
        scene_starts(second_dir.path()),
    );
    assert_eq!(starts_a.len(), 10);
    assert_eq!(
        starts_a[..3],
        starts_b[..3],
        "nothing before the edit moved"
    );

    // Before the edited scene: the very same pictures at the same times.
    same_pictures(
        &between(&a, 0.0, starts_a[2]),
        &between(&b, 0.0, starts_b[2]),
        0.0,
    );
    // From the scene after next on: the same pictures, moved by the new sentence's length.
    let shift = starts_b[4] - starts_a[4];
    same_pictures(
        &between(&a, starts_a[4], f64::INFINITY),
        &between(&b, starts_b[4], f64::INFINITY),
        shift,
    );
    // The edited scene shows the new example.
    let last_of = |frames: &[DecodedFrame], from: f64, to: f64| {
        between(frames, from, to)
            .last()
            .map(|f| f.rgb.clone())
            .unwrap()
    };
    assert!(
        last_of(&a, starts_a[2], starts_a[3]) != last_of(&b, starts_b[2], starts_b[3]),
        "the edited scene looks as before"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_earlier_video_an_edit_encodes_every_picture_again() {
    let first_dir = tempfile::tempdir().unwrap();
    let first = render(fixture_storyboard(), first_dir.path(), None).await;
    // A version made before the units were kept: its narration, but no index of units.
    std::fs::remove_file(first_dir.path().join(units::INDEX)).unwrap();
    let second_dir = tempfile::tempdir().unwrap();
    let second = render(
        fixture_storyboard(),
        second_dir.path(),
        Some(first_dir.path()),
    )
    .await;
    assert_eq!(second.sentences_spoken, 0);
    assert_eq!(second.video_units_reused, 0);
    assert_eq!(second.slides_rendered, first.slides_rendered);
    assert!(second_dir.path().join(units::INDEX).exists());
}
