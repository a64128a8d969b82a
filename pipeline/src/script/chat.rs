//! What the scene-by-scene writer asks of a chat model: one schema-constrained JSON answer to
//! a conversation. [`super::OpenAiWriter`] answers it over the OpenAI wire format.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ScriptError;

/// One turn of a conversation for [`super::OpenAiWriter::complete_json`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", content = "content", rename_all = "snake_case")]
pub enum Turn {
    System(String),
    User(String),
    Assistant(String),
}

/// A model that answers a conversation with JSON that `schema` allows: the seam between the
/// script stage and a model (a server, or the recorded corpus replayed; see
/// [`crate::corpus`]).
#[allow(async_fn_in_trait)]
pub trait JsonModel {
    async fn complete_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError>;

    /// A verdict rather than prose (true or false, one of given options): the likeliest
    /// answer, not a sampled one, so that the same question gets the same answer. As
    /// [`JsonModel::complete_json`] unless the model says otherwise.
    async fn judge_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, ScriptError> {
        self.complete_json(turns, name, schema).await
    }

    /// Requests worth sending at the same time (1: one after another).
    fn parallel(&self) -> usize {
        1
    }

    /// Readies the model for several requests that all start with `turns`, so that each
    /// reads only what follows them. Nothing by default.
    async fn share_prefix(&self, _turns: &[Turn]) {}

    /// What becomes of a narrated `sentence` where something surer than the model's memory
    /// decides it (a lesson written from documents holds it to its passage); `None`, the
    /// default, leaves it to the model's memory (`script::facts`).
    async fn vet(&self, _sentence: &str) -> Option<Vetted> {
        None
    }
}

/// A sentence held to what decides it ([`JsonModel::vet`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Vetted {
    /// Kept: as written, or as written again with the reason it was not supported.
    Kept(String),
    Dropped,
}
