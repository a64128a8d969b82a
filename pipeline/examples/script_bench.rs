//! `cargo run --release -p lectern-pipeline --example script_bench [-- minutes ... [--topic T]]`
//!
//! The script stage on the local model against its floor, for a 1-, 2- and 5-minute video
//! (or the lengths given). The floor is the time to generate the final script's own tokens
//! (narration and slide text) once, at the model's rate for one request alone, measured here
//! first with one plain request; the ratio is the stage's wall time over it. Each length's
//! spend (requests, prompt tokens and those the server had cached, generated tokens, seconds
//! by kind of request) is what a job records in its result. Figures from one run; nothing is
//! asserted.

mod logs;

use std::time::Duration;

use lectern_pipeline::local_model;
use lectern_pipeline::script::spend::TokenCount;
use lectern_pipeline::{Pipeline, PipelineConfig, RenderInput};
use serde_json::{Value, json};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // RUST_LOG=lectern_pipeline=debug shows each script request with its tokens.
    logs::to_stderr_when_asked();
    let mut topic = "Photosynthesis".to_string();
    let mut lengths: Vec<f64> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--topic" {
            topic = args.next().unwrap_or(topic);
        } else {
            lengths.push(arg.parse()?);
        }
    }
    if lengths.is_empty() {
        lengths = vec![1.0, 2.0, 5.0];
    }

    let settings = local_model::LocalModelSettings::default();
    let Some(server) = local_model::start_if_wanted(&settings, false).await? else {
        println!("script bench: no local model is installed (run `just setup --bench`)");
        return Ok(());
    };
    println!("script bench: \"{topic}\" on {}", server.description());

    // The model's own rates for one request alone, on the server the scripts are written on.
    let probe: Value = reqwest::Client::builder()
        .timeout(Duration::from_secs(600))
        .build()?
        .post(format!("{}/chat/completions", server.base_url()))
        .json(&json!({
            "model": local_model::MODEL_ALIAS,
            "messages": [
                { "role": "system", "content": "You are an expert teacher who writes narrated slide lessons." },
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
    let rate = timings["predicted_per_second"].as_f64().unwrap_or(0.0);
    println!(
        "  one plain request: generation {rate:.1} tokens/s ({} tokens), prompt {:.1} tokens/s ({} tokens)",
        timings["predicted_n"],
        timings["prompt_per_second"].as_f64().unwrap_or(0.0),
        timings["prompt_n"]
    );
    if rate <= 0.0 {
        anyhow::bail!("the server reported no generation rate: {probe}");
    }

    let pipeline = Pipeline::new(PipelineConfig {
        llm: Some(server.writer_config()),
        ..PipelineConfig::default()
    })?;
    let mut ratios = Vec::new();
    for minutes in lengths {
        let input = RenderInput::topic(
            &topic,
            2,
            lectern_pipeline::Minutes::new(minutes),
            lectern_pipeline::Wpm::new(150),
        );
        let plan = pipeline.plan(&input, None, |_| {}).await?;
        let Some(spent) = plan.script_spend else {
            anyhow::bail!("the script stage made no model request");
        };
        println!(
            "\n  {minutes}-minute script: {:.1} s wall, {} words, {} scenes",
            spent.wall_seconds,
            plan.word_count,
            plan.storyboard.scenes.len()
        );
        print!("{}", spent.table());
        println!(
            "    prompt tokens read {} of {} ({:.0}% from the cache); generated {}, of which the \
             final script keeps {} ({:.0}%, counted by {})",
            spent.total.read_tokens(),
            spent.total.prompt_tokens,
            100.0 * spent.total.cached_prompt_tokens as f64
                / spent.total.prompt_tokens.max(1) as f64,
            spent.total.generated_tokens,
            spent.kept_tokens,
            100.0 * spent.kept_share(),
            match spent.kept_counted_by {
                Some(TokenCount::Tokenizer) => "the model's tokenizer",
                _ => "an estimate of 4 characters a token",
            }
        );
        println!(
            "    floor {:.1} s ({} tokens at {rate:.1} tokens/s)",
            spent.floor_seconds(rate),
            spent.kept_tokens
        );
        let ratio = spent.ratio_to_floor(rate);
        println!(
            "  script ratio to floor: {ratio:.2} ({minutes}-minute video, {rate:.1} tokens/s)"
        );
        ratios.push((minutes, ratio));
    }
    println!(
        "\n  ratios to floor (goal at most 2.0 for a 5-minute video): {}",
        ratios
            .iter()
            .map(|(m, r)| format!("{m} min {r:.2}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    server.shutdown().await;
    Ok(())
}
