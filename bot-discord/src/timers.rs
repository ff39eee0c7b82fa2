//! Changes nobody pressed a button for (turn timers, expired challenges): the service
//! broadcasts them; the Discord tables among them are shown in their channels.

use crate::bot::Bot;
use crate::publish;
use domino_core::session::Platform;
use domino_core::store::Store;
use serenity::http::Http;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

pub(crate) async fn follow<S: Store>(bot: Arc<Bot<S>>, http: Arc<Http>) {
    let mut updates = bot.chat.subscribe();
    loop {
        match updates.recv().await {
            Ok(reply) if reply.table.chat.platform == Platform::Discord => {
                publish::after(&bot, &http, &bot.chat.show_reply(&reply).await, false).await;
            }
            Ok(_) => {}
            Err(RecvError::Lagged(n)) => {
                tracing::warn!(missed = n, "Discord: timer updates missed")
            }
            Err(RecvError::Closed) => return,
        }
    }
}
