use reqwest::{StatusCode, header};
use serde_json::Value;

use crate::helpers::{browser, location, query_param, spawn_app};

#[tokio::test]
async fn first_sign_in_creates_the_user_with_ten_credits_from_a_signup_bonus() {
    let app = spawn_app().await;
    let me = app.sign_in("Ada@Example.com").await;
    assert!(me.first_sign_in);
    assert_eq!(me.user["email"], "ada@example.com");
    assert_eq!(me.user["credits"]["available"], 10);
    assert_eq!(me.user["credits"]["subscription_status"], "free");
    assert_eq!(me.user["preferences"]["theme"], "light");
    assert_eq!(me.user["preferences"]["notifications"], true);
    assert_eq!(me.user["stats"]["videosGenerated"], 0);
    assert_eq!(me.user["isHost"], false);

    let uid = me.user["uid"].as_str().unwrap();
    let sum = lectern_core::credits::ledger_sum(&app.db, uid)
        .await
        .unwrap();
    assert_eq!(sum, 10, "the 10 credits come from one signup_bonus entry");
}

#[tokio::test]
async fn a_later_sign_in_is_a_welcome_back_and_keeps_the_same_account() {
    let app = spawn_app().await;
    let first = app.sign_in("grace@example.com").await;
    let again = app.sign_in_with(&browser(), "grace@example.com").await;
    assert!(!again.first_sign_in);
    assert_eq!(first.user["uid"], again.user["uid"]);
    assert_eq!(again.user["credits"]["available"], 10, "no second bonus");
    let first_login = first.user["lastLoginAt"].as_str().unwrap().to_string();
    let later_login = again.user["lastLoginAt"].as_str().unwrap().to_string();
    assert!(later_login >= first_login);
}

#[tokio::test]
async fn me_returns_the_user_document_with_the_host_flag() {
    let app =
        crate::helpers::spawn_app_with(vec![("host_emails", "host@example.com".into())]).await;
    let host = app.sign_in("host@example.com").await;
    let response = app.get_authed("/api/me", &host.access_token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["isHost"], true);
    assert_eq!(body["email"], "host@example.com");
    assert!(body["uid"].is_string());

    let guest = app.sign_in_with(&browser(), "guest@example.com").await;
    let body: Value = app
        .get_authed("/api/me", &guest.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["isHost"], false);
}

#[tokio::test]
async fn a_tampered_access_token_is_refused() {
    let app = spawn_app().await;
    let me = app.sign_in("tamper@example.com").await;
    let mut token = me.access_token.clone();
    token.insert(token.len() / 2, 'x');
    let response = app.get_authed("/api/me", &token).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(response.headers()[header::WWW_AUTHENTICATE], "Bearer");
}

/// The cookie value (`name=value`) a response sets.
fn set_cookie_value(response: &reqwest::Response) -> String {
    let cookie = response.headers()[header::SET_COOKIE].to_str().unwrap();
    cookie.split(';').next().unwrap().to_string()
}

/// `/auth/refresh` with exactly this cookie, as another browser holding it would send.
async fn refresh_with(app: &crate::helpers::TestApp, cookie: &str) -> reqwest::Response {
    reqwest::Client::new()
        .post(app.url("/auth/refresh"))
        .header(header::ORIGIN, &app.address)
        .header(header::COOKIE, cookie)
        .send()
        .await
        .unwrap()
}

