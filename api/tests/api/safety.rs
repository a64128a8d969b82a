//! Safe by default (issue 52): who can reach the server, what the operator's pages show and
//! to whom, and that nothing answers differently for a foreign id than for an unknown one.

use std::net::{IpAddr, SocketAddr};

use lectern_api::Application;
use lectern_core::{Config, jobs};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, browser, spawn_app, spawn_app_on};

const OPERATOR_TOKEN: &str = "operator-token-operator-token-0123456789";

/// This machine's address on its network (not loopback), if it has one: requests sent to it
/// arrive from a non-loopback peer.
fn network_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    // No packet is sent: connecting a UDP socket only picks the route and its source address.
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

fn settings(data_dir: &std::path::Path, extra: &[(&'static str, &str)]) -> Config {
    let mut pairs: Vec<(&str, String)> = vec![
        ("data_dir", data_dir.display().to_string()),
        ("secret_key", "test-secret-test-secret-test-secret!".into()),
    ];
    pairs.extend(extra.iter().map(|(k, v)| (*k, v.to_string())));
    Config::from_pairs(pairs).unwrap()
}

#[tokio::test]
async fn a_server_on_a_network_address_with_the_development_sign_in_refuses_to_start() {
    let data_dir = tempfile::tempdir().unwrap();
    let listener = tokio::net::TcpListener::bind("0.0.0.0:0").await.unwrap();
    let refused = Application::build(settings(data_dir.path(), &[]), listener).await;
    let error = format!(
        "{:#}",
        refused.err().expect("the server must refuse to start")
    );
    assert!(
        error.contains("LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK"),
        "{error}"
    );
    assert!(error.contains("development sign-in"), "{error}");

    // Loopback is the embedded default and starts; so does the network with the opt-in.
    let loopback = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    assert!(
        Application::build(settings(data_dir.path(), &[]), loopback)
            .await
            .is_ok()
    );
    let network = tokio::net::TcpListener::bind("0.0.0.0:0").await.unwrap();
    let allowed = settings(data_dir.path(), &[("allow_dev_signin_on_network", "1")]);
    assert!(Application::build(allowed, network).await.is_ok());
}

/// An app listening on every interface (development sign-in allowed there), with the
/// operator token set, and the address a non-loopback peer reaches it by.
async fn app_on_the_network() -> Option<(TestApp, String)> {
    let Some(ip) = network_address() else {
        eprintln!("no network address on this machine: skipping");
        return None;
    };
    let listener = tokio::net::TcpListener::bind("0.0.0.0:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let app = spawn_app_on(
        listener,
        vec![
            ("allow_dev_signin_on_network", "1".into()),
            ("operator_token", OPERATOR_TOKEN.into()),
        ],
    )
    .await;
    Some((app, format!("http://{}", SocketAddr::new(ip, port))))
}

#[tokio::test]
async fn metrics_and_debug_refuse_a_caller_off_loopback_without_the_operator_token() {
    let Some((app, network)) = app_on_the_network().await else {
        return;
    };
    let client = reqwest::Client::new();
    for page in ["/metrics", "/debug"] {
        let bare = client.get(format!("{network}{page}")).send().await.unwrap();
        assert_eq!(bare.status(), StatusCode::UNAUTHORIZED, "{page}");
        let body: Value = bare.json().await.unwrap();
        assert!(body["detail"].as_str().unwrap().contains("operator token"));

        let wrong = client
            .get(format!("{network}{page}"))
            .bearer_auth("operator-token-but-not-the-right-one-000000")
            .send()
            .await
            .unwrap();
        assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED, "{page}");

        let operator = client
            .get(format!("{network}{page}"))
            .bearer_auth(OPERATOR_TOKEN)
            .send()
            .await
            .unwrap();
        assert_eq!(operator.status(), StatusCode::OK, "{page}");

        // On this computer no token is needed, unless a proxy forwarded the request.
        let local = app.get(page).await;
        assert_eq!(local.status(), StatusCode::OK, "{page}");
        let proxied = app
            .client
            .get(app.url(page))
            .header("x-forwarded-for", "203.0.113.9")
            .send()
            .await
            .unwrap();
        assert_eq!(proxied.status(), StatusCode::UNAUTHORIZED, "{page}");
    }
    // The rest of the API does not care where the caller is.
    let health = client
        .get(format!("{network}/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), StatusCode::OK);
}

#[tokio::test]
async fn debug_names_no_path_of_the_server() {
    let app = spawn_app().await;
    let body = app.get("/debug").await.text().await.unwrap();
    let json: Value = serde_json::from_str(&body).unwrap();
    let engines = json["engines"].as_object().unwrap();
    // The local media folder is named, but not where it is.
    assert_eq!(engines["media"], "local folder (media)");
    for (concern, engine) in engines {
        let engine = engine.as_str().unwrap();
        assert!(
            !lectern_core::redact::looks_internal(engine),
            "{concern}: {engine}"
        );
        assert!(!engine.contains("/tmp"), "{concern}: {engine}");
    }
}

#[tokio::test]
async fn a_private_jobs_media_answer_the_same_404_as_an_unknown_id_with_or_without_a_token() {
    let app = spawn_app().await;
    let owner = app.sign_in("private@example.com").await;
    let uid = owner.user["uid"].as_str().unwrap();
    let started: Value = app
        .client
        .post(app.url("/api/video/generate"))
        .bearer_auth(&owner.access_token)
        .json(&json!({"user_id": uid, "topic": "Owls"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let private = started["job_id"].as_str().unwrap().to_string();
    let unknown = uuid::Uuid::new_v4().to_string();
    let stranger = app
        .sign_in_with(&browser(), "stranger@example.com")
        .await
        .access_token;

    let answer = |path: String, token: Option<String>| {
        let request = app.client.get(app.url(&path));
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        async move {
            let response = request.send().await.unwrap();
            (response.status(), response.text().await.unwrap())
        }
    };
    for media in [
        "/api/video/{id}",
        "/api/media/subtitles/{id}",
        "/api/media/chapters/{id}",
        "/api/media/transcript/{id}",
        "/api/media/thumbnail/{id}",
        "/api/media/study-sheet/{id}",
        "/api/media/course-thumbnail/{id}",
        "/api/media/thumbnail/{id}?t=not-a-media-token",
    ] {
        for token in [None, Some(stranger.clone())] {
            let of_private = answer(media.replace("{id}", &private), token.clone()).await;
            let of_unknown = answer(media.replace("{id}", &unknown), token.clone()).await;
            assert_eq!(of_private.0, StatusCode::NOT_FOUND, "{media}");
            assert_eq!(
                of_private,
                of_unknown,
                "{media} (token: {})",
                token.is_some()
            );
        }
    }
}

#[tokio::test]
async fn an_oversized_json_body_answers_413_with_a_detail() {
    let app = spawn_app().await;
    let me = app.sign_in("verbose@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let topic = "a".repeat(3 * 1024 * 1024);
    let response = app
        .client
        .post(app.url("/api/video/generate"))
        .bearer_auth(&me.access_token)
        .json(&json!({"user_id": uid, "topic": topic}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = response.json().await.unwrap();
    assert!(
        body["detail"].as_str().unwrap().contains("larger than"),
        "{body}"
    );
}

#[tokio::test]
async fn a_failed_jobs_error_shows_no_path_or_traceback_even_when_stored_with_one() {
    let app = spawn_app().await;
    let me = app.sign_in("unlucky@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let started: Value = app
        .client
        .post(app.url("/api/video/generate"))
        .bearer_auth(&me.access_token)
        .json(&json!({"user_id": uid, "topic": "Glaciers"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let job_id = started["job_id"].as_str().unwrap();
    // What an older worker stored: a narrator's traceback with the server's paths.
    jobs::fail(
        &app.db,
        job_id,
        "narration stage failed: piper exited: Traceback (most recent call last):\n  File \"/usr/lib/python3/dist-packages/piper/__main__.py\", line 9",
    )
    .await
    .unwrap();
    let status: Value = app
        .get_authed(&format!("/api/job/{job_id}/status"), &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["status"], "failed");
    let error = status["error"].as_str().unwrap();
    assert!(
        error.starts_with("Recording the narration failed."),
        "{error}"
    );
    assert!(
        !error.contains('/') && !error.contains("Traceback"),
        "{error}"
    );
}

#[tokio::test]
async fn of_two_racing_cancels_the_loser_is_told_the_job_is_cancelled() {
    let app = spawn_app().await;
    let me = app.sign_in("twice@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for round in 0..8 {
        let started: Value = app
            .client
            .post(app.url("/api/video/generate"))
            .bearer_auth(&me.access_token)
            .json(&json!({"user_id": uid, "topic": format!("Tides {round}"), "dry_run": true}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let job_id = started["job_id"].as_str().unwrap();
        let cancel = || {
            app.client
                .post(app.url(&format!("/api/job/{job_id}/cancel")))
                .bearer_auth(&me.access_token)
                .send()
        };
        let (a, b) = tokio::join!(cancel(), cancel());
        let mut statuses = Vec::new();
        for response in [a.unwrap(), b.unwrap()] {
            let status = response.status();
            let body: Value = response.json().await.unwrap();
            if status == StatusCode::CONFLICT {
                let detail = body["detail"].as_str().unwrap();
                assert!(detail.contains("already cancelled"), "{detail}");
            }
            statuses.push(status);
        }
        statuses.sort();
        assert_eq!(
            statuses,
            vec![StatusCode::OK, StatusCode::CONFLICT],
            "round {round}"
        );
    }
}
