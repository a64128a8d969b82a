//! Who may read the operator's pages (`/debug`, `/metrics`): a caller on this computer, or
//! one that sends `LECTERN_OPERATOR_TOKEN` as a bearer token (Prometheus, an operator's
//! curl). Everyone else is refused, as Grafana and GitLab keep their metrics to themselves.

use std::net::SocketAddr;

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{HeaderMap, request::Parts},
};
use secrecy::{ExposeSecret, SecretString};
use subtle::ConstantTimeEq;

use crate::{error::ApiError, state::AppState};

/// Proof that the caller may read an operator's page.
pub struct Operator;

impl FromRequestParts<AppState> for Operator {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.0);
        if allowed(peer, &parts.headers, state.config.operator_token.as_ref()) {
            Ok(Self)
        } else {
            Err(refusal())
        }
    }
}

/// Whether a caller from `peer` with `headers` may read an operator's page: on loopback, or
/// with the operator token (compared in constant time).
pub fn allowed(
    peer: Option<SocketAddr>,
    headers: &HeaderMap,
    operator_token: Option<&SecretString>,
) -> bool {
    if is_local(peer, headers) {
        return true;
    }
    match (crate::extract::bearer(headers), operator_token) {
        (Some(token), Some(expected)) => {
            bool::from(token.as_bytes().ct_eq(expected.expose_secret().as_bytes()))
        }
        _ => false,
    }
}

/// The answer to a caller who may not read an operator's page.
pub fn refusal() -> ApiError {
    ApiError::Unauthorized(
        "This page answers only on this computer or with the operator token".into(),
    )
}

/// A caller on this computer: a loopback peer whose request no proxy forwarded (a reverse
/// proxy on the same host would otherwise make every visitor look local).
fn is_local(peer: Option<SocketAddr>, headers: &HeaderMap) -> bool {
    let forwarded = ["forwarded", "x-forwarded-for", "x-real-ip"]
        .iter()
        .any(|name| headers.contains_key(*name));
    peer.is_some_and(|peer| peer.ip().is_loopback()) && !forwarded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_unforwarded_loopback_peer_is_local() {
        let loopback: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let v6: SocketAddr = "[::1]:5000".parse().unwrap();
        let lan: SocketAddr = "192.0.2.7:5000".parse().unwrap();
        let none = HeaderMap::new();
        assert!(is_local(Some(loopback), &none));
        assert!(is_local(Some(v6), &none));
        assert!(!is_local(Some(lan), &none));
        assert!(!is_local(None, &none));
        let mut proxied = HeaderMap::new();
        proxied.insert("x-forwarded-for", "203.0.113.9".parse().unwrap());
        assert!(!is_local(Some(loopback), &proxied));
    }
}
