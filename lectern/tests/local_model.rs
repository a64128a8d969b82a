//! The `lectern` binary with the local model (SmolLM2 135M, installed by `just setup --tests`):
//! `render` starts llama-server, writes the storyboard on it and stops it; `serve --workers 1`
//! names the local model in its banner and `/debug` and stops the server with itself;
//! `LECTERN_LOCAL_MODEL=off` keeps the offline writer.

use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

/// One test at a time starts a model: they count llama-server processes.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn lectern(dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lectern"));
    command
        .current_dir(dir)
        .env_remove("LECTERN_CONFIG")
        .env_remove("LECTERN_LLM_BASE_URL")
        .env_remove("LECTERN_LLM_API_KEY")
        .env_remove("LECTERN_LLM_GGUF")
        .env("LECTERN_DATA_DIR", dir.join("data"))
        .env("LECTERN_TTS", "espeak")
        .env("LECTERN_LLM_CONTEXT", "8192")
        .env("LECTERN_LOG", "warn");
    command
}

/// Processes whose command line mentions `needle`.
fn processes_with(needle: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = stat.split_whitespace().nth(2) == Some("Z");
        if !zombie && String::from_utf8_lossy(&cmdline).contains(needle) {
            found.push(pid);
        }
    }
    found
}

#[test]
fn render_with_the_local_model_off_writes_the_offline_draft() {
    let dir = tempfile::tempdir().unwrap();
    let output = lectern(dir.path())
        .args(["render", "--topic", "Tides", "--duration", "1", "--dry-run"])
        .arg("--out")
        .arg(dir.path().join("out"))
        .env("LECTERN_LOCAL_MODEL", "off")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("script: offline"), "{stderr}");
    assert!(!stderr.contains("local model"), "{stderr}");
}

#[test]
fn render_starts_the_local_model_writes_on_it_and_stops_it() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    // Half a minute: SmolLM2 135M's length varies with the CPU it runs on (CI once had 73 of
    // the 75 words a one-minute lesson needs), and this test is about the server's life.
    let output = lectern(dir.path())
        .args([
            "render",
            "--topic",
            "The water cycle",
            "--duration",
            "0.5",
            "--dry-run",
        ])
        .arg("--out")
        .arg(&out)
        .env("LECTERN_LOCAL_MODEL", "smollm2-135m")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stderr
            .contains("local model: SmolLM2 135M Instruct Q4_1 via llama.cpp on http://127.0.0.1:"),
        "{stderr}"
    );
    assert!(
        stderr.contains("script: local:SmolLM2 135M Instruct Q4_1 (llama.cpp)"),
        "{stderr}"
    );
    assert!(
        processes_with("smollm2-135m-instruct").is_empty(),
        "llama-server outlived `lectern render`"
    );
    if !output.status.success() {
        // The one failure the model's own writing may cause: too few words. Anything else
        // (the server not answering, a crash) fails the test.
        assert!(
            stderr.contains("Writing the script... 100%")
                && stderr.contains("the narration has")
                && stderr.contains("so between"),
            "{stderr}\n{stdout}"
        );
        eprintln!("SmolLM2 135M wrote too short a lesson on this machine: {stderr}");
        return;
    }
    let storyboard: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("storyboard.json")).unwrap())
            .unwrap();
    assert_eq!(storyboard["origin"], "model");
    assert_eq!(storyboard["scenes"][0]["kind"], "title");
}

