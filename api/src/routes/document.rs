//! The head of the API's OpenAPI document (title, tags, security schemes) and the route that
//! serves the whole document. The routes add their paths and schemas (`routes::documented`);
//! `routes::router` publishes the result here.

use std::sync::OnceLock;

use axum::{http::header, response::IntoResponse};
use utoipa::{
    IntoResponses, Modify, OpenApi,
    openapi::{
        path::{Operation, PathItem},
        security::{
            ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
        },
    },
};

use crate::error::responses::{NoSuchMedia, NotSignedIn, QueueBusy};
use crate::extract::MAX_BODY_BYTES;

/// The document as served, set when the first router is built (every router describes the
/// same routes).
static DOCUMENT: OnceLock<String> = OnceLock::new();

/// The document as `GET /api/openapi.json` serves it and `web/src/types/openapi.json` holds it.
pub fn pretty(document: &utoipa::openapi::OpenApi) -> String {
    let mut json = document
        .to_pretty_json()
        .expect("the OpenAPI document serialises");
    json.push('\n');
    json
}

pub fn publish(document: &utoipa::openapi::OpenApi) {
    DOCUMENT.get_or_init(|| pretty(document));
}

/// What the document says before the routes add their paths and schemas.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lectern API",
        description = "Lectern's HTTP API: sign-in, credits, generation jobs, media, the library \
            and the public catalogue. Errors answer `{\"detail\": ...}`: a message, or for a 422 \
            a list of `{loc, msg, type}`."
    ),
    modifiers(&SecuritySchemes),
    tags(
        (name = "system", description = "Health, capabilities and this document"),
        (name = "auth", description = "Sign-in, sessions and the signed-in user"),
        (name = "credits", description = "Balance, packages and checkout"),
        (name = "jobs", description = "Starting generation jobs and following them"),
        (name = "courses", description = "Courses and their lesson videos"),
        (name = "media", description = "A finished job's video, captions, transcript and thumbnails"),
        (name = "library", description = "The signed-in user's courses and videos"),
        (name = "explore", description = "The public catalogue, for anyone"),
    )
)]
pub struct Base;

/// How a caller is recognised: the access token `/auth/refresh` hands out, sent as
/// `Authorization: Bearer ...`, and the refresh-token cookie that `/auth/refresh` reads.
struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "The short-lived access token from `POST /auth/refresh`",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "operator",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "`LECTERN_OPERATOR_TOKEN`, for `/debug` and `/metrics` from anywhere but \
                         loopback",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "refresh_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "__Host-lectern_refresh",
                "The refresh token, HttpOnly (named `lectern_refresh` when served over plain \
                 HTTP); calls that use it must send an allowed `Origin`",
            ))),
        );
    }
}

/// Which operations take the bearer token, read from what they answer instead of declared on
/// every route: one that may answer [`NotSignedIn`] (alone or within `JobNotStarted`) needs
/// the token; one that may answer [`NoSuchMedia`] takes it or none (a media token in the URL
/// or a published item does as well). An operation that states its own `security(...)` (its
/// 401 is its own, or another scheme) keeps it.
pub fn require_tokens(document: &mut utoipa::openapi::OpenApi) {
    let bearer = || SecurityRequirement::new("bearer", Vec::<String>::new());
    let rules = [
        (NotSignedIn::responses(), vec![bearer()]),
        (
            NoSuchMedia::responses(),
            vec![SecurityRequirement::default(), bearer()],
        ),
    ];
    for item in document.paths.paths.values_mut() {
        for operation in operations(item).filter(|o| o.security.is_none()) {
            let answers = &operation.responses.responses;
            operation.security = rules
                .iter()
                .find(|(answer, _)| {
                    answer
                        .iter()
                        .all(|(status, response)| answers.get(status) == Some(response))
                })
                .map(|(_, security)| security.clone());
        }
    }
}

/// What every operation may answer for its limits, described where it applies rather than on
/// each route: one that takes a request body may answer 413 for a body over
/// [`MAX_BODY_BYTES`] (`extract::RawBody`); every 429, and the 503 of a busy queue, carries
/// `Retry-After` (`error::ApiError`), so those answers name the header.
pub fn describe_refusals(document: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{
        ContentBuilder, HeaderBuilder, Ref, ResponseBuilder, Type, schema::ObjectBuilder,
    };
    let too_large = ResponseBuilder::new()
        .description(format!(
            "The request body is larger than {} MB",
            MAX_BODY_BYTES / (1024 * 1024)
        ))
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build();
    let retry_after = HeaderBuilder::new()
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1)),
        ))
        .description(Some(
            "Seconds to wait before asking again (the `detail` says it in words)",
        ))
        .build();
    let busy = QueueBusy::responses();
    for item in document.paths.paths.values_mut() {
        for operation in operations(item) {
            let answers = &mut operation.responses.responses;
            if operation.request_body.is_some() {
                answers
                    .entry("413".into())
                    .or_insert_with(|| too_large.clone().into());
            }
            for (status, answer) in answers.iter_mut() {
                let waits = status == "429" || busy.get(status) == Some(&*answer);
                if let (true, utoipa::openapi::RefOr::T(response)) = (waits, answer) {
                    response
                        .headers
                        .insert("Retry-After".into(), retry_after.clone().into());
                }
            }
        }
    }
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
        &mut item.query,
    ]
    .into_iter()
    .filter_map(Option::as_mut)
    .chain(item.additional_operations.values_mut())
}

/// This document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "system",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json", body = serde_json::Value))
)]
pub async fn openapi_json() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        DOCUMENT.get().map_or("{}", String::as_str),
    )
}
