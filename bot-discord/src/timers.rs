//! Changes nobody pressed a button for (turn timers, expired challenges): the service
//! broadcasts them; the Discord tables among them are shown in their channels, each contained
//! (a panic or a hang in one is logged; the next is shown). The task is supervised (`lib`).

use crate::bot::Bot;
use crate::publish;
use domino_core::service::contain;
use domino_core::session::Platform;
use domino_core::store::Store;
use serenity::http::Http;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// How long a timer's update is waited for before the next is shown.
const IN_ORDER: Duration = Duration::from_secs(1);

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
                let (bot, http, table) = (bot.clone(), http.clone(), reply.table.id);
                let limit = bot.work_limit;
                let work = async move {
                    publish::after(&bot, &http, &bot.chat.show_reply(&reply).await, false).await
                };
                let shown = tokio::spawn(async move {
                    if let Err(failed) = contain(limit, work).await {
                        let failure = failed.failure;
                        tracing::error!(table, ?failure, "Discord: a timer's update not shown");
                    }
                });
                // In order while each is quick; a slow one goes on by itself.
                let _ = tokio::time::timeout(IN_ORDER, shown).await;
            }
            Ok(_) => {}
            Err(RecvError::Lagged(n)) => {
                tracing::warn!(missed = n, "Discord: timer updates missed")
            }
            Err(RecvError::Closed) => return,
        }
    }
}
