//! A Lectern server for worker tests: the API in this process, workers either in-process
//! (embedded default: SQLite, apalis-sqlite) or as `lectern worker` processes (PostgreSQL,
//! apalis-redis), media in a local folder.

use std::{
    process::{Child, Command, Stdio},
    sync::Arc,
    time::Duration,
};

use lectern_api::Application;
use lectern_core::{Config, credits, storage::Storage};
use lectern_pipeline::{Pipeline, PipelineConfig, narration::TtsChoice};
use lectern_workers::Runtime;
use reqwest::{StatusCode, header};
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

pub struct Server {
    pub address: String,
    pub client: reqwest::Client,
    pub db: sea_orm::DatabaseConnection,
    pub storage: Storage,
    pub dir: tempfile::TempDir,
    /// Settings `lectern worker` processes need to join this server's database and queue.
    worker_env: Vec<(String, String)>,
    pub workers: Vec<WorkerProcess>,
    /// The `moto` S3 server when the media live in S3.
    pub moto: Option<WorkerProcess>,
    /// The API as a `lectern serve` process, when the fleet runs it so (see [`Fleet`]).
    pub api: Option<WorkerProcess>,
    /// The Redis server this fleet started for itself, if any.
    pub redis: Option<RedisServer>,
    /// The fleet's PostgreSQL database (name), if any.
    pub database: Option<String>,
}

