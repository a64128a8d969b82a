//! The pipeline's and the local model's settings, built from `Config`: the one place that
//! reads files and `LECTERN_*` variables is `lectern_core::Config`; the pipeline is handed
//! what it needs.

use anyhow::Context;
use lectern_core::Config;
use lectern_core::config::LocalModelChoice;
use lectern_pipeline::PipelineConfig;
use lectern_pipeline::local_model::{LocalModelMode, LocalModelSettings};
use lectern_pipeline::narration::TtsChoice;
use lectern_pipeline::script::OpenAiWriterConfig;
use secrecy::ExposeSecret;

/// The pipeline's settings: a configured (remote) model, the narrator, Piper's paths. The
/// local model's writer settings are set by the caller once its server runs.
pub fn pipeline_config(config: &Config) -> anyhow::Result<PipelineConfig> {
    let mut pipeline = PipelineConfig::default();
    let remote = config.llm.as_ref().filter(|llm| llm.local.is_none());
    if let Some(llm) = remote {
        let mut writer = OpenAiWriterConfig::new(&llm.base_url, &llm.model);
        writer.api_key = api_key(llm);
        if let Some(slots) = config.llm_slots {
            small_model_server(&mut writer, slots, config.local_model.context);
        }
        if let Some(timeout) = config.llm_timeout {
            writer.timeout = timeout;
        }
        pipeline.llm = Some(writer);
        pipeline.openai_tts.base_url = llm.base_url.clone();
        pipeline.openai_tts.api_key = api_key(llm);
    }
    let narration = &config.narration;
    if let Some(tts) = &narration.tts {
        let choice: TtsChoice = tts
            .parse()
            .map_err(|message: String| anyhow::anyhow!(message))
            .context("setting LECTERN_TTS")?;
        pipeline.tts = Some(choice);
    }
    if let Some(model) = &narration.openai_model {
        pipeline.openai_tts.model = model.clone();
    }
    if let Some(voice) = &narration.openai_voice {
        pipeline.openai_tts.voice = voice.clone();
    }
    pipeline.piper.command = narration.piper_command.clone();
    pipeline.piper.model = narration.piper_model.clone();
    Ok(pipeline)
}

/// `LECTERN_LLM_SLOTS`: the endpoint is a llama.cpp server running a small model (the Helm
/// chart's model service), so the writer works as it does with the local model
/// (`LocalModelServer::writer_config`): a plan, then one scene per request, streamed, as many
/// requests at once as the server has slots, with timeouts and answer lengths sized for a CPU
/// and a context of `LECTERN_LLM_CONTEXT` tokens. It names the endpoint's model, not a local
/// one, and shares no prompt between slots: behind a Service the slots belong to several
/// replicas.
fn small_model_server(writer: &mut OpenAiWriterConfig, slots: usize, context: Option<u32>) {
    let context = context.unwrap_or(lectern_pipeline::local_model::DEFAULT_CONTEXT);
    writer.timeout = std::time::Duration::from_secs(900);
    writer.attempts = 4;
    writer.temperature = 0.3;
    writer.stream = true;
    writer.scene_by_scene = true;
    writer.max_tokens = Some(context.saturating_sub(2048).clamp(1024, 8192));
    writer.parallel = slots;
}

fn api_key(llm: &lectern_core::config::LlmConfig) -> Option<String> {
    llm.api_key.as_ref().map(|k| k.expose_secret().to_string())
}

