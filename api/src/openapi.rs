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
pub fn web_types() -> [(&'static str, String); 3] {
    [
        ("openapi.json", to_json()),
        ("limits.ts", crate::limits::typescript()),
        ("drawable.ts", drawable_typescript()),
    ]
}

/// The characters the slides can draw, for the web app to check text as it is typed (the API
/// refuses the rest at submit: `lectern_core::text`).
fn drawable_typescript() -> String {
    let ranges: Vec<String> = lectern_core::text::drawable_ranges()
        .chunks(6)
        .map(|row| {
            let pairs: Vec<String> = row
                .iter()
                .map(|(start, end)| format!("[0x{start:04X}, 0x{end:04X}]"))
                .collect();
            format!("  {},\n", pairs.join(", "))
        })
        .collect();
    format!(
        "// Generated from core/src/text/drawable.rs by `just openapi`; do not edit. A test in\n\
         // api/tests/api/openapi.rs fails when this file differs from what Rust writes.\n\n\
         /** The code points the slides can draw, as inclusive ranges in ascending order. */\n\
         export const drawableRanges: readonly (readonly [number, number])[] = [\n{}];\n",
        ranges.concat()
    )
}
