//! `just record-corpus [slug ...]`: runs the script stage of every corpus brief
//! (`pipeline/tests/corpus/briefs.json`) against the installed local model and stores each
//! request with the model's raw reply in `pipeline/tests/corpus/<slug>.json.gz`. Without
//! slugs it records the briefs that have no recording yet; `--all` records every brief again
//! (after the model or a prompt changed). A brief with `sources` is written from the passages
//! of those documents (`pipeline/tests/corpus/sources/`), read as the server reads them and
//! kept in its recording. `just quality` replays them.

mod logs;

use std::path::Path;
use std::time::Instant;

use lectern_pipeline::corpus::{self, Recorder, Recording};
use lectern_pipeline::grounding::passages::{self, Passage};
use lectern_pipeline::local_model;
use lectern_pipeline::script::{OpenAiWriter, write_scene_by_scene};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    logs::to_stderr_when_asked();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let chosen: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let dir = corpus::corpus_dir();
    let briefs = corpus::briefs(&dir)?;
    let todo: Vec<_> = briefs
        .iter()
        .filter(|b| {
            if !chosen.is_empty() {
                chosen.iter().any(|s| **s == b.slug)
            } else {
                all || !dir.join(format!("{}.json.gz", b.slug)).exists()
            }
        })
        .collect();
    if todo.is_empty() {
        println!("record-corpus: every brief has a recording (--all records them again)");
        return Ok(());
    }
    let mut settings = local_model::LocalModelSettings::default();
    // Fewer threads than cores when other work shares the machine: llama.cpp's threads wait
    // for each other at every step, so one thread held up by another process holds up all.
    if let Some(threads) = std::env::var("LECTERN_RECORD_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
    {
        settings.threads = threads;
    }
    let Some(server) = local_model::start_if_wanted(&settings, false).await? else {
        anyhow::bail!("no local model is installed: run `just setup --bench` first");
    };
    println!(
        "record-corpus: {} briefs on {}",
        todo.len(),
        server.description()
    );
    let commit = command_output("git", &["rev-parse", "--short", "HEAD"]);
    for brief in todo {
        let writer = OpenAiWriter::new(server.writer_config())?;
        let model = lectern_pipeline::script::ScriptWriter::engine(&writer);
        let parallel = lectern_pipeline::script::JsonModel::parallel(&writer);
        let recorder = Recorder::new(writer);
        let mut lesson = lectern_pipeline::Brief::new(
            brief.topic.clone(),
            brief.level,
            lectern_pipeline::Minutes::new(brief.minutes),
            lectern_pipeline::Wpm::new(150),
        );
        lesson.passages = passages_of(&dir.join("sources"), &brief.sources, &brief.topic)?;
        let started = Instant::now();
        let written = write_scene_by_scene(&recorder, &lesson, None).await;
        let seconds = started.elapsed().as_secs_f64();
        let recording = Recording {
            slug: brief.slug.clone(),
            topic: brief.topic.clone(),
            level: brief.level,
            minutes: brief.minutes,
            wpm: lesson.wpm.get(),
            model,
            parallel,
            commit: commit.clone(),
            recorded_at: command_output("date", &["-u", "+%Y-%m-%dT%H:%M:%SZ"]),
            seconds,
            outcome: written.as_ref().map(|_| ()).map_err(|e| e.to_string()),
            exchanges: recorder.into_exchanges(),
            passages: lesson.passages.clone(),
        };
        let path = dir.join(format!("{}.json.gz", brief.slug));
        recording.save(&path)?;
        println!(
            "  {:<22} {:>4} min  {:>6.1} s  {:>4} requests  {}",
            brief.slug,
            brief.minutes,
            seconds,
            recording.exchanges.len(),
            match &written {
                Ok(s) => format!("{} words", s.word_count()),
                Err(e) => format!("failed: {e}"),
            }
        );
    }
    server.shutdown().await;
    Ok(())
}

/// The passages a lesson on `topic` from `files` (Markdown, in `folder`) is given, as
/// `lectern render --source` gives them; none without files.
fn passages_of(folder: &Path, files: &[String], topic: &str) -> anyhow::Result<Vec<Passage>> {
    let mut all = Vec::new();
    for file in files {
        let text = std::fs::read(folder.join(file))?;
        let document = lectern_sources::read(lectern_sources::Kind::Markdown, &text)
            .map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
        let title = document.title.clone().unwrap_or_else(|| file.clone());
        all.extend(passages::of_document(
            file,
            &title,
            document
                .passages
                .into_iter()
                .map(|p| (p.page, p.heading, p.text)),
        ));
    }
    Ok(passages::for_lesson(&all, topic))
}

fn command_output(program: &str, args: &[&str]) -> String {
    std::process::Command::new(program)
        .args(args)
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}