/// The local model server's settings (`LECTERN_LOCAL_MODEL` and the rest); a model id that is
/// not in the catalog is refused here, naming the ids there are.
pub fn local_model_settings(config: &Config) -> anyhow::Result<LocalModelSettings> {
    let local = &config.local_model;
    let mut settings = LocalModelSettings {
        mode: match &local.choice {
            LocalModelChoice::Auto => LocalModelMode::Auto,
            LocalModelChoice::Off => LocalModelMode::Off,
            LocalModelChoice::Model(id) => LocalModelMode::model(id)?,
        },
        gguf: local.gguf.clone(),
        server_binary: local.server_binary.clone(),
        ..LocalModelSettings::default()
    };
    if let Some(dir) = &local.models_dir {
        settings.dir = dir.clone();
    }
    if let Some(threads) = local.threads {
        settings.threads = threads;
    }
    if let Some(context) = local.context {
        settings.context = context;
    }
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> Config {
        Config::from_pairs(pairs.iter().map(|(k, v)| (*k, v.to_string()))).unwrap()
    }

    #[test]
    fn a_remote_model_reaches_the_writer_with_its_timeout_and_key() {
        let pipeline = pipeline_config(&config(&[
            ("llm_base_url", "http://127.0.0.1:11434/v1"),
            ("llm_api_key", "sk-test"),
            ("llm_model", "qwen2.5"),
            ("llm_timeout_secs", "7"),
            ("tts", "openai"),
            ("tts_voice", "nova"),
        ]))
        .unwrap();
        let writer = pipeline.llm.unwrap();
        assert_eq!(writer.base_url, "http://127.0.0.1:11434/v1");
        assert_eq!(writer.model, "qwen2.5");
        assert_eq!(writer.api_key.as_deref(), Some("sk-test"));
        assert_eq!(writer.timeout.as_secs(), 7);
        assert_eq!(pipeline.tts, Some(TtsChoice::OpenAi));
        assert_eq!(pipeline.openai_tts.voice, "nova");
        assert_eq!(pipeline.openai_tts.base_url, "http://127.0.0.1:11434/v1");
    }

    #[test]
    fn a_small_model_server_gets_the_local_models_writer() {
        let pipeline = pipeline_config(&config(&[
            ("llm_base_url", "http://demo-lectern-model:8080/v1"),
            ("llm_model", "lectern-local"),
            ("llm_slots", "4"),
        ]))
        .unwrap();
        let writer = pipeline.llm.unwrap();
        assert_eq!(writer.base_url, "http://demo-lectern-model:8080/v1");
        assert_eq!(writer.model, "lectern-local");
        assert!(writer.scene_by_scene && writer.stream);
        assert_eq!(writer.parallel, 4);
        assert_eq!(writer.timeout.as_secs(), 900);
        assert_eq!(writer.max_tokens, Some(8192));
        // Not a model this process runs: no local name, no prompt shared between slots.
        assert!(writer.local.is_none());

        // The operator's timeout and context still count.
        let writer = pipeline_config(&config(&[
            ("llm_base_url", "http://demo-lectern-model:8080/v1"),
            ("llm_slots", "2"),
            ("llm_timeout_secs", "600"),
            ("llm_context", "4096"),
        ]))
        .unwrap()
        .llm
        .unwrap();
        assert_eq!(writer.parallel, 2);
        assert_eq!(writer.timeout.as_secs(), 600);
        assert_eq!(writer.max_tokens, Some(2048));

        // Without the setting, a remote model writes the whole script in one request.
        let writer = pipeline_config(&config(&[("llm_base_url", "http://10.0.0.5:8080/v1")]))
            .unwrap()
            .llm
            .unwrap();
        assert!(!writer.scene_by_scene && !writer.stream);
        assert_eq!(writer.parallel, 1);

        let err = Config::from_pairs([("llm_slots", "0".to_string())])
            .unwrap_err()
            .to_string();
        assert!(err.contains("LECTERN_LLM_SLOTS"), "{err}");
    }

    #[test]
    fn no_model_configured_leaves_the_writer_to_the_local_model_or_the_offline_one() {
        let pipeline = pipeline_config(&config(&[("piper_model", "/opt/joe.onnx")])).unwrap();
        assert!(pipeline.llm.is_none());
        assert_eq!(
            pipeline.piper.model.as_deref(),
            Some(std::path::Path::new("/opt/joe.onnx"))
        );
    }

    #[test]
    fn the_local_model_settings_come_from_the_configuration() {
        let settings = local_model_settings(&config(&[
            ("local_model", "smollm2-135m"),
            ("llm_threads", "3"),
            ("llm_context", "4096"),
            ("models_dir", "/srv/models"),
        ]))
        .unwrap();
        assert_eq!(settings.mode, LocalModelMode::Model("smollm2-135m".into()));
        assert_eq!(settings.threads, 3);
        assert_eq!(settings.context, 4096);
        assert_eq!(settings.dir, std::path::PathBuf::from("/srv/models"));
        let off = local_model_settings(&config(&[("local_model", "off")])).unwrap();
        assert!(off.is_off());
        let err = local_model_settings(&config(&[("local_model", "gpt-5")]))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("LECTERN_LOCAL_MODEL") && err.contains("smollm2-135m"),
            "{err}"
        );
        let err = Config::from_pairs([("llm_threads", "0".to_string())])
            .unwrap_err()
            .to_string();
        assert!(err.contains("LECTERN_LLM_THREADS"), "{err}");
    }
}
