//! The managed local model on the real path: `llama-server` built by set-up, with SmolLM2 135M
//! (installed by `just setup --tests`, about 93 MB): start, health, a schema-constrained
//! answer, a killed server started again, and refusal of missing or damaged model files.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lectern_pipeline::local_model::{
    LocalModelError, LocalModelMode, LocalModelServer, LocalModelSettings, catalog, resolve,
};
use lectern_pipeline::script::{OpenAiWriter, ScriptWriter, Turn};
use lectern_pipeline::storyboard::Origin;
use lectern_pipeline::{Brief, Minutes, Pipeline, PipelineConfig, Wpm};
use serde_json::{Value, json};

const TEST_MODEL: &str = "smollm2-135m";

fn settings() -> LocalModelSettings {
    LocalModelSettings {
        mode: LocalModelMode::Model(TEST_MODEL.into()),
        // Small and quick: two threads and a context that is plenty for these requests.
        threads: 2,
        context: 8192,
        ..LocalModelSettings::default()
    }
}

fn installed_test_model() -> PathBuf {
    let settings = settings();
    let known = catalog::by_id(TEST_MODEL).unwrap();
    let path = settings.models_dir().join(&known.file);
    assert!(
        path.exists() && settings.dir.join("bin/llama-server").exists(),
        "the test model or llama-server is not installed in {}: run `just setup --tests`",
        settings.dir.display()
    );
    path
}

async fn start() -> LocalModelServer {
    installed_test_model();
    let settings = settings();
    let model = resolve(&settings)
        .unwrap()
        .expect("the test model resolves");
    LocalModelServer::start(model, &settings).await.unwrap()
}

async fn health(url: &str) -> Option<u16> {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(2))
        .build()
        .unwrap();
    client
        .get(url)
        .send()
        .await
        .ok()
        .map(|r| r.status().as_u16())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_managed_server_starts_reports_healthy_and_names_its_model() {
    let server = start().await;
    assert_eq!(health(&server.health_url()).await, Some(200));
    assert!(server.base_url().starts_with("http://127.0.0.1:"));
    assert_eq!(
        server.description(),
        "local model: SmolLM2 135M Instruct Q4_1 via llama.cpp"
    );
    let writer = OpenAiWriter::new(server.writer_config()).unwrap();
    assert_eq!(
        writer.engine(),
        "local:SmolLM2 135M Instruct Q4_1 (llama.cpp)"
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_enforces_the_json_schema_as_a_grammar() {
    let server = start().await;
    let writer = OpenAiWriter::new(server.writer_config()).unwrap();
    let schema = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["kind", "points"],
        "properties": {
            "kind": { "type": "string", "enum": ["bullets"] },
            "points": {
                "type": "array", "minItems": 3, "maxItems": 3,
                "items": { "type": "string", "minLength": 1, "maxLength": 40 }
            }
        }
    });
    let answer = writer
        .complete_json(
            &[
                Turn::System("You answer in JSON.".into()),
                Turn::User("Three facts about the Moon.".into()),
            ],
            "facts",
            schema,
        )
        .await
        .unwrap();
    let value: Value = serde_json::from_str(&answer).expect("the answer is JSON");
    assert_eq!(value["kind"], "bullets");
    let points = value["points"].as_array().unwrap();
    assert_eq!(points.len(), 3, "{answer}");
    assert!(points.iter().all(|p| {
        let n = p.as_str().unwrap().chars().count();
        (1..=40).contains(&n)
    }));
    server.shutdown().await;
}

/// A whole storyboard from the real local path: planned, written scene by scene under the
/// grammar, and accepted by the same validation as any storyboard (SmolLM2 writes poor
/// prose, but it cannot break the structure).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storyboard_written_on_the_local_model_validates() {
    let server = start().await;
    let writer = OpenAiWriter::new(server.writer_config()).unwrap();
    let brief = Brief::new("The water cycle", 1, Minutes::whole(1), Wpm::new(150));
    let shares = std::sync::Mutex::new(Vec::new());
    let storyboard = writer
        .write_streaming(&brief, &|share| shares.lock().unwrap().push(share))
        .await
        .unwrap();
    storyboard.validate().unwrap();
    assert_eq!(storyboard.origin, Origin::Model);
    assert_eq!(storyboard.scenes[0].visual.kind(), "title");
    let shares = shares.into_inner().unwrap();
    assert!(shares.len() >= 3, "progress was reported: {shares:?}");
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
    assert_eq!(shares.last(), Some(&1.0));
    server.shutdown().await;
}

