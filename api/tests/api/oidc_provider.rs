//! Sign-in through a real, certified third-party OpenID provider (`oidc-provider` from npm,
//! started on loopback), driven through its own login and consent forms.

use std::{path::Path, process::Stdio, time::Duration};

use reqwest::StatusCode;
use serde_json::Value;
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

use crate::helpers::{browser, location, spawn_app_on};

const CLIENT_ID: &str = "lectern";
const CLIENT_SECRET: &str = "a-client-secret-for-tests";

struct Provider {
    issuer: String,
    _child: Child,
}

async fn start_provider(redirect_uri: &str) -> Provider {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oidc-provider");
    if !dir.join("node_modules/oidc-provider").exists() {
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .await
            .expect("npm is needed to install oidc-provider for this test");
        assert!(status.success(), "npm ci failed in {}", dir.display());
    }
    let mut child = Command::new("node")
        .arg("server.mjs")
        .current_dir(&dir)
        .env("REDIRECT_URI", redirect_uri)
        .env("CLIENT_ID", CLIENT_ID)
        .env("CLIENT_SECRET", CLIENT_SECRET)
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("node is needed to run oidc-provider");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let issuer = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(line) = lines.next_line().await.unwrap() {
            if let Some(issuer) = line.strip_prefix("issuer=") {
                return issuer.to_string();
            }
        }
        panic!("oidc-provider exited before it listened");
    })
    .await
    .expect("oidc-provider did not start in 30 s");
    // Keep draining its output so it never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Provider {
        issuer,
        _child: child,
    }
}

fn form_action(html: &str) -> String {
    let form = html.find("<form").expect("a form on the page");
    let rest = &html[form..];
    let start = rest.find("action=\"").expect("a form action") + "action=\"".len();
    let end = rest[start..].find('"').unwrap();
    rest[start..start + end].replace("&amp;", "&")
}

fn absolute(base: &str, url: &str) -> String {
    url::Url::parse(base)
        .unwrap()
        .join(url)
        .unwrap()
        .to_string()
}

/// Follows redirects on the provider until a page with a form, or until it leaves for `stop`.
async fn follow(client: &reqwest::Client, mut url: String, stop: &str) -> (String, Option<String>) {
    for _ in 0..10 {
        if url.starts_with(stop) {
            return (url, None);
        }
        let response = client.get(&url).send().await.unwrap();
        if response.status().is_redirection() {
            url = absolute(&url, &location(&response));
            continue;
        }
        assert_eq!(response.status(), StatusCode::OK, "at {url}");
        return (url.clone(), Some(response.text().await.unwrap()));
    }
    panic!("too many redirects");
}

#[tokio::test]
async fn signing_in_through_a_certified_openid_provider_creates_the_account() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let app_origin = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let callback = format!("{app_origin}/auth/google/callback");
    let provider = start_provider(&callback).await;
    let app = spawn_app_on(
        listener,
        vec![
            ("oidc_issuer", provider.issuer.clone()),
            ("oidc_client_id", CLIENT_ID.into()),
            ("oidc_client_secret", CLIENT_SECRET.into()),
        ],
    )
    .await;

    let client = browser();
    let start = client
        .get(app.url("/auth/google/start?mode=redirect&return_to=/library"))
        .send()
        .await
        .unwrap();
    assert_eq!(start.status(), StatusCode::SEE_OTHER);
    let authorize = location(&start);
    assert!(authorize.starts_with(&provider.issuer), "{authorize}");
    assert!(authorize.contains("code_challenge_method=S256"));

    // The provider's login form.
    let (page_url, html) = follow(&client, authorize, &callback).await;
    let html = html.expect("the login form");
    assert!(html.contains("name=\"login\""), "{html}");
    let login = client
        .post(absolute(&page_url, &form_action(&html)))
        .form(&[("prompt", "login"), ("login", "ada"), ("password", "any")])
        .send()
        .await
        .unwrap();
    assert!(login.status().is_redirection());

    // Its consent form.
    let (page_url, html) = follow(&client, absolute(&page_url, &location(&login)), &callback).await;
    let html = html.expect("the consent form");
    assert!(html.contains("value=\"consent\""), "{html}");
    let consent = client
        .post(absolute(&page_url, &form_action(&html)))
        .form(&[("prompt", "consent")])
        .send()
        .await
        .unwrap();
    assert!(consent.status().is_redirection());

    // Back to Lectern with a code.
    let (back, _) = follow(&client, absolute(&page_url, &location(&consent)), &callback).await;
    assert!(back.starts_with(&callback), "{back}");
    let done = client.get(&back).send().await.unwrap();
    assert_eq!(location(&done), "/library?signin=first");

    let refreshed = app.post_from_app(&client, "/auth/refresh").await;
    assert_eq!(refreshed.status(), StatusCode::OK);
    let body: Value = refreshed.json().await.unwrap();
    assert_eq!(body["user"]["email"], "ada@example.org");
    assert_eq!(body["user"]["displayName"], "Test ada");
    assert_eq!(body["user"]["credits"]["available"], 10);
}
