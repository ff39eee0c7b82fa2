//! How a person wants their turn pings (the ping of the person to move, and the warning before
//! their time runs out): by mention (the default: the platform notifies them), quietly (the
//! same message, without a mention or a notification), or not at all. A person's own setting,
//! across the chats of their platform, chosen with `/pings` and kept in the store (meta key
//! `turn-pings:<platform>:<user>`) like the hand place (`hand_place`).

use crate::chat::{Answer, Args, Asker, Chat, Show, prefix};
use crate::ids::{Lang, UserId};
use crate::store::{Store, StoreError};

/// How a person's turn pings come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PingMode {
    /// With a mention: the platform notifies them.
    #[default]
    Mention,
    /// Without a mention or a notification.
    Quiet,
    /// None at all.
    Off,
}

impl PingMode {
    pub const ALL: [PingMode; 3] = [PingMode::Mention, PingMode::Quiet, PingMode::Off];

    /// Its key: a platform's choice, and what the store keeps.
    pub const fn key(self) -> &'static str {
        match self {
            PingMode::Mention => "mention",
            PingMode::Quiet => "quiet",
            PingMode::Off => "off",
        }
    }

    pub fn from_key(key: &str) -> Option<PingMode> {
        PingMode::ALL.into_iter().find(|m| m.key() == key)
    }

    /// The mode a word names, in Russian or English.
    pub fn of_word(word: &str) -> Option<PingMode> {
        let word = word.to_lowercase().replace('ё', "е");
        match word.as_str() {
            "mention" | "loud" | "on" | "упоминание" | "громко" | "вкл" => {
                Some(PingMode::Mention)
            }
            "quiet" | "quietly" | "silent" | "тихо" | "тихие" | "без_звука" => {
                Some(PingMode::Quiet)
            }
            "off" | "none" | "no" | "нет" | "выкл" | "без" => Some(PingMode::Off),
            _ => None,
        }
    }
}

fn key(user: &UserId) -> String {
    format!("turn-pings:{}:{}", user.platform.key(), user.id)
}

impl<S: Store> Chat<S> {
    /// How `user` wants their turn pings (by mention unless they chose otherwise).
    pub async fn ping_mode(&self, user: &UserId) -> PingMode {
        match self.service.store().meta(&key(user)).await {
            Ok(word) => word.as_deref().and_then(PingMode::from_key).unwrap_or_default(),
            Err(e) => {
                tracing::warn!(user = %user.id, error = %e, "ping mode not read");
                PingMode::default()
            }
        }
    }

    /// `/pings [mode]`: the asker's setting, changed when a mode is given (written before it
    /// is answered; a failed write changes nothing and says so).
    pub(in crate::chat) async fn pings(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let p = prefix(from.chat.platform);
        let Some(mode) = args.pings else {
            let now = self.ping_mode(&from.person.id).await;
            return Ok(Answer::private(crate::view::pings::pings_text(lang, now.key(), p)));
        };
        let word = (mode != PingMode::default()).then_some(mode.key());
        crate::service::writing(self.service.store().set_meta(&key(&from.person.id), word)).await?;
        Ok(Answer::private(crate::view::pings::pings_set_text(lang, mode.key())))
    }

    /// The turn ping of `show` as its person wants it (quiet, or none) and when the chat
    /// wants it: a turn's ping after the chat's reminder delay, a warning at once.
    pub(in crate::chat) async fn ping_as_wanted(&self, show: &mut Show) {
        let Some(turn) = show.turn.as_mut() else { return };
        if !turn.is_warning() {
            turn.after_secs = match self.service.store().chat_settings(&show.table.chat).await {
                Ok(s) => s.ping_after,
                Err(e) => {
                    tracing::warn!(error = %e, "chat settings not read: the ping goes at once");
                    0
                }
            };
        }
        match self.ping_mode(&turn.person.id).await {
            PingMode::Mention => {}
            PingMode::Quiet => turn.quiet = true,
            PingMode::Off => show.turn = None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_read_back_what_they_wrote() {
        for m in PingMode::ALL {
            assert_eq!(PingMode::from_key(m.key()), Some(m));
            assert_eq!(PingMode::of_word(m.key()), Some(m));
        }
        assert_eq!(PingMode::of_word("Тихо"), Some(PingMode::Quiet));
        assert_eq!(PingMode::of_word("нет"), Some(PingMode::Off));
        assert_eq!(PingMode::from_key("loud"), None);
    }
}
