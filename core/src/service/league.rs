//! The chat's league by the calendar: seasons that turn by themselves (monthly, quarterly) and
//! a weekly digest. A chat's next turn and next digest are kept under the meta keys
//! `season-due:<chat>` and `digest-due:<chat>` (so `move_chat` and the copy take them with the
//! chat); each timer round does what is due and tells the adapters
//! ([`Service::league_events`]), which announce it.
//!
//! Each piece of work is guarded by the due instant it acts on, so that with several processes
//! on one store, or after a kill and a restart, it is done exactly once and announced only by
//! the process that did it:
//! - a season turn: the store starts the season due at `due` only while the current season
//!   began before `due` ([`Store::start_season_after`], one statement); whoever finds it done
//!   (another process, or this one restarted after a kill before the next turn was planned)
//!   only plans the next;
//! - a digest: whoever moves `digest-due:<chat>` from `due` to the next one
//!   ([`Store::swap_meta`], one conditional statement) sends it;
//! - the next turn is planned the same way, from the due instant read, so a process that is
//!   late never puts back a plan that another process (or a settings change) replaced.

use super::Service;
use crate::ids::{ChatId, Millis, Platform};
use crate::standings::{Cadence, Local, Season};
use crate::store::{ChatSettings, Store, StoreError};

const SEASON_DUE: &str = "season-due:";
const DIGEST_DUE: &str = "digest-due:";

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
    /// The chat is offered its league, once (`offer`).
    Offer { chat: ChatId },
}

impl LeagueEvent {
    pub fn chat(&self) -> &ChatId {
        match self {
            LeagueEvent::Season(t) => &t.chat,
            LeagueEvent::Digest { chat, .. }
            | LeagueEvent::Standings { chat }
            | LeagueEvent::Offer { chat } => chat,
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

type Res<T> = Result<T, StoreError>;

/// A due key as read: its key, its value as stored (what a conditional write expects), and
/// the instant it names.
#[derive(Clone, Copy)]
struct Due<'a> {
    key: &'a str,
    raw: &'a str,
    at: Millis,
}

/// When the chat's next season is due under `settings` after `now` (none when started by hand).
fn next_season(settings: &ChatSettings, now: Millis) -> Option<String> {
    settings.seasons.next_start(now, settings.zone()).map(|d| d.to_string())
}

/// When the chat's next digest is due under `settings` after `now` (none without a digest): its
/// day at its hour on the chat's clock.
fn next_digest(settings: &ChatSettings, now: Millis) -> Option<String> {
    let (hour, zone) = (settings.digest_hour, settings.zone());
    settings.digest.map(|d| d.next_after(now, hour, zone).to_string())
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
        let now = self.now();
        let season = next_season(settings, now);
        self.store.set_meta(&format!("{SEASON_DUE}{chat}"), season.as_deref()).await?;
        let digest = next_digest(settings, now);
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
            for (key, raw) in keys {
                let due: Option<Millis> = raw.parse().ok();
                if due.is_some_and(|d| d > now) {
                    continue;
                }
                let Some(chat) = chat_of(prefix, &key) else {
                    let _ = self.store.swap_meta(&key, Some(&raw), None).await;
                    continue;
                };
                let due = Due { key: &key, raw: &raw, at: due.unwrap_or(now) };
                let done = match prefix {
                    SEASON_DUE => self.turn_season(&chat, due, now).await,
                    _ => self.digest(&chat, due, now).await,
                };
                if let Err(e) = done {
                    tracing::warn!(%chat, error = %e, "the league's work not done this round");
                }
            }
        }
    }

    /// The season due at `due.at`: started (and announced) only by the one call that starts
    /// it; every call then plans the next turn in place of this one.
    async fn turn_season(&self, chat: &ChatId, due: Due<'_>, now: Millis) -> Res<()> {
        let settings = self.store.chat_settings(chat).await?;
        if settings.seasons != Cadence::Manual {
            let ended = self.store.season(chat).await?;
            let started = self.store.start_season_after(chat, ended.number, due.at, now).await?;
            if let Some(started) = started {
                let turn = SeasonTurn { chat: chat.clone(), ended, started };
                let _ = self.league.send(LeagueEvent::Season(turn));
                self.standings_changed(chat);
            }
        }
        self.store
            .swap_meta(due.key, Some(due.raw), next_season(&settings, now).as_deref())
            .await?;
        Ok(())
    }

    /// The digest due at `due.at`: sent by the one call that moves the chat's digest plan on.
    async fn digest(&self, chat: &ChatId, due: Due<'_>, now: Millis) -> Res<()> {
        let settings = self.store.chat_settings(chat).await?;
        let next = next_digest(&settings, now);
        let moved = self.store.swap_meta(due.key, Some(due.raw), next.as_deref()).await?;
        if moved && settings.digest.is_some() {
            // Seven days of the chat's calendar (an hour more or less across summer time).
            let (since, at) = (Local::days_before(due.at, 7, settings.zone()), due.at);
            let _ = self.league.send(LeagueEvent::Digest { chat: chat.clone(), since, at });
        }
        Ok(())
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
