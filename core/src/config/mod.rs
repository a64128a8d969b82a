//! Typed configuration: an optional TOML file plus `LECTERN_*` environment variables.
//!
//! Every setting has a working embedded default; `Config::load` validates the result and
//! names the offending setting when something is wrong.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use figment::{
    Figment,
    providers::{Env, Format, Serialized, Toml},
};
use secrecy::SecretString;
use serde::{Deserialize, Serialize};
use url::Url;

mod table;
pub use table::{SETTINGS, Setting, markdown_table};

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("invalid setting {setting}: {reason}")]
    Invalid {
        setting: &'static str,
        reason: String,
    },
    #[error("could not read configuration: {0}")]
    Load(String),
}

fn invalid(setting: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        setting,
        reason: reason.into(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    Development,
    Production,
}

/// Raw settings exactly as named in DESIGN.md; `Config` is the validated form.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RawSettings {
    env: String,
    port: u16,
    listen: Option<String>,
    #[serde(deserialize_with = "lenient_flag")]
    allow_dev_signin_on_network: bool,
    operator_token: Option<String>,
    user_queue_limit: u64,
    free_queue_limit: u64,
    work_per_minute: u64,
    public_url: String,
    data_dir: PathBuf,
    database_url: Option<String>,
    queue_url: Option<String>,
    queue_name: Option<String>,
    storage_url: Option<String>,
    s3_endpoint: Option<String>,
    s3_path_style: bool,
    s3_region: Option<String>,
    s3_access_key_id: Option<String>,
    s3_secret_access_key: Option<String>,
    oidc_issuer: Option<String>,
    oidc_client_id: Option<String>,
    oidc_client_secret: Option<String>,
    host_emails: String,
    llm_base_url: Option<String>,
    llm_api_key: Option<String>,
    llm_model: Option<String>,
    llm_timeout_secs: Option<u64>,
    llm_slots: Option<u64>,
    #[serde(deserialize_with = "lenient_string")]
    local_model: String,
    llm_gguf: Option<PathBuf>,
    llama_server: Option<PathBuf>,
    models_dir: Option<PathBuf>,
    llm_threads: Option<u64>,
    llm_context: Option<u64>,
    tts: Option<String>,
    tts_model: Option<String>,
    tts_voice: Option<String>,
    piper_command: Option<PathBuf>,
    piper_model: Option<PathBuf>,
    queue_heartbeat_secs: u64,
    worker_listen: String,
    log: Option<String>,
    stripe_secret_key: Option<String>,
    stripe_webhook_secret: Option<String>,
    stripe_api_base: Option<String>,
    secret_key: Option<String>,
    web_dir: Option<PathBuf>,
    allowed_origins: String,
    source_quota_kb: u64,
    source_reader: Option<PathBuf>,
}

impl Default for RawSettings {
    fn default() -> Self {
        Self {
            env: "development".into(),
            port: 8765,
            listen: None,
            allow_dev_signin_on_network: false,
            operator_token: None,
            user_queue_limit: 20,
            free_queue_limit: 200,
            work_per_minute: 20,
            public_url: "http://localhost:8765".into(),
            data_dir: PathBuf::from("./data"),
            database_url: None,
            queue_url: None,
            queue_name: None,
            storage_url: None,
            s3_endpoint: None,
            s3_path_style: false,
            s3_region: None,
            s3_access_key_id: None,
            s3_secret_access_key: None,
            oidc_issuer: None,
            oidc_client_id: None,
            oidc_client_secret: None,
            host_emails: String::new(),
            llm_base_url: None,
            llm_api_key: None,
            llm_model: None,
            llm_timeout_secs: None,
            llm_slots: None,
            local_model: "auto".into(),
            llm_gguf: None,
            llama_server: None,
            models_dir: None,
            llm_threads: None,
            llm_context: None,
            tts: None,
            tts_model: None,
            tts_voice: None,
            piper_command: None,
            piper_model: None,
            queue_heartbeat_secs: 30,
            worker_listen: "0.0.0.0:9465".into(),
            log: None,
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_api_base: None,
            secret_key: None,
            web_dir: None,
            allowed_origins: String::new(),
            source_quota_kb: 51_200,
            source_reader: None,
        }
    }
}

/// Where sign-in identities come from.
#[derive(Debug, Clone)]
pub enum IdentityConfig {
    /// The built-in development provider served by Lectern itself under `/dev-oidc`.
    Development,
    /// Any OpenID Connect issuer (Google is `https://accounts.google.com`).
    Oidc {
        issuer: Url,
        client_id: String,
        client_secret: Option<SecretString>,
    },
}

