//! The frames + encode stage: slides are rendered on worker threads while the encoder
//! consumes them in order; short cross-fades mark each change of picture.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::CancellationCheck;
use crate::encode::{EncodeSettings, Encoder};
use crate::error::{PipelineError, Stage};
use crate::frames::{Frame, SlideRenderer, blend};
use crate::narration::Narration;
use crate::storyboard::Storyboard;
use crate::timeline::Shot;

/// Frames per second of the cross-fades (stills are single frames of any length).
const FADE_FPS: f64 = 20.0;
const BEAT_FADE: f64 = 0.3;
const SCENE_FADE: f64 = 0.5;
/// A still is repeated at least this often, so that players and seeking stay responsive.
const MAX_STILL: f64 = 2.0;

#[derive(Debug, Clone)]
pub struct VideoSettings {
    pub width: u32,
    pub height: u32,
    pub transitions: bool,
    pub threads: usize,
}

#[derive(Debug, Clone, Default)]
pub struct VideoStats {
    pub slides_rendered: usize,
    pub frames_encoded: usize,
    /// Time spent inside Typst (summed over the render threads).
    pub render_cpu_seconds: f64,
}

pub fn encode_video(
    storyboard: &Storyboard,
    narration: &Narration,
    shots: &[Shot],
    settings: &VideoSettings,
    path: &Path,
    progress: &dyn Fn(f64),
    cancel: &CancellationCheck,
) -> Result<VideoStats, PipelineError> {
    let encode_error = |e| PipelineError::failed(Stage::Encode, e);
    let encoder = Encoder::start(
        path,
        &EncodeSettings {
            width: settings.width,
            height: settings.height,
            audio_rate: narration.sample_rate,
            quantizer: 21,
        },
    )
    .map_err(encode_error)?;
    if let Err(e) = encoder.push_audio(&narration.samples) {
        encoder.abort();
        return Err(encode_error(e));
    }

    let renderer = SlideRenderer::new(storyboard);
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let render_nanos = AtomicUsize::new(0);
    let mut stats = VideoStats {
        slides_rendered: shots.len(),
        ..VideoStats::default()
    };

    let outcome = std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel::<(usize, Result<Frame, PipelineError>)>(2);
        for _ in 0..settings.threads.max(1) {
            let sender = sender.clone();
            let (renderer, stop, next, render_nanos) = (&renderer, &stop, &next, &render_nanos);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= shots.len() || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let started = Instant::now();
                    let frame = renderer
                        .render(&shots[i].state, settings.width)
                        .map_err(|e| PipelineError::failed(Stage::Frames, e));
                    render_nanos.fetch_add(started.elapsed().as_nanos() as usize, Ordering::SeqCst);
                    if sender.send((i, frame)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);

        let mut pending = BTreeMap::new();
        let mut emitted = 0;
        let mut previous: Option<Vec<u8>> = None;
        let result = (|| {
            for (i, frame) in receiver.iter() {
                pending.insert(i, frame);
                while let Some(frame) = pending.remove(&emitted) {
                    if cancel.is_cancelled() {
                        return Err(PipelineError::Cancelled {
                            stage: Stage::Frames,
                        });
                    }
                    let frame = frame?;
                    if frame.width != settings.width || frame.height != settings.height {
                        return Err(PipelineError::message(
                            Stage::Frames,
                            format!("a slide rendered at {}x{}", frame.width, frame.height),
                        ));
                    }
                    stats.frames_encoded += emit(
                        &encoder,
                        &shots[emitted],
                        previous.as_deref(),
                        &frame.rgba,
                        settings.transitions,
                    )
                    .map_err(encode_error)?;
                    previous = Some(frame.rgba);
                    emitted += 1;
                    progress(emitted as f64 / shots.len() as f64);
                }
            }
            Ok(())
        })();
        if result.is_err() {
            stop.store(true, Ordering::SeqCst);
            // Unblock the render threads so that the scope can end.
            for _ in receiver.iter() {}
        }
        result
    });
    stats.render_cpu_seconds = Duration::from_nanos(render_nanos.into_inner() as u64).as_secs_f64();

    match outcome {
        Ok(()) => {
            encoder.finish().map_err(encode_error)?;
            Ok(stats)
        }
        Err(error) => {
            encoder.abort();
            let _ = std::fs::remove_file(path);
            Err(error)
        }
    }
}

/// Pushes one shot: a cross-fade from the previous picture, then the still.
fn emit(
    encoder: &Encoder,
    shot: &Shot,
    previous: Option<&[u8]>,
    rgba: &[u8],
    transitions: bool,
) -> Result<usize, crate::encode::EncodeError> {
    let mut pushed = 0;
    let mut t = shot.start;
    let length = shot.end - shot.start;
    if let (Some(previous), true) = (previous, transitions) {
        let fade = if shot.new_scene {
            SCENE_FADE
        } else {
            BEAT_FADE
        }
        .min(length * 0.4);
        let steps = (fade * FADE_FPS).round() as u32;
        for k in 1..steps {
            let mixed = blend(previous, rgba, k * 256 / steps);
            encoder.push_frame(&encoder.frame_buffer(mixed)?, t, 1.0 / FADE_FPS)?;
            t += 1.0 / FADE_FPS;
            pushed += 1;
        }
    }
    let still = encoder.frame_buffer(rgba.to_vec())?;
    while shot.end - t > 1e-6 {
        let piece = (shot.end - t).min(MAX_STILL);
        encoder.push_frame(&still, t, piece)?;
        t += piece;
        pushed += 1;
    }
    Ok(pushed)
}
