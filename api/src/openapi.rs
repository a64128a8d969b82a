//! The API's OpenAPI 3.1 document, built by utoipa from the routes themselves: every route is
//! registered through `utoipa_axum::routes!`, so a handler's `#[utoipa::path]` (its path,
//! parameters, body and answers) is both what axum serves and what the document says; which
//! operations take the bearer token follows from their answers
//! (`routes::document::require_tokens`). Served at `GET /api/openapi.json` (`routes::document`); `just openapi` writes it to
//! `web/src/types/openapi.json`, from which the web app's types are generated.

/// The whole document, from the same routes the server mounts.
pub fn document() -> utoipa::openapi::OpenApi {
    crate::routes::documented().into_openapi()
}

/// The document as `GET /api/openapi.json` serves it and `web/src/types/openapi.json` holds it.
pub fn to_json() -> String {
    crate::routes::document::pretty(&document())
}

/// What `just openapi` writes into `web/src/types/` (the web's `openapi.ts` is then generated
/// from `openapi.json` by openapi-typescript), by file name.
pub fn web_types() -> [(&'static str, String); 2] {
    [
        ("openapi.json", to_json()),
        ("limits.ts", crate::limits::typescript()),
    ]
}
