//! Seasons that run by themselves: a chat whose seasons are monthly or quarterly has its next
//! turn kept under the meta key `season-due:<chat>` (so `move_chat` and the copy take it with
//! the chat); each timer round turns the seasons that are due and tells the adapters
//! ([`Service::season_turns`]), which announce them.
//!
//! With several processes on one store, every one may find a turn due: the store starts the
//! next season for exactly one of them ([`Store::start_season_after`]), and only that one
//! announces it.

use super::Service;
use crate::ids::{ChatId, Millis, Platform};
use crate::standings::{Cadence, Season};
use crate::store::{ChatSettings, Store, StoreError};

/// The meta keys of the chats' next season turns.
const DUE: &str = "season-due:";

/// A season that ended by the calendar, and the one that started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonTurn {
    pub chat: ChatId,
    pub ended: Season,
    pub started: Season,
}

fn due_key(chat: &ChatId) -> String {
    format!("{DUE}{chat}")
}

fn chat_of(key: &str) -> Option<ChatId> {
    let (platform, id) = key.strip_prefix(DUE)?.split_once(':')?;
    Some(ChatId::new(Platform::from_key(platform)?, id))
}

impl<S: Store> Service<S> {
    /// Plans the chat's next season turn under `settings` (none when its seasons are started
    /// by hand), from now. Written before the settings themselves: a key whose chat turned
    /// out manual is dropped by the next round.
    pub async fn plan_seasons(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        let due = settings.seasons.next_start(self.now(), settings.zone());
        let due = due.map(|d| d.to_string());
        self.store.set_meta(&due_key(chat), due.as_deref()).await
    }

    /// Turns every season that is due (each timer round) and broadcasts the turns this process
    /// made.
    pub(super) async fn turn_seasons(&self) {
        let keys = match self.store.meta_prefix(DUE).await {
            Ok(keys) => keys,
            Err(e) => return tracing::warn!(error = %e, "season turns not read this round"),
        };
        let now = self.now();
        for (key, due) in keys {
            let due: Option<Millis> = due.parse().ok();
            if due.is_some_and(|d| d > now) {
                continue;
            }
            let Some(chat) = chat_of(&key) else {
                let _ = self.store.set_meta(&key, None).await;
                continue;
            };
            if let Err(e) = self.turn_season(&chat, now).await {
                tracing::warn!(%chat, error = %e, "season not turned this round");
            }
        }
    }

    async fn turn_season(&self, chat: &ChatId, now: Millis) -> Result<(), StoreError> {
        let settings = self.store.chat_settings(chat).await?;
        if settings.seasons == Cadence::Manual {
            return self.store.set_meta(&due_key(chat), None).await;
        }
        let ended = self.store.season(chat).await?;
        if let Some(started) = self.store.start_season_after(chat, ended.number, now).await? {
            let turn = SeasonTurn { chat: chat.clone(), ended, started };
            let _ = self.seasons.send(turn);
        }
        self.plan_seasons(chat, &settings).await
    }

    /// Seasons this process turned by the calendar: each adapter announces those of its
    /// platform.
    pub fn season_turns(&self) -> tokio::sync::broadcast::Receiver<SeasonTurn> {
        self.seasons.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn due_keys_name_their_chat() {
        let chat = ChatId::new(Platform::Telegram, "-100:5");
        assert_eq!(chat_of(&due_key(&chat)), Some(chat));
        assert_eq!(chat_of("season-due:nowhere:1"), None);
        assert_eq!(chat_of("pace:telegram:-5"), None);
    }
}
