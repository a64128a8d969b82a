//! Encode: GStreamer appsrc -> x264 (H.264) into access units kept in memory, then the
//! units and the narration (AAC) -> MP4 with the index at the front.
//! Frames are pushed only when the picture changes (variable frame rate), each with its
//! own timestamp and duration, so a still slide costs one frame, not thirty a second.
//! Pictures arrive as I420 (see `i420`), so no colour conversion runs per frame.
//!
//! Encoding and muxing are apart so that an edit can copy the encoded pictures of the
//! scenes it did not change out of the earlier video ([`demux_video`]) and encode only the
//! others: [`Encoder::key_frame_at`] starts each scene's pictures with an IDR frame, which
//! references nothing before it.

pub mod i420;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, Mutex, Once};

use gstreamer as gst;
use gstreamer::prelude::*;
use gstreamer_app as gst_app;

#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    #[error("GStreamer could not start: {0}")]
    Init(String),
    #[error("the encoding pipeline could not be built (is {hint} installed?): {message}")]
    Build { message: String, hint: &'static str },
    #[error("a frame or audio buffer was refused: {0}")]
    Push(String),
    #[error("the encoder failed: {0}")]
    Pipeline(String),
}

static INIT: Once = Once::new();

fn init() -> Result<(), EncodeError> {
    let mut result = Ok(());
    INIT.call_once(|| result = gst::init().map_err(|e| EncodeError::Init(e.to_string())));
    result
}

/// Encoder settings: constant quality (x264 `pass=qual`), tuned for slides.
#[derive(Debug, Clone)]
pub struct EncodeSettings {
    pub width: u32,
    pub height: u32,
    pub quantizer: u32,
}

/// H.264 access units (AVC, one picture each) with their caps, which carry the SPS/PPS.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub caps: gst::Caps,
    pub samples: Vec<gst::Buffer>,
}

/// Whether access units made with `a` and with `b` can share one track: the same SPS/PPS.
pub fn same_parameter_sets(a: &gst::Caps, b: &gst::Caps) -> bool {
    codec_data(a).is_some() && codec_data(a) == codec_data(b)
}

fn codec_data(caps: &gst::Caps) -> Option<Vec<u8>> {
    let buffer = caps.structure(0)?.get::<gst::Buffer>("codec_data").ok()?;
    let map = buffer.map_readable().ok()?;
    Some(map.to_vec())
}

fn seconds(t: f64) -> gst::ClockTime {
    gst::ClockTime::from_nseconds((t.max(0.0) * 1e9).round() as u64)
}

fn build_error(message: String) -> EncodeError {
    EncodeError::Build {
        message,
        hint: "gstreamer1.0-plugins-{base,good,bad,ugly} and gstreamer1.0-libav",
    }
}

fn launch(description: &str) -> Result<gst::Pipeline, EncodeError> {
    init()?;
    gst::parse::launch(description)
        .map_err(|e| build_error(e.to_string()))?
        .downcast::<gst::Pipeline>()
        .map_err(|_| build_error("not a pipeline".into()))
}

fn element<T: IsA<gst::Element>>(pipeline: &gst::Pipeline, name: &str) -> Result<T, EncodeError> {
    pipeline
        .by_name(name)
        .ok_or_else(|| build_error(format!("no element {name}")))?
        .downcast::<T>()
        .map_err(|_| build_error(format!("{name} is not the expected element")))
}

/// An appsink that keeps every buffer it receives (and the caps of the first).
fn collect_into(sink: &gst_app::AppSink) -> Arc<Mutex<Option<Encoded>>> {
    let collected: Arc<Mutex<Option<Encoded>>> = Arc::default();
    let store = collected.clone();
    sink.set_callbacks(
        gst_app::AppSinkCallbacks::builder()
            .new_sample(move |sink| {
                let sample = sink.pull_sample().map_err(|_| gst::FlowError::Eos)?;
                let (Some(mut buffer), Some(caps)) = (sample.buffer_owned(), sample.caps_owned())
                else {
                    return Err(gst::FlowError::Error);
                };
                // Timestamps as times in the video: x264 shifts its segment by 1000 hours.
                if let Some(segment) = sample
                    .segment()
                    .and_then(|s| s.downcast_ref::<gst::ClockTime>())
                {
                    let at = buffer.pts().and_then(|pts| segment.to_running_time(pts));
                    let buffer = buffer.make_mut();
                    buffer.set_pts(at);
                    buffer.set_dts(at);
                }
                let mut store = store.lock().expect("the unit store is not poisoned");
                store
                    .get_or_insert_with(|| Encoded {
                        caps,
                        samples: Vec::new(),
                    })
                    .samples
                    .push(buffer);
                Ok(gst::FlowSuccess::Ok)
            })
            .build(),
    );
    collected
}