/// A `lectern worker` process, killed when dropped.
pub struct WorkerProcess {
    pub child: Child,
    pub log: std::path::PathBuf,
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn fast_pipeline() -> PipelineConfig {
    PipelineConfig {
        tts: Some(TtsChoice::Espeak),
        ..PipelineConfig::default()
    }
}

fn base_pairs(address: &str, dir: &std::path::Path) -> Vec<(&'static str, String)> {
    vec![
        ("public_url", address.to_string()),
        ("data_dir", dir.display().to_string()),
        ("secret_key", "test-secret-test-secret-test-secret!".into()),
        ("web_dir", dir.join("none").display().to_string()),
        // The reader child of uploaded sources: the lectern binary reads them
        // (`lectern read-source`); a test binary cannot run itself as one.
        ("source_reader", env!("CARGO_BIN_EXE_lectern").to_string()),
    ]
}

fn http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The embedded default: SQLite, apalis-sqlite, one worker in this process.
pub async fn embedded(pipeline: PipelineConfig) -> Server {
    embedded_with(pipeline, &[]).await
}

/// [`embedded`] with more server settings (`("llm_base_url", ...)`).
pub async fn embedded_with(
    pipeline: PipelineConfig,
    settings: &[(&'static str, String)],
) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let dir = tempfile::tempdir().unwrap();
    let mut pairs = base_pairs(&address, dir.path());
    pairs.extend(settings.iter().cloned());
    let config = Config::from_pairs(pairs).unwrap();
    let storage = Storage::from_config(&config).unwrap();
    let app = Application::build(config, listener).await.unwrap();
    let runtime = Arc::new(Runtime {
        db: app.state().db.clone(),
        storage: storage.clone(),
        pipeline: Pipeline::new(pipeline).unwrap(),
        name: lectern_workers::unique_name(),
    });
    let queue = app.state().queue.clone();
    let db = app.state().db.clone();
    tokio::spawn(lectern_workers::run(
        runtime,
        queue,
        1,
        std::future::pending(),
    ));
    tokio::spawn(app.run_until_stopped());
    Server {
        address,
        client: http_client(),
        db,
        storage,
        dir,
        worker_env: Vec::new(),
        workers: Vec::new(),
        moto: None,
        api: None,
        redis: None,
        database: None,
    }
}

/// The embedded default as a `lectern serve --workers 1` process (SQLite, apalis-sqlite, the
/// worker in the server, media in the data folder), for faults that end the whole process.
/// `extra` adds environment settings.
pub async fn embedded_process(extra: &[(&str, &str)]) -> Server {
    let port = free_port();
    let address = format!("http://127.0.0.1:{port}");
    let dir = tempfile::tempdir().unwrap();
    let config = Config::from_pairs(base_pairs(&address, dir.path())).unwrap();
    let storage = Storage::from_config(&config).unwrap();
    let mut worker_env: Vec<(String, String)> = vec![
        ("LECTERN_DATA_DIR".into(), dir.path().display().to_string()),
        ("LECTERN_PUBLIC_URL".into(), address.clone()),
        (
            "LECTERN_SECRET_KEY".into(),
            "test-secret-test-secret-test-secret!".into(),
        ),
        ("LECTERN_PORT".into(), port.to_string()),
        ("LECTERN_TTS".into(), "espeak".into()),
        ("LECTERN_LOG".into(), "info,lectern_workers=debug".into()),
    ];
    worker_env.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let database = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("lectern.db").display()
    );
    let db = Database::connect(database.as_str()).await.unwrap();
    let mut server = Server {
        address,
        client: http_client(),
        db,
        storage,
        dir,
        worker_env,
        workers: Vec::new(),
        moto: None,
        api: None,
        redis: None,
        database: None,
    };
    server.start_serve(1);
    server.wait_for_api().await;
    server
}

/// The scaled set-up: PostgreSQL and Redis (from `LECTERN_TEST_DATABASE_URL` and
/// `LECTERN_TEST_REDIS_URL`), a fresh database and a queue of its own, no workers yet
/// (add them with [`Server::start_worker`]). `None` when either service is not named.
pub async fn fleet() -> Option<Server> {
    fleet_with(false).await
}

/// Starts `moto_server` (PyPI `moto[server]`) on a free loopback port.
async fn start_moto(dir: &std::path::Path) -> (WorkerProcess, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let log = dir.join("moto.log");
    let out = std::fs::File::create(&log).unwrap();
    let mut child = Command::new("moto_server")
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .expect("moto_server is not installed: run scripts/setup.sh --tests");
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return (
                WorkerProcess { child, log },
                format!("http://127.0.0.1:{port}"),
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("moto_server did not start on port {port}");
}

/// [`fleet`], with the media in S3 (`moto` on loopback) when `s3` is set.
pub async fn fleet_with(s3: bool) -> Option<Server> {
    fleet_of(Fleet {
        s3,
        ..Fleet::default()
    })
    .await
}

/// How a scaled test set-up runs.
#[derive(Default)]
pub struct Fleet {
    /// Media in S3 (`moto` on loopback) instead of a local folder.
    pub s3: bool,
    /// A Redis server of the test's own on a free port (appendonly, so that it can be
    /// stopped and started again), instead of `LECTERN_TEST_REDIS_URL`.
    pub own_redis: bool,
    /// The API as a `lectern serve` process (it can then be killed and started again)
    /// instead of in the test process; started together with this many workers, at once.
    pub api_process_with_workers: Option<usize>,
    /// More settings of the API in this process (admission limits, say).
    pub settings: Vec<(&'static str, String)>,
}

/// A `redis-server` of a test's own.
pub struct RedisServer {
    pub port: u16,
    dir: tempfile::TempDir,
    process: Option<WorkerProcess>,
}

impl RedisServer {
    pub async fn start_new() -> Self {
        let mut server = Self {
            port: free_port(),
            dir: tempfile::tempdir().unwrap(),
            process: None,
        };
        server.start().await;
        server
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Starts the server again on its port, with what it had written to its append-only file.
    pub async fn start(&mut self) {
        let log = self.dir.path().join("redis.log");
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args([
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
            ])
            .arg("--dir")
            .arg(self.dir.path())
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&log).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server is not installed");
        self.process = Some(WorkerProcess { child, log });
        wait_for_port(self.port, "redis-server").await;
    }

    /// Stops the server (SIGTERM: it writes its data and exits).
    pub fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            signal(process.child.id(), "TERM");
            let _ = process.child.wait();
        }
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Sends `kill -<name>` to a process.
pub fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill -{name} {pid}");
}

async fn wait_for_port(port: u16, what: &str) {
    for _ in 0..300 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what} did not listen on port {port}");
}

/// The scaled set-up as `options` says (see [`Fleet`]). `None` when PostgreSQL (or Redis,
/// unless the fleet starts its own) is not named.
pub async fn fleet_of(options: Fleet) -> Option<Server> {
    let pg = env_url("LECTERN_TEST_DATABASE_URL");
    let shared_redis = env_url("LECTERN_TEST_REDIS_URL");
    let (Some(pg), true) = (pg, options.own_redis || shared_redis.is_some()) else {
        eprintln!("skipped: LECTERN_TEST_DATABASE_URL and LECTERN_TEST_REDIS_URL name no services");
        return None;
    };
    let own_redis = if options.own_redis {
        Some(RedisServer::start_new().await)
    } else {
        None
    };
    let redis = match &own_redis {
        Some(server) => server.url(),
        None => shared_redis.unwrap(),
    };
    let s3 = options.s3;
    let name = format!("lectern_w_{}", uuid_simple());
    let admin = Database::connect(pg.as_str())
        .await
        .expect("connect to test PostgreSQL");
    admin
        .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
        .await
        .expect("create test database");
    admin.close().await.ok();
    let mut database_url = url::Url::parse(&pg).unwrap();
    database_url.set_path(&format!("/{name}"));
    let database_url = database_url.to_string();
    let queue_name = format!("lectern-test-{}", uuid_simple());

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let address = format!("http://127.0.0.1:{port}");
    let dir = tempfile::tempdir().unwrap();
    let mut pairs = base_pairs(&address, dir.path());
    pairs.push(("database_url", database_url.clone()));
    pairs.push(("queue_url", redis.clone()));
    pairs.push(("queue_name", queue_name.clone()));
    pairs.extend(options.settings.iter().cloned());
    let mut storage_env: Vec<(String, String)> = Vec::new();
    let moto = if s3 {
        let (moto, endpoint) = start_moto(dir.path()).await;
        for (key, value) in [
            ("storage_url", "s3://lectern-test/media".to_string()),
            ("s3_endpoint", endpoint),
            ("s3_path_style", "true".into()),
            ("s3_access_key_id", "testing".into()),
            ("s3_secret_access_key", "testing".into()),
            ("s3_region", "us-east-1".into()),
        ] {
            storage_env.push((format!("LECTERN_{}", key.to_uppercase()), value.clone()));
            pairs.push((key, value));
        }
        Some(moto)
    } else {
        None
    };
    let config = Config::from_pairs(pairs).unwrap();
    let storage = Storage::from_config(&config).unwrap();
    if let Storage::S3(s3) = &storage {
        s3.client()
            .create_bucket()
            .bucket(s3.bucket())
            .send()
            .await
            .unwrap();
    }
    let in_process = if options.api_process_with_workers.is_none() {
        let app = Application::build(config, listener).await.unwrap();
        let db = app.state().db.clone();
        tokio::spawn(app.run_until_stopped());
        Some(db)
    } else {
        drop(listener);
        None
    };
    let mut worker_env = vec![
        ("LECTERN_DATABASE_URL".into(), database_url.clone()),
        ("LECTERN_QUEUE_URL".into(), redis),
        ("LECTERN_QUEUE_NAME".into(), queue_name),
        ("LECTERN_DATA_DIR".into(), dir.path().display().to_string()),
        ("LECTERN_PUBLIC_URL".into(), address.clone()),
        (
            "LECTERN_SECRET_KEY".into(),
            "test-secret-test-secret-test-secret!".into(),
        ),
        ("LECTERN_TTS".into(), "espeak".into()),
        // A killed worker's job comes back after 3 missed 1-second heartbeats.
        ("LECTERN_QUEUE_HEARTBEAT_SECS".into(), "1".into()),
        ("LECTERN_LOG".into(), "info,lectern_workers=debug".into()),
        ("LECTERN_WORKER_LISTEN".into(), "127.0.0.1:0".into()),
    ];
    worker_env.extend(storage_env);
    let db = match in_process {
        Some(db) => db,
        // A lazy connection: nothing touches the fresh database before the processes start.
        None => Database::connect(database_url.as_str()).await.unwrap(),
    };
    let mut server = Server {
        address,
        client: http_client(),
        db,
        storage,
        dir,
        worker_env,
        workers: Vec::new(),
        moto,
        api: None,
        redis: own_redis,
        database: Some(name),
    };
    if let Some(workers) = options.api_process_with_workers {
        server
            .worker_env
            .push(("LECTERN_PORT".into(), port.to_string()));
        // All in the same instant, on a database no process has migrated yet.
        server.start_api();
        for _ in 0..workers {
            server.start_worker(&[]);
        }
        server.wait_for_api().await;
    }
    Some(server)
}

fn env_url(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|s| !s.is_empty())
}

