//! Telegram's ids as the core's, and where a message is, as the store keeps it.

use domino_core::session::{ChatId, Person, Platform, UserId};
use teloxide::types::{ChatId as TgChat, MessageId, User};

/// The person behind a Telegram user.
pub(crate) fn person(user: &User) -> Person {
    Person::new(user_id(user.id.0 as i64), user.full_name())
}

pub(crate) fn user_id(user: i64) -> UserId {
    UserId::new(Platform::Telegram, user.to_string())
}

pub(crate) fn chat_id(chat: TgChat) -> ChatId {
    ChatId::new(Platform::Telegram, chat.0.to_string())
}

/// The Telegram chat of a core chat id; `None` for another platform's.
pub(crate) fn tg_chat(chat: &ChatId) -> Option<i64> {
    (chat.platform == Platform::Telegram).then(|| chat.id.parse().ok()).flatten()
}

/// The forum topic a message was written in (`None` outside topics: a reply thread in a
/// plain supergroup carries a `message_thread_id` too, but is no topic).
pub(crate) fn topic_of(msg: &teloxide::types::Message) -> Option<i32> {
    msg.is_topic_message.then_some(msg.thread_id?.0.0)
}

/// The topic a table lives in, as Telegram's thread id.
pub(crate) fn table_topic(table: &domino_core::session::Table) -> Option<i32> {
    table.thread.as_deref()?.parse().ok()
}

/// A topic as the core keeps it.
pub(crate) fn thread_key(topic: Option<i32>) -> Option<String> {
    topic.map(|t| t.to_string())
}

/// Telegram's thread id of a topic.
pub(crate) fn thread(topic: i32) -> teloxide::types::ThreadId {
    teloxide::types::ThreadId(MessageId(topic))
}

/// The Telegram user of a core user id (also their private chat with the bot).
pub(crate) fn tg_user(user: &UserId) -> Option<i64> {
    (user.platform == Platform::Telegram).then(|| user.id.parse().ok()).flatten()
}

/// Where a message is: `chat:message`, with an optional tag after a third colon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MessageRef {
    pub chat: i64,
    pub message: i32,
    pub tag: String,
}

impl MessageRef {
    pub(crate) fn new(chat: i64, message: MessageId, tag: impl Into<String>) -> MessageRef {
        MessageRef { chat, message: message.0, tag: tag.into() }
    }

    pub(crate) fn encode(&self) -> String {
        if self.tag.is_empty() {
            format!("{}:{}", self.chat, self.message)
        } else {
            format!("{}:{}:{}", self.chat, self.message, self.tag)
        }
    }

    pub(crate) fn decode(s: &str) -> Option<MessageRef> {
        let mut parts = s.splitn(3, ':');
        let chat = parts.next()?.parse().ok()?;
        let message = parts.next()?.parse().ok()?;
        Some(MessageRef { chat, message, tag: parts.next().unwrap_or("").to_owned() })
    }

    pub(crate) fn chat(&self) -> TgChat {
        TgChat(self.chat)
    }

    pub(crate) fn id(&self) -> MessageId {
        MessageId(self.message)
    }
}

/// The audience of a player's hand in the store's message references.
pub(crate) fn hand_audience(user: i64) -> String {
    format!("hand:{user}")
}

pub(crate) const PUBLIC: &str = "public";
pub(crate) const TURN: &str = "turn";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refs_read_back() {
        let r = MessageRef::new(-100, MessageId(7), "1.2.3");
        assert_eq!(MessageRef::decode(&r.encode()), Some(r));
        let plain = MessageRef::new(5, MessageId(1), "");
        assert_eq!(plain.encode(), "5:1");
        assert_eq!(MessageRef::decode("5:1"), Some(plain));
        assert_eq!(MessageRef::decode(""), None);
        assert_eq!(MessageRef::decode("x:1"), None);
    }
}
