//! PKCE (RFC 7636): the S256 code challenge of a verifier.

use base64::Engine;
use sha2::{Digest, Sha256};

/// `BASE64URL(SHA256(verifier))`, without padding.
pub fn s256(verifier: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}
