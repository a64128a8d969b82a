//! Lectern's shared core: configuration, database entities and migrations, the credit
//! ledger, the job service, the queue (and a worker's name on it), storage, users and
//! tokens. No HTTP here.

/// What a refusal says when a setting needs a part `just run`'s build leaves out (the S3
/// client, the PostgreSQL driver, the Stripe client: features of the full build).
pub const LEFT_OUT_OF_THIS_BUILD: &str = "`just run` builds without it to start sooner; build \
     with `cargo build --release -p lectern` (the image has it)";

pub mod checkout;
pub mod config;
pub mod courses;
pub mod credits;
pub mod db;
pub mod entities;
pub mod health;
pub mod jobs;
pub mod library;
pub mod migration;
pub mod queue;
pub mod redact;
pub mod sources;
pub mod storage;
pub mod text;
pub mod tokens;
pub mod users;
pub mod worker_identity;

pub use config::Config;
