//! Where a table's messages are: for whom each is ([`Audience`]) and where the platform put
//! it ([`MessageAt`]), kept in the store so that a restarted bot edits the same messages and
//! the core can tell whether a press was made on one of them.

use super::request::Asker;
use crate::chat::Chat;
use crate::ids::UserId;
use crate::session::Table;
use crate::store::{Store, StoreError};

/// Whom a message of a table is for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// The table message in the chat.
    Public,
    /// A seated person's own hand.
    Hand(UserId),
    /// The ping of the person to move.
    Turn,
    /// A spectator's view of the table (`/watch N`), for them alone.
    Watch(UserId),
    /// The table's previous message in the chat, after `/table N` posted it anew: presses on
    /// it are still taken while people find the new one.
    Moved,
}

impl Audience {
    /// The key the store keeps it under: `public`, `turn`, `moved`, `hand:<the platform's user
    /// id>`, `watch:<the platform's user id>`.
    pub fn key(&self) -> String {
        match self {
            Audience::Public => "public".to_owned(),
            Audience::Turn => "turn".to_owned(),
            Audience::Moved => "moved".to_owned(),
            Audience::Hand(user) => format!("hand:{}", user.id),
            Audience::Watch(user) => format!("watch:{}", user.id),
        }
    }

    /// An audience from its key, for a table of `user`'s platform; `None` for any other key.
    pub fn from_key(key: &str, platform: crate::ids::Platform) -> Option<Audience> {
        match key {
            "public" => Some(Audience::Public),
            "turn" => Some(Audience::Turn),
            "moved" => Some(Audience::Moved),
            _ => {
                if let Some(id) = key.strip_prefix("watch:").filter(|id| !id.is_empty()) {
                    return Some(Audience::Watch(UserId::new(platform, id)));
                }
                let id = key.strip_prefix("hand:").filter(|id| !id.is_empty())?;
                Some(Audience::Hand(UserId::new(platform, id)))
            }
        }
    }
}

/// Where a platform put a message: its chat (or channel) and message ids as the platform
/// writes them, and a tag (a turn ping's key). Written `chat:message` or `chat:message:tag`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageAt {
    pub chat: String,
    pub message: String,
    pub tag: String,
}

impl MessageAt {
    pub fn new(chat: impl ToString, message: impl ToString, tag: impl Into<String>) -> MessageAt {
        MessageAt { chat: chat.to_string(), message: message.to_string(), tag: tag.into() }
    }

    pub fn encode(&self) -> String {
        if self.tag.is_empty() {
            format!("{}:{}", self.chat, self.message)
        } else {
            format!("{}:{}:{}", self.chat, self.message, self.tag)
        }
    }

    /// What [`MessageAt::encode`] wrote; `None` for anything else.
    pub fn decode(s: &str) -> Option<MessageAt> {
        let mut parts = s.splitn(3, ':');
        let (chat, message) = (parts.next()?, parts.next()?);
        if chat.is_empty() || message.is_empty() || message.contains(':') {
            return None;
        }
        Some(MessageAt::new(chat, message, parts.next().unwrap_or("")))
    }

    /// The same message (the tag aside).
    pub fn same(&self, other: &MessageAt) -> bool {
        self.chat == other.chat && self.message == other.message
    }
}

impl<S: Store> Chat<S> {
    /// Whether a table press made on the message `at` was made on one of the table's own
    /// messages: its public message (or the one `/table N` moved it from), its turn ping, or
    /// the presser's own hand (`at` unknown: the platform vouches for the message, or shows
    /// none).
    pub(in crate::chat) async fn on_its_message(
        &self,
        table: &Table,
        from: &Asker,
        at: Option<&MessageAt>,
    ) -> Result<bool, StoreError> {
        let Some(at) = at else { return Ok(true) };
        let hand = Audience::Hand(from.person.id.clone());
        let refs = self.service.store().message_refs(table.id).await?;
        Ok(refs.iter().any(|(audience, message)| {
            let audience = Audience::from_key(audience, table.chat.platform);
            matches!(audience, Some(Audience::Public | Audience::Turn | Audience::Moved))
                || audience.as_ref() == Some(&hand)
        } && MessageAt::decode(message).is_some_and(|m| m.same(at))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::Platform;

    #[test]
    fn audiences_and_places_read_back_what_they_wrote() {
        let hand = Audience::Hand(UserId::new(Platform::Telegram, "42"));
        let watch = Audience::Watch(UserId::new(Platform::Telegram, "42"));
        for a in [Audience::Public, Audience::Turn, Audience::Moved, hand, watch] {
            assert_eq!(Audience::from_key(&a.key(), Platform::Telegram), Some(a));
        }
        assert_eq!(Audience::from_key("hand:", Platform::Telegram), None);
        assert_eq!(Audience::from_key("watch:", Platform::Telegram), None);
        assert_eq!(Audience::from_key("other", Platform::Telegram), None);
        for m in [MessageAt::new(-100, 7, ""), MessageAt::new(5, 9, "1.2.3")] {
            assert_eq!(MessageAt::decode(&m.encode()), Some(m));
        }
        assert_eq!(MessageAt::decode("5"), None);
        assert_eq!(MessageAt::decode(":5"), None);
    }
}