/// Moves every retirement of a refresh token back by a minute: past the reuse grace.
async fn after_the_grace(app: &crate::helpers::TestApp) {
    use lectern_core::entities::retired_refresh_token as retired;
    use sea_orm::{EntityTrait, sea_query::Expr};
    retired::Entity::update_many()
        .col_expr(
            retired::Column::RetiredAt,
            Expr::value(chrono::Utc::now() - chrono::Duration::minutes(1)),
        )
        .exec(&app.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn refresh_rotates_the_cookie_and_a_replay_of_the_old_one_revokes_the_whole_session() {
    let app = spawn_app().await;
    let client = browser();
    app.dev_sign_in_redirect(&client, "rotate@example.com")
        .await;

    let first = app.post_from_app(&client, "/auth/refresh").await;
    assert_eq!(first.status(), StatusCode::OK);
    let old_cookie = first.headers()[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_string();
    assert!(old_cookie.contains("HttpOnly"));
    assert!(old_cookie.contains("SameSite=Lax"));
    let old_value = set_cookie_value(&first);

    let second = app.post_from_app(&client, "/auth/refresh").await;
    assert_eq!(second.status(), StatusCode::OK);
    let new_value = set_cookie_value(&second);
    assert_ne!(old_value, new_value, "rotated");

    // The old token comes back after the grace: a stolen copy. It is refused, and the
    // session it belongs to ends, so the newer token (the thief's or the owner's) stops too.
    after_the_grace(&app).await;
    let replay = refresh_with(&app, &old_value).await;
    assert_eq!(
        replay.status(),
        StatusCode::UNAUTHORIZED,
        "a rotated token must not work again"
    );
    let newer = refresh_with(&app, &new_value).await;
    assert_eq!(
        newer.status(),
        StatusCode::UNAUTHORIZED,
        "a replay revokes the whole family"
    );
    assert_eq!(
        app.post_from_app(&client, "/auth/refresh").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn two_tabs_refreshing_at_once_both_stay_signed_in() {
    let app = spawn_app().await;
    let client = browser();
    app.dev_sign_in_redirect(&client, "tabs@example.com").await;
    let first = app.post_from_app(&client, "/auth/refresh").await;
    let shared = set_cookie_value(&first);

    // Two tabs send the same cookie at the same moment.
    let (a, b) = tokio::join!(refresh_with(&app, &shared), refresh_with(&app, &shared));
    assert_eq!(a.status(), StatusCode::OK);
    assert_eq!(b.status(), StatusCode::OK);
    // One of them rotates; the other's browser already holds that new cookie, so it is
    // not sent a second one.
    let rotated: Vec<String> = [&a, &b]
        .into_iter()
        .filter(|r| r.headers().contains_key(header::SET_COOKIE))
        .map(set_cookie_value)
        .collect();
    assert_eq!(rotated.len(), 1, "{rotated:?}");
    for response in [a, b] {
        let body: Value = response.json().await.unwrap();
        assert!(body["access_token"].as_str().is_some_and(|t| !t.is_empty()));
    }
    // The browser's cookie (the new one) keeps the session going.
    let again = refresh_with(&app, &rotated[0]).await;
    assert_eq!(again.status(), StatusCode::OK);
}

#[tokio::test]
async fn refresh_from_another_origin_or_without_origin_is_refused() {
    let app = spawn_app().await;
    let client = browser();
    app.dev_sign_in_redirect(&client, "origin@example.com")
        .await;
    let foreign = client
        .post(app.url("/auth/refresh"))
        .header(header::ORIGIN, "https://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
    let missing = client.post(app.url("/auth/refresh")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::FORBIDDEN);
    // The session is still intact for the real app.
    assert_eq!(
        app.post_from_app(&client, "/auth/refresh").await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn refresh_without_a_session_means_signed_out() {
    let app = spawn_app().await;
    let response = app.post_from_app(&browser(), "/auth/refresh").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["detail"], "Not signed in");
}

#[tokio::test]
async fn logout_revokes_the_session() {
    let app = spawn_app().await;
    let client = browser();
    app.dev_sign_in_redirect(&client, "bye@example.com").await;
    let out = app.post_from_app(&client, "/auth/logout").await;
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.post_from_app(&client, "/auth/refresh").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn popup_mode_ends_in_a_page_that_posts_to_our_origin_only() {
    let app = spawn_app().await;
    let client = browser();
    let start = client
        .get(app.url("/auth/google/start"))
        .query(&[("mode", "popup"), ("login_hint", "popup@example.com")])
        .send()
        .await
        .unwrap();
    let authorize = client.get(location(&start)).send().await.unwrap();
    let callback = client.get(location(&authorize)).send().await.unwrap();
    assert_eq!(callback.status(), StatusCode::OK);
    let set_cookies: Vec<_> = callback
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    assert!(
        set_cookies
            .iter()
            .any(|c| c.starts_with("lectern_refresh=") && !c.contains("Max-Age=0"))
    );
    let page = callback.text().await.unwrap();
    assert!(page.contains("postMessage(m,o)"));
    assert!(page.contains(&format!("var o=\"{}\"", app.address)));
    assert!(page.contains("\"firstSignIn\":true"));
}

#[tokio::test]
async fn the_account_chooser_signs_in_whoever_is_entered() {
    let app = spawn_app().await;
    let client = browser();
    let start = client
        .get(app.url("/auth/google/start?mode=redirect&return_to=/credits"))
        .send()
        .await
        .unwrap();
    let chooser_url = location(&start);
    let chooser = client.get(&chooser_url).send().await.unwrap();
    assert_eq!(chooser.status(), StatusCode::OK);
    let html = chooser.text().await.unwrap();
    assert!(html.contains("name=\"email\"") && html.contains("Continue"));

    let mut form: Vec<(String, String)> = url::Url::parse(&chooser_url)
        .unwrap()
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .filter(|(k, _)| k != "prompt" && k != "scope")
        .collect();
    form.push(("email".into(), "chooser@example.com".into()));
    form.push(("name".into(), "Chooser Person".into()));
    form.push(("action".into(), "continue".into()));
    let chosen = client
        .post(app.url("/dev-oidc/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    let callback = client.get(location(&chosen)).send().await.unwrap();
    assert_eq!(location(&callback), "/credits?signin=first");
    let refreshed: Value = app
        .post_from_app(&client, "/auth/refresh")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(refreshed["user"]["displayName"], "Chooser Person");
    assert_eq!(refreshed["user"]["firstName"], "Chooser");
    assert_eq!(refreshed["user"]["lastName"], "Person");
}

#[tokio::test]
async fn cancelling_at_the_provider_reports_a_cancelled_sign_in() {
    let app = spawn_app().await;
    let client = browser();
    let start = client
        .get(app.url("/auth/google/start?mode=redirect&return_to=/"))
        .send()
        .await
        .unwrap();
    let chooser_url = location(&start);
    let mut form: Vec<(String, String)> = url::Url::parse(&chooser_url)
        .unwrap()
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    form.push(("action".into(), "cancel".into()));
    let cancelled = client
        .post(app.url("/dev-oidc/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    let back = location(&cancelled);
    assert_eq!(
        query_param(&back, "error").as_deref(),
        Some("access_denied")
    );
    let callback = client.get(back).send().await.unwrap();
    let landing = location(&callback);
    assert!(landing.starts_with("/?signin_error="), "{landing}");
    assert_eq!(
        app.post_from_app(&client, "/auth/refresh").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_replayed_callback_is_refused() {
    let app = spawn_app().await;
    let client = browser();
    let start = client
        .get(app.url("/auth/google/start?login_hint=replay@example.com"))
        .send()
        .await
        .unwrap();
    let authorize = client.get(location(&start)).send().await.unwrap();
    let callback_url = location(&authorize);
    let first = client.get(&callback_url).send().await.unwrap();
    assert_eq!(first.status(), StatusCode::SEE_OTHER);
    let replay = client.get(&callback_url).send().await.unwrap();
    assert_eq!(replay.status(), StatusCode::BAD_REQUEST);
    assert!(replay.text().await.unwrap().contains("no longer valid"));
}

#[tokio::test]
async fn a_callback_with_a_wrong_state_is_refused() {
    let app = spawn_app().await;
    let client = browser();
    let start = client
        .get(app.url("/auth/google/start?login_hint=state@example.com"))
        .send()
        .await
        .unwrap();
    let authorize = client.get(location(&start)).send().await.unwrap();
    let callback_url = location(&authorize);
    let code = query_param(&callback_url, "code").unwrap();
    let forged = app.url(&format!(
        "/auth/google/callback?code={code}&state=forged-state"
    ));
    let response = client.get(forged).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        app.post_from_app(&client, "/auth/refresh").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_callback_in_a_browser_that_did_not_start_the_sign_in_is_refused() {
    let app = spawn_app().await;
    let attacker = browser();
    let start = attacker
        .get(app.url("/auth/google/start?login_hint=attacker@example.com"))
        .send()
        .await
        .unwrap();
    let authorize = attacker.get(location(&start)).send().await.unwrap();
    let callback_url = location(&authorize);
    // The victim's browser has no sign-in cookie for this state (login CSRF).
    let victim = browser();
    let response = victim.get(&callback_url).send().await.unwrap();
    let landing = location(&response);
    assert!(landing.starts_with("/?signin_error="), "{landing}");
    assert_eq!(
        app.post_from_app(&victim, "/auth/refresh").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn an_off_site_return_to_is_refused() {
    let app = spawn_app().await;
    for target in [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example",
    ] {
        let response = app
            .client
            .get(app.url("/auth/google/start"))
            .query(&[("mode", "redirect"), ("return_to", target)])
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{target}"
        );
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["detail"][0]["loc"][1], "return_to");
    }
}

#[tokio::test]
async fn an_unknown_mode_is_a_validation_error() {
    let app = spawn_app().await;
    let response = app.get("/auth/google/start?mode=window").await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["detail"][0]["loc"],
        serde_json::json!(["query", "mode"])
    );
}

#[tokio::test]
async fn the_dev_provider_refuses_an_unregistered_redirect_uri() {
    let app = spawn_app().await;
    let response = app
        .get("/dev-oidc/authorize?response_type=code&client_id=lectern-dev&redirect_uri=https://evil.example/cb&code_challenge=x&code_challenge_method=S256&login_hint=a@b.co")
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(response.headers().get(header::LOCATION).is_none());
}

#[tokio::test]
async fn the_dev_provider_token_endpoint_checks_pkce() {
    let app = spawn_app().await;
    let client = browser();
    let start = client
        .get(app.url("/auth/google/start?login_hint=pkce@example.com"))
        .send()
        .await
        .unwrap();
    let authorize = client.get(location(&start)).send().await.unwrap();
    let code = query_param(&location(&authorize), "code").unwrap();
    let response = client
        .post(app.url("/dev-oidc/token"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("redirect_uri", &app.url("/auth/google/callback")),
            ("client_id", "lectern-dev"),
            ("code_verifier", "not-the-verifier"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "invalid_grant");
}
