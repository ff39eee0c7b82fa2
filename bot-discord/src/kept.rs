//! Messages kept current in a channel (the standings message, a tournament's live message): edited in place, posted anew
//! and pinned when there is none (or it was deleted), unpinned and forgotten when the chat no
//! longer wants one. Where each is lives in the store (`Door::kept_at`).

use crate::bot::Bot;
use crate::publish::is_unknown_message;
use domino_core::chat::{Kept, MessageAt};
use domino_core::ids::ChatId;
use serenity::all::{ChannelId, EditMessage, MessageId};
use serenity::http::Http;

/// Discord's longest message content.
const TEXT_MAX: usize = 2000;

pub(crate) async fn keep(bot: &Bot, http: &Http, chat: ChatId, kept: Kept, text: Option<String>) {
    let Some(channel) = chat.id.parse::<u64>().ok().filter(|&c| c > 0).map(ChannelId::new) else {
        return;
    };
    let at = match bot.chat.kept_at(&chat, kept).await {
        Ok(at) => at.filter(|m| m.chat == chat.id),
        Err(e) => return tracing::warn!(error = %e, "Discord: the kept message not updated"),
    };
    let message = at.and_then(|m| m.message.parse::<u64>().ok()).filter(|&m| m > 0);
    let message = message.map(MessageId::new);
    let Some(text) = text else {
        // Left pinned is no harm: the channel can unpin it.
        if let Some(m) = message
            && let Err(e) = channel.unpin(http, m).await
        {
            tracing::info!(error = %e, "Discord: the kept message not unpinned");
        }
        let _ = bot.chat.set_kept_at(&chat, kept, None).await;
        return;
    };
    let text = domino_core::view::text::cut_lines(&text, TEXT_MAX);
    if let Some(m) = message {
        match channel.edit_message(http, m, EditMessage::new().content(&text)).await {
            Ok(_) => return,
            Err(e) if is_unknown_message(&e) => {}
            Err(e) => return tracing::warn!(error = %e, "Discord: the kept message not edited"),
        }
    }
    let msg = match channel.say(http, &text).await {
        Ok(msg) => msg,
        Err(e) => return tracing::warn!(error = %e, "Discord: the kept message not sent"),
    };
    let at = MessageAt::new(&chat.id, msg.id.get(), "");
    if let Err(e) = bot.chat.set_kept_at(&chat, kept, Some(&at)).await {
        tracing::warn!(error = %e, "Discord: where the kept message is not remembered");
    }
    // Pinned where the bot may (Manage Messages); elsewhere kept current unpinned. A
    // tournament's live message is never pinned.
    if kept.pins()
        && let Err(e) = channel.pin(http, msg.id).await
    {
        tracing::info!(error = %e, "Discord: the kept message not pinned");
    }
}
