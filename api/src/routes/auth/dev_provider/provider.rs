//! The development provider's keys and its authorization codes.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

use base64::Engine;
use chrono::Utc;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lectern_core::Config;
use p256::{elliptic_curve::sec1::ToEncodedPoint, pkcs8::EncodePrivateKey};
use rand::RngCore;
use serde_json::{Value, json};

pub(super) const CLIENT_ID: &str = "lectern-dev";
const CODE_TTL: Duration = Duration::from_secs(120);

/// An authorization code's request, until the token endpoint takes it.
pub(super) struct PendingCode {
    pub redirect_uri: String,
    pub challenge: String,
    pub nonce: Option<String>,
    pub email: String,
    pub name: String,
    pub issued: Instant,
}

pub struct DevProvider {
    pub(super) issuer: String,
    pub(super) redirect_uri: String,
    kid: String,
    key: EncodingKey,
    pub(super) public_jwk: Value,
    codes: Mutex<HashMap<String, PendingCode>>,
}

impl DevProvider {
    pub fn new(config: &Config) -> Self {
        let secret = loop {
            let mut bytes = [0u8; 32];
            rand::rng().fill_bytes(&mut bytes);
            if let Ok(key) = p256::SecretKey::from_slice(&bytes) {
                break key;
            }
        };
        let pem = secret
            .to_pkcs8_pem(p256::pkcs8::LineEnding::LF)
            .expect("a P-256 key encodes as PKCS#8");
        let key = EncodingKey::from_ec_pem(pem.as_bytes()).expect("PKCS#8 PEM we just made");
        let point = secret.public_key().to_encoded_point(false);
        let b64 = |b: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b);
        let kid = lectern_core::tokens::random_token()[..16].to_string();
        let public_jwk = json!({
            "kty": "EC",
            "crv": "P-256",
            "x": b64(point.x().expect("uncompressed point")),
            "y": b64(point.y().expect("uncompressed point")),
            "use": "sig",
            "alg": "ES256",
            "kid": kid,
        });
        Self {
            issuer: format!("{}/dev-oidc", config.origin()),
            redirect_uri: format!("{}/auth/google/callback", config.origin()),
            kid,
            key,
            public_jwk,
            codes: Mutex::new(HashMap::new()),
        }
    }

    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    pub fn client_id(&self) -> &str {
        CLIENT_ID
    }

    /// A new code for `pending`; codes older than their lifetime are forgotten.
    pub(super) fn issue_code(&self, pending: PendingCode) -> String {
        let code = lectern_core::tokens::random_token();
        let mut codes = self.codes.lock().expect("code map lock");
        codes.retain(|_, pending| pending.issued.elapsed() < CODE_TTL);
        codes.insert(code.clone(), pending);
        code
    }

    /// A code is good once: it leaves the map whatever happens next.
    pub(super) fn take_code(&self, code: &str) -> Option<PendingCode> {
        let pending = self.codes.lock().expect("code map lock").remove(code);
        pending.filter(|c| c.issued.elapsed() < CODE_TTL)
    }

    pub(super) fn id_token(&self, pending: &PendingCode) -> String {
        let now = Utc::now().timestamp();
        let email = pending.email.to_lowercase();
        let subject = lectern_core::tokens::hash_token(&email)[..24].to_string();
        let mut parts = pending.name.trim().splitn(2, ' ');
        let given = parts.next().unwrap_or_default();
        let family = parts.next().unwrap_or_default();
        let claims = json!({
            "iss": self.issuer,
            "sub": subject,
            "aud": CLIENT_ID,
            "iat": now,
            "exp": now + 300,
            "nonce": pending.nonce,
            "email": email,
            "email_verified": true,
            "name": pending.name.trim(),
            "given_name": given,
            "family_name": family,
        });
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, &claims, &self.key).expect("ES256 signing")
    }
}
