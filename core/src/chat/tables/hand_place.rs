//! Where a person's hand goes on a platform that can show it in two places (Telegram): in the
//! table's chat, seen by them alone (an ephemeral message, the default), or in their private
//! chat with the bot. Each person chooses by where they last asked for their tiles: a deep
//! link opened in the private chat (joining there, «tiles in private») chooses the private
//! chat; «My tiles», `/hand` or `/hint` in the table's chat choose the table. Kept in the
//! store (meta key `hand-place:<platform>:<user>`), so a restarted bot knows.

use crate::chat::Chat;
use crate::ids::UserId;
use crate::store::Store;

/// Where a person's hand goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HandPlace {
    /// In the table's chat, seen by its owner alone.
    #[default]
    Table,
    /// In the owner's private chat with the bot.
    Private,
}

impl HandPlace {
    fn word(self) -> &'static str {
        match self {
            HandPlace::Table => "table",
            HandPlace::Private => "private",
        }
    }

    fn of_word(word: &str) -> Option<HandPlace> {
        [HandPlace::Table, HandPlace::Private].into_iter().find(|p| p.word() == word)
    }
}

fn key(user: &UserId) -> String {
    format!("hand-place:{}:{}", user.platform.key(), user.id)
}

impl<S: Store> Chat<S> {
    /// Where `user` wants their hand (the table's chat unless they chose the private chat).
    pub async fn hand_place(&self, user: &UserId) -> HandPlace {
        match self.service.store().meta(&key(user)).await {
            Ok(word) => word.as_deref().and_then(HandPlace::of_word).unwrap_or_default(),
            Err(e) => {
                tracing::warn!(user = %user.id, error = %e, "hand place not read");
                HandPlace::default()
            }
        }
    }

    /// `user` asked for their tiles in `place`: remembered when it is a change.
    pub(super) async fn chose_hand_place(&self, user: &UserId, place: HandPlace) {
        if self.hand_place(user).await == place {
            return;
        }
        let word = (place != HandPlace::default()).then_some(place.word());
        if let Err(e) = self.service.store().set_meta(&key(user), word).await {
            tracing::warn!(user = %user.id, error = %e, "hand place not saved");
        }
    }
}
