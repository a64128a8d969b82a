use std::fmt;

use serde::Serialize;

/// The stages of the pipeline, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Script,
    Narration,
    Frames,
    Encode,
    Outputs,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Script => "script",
            Stage::Narration => "narration",
            Stage::Frames => "frames",
            Stage::Encode => "encode",
            Stage::Outputs => "outputs",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of a pipeline run: always names the stage that failed.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error("{stage} stage failed: {message}")]
    Failed { stage: Stage, message: String },
    #[error("cancelled during the {stage} stage")]
    Cancelled { stage: Stage },
}

impl PipelineError {
    /// Wraps a stage's error, keeping its whole cause chain in the message.
    pub fn failed(stage: Stage, error: impl std::error::Error) -> Self {
        let mut message = error.to_string();
        let mut source = error.source();
        while let Some(cause) = source {
            let text = cause.to_string();
            if !message.contains(&text) {
                message.push_str(": ");
                message.push_str(&text);
            }
            source = cause.source();
        }
        PipelineError::Failed { stage, message }
    }

    pub fn message(stage: Stage, message: impl Into<String>) -> Self {
        PipelineError::Failed {
            stage,
            message: message.into(),
        }
    }

    pub fn stage(&self) -> Stage {
        match self {
            PipelineError::Failed { stage, .. } | PipelineError::Cancelled { stage } => *stage,
        }
    }
}