#[derive(Debug, Clone)]
pub enum DatabaseConfig {
    Sqlite(PathBuf),
    Postgres(SecretString),
}

/// The base URL used when only `LECTERN_LLM_API_KEY` is set (the worker's default too).
pub const DEFAULT_LLM_BASE_URL: &str = "https://api.openai.com/v1";
/// The model used when `LECTERN_LLM_MODEL` is unset.
pub const DEFAULT_LLM_MODEL: &str = "gpt-4o-mini";
/// The log filter when `LECTERN_LOG` is unset.
pub const DEFAULT_LOG: &str = "info,sqlx=warn,sea_orm=warn";

#[derive(Debug, Clone)]
pub struct LlmConfig {
    pub base_url: String,
    pub api_key: Option<SecretString>,
    pub model: String,
    /// Set when the model is Lectern's own local model server: what to call it
    /// ("local model: Qwen2.5-Coder 1.5B Instruct Q4_K_M via llama.cpp").
    pub local: Option<String>,
}

/// `LECTERN_LOCAL_MODEL` and the local model server's settings. The catalog of model ids
/// belongs to the pipeline, which checks `Model` ids when it builds its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalModelChoice {
    /// Use the installed default model (or `LECTERN_LLM_GGUF`).
    Auto,
    /// Never start a local model: the offline writer writes.
    Off,
    /// A catalog model id (`qwen2.5-0.5b`, `smollm2-135m`).
    Model(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalModelConfig {
    pub choice: LocalModelChoice,
    pub gguf: Option<PathBuf>,
    pub server_binary: Option<PathBuf>,
    /// `None`: `~/.cache/lectern` (outside the clone).
    pub models_dir: Option<PathBuf>,
    /// `None`: every core.
    pub threads: Option<usize>,
    /// `None`: the pipeline's default context.
    pub context: Option<u32>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NarrationConfig {
    /// `piper`, `espeak` or `openai`; `None` picks Piper when installed, else espeak-ng.
    pub tts: Option<String>,
    pub openai_model: Option<String>,
    pub openai_voice: Option<String>,
    pub piper_command: Option<PathBuf>,
    pub piper_model: Option<PathBuf>,
}

#[derive(Debug, Clone)]
pub struct StripeConfig {
    pub secret_key: SecretString,
    pub webhook_secret: SecretString,
    pub api_base: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Config {
    pub env: Environment,
    pub port: u16,
    /// Where `lectern serve` listens (`LECTERN_LISTEN`); loopback unless told otherwise.
    pub listen: SocketAddr,
    /// `LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK`: the development sign-in and checkout may be
    /// served on a non-loopback address (anyone who reaches it signs in as anyone).
    pub allow_dev_signin_on_network: bool,
    /// `LECTERN_OPERATOR_TOKEN`: opens `/debug` and `/metrics` to callers that are not on
    /// loopback (as a bearer token).
    pub operator_token: Option<SecretString>,
    /// How many unfinished jobs one user may have queued or running.
    pub user_queue_limit: u64,
    /// Beyond this many queued jobs in all, new free work (previews) is refused.
    pub free_queue_limit: u64,
    /// Requests that start work (generation, previews, dry runs) one user may make in a
    /// minute, all at once or spread out.
    pub work_per_minute: u32,
    /// Origin (scheme://host[:port]) with no trailing slash.
    pub public_url: Url,
    pub data_dir: PathBuf,
    pub database: DatabaseConfig,
    pub queue_url: Option<String>,
    /// The apalis queue's name (`LECTERN_QUEUE_NAME`, default `lectern-jobs`); separate
    /// deployments or test runs sharing one Redis use different names.
    pub queue_name: String,
    pub storage_url: Option<String>,
    pub s3_endpoint: Option<String>,
    pub s3_path_style: bool,
    /// `LECTERN_S3_REGION`, else `AWS_REGION` / `AWS_DEFAULT_REGION`, else `us-east-1`.
    pub s3_region: Option<String>,
    /// `LECTERN_S3_ACCESS_KEY_ID` and `_SECRET_ACCESS_KEY`, else the usual AWS variables.
    pub s3_access_key_id: Option<String>,
    pub s3_secret_access_key: Option<SecretString>,
    pub identity: IdentityConfig,
    pub host_emails: Vec<String>,
    pub llm: Option<LlmConfig>,
    /// Per request to a configured model (`LECTERN_LLM_TIMEOUT_SECS`); the local model's own
    /// timeout is sized for CPU generation.
    pub llm_timeout: Option<Duration>,
    /// `LECTERN_LLM_SLOTS`: the configured endpoint is a llama.cpp server with this many
    /// slots running a small model (the Helm chart's model service): the script writer writes
    /// as for the local model, scene by scene and this many requests at once.
    pub llm_slots: Option<usize>,
    pub local_model: LocalModelConfig,
    pub narration: NarrationConfig,
    /// A worker's heartbeat to the queue; silent for `MISSED_HEARTBEATS` of them, it is dead.
    pub queue_heartbeat: Duration,
    /// Where `lectern worker` serves `/health` and `/metrics`.
    pub worker_listen: String,
    /// The log filter (`tracing` syntax).
    pub log: String,
    pub stripe: Option<StripeConfig>,
    /// Signing key for access tokens; when unset a random key is kept in the data dir.
    pub secret_key: Option<SecretString>,
    pub web_dir: PathBuf,
    /// Origins allowed for cookie-authenticated calls and checkout return URLs.
    pub allowed_origins: Vec<String>,
    /// Bytes of text one user's sources may hold (issue 50).
    pub source_quota_bytes: u64,
    /// The program that reads an uploaded source in a child process (`<program>
    /// read-source ...`); none: this binary itself.
    pub source_reader: Option<PathBuf>,
}

impl Config {
    /// Loads `LECTERN_CONFIG` (or `lectern.toml` when present) and then `LECTERN_*` variables.
    pub fn load() -> Result<Self, ConfigError> {
        let file = std::env::var("LECTERN_CONFIG").unwrap_or_else(|_| "lectern.toml".into());
        let mut figment = Figment::from(Serialized::defaults(RawSettings::default()));
        if Path::new(&file).exists() {
            figment = figment.merge(Toml::file(&file));
        } else if std::env::var("LECTERN_CONFIG").is_ok() {
            return Err(invalid(
                "LECTERN_CONFIG",
                format!("file {file} does not exist"),
            ));
        }
        let raw: RawSettings = figment
            .merge(Env::prefixed("LECTERN_").ignore(&["config", "test_database_url"]))
            .extract()
            .map_err(|e| ConfigError::Load(e.to_string()))?;
        Self::validate(raw)
    }

    /// Builds a configuration from explicit `key = value` settings (tests, tools).
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, String)>,
    ) -> Result<Self, ConfigError> {
        let mut map = serde_json::Map::new();
        for (key, value) in pairs {
            map.insert(key.to_lowercase(), serde_json::Value::String(value));
        }
        let raw: RawSettings = Figment::from(Serialized::defaults(RawSettings::default()))
            .merge(Serialized::defaults(coerce(map)))
            .extract()
            .map_err(|e| ConfigError::Load(e.to_string()))?;
        Self::validate(raw)
    }

    fn validate(raw: RawSettings) -> Result<Self, ConfigError> {
        let env = match raw.env.to_lowercase().as_str() {
            "development" | "dev" => Environment::Development,
            "production" | "prod" => Environment::Production,
            other => {
                return Err(invalid(
                    "LECTERN_ENV",
                    format!("expected development or production, got {other:?}"),
                ));
            }
        };
        if raw.port == 0 {
            return Err(invalid("LECTERN_PORT", "must be between 1 and 65535"));
        }
        let listen = match raw
            .listen
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => SocketAddr::from(([127, 0, 0, 1], raw.port)),
            Some(text) => text.parse::<SocketAddr>().map_err(|_| {
                invalid(
                    "LECTERN_LISTEN",
                    format!(
                        "{text:?} is not an address and port such as 127.0.0.1:8765 or 0.0.0.0:8765"
                    ),
                )
            })?,
        };
        if raw
            .operator_token
            .as_deref()
            .is_some_and(|t| !t.is_empty() && t.len() < 32)
        {
            return Err(invalid(
                "LECTERN_OPERATOR_TOKEN",
                "must be at least 32 characters",
            ));
        }
        within::<u64>(
            "LECTERN_USER_QUEUE_LIMIT",
            Some(raw.user_queue_limit),
            1..=u64::MAX,
            "a number of jobs",
        )?;
        within::<u64>(
            "LECTERN_FREE_QUEUE_LIMIT",
            Some(raw.free_queue_limit),
            1..=u64::MAX,
            "a number of jobs",
        )?;
        let work_per_minute = within::<u32>(
            "LECTERN_WORK_PER_MINUTE",
            Some(raw.work_per_minute),
            1..=100_000,
            "a number of requests",
        )?
        .unwrap_or(20);
        let public_url = parse_origin("LECTERN_PUBLIC_URL", &raw.public_url)?;
        if env == Environment::Production && public_url.scheme() != "https" {
            return Err(invalid(
                "LECTERN_PUBLIC_URL",
                "production requires an https:// public URL",
            ));
        }

        let database = match raw.database_url.as_deref().filter(|s| !s.is_empty()) {
            None => DatabaseConfig::Sqlite(raw.data_dir.join("lectern.db")),
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                DatabaseConfig::Postgres(SecretString::from(url.to_string()))
            }
            Some(url) if url.starts_with("sqlite:") => {
                let path = url
                    .trim_start_matches("sqlite://")
                    .trim_start_matches("sqlite:");
                let path = path.split('?').next().unwrap_or(path);
                DatabaseConfig::Sqlite(PathBuf::from(path))
            }
            Some(_) => {
                return Err(invalid(
                    "LECTERN_DATABASE_URL",
                    "expected postgres://... or sqlite:...",
                ));
            }
        };

        let identity = match raw.oidc_issuer.as_deref().filter(|s| !s.is_empty()) {
            None => {
                if env == Environment::Production {
                    return Err(invalid(
                        "LECTERN_OIDC_ISSUER",
                        "production refuses the development sign-in provider; set an issuer such as https://accounts.google.com",
                    ));
                }
                IdentityConfig::Development
            }
            Some(issuer) => {
                let issuer = Url::parse(issuer)
                    .map_err(|e| invalid("LECTERN_OIDC_ISSUER", e.to_string()))?;
                if env == Environment::Production && issuer.scheme() != "https" {
                    return Err(invalid("LECTERN_OIDC_ISSUER", "production requires https"));
                }
                let client_id = raw
                    .oidc_client_id
                    .clone()
                    .filter(|s| !s.is_empty())
                    .ok_or_else(|| {
                        invalid("LECTERN_OIDC_CLIENT_ID", "required when an issuer is set")
                    })?;
                IdentityConfig::Oidc {
                    issuer,
                    client_id,
                    client_secret: raw
                        .oidc_client_secret
                        .clone()
                        .filter(|s| !s.is_empty())
                        .map(SecretString::from),
                }
            }
        };

        // A model is configured when a base URL or an API key is set; a key alone means
        // OpenAI's API.
        let llm_base_url = raw.llm_base_url.as_deref().filter(|s| !s.trim().is_empty());
        let llm_api_key = raw.llm_api_key.clone().filter(|s| !s.trim().is_empty());
        let llm = if llm_base_url.is_none() && llm_api_key.is_none() {
            None
        } else {
            let base = llm_base_url.unwrap_or(DEFAULT_LLM_BASE_URL);
            let url =
                Url::parse(base).map_err(|e| invalid("LECTERN_LLM_BASE_URL", e.to_string()))?;
            if !matches!(url.scheme(), "http" | "https") {
                return Err(invalid(
                    "LECTERN_LLM_BASE_URL",
                    format!("{base:?} is not an http(s) URL"),
                ));
            }
            Some(LlmConfig {
                base_url: base.trim_end_matches('/').to_string(),
                api_key: llm_api_key.map(SecretString::from),
                model: raw
                    .llm_model
                    .clone()
                    .filter(|s| !s.trim().is_empty())
                    .unwrap_or_else(|| DEFAULT_LLM_MODEL.into()),
                local: None,
            })
        };

        if let Some(tts) = raw.tts.as_deref().filter(|s| !s.is_empty())
            && !matches!(tts, "piper" | "espeak" | "openai")
        {
            return Err(invalid("LECTERN_TTS", "expected piper, espeak or openai"));
        }
        let llm_timeout = within(
            "LECTERN_LLM_TIMEOUT_SECS",
            raw.llm_timeout_secs,
            1..=u64::MAX,
            "a number of seconds",
        )?
        .map(Duration::from_secs);
        let llm_slots = within(
            "LECTERN_LLM_SLOTS",
            raw.llm_slots,
            1..=64,
            "a number of slots",
        )?;
        let local_model = LocalModelConfig {
            choice: match raw.local_model.trim().to_ascii_lowercase().as_str() {
                "" | "auto" | "on" | "1" | "true" => LocalModelChoice::Auto,
                "off" | "0" | "false" | "none" => LocalModelChoice::Off,
                id => LocalModelChoice::Model(id.to_string()),
            },
            gguf: non_empty_path(raw.llm_gguf.clone()),
            server_binary: non_empty_path(raw.llama_server.clone()),
            models_dir: non_empty_path(raw.models_dir.clone()),
            threads: within(
                "LECTERN_LLM_THREADS",
                raw.llm_threads,
                1..=256,
                "a number of threads",
            )?,
            context: within(
                "LECTERN_LLM_CONTEXT",
                raw.llm_context,
                2048..=131_072,
                "a context size in tokens",
            )?,
        };
        within::<u64>(
            "LECTERN_QUEUE_HEARTBEAT_SECS",
            Some(raw.queue_heartbeat_secs),
            1..=u64::MAX,
            "a number of seconds",
        )?;
        if raw.worker_listen.parse::<std::net::SocketAddr>().is_err() {
            return Err(invalid(
                "LECTERN_WORKER_LISTEN",
                format!(
                    "{:?} is not an address and port such as 0.0.0.0:9465",
                    raw.worker_listen
                ),
            ));
        }

        let stripe = match raw.stripe_secret_key.as_deref().filter(|s| !s.is_empty()) {
            None => {
                if env == Environment::Production {
                    return Err(invalid(
                        "LECTERN_STRIPE_SECRET_KEY",
                        "production refuses the development checkout; set Stripe keys",
                    ));
                }
                None
            }
            Some(key) => Some(StripeConfig {
                secret_key: SecretString::from(key.to_string()),
                webhook_secret: raw
                    .stripe_webhook_secret
                    .clone()
                    .filter(|s| !s.is_empty())
                    .map(SecretString::from)
                    .ok_or_else(|| {
                        invalid(
                            "LECTERN_STRIPE_WEBHOOK_SECRET",
                            "required when LECTERN_STRIPE_SECRET_KEY is set",
                        )
                    })?,
                api_base: raw.stripe_api_base.clone().filter(|s| !s.is_empty()),
            }),
        };

        if let Some(storage) = raw.storage_url.as_deref().filter(|s| !s.is_empty())
            && !(storage.starts_with("file://") || storage.starts_with("s3://"))
        {
            return Err(invalid(
                "LECTERN_STORAGE_URL",
                "expected file://... or s3://bucket/prefix",
            ));
        }
        if let Some(queue) = raw.queue_url.as_deref().filter(|s| !s.is_empty())
            && !(queue.starts_with("redis://")
                || queue.starts_with("rediss://")
                || queue.starts_with("sqlite:"))
        {
            return Err(invalid(
                "LECTERN_QUEUE_URL",
                "expected redis://... or sqlite:...",
            ));
        }

        let queue_name = raw
            .queue_name
            .clone()
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| crate::queue::QUEUE_NAME.to_string());
        if queue_name.len() > 64
            || !queue_name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(invalid(
                "LECTERN_QUEUE_NAME",
                "at most 64 letters, digits, '-' or '_'",
            ));
        }

        if env == Environment::Production && raw.secret_key.as_deref().is_none_or(str::is_empty) {
            return Err(invalid(
                "LECTERN_SECRET_KEY",
                "production requires a shared signing key (at least 32 characters)",
            ));
        }
        if let Some(key) = raw.secret_key.as_deref().filter(|s| !s.is_empty())
            && key.len() < 32
        {
            return Err(invalid(
                "LECTERN_SECRET_KEY",
                "must be at least 32 characters",
            ));
        }

        let mut allowed_origins = vec![origin_string(&public_url)];
        for origin in raw
            .allowed_origins
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let parsed = parse_origin("LECTERN_ALLOWED_ORIGINS", origin)?;
            allowed_origins.push(origin_string(&parsed));
        }

        Ok(Self {
            env,
            port: raw.port,
            listen,
            allow_dev_signin_on_network: raw.allow_dev_signin_on_network,
            operator_token: raw
                .operator_token
                .filter(|s| !s.is_empty())
                .map(SecretString::from),
            user_queue_limit: raw.user_queue_limit,
            free_queue_limit: raw.free_queue_limit,
            work_per_minute,
            public_url,
            data_dir: raw.data_dir.clone(),
            database,
            queue_url: raw.queue_url.filter(|s| !s.is_empty()),
            queue_name,
            storage_url: raw.storage_url.filter(|s| !s.is_empty()),
            s3_endpoint: raw.s3_endpoint.filter(|s| !s.is_empty()),
            s3_path_style: raw.s3_path_style,
            s3_region: raw.s3_region.filter(|s| !s.is_empty()),
            s3_access_key_id: raw.s3_access_key_id.filter(|s| !s.is_empty()),
            s3_secret_access_key: raw
                .s3_secret_access_key
                .filter(|s| !s.is_empty())
                .map(SecretString::from),
            identity,
            host_emails: raw
                .host_emails
                .split(',')
                .map(|e| e.trim().to_lowercase())
                .filter(|e| !e.is_empty())
                .collect(),
            llm,
            llm_timeout,
            llm_slots,
            local_model,
            narration: NarrationConfig {
                tts: raw.tts.filter(|s| !s.is_empty()),
                openai_model: raw.tts_model.filter(|s| !s.trim().is_empty()),
                openai_voice: raw.tts_voice.filter(|s| !s.trim().is_empty()),
                piper_command: non_empty_path(raw.piper_command),
                piper_model: non_empty_path(raw.piper_model),
            },
            queue_heartbeat: Duration::from_secs(raw.queue_heartbeat_secs),
            worker_listen: raw.worker_listen,
            log: raw
                .log
                .filter(|s| !s.trim().is_empty())
                .unwrap_or_else(|| DEFAULT_LOG.to_string()),
            stripe,
            secret_key: raw
                .secret_key
                .filter(|s| !s.is_empty())
                .map(SecretString::from),
            web_dir: raw.web_dir.unwrap_or_else(|| PathBuf::from("web/dist")),
            allowed_origins,
            source_quota_bytes: raw.source_quota_kb.saturating_mul(1024),
            source_reader: non_empty_path(raw.source_reader),
        })
    }

    /// The public origin without a trailing slash, e.g. `http://localhost:8765`.
    pub fn origin(&self) -> String {
        origin_string(&self.public_url)
    }

    pub fn is_production(&self) -> bool {
        self.env == Environment::Production
    }

    /// The development services this configuration serves: the built-in sign-in (which
    /// accepts any e-mail) and the test checkout.
    pub fn development_services(&self) -> Vec<&'static str> {
        let mut services = Vec::new();
        if matches!(self.identity, IdentityConfig::Development) {
            services.push("development sign-in (accepts any e-mail)");
        }
        if self.stripe.is_none() {
            services.push("development checkout");
        }
        services
    }

    /// Refuses to serve the development sign-in or checkout on `address` when it is not a
    /// loopback address: anyone who could reach it would sign in as anyone. The operator may
    /// allow it with `LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK=1`.
    pub fn check_listen_address(&self, address: SocketAddr) -> Result<(), ConfigError> {
        let services = self.development_services();
        if address.ip().is_loopback() || services.is_empty() || self.allow_dev_signin_on_network {
            return Ok(());
        }
        Err(invalid(
            "LECTERN_LISTEN",
            format!(
                "{address} is reachable from other machines, and this configuration serves the {}: \
                 anyone on the network could sign in as anyone. Listen on 127.0.0.1, configure an \
                 OpenID Connect issuer and Stripe keys, or set \
                 LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK=1 if every machine that can reach it is yours",
                services.join(" and ")
            ),
        ))
    }

    /// Who can reach a server listening on `address`, for the start-up banner.
    pub fn reach(address: SocketAddr) -> &'static str {
        if address.ip().is_loopback() {
            "only this computer (loopback)"
        } else if address.ip().is_unspecified() {
            "every machine that can reach this one on the network"
        } else {
            "machines that can reach this address on the network"
        }
    }

    /// Whether the public URL is HTTPS (cookies then get `Secure` and the `__Host-` prefix).
    pub fn is_https(&self) -> bool {
        self.public_url.scheme() == "https"
    }

    /// One line per concern naming the engine that serves it; printed at start and on /debug.
    pub fn engines(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "database",
                match &self.database {
                    DatabaseConfig::Sqlite(path) => format!("SQLite ({})", path.display()),
                    DatabaseConfig::Postgres(_) => "PostgreSQL".into(),
                },
            ),
            (
                "queue",
                match &self.queue_url {
                    Some(url) if url.starts_with("redis") => "Redis (apalis-redis)".into(),
                    _ => "SQLite (apalis-sqlite, in-process workers)".into(),
                },
            ),
            (
                "media",
                match &self.storage_url {
                    Some(url) if url.starts_with("s3://") => format!("S3 ({url})"),
                    _ => format!("local folder ({})", self.data_dir.join("media").display()),
                },
            ),
            (
                "identity",
                match &self.identity {
                    IdentityConfig::Development => {
                        "development sign-in (built-in OIDC provider)".into()
                    }
                    IdentityConfig::Oidc { issuer, .. } => format!("OpenID Connect ({issuer})"),
                },
            ),
            (
                "payments",
                match &self.stripe {
                    Some(_) => "Stripe Checkout".into(),
                    None => "development checkout (test payments only)".into(),
                },
            ),
            (
                "script writer",
                match &self.llm {
                    Some(LlmConfig {
                        local: Some(local), ..
                    }) => local.clone(),
                    Some(llm) => {
                        format!("OpenAI-compatible ({}, model {})", llm.base_url, llm.model)
                    }
                    None => "offline writer (labelled offline draft)".into(),
                },
            ),
            (
                "narration",
                self.narration
                    .tts
                    .clone()
                    .unwrap_or_else(|| "piper if installed, else espeak-ng".into()),
            ),
        ]
    }
}

