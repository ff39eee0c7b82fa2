//! The table message kept current, coalesced. A channel's sends and edits are rate limited per
//! channel (interaction answers and token edits are not), so a table's changes that come while
//! an edit of its message is on its way (or held by the channel's limit) are not each drawn:
//! the one edit after it draws the table as it then is, whatever versions came between. The
//! edits go out from a task of the table's own (at most one per table), so that an edit never
//! delays the interaction's answer nor the hands' token edits, and one at a time in order,
//! never an older version over a newer one.
//!
//! The message's lock holds the version it shows; an edit, a post and a press's answer that
//! replaces the message (`buttons`) take it. A press's answer never waits for it: when an edit
//! holds it, the answer goes anyway and marks the message `unsure` (the two may land either
//! way round), and the next edit is made whatever the lock says, from the latest state.

use crate::bot::Bot;
use crate::publish;
use domino_core::chat::Show;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

/// The lock of one table message, holding the version it shows (`None`: not known).
pub type Shows = OwnedMutexGuard<Option<u64>>;

/// One table message: its lock, and the edit wanted of it.
#[derive(Default)]
struct Message {
    shows: Arc<AsyncMutex<Option<u64>>>,
    wanted: Mutex<Wanted>,
}

#[derive(Default)]
struct Wanted {
    /// The newest state asked for and not yet drawn.
    show: Option<Show>,
    /// A task is editing the message (and will look for `show` once done).
    busy: bool,
    /// A press's answer replaced the message while an edit held its lock.
    unsure: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Every table message this process knows of.
#[derive(Default)]
pub struct Displayed {
    tables: Mutex<HashMap<i64, Arc<Message>>>,
}

impl Displayed {
    /// Whether a table message has an edit under way or wanted.
    pub fn editing(&self) -> bool {
        lock(&self.tables).values().any(|m| {
            let wanted = lock(&m.wanted);
            wanted.busy || wanted.show.is_some()
        })
    }

    fn message(&self, table: i64) -> Arc<Message> {
        lock(&self.tables).entry(table).or_default().clone()
    }

    /// Waits for the lock of `table`'s message.
    pub async fn lock(&self, table: i64) -> Shows {
        self.message(table).shows.clone().lock_owned().await
    }

    /// The lock of `table`'s message when it is free now; otherwise `None`, and the message is
    /// marked unsure (a press's answer is about to replace it regardless).
    pub fn try_lock(&self, table: i64) -> Option<Shows> {
        let m = self.message(table);
        let shows = m.shows.clone().try_lock_owned().ok();
        if shows.is_none() {
            lock(&m.wanted).unsure = true;
        }
        shows
    }

    /// Lets go of a closed table's message.
    fn forget(&self, table: i64) {
        lock(&self.tables).remove(&table);
    }
}

/// Clears `busy` when the edit task ends otherwise than by finding nothing wanted (a panic, a
/// timeout), so that the next change starts another.
struct Busy<'m> {
    message: &'m Message,
    done: bool,
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        if !self.done {
            lock(&self.message.wanted).busy = false;
        }
    }
}

/// Brings the table message up to `show` (or the table as it is by then), soon: the edit is
/// handed to the table's edit task, started when none runs. Returns at once.
pub fn show_table(bot: &Arc<Bot>, http: &Arc<serenity::http::Http>, show: &Show) {
    let table = show.table.id;
    let m = bot.displayed.message(table);
    {
        let mut wanted = lock(&m.wanted);
        if wanted.show.as_ref().is_none_or(|s| s.table.version <= show.table.version) {
            wanted.show = Some(show.clone());
        }
        if wanted.busy {
            return;
        }
        wanted.busy = true;
    }
    let (bot, http, limit) = (bot.clone(), http.clone(), bot.work_limit);
    tokio::spawn(async move {
        let work = async move { edits(&bot, &http, &m, table).await };
        if let Err(failed) = domino_core::chat::contain(limit, work).await {
            let failure = failed.failure;
            tracing::error!(table, ?failure, "Discord: a table message's edit failed");
        }
    });
}

/// The table's edit task: while a state is wanted, the table as it now is drawn and edited
/// (or posted), one at a time.
async fn edits(bot: &Arc<Bot>, http: &serenity::http::Http, m: &Message, table: i64) {
    let mut busy = Busy { message: m, done: false };
    loop {
        let (show, unsure) = {
            let mut wanted = lock(&m.wanted);
            match wanted.show.take() {
                Some(show) => (show, std::mem::take(&mut wanted.unsure)),
                None => {
                    wanted.busy = false;
                    busy.done = true;
                    return;
                }
            }
        };
        let latest = crate::hands::newer_show(bot, &show).await.unwrap_or(show);
        let mut shows = m.shows.clone().lock_owned().await;
        if unsure {
            *shows = None;
        }
        publish::edit_locked(bot, http, &latest, &mut shows).await;
        drop(shows);
        if !latest.table.open {
            bot.displayed.forget(table);
        }
    }
}
