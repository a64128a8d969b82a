//! The error answers that several routes share, each described once for the OpenAPI document.
//! A route names them in its `#[utoipa::path(responses(...))]` beside its own answers; every
//! one answers an [`ErrorBody`] (what `ApiError` sends).

use std::collections::BTreeMap;

use utoipa::{
    IntoResponses,
    openapi::{RefOr, Response},
};

use super::ErrorBody;

/// Declares each answer as a type whose `IntoResponses` gives one response: its status, its
/// description in the document, and an [`ErrorBody`].
macro_rules! error_responses {
    ($($(#[$doc:meta])* $name:ident = ($status:tt, $description:tt);)+) => {
        $(
            $(#[$doc])*
            #[derive(IntoResponses)]
            #[response(status = $status, description = $description)]
            pub struct $name(pub ErrorBody);
        )+
    };
}

// Routes for a signed-in caller and their own things.
error_responses! {
    /// The route needs a signed-in caller's access token: the document marks every operation
    /// that answers this as taking the bearer token (`routes::document::require_tokens`).
    NotSignedIn = (401, "Not signed in");
    /// The `user_id` the route was given (in its path or body) is not the caller's own.
    NotTheCaller = (404, "`user_id` is not the caller's");
    /// No job of the caller's has the path's id (another user's looks the same).
    NoSuchJob = (404, "No such job of the caller's");
    /// No video of the caller's has the path's id (another user's looks the same).
    NoSuchVideo = (404, "No such video of the caller's");
    /// No course of the caller's has the id (another user's looks the same).
    NoSuchCourse = (404, "No such course of the caller's");
}

// Starting a job.
error_responses! {
    /// The job costs more credits than the caller has.
    NotEnoughCredits = (402, "Not enough credits");
    /// Too many requests that start work (per user and minute), too many of the caller's
    /// jobs unfinished, or a free preview beyond the hour's allowance (`crate::admission`).
    TooMuchWork = (429, "Too many requests or unfinished jobs, or the hour's free previews used; `Retry-After` says when to ask again");
    /// The queue is long: free work (previews, dry runs) waits; paid jobs still queue.
    QueueBusy = (503, "The queue is full, so free previews wait; `Retry-After` says when to ask again");
    /// The job queue did not take the job; its credits (if any) were refunded.
    QueueUnavailable = (502, "The job queue is unavailable; nothing was charged");
}

/// Why a generation endpoint (`routes::submission`) did not start the caller's job: no
/// caller, another user's `user_id`, too few credits, or a queue that refused it.
pub struct JobNotStarted;

impl IntoResponses for JobNotStarted {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        [
            NotSignedIn::responses(),
            NotTheCaller::responses(),
            NotEnoughCredits::responses(),
            QueueUnavailable::responses(),
            WorkRefused::responses(),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Work refused for now (`crate::admission`): 429 or 503, each with `Retry-After`.
pub struct WorkRefused;

impl IntoResponses for WorkRefused {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        [TooMuchWork::responses(), QueueBusy::responses()]
            .into_iter()
            .flatten()
            .collect()
    }
}

// Listings (`routes::library::parse_list_query`).
error_responses! {
    /// A `q`, `type`, `limit` or `offset` the listing does not take.
    BadListQuery = (422, "A query value is out of range");
}

// Publishing and renaming a library item (`routes::library::ItemChanges`).
error_responses! {
    /// Neither `is_public` nor `title`, or a title that is empty, too long or not one line.
    BadItemChanges = (422, "Nothing to change, or a bad title");
}

// The media of a finished job (`routes::media`).
error_responses! {
    /// The job is missing, neither the caller's nor the token's (with or without a token:
    /// another user's private item answers as an unknown id does), or not finished. An
    /// operation that answers this takes the bearer token or none
    /// (`routes::document::require_tokens`).
    NoSuchMedia = (404, "No such video the caller may see, or not ready");
}
