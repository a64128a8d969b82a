//! Lectern's shared core: configuration, database entities and migrations, the credit
//! ledger, the job service, the queue (and a worker's name on it), storage, users and
//! tokens. No HTTP here.

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
