//! `lectern render --source FILE`: the learner's documents read on this machine, without a
//! database, into the passages a lesson is written from (issue 50).

use std::path::{Path, PathBuf};

use anyhow::Context;
use lectern_pipeline::grounding::{Passage, passages};

/// The passages of `files` for a lesson on `topic` (`passages::for_lesson`); none without
/// files.
pub fn passages_for(files: &[PathBuf], topic: &str) -> anyhow::Result<Vec<Passage>> {
    let mut all = Vec::new();
    for file in files {
        all.extend(read(file)?);
    }
    Ok(passages::for_lesson(&all, topic))
}

/// One document's passages, its file name standing for its id.
fn read(file: &Path) -> anyhow::Result<Vec<Passage>> {
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let name = file.file_name().map(|n| n.to_string_lossy().to_string());
    let kind = lectern_sources::Kind::detect(name.as_deref(), None, &bytes).with_context(|| {
        format!(
            "{}: not a document Lectern reads (PDF, Markdown, text, HTML, DOCX or EPUB)",
            file.display()
        )
    })?;
    let document = lectern_sources::read(kind, &bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let id = name.clone().unwrap_or_else(|| file.display().to_string());
    let title = document.title.clone().or(name).unwrap_or_default();
    Ok(passages::of_document(
        &id,
        &title,
        document
            .passages
            .into_iter()
            .map(|p| (p.page, p.heading, p.text)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_markdown_file_becomes_passages_ranked_for_the_topic() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("glass.md");
        let section =
            |heading: &str, body: &str| format!("## {heading}\n\n{}\n\n", vec![body; 30].join(" "));
        std::fs::write(
            &file,
            format!(
                "# Veltrane glass\n\n{}{}",
                section("Founding", "Orla Quist founded the works in 1873."),
                section("Quenching", "The pane is quenched in brine at 9 degrees.")
            ),
        )
        .unwrap();
        let found = passages_for(&[file], "Quenching panes in brine").unwrap();
        assert!(found.len() >= 2, "{found:?}");
        assert!(found[0].text.contains("brine"), "{found:?}");
        assert_eq!(found[0].source_id, "glass.md");
        assert!(passages_for(&[], "anything").unwrap().is_empty());
        assert!(passages_for(&[dir.path().join("missing.md")], "x").is_err());
    }
}