fn parse_origin(setting: &'static str, value: &str) -> Result<Url, ConfigError> {
    let url = Url::parse(value).map_err(|e| invalid(setting, format!("{value:?}: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(invalid(
            setting,
            format!("{value:?} is not an http(s) origin"),
        ));
    }
    Ok(url)
}

/// A number setting within `range`, as the type it is used as (which `range` fits), or an
/// error naming the setting and the range.
fn within<T: TryFrom<u64>>(
    setting: &'static str,
    value: Option<u64>,
    range: std::ops::RangeInclusive<u64>,
    what: &str,
) -> Result<Option<T>, ConfigError> {
    let Some(n) = value else {
        return Ok(None);
    };
    match T::try_from(n) {
        Ok(converted) if range.contains(&n) => Ok(Some(converted)),
        _ => {
            let bounds = if *range.end() == u64::MAX {
                format!("at least {}", range.start())
            } else {
                format!("{}-{}", range.start(), range.end())
            };
            Err(invalid(setting, format!("{n} is not {what} ({bounds})")))
        }
    }
}

fn non_empty_path(path: Option<PathBuf>) -> Option<PathBuf> {
    path.filter(|p| !p.as_os_str().is_empty())
}

/// A string setting that may have been written as a number or a boolean (`LECTERN_X=1`, which
/// the environment provider reads as a number).
fn lenient_string<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Lenient {
        Text(String),
        Number(i64),
        Flag(bool),
    }
    Ok(match Lenient::deserialize(deserializer)? {
        Lenient::Text(text) => text,
        Lenient::Number(n) => n.to_string(),
        Lenient::Flag(flag) => flag.to_string(),
    })
}