fn uuid_simple() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Starts a `lectern worker` process with this server's settings plus `extra`.
    pub fn start_worker(&mut self, extra: &[(&str, &str)]) -> u32 {
        let index = self.workers.len();
        let log = self.dir.path().join(format!("worker-{index}.log"));
        let out = std::fs::File::create(&log).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_lectern"));
        command
            .arg("worker")
            .current_dir(self.dir.path())
            .env_remove("LECTERN_CONFIG")
            // The offline writer: these tests are about the queue, not the script.
            .env("LECTERN_LOCAL_MODEL", "off")
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out);
        for (key, value) in &self.worker_env {
            command.env(key, value);
        }
        for (key, value) in extra {
            command.env(key, value);
        }
        let child = command.spawn().expect("start lectern worker");
        let pid = child.id();
        self.workers.push(WorkerProcess { child, log });
        pid
    }

    /// Starts the API as a `lectern serve` process on this server's address (no workers in it).
    pub fn start_api(&mut self) {
        self.start_serve(0);
    }

    /// Starts `lectern serve --workers {workers}` on this server's address.
    pub fn start_serve(&mut self, workers: usize) {
        let log = self
            .dir
            .path()
            .join(format!("api-{}.log", &uuid_simple()[..8]));
        let out = std::fs::File::create(&log).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_lectern"));
        command
            .args(["serve", "--workers", &workers.to_string()])
            .current_dir(self.dir.path())
            .env_remove("LECTERN_CONFIG")
            .env("LECTERN_LOCAL_MODEL", "off")
            .env(
                "LECTERN_WEB_DIR",
                self.dir.path().join("none").display().to_string(),
            )
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out);
        for (key, value) in &self.worker_env {
            command.env(key, value);
        }
        let child = command.spawn().expect("start lectern serve");
        self.api = Some(WorkerProcess { child, log });
    }

    /// Kills the API process with SIGKILL (it gets no chance to clean up).
    pub fn kill_api(&mut self) {
        if let Some(mut api) = self.api.take() {
            signal(api.child.id(), "KILL");
            let _ = api.child.wait();
            let text = std::fs::read_to_string(&api.log).unwrap_or_default();
            std::fs::write(api.log.with_extension("killed.log"), text).ok();
        }
    }

    /// Waits until the API answers `/health` with 200.
    pub async fn wait_for_api(&self) {
        for _ in 0..600 {
            if let Ok(response) = self.client.get(self.url("/health")).send().await
                && response.status() == StatusCode::OK
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let api_log = self
            .api
            .as_ref()
            .map(|api| std::fs::read_to_string(&api.log).unwrap_or_default())
            .unwrap_or_default();
        panic!(
            "the API never answered /health\n{api_log}\n{}",
            self.worker_logs()
        );
    }

    /// What the worker processes printed, for failure messages.
    pub fn worker_logs(&self) -> String {
        self.api
            .iter()
            .chain(&self.workers)
            .map(|w| {
                let text = std::fs::read_to_string(&w.log).unwrap_or_default();
                let tail: Vec<&str> = text.lines().rev().take(40).collect();
                format!(
                    "--- {}\n{}",
                    w.log.display(),
                    tail.into_iter().rev().collect::<Vec<_>>().join("\n")
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Development sign-in with a login hint; returns (access token, user id).
    pub async fn sign_in(&self, email: &str) -> (String, String) {
        let client = http_client();
        let mut url = self.url(&format!("/auth/google/start?login_hint={email}"));
        for _ in 0..3 {
            let response = client.get(&url).send().await.unwrap();
            let next = response.headers()[header::LOCATION]
                .to_str()
                .unwrap()
                .to_string();
            url = if next.starts_with('/') {
                self.url(&next)
            } else {
                next
            };
        }
        let body: Value = client
            .post(self.url("/auth/refresh"))
            .header(header::ORIGIN, &self.address)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        (
            body["access_token"].as_str().unwrap().to_string(),
            body["user"]["uid"].as_str().unwrap().to_string(),
        )
    }

    pub async fn submit_video(
        &self,
        token: &str,
        uid: &str,
        topic: &str,
        minutes: u32,
    ) -> reqwest::Response {
        self.client
            .post(self.url("/api/video/generate"))
            .bearer_auth(token)
            .json(&json!({"user_id": uid, "topic": topic, "level": 1, "duration": minutes}))
            .send()
            .await
            .unwrap()
    }

    pub async fn start_video(&self, token: &str, uid: &str, topic: &str, minutes: u32) -> String {
        let response = self.submit_video(token, uid, topic, minutes).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        let body: Value = response.json().await.unwrap();
        body["job_id"].as_str().unwrap().to_string()
    }

    pub async fn status(&self, token: &str, job_id: &str) -> Value {
        self.client
            .get(self.url(&format!("/api/job/{job_id}/status")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    pub async fn get_json(&self, token: &str, path: &str) -> Value {
        self.client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Polls until the job is final (at most `limit`), recording every progress value seen.
    pub async fn wait_final(
        &self,
        token: &str,
        job_id: &str,
        limit: Duration,
    ) -> (Value, Vec<i64>) {
        let mut seen = Vec::new();
        let deadline = tokio::time::Instant::now() + limit;
        while tokio::time::Instant::now() < deadline {
            let status = self.status(token, job_id).await;
            seen.push(status["progress"].as_i64().unwrap());
            if ["completed", "failed", "cancelled"].contains(&status["status"].as_str().unwrap()) {
                return (status, seen);
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        panic!(
            "job {job_id} did not finish in {limit:?}\n{}",
            self.worker_logs()
        );
    }

    pub async fn assert_ledger_matches(&self, uid: &str) {
        let balance = credits::balance(&self.db, uid).await.unwrap();
        assert_eq!(
            credits::ledger_sum(&self.db, uid).await.unwrap(),
            balance.available,
            "ledger sum equals the balance"
        );
    }

    pub async fn available(&self, uid: &str) -> i64 {
        credits::balance(&self.db, uid).await.unwrap().available
    }

    /// Starts a 3-minute video, cancels it once the worker is rendering, and checks the job
    /// stays cancelled, refunded, without media. Returns the job id.
    pub async fn cancel_while_rendering(&self, token: &str, uid: &str) -> String {
        let job_id = self
            .start_video(token, uid, "The French Revolution", 3)
            .await;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(300);
        loop {
            assert!(
                tokio::time::Instant::now() < deadline,
                "never started\n{}",
                self.worker_logs()
            );
            let status = self.status(token, &job_id).await;
            if status["status"] == "processing" && status["progress"].as_i64().unwrap() > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        let cancelled = self
            .client
            .post(self.url(&format!("/api/job/{job_id}/cancel")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(cancelled.status(), StatusCode::OK);
        // The worker notices between slides; the job stays cancelled and nothing is stored.
        tokio::time::sleep(Duration::from_secs(5)).await;
        let status = self.status(token, &job_id).await;
        assert_eq!(status["status"], "cancelled");
        assert_eq!(status["video_url"], Value::Null);
        assert_eq!(self.available(uid).await, 10, "refunded");
        self.assert_ledger_matches(uid).await;
        assert!(
            self.storage
                .size(&format!("jobs/{job_id}/video.mp4"))
                .await
                .unwrap()
                .is_none()
        );
        job_id
    }
}

/// The name worker process `pid` printed when it started ("Lectern worker NAME on ...").
pub async fn worker_name(server: &Server, pid: u32) -> String {
    let worker = server
        .workers
        .iter()
        .find(|w| w.child.id() == pid)
        .expect("one of this server's workers");
    for _ in 0..600 {
        let log = std::fs::read_to_string(&worker.log).unwrap_or_default();
        if let Some(name) = log
            .lines()
            .find_map(|line| line.strip_prefix("Lectern worker "))
            .and_then(|rest| rest.split_whitespace().next())
        {
            return name.to_string();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("worker {pid} never said its name\n{}", server.worker_logs());
}

/// Waits until worker `pid` is well into a job; returns that job's id.
pub async fn job_running_on(server: &Server, pid: u32) -> String {
    use lectern_core::entities::job;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let name = worker_name(server, pid).await;
    for _ in 0..3000 {
        let running = job::Entity::find()
            .filter(job::Column::Status.eq("processing"))
            .all(&server.db)
            .await
            .unwrap_or_default();
        if let Some(job) = running
            .into_iter()
            .find(|j| j.progress >= 10 && j.worker.as_deref() == Some(name.as_str()))
        {
            return job.id;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("worker {pid} never ran a job\n{}", server.worker_logs());
}
