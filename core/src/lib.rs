//! Lectern's shared core: configuration, database entities and migrations, the credit
//! ledger, users and tokens. No HTTP here.

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
pub mod storage;
pub mod text;
pub mod tokens;
pub mod users;

pub use config::Config;
