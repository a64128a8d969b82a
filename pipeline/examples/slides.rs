//! `cargo run -p lectern-pipeline --example slides -- STORYBOARD.json OUT_DIR`
//!
//! Renders every scene of a storyboard, fully revealed, to JPEG files: a quick way to look
//! at the templates without narrating or encoding anything.

use jpeg_encoder::{ColorType, Encoder};
use lectern_pipeline::Storyboard;
use lectern_pipeline::frames::{SlideRenderer, SlideState};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or_else(|| anyhow::anyhow!("give a storyboard file"))?;
    let out = std::path::PathBuf::from(args.next().unwrap_or_else(|| "slides".into()));
    std::fs::create_dir_all(&out)?;
    let storyboard = Storyboard::from_json(&std::fs::read_to_string(path)?)?;
    let renderer = SlideRenderer::new(&storyboard);
    for (i, scene) in storyboard.scenes.iter().enumerate() {
        let frame = renderer.render(&SlideState::complete(i, scene), 1280)?;
        let file = out.join(format!("{i:02}-{}.jpg", scene.visual.kind()));
        Encoder::new_file(&file, 90)?.encode(
            &frame.rgba,
            frame.width as u16,
            frame.height as u16,
            ColorType::Rgba,
        )?;
        println!("{}", file.display());
    }
    Ok(())
}