/// Waits for the end of stream (or the first error), then stops the pipeline.
fn run_to_end(pipeline: &gst::Pipeline) -> Result<(), EncodeError> {
    let bus = pipeline.bus().expect("a pipeline has a bus");
    let result = loop {
        let Some(message) = bus.timed_pop(gst::ClockTime::from_seconds(600)) else {
            break Err(EncodeError::Pipeline(
                "no end of stream after 10 minutes".into(),
            ));
        };
        match message.view() {
            gst::MessageView::Eos(..) => break Ok(()),
            gst::MessageView::Error(err) => {
                break Err(EncodeError::Pipeline(format!(
                    "{} ({})",
                    err.error(),
                    err.debug().map(|d| d.to_string()).unwrap_or_default()
                )));
            }
            _ => {}
        }
    };
    let _ = pipeline.set_state(gst::State::Null);
    result
}

fn play(pipeline: &gst::Pipeline) -> Result<(), EncodeError> {
    pipeline
        .set_state(gst::State::Playing)
        .map(|_| ())
        .map_err(|e| EncodeError::Pipeline(format!("could not start: {e}")))
}

/// Pictures to H.264 access units in memory.
pub struct Encoder {
    pipeline: gst::Pipeline,
    video: gst_app::AppSrc,
    /// Times of the frames to encode as IDR pictures (see [`Encoder::key_frame_at`]).
    key_frames: Arc<Mutex<BTreeSet<gst::ClockTime>>>,
    frame_bytes: usize,
    /// Recycles the buffers of blended frames once x264 has consumed them.
    pool: gst::BufferPool,
    encoded: Arc<Mutex<Option<Encoded>>>,
}

impl Encoder {
    pub fn start(settings: &EncodeSettings) -> Result<Encoder, EncodeError> {
        let description = format!(
            "appsrc name=video format=time is-live=false block=true \
               caps=video/x-raw,format=I420,width={w},height={h},framerate=0/1,colorimetry={colorimetry} \
             ! x264enc name=x264 speed-preset=superfast tune=stillimage+zerolatency pass=qual quantizer={q} \
               key-int-max=20 bframes=0 \
             ! video/x-h264,profile=high,stream-format=avc,alignment=au \
             ! appsink name=units sync=false",
            w = settings.width,
            h = settings.height,
            colorimetry = i420::COLORIMETRY,
            q = settings.quantizer,
        );
        let pipeline = launch(&description)?;
        let video: gst_app::AppSrc = element(&pipeline, "video")?;
        let key_frames = request_key_frames(&video)?;
        let encoded = collect_into(&element(&pipeline, "units")?);
        let frame_bytes = i420::size(settings.width as usize, settings.height as usize);
        // A few frames of backlog keep x264 busy while the next slide renders.
        video.set_max_bytes((frame_bytes * 6) as u64);
        let pool = gst::BufferPool::new();
        let mut config = pool.config();
        config.set_params(video.caps().as_ref(), frame_bytes as u32, 2, 0);
        pool.set_config(config)
            .map_err(|e| build_error(format!("frame pool: {e}")))?;
        pool.set_active(true)
            .map_err(|e| build_error(format!("frame pool: {e}")))?;
        play(&pipeline)?;
        Ok(Encoder {
            pipeline,
            video,
            key_frames,
            frame_bytes,
            pool,
            encoded,
        })
    }

    /// Wraps an I420 picture in a buffer that can be pushed several times (repeated stills).
    pub fn frame_buffer(&self, i420: Vec<u8>) -> Result<gst::Buffer, EncodeError> {
        if i420.len() != self.frame_bytes {
            return Err(EncodeError::Push(format!(
                "a frame of {} bytes; {} expected",
                i420.len(),
                self.frame_bytes
            )));
        }
        Ok(gst::Buffer::from_mut_slice(i420))
    }

