use std::time::Duration;

use lectern_api::Application;
use lectern_core::Config;
use reqwest::{StatusCode, header};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use serde_json::Value;
use tempfile::TempDir;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db: DatabaseConnection,
    pub storage: lectern_core::storage::Storage,
    _data_dir: TempDir,
}

pub struct SignedIn {
    pub access_token: String,
    pub user: Value,
    pub first_sign_in: bool,
}

/// A client that keeps cookies and does not follow redirects, like a browser we drive.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// Which database a test app uses: PostgreSQL when the harness names one, else SQLite.
pub async fn test_database_url() -> Option<String> {
    let base = std::env::var("LECTERN_TEST_DATABASE_URL")
        .ok()
        .filter(|s| !s.is_empty())?;
    let name = format!("lectern_t_{}", uuid::Uuid::new_v4().simple());
    let admin = Database::connect(base.as_str())
        .await
        .expect("connect to test PostgreSQL");
    admin
        .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
        .await
        .expect("create test database");
    admin.close().await.ok();
    let mut url = url::Url::parse(&base).expect("LECTERN_TEST_DATABASE_URL is a URL");
    url.set_path(&format!("/{name}"));
    Some(url.to_string())
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(Vec::new()).await
}

pub async fn spawn_app_with(settings: Vec<(&'static str, String)>) -> TestApp {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    spawn_app_on(listener, settings).await
}

pub async fn spawn_app_on(
    listener: tokio::net::TcpListener,
    settings: Vec<(&'static str, String)>,
) -> TestApp {
    let port = listener.local_addr().unwrap().port();
    let address = format!("http://127.0.0.1:{port}");
    let data_dir = tempfile::tempdir().unwrap();
    let mut pairs: Vec<(&str, String)> = vec![
        ("public_url", address.clone()),
        ("data_dir", data_dir.path().display().to_string()),
        ("secret_key", "test-secret-test-secret-test-secret!".into()),
        (
            "web_dir",
            data_dir.path().join("no-web").display().to_string(),
        ),
    ];
    // The reader child of uploaded sources: a test binary cannot run itself as one.
    pairs.push((
        "source_reader",
        env!("CARGO_BIN_EXE_lectern-read-source").to_string(),
    ));
    // A test that names its database (replicas sharing one) keeps it.
    if !settings.iter().any(|(key, _)| *key == "database_url")
        && let Some(url) = test_database_url().await
    {
        pairs.push(("database_url", url));
    }
    pairs.extend(settings);
    let config = Config::from_pairs(pairs).expect("test configuration");
    let app = Application::build(config, listener)
        .await
        .expect("build app");
    let db = app.state().db.clone();
    let storage = app.state().storage.clone();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: browser(),
        db,
        storage,
        _data_dir: data_dir,
    }
}

pub fn location(response: &reqwest::Response) -> String {
    response
        .headers()
        .get(header::LOCATION)
        .unwrap_or_else(|| panic!("no Location on a {} response", response.status()))
        .to_str()
        .unwrap()
        .to_string()
}

pub fn query_param(url: &str, key: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    url.query_pairs()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_authed(&self, path: &str, token: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    /// POST with our Origin, as the web app sends it.
    pub async fn post_from_app(&self, client: &reqwest::Client, path: &str) -> reqwest::Response {
        client
            .post(self.url(path))
            .header(header::ORIGIN, &self.address)
            .send()
            .await
            .unwrap()
    }

    /// Runs the development provider's sign-in in redirect mode with `login_hint`, as a
    /// browser would, and returns the final redirect to the app.
    pub async fn dev_sign_in_redirect(&self, client: &reqwest::Client, email: &str) -> String {
        let start = client
            .get(self.url("/auth/google/start"))
            .query(&[
                ("mode", "redirect"),
                ("return_to", "/library"),
                ("login_hint", email),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(
            start.status(),
            StatusCode::SEE_OTHER,
            "start should redirect"
        );
        let authorize = client.get(location(&start)).send().await.unwrap();
        assert_eq!(
            authorize.status(),
            StatusCode::SEE_OTHER,
            "provider should redirect back"
        );
        let callback = client.get(location(&authorize)).send().await.unwrap();
        assert_eq!(
            callback.status(),
            StatusCode::SEE_OTHER,
            "callback should redirect"
        );
        location(&callback)
    }

    pub async fn sign_in_with(&self, client: &reqwest::Client, email: &str) -> SignedIn {
        let landing = self.dev_sign_in_redirect(client, email).await;
        let first_sign_in = landing.contains("signin=first");
        assert!(
            landing.starts_with("/library?signin="),
            "landed on {landing}"
        );
        let refreshed = self.post_from_app(client, "/auth/refresh").await;
        assert_eq!(refreshed.status(), StatusCode::OK);
        let body: Value = refreshed.json().await.unwrap();
        SignedIn {
            access_token: body["access_token"].as_str().unwrap().to_string(),
            user: body["user"].clone(),
            first_sign_in,
        }
    }

    pub async fn sign_in(&self, email: &str) -> SignedIn {
        self.sign_in_with(&self.client, email).await
    }
}
