//! `POST /api/stripe/webhook`: authenticated by its Stripe signature only.
//!
//! The signature is checked on the raw body (HMAC-SHA256 of `"<t>.<body>"`, any of several
//! `v1` values, at most 300 s from now). Paid sessions are credited once per checkout session
//! whatever the order or number of deliveries; a database failure answers 500 so that Stripe
//! delivers the event again, and nothing of it has been written.
//!
//! Only the fields Lectern acts on are read (the event's id and type; a checkout session's
//! id, payment status, metadata and client reference), so an event of a newer API version
//! with fields this code has never seen is still applied.

use std::{collections::HashMap, sync::Arc};

use axum::{Extension, Json, extract::State, http::HeaderMap};
use lectern_core::checkout::{self, ProviderEvent, SessionChange, SessionRef};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    Checkout,
    signature::{self, Refused},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    state::AppState,
};

/// The acknowledgement of an event, with what it did.
#[derive(Debug, Serialize, ToSchema)]
pub struct Received {
    received: bool,
    /// What the event did: `granted`, `already_granted`, `not_paid`, `payment_failed`,
    /// `expired`, `ignored` or `unknown_session`.
    outcome: &'static str,
}

impl Received {
    fn new(outcome: checkout::Outcome) -> Self {
        Self {
            received: true,
            outcome: outcome.as_str(),
        }
    }
}

/// Stripe's events: a paid checkout session credits its package once, whatever the order or
/// number of deliveries.
#[utoipa::path(
    post,
    path = "/api/stripe/webhook",
    tag = "credits",
    request_body(content = String, content_type = "application/json", description = "A Stripe event, signed"),
    params(("stripe-signature" = String, Header, description = "`t=<unix>,v1=<hex HMAC-SHA256>`")),
    responses(
        (status = 200, description = "Acknowledged", body = Received),
        (status = 400, description = "Unsigned, badly signed, stale or unreadable", body = ErrorBody),
        (status = 500, description = "Not applied; Stripe delivers it again", body = ErrorBody),
    )
)]
pub async fn stripe_webhook(
    State(state): State<AppState>,
    Extension(checkout): Extension<Arc<Checkout>>,
    headers: HeaderMap,
    crate::extract::RawBody(body): crate::extract::RawBody,
) -> ApiResult<Json<Received>> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| ApiError::BadRequest("Missing Stripe-Signature header".into()))?;
    let payload = std::str::from_utf8(&body)
        .map_err(|_| ApiError::BadRequest("The event body is not UTF-8".into()))?;
    if let Err(refused) = signature::verify(
        payload,
        signature,
        checkout.secret(),
        chrono::Utc::now().timestamp(),
    ) {
        tracing::warn!(?refused, "refused a webhook delivery");
        metrics::counter!("lectern_webhook_events_total", "type" => "unknown", "outcome" => "refused")
            .increment(1);
        return Err(ApiError::BadRequest(match refused {
            Refused::Stale => "The signature timestamp is too old".into(),
            Refused::Malformed | Refused::Mismatch => "Invalid signature".into(),
        }));
    }
    let event: Event = serde_json::from_str(payload)
        .map_err(|_| ApiError::BadRequest("The event could not be read".into()))?;
    // Every `checkout.session.*` event carries its session; the four below change it.
    let session = event
        .kind
        .starts_with("checkout.session.")
        .then(|| event.session())
        .transpose()?;
    let change = session.as_ref().and_then(|session| {
        let change = match event.kind.as_str() {
            "checkout.session.completed" => SessionChange::Completed {
                paid: session.payment_status != "unpaid",
            },
            "checkout.session.async_payment_succeeded" => SessionChange::AsyncPaymentSucceeded,
            "checkout.session.async_payment_failed" => SessionChange::AsyncPaymentFailed,
            "checkout.session.expired" => SessionChange::Expired,
            _ => return None,
        };
        Some((change, session.reference()))
    });
    let provider_event = ProviderEvent {
        provider: checkout.provider.name(),
        event_id: &event.id,
        event_type: &event.kind,
        change,
    };
    let outcome = match checkout::apply_event(&state.db, &provider_event).await {
        Ok(outcome) => outcome,
        Err(err) => {
            count_event(&event.kind, "error");
            return Err(err.into());
        }
    };
    count_event(&event.kind, outcome.as_str());
    if let checkout::Outcome::Granted { credits } = outcome {
        metrics::counter!("lectern_credits_purchased_total").increment(credits.max(0) as u64);
    }
    tracing::info!(
        event = %event.id,
        kind = %event.kind,
        outcome = outcome.as_str(),
        "webhook event handled"
    );
    Ok(Json(Received::new(outcome)))
}

fn count_event(kind: &str, outcome: &'static str) {
    metrics::counter!(
        "lectern_webhook_events_total",
        "type" => kind.to_string(),
        "outcome" => outcome
    )
    .increment(1);
}

/// A Stripe event, as much of it as Lectern reads.
#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: serde_json::Value,
}

/// A Checkout Session, as much of it as Lectern reads.
#[derive(Deserialize)]
struct Session {
    id: String,
    /// `paid`, `unpaid` or `no_payment_required`.
    payment_status: String,
    #[serde(default)]
    metadata: Option<HashMap<String, String>>,
    #[serde(default)]
    client_reference_id: Option<String>,
}

impl Event {
    /// The checkout session a `checkout.session.*` event is about; an authentic event of that
    /// kind that does not hold one is refused (Stripe delivers it again), never guessed at.
    fn session(&self) -> ApiResult<Session> {
        Session::deserialize(&self.data.object).map_err(|error| {
            tracing::error!(event = %self.id, %error, "could not read a checkout event");
            ApiError::BadRequest("The event could not be read".into())
        })
    }
}

impl Session {
    fn reference(&self) -> SessionRef<'_> {
        let metadata = self.metadata.as_ref();
        SessionRef {
            id: &self.id,
            user_id: metadata
                .and_then(|m| m.get("user_id"))
                .or(self.client_reference_id.as_ref())
                .map(String::as_str),
            package_id: metadata
                .and_then(|m| m.get("package_id"))
                .map(String::as_str),
        }
    }
}
