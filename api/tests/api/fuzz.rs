//! Schemathesis (PyPI) against the served OpenAPI document: generated and mutated requests
//! for every operation, signed in, with a fixed seed and a bounded number of examples. No
//! answer is a 5xx; every answer is one the document declares, with the declared body (a 4xx
//! is `{"detail": ...}`); and no refused request spends a credit.

use std::collections::HashMap;

use lectern_core::{
    credits,
    entities::{credit_ledger, job},
};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::spawn_app;

/// The seed and the examples per operation: the same requests on every run.
const SEED: &str = "1";
const EXAMPLES: &str = "20";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generated_requests_get_declared_answers_and_refused_ones_spend_nothing() {
    let app = spawn_app().await;
    let signed_in = app.sign_in("fuzz@example.com").await;
    let user_id = signed_in.user["uid"].as_str().unwrap().to_string();
    let scratch = tempfile::tempdir().unwrap();
    let output = tokio::process::Command::new("schemathesis")
        .current_dir(scratch.path())
        .args([
            "run",
            &app.url("/api/openapi.json"),
            "--header",
            &format!("Authorization: Bearer {}", signed_in.access_token),
            "--seed",
            SEED,
            "--max-examples",
            EXAMPLES,
            "--checks",
            "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
            "--workers",
            "1",
            "--generation-database",
            "none",
            "--no-color",
        ])
        .output()
        .await
        .expect("schemathesis runs (installed by `just setup --tests`: pip install schemathesis)");
    let report = String::from_utf8_lossy(&output.stdout);
    let summary: Vec<&str> = report
        .lines()
        .skip_while(|line| !line.contains("SUMMARY"))
        .collect();
    println!("{}", summary.join("\n"));
    assert!(
        output.status.success(),
        "schemathesis found answers the document does not declare:\n{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        report.contains(" passed"),
        "schemathesis ran no test cases:\n{report}"
    );

    // Every credit that left the balance is held by a job that was accepted, for exactly
    // what that job reserved; the balance is the ledger's sum.
    let ledger = credit_ledger::Entity::find()
        .filter(credit_ledger::Column::UserId.eq(&user_id))
        .all(&app.db)
        .await
        .unwrap();
    let jobs: HashMap<String, i64> = job::Entity::find()
        .filter(job::Column::UserId.eq(&user_id))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|j| (j.id, j.credits_reserved))
        .collect();
    let mut spent_by_job: HashMap<&str, i64> = HashMap::new();
    for entry in ledger.iter().filter(|e| e.delta < 0) {
        assert!(
            jobs.contains_key(&entry.reference),
            "{} credits left the balance for {}, which is not an accepted job",
            -entry.delta,
            entry.reference
        );
        *spent_by_job.entry(&entry.reference).or_default() -= entry.delta;
    }
    for (job_id, spent) in spent_by_job {
        assert_eq!(spent, jobs[job_id], "job {job_id} was charged {spent}");
    }
    let balance = credits::balance(&app.db, &user_id).await.unwrap();
    let sum = credits::ledger_sum(&app.db, &user_id).await.unwrap();
    assert_eq!(balance.available, sum, "the balance is the ledger's sum");
}

/// What the fuzzer found on PostgreSQL, which cannot store a NUL character: a NUL in a body,
/// a path or the sign-in state is refused before the database sees it, on either database.
#[tokio::test]
async fn a_nul_character_is_refused_before_it_reaches_the_database() {
    let app = spawn_app().await;
    let signed_in = app.sign_in("nul@example.com").await;
    let uid = signed_in.user["uid"].as_str().unwrap().to_string();

    let refused = app
        .client
        .post(app.url("/api/video/generate"))
        .bearer_auth(&signed_in.access_token)
        .json(&json!({ "topic": "Photo\u{0}synthesis", "user_id": uid }))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["detail"][0]["loc"], json!(["body", "topic"]), "{body}");
    let balance = credits::balance(&app.db, &uid).await.unwrap();
    assert_eq!(balance.available, 10, "the refused request spent nothing");

    let missing = app
        .get_authed("/api/job/a%00b/status", &signed_in.access_token)
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let body: Value = missing.json().await.unwrap();
    assert!(body["detail"].is_string(), "{body}");

    let callback = app
        .get("/auth/google/callback?state=%0C%00x&code=y&error=z")
        .await;
    assert_eq!(callback.status(), StatusCode::BAD_REQUEST);
}
