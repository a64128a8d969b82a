//! Cookie names, attributes and the Origin check for cookie-authenticated calls.

use axum::http::{HeaderMap, header};
use chrono::Duration;
use lectern_core::{Config, tokens::REFRESH_TOKEN_TTL};

use crate::error::ApiError;

pub struct Cookies {
    secure: bool,
}

impl Cookies {
    pub fn new(config: &Config) -> Self {
        Self {
            secure: config.is_https(),
        }
    }

    /// `__Host-` (Secure, Path=/, no Domain) whenever we are served over HTTPS.
    fn name(&self, base: &str) -> String {
        if self.secure {
            format!("__Host-{base}")
        } else {
            base.to_string()
        }
    }

    pub fn refresh_name(&self) -> String {
        self.name("lectern_refresh")
    }

    pub fn state_name(&self) -> String {
        self.name("lectern_signin")
    }

    fn build(&self, name: &str, value: &str, max_age: i64) -> String {
        let secure = if self.secure { "; Secure" } else { "" };
        format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}")
    }

    pub fn refresh(&self, token: &str) -> String {
        self.build(&self.refresh_name(), token, REFRESH_TOKEN_TTL.num_seconds())
    }

    pub fn clear_refresh(&self) -> String {
        self.build(&self.refresh_name(), "", 0)
    }

    pub fn sign_in_state(&self, state: &str, ttl: Duration) -> String {
        self.build(&self.state_name(), state, ttl.num_seconds())
    }

    pub fn clear_sign_in_state(&self) -> String {
        self.build(&self.state_name(), "", 0)
    }
}

pub fn read(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty())
}

/// State-changing calls authenticated by cookie must come from one of our origins.
pub fn check_origin(headers: &HeaderMap, config: &Config) -> Result<(), ApiError> {
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    match origin {
        Some(origin) if config.allowed_origins.iter().any(|o| o == origin) => Ok(()),
        Some(_) => Err(ApiError::Forbidden("Origin not allowed".into())),
        None => Err(ApiError::Forbidden("Missing Origin header".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cookies(public_url: &str) -> Cookies {
        let dir = std::env::temp_dir();
        Cookies::new(
            &Config::from_pairs([
                ("public_url", public_url.to_string()),
                ("data_dir", dir.display().to_string()),
                ("secret_key", "test-secret-test-secret-test-secret!".into()),
            ])
            .unwrap(),
        )
    }

    #[test]
    fn the_refresh_cookie_is_host_only_secure_and_hidden_from_scripts_over_https() {
        let cookie = cookies("https://lectern.example").refresh("tok");
        assert!(
            cookie.starts_with("__Host-lectern_refresh=tok; "),
            "{cookie}"
        );
        for flag in ["Path=/", "HttpOnly", "SameSite=Lax", "Secure"] {
            assert!(
                cookie.split("; ").any(|part| part == flag),
                "{flag} in {cookie}"
            );
        }
        assert!(!cookie.contains("Domain="), "{cookie}");
        let max_age = format!("Max-Age={}", REFRESH_TOKEN_TTL.num_seconds());
        assert!(cookie.contains(&max_age), "{cookie}");
    }

    #[test]
    fn over_plain_http_in_development_the_refresh_cookie_cannot_be_secure() {
        let cookie = cookies("http://localhost:8765").refresh("tok");
        assert!(cookie.starts_with("lectern_refresh=tok; "), "{cookie}");
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"));
        assert!(!cookie.contains("Secure"), "{cookie}");
    }
}
