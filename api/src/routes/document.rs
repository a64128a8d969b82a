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

use crate::error::responses::{NoSuchMedia, NotSignedIn};

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
