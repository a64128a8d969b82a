//! `cargo run --release -p lectern-pipeline --example local_model_bench [-- "topic" minutes model-id]`
//!
//! The script stage on the local model (the installed default, or the catalog model named by
//! the third argument): the server's prompt and generation speed on a probe request, the
//! seconds for one storyboard, and the wall time of a whole video with its script, against
//! the 90-second goal for a 5-minute video. Figures from one run; nothing is asserted.

mod logs;
mod timed;

use std::time::{Duration, Instant};

use lectern_pipeline::local_model;
use lectern_pipeline::script::{OpenAiWriter, ScriptWriter};
use lectern_pipeline::{Brief, Pipeline, PipelineConfig, RenderInput};
use serde_json::{Value, json};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // RUST_LOG=lectern_pipeline=debug shows each script request with its time and size.
    logs::to_stderr_when_asked();
    let mut args = std::env::args().skip(1);
    let topic = args.next().unwrap_or_else(|| "Photosynthesis".into());
    let minutes: f64 = args.next().map(|m| m.parse()).transpose()?.unwrap_or(5.0);
    let mut settings = local_model::LocalModelSettings::default();
    if let Some(id) = args.next() {
        settings.mode = local_model::LocalModelMode::model(&id)?;
    }

    let started = Instant::now();
    let Some(server) = local_model::start_if_wanted(&settings, false).await? else {
        println!("local model bench: no local model is installed (run `just setup --bench`)");
        return Ok(());
    };
    let load = started.elapsed().as_secs_f64();
    println!("local model bench: {}", server.description());
    println!("  server start (load + health)   {load:>7.2} s");

    // The server's own speed figures for one request of a storyboard's shape.
    let probe: Value = reqwest::Client::builder()
        .timeout(Duration::from_secs(600))
        .build()?
        .post(format!("{}/chat/completions", server.base_url()))
        .json(&json!({
            "model": local_model::MODEL_ALIAS,
            "messages": [
                { "role": "system", "content": "You are an expert teacher who writes narrated slide lessons. ".repeat(20) },
                { "role": "user", "content": "Explain in about 150 words how tides work." }
            ],
            "max_tokens": 256,
            "temperature": 0.3,
            "seed": 1
        }))
        .send()
        .await?
        .json()
        .await?;
    let timings = &probe["timings"];
    println!(
        "  prompt processing              {:>7.1} tokens/s ({} tokens)",
        timings["prompt_per_second"].as_f64().unwrap_or(0.0),
        timings["prompt_n"]
    );
    println!(
        "  generation                     {:>7.1} tokens/s ({} tokens)",
        timings["predicted_per_second"].as_f64().unwrap_or(0.0),
        timings["predicted_n"]
    );

    let writer = OpenAiWriter::new(server.writer_config())?;
    let brief = Brief::new(
        topic.clone(),
        2,
        lectern_pipeline::Minutes::new(minutes),
        lectern_pipeline::Wpm::new(150),
    );
    let clock = Instant::now();
    let storyboard = writer.write(&brief).await?;
    let script = clock.elapsed().as_secs_f64();
    let usage = writer.usage();
    println!(
        "  one storyboard (\"{topic}\", {minutes} min)  {script:>7.2} s: {} scenes, {} words",
        storyboard.scenes.len(),
        storyboard.word_count()
    );
    println!(
        "    {} requests (the plan, the scenes, checks, any scene asked again), {} characters of JSON \
         answered, {:.0} characters/s",
        usage.requests,
        usage.answer_chars,
        usage.answer_chars as f64 / script
    );

    // The same storyboard with the scenes written one after another (one slot), for the
    // ratio of the parallel slots.
    let mut one_slot = server.writer_config();
    one_slot.parallel = 1;
    let sequential = OpenAiWriter::new(one_slot)?;
    let clock = Instant::now();
    let storyboard = sequential.write(&brief).await?;
    let one_by_one = clock.elapsed().as_secs_f64();
    println!(
        "  the same, one request at a time {one_by_one:>7.2} s: {} scenes, {} words, {} requests; \
         {} slots side by side are {:.2}x as fast",
        storyboard.scenes.len(),
        storyboard.word_count(),
        sequential.usage().requests,
        local_model::SLOTS,
        one_by_one / script
    );

    let config = PipelineConfig {
        llm: Some(server.writer_config()),
        ..PipelineConfig::default()
    };
    let pipeline = Pipeline::new(config)?;
    let out = timed::fresh_dir("lectern-local-model-bench");
    let input = RenderInput::topic(
        &topic,
        2,
        lectern_pipeline::Minutes::new(minutes),
        lectern_pipeline::Wpm::new(150),
    );
    let (output, wall) = timed::render(&pipeline, input, &out).await?;
    let s = &output.stages;
    println!(
        "  whole video with its script    {wall:>7.2} s for {} of video ({:.1}x real time)",
        output.duration,
        output.duration_seconds / wall
    );
    println!(
        "    script {:.1} s ({:.0}% of the wall time), narration {:.1} s, frames+encode {:.1} s, outputs {:.1} s",
        s.script,
        100.0 * s.script / wall,
        s.narration,
        s.frames_encode,
        s.outputs
    );
    println!(
        "  against the goal of 90 s for a 5-minute video: {:.2}x the goal",
        wall / 90.0 * (5.0 / minutes)
    );
    server.shutdown().await;
    Ok(())
}
