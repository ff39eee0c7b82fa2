//! The door: what an adapter (and `domino play`) holds of the core. One type, cloned freely,
//! with no store, service, session or engine type in sight: requests go in, answers and
//! delivery plans ([`Show`]) come out. Behind it, a [`Chat`] over whichever store the binary
//! opened.
//!
//! What crosses the door has a file each here: what a chat asks ([`Request`], `request`), what
//! it is answered ([`Answer`], `answer`), a table's delivery plan ([`Show`], `show`; its
//! pictures, `pictures`; its turn ping, `turn`), where a table's messages are (`message`), and
//! what the service does by itself ([`Feed`], `feed`). The trait the door holds a [`Chat`] by
//! is `gate`.

use super::{Answer, Args, Asker, Chat, HandPlace, Kept, Links, Request, Show};
use crate::ids::{ChatId, Lang, Millis, Person, Platform, UserId};
use crate::service::{Applied as Replied, Service};
use crate::store::{Store, StoreError};
use feed::Feed;
use gate::Gate;
use message::{Audience, MessageAt};
use std::sync::Arc;

pub(super) mod answer;
pub(super) mod feed;
mod gate;
pub(super) mod message;
mod pictures;
pub(super) mod request;
pub(super) mod show;
pub(super) mod turn;

/// The store could not be reached: nothing was read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the store is unavailable: {0}")]
pub struct Unavailable(pub(in crate::chat) String);

impl From<StoreError> for Unavailable {
    fn from(e: StoreError) -> Unavailable {
        Unavailable(e.to_string())
    }
}

/// The one door of the adapters into the core.
#[derive(Clone)]
pub struct Door(pub(super) Arc<dyn Gate>);

impl std::fmt::Debug for Door {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Door")
    }
}

/// A change the service made itself (a timer, a computer move, an expired challenge), for the
/// adapter of its platform to show: [`Door::show_changed`].
#[derive(Clone, Debug)]
pub struct Changed(pub(super) Box<Replied>);

impl Changed {
    /// The table that changed.
    pub fn table(&self) -> i64 {
        self.0.table.id
    }
}

impl Door {
    /// The door to `service` (the binary's, or a test's).
    pub fn new<S: Store>(service: Arc<Service<S>>) -> Door {
        Door(Arc::new(Chat::new(service)))
    }

    /// A door to a fresh store in memory, with the computer players and the system clock:
    /// `domino play`'s, whose table lives as long as the process.
    pub async fn in_memory() -> Result<Door, Unavailable> {
        Door::in_memory_with(None, std::time::Duration::from_millis(800)).await
    }

    /// [`Door::in_memory`] with the tables' seeds counted from `seed` (the same answers then
    /// play the same games; `None`: seeds nobody can guess) and `robot_pause` before each
    /// computer move.
    pub async fn in_memory_with(
        seed: Option<u64>,
        robot_pause: std::time::Duration,
    ) -> Result<Door, Unavailable> {
        use crate::service::{CountingSeeds, OsSeeds, Seeds};
        let robot = Arc::new(crate::robots::AiRobot::default());
        let clock = Arc::new(crate::service::SystemClock);
        let seeds: Arc<dyn Seeds> = match seed {
            Some(first) => Arc::new(CountingSeeds::new(first)),
            None => Arc::new(OsSeeds),
        };
        let options = crate::service::Options { robot_pause, ..Default::default() };
        let store = crate::store::MemoryStore::new();
        Ok(Door::new(Service::start_with(store, robot, clock, seeds, options).await?))
    }

    /// Answers one request. Nothing is acknowledged before it is committed; a refused request
    /// changes nothing and is answered with why.
    pub async fn handle(&self, from: &Asker, request: Request) -> Answer {
        self.0.handle(from, request).await
    }

    /// A table as it now is, to show it (`None` when there is no such table).
    pub async fn show(&self, table: i64) -> Option<Show> {
        self.0.show(table).await
    }

    /// What a change the service made itself shows.
    pub async fn show_changed(&self, changed: &Changed) -> Show {
        self.0.show_changed(changed).await
    }

    /// Every open table of a platform, to show again at start-up.
    pub async fn open_tables(&self, platform: Platform) -> Vec<Show> {
        self.0.open_tables(platform).await
    }

    /// What each chat of a platform is told about its tables set aside at this start (they no
    /// longer read): once, since a set-aside table is not loaded again.
    pub async fn set_aside_notices(&self, platform: Platform) -> Vec<(ChatId, String)> {
        self.0.set_aside_notices(platform).await
    }

    /// From now on, what the service does by itself at a platform's tables. Subscribe before
    /// showing the open tables, so that nothing falls between.
    pub fn feed(&self, platform: Platform) -> Feed {
        let (changes, asides, league) = self.0.subscribe();
        let (pending, reading) = Default::default();
        Feed { platform, door: self.clone(), changes, asides, league, pending, reading }
    }

    /// A chat moved to a new id (Telegram: a group upgraded to a supergroup): its tables,
    /// settings, seasons, standings and per-chat keys go with it, and its active tables go on
    /// there. What to show again in the new chat; nothing when it had already moved.
    pub async fn move_chat(&self, from: &ChatId, to: &ChatId) -> Vec<Show> {
        self.0.move_chat(from, to).await
    }

    /// The bot is no longer in `chat`: its open tables close, nothing scored. What changed,
    /// to show where it still can (the players' private hands).
    pub async fn left_chat(&self, chat: &ChatId) -> Vec<Show> {
        self.0.left_chat(chat).await
    }

