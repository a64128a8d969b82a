//! The models Lectern installs itself, read from `pipeline/models/catalog.json` (the one list
//! that `scripts/local_model.py` installs from, too). They come from PyPI packages of an
//! unknown uploader, so each is pinned to exact package versions and to the SHA-256 of the
//! joined file, and its GGUF header must name the architecture written there.

use std::sync::OnceLock;

use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct KnownModel {
    /// Short name (`LECTERN_LOCAL_MODEL=qwen2.5-1.5b`).
    pub id: String,
    /// What the start-up banner and `/debug` call it.
    pub display: String,
    /// The file name under the models folder.
    pub file: String,
    pub sha256: String,
    pub bytes: u64,
    /// `general.architecture` in the header.
    pub architecture: String,
    pub licence: String,
    /// PyPI packages holding the parts, in joining order.
    pub parts: Vec<ModelPart>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ModelPart {
    pub package: String,
    pub version: String,
    /// The part's path inside the wheel.
    pub path: String,
}

#[derive(Debug, Deserialize)]
struct Catalog {
    default: String,
    models: Vec<KnownModel>,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        serde_json::from_str(include_str!("../../models/catalog.json"))
            .expect("pipeline/models/catalog.json is valid (checked by a test)")
    })
}

pub fn known_models() -> &'static [KnownModel] {
    &catalog().models
}

/// The model `just run` installs and uses.
pub fn default_model() -> &'static KnownModel {
    by_id(&catalog().default).expect("the catalog's default is one of its models")
}

pub fn by_id(id: &str) -> Option<&'static KnownModel> {
    known_models().iter().find(|m| m.id == id)
}

pub fn by_file(file: &str) -> Option<&'static KnownModel> {
    known_models().iter().find(|m| m.file == file)
}
