//! What every handler shares: the chat layer, where table messages are, who the bot is.

use crate::hands::Hands;
use crate::publish::Displayed;
use domino_core::chat::Door;
use serenity::model::id::GuildId;
use std::sync::OnceLock;

pub(crate) struct Bot {
    pub chat: Door,
    /// Register commands in this guild only.
    pub guild: Option<GuildId>,
    pub displayed: Displayed,
    /// One lock per table for its turn ping.
    pub pings: Displayed,
    /// Per table, the turn its ping waits on (its key) and when this process saw it begin.
    turns: std::sync::Mutex<std::collections::HashMap<i64, (String, tokio::time::Instant)>>,
    /// The ephemeral hands kept current, through their presses' tokens.
    pub hands: Hands,
    /// The spectators' ephemeral views kept current, through their interactions' tokens.
    pub watching: Hands,
    /// The goat's and the champion's roles: what is known of the servers' roles (`roles`).
    pub roles: crate::roles::Roles,
    /// The longest an interaction's handling may take (`contain`).
    pub work_limit: std::time::Duration,
    /// The interactions being handled (a stop lets them finish).
    pub inflight: crate::ops::Inflight,
    /// What the service did by itself being shown, and whether its feed is reading an event.
    pub shows: crate::ops::Shows,
    pub feed: std::sync::Mutex<Option<domino_core::chat::Reading>>,
    /// The bot's own user id, from READY.
    me: OnceLock<u64>,
    /// The first READY has been seen (open tables are shown again once per start).
    ready: std::sync::atomic::AtomicBool,
}

impl Bot {
    pub fn new(door: Door, guild: Option<GuildId>, work_limit: std::time::Duration) -> Bot {
        Bot {
            chat: door,
            guild,
            displayed: Displayed::default(),
            pings: Displayed::default(),
            turns: Default::default(),
            hands: Hands::default(),
            watching: Hands::default(),
            roles: Default::default(),
            work_limit,
            inflight: Default::default(),
            shows: Default::default(),
            feed: Default::default(),
            me: OnceLock::new(),
            ready: Default::default(),
        }
    }

    /// Nothing under way: see [`crate::Status::idle`].
    pub fn idle(&self) -> bool {
        let reading = self.feed.lock().unwrap_or_else(|e| e.into_inner());
        self.inflight.running() == 0
            && self.shows.now() == 0
            && !self.displayed.editing()
            && !reading.as_ref().is_some_and(domino_core::chat::Reading::now)
            && !self.chat.thinking()
    }

    /// When the turn `key` of `table` began, as this process saw it, and whether this is the
    /// first time it is asked for.
    pub fn turn_began(&self, table: i64, key: &str) -> (tokio::time::Instant, bool) {
        let mut turns = self.turns.lock().unwrap_or_else(|e| e.into_inner());
        match turns.get(&table) {
            Some((k, at)) if k == key => (*at, false),
            _ => {
                let now = tokio::time::Instant::now();
                turns.insert(table, (key.to_owned(), now));
                (now, true)
            }
        }
    }

    /// True the first time only.
    pub fn started(&self) -> bool {
        !self.ready.swap(true, std::sync::atomic::Ordering::SeqCst)
    }

    pub fn me(&self) -> Option<u64> {
        self.me.get().copied()
    }

    pub fn set_me(&self, id: u64) {
        let _ = self.me.set(id);
    }
}
