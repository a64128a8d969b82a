//! Topics that learners really type (a 45-letter word, a long URL, a Rust path, other scripts,
//! right-to-left text, markup characters, a topic at the 500-character limit) lay out with
//! every drawn piece of text inside the slide, and render to playable videos whose captions
//! keep to their lines. (Characters no slide font has, such as emoji, are refused by the API
//! at submit; see the API's tests.)

use gstreamer as gst;
use lectern_pipeline::narration::EspeakNarrator;
use lectern_pipeline::script::{OfflineWriter, ScriptWriter};
use lectern_pipeline::{
    Brief, CancellationToken, Minutes, Pipeline, PipelineConfig, RenderInput, Wpm,
    breaks::visible,
    frames::{SlideRenderer, SlideState, check_slides},
};
use typst::layout::{Abs, Frame, FrameItem, Point, Transform};

use crate::helpers::decode_frames;

fn long_topic() -> String {
    let sentence = "How do enzymes lower the activation energy of reactions in living cells? ";
    sentence.repeat(8).chars().take(500).collect()
}

fn topics() -> Vec<String> {
    [
        "Pneumonoultramicroscopicsilicovolcanoconiosis",
        "What causes pneumonoultramicroscopicsilicovolcanoconiosis in miners?",
        "https://en.wikipedia.org/wiki/Photosynthesis?action=history&year=2024&section=light-dependent-reactions-and-the-calvin-cycle",
        "std::collections::HashMap::with_capacity_and_hasher",
        "getElementsByClassName versus querySelectorAll in JavaScript",
        "Supercalifragilisticexpialidocious_and_antidisestablishmentarianism",
        "Methionylthreonylthreonylglutaminylarginyltyrosylglutamylserine, a peptide",
        "The Greek alphabet (Ελληνικά) and the Cyrillic alphabet (Русский)",
        "Reading Hebrew right to left: שלום עולם",
        "Arabic numerals: العربية and the history of zero",
        "x < y and y > z: comparing numbers",
        "Tom & Jerry's guide to fractions",
        "#include and #define in the C preprocessor",
        "Budgets of $100 and $$ in LaTeX",
        "Windows paths like C:\\Users\\ada\\notes.txt and backslashes",
        "Café, naïve, façade, Straße and Łódź: letters with accents",
        "The 31415926535897932384626433832795th digit of π",
        "CH3COOH + NaHCO3 → CH3COONa + H2O + CO2",
        "  spaces   and\ttabs\nand line breaks  ",
    ]
    .iter()
    .map(|t| t.to_string())
    .chain([long_topic()])
    .collect()
}

fn brief(topic: &str) -> Brief {
    Brief::new(topic, 1, Minutes::whole(1), Wpm::new(150))
}

/// The slide's content area: the page (960 x 540 pt) less a margin.
const LEFT: f64 = 40.0;
const RIGHT: f64 = 920.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 530.0;

/// Every text run the page draws that is visible (not inside a clipped box), with its left
/// and right ends and its baseline, in page points.
fn text_runs(frame: &Frame, ts: Transform, out: &mut Vec<(String, Point, Point)>) {
    for (pos, item) in frame.items() {
        let at = ts.pre_concat(Transform::translate(pos.x, pos.y));
        match item {
            FrameItem::Group(group) if group.clip.is_none() => {
                text_runs(&group.frame, at.pre_concat(group.transform), out)
            }
            FrameItem::Text(text) => {
                let left = Point::zero().transform(at);
                let right = Point::new(text.width(), Abs::zero()).transform(at);
                out.push((text.text.to_string(), left, right));
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn every_awkward_topic_lays_out_with_its_text_inside_the_slide() {
    for topic in topics() {
        let storyboard = OfflineWriter
            .write(&brief(&topic))
            .await
            .unwrap_or_else(|e| panic!("{topic:?}: {e}"));
        storyboard
            .validate()
            .unwrap_or_else(|e| panic!("{topic:?}: {e}"));
        check_slides(&storyboard).unwrap_or_else(|e| panic!("{topic:?}: {e}"));
        let renderer = SlideRenderer::new(&storyboard);
        for (i, scene) in storyboard.scenes.iter().enumerate() {
            let document = renderer
                .compile(&SlideState::complete(i, scene))
                .unwrap_or_else(|e| panic!("{topic:?} scene {i}: {e}"));
            let mut runs = Vec::new();
            text_runs(&document.pages()[0].frame, Transform::identity(), &mut runs);
            assert!(!runs.is_empty(), "{topic:?} scene {i} draws text");
            for (text, left, right) in runs {
                let (x0, x1) = (left.x.to_pt(), right.x.to_pt());
                let y = left.y.to_pt();
                assert!(
                    x0 >= LEFT && x1 <= RIGHT && (TOP..=BOTTOM).contains(&y),
                    "{topic:?} scene {i} ({}): {:?} drawn from ({x0:.0}, {y:.0}) to {x1:.0}",
                    scene.visual.kind(),
                    visible(&text)
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_awkward_topic_renders_to_a_playable_video_with_captions_that_fit() {
    let pipeline = Pipeline::with_engines(
        Box::new(OfflineWriter),
        Box::new(EspeakNarrator::discover().expect("espeak-ng is installed")),
        PipelineConfig::default(),
    );
    gst::init().unwrap();
    for (n, topic) in topics().into_iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let output = pipeline
            .render(
                RenderInput::topic(topic.clone(), 1, Minutes::whole(1), Wpm::new(150)),
                dir.path(),
                |_| {},
                CancellationToken::new(),
            )
            .await
            .unwrap_or_else(|e| panic!("topic {n} {topic:?}: {e}"));
        let video = dir.path().join("video.mp4");
        let discoverer =
            gstreamer_pbutils::Discoverer::new(gst::ClockTime::from_seconds(30)).unwrap();
        let info = discoverer
            .discover_uri(&format!("file://{}", video.display()))
            .unwrap_or_else(|e| panic!("topic {n} {topic:?}: not playable: {e}"));
        let seconds = info.duration().map_or(0.0, |d| d.seconds_f64());
        assert!(seconds > 20.0, "topic {n} {topic:?}: {seconds} s");
        assert_eq!(info.video_streams().len(), 1);
        assert_eq!(info.audio_streams().len(), 1);
        // One topic's frames decoded in full: none is blank.
        if n == 2 {
            assert!(decode_frames(&video).len() > 10);
        }
        let captions = std::fs::read_to_string(dir.path().join("subtitles.vtt")).unwrap();
        for line in captions.lines().filter(|l| !l.contains("-->")) {
            assert!(
                line.chars().count() <= 42,
                "topic {n} {topic:?}: caption line {line:?}"
            );
        }
        assert!(output.duration_seconds > 20.0);
    }
}
