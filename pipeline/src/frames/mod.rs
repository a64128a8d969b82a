//! Frames: one Typst template per scene kind (`slide.typ`), compiled and rasterised as a
//! library. A slide is rendered once per beat that changes the picture.

mod plot;
pub(crate) mod world;

use serde_json::{Value, json};
use typst::utils::Scalar;
use typst_layout::PagedDocument;
use typst_render::RenderOptions;

use crate::breaks;
use crate::storyboard::{LineRange, Scene, Storyboard, ValidationError, ValidationErrors, Visual};
use crate::titles::level_name;
use world::SlideWorld;
pub(crate) use world::TEMPLATE;

/// Slides are laid out on a 960 x 540 pt page and rasterised to the output size.
pub const PAGE_WIDTH_PT: f64 = 960.0;

#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("scene {scene} ({kind}) could not be laid out: {message}")]
    Layout {
        scene: usize,
        kind: &'static str,
        message: String,
    },
}

/// An RGBA picture (opaque, so premultiplied and straight alpha agree).
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// What one beat shows: frames are rendered once per distinct state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlideState {
    pub scene: usize,
    pub revealed: usize,
    pub focus: Option<LineRange>,
}

impl SlideState {
    pub fn at(scene_index: usize, scene: &Scene, beat: usize) -> Self {
        let revealed = scene.revealed_at(beat);
        let focus = match &scene.visual {
            Visual::Code { focus, .. } if revealed >= 2 => focus.get(revealed - 2).copied(),
            _ => None,
        };
        SlideState {
            scene: scene_index,
            revealed,
            focus,
        }
    }

    /// The scene with every element visible.
    pub fn complete(scene_index: usize, scene: &Scene) -> Self {
        SlideState {
            scene: scene_index,
            revealed: scene.visual.element_count(),
            focus: None,
        }
    }
}

/// Renders the slides of one storyboard.
pub struct SlideRenderer<'a> {
    storyboard: &'a Storyboard,
}

impl<'a> SlideRenderer<'a> {
    pub fn new(storyboard: &'a Storyboard) -> Self {
        SlideRenderer { storyboard }
    }

    /// What the slide of `state` is drawn from (the template's input).
    pub(crate) fn data(&self, state: &SlideState) -> Vec<u8> {
        let sb = self.storyboard;
        let scene = &sb.scenes[state.scene];
        let plot = match &scene.visual {
            Visual::Plot { series, .. } => plot::layout(series),
            _ => Value::Null,
        };
        let data = json!({
            "lesson": breaks::breakable(&sb.title),
            "subject": sb.subject.as_str(),
            "level": if sb.show_level { level_name(sb.level) } else { "" },
            "accent": sb.subject.accent(),
            "offline": sb.is_offline_draft(),
            "scene_index": state.scene,
            "scene_count": sb.scenes.len(),
            "revealed": state.revealed,
            "focus": state.focus.map(|f| [f.start, f.end]),
            "scene": with_breaks(serde_json::to_value(&scene.visual).expect("a visual serialises")),
            "plot": plot,
        });
        serde_json::to_vec(&data).expect("slide data serialises")
    }

    fn layout_error(&self, state: &SlideState, message: String) -> FrameError {
        FrameError::Layout {
            scene: state.scene,
            kind: self.storyboard.scenes[state.scene].visual.kind(),
            message,
        }
    }

    /// Lays the slide out; fails if anything does not fit or a formula does not parse.
    pub fn compile(&self, state: &SlideState) -> Result<PagedDocument, FrameError> {
        let world = SlideWorld::new(self.data(state));
        let document = typst::compile::<PagedDocument>(&world)
            .output
            .map_err(|diagnostics| {
                let messages: Vec<String> =
                    diagnostics.iter().map(|d| d.message.to_string()).collect();
                self.layout_error(state, messages.join("; "))
            })?;
        if document.pages().len() != 1 {
            return Err(self.layout_error(state, "the content overflows the slide".into()));
        }
        Ok(document)
    }

    fn pixmap(&self, state: &SlideState, width: u32) -> Result<tiny_skia::Pixmap, FrameError> {
        let document = self.compile(state)?;
        let options = RenderOptions {
            pixel_per_pt: Scalar::new(f64::from(width) / PAGE_WIDTH_PT),
            render_bleed: false,
        };
        Ok(typst_render::render(&document.pages()[0], &options))
    }

    /// Renders the slide at `width` pixels wide (16:9).
    pub fn render(&self, state: &SlideState, width: u32) -> Result<Frame, FrameError> {
        let pixmap = self.pixmap(state, width)?;
        Ok(Frame {
            width: pixmap.width(),
            height: pixmap.height(),
            rgba: pixmap.take(),
        })
    }
}

/// Scene `scene` of the storyboard with every element visible, as a PNG `width` pixels
/// wide: the storyboard editor's picture of a slide, drawn exactly as the video draws it.
pub fn scene_png(storyboard: &Storyboard, scene: usize, width: u32) -> Result<Vec<u8>, FrameError> {
    let renderer = SlideRenderer::new(storyboard);
    let state = SlideState::complete(scene, &storyboard.scenes[scene]);
    let pixmap = renderer.pixmap(&state, width)?;
    pixmap
        .encode_png()
        .map_err(|e| renderer.layout_error(&state, e.to_string()))
}

/// Whether the slides can draw `c`: one of their fonts has a glyph for it.
pub fn drawable(c: char) -> bool {
    world::covers(c)
}

/// The scene's text with break opportunities in its long words. Math (evaluated by Typst),
/// code (drawn verbatim, line by line) and the kind tag are left as written.
fn with_breaks(value: Value) -> Value {
    match value {
        Value::String(text) => Value::String(breaks::breakable(&text)),
        Value::Array(items) => Value::Array(items.into_iter().map(with_breaks).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, value)| match key.as_str() {
                    "math" | "code" | "language" | "kind" => (key, value),
                    _ => (key, with_breaks(value)),
                })
                .collect(),
        ),
        other => other,
    }
}

/// Lays out every scene fully revealed: formulas that do not parse and text that does not
/// fit are reported as validation errors, so a script writer can repair them.
pub fn check_slides(storyboard: &Storyboard) -> Result<(), ValidationErrors> {
    let renderer = SlideRenderer::new(storyboard);
    let errors: Vec<ValidationError> = storyboard
        .scenes
        .iter()
        .enumerate()
        .filter_map(|(i, scene)| {
            let state = SlideState::complete(i, scene);
            renderer.compile(&state).err().map(|e| ValidationError {
                path: format!("scenes[{i}]"),
                message: match e {
                    FrameError::Layout { message, .. } => message,
                },
            })
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ValidationErrors(errors))
    }
}
