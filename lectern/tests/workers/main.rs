//! Workers end to end: the embedded default (SQLite, in-process workers) and the scaled
//! set-up (PostgreSQL, Redis, `lectern worker` processes).

mod courses;
mod editor;
mod embedded;
mod fleet;
mod queue_order;
mod solutions;
#[allow(dead_code)]
mod support;
