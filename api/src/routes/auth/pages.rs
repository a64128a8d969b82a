//! Small server-rendered pages of the sign-in flow: the frame they share and the page that
//! ends a popup sign-in by posting the result to the opener.

use serde_json::json;

use crate::spa::html_escape;

const STYLE: &str = r#"
:root{color-scheme:light;--ink:#1b1f3b;--muted:#5b6180;--brand:#4f46e5;--line:#e3e5f0;--bg:#f6f7fb}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink)}
main{width:min(420px,92vw);background:#fff;border:1px solid var(--line);border-radius:16px;padding:32px;
box-shadow:0 10px 30px rgba(27,31,59,.08)}
.logo{font-weight:800;letter-spacing:-.02em;color:var(--brand);font-size:20px;margin-bottom:16px}
h1{font-size:22px;margin:0 0 4px}.muted{color:var(--muted);margin:0 0 16px}
.note{background:#eef2ff;color:#3730a3;border-radius:10px;padding:10px 12px;font-size:14px}
.error{background:#fef2f2;color:#991b1b;border-radius:10px;padding:10px 12px;font-size:14px}
.label{font-size:13px;font-weight:600;color:var(--muted);margin:16px 0 8px;text-transform:uppercase;letter-spacing:.04em}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:10px;font:inherit}
input:focus,button:focus-visible{outline:3px solid #a5b4fc;outline-offset:1px}
.actions{display:flex;flex-direction:row-reverse;gap:10px;margin-top:20px}
button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:10px 16px;background:var(--brand);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--ink);border:1px solid var(--line)}
.account{margin:0 0 8px}.account-btn{width:100%;display:flex;gap:12px;align-items:center;text-align:left;
background:#fff;color:var(--ink);border:1px solid var(--line)}.account-btn:hover{background:#f3f4ff}
.avatar{width:36px;height:36px;border-radius:50%;display:grid;place-items:center;background:var(--brand);color:#fff;font-weight:700}
small{color:var(--muted)}
"#;

pub fn frame(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{} · Lectern</title><style>{STYLE}</style></head>\
         <body><main><div class=\"logo\">Lectern</div>{body}</main></body></html>",
        html_escape(title)
    )
}

/// What a finished sign-in tells the page that started it.
pub enum Outcome {
    Success { first_sign_in: bool },
    Failure { code: String, message: String },
}

impl Outcome {
    /// A failed sign-in: an `auth/...` code the web app reads, and a message for the user.
    pub fn failure(code: &str, message: impl Into<String>) -> Self {
        Self::Failure {
            code: code.into(),
            message: message.into(),
        }
    }
}

/// Ends a popup sign-in: posts the outcome to the opener (only to our own origin) and
/// closes. Opened without an opener (say, in a new tab), it continues to `fallback`.
pub fn popup_result(origin: &str, outcome: &Outcome, fallback: &str) -> String {
    let message = match outcome {
        Outcome::Success { first_sign_in } => {
            json!({ "type": "lectern-auth", "ok": true, "firstSignIn": first_sign_in })
        }
        Outcome::Failure { code, message } => {
            json!({ "type": "lectern-auth", "ok": false, "code": code, "message": message })
        }
    };
    // JSON inside <script>: escape "<" so no string can close the tag.
    let message = message.to_string().replace('<', "\\u003c");
    let origin_js = json!(origin).to_string().replace('<', "\\u003c");
    let fallback_js = json!(fallback).to_string().replace('<', "\\u003c");
    let text = match outcome {
        Outcome::Success { .. } => "Signed in. You can close this window.".to_string(),
        Outcome::Failure { message, .. } => format!("Sign-in failed: {message}"),
    };
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Lectern sign-in</title>\
         <style>{STYLE}</style></head><body><main><div class=\"logo\">Lectern</div><p>{}</p>\
         <p><a href=\"/\">Back to Lectern</a></p></main>\
         <script>(function(){{var m={message};var o={origin_js};\
         if(window.opener&&!window.opener.closed){{try{{window.opener.postMessage(m,o);}}catch(e){{}}window.close();}}\
         else if(m.ok){{window.location.replace({fallback_js});}}}})();</script></body></html>",
        html_escape(&text)
    )
}