    /// A recycled frame buffer whose pixels `fill` writes (I420, `frame_bytes` long).
    pub fn pooled_frame(&self, fill: impl FnOnce(&mut [u8])) -> Result<gst::Buffer, EncodeError> {
        let mut buffer = self
            .pool
            .acquire_buffer(None)
            .map_err(|e| EncodeError::Push(format!("no frame buffer: {e}")))?;
        {
            let buffer = buffer.get_mut().expect("a pooled buffer is ours alone");
            let mut map = buffer
                .map_writable()
                .map_err(|e| EncodeError::Push(format!("frame buffer: {e}")))?;
            fill(map.as_mut_slice());
        }
        Ok(buffer)
    }

    /// The frame pushed for `at` seconds is encoded as an IDR picture, so that it and what
    /// follows decode without anything before it.
    pub fn key_frame_at(&self, at: f64) {
        self.key_frames
            .lock()
            .expect("the key frame list is not poisoned")
            .insert(seconds(at));
    }

    /// Shows `frame` from `start` for `duration` seconds. Pushing a clone of a buffer shares
    /// its pixels: a repeated still costs no copy.
    pub fn push_frame(
        &self,
        mut frame: gst::Buffer,
        start: f64,
        duration: f64,
    ) -> Result<(), EncodeError> {
        {
            let buffer = frame.make_mut();
            buffer.set_pts(seconds(start));
            buffer.set_duration(seconds(duration));
        }
        self.video
            .push_buffer(frame)
            .map_err(|e| EncodeError::Push(format!("video: {e:?}")))?;
        Ok(())
    }

    /// Ends the stream and hands over every access unit x264 made, in order.
    pub fn finish(self) -> Result<Encoded, EncodeError> {
        self.video
            .end_of_stream()
            .map_err(|e| EncodeError::Push(format!("video end: {e:?}")))?;
        let result = run_to_end(&self.pipeline);
        let _ = self.pool.set_active(false);
        result?;
        let encoded = self
            .encoded
            .lock()
            .expect("the unit store is not poisoned")
            .take();
        encoded.ok_or_else(|| EncodeError::Pipeline("x264 made no picture".into()))
    }

    /// Stops without finishing (on cancel or error).
    pub fn abort(self) {
        let _ = self.pipeline.set_state(gst::State::Null);
        let _ = self.pool.set_active(false);
    }
}

/// Asks x264 for an IDR picture at each frame whose time is in the returned set: the
/// request travels in front of that frame itself. (A request for a running time would be
/// compared with times that x264enc shifts by 1000 hours, and one sent from outside the
/// stream could reach the encoder before frames still queued ahead of it.)
fn request_key_frames(
    video: &gst_app::AppSrc,
) -> Result<Arc<Mutex<BTreeSet<gst::ClockTime>>>, EncodeError> {
    let key_frames: Arc<Mutex<BTreeSet<gst::ClockTime>>> = Arc::default();
    let wanted = key_frames.clone();
    video
        .static_pad("src")
        .ok_or_else(|| build_error("appsrc has no source pad".into()))?
        .add_probe(gst::PadProbeType::BUFFER, move |pad, info| {
            let at = info.buffer().and_then(|buffer| buffer.pts());
            let now = at.is_some_and(|at| {
                wanted
                    .lock()
                    .expect("the key frame list is not poisoned")
                    .remove(&at)
            });
            if now {
                let request = gstreamer_video::DownstreamForceKeyUnitEvent::builder()
                    .all_headers(true)
                    .build();
                pad.push_event(request);
            }
            gst::PadProbeReturn::Ok
        });
    Ok(key_frames)
}

/// The H.264 access units of an MP4 written by [`Muxer`], as they are stored (no decoding).
pub fn demux_video(path: &Path) -> Result<Encoded, EncodeError> {
    let pipeline = launch(
        "filesrc name=src ! qtdemux name=demux \
         demux.video_0 ! queue ! appsink name=units sync=false \
         demux.audio_0 ! queue ! fakesink sync=false",
    )?;
    element::<gst::Element>(&pipeline, "src")?
        .set_property("location", path.to_string_lossy().as_ref());
    let encoded = collect_into(&element(&pipeline, "units")?);
    play(&pipeline)?;
    run_to_end(&pipeline)?;
    let encoded = encoded
        .lock()
        .expect("the unit store is not poisoned")
        .take();
    encoded.ok_or_else(|| EncodeError::Pipeline(format!("{} holds no video", path.display())))
}