#[test]
fn a_named_model_that_is_not_installed_stops_start_up_with_the_setting_named() {
    let dir = tempfile::tempdir().unwrap();
    let output = lectern(dir.path())
        .args(["render", "--topic", "Tides", "--dry-run"])
        .env("LECTERN_LLM_GGUF", dir.path().join("missing.gguf"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("starting the local language model"),
        "{stderr}"
    );
    assert!(stderr.contains("missing.gguf"), "{stderr}");
    assert!(stderr.contains("LECTERN_LLM_GGUF"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
// The lock only keeps the other test's processes out of the count; nothing else waits on it.
#[allow(clippy::await_holding_lock)]
async fn serve_names_the_local_model_in_its_banner_and_debug_and_stops_it_on_exit() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let log = dir.path().join("serve.log");
    let mut child = lectern(dir.path())
        .args(["serve", "--workers", "1"])
        .env("LECTERN_PORT", port.to_string())
        .env("LECTERN_PUBLIC_URL", format!("http://127.0.0.1:{port}"))
        .env("LECTERN_LOCAL_MODEL", "smollm2-135m")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let client = reqwest::Client::new();
    let mut debug = None;
    for _ in 0..600 {
        if let Ok(response) = client
            .get(format!("http://127.0.0.1:{port}/debug"))
            .send()
            .await
        {
            debug = Some(response.json::<serde_json::Value>().await.unwrap());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let debug = debug.expect("the server answered /debug within 60 s");
    assert_eq!(
        debug["engines"]["script writer"],
        "local model: SmolLM2 135M Instruct Q4_1 via llama.cpp"
    );
    let banner = std::fs::read_to_string(&log).unwrap();
    assert!(
        banner.contains("script writer  local model: SmolLM2 135M Instruct Q4_1 via llama.cpp"),
        "{banner}"
    );
    let status: serde_json::Value = client
        .get(format!(
            "http://127.0.0.1:{port}/api/video-functions-status"
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for section in ["video_generation", "course_generation"] {
        assert_eq!(status[section]["writer"]["kind"], "local_model", "{status}");
        assert_eq!(
            status[section]["writer"]["label"],
            "a local model (SmolLM2 135M Instruct Q4_1 via llama.cpp)"
        );
    }
    let servers = processes_with("smollm2-135m-instruct");
    assert_eq!(servers.len(), 1, "one llama-server runs: {servers:?}");

    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let _ = child.wait();
    for _ in 0..50 {
        if processes_with("smollm2-135m-instruct").is_empty() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("llama-server outlived `lectern serve`");
}

/// The made-up documents of the sources benchmark (`pipeline/tests/corpus/sources`), with the topic each
/// lesson is asked for.
const DOCUMENTS: &[(&str, &str)] = &[
    ("velmora.md", "The Velmora annealing process"),
    ("miskett.md", "The Pellora bloom of Lake Miskett"),
    ("dunmere.md", "The Dunmere Accord"),
];

/// Issue 50 on SmolLM2 135M: `lectern render --source` writes a 45-second lesson from each
/// made-up document, and whatever the model writes, what is narrated rests on the document:
/// no figure or name the document lacks, every sentence that states one citing one of its
/// passages, and the check's counts adding up. How much of the document a lesson tells is
/// the benchmark's to measure on the default model (`just bench`): SmolLM2 narrates about
/// 40% of the facts (19/51 and 14/33 in two half-minute runs of the benchmark, 5 December),
/// so it is printed, not held. The model's own failure, a lesson outside its length once
/// unsupported sentences go (at 45 seconds one lesson in three, in two runs), is allowed for
/// some documents, not all; at 30 seconds SmolLM2 wrote all three too long in one run, at a
/// minute two in three too short.
#[test]
fn render_from_a_document_on_the_local_model_narrates_only_what_the_document_says() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let folder =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pipeline/tests/corpus/sources");
    let mut written = 0;
    for (file, topic) in DOCUMENTS {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let document = folder.join(file);
        let output = lectern(dir.path())
            .args([
                "render",
                "--topic",
                topic,
                "--duration",
                "0.75",
                "--dry-run",
            ])
            .arg("--source")
            .arg(&document)
            .arg("--out")
            .arg(&out)
            .env("LECTERN_LOCAL_MODEL", "smollm2-135m")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() {
            // Only the model's writing may fail the lesson: the storyboard it wrote, checked,
            // is not one (too short, a slide without its sentence). A server that does not
            // answer, a crash or a refused document fails the test.
            assert!(
                stderr.contains("Writing the script...")
                    && stderr.contains("the storyboard was still invalid"),
                "{file}: {stderr}"
            );
            let why = stderr
                .lines()
                .find(|l| l.contains("still invalid"))
                .unwrap_or("");
            eprintln!("{file}: SmolLM2 135M wrote no valid lesson: {why}");
            continue;
        }
        written += 1;
        let text = std::fs::read_to_string(&document).unwrap();
        let storyboard: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("storyboard.json")).unwrap())
                .unwrap();
        assert_eq!(storyboard["origin"], "model", "{file}");
        let sources = &storyboard["from_sources"];
        assert_eq!(sources["documents"][0]["source_id"], *file, "{storyboard}");
        let check = &sources["check"];
        let count = |name: &str| check[name].as_u64().unwrap();
        assert_eq!(
            count("checked"),
            count("supported") + count("uncited") + count("dropped") + count("kept_unsupported"),
            "{check}"
        );
        let whole = format!("{topic} {text}");
        let scenes = storyboard["scenes"].as_array().unwrap();
        let mut narrated = Vec::new();
        for scene in scenes {
            let is_sources_slide = scene["heading"] == lectern_pipeline::grounding::SOURCES_HEADING;
            if scene["kind"] == "quiz" || is_sources_slide {
                continue;
            }
            for (beat, said) in scene["narration"].as_array().unwrap().iter().enumerate() {
                let said = said.as_str().unwrap();
                narrated.push(said.to_string());
                assert_eq!(
                    lectern_pipeline::grounding::passages::unsupported(said, &whole),
                    None,
                    "{file}: \"{said}\" states what the document does not"
                );
                let cites = scene["cites"][beat].as_array().cloned().unwrap_or_default();
                let states_something =
                    lectern_pipeline::grounding::passages::unsupported(said, "").is_some();
                assert!(
                    !states_something || cites.iter().all(|c| c["source_id"] == *file),
                    "{file}: \"{said}\" cites {cites:?}"
                );
                assert!(
                    !states_something || !cites.is_empty(),
                    "{file}: \"{said}\" states a figure or a name and cites nothing"
                );
            }
        }
        eprintln!(
            "{file}: SmolLM2 135M narrated {} beats, its check {check}",
            narrated.len()
        );
    }
    assert!(
        written > 0,
        "SmolLM2 135M wrote no lesson from any of the three documents"
    );
}
