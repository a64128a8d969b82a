//! What the pipeline's benches share: one whole render, timed.

use std::path::{Path, PathBuf};
use std::time::Instant;

use lectern_pipeline::{CancellationToken, Pipeline, RenderInput, RenderOutput};

/// A fresh folder `name` under the temp directory (emptied if it was there).
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Renders `input` into `out`: the output and the wall seconds it took.
pub async fn render(
    pipeline: &Pipeline,
    input: RenderInput,
    out: &Path,
) -> anyhow::Result<(RenderOutput, f64)> {
    let clock = Instant::now();
    let output = pipeline
        .render(input, out, |_| {}, CancellationToken::new())
        .await?;
    Ok((output, clock.elapsed().as_secs_f64()))
}
