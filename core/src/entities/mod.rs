//! sea-orm entities for the tables the current features read and write.

pub mod auth_request;
pub mod checkout_session;
pub mod credit_ledger;
pub mod credit_package;
pub mod job;
pub mod retired_refresh_token;
pub mod session;
pub mod source;
pub mod source_passage;
pub mod user;
pub mod video;
pub mod video_progress;
pub mod video_version;
pub mod webhook_event;
