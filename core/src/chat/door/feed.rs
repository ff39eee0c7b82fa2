//! The feed: what the service does by itself (timers, computer moves, the calendar), for one
//! platform's adapter to show.

use super::{Changed, Door};
use crate::chat::{Kept, Reply, Tags, texts};
use crate::ids::{ChatId, Platform};
use crate::service::{Applied as Replied, LeagueEvent, TourNews};
use crate::store::Broken;
use tokio::sync::broadcast::{Receiver, error::RecvError};

/// What the service tells one platform's adapter as it runs.
#[derive(Debug)]
pub enum Fed {
    Changed(Changed),
    /// A table of the chat no longer reads and was set aside: tell the chat.
    SetAside {
        chat: ChatId,
        text: String,
    },
    /// Something the chat is told by itself (a season's end, the weekly digest), posted for
    /// all to see.
    Post {
        chat: ChatId,
        reply: Reply,
    },
    /// A message the chat keeps current (its standings, a tournament's) is to read `text`: edited in place,
    /// or posted anew (and pinned) where there is none; `None`: the chat no longer keeps it,
    /// unpin it and forget where it was.
    Kept {
        chat: ChatId,
        kept: Kept,
        text: Option<String>,
    },
    /// Member tags (Telegram) or roles (Discord) to change: each person's new tag (`""` takes
    /// it off), the tags that go (a role removed by its name), and what to tell the chat,
    /// once, if the bot may not set them.
    Tags {
        chat: ChatId,
        tags: Tags,
    },
    /// The adapter fell behind: this many changes were not seen (their tables show the next).
    Missed(u64),
}

/// The stream of what the service does by itself, for one platform.
pub struct Feed {
    pub(super) platform: Platform,
    pub(super) door: Door,
    pub(super) changes: Receiver<Replied>,
    pub(super) asides: Receiver<Broken>,
    pub(super) league: Receiver<LeagueEvent>,
    /// What one event gave beyond the first thing shown, to show next.
    pub(super) pending: std::collections::VecDeque<Fed>,
    /// An event was received and is being read (the store asked what to show).
    pub(super) reading: Reading,
}

/// Whether a [`Feed`] is reading an event it received (from then until its next call of
/// [`Feed::next`]): how an adapter that waits until it is idle knows that the feed is not.
#[derive(Clone, Default, Debug)]
pub struct Reading(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Reading {
    pub fn now(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn set(&self, reading: bool) {
        self.0.store(reading, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Feed {
    /// The next thing to show; `None` once the service is gone.
    pub async fn next(&mut self) -> Option<Fed> {
        if let Some(fed) = self.pending.pop_front() {
            return Some(fed);
        }
        loop {
            self.reading.set(false);
            tokio::select! {
                got = self.changes.recv() => match self.read(got) {
                    Ok(r) if r.table.chat.platform == self.platform => {
                        return Some(Fed::Changed(Changed(Box::new(r))));
                    }
                    Ok(_) => {}
                    Err(RecvError::Lagged(n)) => return Some(Fed::Missed(n)),
                    Err(RecvError::Closed) => return None,
                },
                aside = self.asides.recv() => match self.read(aside) {
                    Ok(b) if b.chat.platform == self.platform => {
                        let text = texts::set_aside(self.door.lang(&b.chat).await, b.number);
                        return Some(Fed::SetAside { chat: b.chat, text });
                    }
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return None,
                },
                done = self.league.recv() => match self.read(done) {
                    Ok(LeagueEvent::Standings { chat }) if chat.platform == self.platform => {
                        let tags = self.tags(&chat).await;
                        self.pending.extend(tags);
                        if let Some(fed) = self.standings(chat).await {
                            return Some(fed);
                        }
                        if let Some(fed) = self.pending.pop_front() {
                            return Some(fed);
                        }
                    }
                    Ok(e) if e.chat().platform == self.platform => {
                        if let LeagueEvent::Tournament(news) = &e {
                            let live = self.tournament_live(news).await;
                            self.pending.extend(live);
                        }
                        if let Some(reply) = self.door.0.league_post(&e).await {
                            return Some(Fed::Post { chat: e.chat().clone(), reply });
                        }
                        if let Some(fed) = self.pending.pop_front() {
                            return Some(fed);
                        }
                    }
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return None,
                },
            }
        }
    }
}

impl Feed {
    /// Whether this feed is reading an event (a handle that outlives a borrow of the feed).
    pub fn reading(&self) -> Reading {
        self.reading.clone()
    }

    /// An event received: the feed is reading it until its next call of `next`.
    fn read<T>(&self, got: T) -> T {
        self.reading.set(true);
        got
    }

    /// The chat's standings message as it should now read: `None` to do nothing (the chat
    /// keeps none and has none to take down, or the store is out of reach).
    async fn standings(&self, chat: ChatId) -> Option<Fed> {
        let gate = &self.door.0;
        let text = match gate.standings_post(&chat).await {
            Ok(text) => text,
            Err(e) => {
                tracing::warn!(%chat, error = %e, "the standings message not brought up to date");
                return None;
            }
        };
        if text.is_none() && !matches!(gate.kept_at(&chat, Kept::Standings).await, Ok(Some(_))) {
            return None;
        }
        Some(Fed::Kept { chat, kept: Kept::Standings, text })
    }

    /// A tournament's live message as it should now read (after the news is posted).
    async fn tournament_live(&self, news: &TourNews) -> Option<Fed> {
        match self.door.0.tournament_live(news).await {
            Ok(live) => live.map(|(kept, text)| Fed::Kept {
                chat: news.doc.chat.clone(),
                kept,
                text: Some(text),
            }),
            Err(e) => {
                tracing::warn!(chat = %news.doc.chat, error = %e, "a tournament's message not kept");
                None
            }
        }
    }

    /// The member tags the chat's standings now call for.
    async fn tags(&self, chat: &ChatId) -> Option<Fed> {
        match self.door.0.tags(chat).await {
            Ok(tags) => tags.map(|tags| Fed::Tags { chat: chat.clone(), tags }),
            Err(e) => {
                tracing::warn!(%chat, error = %e, "the member tags not put right");
                None
            }
        }
    }
}
