//! Problem solutions end to end on the embedded default: the offline solver's video with
//! every step checked, its history record, and a language model (a local stand-in speaking
//! the chat-completions wire format) whose wrong answer is sent back once and then either
//! repaired or failed with a refund, never narrated as checked.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use lectern_core::{entities::video, jobs};
use lectern_pipeline::script::OpenAiWriterConfig;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{Server, embedded, embedded_with, fast_pipeline};

const LIMIT: Duration = Duration::from_secs(420);

async fn submit(server: &Server, token: &str, body: Value) -> String {
    let response = server
        .client
        .post(server.url("/api/video/generate-solution"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    body["job_id"].as_str().unwrap().to_string()
}

/// The job's stored result (the status endpoint shows it only for dry runs).
async fn result(server: &Server, job_id: &str) -> Value {
    let job = jobs::find(&server.db, job_id).await.unwrap().unwrap();
    serde_json::from_str(job.result.as_deref().unwrap_or("null")).unwrap()
}

async fn media_text(server: &Server, url: &str) -> String {
    let response = server.client.get(server.url(url)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    response.text().await.unwrap()
}

/// The scenes of the main solution (practice problems have scenes of their own).
fn solution_scenes(storyboard: &Value) -> Vec<&Value> {
    storyboard["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| {
            s["kind"] == "solution_steps"
                && s["heading"].as_str().unwrap().starts_with("Step by step")
        })
        .collect()
}

/// Every line of every solution_steps scene that names a rule (the steps, not the restated
/// lines), and every boxed answer, with their marks, in order.
fn marks(storyboard: &Value) -> (Vec<bool>, Vec<bool>) {
    let mut lines = Vec::new();
    let mut answers = Vec::new();
    for scene in storyboard["scenes"].as_array().unwrap() {
        if scene["kind"] != "solution_steps" {
            continue;
        }
        for line in scene["steps"].as_array().unwrap() {
            if line["rule"].is_null() {
                assert_eq!(line["checked"], false, "a restated line is never marked");
            } else {
                lines.push(line["checked"] == true);
            }
        }
        if !scene["answer"].is_null() {
            answers.push(scene["answer"]["checked"] == true);
        }
    }
    (lines, answers)
}

fn checked_flags(steps: &Value) -> Vec<bool> {
    steps
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["checked"] == true)
        .collect()
}

/// Every spoken sentence of the finished video.
async fn spoken(server: &Server, status: &Value) -> String {
    let transcript: Value =
        serde_json::from_str(&media_text(server, status["transcript_url"].as_str().unwrap()).await)
            .unwrap();
    transcript["cues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap_or_default().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::test]
async fn a_linear_equation_is_solved_offline_into_a_video_whose_every_step_is_checked() {
    let server = embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("solver@example.com").await;
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": "2x + 3 = 11", "duration": 1}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    assert_eq!(
        status["current_step"],
        "Problem solved! Video ready for download!"
    );
    assert_eq!(status["title"], "2x + 3 = 11");

    let result = result(&server, &job_id).await;
    let solution = &result["solution"];
    assert_eq!(solution["final_answer"], "x = 4");
    assert_eq!(solution["answer_checked"], true);
    assert_eq!(solution["source"]["by"], "offline_solver");
    let steps = solution["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2);
    assert!(steps.iter().all(|s| s["checked"] == true), "{solution}");
    assert_eq!(steps[0]["after"], "2x = 8");

    // The storyboard draws the check marks, the highlight and the boxed answer.
    let stored = server
        .storage
        .get_bytes(&format!("jobs/{job_id}/storyboard.json"))
        .await
        .unwrap()
        .expect("the storyboard is kept with the video");
    let storyboard: Value = serde_json::from_slice(&stored).unwrap();
    let scenes = solution_scenes(&storyboard);
    let last = scenes.last().unwrap();
    assert_eq!(last["answer"]["checked"], true);
    assert_eq!(last["answer"]["math"], "x = 4");
    let lines = scenes[0]["steps"].as_array().unwrap();
    assert_eq!(lines[0]["rule"], Value::Null, "the problem line first");
    assert_eq!(lines[1]["rule"], "Subtract 3 from both sides");
    assert_eq!(lines[1]["checked"], true);
    let highlighted: Vec<&str> = lines[1]["parts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["highlight"] == true)
        .map(|p| p["math"].as_str().unwrap())
        .collect();
    assert_eq!(highlighted, ["8"]);

    let narration = spoken(&server, &status).await;
    assert!(
        narration.contains("the answer is x equals 4"),
        "{narration}"
    );
    assert!(
        narration.contains("Subtract 3 from both sides"),
        "{narration}"
    );
    assert!(narration.contains("checked by computation"), "{narration}");

    let video = server
        .client
        .get(server.url(status["video_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(video.status(), StatusCode::OK);
    assert!(video.bytes().await.unwrap().len() > 10_000);

    // SPEC.md section 3's history record, saved with the completion.
    let record = video::Entity::find()
        .filter(video::Column::JobId.eq(job_id.as_str()))
        .one(&server.db)
        .await
        .unwrap()
        .expect("a history record");
    assert_eq!(record.video_type, "problem_solving");
    assert_eq!(record.title, "2x + 3 = 11");
    assert_eq!(record.original_title, "2x + 3 = 11");
    assert_eq!(record.description, "2x + 3 = 11");
    assert_eq!(record.subject, "math");
    assert_eq!(record.problem_type.as_deref(), Some("homework"));
    assert_eq!(record.level, 2);
    assert_eq!(record.difficulty, "intermediate");
    assert_eq!(record.duration, "1:00");
    assert_eq!(record.duration_minutes, 1);
    assert_eq!(record.status, "completed");
    assert_eq!(record.credits_used, 1);
    let tags: Value = serde_json::from_str(&record.tags).unwrap();
    assert_eq!(tags, json!(["problem-solving", "math", "level-2"]));
    let content: Value = serde_json::from_str(&record.generated_content).unwrap();
    assert_eq!(content["problem"], "2x + 3 = 11");
    assert_eq!(content["detail_level"], 2);
    assert_eq!(content["status"], "completed");
    let metadata: Value = serde_json::from_str(&record.content_metadata).unwrap();
    assert_eq!(metadata["has_audio"], true);
    assert_eq!(metadata["generation_method"], "ai-problem-solving");
    assert_eq!(metadata["problem_type"], "homework");
    assert_eq!(metadata["duration_minutes"], 1);

    assert_eq!(server.available(&uid).await, 9, "one credit, kept");
    server.assert_ledger_matches(&uid).await;
}

#[tokio::test]
async fn a_problem_in_words_is_read_and_solved_offline_into_a_video_with_the_right_answer() {
    let server = embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("shopper@example.com").await;
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": "A $60 jacket is 25% off. What is the sale price?", "duration": 1}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    let result = result(&server, &job_id).await;
    let solution = &result["solution"];
    assert_eq!(solution["final_answer"], "$45");
    assert_eq!(solution["answer_checked"], true);
    assert_eq!(solution["source"]["by"], "offline_solver");
    let steps = solution["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["checked"] == true), "{solution}");
    assert_eq!(steps[0]["before"], "25% of $60");
    assert!(
        steps[0]["narration"]
            .as_str()
            .unwrap()
            .starts_with("We write this as $60 - 25% of $60."),
        "{solution}"
    );
    let stored = server
        .storage
        .get_bytes(&format!("jobs/{job_id}/storyboard.json"))
        .await
        .unwrap()
        .expect("the storyboard is kept with the video");
    let storyboard: Value = serde_json::from_slice(&stored).unwrap();
    let last = *solution_scenes(&storyboard).last().unwrap();
    // The boxed answer is typeset as mathematics, where a dollar sign is not written.
    assert_eq!(
        last["answer"]["math"]
            .as_str()
            .unwrap()
            .trim_start_matches('$'),
        "45"
    );
    assert_eq!(last["answer"]["checked"], true);
    assert_eq!(server.available(&uid).await, 9);
}

#[tokio::test]
async fn a_quadratic_shows_both_roots_and_a_dry_run_plans_without_charging() {
    let server = embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("planner@example.com").await;
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem": "x^2 - 5x + 6 = 0", "dry_run": true, "detail_level": 3}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    assert_eq!(status["video_url"], Value::Null);
    let plan = &status["result"];
    assert_eq!(plan["dry_run"], true);
    assert_eq!(plan["solution"]["final_answer"], "x = 2, x = 3");
    let scenes = solution_scenes(&plan["storyboard"]);
    assert_eq!(scenes.last().unwrap()["answer"]["math"], "x = 2, x = 3");
    assert!(
        plan["solution"]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["checked"] == true)
    );
    assert_eq!(server.available(&uid).await, 10, "a dry run is free");
}

/// A local stand-in for an OpenAI-compatible endpoint: answers each chat completion with
/// the next of its replies (the last one repeats) and keeps the requests.
struct ChatStandIn {
    base_url: String,
    requests: Arc<Mutex<Vec<Value>>>,
}

fn completion(content: &str) -> String {
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
    .to_string()
}

impl ChatStandIn {
    async fn start(replies: Vec<Value>) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = requests.clone();
        tokio::spawn(async move {
            loop {
                let Ok((mut socket, _)) = listener.accept().await else {
                    return;
                };
                let mut buffer = Vec::new();
                let body = loop {
                    let mut chunk = [0u8; 8192];
                    let n = socket.read(&mut chunk).await.unwrap_or(0);
                    if n == 0 {
                        break None;
                    }
                    buffer.extend_from_slice(&chunk[..n]);
                    let text = String::from_utf8_lossy(&buffer).to_string();
                    if let Some(end) = text.find("\r\n\r\n") {
                        let length = text[..end]
                            .lines()
                            .find_map(|l| {
                                let (name, value) = l.split_once(':')?;
                                name.eq_ignore_ascii_case("content-length")
                                    .then(|| value.trim().parse::<usize>().ok())?
                            })
                            .unwrap_or(0);
                        if buffer.len() >= end + 4 + length {
                            break Some(buffer[end + 4..end + 4 + length].to_vec());
                        }
                    }
                };
                let Some(body) = body else { continue };
                let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                let index = {
                    let mut all = seen.lock().unwrap();
                    all.push(request);
                    all.len() - 1
                };
                let reply = replies[index.min(replies.len() - 1)].to_string();
                let payload = completion(&reply);
                let response = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{payload}",
                    payload.len()
                );
                let _ = socket.write_all(response.as_bytes()).await;
                let _ = socket.shutdown().await;
            }
        });
        ChatStandIn { base_url, requests }
    }

    fn requests(&self) -> Vec<Value> {
        self.requests.lock().unwrap().clone()
    }

    fn pipeline(&self) -> lectern_pipeline::PipelineConfig {
        let mut llm = OpenAiWriterConfig::new(&self.base_url, "stand-in-model");
        llm.attempts = 1;
        llm.timeout = Duration::from_secs(20);
        lectern_pipeline::PipelineConfig {
            llm: Some(llm),
            ..fast_pipeline()
        }
    }
}

fn model_solution(final_answer: &str, last_after: &str) -> Value {
    json!({
        "introduction": "We want the value of x that makes both sides equal.",
        "steps": [
            {"before": "2x + 3 = 11", "after": "2x = 8", "rule": "Subtract 3 from both sides",
             "narration": "Taking 3 from both sides keeps the balance."},
            {"before": "2x = 8", "after": last_after, "rule": "Divide both sides by 2",
             "narration": "Halving both sides leaves x on its own."}
        ],
        "final_answer": final_answer,
        "summary": "Undo the addition, then the multiplication."
    })
}

fn last_user_message(request: &Value) -> String {
    request["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["role"] == "user")
        .unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn words_read_by_the_model_are_solved_by_the_solver_and_the_reading_is_narrated() {
    let problem = "Ann is 6 years older than Ben, and their ages total 40. How old is Ben?";
    // The model only translates: one reading, then nothing more is asked of it.
    let stand_in = ChatStandIn::start(vec![json!({"notation": "b + (b + 6) = 40"})]).await;
    let server = embedded_with(
        stand_in.pipeline(),
        &[
            ("llm_base_url", stand_in.base_url.clone()),
            ("llm_model", "stand-in-model".to_string()),
        ],
    )
    .await;
    let (token, uid) = server.sign_in("reader-ages@example.com").await;
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": problem, "duration": 1}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    let solution = &result(&server, &job_id).await["solution"];
    assert_eq!(solution["final_answer"], "b = 17");
    assert_eq!(solution["answer_checked"], true);
    assert_eq!(solution["source"]["by"], "offline_solver");
    let steps = solution["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["checked"] == true), "{solution}");
    let first = steps[0]["narration"].as_str().unwrap();
    assert!(
        first.starts_with("We write this as b + (b + 6) = 40."),
        "{first}"
    );
    assert_eq!(stand_in.requests().len(), 1, "read once, at submit");
    assert_eq!(server.available(&uid).await, 9);
}

#[tokio::test]
async fn a_model_that_keeps_a_wrong_answer_fails_the_job_with_a_refund_and_no_video() {
    let stand_in = ChatStandIn::start(vec![model_solution("x = 5", "x = 5")]).await;
    let server = embedded(stand_in.pipeline()).await;
    let (token, uid) = server.sign_in("misled@example.com").await;
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": "2x + 3 = 11", "duration": 1}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "failed", "{status}");
    let error = status["error"].as_str().unwrap();
    assert!(error.contains("mathematics check"), "{error}");
    assert!(error.contains("refunded"), "{error}");
    // The checker's reason is logged, never shown: the student reads what Lectern could not do.
    assert!(
        !error.contains("x = 5") && !error.contains("is wrong"),
        "{error}"
    );

    let requests = stand_in.requests();
    assert_eq!(
        requests.len(),
        2,
        "one answer and one repair round, no retries"
    );
    assert_eq!(requests[0]["response_format"]["type"], "json_schema");
    let repair = last_user_message(&requests[1]);
    assert!(repair.contains("Step 2"), "{repair}");
    assert!(repair.contains("x = 5"), "{repair}");

    assert_eq!(server.available(&uid).await, 10, "refunded");
    server.assert_ledger_matches(&uid).await;
    let records = video::Entity::find()
        .filter(video::Column::JobId.eq(job_id.as_str()))
        .all(&server.db)
        .await
        .unwrap();
    assert!(records.is_empty(), "no history record for a failed job");
    assert!(
        server
            .storage
            .get_bytes(&format!("jobs/{job_id}/video.mp4"))
            .await
            .unwrap()
            .is_none(),
        "no video"
    );
}

#[tokio::test]
async fn a_model_answer_repaired_after_the_check_is_narrated_with_its_checks() {
    let stand_in = ChatStandIn::start(vec![
        model_solution("x = 5", "x = 4"),
        model_solution("x = 4", "x = 4"),
    ])
    .await;
    let server = embedded(stand_in.pipeline()).await;
    let (token, uid) = server.sign_in("repaired@example.com").await;
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": "2x + 3 = 11", "duration": 1}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    let requests = stand_in.requests();
    assert_eq!(requests.len(), 2);
    let repair = last_user_message(&requests[1]);
    assert!(repair.contains("final answer is wrong"), "{repair}");

    let result = result(&server, &job_id).await;
    let solution = &result["solution"];
    assert_eq!(solution["final_answer"], "x = 4");
    assert_eq!(solution["source"]["by"], "language_model");
    assert_eq!(solution["source"]["repaired"], true);
    assert_eq!(solution["answer_checked"], true);
    let narration = spoken(&server, &status).await;
    assert!(!narration.contains("x equals 5"), "{narration}");
    assert!(
        narration.contains("the answer is x equals 4"),
        "{narration}"
    );
    assert_eq!(server.available(&uid).await, 9);
}

#[tokio::test]
async fn steps_nothing_can_check_are_shown_and_narrated_without_a_check() {
    let prose = json!({
        "introduction": "We compare two ways of reasoning.",
        "steps": [
            {"before": "2x + 3 = 11", "after": "2x = 8", "rule": "Subtract 3 from both sides",
             "narration": "Taking 3 from both sides keeps the balance."},
            {"before": "the left side doubles x", "after": "halving undoes doubling",
             "rule": "Inverse operations", "narration": "Halving is the inverse of doubling."},
        ],
        "final_answer": "x = 4",
        "summary": "Inverse operations undo each other."
    });
    let stand_in = ChatStandIn::start(vec![prose]).await;
    let server = embedded(stand_in.pipeline()).await;
    let (token, uid) = server.sign_in("prose@example.com").await;
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": "2x + 3 = 11", "duration": 1, "dry_run": true}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    let plan = &status["result"];
    let steps = plan["solution"]["steps"].as_array().unwrap();
    assert_eq!(steps[0]["checked"], true);
    assert_eq!(steps[1]["checked"], false, "prose is never marked checked");
    let storyboard = &plan["storyboard"];
    let title = &storyboard["scenes"][0];
    assert_eq!(
        title["subtitle"],
        "Step-by-step solution · checked steps are marked"
    );
    let lines: Vec<&Value> = solution_scenes(storyboard)
        .iter()
        .flat_map(|s| s["steps"].as_array().unwrap())
        .collect();
    let prose_line = lines
        .iter()
        .find(|l| l["rule"] == "Inverse operations")
        .unwrap();
    assert_eq!(prose_line["checked"], false);
    let text = storyboard.to_string();
    assert!(!text.contains("every step checked"), "{text}");
    assert_eq!(server.available(&uid).await, 10);
}

/// "Duration as requested": a two-step equation asked for 3 minutes is not a 1-minute video
/// (practice problems of the same kind and common mistakes fill it, each checked), and a long
/// solution asked for 1 minute is told more briefly rather than running over. Every mark in
/// the video is one the checker gave (the per-step comparison with `check_steps` itself is in
/// the worker's unit tests).
#[tokio::test]
async fn the_video_is_as_long_as_requested_and_every_mark_is_the_checkers() {
    let server = embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("timekeeper@example.com").await;

    // A short problem, 3 minutes: rendered, so the real length can be measured too.
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": "2x + 3 = 11", "video_duration": 3}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    let result = result(&server, &job_id).await;
    let stored = server
        .storage
        .get_bytes(&format!("jobs/{job_id}/storyboard.json"))
        .await
        .unwrap()
        .unwrap();
    let storyboard: Value = serde_json::from_slice(&stored).unwrap();
    let words: usize = storyboard["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["narration"].as_array().unwrap())
        .map(|n| {
            n.as_str()
                .unwrap()
                .split_whitespace()
                .filter(|w| w.chars().any(char::is_alphanumeric))
                .count()
        })
        .sum();
    let estimated = words as f64 * 60.0 / 150.0;
    let rendered = result["duration_seconds"].as_f64().unwrap();
    eprintln!("2x + 3 = 11, 3 minutes: narration {estimated:.0} s, rendered {rendered:.0} s");
    assert!(
        (144.0..=216.0).contains(&estimated),
        "{estimated} s of narration for 180 s"
    );
    // The video itself, pauses and all, stays within 20% of the requested length.
    assert!(
        (144.0..=216.0).contains(&rendered),
        "a {rendered} s video for 180 s"
    );
    // Every chapter has a name of its own (three practice problems, each with its working).
    let chapters = server
        .storage
        .get_bytes(&format!("jobs/{job_id}/chapters.vtt"))
        .await
        .unwrap()
        .unwrap();
    let chapters = String::from_utf8(chapters).unwrap();
    let names: Vec<&str> = chapters
        .split("\n\n")
        .filter_map(|cue| cue.lines().nth(2))
        .collect();
    let unique: std::collections::HashSet<&str> = names.iter().copied().collect();
    assert!(names.len() > 4, "{chapters}");
    assert_eq!(unique.len(), names.len(), "{names:?}");
    let solution = &result["solution"];
    assert_eq!(solution["final_answer"], "x = 4");
    let practice = solution["practice"].as_array().unwrap();
    assert!(!practice.is_empty(), "{solution}");
    let headings: Vec<&str> = storyboard["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["heading"].as_str().unwrap_or_default())
        .collect();
    assert!(headings.contains(&"Try one yourself"), "{headings:?}");
    assert!(headings.contains(&"Common mistakes"), "{headings:?}");
    let narration = spoken(&server, &status).await;
    assert!(narration.contains("Now try one yourself"), "{narration}");
    assert!(narration.contains("The check rejects it"), "{narration}");
    // The marks drawn are exactly the checker's: the main steps, then each practice problem.
    let (lines, answers) = marks(&storyboard);
    let mut expected = checked_flags(&solution["steps"]);
    let mut boxes = vec![solution["answer_checked"] == true];
    for p in practice {
        assert_ne!(p["problem"], "2x + 3 = 11");
        expected.extend(checked_flags(&p["steps"]));
        boxes.push(p["answer_checked"] == true);
    }
    assert_eq!(lines, expected);
    assert_eq!(answers, boxes);
    // The record keeps the requested length.
    let record = video::Entity::find()
        .filter(video::Column::JobId.eq(job_id.as_str()))
        .one(&server.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(record.duration, "3:00");

    // A long solution, 1 minute at the highest detail: told more briefly, never much over.
    let long = "x + y + z = 6; 2x - y + z = 3; x + 2y - z = 2";
    let job_id = submit(
        &server,
        &token,
        json!({"user_id": uid, "problem_text": long, "duration": 1, "detail_level": 3, "dry_run": true}),
    )
    .await;
    let (status, _) = server.wait_final(&token, &job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    let plan = &status["result"];
    let estimated = plan["estimated_seconds"].as_f64().unwrap();
    eprintln!("{long}, 1 minute: narration {estimated:.0} s");
    assert!(estimated <= 72.0, "{estimated} s of narration for 60 s");
    let solution = &plan["solution"];
    assert_eq!(solution["final_answer"], "x = 1, y = 2, z = 3");
    assert_eq!(solution["answer_checked"], true);
    let shown = &solution["shown_steps"];
    let full = solution["steps"].as_array().unwrap();
    let combined = shown
        .as_array()
        .expect("consecutive steps told as one line");
    assert!(combined.len() < full.len());
    assert_eq!(
        combined.last().unwrap()["after"],
        full.last().unwrap()["after"],
        "the step that carries the answer stays"
    );
    let (lines, answers) = marks(&plan["storyboard"]);
    assert_eq!(lines, checked_flags(shown));
    assert_eq!(answers, [true]);
    assert_eq!(solution["practice"], json!([]));
    assert_eq!(
        server.available(&uid).await,
        9,
        "one video charged, the dry run free"
    );
}
