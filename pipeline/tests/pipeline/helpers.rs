use std::collections::VecDeque;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use gstreamer as gst;
use gstreamer::prelude::*;
use lectern_pipeline::Storyboard;
use serde_json::{Value, json};

pub fn fixture_storyboard() -> Storyboard {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-kind.json");
    Storyboard::from_json(&std::fs::read_to_string(path).unwrap()).expect("the fixture is valid")
}

/// One answer of the chat-completions stand-in.
#[derive(Clone)]
pub enum Reply {
    /// A chat completion whose message content is this text.
    Content(String),
    /// An error status with an OpenAI-style error body.
    Error(u16, &'static str),
    /// Answers only after this delay.
    Slow(Duration, String),
}

#[derive(Clone, Default)]
struct StandInState {
    replies: Arc<Mutex<VecDeque<Reply>>>,
    requests: Arc<Mutex<Vec<Value>>>,
}

/// A local HTTP server that speaks the chat-completions wire format.
pub struct ChatStandIn {
    pub base_url: String,
    state: StandInState,
}

impl ChatStandIn {
    pub async fn start(replies: Vec<Reply>) -> ChatStandIn {
        let state = StandInState {
            replies: Arc::new(Mutex::new(replies.into())),
            requests: Arc::default(),
        };
        let app = Router::new()
            .route("/v1/chat/completions", post(chat))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        ChatStandIn {
            base_url: format!("http://{address}/v1"),
            state,
        }
    }

    pub fn requests(&self) -> Vec<Value> {
        self.state.requests.lock().unwrap().clone()
    }
}

/// The roles of a chat request's messages, in order ("system", "user", "assistant", ...).
pub fn roles(request: &Value) -> Vec<&str> {
    request["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect()
}

/// The body of a chat completion, as in OpenAI's API reference.
pub fn completion(content: &str) -> Value {
    json!({
        "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
        "object": "chat.completion",
        "created": 1741569952,
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [{
            "index": 0,
            "message": { "role": "assistant", "content": content, "refusal": null, "annotations": [] },
            "logprobs": null,
            "finish_reason": "stop"
        }],
        "usage": { "prompt_tokens": 19, "completion_tokens": 10, "total_tokens": 29 },
        "service_tier": "default"
    })
}

async fn chat(State(state): State<StandInState>, body: String) -> Response {
    state
        .requests
        .lock()
        .unwrap()
        .push(serde_json::from_str(&body).unwrap_or(Value::Null));
    let reply = state.replies.lock().unwrap().pop_front();
    match reply {
        Some(Reply::Content(content)) => axum::Json(completion(&content)).into_response(),
        Some(Reply::Slow(delay, content)) => {
            tokio::time::sleep(delay).await;
            axum::Json(completion(&content)).into_response()
        }
        Some(Reply::Error(status, kind)) => (
            StatusCode::from_u16(status).unwrap(),
            axum::Json(json!({
                "error": { "message": format!("stand-in {status}"), "type": kind, "param": null, "code": null }
            })),
        )
            .into_response(),
        None => (StatusCode::INTERNAL_SERVER_ERROR, "no reply scripted").into_response(),
    }
}

/// The top-level boxes of an MP4 file, in order.
pub fn mp4_boxes(bytes: &[u8]) -> Vec<String> {
    let mut boxes = Vec::new();
    let mut at = 0usize;
    while at + 8 <= bytes.len() {
        let mut size = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let kind = String::from_utf8_lossy(&bytes[at + 4..at + 8]).to_string();
        if size == 1 {
            size = u64::from_be_bytes(bytes[at + 8..at + 16].try_into().unwrap()) as usize;
        } else if size == 0 {
            size = bytes.len() - at;
        }
        boxes.push(kind);
        if size < 8 {
            break;
        }
        at += size;
    }
    boxes
}

pub struct DecodedFrame {
    pub seconds: f64,
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<u8>,
}

/// Decodes every video frame of an MP4 to RGB with GStreamer.
pub fn decode_frames(path: &Path) -> Vec<DecodedFrame> {
    gst::init().unwrap();
    let pipeline = gst::parse::launch(
        "filesrc name=src ! qtdemux ! h264parse ! avdec_h264 ! videoconvert \
         ! video/x-raw,format=RGB ! appsink name=sink sync=false",
    )
    .unwrap()
    .downcast::<gst::Pipeline>()
    .unwrap();
    pipeline
        .by_name("src")
        .unwrap()
        .set_property("location", path.to_str().unwrap());
    let sink = pipeline
        .by_name("sink")
        .unwrap()
        .downcast::<gstreamer_app::AppSink>()
        .unwrap();
    pipeline.set_state(gst::State::Playing).unwrap();
    let mut frames = Vec::new();
    while let Ok(sample) = sink.pull_sample() {
        let caps = sample.caps().unwrap().structure(0).unwrap().to_owned();
        let width = caps.get::<i32>("width").unwrap() as usize;
        let height = caps.get::<i32>("height").unwrap() as usize;
        let buffer = sample.buffer().unwrap();
        let map = buffer.map_readable().unwrap();
        // RGB rows are padded to 4 bytes.
        let stride = (width * 3).div_ceil(4) * 4;
        let mut rgb = Vec::with_capacity(width * height * 3);
        for row in 0..height {
            rgb.extend_from_slice(&map[row * stride..row * stride + width * 3]);
        }
        frames.push(DecodedFrame {
            seconds: buffer.pts().unwrap().nseconds() as f64 / 1e9,
            width,
            height,
            rgb,
        });
    }
    pipeline.set_state(gst::State::Null).unwrap();
    frames
}
