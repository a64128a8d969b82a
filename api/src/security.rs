//! The headers a security review expects on every response: a Content-Security-Policy (the
//! web app, media, JSON and the server-rendered pages), a frame policy, HSTS when Lectern is
//! served over HTTPS. Pages with an inline script allow exactly that script, by its hash.

use axum::{
    Router,
    extract::Request,
    http::{HeaderName, HeaderValue, header},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
};
use base64::Engine;
use sha2::{Digest, Sha256};
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy of every response. Scripts, styles sheets, fonts, media and API calls come
/// from Lectern itself; pictures may also come from the identity provider (an `https:`
/// avatar); nothing may frame Lectern but its embeddable player pages ([`EMBED_POLICY`]);
/// forms post only to Lectern. `style-src` allows inline styles for the
/// server-rendered sign-in and checkout pages, which carry their own small style sheet.
pub const POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
    media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
    base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The policy of the embeddable player pages (`/embed/…`): [`POLICY`], except that any site
/// may frame them. Nothing else may be framed.
pub const EMBED_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
    media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
    base-uri 'self'; form-action 'self'; frame-ancestors *";

/// Marks a response as one other sites may frame: it gets [`EMBED_POLICY`] and no
/// `X-Frame-Options`.
#[derive(Clone, Copy, Debug)]
pub struct Embeddable;

/// A response other sites may frame (see [`Embeddable`]).
pub fn embeddable(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(EMBED_POLICY),
    );
    response.extensions_mut().insert(Embeddable);
    response
}

/// `X-Frame-Options: DENY` on every response but an [`Embeddable`] one.
async fn frame_options(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    if response.extensions().get::<Embeddable>().is_none() {
        response
            .headers_mut()
            .entry(header::X_FRAME_OPTIONS)
            .or_insert(HeaderValue::from_static("DENY"));
    }
    response
}

/// HSTS, sent only when the public URL is HTTPS: a year, sub-domains included.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// Adds the headers to every response that did not set its own.
pub fn layers(router: Router, https: bool) -> Router {
    let router = router
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(POLICY),
        ))
        .layer(middleware::from_fn(frame_options))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("cross-origin-opener-policy"),
            // The sign-in popup posts its result to the window that opened it.
            HeaderValue::from_static("same-origin-allow-popups"),
        ));
    if https {
        router.layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        ))
    } else {
        router
    }
}

/// A server-rendered page whose inline `<script>` elements (and no others) may run: the
/// policy lists each one's SHA-256.
pub fn page(html: String) -> Response {
    let policy = policy_for(&html);
    let mut response = Html(html).into_response();
    if let Ok(value) = HeaderValue::from_str(&policy) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, value);
    }
    response
}

/// [`POLICY`] with the hashes of the inline scripts of `html` added to `script-src`.
pub fn policy_for(html: &str) -> String {
    let hashes: Vec<String> = inline_scripts(html)
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect();
    if hashes.is_empty() {
        return POLICY.to_string();
    }
    POLICY.replacen(
        "script-src 'self'",
        &format!("script-src 'self' {}", hashes.join(" ")),
        1,
    )
}

/// The text of each `<script>` element without attributes (`<script>…</script>`).
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script>")
        .skip(1)
        .filter_map(|rest| rest.find("</script>").map(|end| &rest[..end]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_exactly_the_inline_scripts_of_the_page() {
        let html = "<p>x</p><script>alert(1)</script><script>go()</script>";
        let policy = policy_for(html);
        let hash = |s: &str| {
            base64::engine::general_purpose::STANDARD.encode(Sha256::digest(s.as_bytes()))
        };
        assert!(policy.contains(&format!("'sha256-{}'", hash("alert(1)"))));
        assert!(policy.contains(&format!("'sha256-{}'", hash("go()"))));
        assert!(
            !policy
                .split(';')
                .any(|d| d.contains("script-src") && d.contains("unsafe"))
        );
        assert_eq!(policy_for("<p>no script</p>"), POLICY);
    }
}
