//! Each person's ephemeral hand kept current. Discord lets the bot edit an ephemeral message
//! only through the token of an interaction, for 15 minutes: after a press whose answer showed
//! a person's hand («My tiles», or a press on the hand itself) its token is kept, per table and
//! person, with the time it was issued; whenever the table moves, the hand is edited through
//! it to the table as it then is, so the person's next turn is one tap on the hand they already
//! see. A token near the end of its life is not used (the turn ping then says to press «My
//! tiles»), nor is one whose edit was refused.
//!
//! One table's hands are edited one round at a time, each round from the table as it is by
//! then: the latest state wins, and a hand already showing it is left alone, so a busy table is
//! not flooded with edits.

use crate::answer;
use crate::bot::Bot;
use crate::render::{self, Shown};
use domino_core::chat::Show;
use domino_core::ids::{Millis, UserId};
use domino_core::view::HandView;
use serenity::http::{Http, HttpError};
use serenity::model::id::MessageId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// How long Discord honours an interaction's token.
pub const TOKEN_LIFE: Millis = 15 * 60 * 1000;
/// A token is used only while at least this much of its life is left.
const MARGIN: Millis = 60 * 1000;

/// Which message of an interaction shows the hand: its own (`@original`: the ephemeral
/// message «My tiles» answered with, or the pressed hand it updated), or a follow-up of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landed {
    Original,
    Followup(MessageId),
}

/// A kept token and what its message shows.
#[derive(Clone, Debug)]
pub(crate) struct Held {
    pub token: String,
    pub landed: Landed,
    /// When the interaction came (the core's clock).
    pub issued: Millis,
    /// The table version the hand shows (0: not known).
    shows: u64,
}

impl Held {
    pub(crate) fn usable(&self, now: Millis) -> bool {
        now - self.issued < TOKEN_LIFE - MARGIN
    }
}

/// One table's kept hands.
#[derive(Default)]
pub(crate) struct Table {
    people: Mutex<HashMap<UserId, Held>>,
    /// One round of edits at a time.
    pub edits: tokio::sync::Mutex<()>,
}

impl Table {
    /// The people whose message shows a version before `version`, with their tokens.
    pub(crate) fn behind(&self, version: u64) -> Vec<(UserId, Held)> {
        let people = lock(&self.people);
        people
            .iter()
            .filter(|(_, h)| h.shows < version)
            .map(|(p, h)| (p.clone(), h.clone()))
            .collect()
    }

    /// Records what became of an edit through `token`: the version its message now shows,
    /// or (`None`) that the token is dropped. A newer token kept meanwhile stands.
    pub(crate) fn settle(&self, person: &UserId, token: &str, shows: Option<u64>) {
        let mut people = lock(&self.people);
        let Some(held) = people.get_mut(person).filter(|h| h.token == token) else { return };
        match shows {
            Some(v) => held.shows = held.shows.max(v),
            None => {
                people.remove(person);
            }
        }
    }
}

/// The hands kept current, by table (and, in a second one, spectators' views: `watch`).
#[derive(Default)]
pub struct Hands {
    tables: Mutex<HashMap<i64, Arc<Table>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Hands {
    /// Keeps the token of a press whose answer showed `person`'s hand at `table` (as of
    /// version `shows`; 0 when not known), issued at `issued`. Tokens past their use, of any
    /// table, are dropped on the way.
    pub fn keep(
        &self,
        table: i64,
        person: UserId,
        token: String,
        landed: Landed,
        issued: Millis,
        shows: u64,
    ) {
        let mut tables = lock(&self.tables);
        tables.retain(|_, t| {
            let mut people = lock(&t.people);
            people.retain(|_, held| held.usable(issued));
            !people.is_empty() || Arc::strong_count(t) > 1
        });
        let t = tables.entry(table).or_default();
        lock(&t.people).insert(person, Held { token, landed, issued, shows });
    }

    /// Whether `person`'s hand at `table` shows `version` (or a newer one).
    pub fn current(&self, table: i64, person: &UserId, version: u64) -> bool {
        let Some(t) = self.table(table) else { return false };
        lock(&t.people).get(person).is_some_and(|held| held.shows >= version)
    }

    pub(crate) fn table(&self, table: i64) -> Option<Arc<Table>> {
        lock(&self.tables).get(&table).cloned()
    }

    /// Lets go of `person`'s token at `table`.
    pub fn forget(&self, table: i64, person: &UserId) {
        if let Some(t) = self.table(table) {
            lock(&t.people).remove(person);
        }
    }
}

/// The table of `show` as it now is, when it has moved on since: what kept messages (hands,
/// spectators' views) are brought up to, so that whoever waited sees the latest state.
pub(crate) async fn newer_show(bot: &Bot, show: &Show) -> Option<Show> {
    bot.chat.show(show.table.id).await.filter(|s| s.table.version > show.table.version)
}

/// Brings every kept hand at `show`'s table up to the table as it now is (at least `show`).
pub async fn refresh(bot: &Bot, http: &Http, show: &Show) {
    let Some(t) = bot.hands.table(show.table.id) else { return };
    let _one = t.edits.lock().await;
    if t.behind(show.table.version).is_empty() {
        return;
    }
    // Whoever waited for this round is shown the latest state, not their own.
    let newer = newer_show(bot, show).await;
    let latest = newer.as_ref().unwrap_or(show);
    let version = latest.table.version;
    let now = bot.chat.now();
    for (person, held) in t.behind(version) {
        let Some(view) = latest.hand_of(&person) else { continue };
        if !held.usable(now) {
            t.settle(&person, &held.token, None);
            continue;
        }
        let shown = render::hand_message(view, latest.hand_picture(view).await.as_deref());
        let (edit, files) = (answer::edit_response(&shown), shown.files.clone());
        let sent = match held.landed {
            Landed::Original => {
                http.edit_original_interaction_response(&held.token, &edit, files).await
            }
            Landed::Followup(m) => http.edit_followup_message(&held.token, m, &edit, files).await,
        };
        match sent {
            Ok(_) => t.settle(&person, &held.token, Some(version)),
            // Refused (the token expired, the message is gone): the ping sends them to «My
            // tiles». Anything else (Discord unwell) is tried again at the next change.
            Err(e) if refused(&e) => {
                tracing::info!(table = show.table.id, error = %e, "hand not edited; token dropped");
                t.settle(&person, &held.token, None);
            }
            Err(e) => tracing::warn!(table = show.table.id, error = %e, "hand not edited"),
        }
    }
}

/// A client error: the token or its message is no longer good (401 Invalid Webhook Token,
/// 404 Unknown Message or Webhook, 403).
pub(crate) fn refused(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r))
        if r.status_code.is_client_error() && r.status_code.as_u16() != 429)
}

/// A hand as its message, with its picture when the table's chat shows boards as pictures
/// (the core decides, from `show` or the table as it now is).
pub(crate) async fn hand_shown(bot: &Bot, show: Option<&Show>, view: &HandView) -> Shown {
    let picture = match show {
        Some(show) => show.hand_picture(view).await,
        None => match bot.chat.show(view.table).await {
            Some(show) => show.hand_picture(view).await,
            None => None,
        },
    };
    render::hand_message(view, picture.as_deref())
}
