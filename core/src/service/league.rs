//! The chat's league by the calendar: seasons that turn by themselves (monthly, quarterly) and
//! a weekly digest. A chat's next turn and next digest are kept under the meta keys
//! `season-due:<chat>` and `digest-due:<chat>` (so `move_chat` and the copy take them with the
//! chat); each timer round does what is due and tells the adapters
//! ([`Service::league_events`]), which announce it.
//!
//! With several processes on one store, every one may find the same work due: the store
//! starts the next season for exactly one of them ([`Store::start_season_after`]), and a
//! digest is sent by whoever first writes its `digest-sent:<due>:<chat>` key
//! ([`Store::meta_or`]); only that one announces.

use super::Service;
use crate::ids::{ChatId, Millis, Platform};
use crate::standings::{Cadence, DIGEST_HOUR, Season};
use crate::store::{ChatSettings, Store, StoreError};

const SEASON_DUE: &str = "season-due:";
const DIGEST_DUE: &str = "digest-due:";
const DIGEST_SENT: &str = "digest-sent:";
const WEEK_MS: Millis = 7 * 86_400_000;

/// What the calendar (or a tournament) did in a chat, to announce.
#[derive(Clone, Debug, PartialEq)]
pub enum LeagueEvent {
    /// A season ended and the next started.
    Season(SeasonTurn),
    /// The week from `since` to `at` is to be summed up.
    Digest { chat: ChatId, since: Millis, at: Millis },
    /// The chat's standings changed (a match finished, a season began, the standings message
    /// was turned on): its standings message is to be brought up to date.
    Standings { chat: ChatId },
    /// A tournament changed (`tournaments`).
    Tournament(Box<super::TourNews>),
}

impl LeagueEvent {
    pub fn chat(&self) -> &ChatId {
        match self {
            LeagueEvent::Season(t) => &t.chat,
            LeagueEvent::Digest { chat, .. } | LeagueEvent::Standings { chat } => chat,
            LeagueEvent::Tournament(news) => &news.doc.chat,
        }
    }
}

/// A season that ended by the calendar, and the one that started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonTurn {
    pub chat: ChatId,
    pub ended: Season,
    pub started: Season,
}

fn chat_of(prefix: &str, key: &str) -> Option<ChatId> {
    let (platform, id) = key.strip_prefix(prefix)?.split_once(':')?;
    Some(ChatId::new(Platform::from_key(platform)?, id))
}

impl<S: Store> Service<S> {
    /// Plans the chat's next season turn (none when its seasons are started by hand) and next
    /// digest (none when it has none) under `settings`, from now. Written before the settings
    /// themselves: a plan whose settings were not kept is put right by the round it falls due.
    pub async fn plan_league(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        let (now, zone) = (self.now(), settings.zone());
        let season = settings.seasons.next_start(now, zone).map(|d| d.to_string());
        self.store.set_meta(&format!("{SEASON_DUE}{chat}"), season.as_deref()).await?;
        let digest = settings.digest.map(|d| d.next_after(now, DIGEST_HOUR, zone).to_string());
        self.store.set_meta(&format!("{DIGEST_DUE}{chat}"), digest.as_deref()).await
    }

    /// Does what the calendar has due (each timer round) and broadcasts what this process did.
    pub(super) async fn run_league(&self) {
        for prefix in [SEASON_DUE, DIGEST_DUE] {
            let keys = match self.store.meta_prefix(prefix).await {
                Ok(keys) => keys,
                Err(e) => {
                    return tracing::warn!(error = %e, "the league's work not read this round");
                }
            };
            let now = self.now();
            for (key, due) in keys {
                let due: Option<Millis> = due.parse().ok();
                if due.is_some_and(|d| d > now) {
                    continue;
                }
                let Some(chat) = chat_of(prefix, &key) else {
                    let _ = self.store.set_meta(&key, None).await;
                    continue;
                };
                let done = match prefix {
                    SEASON_DUE => self.turn_season(&chat, now).await,
                    _ => self.digest(&chat, due.unwrap_or(now)).await,
                };
                if let Err(e) = done {
                    tracing::warn!(%chat, error = %e, "the league's work not done this round");
                }
            }
        }
    }

    async fn turn_season(&self, chat: &ChatId, now: Millis) -> Result<(), StoreError> {
        let settings = self.store.chat_settings(chat).await?;
        if settings.seasons != Cadence::Manual {
            let ended = self.store.season(chat).await?;
            if let Some(started) = self.store.start_season_after(chat, ended.number, now).await? {
                let turn = SeasonTurn { chat: chat.clone(), ended, started };
                let _ = self.league.send(LeagueEvent::Season(turn));
                self.standings_changed(chat);
            }
        }
        self.plan_league(chat, &settings).await
    }

    async fn digest(&self, chat: &ChatId, due: Millis) -> Result<(), StoreError> {
        let settings = self.store.chat_settings(chat).await?;
        if settings.digest.is_some() {
            let owner = &self.peers.owner;
            let sent = |at: Millis| format!("{DIGEST_SENT}{at}:{chat}");
            if self.store.meta_or(&sent(due), owner).await? == *owner {
                let since = due - WEEK_MS;
                let _ =
                    self.league.send(LeagueEvent::Digest { chat: chat.clone(), since, at: due });
                // The week before's mark is no longer needed: at most one is kept per chat.
                self.store.set_meta(&sent(since), None).await?;
            }
        }
        self.plan_league(chat, &settings).await
    }

    /// Tells the adapters that the chat's standings changed (each keeps the chat's standings
    /// message current, where the chat wants one).
    pub fn standings_changed(&self, chat: &ChatId) {
        let _ = self.league.send(LeagueEvent::Standings { chat: chat.clone() });
    }

    /// What the calendar did that this process announces: each adapter announces its
    /// platform's.
    pub fn league_events(&self) -> tokio::sync::broadcast::Receiver<LeagueEvent> {
        self.league.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn due_keys_name_their_chat() {
        let chat = ChatId::new(Platform::Telegram, "-100:5");
        assert_eq!(chat_of(SEASON_DUE, &format!("{SEASON_DUE}{chat}")), Some(chat.clone()));
        assert_eq!(chat_of(DIGEST_DUE, &format!("{DIGEST_DUE}{chat}")), Some(chat));
        assert_eq!(chat_of(SEASON_DUE, "season-due:nowhere:1"), None);
        assert_eq!(chat_of(SEASON_DUE, "pace:telegram:-5"), None);
    }
}
