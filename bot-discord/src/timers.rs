//! Changes nobody pressed a button for (turn timers, expired challenges): the service
//! broadcasts them; the Discord tables among them are shown in their channels, each contained
//! (a panic or a hang in one is logged; the next is shown). The task is supervised (`lib`).

use crate::bot::Bot;
use crate::publish;
use domino_core::chat::{Fed, contain};
use domino_core::ids::Platform;
use serenity::http::Http;
use std::sync::Arc;
use std::time::Duration;

/// How long a timer's update is waited for before the next is shown.
const IN_ORDER: Duration = Duration::from_secs(1);

pub(crate) async fn follow(bot: Arc<Bot>, http: Arc<Http>) {
    let mut feed = bot.chat.feed(Platform::Discord);
    *bot.feed.lock().unwrap_or_else(|e| e.into_inner()) = Some(feed.reading());
    while let Some(fed) = feed.next().await {
        let _showing = crate::ops::Showing::new(&bot);
        match fed {
            // A table set aside while running (another process's change no longer reads).
            Fed::SetAside { chat, text } => {
                let channel = chat.id.parse::<u64>().ok().filter(|&c| c > 0);
                if let Some(channel) = channel.map(serenity::all::ChannelId::new)
                    && let Err(e) = channel.say(&http, text).await
                {
                    tracing::warn!(error = %e, "Discord: set-aside notice not sent");
                }
            }
            // A season's end, posted in its channel with its chart.
            Fed::Post { chat, reply } => {
                let channel = chat.id.parse::<u64>().ok().filter(|&c| c > 0);
                let lang = bot.chat.lang(&chat).await;
                let (mut shown, _, files) = crate::commands::reply(Some(&reply), lang);
                shown.files = files;
                if let Some(channel) = channel.map(serenity::all::ChannelId::new)
                    && let Err(e) = channel.send_message(&http, publish::create(&shown)).await
                {
                    tracing::warn!(error = %e, "Discord: a chat's post not sent");
                }
            }
            Fed::Changed(changed) => {
                let (bot, http, table) = (bot.clone(), http.clone(), changed.table());
                let (limit, showing) = (bot.work_limit, crate::ops::Showing::new(&bot));
                let work = async move {
                    publish::after(&bot, &http, &bot.chat.show_changed(&changed).await).await
                };
                let shown = tokio::spawn(async move {
                    let _showing = showing;
                    if let Err(failed) = contain(limit, work).await {
                        let failure = failed.failure;
                        tracing::error!(table, ?failure, "Discord: a timer's update not shown");
                    }
                });
                // In order while each is quick; a slow one goes on by itself.
                let _ = tokio::time::timeout(IN_ORDER, shown).await;
            }
            // The standings message, kept current.
            Fed::Kept { chat, kept, text } => {
                crate::kept::keep(&bot, &http, chat, kept, text).await
            }
            // The goat's and the champion's roles, moved as the core says.
            Fed::Tags { chat, tags } => crate::roles::apply(&bot, &http, &chat, tags).await,
            Fed::Missed(n) => tracing::warn!(missed = n, "Discord: timer updates missed"),
        }
    }
}