/// Problems in words the rule reader cannot read, read on the real local path (issue 51).
/// SmolLM2 135M reads few of them right, and which ones may differ on another CPU: what is
/// asserted holds whatever it answers. An accepted reading parses, uses every amount of the
/// words and is solved with every step checked; anything else is refused with what was not
/// understood and how to write it, after one re-ask at most. How many the default model reads
/// right is `just bench`'s figure (`reading_bench`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn problems_in_words_read_on_the_local_model_are_checked_readings_or_plain_refusals() {
    use lectern_pipeline::solution::{self, reader};

    const WORDY: [&str; 5] = [
        "Ann is 6 years older than Ben, and their ages total 40. How old is Ben?",
        "Three times a number plus 7 equals 31. What is the number?",
        "What does x times x minus 9, over x minus 3, get close to when x approaches 3?",
        "Tickets cost $8 each. Sam paid $56. How many tickets did he buy?",
        "Find x if 5 less than four times x is 23.",
    ];
    let server = start().await;
    let writer = OpenAiWriter::new(solution::reader_config(&server.writer_config())).unwrap();
    let (mut asks, mut read_count) = (0, 0);
    for words in WORDY {
        assert!(
            reader::wants_model(words),
            "the rules cannot read {words:?}"
        );
        match reader::read(&writer, words).await.unwrap() {
            reader::ProblemRead::Read { reading, by } => {
                let reader::ReadBy::Model { asks: n } = by else {
                    panic!("{words:?} was read by the rules: {reading:?}");
                };
                assert!((1..=2).contains(&n), "{n}");
                asks += n;
                read_count += 1;
                let again = lectern_solver::accept_reading(words, &reading.reading)
                    .unwrap_or_else(|reason| panic!("{words:?} -> {reading:?}: {reason}"));
                assert_eq!(again, reading);
                if reading.solvable {
                    let solved = solution::offline(&reading.reading).unwrap();
                    assert!(solved.answer_checked, "{solved:?}");
                    assert!(solved.steps.iter().all(|s| s.checked), "{solved:?}");
                }
                eprintln!("read    {words}\n        {}", reading.reading);
            }
            reader::ProblemRead::Refused { detail, reasons } => {
                asks += 2;
                assert_eq!(reasons.len(), 2, "{reasons:?}");
                assert!(detail.starts_with("Lectern could not read"), "{detail}");
                assert!(detail.contains("for example"), "{detail}");
                eprintln!("refused {words}\n        {reasons:?}");
            }
        }
    }
    assert_eq!(
        writer.usage().requests,
        u64::from(asks),
        "one re-ask at most"
    );
    eprintln!(
        "SmolLM2 read {read_count} of {} (not asserted)",
        WORDY.len()
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_is_started_again_on_the_same_port() {
    let server = start().await;
    let first = server.pid();
    assert!(first > 0);
    let killed = std::process::Command::new("kill")
        .args(["-9", &first.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut waited = 0;
    while !(server.restarts() == 1 && server.is_ready()) {
        assert!(waited < 600, "the server was not started again within 60 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
    }
    assert_ne!(server.pid(), first);
    assert_eq!(health(&server.health_url()).await, Some(200));
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_the_server_ends_its_process() {
    let server = start().await;
    let pid = server.pid();
    let url = server.health_url();
    server.shutdown().await;
    assert!(!Path::new(&format!("/proc/{pid}")).exists() || zombie(pid));
    assert_eq!(health(&url).await, None);
}

fn zombie(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| s.split_whitespace().nth(2) == Some("Z"))
        .unwrap_or(true)
}

#[test]
fn a_missing_model_file_is_refused_with_a_clear_error() {
    let settings = LocalModelSettings {
        gguf: Some("/nonexistent/model.gguf".into()),
        ..settings()
    };
    let error = resolve(&settings).unwrap_err();
    assert!(matches!(error, LocalModelError::ModelMissing { .. }));
    let message = error.to_string();
    assert!(message.contains("/nonexistent/model.gguf"), "{message}");
    assert!(message.contains("LECTERN_LLM_GGUF"), "{message}");
    assert!(message.contains("LECTERN_LOCAL_MODEL=off"), "{message}");
}

/// A copy of the test model in a models folder of its own, damaged by `damage`.
fn damaged_copy(damage: impl FnOnce(&mut Vec<u8>)) -> (tempfile::TempDir, LocalModelSettings) {
    let source = installed_test_model();
    let dir = tempfile::tempdir().unwrap();
    let known = catalog::by_id(TEST_MODEL).unwrap();
    std::fs::create_dir_all(dir.path().join("models")).unwrap();
    std::fs::create_dir_all(dir.path().join("bin")).unwrap();
    let mut bytes = std::fs::read(&source).unwrap();
    damage(&mut bytes);
    std::fs::write(dir.path().join("models").join(&known.file), bytes).unwrap();
    let settings = LocalModelSettings {
        dir: dir.path().into(),
        server_binary: Some(settings().dir.join("bin/llama-server")),
        ..settings()
    };
    (dir, settings)
}

#[test]
fn a_model_file_with_one_changed_byte_fails_its_checksum() {
    let (_dir, settings) = damaged_copy(|bytes| {
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x55;
    });
    let error = resolve(&settings).unwrap_err();
    assert!(matches!(error, LocalModelError::Checksum { .. }), "{error}");
    let message = error.to_string();
    assert!(message.contains("SmolLM2 135M Instruct Q4_1"), "{message}");
    assert!(message.contains("b179c9523d0e"), "{message}");
}

#[test]
fn a_file_that_is_not_gguf_is_refused() {
    let (_dir, settings) = damaged_copy(|bytes| bytes[..4].copy_from_slice(b"ZZZZ"));
    let error = resolve(&settings).unwrap_err();
    assert!(
        error.to_string().contains("is not a GGUF model file"),
        "{error}"
    );
}

#[test]
fn a_truncated_model_file_is_refused() {
    let (_dir, settings) = damaged_copy(|bytes| bytes.truncate(1000));
    let error = resolve(&settings).unwrap_err();
    assert!(error.to_string().contains("damaged GGUF header"), "{error}");
}

#[test]
fn an_intact_copy_passes_and_is_remembered_as_verified() {
    let (dir, settings) = damaged_copy(|_| {});
    let model = resolve(&settings)
        .unwrap()
        .expect("an intact model resolves");
    assert_eq!(model.header.architecture, "llama");
    assert!(model.header.chat_template.is_some());
    let known = catalog::by_id(TEST_MODEL).unwrap();
    let stamp = dir
        .path()
        .join("models")
        .join(format!("{}.verified", known.file));
    assert!(
        std::fs::read_to_string(stamp)
            .unwrap()
            .contains(&known.sha256)
    );
}

#[test]
fn switched_off_or_not_installed_means_no_local_model() {
    let off = LocalModelSettings {
        mode: LocalModelMode::Off,
        gguf: Some("/nonexistent/model.gguf".into()),
        ..settings()
    };
    assert!(resolve(&off).unwrap().is_none());
    let empty = tempfile::tempdir().unwrap();
    let nothing_installed = LocalModelSettings {
        mode: LocalModelMode::Auto,
        dir: empty.path().into(),
        ..settings()
    };
    assert!(resolve(&nothing_installed).unwrap().is_none());
}

#[tokio::test]
async fn without_a_model_the_pipeline_writes_the_offline_draft() {
    let pipeline = Pipeline::new(PipelineConfig::default()).unwrap();
    assert_eq!(pipeline.engines().script, "offline");
}

#[test]
fn the_catalog_pins_every_model_and_knows_the_default() {
    let models = catalog::known_models();
    assert!(models.len() >= 3);
    for model in models {
        assert_eq!(model.sha256.len(), 64, "{}", model.id);
        assert!(model.bytes > 0);
        assert!(!model.parts.is_empty());
        assert!(model.parts.iter().all(|p| !p.version.is_empty()));
    }
    assert_eq!(catalog::default_model().id, "qwen2.5-1.5b");
}