    /// The language to answer a person in `chat` whose own language is `own`: the chat's, or
    /// the person's while the chat has stored no settings.
    pub async fn lang_with(&self, chat: &ChatId, own: Option<Lang>) -> Lang {
        self.0.lang_with(chat, own).await
    }

    /// The chat's language (its settings).
    pub async fn lang(&self, chat: &ChatId) -> Lang {
        self.0.lang(chat).await
    }

    /// Where `user` wants their hand: in the table's chat, or in their private chat.
    pub async fn hand_place(&self, user: &UserId) -> HandPlace {
        self.0.hand_place(user).await
    }

    /// The key deep links are signed with: made once, kept in the store.
    pub async fn links(&self) -> Result<Links, Unavailable> {
        Ok(self.0.links().await?)
    }

    /// A secret a platform needs (a webhook's): made once, kept in the store.
    pub async fn secret(&self, name: &str) -> Result<String, Unavailable> {
        Ok(self.0.secret(name).await?)
    }

    /// The chat of the table a deep link names, when the link is one of ours: the adapter asks
    /// the platform whether the person is a member of it (a join is for members only).
    pub async fn link_target(&self, payload: &str) -> Option<ChatId> {
        self.0.link_target(payload).await
    }

    /// The chat's screen token, for its web page's address `/screen/<token>`: the same until
    /// it is renewed.
    pub async fn screen_token(&self, chat: &ChatId) -> Result<String, Unavailable> {
        Ok(self.0.screen_token(chat).await?)
    }

    /// Renews the chat's screen link (`/screen new`): every older token is refused from now
    /// on. The new token.
    pub async fn renew_screen(&self, chat: &ChatId) -> Result<String, Unavailable> {
        Ok(self.0.renew_screen(chat).await?)
    }

    /// The chat a screen token opens: `None` when it is forged, malformed or revoked. Whoever
    /// holds a good token may see the chat's page, and nothing more: a page changes nothing.
    pub async fn screen_chat(&self, token: &str) -> Result<Option<ChatId>, Unavailable> {
        Ok(self.0.screen_chat(token).await?)
    }

    /// `who` was seen in `chat` under @`username` (`/duel @username` finds them).
    pub async fn saw(&self, chat: &ChatId, username: &str, who: &Person) {
        self.0.saw(chat, username, who).await
    }

    /// The time by the service's clock (Unix milliseconds): what an adapter times against
    /// the core's own time (a test's clock moves both).
    pub fn now(&self) -> Millis {
        self.0.now()
    }

    /// Whether a computer player is on a move now (what an adapter that waits until it is
    /// idle, on a clean stop or in a test, waits for too).
    pub fn thinking(&self) -> bool {
        self.0.thinking()
    }

    /// The person a `/duel` names, to ask the platform whether they are in the chat.
    pub async fn invitee(&self, chat: &ChatId, args: &Args) -> Option<Person> {
        self.0.invitee(chat, args).await
    }

    /// What each chat of a platform was sent in its last pacing window (Unix milliseconds), as
    /// remembered: a restarted bot goes on within the platform's limits.
    pub async fn pacing_windows(
        &self,
        platform: &str,
    ) -> Result<Vec<(String, Vec<i64>)>, Unavailable> {
        let prefix = format!("pace:{platform}:");
        let rows = self.0.meta_prefix(&prefix).await?;
        Ok(rows
            .into_iter()
            .filter_map(|(k, v)| {
                Some((k.strip_prefix(&prefix)?.to_owned(), serde_json::from_str(&v).ok()?))
            })
            .collect())
    }

    /// Remembers what a chat was sent in its pacing window (an empty window is forgotten).
    pub async fn set_pacing_window(
        &self,
        platform: &str,
        chat: &str,
        window: &[i64],
    ) -> Result<(), Unavailable> {
        let key = format!("pace:{platform}:{chat}");
        let value = (!window.is_empty()).then(|| serde_json::to_string(window).unwrap_or_default());
        Ok(self.0.set_meta(&key, value.as_deref()).await?)
    }

    /// Where a table's messages are, for each audience (what no longer reads is left out).
    pub async fn messages(
        &self,
        table: i64,
        platform: Platform,
    ) -> Result<Vec<(Audience, MessageAt)>, Unavailable> {
        let rows = self.0.refs(table).await?;
        Ok(rows
            .into_iter()
            .filter_map(|(a, m)| Some((Audience::from_key(&a, platform)?, MessageAt::decode(&m)?)))
            .collect())
    }

    /// Remembers where a table's message for `audience` is.
    pub async fn set_message(
        &self,
        table: i64,
        audience: &Audience,
        at: &MessageAt,
    ) -> Result<(), Unavailable> {
        Ok(self.0.set_ref(table, &audience.key(), &at.encode()).await?)
    }

    /// Where the chat's `kept` message is (`None`: not posted yet, or forgotten).
    pub async fn kept_at(
        &self,
        chat: &ChatId,
        kept: Kept,
    ) -> Result<Option<MessageAt>, Unavailable> {
        Ok(self.0.kept_at(chat, kept).await?)
    }

    /// Remembers where the chat's `kept` message now is (`None`: forgets it).
    pub async fn set_kept_at(
        &self,
        chat: &ChatId,
        kept: Kept,
        at: Option<&MessageAt>,
    ) -> Result<(), Unavailable> {
        Ok(self.0.set_kept_at(chat, kept, at).await?)
    }

    /// Forgets where a table's message for `audience` was (it was deleted).
    pub async fn forget_message(&self, table: i64, audience: &Audience) -> Result<(), Unavailable> {
        Ok(self.0.set_ref(table, &audience.key(), "").await?)
    }
}