/// Access units and the narration into an MP4 with its index at the front.
pub struct Muxer {
    pipeline: gst::Pipeline,
    video: gst_app::AppSrc,
    audio: gst_app::AppSrc,
    audio_rate: u32,
}

impl Muxer {
    /// Starts the file; the narration can be pushed at once (it is encoded while the
    /// pictures are), the pictures once their caps are known.
    pub fn start(path: &Path, audio_rate: u32) -> Result<Muxer, EncodeError> {
        // The voice goes to AAC at its own rate (22.05 kHz for Piper and espeak-ng): resampling
        // to 44.1 kHz would add nothing to speech and double the encoder's work. The "fast"
        // AAC coder takes a third of the CPU of the default two-loop search. Its queue has no
        // limit, so that the whole track is encoded while the pictures are still being made.
        let description = format!(
            "appsrc name=video format=time is-live=false block=false ! queue ! mux.video_0 \
             appsrc name=audio format=time is-live=false block=false \
               caps=audio/x-raw,format=S16LE,layout=interleaved,channels=1,rate={audio_rate} \
             ! audioconvert ! audioresample \
             ! avenc_aac aac-coder=fast bitrate=96000 ! aacparse \
             ! queue max-size-buffers=0 max-size-bytes=0 max-size-time=0 ! mux.audio_0 \
             mp4mux name=mux faststart=true ! filesink name=sink"
        );
        let pipeline = launch(&description)?;
        element::<gst::Element>(&pipeline, "sink")?
            .set_property("location", path.to_string_lossy().as_ref());
        let video: gst_app::AppSrc = element(&pipeline, "video")?;
        let audio: gst_app::AppSrc = element(&pipeline, "audio")?;
        video.set_max_bytes(u64::MAX / 2);
        play(&pipeline)?;
        Ok(Muxer {
            pipeline,
            video,
            audio,
            audio_rate,
        })
    }

    /// Queues the whole narration track (mono 16-bit) from time zero.
    pub fn push_audio(&self, samples: &[i16]) -> Result<(), EncodeError> {
        let bytes = samples.len() * 2;
        self.audio.set_max_bytes((bytes + (1 << 20)) as u64);
        let chunk = self.audio_rate as usize; // one second per buffer
        for (i, part) in samples.chunks(chunk).enumerate() {
            let mut data = Vec::with_capacity(part.len() * 2);
            for s in part {
                data.extend_from_slice(&s.to_le_bytes());
            }
            let mut buffer = gst::Buffer::from_mut_slice(data);
            {
                let buffer = buffer.get_mut().expect("a new buffer is writable");
                let start = (i * chunk) as f64 / f64::from(self.audio_rate);
                buffer.set_pts(seconds(start));
                buffer.set_duration(seconds(part.len() as f64 / f64::from(self.audio_rate)));
            }
            self.audio
                .push_buffer(buffer)
                .map_err(|e| EncodeError::Push(format!("audio: {e:?}")))?;
        }
        self.audio
            .end_of_stream()
            .map_err(|e| EncodeError::Push(format!("audio end: {e:?}")))?;
        Ok(())
    }

    /// The caps of the access units to come (before the first is pushed).
    pub fn set_video_caps(&self, caps: &gst::Caps) {
        self.video.set_caps(Some(caps));
    }

    /// Places an access unit at `at` seconds (its decode time too: there are no B-frames).
    pub fn push_unit(&self, mut unit: gst::Buffer, at: f64) -> Result<(), EncodeError> {
        {
            let buffer = unit.make_mut();
            buffer.set_pts(seconds(at));
            buffer.set_dts(seconds(at));
        }
        self.video
            .push_buffer(unit)
            .map_err(|e| EncodeError::Push(format!("video: {e:?}")))?;
        Ok(())
    }

    /// Ends the pictures and waits until the MP4 is complete (moov written at the front).
    pub fn finish(self) -> Result<(), EncodeError> {
        self.video
            .end_of_stream()
            .map_err(|e| EncodeError::Push(format!("video end: {e:?}")))?;
        run_to_end(&self.pipeline)
    }

    /// Stops without finishing the file (on cancel or error).
    pub fn abort(self) {
        let _ = self.pipeline.set_state(gst::State::Null);
    }
}
