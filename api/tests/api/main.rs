#![recursion_limit = "256"]
//! Integration tests of the HTTP API, each against a freshly started server and database
//! (SQLite by default; PostgreSQL when LECTERN_TEST_DATABASE_URL is set).

mod admission;
mod auth;
mod checkout;
mod courses;
mod credits;
mod embeds;
mod explore;
mod fuzz;
mod helpers;
mod id_tokens;
mod jobs;
mod library;
mod oidc_provider;
mod openapi;
mod problem_reading;
mod progress;
mod safety;
mod scorm;
mod solutions;
mod sources;
mod start;
mod storyboards;
mod system;
