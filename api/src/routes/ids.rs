//! The path parameters that several routes share: each says once what its id names, for the
//! OpenAPI document (`params(JobId)`) and for the handler (`Path(JobId { id })`).

use serde::Deserialize;
use utoipa::IntoParams;

/// A job of the caller's, or one a media token or a published item opens.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct JobId {
    /// The job's id
    pub id: String,
}

/// A video, found by its own id or by the id of the job that made it.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct VideoOrJobId {
    /// The video's id, or its job's
    pub id: String,
}

/// A course, by its own id only.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct CourseId {
    /// The course's id
    pub id: String,
}

/// A course, found by its own id or by the id of the job that wrote it.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct CourseOrJobId {
    /// The course's id, or its job's
    pub id: String,
}

/// The `{user_id}` of a route about the caller's own account, which must be the caller's.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct CallersId {
    /// The caller's own id
    pub user_id: String,
}
