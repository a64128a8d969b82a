//! The OpenAI-compatible writer against a local stand-in speaking the chat-completions format.

use std::time::Duration;

use lectern_pipeline::narration::EspeakNarrator;
use lectern_pipeline::script::{OpenAiWriter, OpenAiWriterConfig, ScriptError, ScriptWriter};
use lectern_pipeline::storyboard::Origin;
use lectern_pipeline::{Brief, Minutes, Pipeline, PipelineConfig, RenderInput, Stage, Wpm};
use serde_json::{Value, json};

use crate::helpers::{ChatStandIn, Reply, roles};

fn brief() -> Brief {
    Brief::new("Why is the sky blue?", 1, Minutes::new(0.5), Wpm::new(150))
}

/// A storyboard of 75 words: the budget of half a minute at 150 words per minute.
fn storyboard(bullet_sentences: usize) -> Value {
    let sentences = [
        "Sunlight contains every colour of the rainbow mixed together into white light.",
        "Air molecules scatter short blue waves much more strongly than long red waves.",
        "So scattered blue light reaches our eyes from every direction of the sky.",
    ];
    json!({
        "version": 1,
        "title": "Why the Sky Is Blue",
        "subject": "Science",
        "level": 1,
        "target_minutes": 0.5,
        "wpm": 150,
        "scenes": [
            { "kind": "title", "title": "Why the Sky Is Blue", "subtitle": null,
              "narration": ["Have you ever wondered why the sky looks blue on a clear day?"] },
            { "kind": "bullets", "heading": "Scattering", "items": ["White light", "Blue scatters most", "Blue from everywhere"],
              "narration": sentences[..bullet_sentences] },
            { "kind": "summary", "heading": "In short", "points": ["Blue light scatters most"],
              "narration": ["In short, the sky is blue because air scatters blue sunlight far more than red sunlight, and that scattered light fills the whole sky above us."] }
        ]
    })
}

fn writer(stand_in: &ChatStandIn, timeout: Duration) -> OpenAiWriter {
    let mut config = OpenAiWriterConfig::new(&stand_in.base_url, "stand-in-model");
    config.api_key = Some("sk-test".into());
    config.timeout = timeout;
    config.attempts = 1;
    OpenAiWriter::new(config).unwrap()
}

fn last_user_message(request: &Value) -> String {
    let messages = request["messages"].as_array().unwrap();
    messages.iter().rev().find(|m| m["role"] == "user").unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_valid_storyboard_is_accepted_in_one_round_with_structured_output_requested() {
    let stand_in = ChatStandIn::start(vec![Reply::Content(storyboard(3).to_string())]).await;

    let storyboard = writer(&stand_in, Duration::from_secs(10))
        .write(&brief())
        .await
        .unwrap();

    assert_eq!(storyboard.title, "Why the Sky Is Blue");
    assert_eq!(storyboard.origin, Origin::Model);
    let requests = stand_in.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0]["model"], "stand-in-model");
    assert_eq!(requests[0]["response_format"]["type"], "json_schema");
    assert_eq!(
        requests[0]["response_format"]["json_schema"]["strict"],
        true
    );
    let prompt = last_user_message(&requests[0]);
    assert!(
        prompt.contains("Why is the sky blue?") && prompt.contains("75 words"),
        "{prompt}"
    );
}

#[tokio::test]
async fn an_invalid_storyboard_is_repaired_in_the_second_round_with_the_errors_quoted() {
    let stand_in = ChatStandIn::start(vec![
        Reply::Content(storyboard(1).to_string()),
        Reply::Content(storyboard(3).to_string()),
    ])
    .await;

    let storyboard = writer(&stand_in, Duration::from_secs(10))
        .write(&brief())
        .await
        .unwrap();

    assert_eq!(storyboard.scenes[1].narration.len(), 3);
    let requests = stand_in.requests();
    assert_eq!(requests.len(), 2);
    let repair = last_user_message(&requests[1]);
    assert!(repair.contains("scenes[1].narration"), "{repair}");
    assert_eq!(roles(&requests[1]), ["system", "user", "assistant", "user"]);
}

