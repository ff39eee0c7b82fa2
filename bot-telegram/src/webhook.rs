//! Webhook mode: Telegram posts updates to the public URL; a small axum server on the listen
//! address takes them (checking the secret token when one is set) and feeds the dispatcher.

use crate::Error;
use crate::app::Tg;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use futures::channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use std::convert::Infallible;
use std::net::SocketAddr;
use teloxide::prelude::*;
use teloxide::stop::{StopToken, mk_stop_token};
use teloxide::types::Update;
use teloxide::update_listeners::{StatefulListener, UpdateListener};

/// Where Telegram sends updates and where the bot listens for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Webhook {
    /// The public HTTPS address Telegram posts to (`TELEGRAM_WEBHOOK_URL`).
    pub url: url::Url,
    /// The local address to listen on (`TELEGRAM_WEBHOOK_LISTEN`, default `0.0.0.0:8443`).
    pub listen: SocketAddr,
    /// Telegram sends it in `X-Telegram-Bot-Api-Secret-Token` (`TELEGRAM_WEBHOOK_SECRET`);
    /// when none is given, one is made, kept in the store and registered.
    pub secret: Option<String>,
}

type Updates = Result<Update, Infallible>;
type State_ = (UnboundedReceiver<Updates>, StopToken);

#[derive(Clone)]
struct Hook {
    tx: UnboundedSender<Updates>,
    secret: String,
    extras: std::sync::Arc<crate::updates::Extras>,
}

fn stream(state: &mut State_) -> &mut UnboundedReceiver<Updates> {
    &mut state.0
}

fn token(state: &mut State_) -> StopToken {
    state.1.clone()
}

/// Registers the webhook with Telegram (with `secret`, which every update must then carry) and
/// starts listening.
pub(crate) async fn listener(
    bot: &Tg,
    hook: &Webhook,
    secret: String,
    extras: std::sync::Arc<crate::updates::Extras>,
    options: &crate::RunOptions,
) -> Result<impl UpdateListener<Err = Infallible>, Error> {
    let tcp = tokio::net::TcpListener::bind(hook.listen)
        .await
        .map_err(|e| Error::Webhook(format!("cannot listen on {}: {e}", hook.listen)))?;
    bot.set_webhook(hook.url.clone()).secret_token(secret.clone()).await?;
    options.status.receiving(&format!("webhook at {}", hook.url));
    let (tx, rx) = unbounded();
    let (stop_token, stop_flag) = mk_stop_token();
    let path = match hook.url.path() {
        "" => "/".to_owned(),
        p => p.to_owned(),
    };
    let mut router = axum::Router::new()
        .route(&path, axum::routing::post(receive))
        .with_state(Hook { tx, secret, extras });
    if let Some(routes) = options.routes.clone() {
        router = router.merge(routes);
    }
    tokio::spawn(async move {
        if let Err(e) = axum::serve(tcp, router).with_graceful_shutdown(stop_flag).await {
            tracing::error!(error = %e, "webhook server failed");
        }
    });
    Ok(StatefulListener::new((rx, stop_token), stream, token))
}

/// Whether two byte strings are equal, in a time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

async fn receive(State(hook): State<Hook>, headers: HeaderMap, body: String) -> StatusCode {
    // Only Telegram knows the secret: anything else posted here is not an update.
    let given = headers.get("x-telegram-bot-api-secret-token").map(|v| v.as_bytes());
    if !given.is_some_and(|g| same(g, hook.secret.as_bytes())) {
        tracing::warn!("webhook: a post without the secret was refused");
        return StatusCode::UNAUTHORIZED;
    }
    let Ok(raw) = serde_json::from_str::<serde_json::Value>(&body) else {
        tracing::warn!("webhook: not JSON");
        return StatusCode::OK;
    };
    match hook.extras.read(&raw) {
        Some(update) => {
            if hook.tx.unbounded_send(Ok(update)).is_err() {
                return StatusCode::SERVICE_UNAVAILABLE;
            }
            StatusCode::OK
        }
        // Logged by the reader; answered 200 so that Telegram does not send it again.
        None => StatusCode::OK,
    }
}

#[cfg(test)]
mod tests {
    use super::same;

    #[test]
    fn secrets_are_compared_whole() {
        assert!(same(b"s3cret", b"s3cret"));
        assert!(!same(b"s3cret", b"s3creT") && !same(b"s3cret", b"s3cre") && !same(b"", b"x"));
    }
}
