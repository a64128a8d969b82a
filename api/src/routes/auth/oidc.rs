//! The one OpenID Connect client: discovery, authorization URL with PKCE S256 + state +
//! nonce, code exchange, and ID-token checks (signature, issuer, audience, expiry, nonce).

use std::time::Duration;

use jsonwebtoken::{
    Algorithm, DecodingKey, Validation,
    jwk::{Jwk, JwkSet},
};
use lectern_core::{Config, config::IdentityConfig, users::Identity};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use tokio::sync::RwLock;
use url::Url;

use super::dev_provider::provider::DevProvider;
use super::pkce::s256;

#[derive(Debug, thiserror::Error)]
pub enum OidcError {
    #[error("the identity provider could not be reached: {0}")]
    Unreachable(String),
    #[error("the identity provider answered unexpectedly: {0}")]
    Protocol(String),
    #[error("the ID token was refused: {0}")]
    InvalidToken(String),
}

#[derive(Debug, Clone, Deserialize)]
struct Metadata {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    jwks_uri: String,
    #[serde(default)]
    prompt_values_supported: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct TokenResponse {
    id_token: Option<String>,
}

#[derive(Debug, Deserialize)]
struct IdClaims {
    sub: String,
    nonce: Option<String>,
    email: Option<String>,
    email_verified: Option<serde_json::Value>,
    name: Option<String>,
    given_name: Option<String>,
    family_name: Option<String>,
    picture: Option<String>,
}

pub struct OidcClient {
    issuer: String,
    client_id: String,
    client_secret: Option<SecretString>,
    redirect_uri: String,
    http: reqwest::Client,
    metadata: RwLock<Option<Metadata>>,
    jwks: RwLock<Option<JwkSet>>,
}

/// A PKCE verifier and its S256 challenge.
pub struct Pkce {
    pub verifier: String,
    pub challenge: String,
}

impl Pkce {
    pub fn generate() -> Self {
        let verifier = lectern_core::tokens::random_token();
        let challenge = s256(&verifier);
        Self {
            verifier,
            challenge,
        }
    }
}

impl OidcClient {
    pub fn from_config(config: &Config, dev: Option<&DevProvider>) -> anyhow::Result<Self> {
        let (issuer, client_id, client_secret) = match (&config.identity, dev) {
            (
                IdentityConfig::Oidc {
                    issuer,
                    client_id,
                    client_secret,
                },
                _,
            ) => (
                issuer.as_str().trim_end_matches('/').to_string(),
                client_id.clone(),
                client_secret.clone(),
            ),
            (IdentityConfig::Development, Some(dev)) => {
                (dev.issuer().to_string(), dev.client_id().to_string(), None)
            }
            (IdentityConfig::Development, None) => {
                anyhow::bail!("the development sign-in provider is refused in production")
            }
        };
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(15))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self {
            issuer,
            client_id,
            client_secret,
            redirect_uri: format!("{}/auth/google/callback", config.origin()),
            http,
            metadata: RwLock::new(None),
            jwks: RwLock::new(None),
        })
    }

    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    async fn metadata(&self) -> Result<Metadata, OidcError> {
        if let Some(m) = self.metadata.read().await.clone() {
            return Ok(m);
        }
        let url = format!("{}/.well-known/openid-configuration", self.issuer);
        let metadata: Metadata = self.get_json(&url).await?;
        if metadata.issuer.trim_end_matches('/') != self.issuer {
            return Err(OidcError::Protocol(format!(
                "discovery names issuer {:?}, expected {:?}",
                metadata.issuer, self.issuer
            )));
        }
        *self.metadata.write().await = Some(metadata.clone());
        Ok(metadata)
    }

    async fn get_json<T: for<'de> Deserialize<'de>>(&self, url: &str) -> Result<T, OidcError> {
        let response = self
            .http
            .get(url)
            .send()
            .await
            .map_err(|e| OidcError::Unreachable(e.to_string()))?;
        if !response.status().is_success() {
            return Err(OidcError::Protocol(format!(
                "{url} answered {}",
                response.status()
            )));
        }
        response
            .json()
            .await
            .map_err(|e| OidcError::Protocol(format!("{url}: {e}")))
    }

    /// Where to send the browser to sign in.
    pub async fn authorization_url(
        &self,
        state: &str,
        nonce: &str,
        challenge: &str,
        login_hint: Option<&str>,
    ) -> Result<String, OidcError> {
        let metadata = self.metadata().await?;
        let mut url = Url::parse(&metadata.authorization_endpoint)
            .map_err(|e| OidcError::Protocol(format!("authorization_endpoint: {e}")))?;
        {
            let mut query = url.query_pairs_mut();
            query
                .append_pair("response_type", "code")
                .append_pair("client_id", &self.client_id)
                .append_pair("redirect_uri", &self.redirect_uri)
                .append_pair("scope", "openid email profile")
                .append_pair("state", state)
                .append_pair("nonce", nonce)
                .append_pair("code_challenge", challenge)
                .append_pair("code_challenge_method", "S256");
            if let Some(hint) = login_hint {
                query.append_pair("login_hint", hint);
            } else if self.issuer == "https://accounts.google.com"
                || metadata
                    .prompt_values_supported
                    .iter()
                    .any(|p| p == "select_account")
            {
                // Google's account chooser, even when one account is signed in.
                query.append_pair("prompt", "select_account");
            }
        }
        Ok(url.into())
    }

    /// Exchanges the authorization code and checks the ID token it returns.
    pub async fn exchange(
        &self,
        code: &str,
        verifier: &str,
        nonce: &str,
    ) -> Result<Identity, OidcError> {
        let metadata = self.metadata().await?;
        let mut form = vec![
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", self.redirect_uri.as_str()),
            ("code_verifier", verifier),
        ];
        let mut request = self.http.post(&metadata.token_endpoint);
        match &self.client_secret {
            Some(secret) => {
                request = request.basic_auth(
                    form_encode(&self.client_id),
                    Some(form_encode(secret.expose_secret())),
                );
            }
            None => form.push(("client_id", self.client_id.as_str())),
        }
        let response = request
            .form(&form)
            .send()
            .await
            .map_err(|e| OidcError::Unreachable(e.to_string()))?;
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            return Err(OidcError::Protocol(format!(
                "token endpoint answered {status}: {}",
                body.chars().take(300).collect::<String>()
            )));
        }
        let tokens: TokenResponse = response
            .json()
            .await
            .map_err(|e| OidcError::Protocol(format!("token response: {e}")))?;
        let id_token = tokens
            .id_token
            .ok_or_else(|| OidcError::Protocol("token response has no id_token".into()))?;
        self.verify_id_token(&id_token, nonce).await
    }

    pub async fn verify_id_token(&self, token: &str, nonce: &str) -> Result<Identity, OidcError> {
        let header = jsonwebtoken::decode_header(token)
            .map_err(|e| OidcError::InvalidToken(format!("header: {e}")))?;
        if !matches!(
            header.alg,
            Algorithm::RS256
                | Algorithm::RS384
                | Algorithm::RS512
                | Algorithm::PS256
                | Algorithm::PS384
                | Algorithm::PS512
                | Algorithm::ES256
                | Algorithm::ES384
                | Algorithm::EdDSA
        ) {
            return Err(OidcError::InvalidToken(format!(
                "algorithm {:?} is not accepted",
                header.alg
            )));
        }
        let jwk = self.signing_key(header.kid.as_deref(), header.alg).await?;
        let key = DecodingKey::from_jwk(&jwk)
            .map_err(|e| OidcError::InvalidToken(format!("signing key: {e}")))?;
        let mut validation = Validation::new(header.alg);
        let mut issuers = vec![self.issuer.clone()];
        if self.issuer == "https://accounts.google.com" {
            // Google documents both forms of its issuer.
            issuers.push("accounts.google.com".into());
        }
        validation.set_issuer(&issuers);
        validation.set_audience(&[self.client_id.as_str()]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 60;
        let data = jsonwebtoken::decode::<IdClaims>(token, &key, &validation)
            .map_err(|e| OidcError::InvalidToken(e.to_string()))?;
        let claims = data.claims;
        if claims.nonce.as_deref() != Some(nonce) {
            return Err(OidcError::InvalidToken("nonce does not match".into()));
        }
        let verified = match &claims.email_verified {
            None => true,
            Some(serde_json::Value::Bool(b)) => *b,
            Some(serde_json::Value::String(s)) => s == "true",
            Some(_) => false,
        };
        let email = claims
            .email
            .filter(|e| e.contains('@'))
            .ok_or_else(|| OidcError::InvalidToken("no e-mail address in the ID token".into()))?;
        if !verified {
            return Err(OidcError::InvalidToken(
                "the e-mail address is not verified".into(),
            ));
        }
        Ok(Identity {
            issuer: self.issuer.clone(),
            subject: claims.sub,
            email: email.to_lowercase(),
            given_name: claims.given_name,
            family_name: claims.family_name,
            name: claims.name,
            picture: claims.picture.filter(|p| p.starts_with("https://")),
        })
    }

    /// The JWK for `kid`; the key set is fetched again once when the kid is unknown
    /// (providers rotate keys).
    async fn signing_key(&self, kid: Option<&str>, alg: Algorithm) -> Result<Jwk, OidcError> {
        for refresh in [false, true] {
            if refresh || self.jwks.read().await.is_none() {
                let metadata = self.metadata().await?;
                let set: JwkSet = self.get_json(&metadata.jwks_uri).await?;
                *self.jwks.write().await = Some(set);
            }
            let guard = self.jwks.read().await;
            let set = guard.as_ref().expect("just fetched");
            let found = match kid {
                Some(kid) => set.find(kid).cloned(),
                None if set.keys.len() == 1 => set.keys.first().cloned(),
                None => None,
            };
            if let Some(jwk) = found {
                if let Some(key_alg) = jwk.common.key_algorithm
                    && key_alg.to_string() != format!("{alg:?}")
                {
                    return Err(OidcError::InvalidToken(
                        "the token's algorithm does not match its key".into(),
                    ));
                }
                return Ok(jwk);
            }
        }
        Err(OidcError::InvalidToken("no matching signing key".into()))
    }
}

/// RFC 6749 section 2.3.1: client credentials are form-encoded before Basic auth.
fn form_encode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}
