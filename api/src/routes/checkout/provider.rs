//! Who creates checkout sessions: Stripe Checkout, or Lectern's own development checkout.

#[cfg(feature = "stripe")]
use std::collections::HashMap;

use lectern_core::{config::StripeConfig, entities::credit_package};
#[cfg(feature = "stripe")]
use secrecy::ExposeSecret;
#[cfg(feature = "stripe")]
use stripe_checkout::{
    CheckoutSessionMode,
    checkout_session::{
        CreateCheckoutSession, CreateCheckoutSessionLineItems,
        CreateCheckoutSessionLineItemsPriceData, ProductData,
    },
};

use crate::error::ApiError;

pub enum Provider {
    #[cfg(feature = "stripe")]
    Stripe(Box<stripe::Client>),
    /// Served by Lectern under `/dev-checkout/{id}`; embedded default only.
    Development,
}

/// What the buyer is sent to, and what we record.
pub struct CreatedSession {
    pub id: String,
    pub url: String,
}

/// The request for one session: everything about the purchase comes from the database (the
/// development checkout reads it back from there by the session's id).
#[cfg_attr(not(feature = "stripe"), allow(dead_code))]
pub struct SessionRequest<'a> {
    pub user_id: &'a str,
    pub email: &'a str,
    pub package: &'a credit_package::Model,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
}

impl Provider {
    #[cfg(not(feature = "stripe"))]
    pub fn stripe(_config: &StripeConfig) -> anyhow::Result<Self> {
        anyhow::bail!(
            "LECTERN_STRIPE_SECRET_KEY is set, but this build of Lectern has no Stripe client: \
             {}, or unset the Stripe keys for the development checkout",
            lectern_core::LEFT_OUT_OF_THIS_BUILD
        )
    }

    #[cfg(feature = "stripe")]
    pub fn stripe(config: &StripeConfig) -> anyhow::Result<Self> {
        let mut builder = stripe::ClientBuilder::new(config.secret_key.expose_secret())
            .timeout(std::time::Duration::from_secs(20));
        if let Some(base) = &config.api_base {
            // async-stripe joins paths onto the base: it must end with a slash.
            let base = format!("{}/", base.trim_end_matches('/'));
            builder = builder.url(base);
        }
        Ok(Self::Stripe(Box::new(builder.build()?)))
    }

    pub fn name(&self) -> &'static str {
        match self {
            #[cfg(feature = "stripe")]
            Self::Stripe(_) => "stripe",
            Self::Development => "development",
        }
    }

    #[cfg_attr(not(feature = "stripe"), allow(unused_variables))]
    pub async fn create_session(
        &self,
        origin: &str,
        request: &SessionRequest<'_>,
    ) -> Result<CreatedSession, ApiError> {
        match self {
            #[cfg(feature = "stripe")]
            Self::Stripe(client) => create_stripe_session(client, request).await,
            Self::Development => {
                let id = format!("cs_test_dev_{}", uuid::Uuid::new_v4().simple());
                let url = format!("{origin}/dev-checkout/{id}");
                Ok(CreatedSession { id, url })
            }
        }
    }
}

#[cfg(feature = "stripe")]
async fn create_stripe_session(
    client: &stripe::Client,
    request: &SessionRequest<'_>,
) -> Result<CreatedSession, ApiError> {
    let package = request.package;
    let price = CreateCheckoutSessionLineItemsPriceData {
        currency: package.currency.parse().map_err(|_| {
            ApiError::Internal(anyhow::anyhow!(
                "package {} has an unknown currency {:?}",
                package.id,
                package.currency
            ))
        })?,
        unit_amount: Some(package.price),
        unit_amount_decimal: None,
        product: None,
        product_data: Some(ProductData {
            name: format!("Lectern {}", package.name),
            description: Some(format!(
                "{} credits for Lectern videos and courses",
                package.credits
            )),
            images: None,
            metadata: None,
            tax_code: None,
            tax_details: None,
            unit_label: None,
        }),
        recurring: None,
        tax_behavior: None,
    };
    let item = CreateCheckoutSessionLineItems {
        price_data: Some(price),
        quantity: Some(1),
        ..CreateCheckoutSessionLineItems::new()
    };
    let metadata = HashMap::from([
        ("user_id".to_string(), request.user_id.to_string()),
        ("package_id".to_string(), package.id.clone()),
        ("credits".to_string(), package.credits.to_string()),
    ]);
    let mut create = CreateCheckoutSession::new()
        .mode(CheckoutSessionMode::Payment)
        .line_items(vec![item])
        .success_url(request.success_url)
        .cancel_url(request.cancel_url)
        .client_reference_id(request.user_id)
        .metadata(metadata);
    if !request.email.is_empty() {
        create = create.customer_email(request.email);
    }
    let session = create.send(client).await.map_err(|err| {
        tracing::error!(error = %err, "Stripe refused to create a checkout session");
        ApiError::Upstream(
            "The payment provider could not start the checkout. Please try again.".into(),
        )
    })?;
    let url = session.url.ok_or_else(|| {
        ApiError::Upstream("The payment provider returned no checkout page.".into())
    })?;
    Ok(CreatedSession {
        id: session.id.as_str().to_string(),
        url,
    })
}
