//! Member tags (`setChatMemberTag`, a raw call: teloxide 0.17 lacks it), and messages kept
//! current in a group (the standings message, a tournament's live message): edited in place, posted anew and
//! pinned when there is none (or it is gone), unpinned and forgotten when the chat no longer
//! wants one. Where each is lives in the store (`Door::kept_at`), so a restarted bot edits the
//! same message.

use crate::app::App;
use crate::deliver::Sent;
use crate::failure::Failure;
use domino_core::chat::{Kept, MessageAt};
use teloxide::prelude::*;
use teloxide::types::{ChatId, InlineKeyboardMarkup, MessageId};

/// Telegram's longest message.
const TEXT_MAX: usize = 4096;

impl App {
    pub(crate) async fn deliver_kept(&self, chat: i64, kept: Kept, text: Option<&str>) -> Sent {
        let id = crate::ids::chat_id(ChatId(chat));
        // A message in another chat is the one before the group became a supergroup.
        let at = match self.chat.kept_at(&id, kept).await {
            Ok(at) => at.filter(|m| m.chat == chat.to_string()),
            Err(_) => return Err(Failure::Transient),
        };
        let message = at.as_ref().and_then(|m| m.message.parse().ok()).map(MessageId);
        let Some(text) = text else {
            if let Some(m) = message {
                // Left pinned is no harm: the chat can unpin it; only a 429 is tried again.
                if let Err(e) = self.bot.unpin_chat_message(ChatId(chat)).message_id(m).await
                    && let Failure::RetryAfter(d) = Failure::from(e)
                {
                    return Err(Failure::RetryAfter(d));
                }
            }
            let _ = self.chat.set_kept_at(&id, kept, None).await;
            return Ok(0);
        };
        let text = domino_core::view::text::cut_lines(text, TEXT_MAX);
        if let Some(m) = message {
            match self.edit(ChatId(chat), m, &text, InlineKeyboardMarkup::default()).await {
                Err(Failure::Gone) => {}
                other => return other,
            }
        }
        let msg = self.bot.send_message(ChatId(chat), text).await?;
        let at = MessageAt::new(chat, msg.id.0, "");
        if let Err(e) = self.chat.set_kept_at(&id, kept, Some(&at)).await {
            tracing::warn!(chat, error = %e, "where the kept message is not remembered");
        }
        // Pinned where the bot may pin (an administrator with the right); elsewhere it is kept
        // current unpinned. A tournament's live message is never pinned.
        if !kept.pins() {
            return Ok(1);
        }
        let pin = self.bot.pin_chat_message(ChatId(chat), msg.id).disable_notification(true);
        if let Err(e) = pin.await {
            tracing::info!(chat, failure = ?Failure::from(e), "the kept message not pinned");
        }
        Ok(1)
    }

    /// Sets (or, with `""`, takes off) a member's tag. Without the right the chat is told once
    /// (per process) what the bot would need; the tags are not tried again until they change.
    pub(crate) async fn set_tag(&self, chat: i64, user: i64, tag: &str, refused: &str) -> Sent {
        let tag: String = tag.chars().take(domino_core::chat::TAG_MAX).collect();
        let body = serde_json::json!({ "chat_id": chat, "user_id": user, "tag": tag });
        match self.raw.call("setChatMemberTag", &body).await {
            Ok(_) => Ok(1),
            Err(f @ (Failure::RetryAfter(_) | Failure::Transient | Failure::Removed)) => Err(f),
            Err(f) => {
                tracing::info!(chat, failure = ?f, "a member tag not set");
                if self.first_tag_refusal(chat) {
                    return self.send_text(chat, None, refused, None, None).await;
                }
                Ok(0)
            }
        }
    }
}
