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
    // Tables set aside while running (another process's change no longer reads): told once.
    let mut asides = bot.chat.subscribe_set_aside();
    loop {
        let got = tokio::select! {
            got = updates.recv() => got,
            aside = asides.recv() => {
                if matches!(aside, Err(RecvError::Closed)) {
                    return;
                }
                if let Some(b) = aside.as_ref().ok().filter(|b| b.chat.platform == Platform::Discord) {
                    let (chat, text) = bot.chat.set_aside_notice(b).await;
                    let channel = chat.id.parse::<u64>().ok().filter(|&c| c > 0);
                    if let Some(channel) = channel.map(serenity::all::ChannelId::new)
                        && let Err(e) = channel.say(&http, text).await
                    {
                        tracing::warn!(error = %e, "Discord: set-aside notice not sent");
                    }
                }
                continue;
            }
        };
        match got {
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
