//! Buying credits: checkout sessions, the payment provider's webhook, the status the
//! confirmation screen waits on, and the development checkout of the embedded default.
//!
//! Credits are granted only by the webhook (`webhook.rs`), once per checkout session.

mod create;
mod dev_checkout;
mod provider;
mod session_status;
mod signature;
mod webhook;

use std::sync::Arc;

use axum::{Extension, Router};
use secrecy::{ExposeSecret, SecretString};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

use provider::Provider;

/// What the checkout routes share: who creates sessions and the secret that signs events.
pub struct Checkout {
    pub provider: Provider,
    pub webhook_secret: SecretString,
}

impl Checkout {
    fn from_state(state: &AppState) -> anyhow::Result<Self> {
        match &state.config.stripe {
            Some(stripe) => Ok(Self {
                provider: Provider::stripe(stripe)?,
                webhook_secret: stripe.webhook_secret.clone(),
            }),
            // The development checkout signs its own events; a fresh secret per start is
            // enough, since nothing outside this process ever holds it.
            None => Ok(Self {
                provider: Provider::Development,
                webhook_secret: SecretString::from(format!(
                    "whsec_dev_{}",
                    lectern_core::tokens::random_token()
                )),
            }),
        }
    }

    fn secret(&self) -> &str {
        self.webhook_secret.expose_secret()
    }
}

/// The checkout routes every configuration serves.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create::create_checkout_session))
        .routes(routes!(webhook::stripe_webhook))
        .routes(routes!(session_status::checkout_session))
}

/// Gives the routes what they share (`Checkout`), and mounts the development checkout only
/// when no Stripe keys are configured and never in production (where the configuration
/// already refuses to start without Stripe keys).
pub fn attach(mut router: Router<AppState>, state: &AppState) -> anyhow::Result<Router<AppState>> {
    let checkout = Arc::new(Checkout::from_state(state)?);
    if matches!(checkout.provider, Provider::Development) && !state.config.is_production() {
        router = router.merge(dev_checkout::router());
    }
    Ok(router.layer(Extension(checkout)))
}
