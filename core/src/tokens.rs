//! Short-lived access tokens (HS256 JWTs) and opaque refresh tokens.

use base64::Engine;
use chrono::{Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// How long an access token lives; the web app refreshes 5 minutes before expiry.
pub const ACCESS_TOKEN_TTL: Duration = Duration::minutes(15);
/// How long a refresh token (and so a signed-in session) lives without use.
pub const REFRESH_TOKEN_TTL: Duration = Duration::days(30);

const ISSUER: &str = "lectern";
const MEDIA_AUDIENCE: &str = "lectern-media";

/// How long a media link (video, captions, thumbnail) keeps working.
pub const MEDIA_TOKEN_TTL: Duration = Duration::hours(12);

#[derive(Debug, Serialize, Deserialize)]
struct MediaClaims {
    sub: String,
    aud: String,
    exp: i64,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iss: String,
    iat: i64,
    exp: i64,
}

#[derive(Clone)]
pub struct AccessTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

pub struct IssuedToken {
    pub token: String,
    /// Unix seconds.
    pub expires_at: i64,
}

impl AccessTokens {
    pub fn new(secret: &[u8]) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    pub fn issue(&self, user_id: &str) -> IssuedToken {
        let now = Utc::now();
        let exp = (now + ACCESS_TOKEN_TTL).timestamp();
        let claims = Claims {
            sub: user_id.to_string(),
            iss: ISSUER.into(),
            iat: now.timestamp(),
            exp,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing with an in-memory key cannot fail");
        IssuedToken {
            token,
            expires_at: exp,
        }
    }

    /// The user id of a valid, unexpired token.
    pub fn verify(&self, token: &str) -> Option<String> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.leeway = 5;
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims.sub)
    }
}

impl AccessTokens {
    /// A token for media URLs, which browsers load without an Authorization header
    /// (`<video>`, `<track>`, `<img>`); it opens only the media of `job_id`.
    pub fn issue_media(&self, job_id: &str) -> String {
        let claims = MediaClaims {
            sub: job_id.to_string(),
            aud: MEDIA_AUDIENCE.into(),
            // Rounded up to the hour: the same job's token is the same string for an hour, so
            // the URLs of a thumbnail fetched ahead (and cached by the browser) match the
            // ones a page renders from a later answer.
            exp: round_up_to_hour((Utc::now() + MEDIA_TOKEN_TTL).timestamp()),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing with an in-memory key cannot fail")
    }

    /// The job id a media token opens, if it is valid and unexpired.
    pub fn verify_media(&self, token: &str) -> Option<String> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_audience(&[MEDIA_AUDIENCE]);
        jsonwebtoken::decode::<MediaClaims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims.sub)
    }
}

fn round_up_to_hour(unix: i64) -> i64 {
    (unix + 3599).div_euclid(3600) * 3600
}

/// 32 random bytes, URL-safe base64.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether `text` could be a token `random_token` made: 43 characters of URL-safe base64.
pub fn is_token_shaped(text: &str) -> bool {
    text.len() == 43
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What the database stores instead of a refresh token.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_issued_token_verifies_and_a_tampered_one_does_not() {
        let tokens = AccessTokens::new(b"0123456789abcdef0123456789abcdef");
        let issued = tokens.issue("user-1");
        assert_eq!(tokens.verify(&issued.token).as_deref(), Some("user-1"));
        // Change a character inside the signature (the last one may carry only padding bits).
        let mut chars: Vec<char> = issued.token.chars().collect();
        let at = chars.len() - 5;
        chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
        let tampered: String = chars.into_iter().collect();
        assert_eq!(tokens.verify(&tampered), None);
        let other = AccessTokens::new(b"another-secret-another-secret-xx");
        assert_eq!(other.verify(&issued.token), None);
    }

    #[test]
    fn media_and_access_tokens_do_not_stand_in_for_each_other() {
        let tokens = AccessTokens::new(b"0123456789abcdef0123456789abcdef");
        let media = tokens.issue_media("job-1");
        assert_eq!(tokens.verify_media(&media).as_deref(), Some("job-1"));
        assert_eq!(tokens.verify(&media), None);
        let access = tokens.issue("user-1");
        assert_eq!(tokens.verify_media(&access.token), None);
    }

    #[test]
    fn a_media_token_is_stable_within_the_hour_and_lasts_at_least_its_ttl() {
        let tokens = AccessTokens::new(b"0123456789abcdef0123456789abcdef");
        // Twice in a row gives the same token (tried twice, in case an hour turns in between).
        let same = (0..2).any(|_| tokens.issue_media("job-1") == tokens.issue_media("job-1"));
        assert!(same, "the same URL twice");
        assert_ne!(tokens.issue_media("job-2"), tokens.issue_media("job-1"));
        assert_eq!(round_up_to_hour(7200), 7200);
        assert_eq!(round_up_to_hour(7201), 10_800);
    }
}