/// A yes/no setting written as `1`/`0`, `true`/`false` or `yes`/`no` (the environment
/// provider reads `1` as a number).
fn lenient_flag<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    let text = lenient_string(deserializer)?;
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "" | "0" | "false" | "no" | "off" => Ok(false),
        other => Err(serde::de::Error::custom(format!(
            "{other:?} is not yes or no (1 or 0)"
        ))),
    }
}

/// `scheme://host[:port]` of a URL.
pub fn origin_string(url: &Url) -> String {
    url.origin().ascii_serialization()
}

/// Settings given as strings (tests) are turned into the JSON types the raw struct expects.
fn coerce(map: serde_json::Map<String, serde_json::Value>) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for (key, value) in map {
        let value = match (key.as_str(), &value) {
            (
                "port"
                | "llm_timeout_secs"
                | "llm_slots"
                | "llm_threads"
                | "llm_context"
                | "queue_heartbeat_secs"
                | "user_queue_limit"
                | "free_queue_limit"
                | "work_per_minute"
                | "source_quota_kb",
                serde_json::Value::String(s),
            ) => s
                .parse::<u64>()
                .map(serde_json::Value::from)
                .unwrap_or(value),
            ("s3_path_style", serde_json::Value::String(s)) => {
                serde_json::Value::Bool(matches!(s.as_str(), "1" | "true" | "yes"))
            }
            _ => value,
        };
        out.insert(key, value);
    }
    serde_json::Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_pairs(pairs.iter().map(|(k, v)| (*k, v.to_string())))
    }

    #[test]
    fn defaults_are_the_embedded_setup() {
        let c = cfg(&[]).unwrap();
        assert_eq!(c.port, 8765);
        assert_eq!(c.origin(), "http://localhost:8765");
        assert!(matches!(c.identity, IdentityConfig::Development));
        assert!(matches!(c.database, DatabaseConfig::Sqlite(_)));
        assert!(c.stripe.is_none());
    }

    #[test]
    fn production_refuses_the_development_provider() {
        let err = cfg(&[
            ("env", "production"),
            ("public_url", "https://lectern.example"),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.contains("LECTERN_OIDC_ISSUER"), "{err}");
    }

    #[test]
    fn production_refuses_the_development_checkout() {
        let err = cfg(&[
            ("env", "production"),
            ("public_url", "https://lectern.example"),
            ("oidc_issuer", "https://accounts.google.com"),
            ("oidc_client_id", "abc"),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.contains("LECTERN_STRIPE_SECRET_KEY"), "{err}");
    }

    #[test]
    fn production_requires_https() {
        let err = cfg(&[("env", "production")]).unwrap_err().to_string();
        assert!(err.contains("LECTERN_PUBLIC_URL"), "{err}");
    }

    #[test]
    fn a_bad_setting_is_named() {
        let err = cfg(&[("database_url", "mysql://x")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("LECTERN_DATABASE_URL"), "{err}");
        let err = cfg(&[("env", "staging")]).unwrap_err().to_string();
        assert!(err.contains("LECTERN_ENV"), "{err}");
        let err = cfg(&[("tts", "festival")]).unwrap_err().to_string();
        assert!(err.contains("LECTERN_TTS"), "{err}");
        let err = cfg(&[("public_url", "not a url")]).unwrap_err().to_string();
        assert!(err.contains("LECTERN_PUBLIC_URL"), "{err}");
    }

    #[test]
    fn postgres_urls_select_postgres() {
        let c = cfg(&[("database_url", "postgres://postgres@127.0.0.1/lectern")]).unwrap();
        assert!(matches!(c.database, DatabaseConfig::Postgres(_)));
    }

    #[test]
    fn a_language_model_is_configured_by_a_base_url_or_a_key_alone_as_the_worker_reads_it() {
        assert!(cfg(&[]).unwrap().llm.is_none());
        assert!(
            cfg(&[("llm_base_url", ""), ("llm_api_key", " ")])
                .unwrap()
                .llm
                .is_none()
        );

        let key_only = cfg(&[("llm_api_key", "sk-test")]).unwrap().llm.unwrap();
        assert_eq!(key_only.base_url, "https://api.openai.com/v1");
        assert_eq!(key_only.model, "gpt-4o-mini");
        assert!(key_only.api_key.is_some());

        let local = cfg(&[("llm_base_url", "http://127.0.0.1:11434/v1/")])
            .unwrap()
            .llm
            .unwrap();
        assert_eq!(local.base_url, "http://127.0.0.1:11434/v1");
        assert_eq!(local.model, "gpt-4o-mini");
        assert!(local.api_key.is_none());

        let named = cfg(&[
            ("llm_base_url", "https://llm.example/v1"),
            ("llm_model", "stand-in"),
        ])
        .unwrap()
        .llm
        .unwrap();
        assert_eq!(named.model, "stand-in");

        let err = cfg(&[("llm_base_url", "ftp://llm.example")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("LECTERN_LLM_BASE_URL"), "{err}");
    }

    #[test]
    fn the_embedded_default_listens_on_loopback_only() {
        let c = cfg(&[]).unwrap();
        assert_eq!(c.listen, "127.0.0.1:8765".parse().unwrap());
        assert_eq!(
            cfg(&[("port", "9000")]).unwrap().listen,
            "127.0.0.1:9000".parse().unwrap()
        );
        assert_eq!(
            cfg(&[("listen", "0.0.0.0:80")]).unwrap().listen,
            "0.0.0.0:80".parse().unwrap()
        );
        let err = cfg(&[("listen", "everywhere")]).unwrap_err().to_string();
        assert!(err.contains("LECTERN_LISTEN"), "{err}");
    }

    #[test]
    fn the_development_sign_in_is_refused_on_a_network_address_unless_allowed_by_name() {
        let c = cfg(&[]).unwrap();
        assert!(
            c.check_listen_address("127.0.0.1:8765".parse().unwrap())
                .is_ok()
        );
        assert!(
            c.check_listen_address("[::1]:8765".parse().unwrap())
                .is_ok()
        );
        let err = c
            .check_listen_address("0.0.0.0:8765".parse().unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK"), "{err}");
        assert!(err.contains("development sign-in"), "{err}");
        let allowed = cfg(&[("allow_dev_signin_on_network", "1")]).unwrap();
        assert!(allowed.allow_dev_signin_on_network);
        assert!(
            allowed
                .check_listen_address("0.0.0.0:8765".parse().unwrap())
                .is_ok()
        );
        let err = cfg(&[("allow_dev_signin_on_network", "maybe")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("allow_dev_signin_on_network"), "{err}");
    }

    #[test]
    fn host_emails_are_a_lowercase_list() {
        let c = cfg(&[("host_emails", " Ada@Example.com ,bob@example.com")]).unwrap();
        assert_eq!(c.host_emails, vec!["ada@example.com", "bob@example.com"]);
    }
}
