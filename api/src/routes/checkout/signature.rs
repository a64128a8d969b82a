//! Stripe's webhook signatures: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...]`, each `v1`
//! the HMAC-SHA256 of `"<t>.<body>"` under the endpoint's secret. The development checkout
//! signs its events this way, and the webhook checks every event this way, Stripe's or its own.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How old a signature may be, as Stripe's own libraries allow.
pub const TOLERANCE_SECONDS: i64 = 300;

/// Why a delivery's signature was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// No `t=` or no `v1=` in the header.
    Malformed,
    /// Signed more than [`TOLERANCE_SECONDS`] ago.
    Stale,
    /// No `v1` is the body's signature under the secret.
    Mismatch,
}

/// The hex `v1` signature of `payload` sent at `timestamp`.
pub fn sign(secret: &str, timestamp: i64, payload: &str) -> String {
    hex::encode(mac(secret, timestamp, payload).finalize().into_bytes())
}

fn mac(secret: &str, timestamp: i64, payload: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    mac
}

/// Checks `header` against `payload` at `now` (unix seconds): any `v1` may match (Stripe
/// sends one per secret while a secret is rolled); other schemes (`v0`) are ignored.
pub fn verify(payload: &str, header: &str, secret: &str, now: i64) -> Result<(), Refused> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for (key, value) in header
        .split(',')
        .filter_map(|part| part.trim().split_once('='))
    {
        match key {
            "t" => timestamp = value.parse::<i64>().ok(),
            "v1" => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(Refused::Malformed)?;
    if signatures.is_empty() {
        return Err(Refused::Malformed);
    }
    if now - timestamp > TOLERANCE_SECONDS {
        return Err(Refused::Stale);
    }
    // `verify_slice` compares in constant time.
    let expected = mac(secret, timestamp, payload);
    let matches = signatures
        .iter()
        .any(|signature| expected.clone().verify_slice(signature).is_ok());
    if matches {
        Ok(())
    } else {
        Err(Refused::Mismatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_until_it_is_older_than_the_tolerance() {
        let header = format!("t=1000,v1={}", sign("whsec_x", 1000, "{}"));
        assert_eq!(verify("{}", &header, "whsec_x", 1300), Ok(()));
        assert_eq!(verify("{}", &header, "whsec_x", 1301), Err(Refused::Stale));
        assert_eq!(
            verify("{} ", &header, "whsec_x", 1000),
            Err(Refused::Mismatch)
        );
        assert_eq!(
            verify("{}", &header, "whsec_y", 1000),
            Err(Refused::Mismatch)
        );
        assert_eq!(
            verify("{}", "v1=00", "whsec_x", 1000),
            Err(Refused::Malformed)
        );
        assert_eq!(
            verify("{}", "t=1000", "whsec_x", 1000),
            Err(Refused::Malformed)
        );
    }

    /// The scheme is Stripe's: what its SDK signs verifies here, and what is signed here
    /// is what the SDK would send.
    #[cfg(feature = "stripe")]
    #[test]
    fn the_scheme_is_the_stripe_sdks() {
        let now = chrono::Utc::now().timestamp();
        let header =
            stripe_webhook::Webhook::generate_test_header("{\"a\":1}", "whsec_x", Some(now));
        assert_eq!(verify("{\"a\":1}", &header, "whsec_x", now), Ok(()));
        assert_eq!(
            header,
            format!("t={now},v1={}", sign("whsec_x", now, "{\"a\":1}"))
        );
    }
}
