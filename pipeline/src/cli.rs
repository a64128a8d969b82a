//! `lectern render`: the pipeline from the command line, without a server.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use lectern_contract::{Minutes, Wpm};

use crate::PipelineConfig;
use crate::local_model::LocalModelSettings;
use crate::pipeline::{CancellationToken, Pipeline, RenderInput, Resolution};
use crate::storyboard::Storyboard;

#[derive(Debug, Clone, clap::Args)]
pub struct RenderArgs {
    /// What the lesson is about (the script is written by the configured writer).
    #[arg(
        long,
        required_unless_present = "storyboard",
        conflicts_with = "storyboard"
    )]
    pub topic: Option<String>,
    /// Render this storyboard JSON file as it is.
    #[arg(long, value_name = "FILE")]
    pub storyboard: Option<PathBuf>,
    /// 1-3 or beginner, intermediate, advanced.
    #[arg(long, default_value = "2", value_parser = parse_level)]
    pub level: u8,
    /// Length in minutes.
    #[arg(long, default_value_t = 5.0)]
    pub duration: f64,
    /// Speaking rate in words per minute.
    #[arg(long, default_value_t = 150)]
    pub wpm: u32,
    #[arg(long, value_enum, default_value_t = Resolution::Hd720)]
    pub resolution: Resolution,
    /// Output folder.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Write the storyboard only.
    #[arg(long)]
    pub dry_run: bool,
    /// A document to write the lesson from (PDF, Markdown, text, HTML, DOCX or EPUB; repeatable): every
    /// narrated sentence cites one of its passages and is checked against it.
    #[arg(long = "source", value_name = "FILE", requires = "topic")]
    pub sources: Vec<PathBuf>,
    /// The passages of `sources`, read by the caller (this crate reads no documents).
    #[arg(skip)]
    pub passages: Vec<crate::grounding::Passage>,
}

/// DESIGN.md: 1-3 or the level names; anything else is intermediate.
/// The study sheet `lectern render` leaves beside the video.
pub const STUDY_SHEET: &str = "study-sheet.pdf";

pub fn parse_level(value: &str) -> Result<u8, String> {
    Ok(match value.trim().to_ascii_lowercase().as_str() {
        "1" | "beginner" => 1,
        "3" | "advanced" => 3,
        _ => 2,
    })
}

/// Renders with the given pipeline settings; the local model is started when `config` names
/// no model and `local` allows it.
pub async fn run_render(
    args: RenderArgs,
    mut config: PipelineConfig,
    local: &LocalModelSettings,
) -> anyhow::Result<()> {
    if !(0.25..=20.0).contains(&args.duration) {
        anyhow::bail!("--duration must be between 0.25 and 20 minutes");
    }
    if !(80..=260).contains(&args.wpm) {
        anyhow::bail!("--wpm must be between 80 and 260");
    }
    let input = match (&args.topic, &args.storyboard) {
        (Some(topic), _) => RenderInput::topic(
            topic,
            args.level,
            Minutes::new(args.duration),
            Wpm::new(args.wpm),
        )
        .with_passages(args.passages.clone()),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let storyboard = Storyboard::from_json(&text).map_err(|e| {
                anyhow::anyhow!("{} is not a valid storyboard: {e}", path.display())
            })?;
            // An earlier render into the same folder (an edited storyboard rendered again)
            // lends its voice: only the sentences it did not say are spoken, as the editor's
            // re-render does.
            let input = RenderInput::storyboard(storyboard);
            if args.out.join(crate::narration::reuse::INDEX).is_file() {
                input.reusing(&args.out)
            } else {
                input
            }
        }
        (None, None) => anyhow::bail!("give --topic or --storyboard"),
    }
    .with_resolution(args.resolution);

    let local = crate::local_model::start_if_wanted(local, config.llm.is_some())
        .await
        .context(
            "starting the local language model (set LECTERN_LOCAL_MODEL=off to use the offline writer)",
        )?;
    if let Some(local) = &local {
        eprintln!("{} on {}", local.description(), local.base_url());
        config.llm = Some(local.writer_config());
    }
    let pipeline = Pipeline::new(config)?;
    let result = render_with(&pipeline, input, &args).await;
    if let Some(local) = local {
        local.shutdown().await;
    }
    result
}

async fn render_with(
    pipeline: &Pipeline,
    input: RenderInput,
    args: &RenderArgs,
) -> anyhow::Result<()> {
    let engines = pipeline.engines();
    eprintln!(
        "script: {}   narration: {}",
        engines.script, engines.narration
    );
    let progress = |p: crate::Progress| {
        eprint!("\r[{:>3}%] {:<60}", p.percent, p.step);
        let _ = std::io::stderr().flush();
    };

    if args.dry_run {
        let plan = pipeline.plan(&input, Some(&args.out), progress).await?;
        eprintln!();
        println!(
            "Storyboard \"{}\": {} scenes, {} words (about {:.0} s) -> {}",
            plan.storyboard.title,
            plan.storyboard.scenes.len(),
            plan.word_count,
            plan.estimated_seconds,
            args.out.join(crate::outputs::STORYBOARD).display()
        );
        return Ok(());
    }

    let output = pipeline
        .render(input, &args.out, progress, CancellationToken::new())
        .await?;
    eprintln!();
    let s = &output.stages;
    println!("{} ({})", output.smart_title, output.level_title);
    if output.offline_draft {
        println!(
            "  offline draft: no language model (run `just setup` to install the local model, or set LECTERN_LLM_BASE_URL)"
        );
    }
    println!(
        "  {} long, {} scenes, {} words, {} slides, {} frames, {} caption cues",
        output.duration,
        output.scenes,
        output.word_count,
        output.slides_rendered,
        output.frames_encoded,
        output.subtitle_cues
    );
    println!(
        "  engines: script {}, narration {}",
        output.engines.script, output.engines.narration
    );
    println!(
        "  seconds: script {:.1}, narration {:.1}, frames+encode {:.1}, outputs {:.1}, total {:.1}",
        s.script, s.narration, s.frames_encode, s.outputs, s.total
    );
    // The printable study sheet, as the server makes it for the player's "Study sheet" link.
    let storyboard = std::fs::read_to_string(args.out.join(crate::outputs::STORYBOARD))?;
    let storyboard: crate::Storyboard = serde_json::from_str(&storyboard)?;
    std::fs::write(
        args.out.join(STUDY_SHEET),
        crate::study_sheet::pdf(&storyboard)?,
    )?;
    println!(
        "  files in {}: video.mp4, subtitles.vtt/.srt, chapters.vtt, transcript.json, thumbnail.jpg, storyboard.json, result.json, {STUDY_SHEET}",
        args.out.display()
    );
    Ok(())
}
