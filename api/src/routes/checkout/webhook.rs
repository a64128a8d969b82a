//! `POST /api/stripe/webhook`: authenticated by its Stripe signature only.
//!
//! The signature is checked on the raw body (HMAC-SHA256 of `"<t>.<body>"`, any of several
//! `v1` values, at most 300 s from now). Paid sessions are credited once per checkout session
//! whatever the order or number of deliveries; a database failure answers 500 so that Stripe
//! delivers the event again, and nothing of it has been written.

use std::sync::Arc;

use axum::{Extension, Json, extract::State, http::HeaderMap};
use lectern_core::checkout::{self, ProviderEvent, SessionChange, SessionRef};
use serde::Serialize;
use stripe_checkout::{CheckoutSession, CheckoutSessionPaymentStatus};
use stripe_webhook::{EventObject, Webhook, WebhookError};
use utoipa::ToSchema;

use super::Checkout;
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
    let event = match Webhook::construct_event(payload, signature, checkout.secret()) {
        Ok(event) => event,
        // Signature and timestamp are checked before the body is parsed: this event is
        // authentic, only its object is beyond what this SDK reads.
        Err(WebhookError::BadParse(reason)) => {
            return acknowledge_unreadable(&state, &checkout, payload, &reason).await;
        }
        Err(err) => {
            tracing::warn!(error = %err, "refused a webhook delivery");
            metrics::counter!("lectern_webhook_events_total", "type" => "unknown", "outcome" => "refused")
                .increment(1);
            return Err(ApiError::BadRequest(match err {
                WebhookError::BadTimestamp(_) => "The signature timestamp is too old".into(),
                _ => "Invalid signature".into(),
            }));
        }
    };

    let change = match &event.data.object {
        EventObject::CheckoutSessionCompleted(session) => Some((
            SessionChange::Completed {
                paid: session.payment_status != CheckoutSessionPaymentStatus::Unpaid,
            },
            session,
        )),
        EventObject::CheckoutSessionAsyncPaymentSucceeded(session) => {
            Some((SessionChange::AsyncPaymentSucceeded, session))
        }
        EventObject::CheckoutSessionAsyncPaymentFailed(session) => {
            Some((SessionChange::AsyncPaymentFailed, session))
        }
        EventObject::CheckoutSessionExpired(session) => Some((SessionChange::Expired, session)),
        _ => None,
    };
    let provider_event = ProviderEvent {
        provider: checkout.provider.name(),
        event_id: event.id.as_str(),
        event_type: event.type_.as_str(),
        change: change.map(|(change, session)| (change, session_ref(session))),
    };
    let outcome = match checkout::apply_event(&state.db, &provider_event).await {
        Ok(outcome) => outcome,
        Err(err) => {
            count_event(event.type_.as_str(), "error");
            return Err(err.into());
        }
    };
    count_event(event.type_.as_str(), outcome.as_str());
    if let checkout::Outcome::Granted { credits } = outcome {
        metrics::counter!("lectern_credits_purchased_total").increment(credits.max(0) as u64);
    }
    tracing::info!(
        event = %event.id.as_str(),
        kind = %event.type_.as_str(),
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

/// An authentic event whose object could not be parsed: acknowledged (and recorded) when it
/// is a kind we do not act on, refused when it is a checkout event we would have to apply.
async fn acknowledge_unreadable(
    state: &AppState,
    checkout: &Checkout,
    payload: &str,
    reason: &str,
) -> ApiResult<Json<Received>> {
    #[derive(serde::Deserialize)]
    struct Envelope {
        id: String,
        #[serde(rename = "type")]
        kind: String,
    }
    let unreadable = || ApiError::BadRequest("The event could not be read".into());
    let envelope: Envelope = serde_json::from_str(payload).map_err(|_| unreadable())?;
    if envelope.kind.starts_with("checkout.session.") {
        tracing::error!(event = %envelope.id, %reason, "could not read a checkout event");
        return Err(unreadable());
    }
    let ignored = ProviderEvent {
        provider: checkout.provider.name(),
        event_id: &envelope.id,
        event_type: &envelope.kind,
        change: None,
    };
    let outcome = checkout::apply_event(&state.db, &ignored).await?;
    count_event(&envelope.kind, outcome.as_str());
    Ok(Json(Received::new(outcome)))
}

fn session_ref(session: &CheckoutSession) -> SessionRef<'_> {
    let metadata = session.metadata.as_ref();
    SessionRef {
        id: session.id.as_str(),
        user_id: metadata
            .and_then(|m| m.get("user_id"))
            .or(session.client_reference_id.as_ref())
            .map(String::as_str),
        package_id: metadata
            .and_then(|m| m.get("package_id"))
            .map(String::as_str),
    }
}
