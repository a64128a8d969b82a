//! A local HTTP stand-in for Stripe's `POST /v1/checkout/sessions`: it reads the
//! form-encoded request the way Stripe does and answers with a complete Checkout Session
//! object in the shape of Stripe's API reference, so async-stripe deserialises it for real.

use std::sync::{Arc, Mutex};

use axum::{
    Json, Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
};
use serde_json::{Value, json};

pub const SECRET_KEY: &str = "sk_test_lectern_stand_in";

/// One request as Stripe received it: its form fields in order.
pub type Form = Vec<(String, String)>;

pub struct StripeStandIn {
    pub base_url: String,
    requests: Arc<Mutex<Vec<Form>>>,
}

impl StripeStandIn {
    pub async fn start() -> Self {
        let requests = Arc::new(Mutex::new(Vec::new()));
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create_session))
            .with_state(requests.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { base_url, requests }
    }

    pub fn requests(&self) -> Vec<Form> {
        self.requests.lock().unwrap().clone()
    }
}

pub fn field<'a>(form: &'a Form, key: &str) -> Option<&'a str> {
    form.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

async fn create_session(
    State(requests): State<Arc<Mutex<Vec<Form>>>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let authorized = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bearer {SECRET_KEY}"));
    if !authorized {
        let error = json!({ "error": {
            "message": "Invalid API Key provided",
            "type": "invalid_request_error"
        }});
        return (StatusCode::UNAUTHORIZED, Json(error)).into_response();
    }
    let form: Form = serde_urlencoded::from_bytes(&body).expect("Stripe requests are form-encoded");
    requests.lock().unwrap().push(form.clone());
    let id = format!("cs_test_{}", uuid::Uuid::new_v4().simple());
    let metadata: serde_json::Map<String, Value> = form
        .iter()
        .filter_map(|(k, v)| {
            let key = k.strip_prefix("metadata[")?.strip_suffix(']')?;
            Some((key.to_string(), Value::String(v.clone())))
        })
        .collect();
    let amount: i64 = field(&form, "line_items[0][price_data][unit_amount]")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut session = session_object(&id, "open", "unpaid", amount, Value::Object(metadata));
    session["client_reference_id"] = json!(field(&form, "client_reference_id"));
    session["customer_email"] = json!(field(&form, "customer_email"));
    session["success_url"] = json!(field(&form, "success_url"));
    session["cancel_url"] = json!(field(&form, "cancel_url"));
    session["currency"] = json!(field(&form, "line_items[0][price_data][currency]"));
    session["url"] = json!(format!(
        "https://checkout.stripe.com/c/pay/{id}#fidkdWxOYHwnPyd1blpxYHZxWjA0"
    ));
    Json(session).into_response()
}

/// A complete `checkout.session` object in the shape of Stripe's API reference example.
const SESSION: &str = r#"{
  "id": "cs_test_a11YYufWQzNY63zpQ6QSNRQhkUpVph4WRmzW0zWJO2znZKdVujZ0N0S22u",
  "object": "checkout.session",
  "adaptive_pricing": { "enabled": false },
  "after_expiration": null,
  "allow_promotion_codes": null,
  "amount_subtotal": 2198,
  "amount_total": 2198,
  "automatic_tax": { "enabled": false, "liability": null, "provider": null, "status": null },
  "billing_address_collection": null,
  "cancel_url": null,
  "client_reference_id": null,
  "client_secret": null,
  "collected_information": null,
  "consent": null,
  "consent_collection": null,
  "created": 1679600215,
  "currency": "usd",
  "currency_conversion": null,
  "custom_fields": [],
  "custom_text": {
    "after_submit": null,
    "shipping_address": null,
    "submit": null,
    "terms_of_service_acceptance": null
  },
  "customer": null,
  "customer_creation": "if_required",
  "customer_details": null,
  "customer_email": null,
  "discounts": [],
  "expires_at": 1679686615,
  "invoice": null,
  "invoice_creation": {
    "enabled": false,
    "invoice_data": {
      "account_tax_ids": null,
      "custom_fields": null,
      "description": null,
      "footer": null,
      "issuer": null,
      "metadata": {},
      "rendering_options": null
    }
  },
  "livemode": false,
  "locale": null,
  "metadata": {},
  "mode": "payment",
  "origin_context": null,
  "payment_intent": null,
  "payment_link": null,
  "payment_method_collection": "if_required",
  "payment_method_configuration_details": null,
  "payment_method_options": { "card": { "request_three_d_secure": "automatic" } },
  "payment_method_types": ["card"],
  "payment_status": "unpaid",
  "permissions": null,
  "phone_number_collection": { "enabled": false },
  "recovered_from": null,
  "saved_payment_method_options": null,
  "setup_intent": null,
  "shipping_address_collection": null,
  "shipping_cost": null,
  "shipping_options": [],
  "status": "open",
  "submit_type": null,
  "subscription": null,
  "success_url": "https://example.com/success",
  "total_details": { "amount_discount": 0, "amount_shipping": 0, "amount_tax": 0 },
  "ui_mode": "hosted",
  "url": "https://checkout.stripe.com/c/pay/cs_test_a11YYufWQzNY63zpQ6QSNRQhkUpVph4WRmzW0zWJO2znZKdVujZ0N0S22u",
  "wallet_options": null
}"#;

/// Stripe's example session with this test's id, state, amount and metadata.
pub fn session_object(
    id: &str,
    status: &str,
    payment_status: &str,
    amount: i64,
    metadata: Value,
) -> Value {
    let created = chrono::Utc::now().timestamp();
    let mut session: Value = serde_json::from_str(SESSION).unwrap();
    session["id"] = json!(id);
    session["status"] = json!(status);
    session["payment_status"] = json!(payment_status);
    session["amount_subtotal"] = json!(amount);
    session["amount_total"] = json!(amount);
    session["metadata"] = metadata;
    session["created"] = json!(created);
    session["expires_at"] = json!(created + 86_400);
    session
}
