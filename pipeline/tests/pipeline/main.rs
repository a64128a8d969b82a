//! Integration tests of the pipeline: one binary, one module per feature.

mod awkward;
mod course_writer;
mod drawable;
mod edit;
mod grounding;
mod helpers;
mod injection;
mod local_model;
mod narration;
mod offline_writer;
mod openai_writer;
mod problem_reader;
mod quality;
mod render;
mod sources;
mod storyboard;
mod study_sheet;
mod subtitles;
mod titles;
