//! The job contract: the types that cross from the API, through a job's stored parameters, to
//! the workers and the pipeline, written once for all of them. `lectern-core` (the database
//! side) and `lectern-pipeline` (no database) both depend on this crate and on nothing of each
//! other, so what they share lives here.

mod length;
mod problem;

pub use length::{Minutes, Wpm, clock};
pub use problem::{ProblemParams, SolutionBrief, WorksheetExercise, is_math, problem_title};
