//! Every way an ID token can be wrong is refused. A forging provider (a real HTTP server in
//! this test) answers the same discovery, JWKS and token calls as a real issuer, but puts
//! the flaw named by `login_hint` into the token it returns.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    Form, Json, Router,
    extract::{Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Redirect, Response},
    routing::{get, post},
};
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use p256::{elliptic_curve::sec1::ToEncodedPoint, pkcs8::EncodePrivateKey};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{browser, location, spawn_app_with};

const CLIENT_ID: &str = "lectern-test";
const CLIENT_SECRET: &str = "s3cret";

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

struct Key {
    encoding: EncodingKey,
    jwk: Value,
}

fn p256_key(seed: u8) -> Key {
    let secret = p256::SecretKey::from_slice(&[seed; 32]).unwrap();
    let pem = secret.to_pkcs8_pem(p256::pkcs8::LineEnding::LF).unwrap();
    let point = secret.public_key().to_encoded_point(false);
    Key {
        encoding: EncodingKey::from_ec_pem(pem.as_bytes()).unwrap(),
        jwk: json!({"kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": "k1",
            "x": b64(point.x().unwrap()), "y": b64(point.y().unwrap())}),
    }
}

#[derive(Clone)]
struct Forger {
    issuer: String,
    key: Arc<Key>,
    other_key: Arc<Key>,
    pending: Arc<Mutex<HashMap<String, (String, String)>>>,
}

async fn discovery(State(f): State<Forger>) -> Json<Value> {
    Json(json!({
        "issuer": f.issuer,
        "authorization_endpoint": format!("{}/authorize", f.issuer),
        "token_endpoint": format!("{}/token", f.issuer),
        "jwks_uri": format!("{}/jwks", f.issuer),
    }))
}

async fn jwks(State(f): State<Forger>) -> Json<Value> {
    Json(json!({ "keys": [f.key.jwk] }))
}

async fn authorize(State(f): State<Forger>, Query(q): Query<HashMap<String, String>>) -> Response {
    let flaw = q["login_hint"].clone();
    f.pending.lock().unwrap().insert(
        flaw.clone(),
        (q["nonce"].clone(), q["code_challenge"].clone()),
    );
    Redirect::to(&format!(
        "{}?code={flaw}&state={}",
        q["redirect_uri"], q["state"]
    ))
    .into_response()
}

async fn token(
    State(f): State<Forger>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let basic = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT_ID}:{CLIENT_SECRET}"))
    );
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(basic.as_str()) {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({"error": "invalid_client"})),
        )
            .into_response();
    }
    let flaw = form["code"].clone();
    let Some((nonce, challenge)) = f.pending.lock().unwrap().remove(&flaw) else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant"})),
        )
            .into_response();
    };
    if b64(&Sha256::digest(form["code_verifier"].as_bytes())) != challenge {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant"})),
        )
            .into_response();
    }
    let now = chrono::Utc::now().timestamp();
    let mut claims = json!({
        "iss": f.issuer, "aud": CLIENT_ID, "sub": "forged-subject", "iat": now, "exp": now + 300,
        "nonce": nonce, "email": "forged@example.com", "email_verified": true, "name": "Forged User",
    });
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some("k1".into());
    let mut key = &f.key.encoding;
    match flaw.as_str() {
        "good" => {}
        "wrong-nonce" => claims["nonce"] = json!("another-nonce"),
        "no-nonce" => claims
            .as_object_mut()
            .unwrap()
            .remove("nonce")
            .map(|_| ())
            .unwrap_or(()),
        "wrong-audience" => claims["aud"] = json!("someone-else"),
        "wrong-issuer" => claims["iss"] = json!("https://evil.example"),
        "expired" => {
            claims["iat"] = json!(now - 7200);
            claims["exp"] = json!(now - 3600);
        }
        "unverified-email" => claims["email_verified"] = json!(false),
        "other-key" => key = &f.other_key.encoding,
        "unsigned" => {
            let token = format!(
                "{}.{}.",
                b64(br#"{"alg":"none","typ":"JWT"}"#),
                b64(claims.to_string().as_bytes())
            );
            return Json(json!({"id_token": token, "token_type": "Bearer"})).into_response();
        }
        "hs256" => {
            // Algorithm confusion: an HMAC "signed" with public material.
            let token = jsonwebtoken::encode(
                &Header::new(Algorithm::HS256),
                &claims,
                &EncodingKey::from_secret(f.key.jwk["x"].as_str().unwrap().as_bytes()),
            )
            .unwrap();
            return Json(json!({"id_token": token, "token_type": "Bearer"})).into_response();
        }
        other => panic!("unknown flaw {other}"),
    }
    let token = jsonwebtoken::encode(&header, &claims, key).unwrap();
    Json(json!({"id_token": token, "access_token": "x", "token_type": "Bearer"})).into_response()
}

async fn start_forger() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let issuer = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let forger = Forger {
        issuer: issuer.clone(),
        key: Arc::new(p256_key(7)),
        other_key: Arc::new(p256_key(9)),
        pending: Arc::default(),
    };
    let app = Router::new()
        .route("/.well-known/openid-configuration", get(discovery))
        .route("/jwks", get(jwks))
        .route("/authorize", get(authorize))
        .route("/token", post(token))
        .with_state(forger);
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    issuer
}

/// Signs in through the forger with `flaw`; returns where the app sent the browser and
/// whether a session exists afterwards.
async fn sign_in_with_flaw(flaw: &str) -> (String, bool) {
    let issuer = start_forger().await;
    let app = spawn_app_with(vec![
        ("oidc_issuer", issuer),
        ("oidc_client_id", CLIENT_ID.into()),
        ("oidc_client_secret", CLIENT_SECRET.into()),
    ])
    .await;
    let client = browser();
    let start = client
        .get(app.url("/auth/google/start"))
        .query(&[("mode", "redirect"), ("login_hint", flaw)])
        .send()
        .await
        .unwrap();
    let authorize = client.get(location(&start)).send().await.unwrap();
    let callback = client.get(location(&authorize)).send().await.unwrap();
    let landing = location(&callback);
    let session = app.post_from_app(&client, "/auth/refresh").await.status() == StatusCode::OK;
    (landing, session)
}

#[tokio::test]
async fn a_correct_token_from_an_external_issuer_signs_in() {
    let (landing, session) = sign_in_with_flaw("good").await;
    assert_eq!(landing, "/?signin=first");
    assert!(session);
}

#[tokio::test]
async fn every_flawed_id_token_is_refused() {
    for flaw in [
        "wrong-nonce",
        "no-nonce",
        "wrong-audience",
        "wrong-issuer",
        "expired",
        "unsigned",
        "other-key",
        "hs256",
        "unverified-email",
    ] {
        let (landing, session) = sign_in_with_flaw(flaw).await;
        assert!(
            landing.starts_with("/?signin_error="),
            "{flaw}: landed on {landing}"
        );
        assert!(!session, "{flaw}: a session was created");
    }
}
