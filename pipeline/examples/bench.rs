//! `cargo run --release -p lectern-pipeline --example bench [-- "topic" minutes]`
//!
//! Renders a 5-minute offline video (offline writer, Piper when installed, else espeak-ng)
//! and prints seconds per stage and speeds as output seconds per wall second. Ratios only:
//! nothing here asserts an absolute time.

mod timed;

use lectern_pipeline::{Pipeline, PipelineConfig, RenderInput};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let topic = args
        .next()
        .unwrap_or_else(|| "Binary search in Python".into());
    let minutes: f64 = args.next().map(|m| m.parse()).transpose()?.unwrap_or(5.0);

    let config = PipelineConfig {
        llm: None,
        ..PipelineConfig::default()
    };
    let pipeline = Pipeline::new(config)?;
    let out = timed::fresh_dir("lectern-bench");
    let input = RenderInput::topic(
        &topic,
        2,
        lectern_pipeline::Minutes::new(minutes),
        lectern_pipeline::Wpm::new(150),
    );
    let (output, wall) = timed::render(&pipeline, input, &out).await?;
    let s = &output.stages;
    let video = output.duration_seconds;

    println!("lectern pipeline bench: \"{topic}\", {minutes} minutes requested, offline writer");
    println!(
        "  engines     script {}, narration {}",
        output.engines.script, output.engines.narration
    );
    println!(
        "  video       {:.1} s ({}), {} scenes, {} words, {} slides rendered, {} frames encoded, {}",
        video,
        output.duration,
        output.scenes,
        output.word_count,
        output.slides_rendered,
        output.frames_encoded,
        match output.resolution {
            lectern_pipeline::Resolution::Hd720 => "1280x720",
            lectern_pipeline::Resolution::Hd1080 => "1920x1080",
        }
    );
    println!("  seconds per stage");
    println!("    script          {:>7.2}", s.script);
    println!(
        "    narration       {:>7.2}   ({:.1}x real time)",
        s.narration,
        video / s.narration
    );
    println!(
        "    frames+encode   {:>7.2}   ({:.1}x real time; Typst {:.2} s of CPU)",
        s.frames_encode,
        video / s.frames_encode,
        s.frames_render_cpu
    );
    println!("    outputs         {:>7.2}", s.outputs);
    println!(
        "    total           {:>7.2}   ({:.1}x real time)",
        s.total,
        video / s.total
    );
    println!(
        "  render + encode speed: {:.1} output seconds per wall second",
        video / s.frames_encode
    );
    println!(
        "  whole video: {:.1} s wall for {:.1} s of video",
        wall, video
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "  machine: {} cores, load average {}",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!("  files in {}", out.display());

    // The storyboard editor's fix: one scene of the finished video changed, rendered again
    // re-using the narration of the others (what a revision job does).
    let mut storyboard: lectern_pipeline::Storyboard =
        serde_json::from_slice(&std::fs::read(out.join("storyboard.json"))?)?;
    let middle = storyboard.scenes.len() / 2;
    storyboard.scenes[middle].narration[0] = "Here is one sentence a teacher rewrote.".into();
    let edited = timed::fresh_dir("lectern-bench-edit");
    let input = RenderInput::storyboard(storyboard).reusing(&out);
    let (again, edit_wall) = timed::render(&pipeline, input, &edited).await?;
    let e = &again.stages;
    println!(
        "  re-render of one changed scene (of {}): {:.2} s wall = {:.1}% of the full render's {:.2} s \
         ({} of {} sentences spoken again, {} of {} picture units made again, {} slides drawn; \
         narration {:.2} s, frames+encode {:.2} s, outputs {:.2} s)",
        again.scenes,
        edit_wall,
        100.0 * edit_wall / (wall - s.script).max(f64::EPSILON),
        wall - s.script,
        again.sentences_spoken,
        again.sentences_spoken + again.sentences_reused,
        again.video_units - again.video_units_reused,
        again.video_units,
        again.slides_rendered,
        e.narration,
        e.frames_encode,
        e.outputs,
    );
    println!(
        "    (the full render's time without its script stage, which an edit never runs; \
         with it: {:.1}%. The voice stays running between renders, as in a worker: the full \
         render started it, the edit found it warm)",
        100.0 * edit_wall / wall
    );
    reference_lookups();
    Ok(())
}

/// The offline reference's lookups (WordNet, FOLDOC, GCIDE): loading the data (once a process)
/// against one lookup, which the script stage pays per topic and per scene heading.
fn reference_lookups() {
    use lectern_pipeline::grounding::{DICTD_DIR, Grounding, WORDNET_DIR};
    use std::path::Path;
    let topics = [
        "Introduction to binary search trees",
        "Supply and demand",
        "Why is the sky blue?",
        "The French Revolution",
        "The fall of the Western Roman Empire",
    ];
    let start = std::time::Instant::now();
    let grounding = Grounding::load(Path::new(WORDNET_DIR), Path::new(DICTD_DIR));
    let load = start.elapsed().as_secs_f64();
    let start = std::time::Instant::now();
    for topic in topics {
        grounding.lookup(topic);
    }
    let each = start.elapsed().as_secs_f64() / topics.len() as f64;
    println!(
        "  reference lookup: {:.2} ms a topic, loading the data {:.0} ms ({:.0}x a lookup)",
        each * 1000.0,
        load * 1000.0,
        load / each.max(f64::EPSILON)
    );
}