#[tokio::test]
async fn malformed_json_twice_fails_in_the_script_stage_saying_why() {
    let stand_in = ChatStandIn::start(vec![
        Reply::Content("{\"version\": 1, \"title\": ".into()),
        Reply::Content("Sure! Here is your storyboard.".into()),
    ])
    .await;
    let pipeline = Pipeline::with_engines(
        Box::new(writer(&stand_in, Duration::from_secs(10))),
        Box::new(EspeakNarrator::discover().unwrap()),
        PipelineConfig::default(),
    );

    let error = pipeline
        .plan(
            &RenderInput::topic("Why is the sky blue?", 1, Minutes::new(0.5), Wpm::new(150)),
            None,
            |_| {},
        )
        .await
        .unwrap_err();

    assert_eq!(error.stage(), Stage::Script);
    let message = error.to_string();
    assert!(
        message.contains("not a valid storyboard JSON document"),
        "{message}"
    );
    assert_eq!(stand_in.requests().len(), 2);
}

#[tokio::test]
async fn a_429_is_retried_with_backoff_and_then_succeeds() {
    let stand_in = ChatStandIn::start(vec![
        Reply::Error(429, "rate_limit_exceeded"),
        Reply::Error(503, "server_error"),
        Reply::Content(storyboard(3).to_string()),
    ])
    .await;

    let storyboard = writer(&stand_in, Duration::from_secs(10))
        .write(&brief())
        .await
        .unwrap();

    assert_eq!(storyboard.scenes.len(), 3);
    assert_eq!(stand_in.requests().len(), 3);
}

#[tokio::test]
async fn an_endpoint_that_does_not_answer_in_time_fails_with_a_timeout() {
    let stand_in = ChatStandIn::start(vec![Reply::Slow(
        Duration::from_secs(5),
        storyboard(3).to_string(),
    )])
    .await;

    let started = std::time::Instant::now();
    let error = writer(&stand_in, Duration::from_millis(400))
        .write(&brief())
        .await
        .unwrap_err();

    assert!(matches!(error, ScriptError::Timeout(_)), "{error:?}");
    assert!(error.to_string().contains("did not answer within"));
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[tokio::test]
async fn a_refused_key_is_reported_as_an_api_error() {
    let stand_in = ChatStandIn::start(vec![Reply::Error(401, "invalid_request_error")]).await;

    let error = writer(&stand_in, Duration::from_secs(10))
        .write(&brief())
        .await
        .unwrap_err();

    assert!(matches!(error, ScriptError::Api(_)), "{error:?}");
    assert!(error.to_string().contains("stand-in 401"), "{error}");
}

/// Issue 17: after the storyboard, the model writes its checkpoint questions, and each is put
/// to it again without its marking: a question it answers differently is left out.
#[tokio::test]
async fn the_models_checkpoint_questions_are_kept_when_it_answers_them_the_same_again() {
    let mut board = storyboard(3);
    board["scenes"].as_array_mut().unwrap().insert(
        2,
        json!({ "kind": "bullets", "heading": "Sunsets", "items": ["Long paths redden the sun"],
                "narration": ["The setting sun looks red."] }),
    );
    let questions = json!({"questions": [
        {"scene": 1, "question": "Which colour does air scatter most?", "right_answer": "Blue",
         "wrong_answers": ["Red", "Green"], "explanation": "Short blue waves scatter most strongly."},
        {"scene": 2, "question": "Why is the setting sun red?", "right_answer": "It cools down",
         "wrong_answers": ["Its light crosses more air"], "explanation": "It cools down."},
    ]});
    let stand_in = ChatStandIn::start(vec![
        Reply::Content(board.to_string()),
        Reply::Content(questions.to_string()),
        Reply::Content(json!({"answer": "Blue"}).to_string()),
        Reply::Content(json!({"answer": "Its light crosses more air"}).to_string()),
    ])
    .await;

    let written = writer(&stand_in, Duration::from_secs(10))
        .write(&brief())
        .await
        .unwrap();

    let requests = stand_in.requests();
    assert_eq!(requests.len(), 4);
    assert_eq!(
        requests[1]["response_format"]["json_schema"]["name"],
        "checkpoints"
    );
    let asked = last_user_message(&requests[1]);
    assert!(asked.contains("Scene 2 \"Sunsets\""), "{asked}");
    assert_eq!(written.checkpoints.len(), 1, "{:#?}", written.checkpoints);
    assert_eq!(
        written.checkpoints[0].question,
        "Which colour does air scatter most?"
    );
    assert_eq!(written.checkpoints[0].scene, 1);
    written.validate().unwrap();
}
