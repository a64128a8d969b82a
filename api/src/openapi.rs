//! The API's OpenAPI 3.1 document, built by utoipa from the routes themselves: every route is
//! registered through `utoipa_axum::routes!`, so a handler's `#[utoipa::path]` (its path,
//! parameters, body, answers and security) is both what axum serves and what the document
//! says. Served at `GET /api/openapi.json`; `just openapi` writes it to
//! `web/src/types/openapi.json`, from which the web app's types are generated.

use std::sync::LazyLock;

use axum::{http::header, response::IntoResponse};
use utoipa::{
    Modify, OpenApi,
    openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme},
};

/// The whole document, from the same routes the server mounts.
pub fn document() -> utoipa::openapi::OpenApi {
    crate::routes::documented().into_openapi()
}

/// The document as `GET /api/openapi.json` serves it and `web/src/types/openapi.json` holds it.
pub fn to_json() -> String {
    let mut json = document()
        .to_pretty_json()
        .expect("the OpenAPI document serialises");
    json.push('\n');
    json
}

/// What `just openapi` writes into `web/src/types/` (the web's `openapi.ts` is then generated
/// from `openapi.json` by openapi-typescript), by file name.
pub fn web_types() -> [(&'static str, String); 2] {
    [
        ("openapi.json", to_json()),
        ("limits.ts", crate::limits::typescript()),
    ]
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
            "refresh_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "__Host-lectern_refresh",
                "The refresh token, HttpOnly (named `lectern_refresh` when served over plain \
                 HTTP); calls that use it must send an allowed `Origin`",
            ))),
        );
    }
}

/// This document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "system",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json", body = serde_json::Value))
)]
pub async fn openapi_json() -> impl IntoResponse {
    static DOCUMENT: LazyLock<String> = LazyLock::new(to_json);
    (
        [(header::CONTENT_TYPE, "application/json")],
        DOCUMENT.as_str(),
    )
}
