//! Telegram's ids as the core's, and where a message is, as the store keeps it.

use domino_core::chat::{Audience, MessageAt};
use domino_core::ids::{ChatId, Person, Platform, UserId};
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
pub(crate) fn table_topic(table: &domino_core::chat::TableRef) -> Option<i32> {
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

/// Where a message is: `chat:message`, with an optional tag after a third colon. A message
/// only one member sees (ephemeral) is `chat:e<ephemeral_message_id>`: its `message_id` is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MessageRef {
    pub chat: i64,
    pub message: i32,
    pub tag: String,
    /// An ephemeral message's id (then `message` is 0).
    pub ephemeral: Option<i64>,
}

impl MessageRef {
    pub(crate) fn new(chat: i64, message: MessageId, tag: impl Into<String>) -> MessageRef {
        MessageRef { chat, message: message.0, tag: tag.into(), ephemeral: None }
    }

    pub(crate) fn ephemeral(chat: i64, id: i64) -> MessageRef {
        MessageRef { chat, message: 0, tag: String::new(), ephemeral: Some(id) }
    }

    /// Where the core keeps it.
    pub(crate) fn at(&self) -> MessageAt {
        match self.ephemeral {
            Some(id) => MessageAt::new(self.chat, format!("e{id}"), self.tag.clone()),
            None => MessageAt::new(self.chat, self.message, self.tag.clone()),
        }
    }

    /// A Telegram message of what the core keeps; `None` for anything else.
    pub(crate) fn of(at: &MessageAt) -> Option<MessageRef> {
        let chat = at.chat.parse().ok()?;
        if let Some(id) = at.message.strip_prefix('e') {
            return Some(MessageRef {
                tag: at.tag.clone(),
                ..MessageRef::ephemeral(chat, id.parse().ok()?)
            });
        }
        let message = at.message.parse().ok()?;
        Some(MessageRef { chat, message, tag: at.tag.clone(), ephemeral: None })
    }

    pub(crate) fn chat(&self) -> TgChat {
        TgChat(self.chat)
    }

    pub(crate) fn id(&self) -> MessageId {
        MessageId(self.message)
    }
}

/// The audience of a player's hand.
pub(crate) fn hand_audience(user: i64) -> Audience {
    Audience::Hand(user_id(user))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refs_read_back() {
        let r = MessageRef::new(-100, MessageId(7), "1.2.3");
        assert_eq!(MessageRef::of(&r.at()), Some(r));
        let plain = MessageRef::new(5, MessageId(1), "");
        assert_eq!(plain.at().encode(), "5:1");
        assert_eq!(MessageRef::of(&MessageAt::new("x", 1, "")), None);
        let e = MessageRef::ephemeral(-100, 9_000_000_001);
        assert_eq!(e.at().encode(), "-100:e9000000001");
        assert_eq!(MessageRef::of(&e.at()), Some(e));
        assert_eq!(MessageRef::of(&MessageAt::new(-1, "e", "")), None);
    }
}
