//! The frames + encode stage: slides are rendered on worker threads while the encoder
//! consumes them in order; short cross-fades mark each change of picture.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use gstreamer as gst;

use crate::CancellationToken;
use crate::encode::{EncodeSettings, Encoder, i420};
use crate::error::{PipelineError, Stage};
use crate::frames::{Frame, SlideRenderer};
use crate::narration::Narration;
use crate::storyboard::Storyboard;
use crate::timeline::Shot;

/// Frames per second of the cross-fades (stills are single frames of any length): a reveal
/// fades in over 4 frames, a new scene over 6, eased so that these few frames look smooth.
const FADE_FPS: f64 = 20.0;
const BEAT_FADE: f64 = 0.25;
const SCENE_FADE: f64 = 0.35;
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
    cancel: &CancellationToken,
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
        let (sender, receiver) =
            mpsc::sync_channel::<(usize, Result<gst::Buffer, PipelineError>)>(2);
        for _ in 0..settings.threads.max(1) {
            let sender = sender.clone();
            let (renderer, stop, next, render_nanos, encoder) =
                (&renderer, &stop, &next, &render_nanos, &encoder);
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
                    let picture = frame.and_then(|frame| picture(frame, settings, encoder));
                    if sender.send((i, picture)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);

        let mut pending = BTreeMap::new();
        let mut emitted = 0;
        let mut previous: Option<gst::Buffer> = None;
        let result = (|| {
            for (i, frame) in receiver.iter() {
                pending.insert(i, frame);
                while let Some(frame) = pending.remove(&emitted) {
                    if cancel.is_cancelled() {
                        return Err(PipelineError::Cancelled {
                            stage: Stage::Frames,
                        });
                    }
                    let picture = frame?;
                    stats.frames_encoded += emit(
                        &encoder,
                        &shots[emitted],
                        previous.as_ref(),
                        &picture,
                        settings.transitions,
                    )
                    .map_err(encode_error)?;
                    previous = Some(picture);
                    emitted += 1;
                    progress(emitted as f64 / shots.len() as f64);
                }
            }
            // mp4mux gives the last frame no duration: a closing copy at the very end makes
            // the picture track last exactly as long as the narration.
            if let (Some(last), Some(shot)) = (previous, shots.last()) {
                encoder
                    .push_frame(last, shot.end, 1.0 / FADE_FPS)
                    .map_err(encode_error)?;
                stats.frames_encoded += 1;
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

/// A rendered slide in the encoder's I420 (converted on the render thread).
fn picture(
    frame: Frame,
    settings: &VideoSettings,
    encoder: &Encoder,
) -> Result<gst::Buffer, PipelineError> {
    if frame.width != settings.width || frame.height != settings.height {
        return Err(PipelineError::message(
            Stage::Frames,
            format!("a slide rendered at {}x{}", frame.width, frame.height),
        ));
    }
    let (width, height) = (frame.width as usize, frame.height as usize);
    let mut pixels = vec![0; i420::size(width, height)];
    i420::from_rgba(&frame.rgba, width, height, &mut pixels);
    encoder
        .frame_buffer(pixels)
        .map_err(|e| PipelineError::failed(Stage::Encode, e))
}

/// The share of the new picture after `k` of `steps` fade frames, eased in and out.
fn fade_weight(k: u32, steps: u32) -> u16 {
    let x = f64::from(k) / f64::from(steps);
    (x * x * (3.0 - 2.0 * x) * 256.0).round() as u16
}

/// Pushes one shot: a cross-fade from the previous picture, then the still.
fn emit(
    encoder: &Encoder,
    shot: &Shot,
    previous: Option<&gst::Buffer>,
    picture: &gst::Buffer,
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
        let map_error = |e: gst::glib::BoolError| crate::encode::EncodeError::Push(e.to_string());
        let from = previous.map_readable().map_err(map_error)?;
        let to = picture.map_readable().map_err(map_error)?;
        for k in 1..steps {
            let mixed = encoder.pooled_frame(|out| {
                i420::blend(&from, &to, fade_weight(k, steps), out);
            })?;
            encoder.push_frame(mixed, t, 1.0 / FADE_FPS)?;
            t += 1.0 / FADE_FPS;
            pushed += 1;
        }
    }
    while shot.end - t > 1e-6 {
        let piece = (shot.end - t).min(MAX_STILL);
        encoder.push_frame(picture.clone(), t, piece)?;
        t += piece;
        pushed += 1;
    }
    Ok(pushed)
}
