//! The door: what an adapter (and `domino play`) holds of the core. One type, cloned freely,
//! with no store, service, session or engine type in sight: requests go in, answers and
//! delivery plans ([`Show`]) come out. Behind it, a [`Chat`] over whichever store the binary
//! opened.

use super::feed::Feed;
use super::kept::Kept;
use super::message::{Audience, MessageAt};
use super::tags::Tags;
use super::{Answer, Args, Asker, Chat, HandPlace, Links, Reply, Request, Show};
use crate::ids::{ChatId, Lang, Millis, Person, Platform, UserId};
use crate::service::{Applied as Replied, LeagueEvent, Service, TourNews};
use crate::store::{Broken, Store, StoreError};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use tokio::sync::broadcast::Receiver;

type Boxed<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The store could not be reached: nothing was read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the store is unavailable: {0}")]
pub struct Unavailable(String);

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

/// What a [`Chat`] over any store offers the door, with its futures boxed.
pub(super) trait Gate: Send + Sync + 'static {
    fn handle<'a>(&'a self, from: &'a Asker, request: Request) -> Boxed<'a, Answer>;
    fn show(&self, table: i64) -> Boxed<'_, Option<Show>>;
    fn show_changed<'a>(&'a self, changed: &'a Changed) -> Boxed<'a, Show>;
    fn open_tables(&self, platform: Platform) -> Boxed<'_, Vec<Show>>;
    fn set_aside_notices(&self, platform: Platform) -> Boxed<'_, Vec<(ChatId, String)>>;
    fn subscribe(&self) -> (Receiver<Replied>, Receiver<Broken>, Receiver<LeagueEvent>);
    fn league_post<'a>(&'a self, done: &'a LeagueEvent) -> Boxed<'a, Option<Reply>>;
    fn standings_post<'a>(&'a self, c: &'a ChatId)
    -> Boxed<'a, Result<Option<String>, StoreError>>;
    fn tags<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<Option<Tags>, StoreError>>;
    fn tournament_live<'a>(
        &'a self,
        news: &'a TourNews,
    ) -> Boxed<'a, Result<Option<(Kept, String)>, StoreError>>;
    fn kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
    ) -> Boxed<'a, Result<Option<MessageAt>, StoreError>>;
    fn set_kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
        at: Option<&'a MessageAt>,
    ) -> Boxed<'a, Result<(), StoreError>>;
    fn move_chat<'a>(&'a self, from: &'a ChatId, to: &'a ChatId) -> Boxed<'a, Vec<Show>>;
    fn left_chat<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Vec<Show>>;
    fn lang_with<'a>(&'a self, chat: &'a ChatId, own: Option<Lang>) -> Boxed<'a, Lang>;
    fn lang<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Lang>;
    fn hand_place<'a>(&'a self, user: &'a UserId) -> Boxed<'a, HandPlace>;
    fn links(&self) -> Boxed<'_, Result<Links, StoreError>>;
    fn secret<'a>(&'a self, name: &'a str) -> Boxed<'a, Result<String, StoreError>>;
    fn link_target<'a>(&'a self, payload: &'a str) -> Boxed<'a, Option<ChatId>>;
    fn saw<'a>(&'a self, chat: &'a ChatId, name: &'a str, who: &'a Person) -> Boxed<'a, ()>;
    fn invitee<'a>(&'a self, chat: &'a ChatId, args: &'a Args) -> Boxed<'a, Option<Person>>;
    fn meta_prefix<'a>(
        &'a self,
        p: &'a str,
    ) -> Boxed<'a, Result<Vec<(String, String)>, StoreError>>;
    fn set_meta<'a>(&'a self, k: &'a str, v: Option<&'a str>) -> Boxed<'a, Result<(), StoreError>>;
    fn refs(&self, table: i64) -> Boxed<'_, Result<Vec<(String, String)>, StoreError>>;
    fn set_ref<'a>(&'a self, t: i64, a: &'a str, m: &'a str) -> Boxed<'a, Result<(), StoreError>>;
    fn now(&self) -> Millis;
}

impl<S: Store> Gate for Chat<S> {
    fn handle<'a>(&'a self, from: &'a Asker, request: Request) -> Boxed<'a, Answer> {
        Box::pin(Chat::handle(self, from, request))
    }
    fn show(&self, table: i64) -> Boxed<'_, Option<Show>> {
        Box::pin(Chat::show(self, table))
    }
    fn show_changed<'a>(&'a self, changed: &'a Changed) -> Boxed<'a, Show> {
        Box::pin(self.show_reply(&changed.0))
    }
    fn open_tables(&self, platform: Platform) -> Boxed<'_, Vec<Show>> {
        Box::pin(Chat::open_tables(self, platform))
    }
    fn set_aside_notices(&self, platform: Platform) -> Boxed<'_, Vec<(ChatId, String)>> {
        Box::pin(Chat::set_aside_notices(self, platform))
    }
    fn subscribe(&self) -> (Receiver<Replied>, Receiver<Broken>, Receiver<LeagueEvent>) {
        let s = self.service();
        (s.subscribe(), s.subscribe_set_aside(), s.league_events())
    }
    fn league_post<'a>(&'a self, done: &'a LeagueEvent) -> Boxed<'a, Option<Reply>> {
        Box::pin(Chat::league_post(self, done))
    }
    fn standings_post<'a>(
        &'a self,
        c: &'a ChatId,
    ) -> Boxed<'a, Result<Option<String>, StoreError>> {
        Box::pin(Chat::standings_post(self, c))
    }
    fn tags<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<Option<Tags>, StoreError>> {
        Box::pin(Chat::tags(self, c))
    }
    fn tournament_live<'a>(
        &'a self,
        news: &'a TourNews,
    ) -> Boxed<'a, Result<Option<(Kept, String)>, StoreError>> {
        Box::pin(Chat::tournament_live(self, news))
    }
    fn kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
    ) -> Boxed<'a, Result<Option<MessageAt>, StoreError>> {
        Box::pin(Chat::kept_at(self, c, k))
    }
    fn set_kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
        at: Option<&'a MessageAt>,
    ) -> Boxed<'a, Result<(), StoreError>> {
        Box::pin(Chat::set_kept_at(self, c, k, at))
    }
    fn move_chat<'a>(&'a self, from: &'a ChatId, to: &'a ChatId) -> Boxed<'a, Vec<Show>> {
        Box::pin(Chat::move_chat(self, from, to))
    }
    fn left_chat<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Vec<Show>> {
        Box::pin(Chat::left_chat(self, chat))
    }
    fn lang_with<'a>(&'a self, chat: &'a ChatId, own: Option<Lang>) -> Boxed<'a, Lang> {
        Box::pin(Chat::lang_with(self, chat, own))
    }
    fn lang<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Lang> {
        Box::pin(Chat::lang(self, chat))
    }
    fn hand_place<'a>(&'a self, user: &'a UserId) -> Boxed<'a, HandPlace> {
        Box::pin(Chat::hand_place(self, user))
    }
    fn links(&self) -> Boxed<'_, Result<Links, StoreError>> {
        Box::pin(Chat::links(self))
    }
    fn secret<'a>(&'a self, name: &'a str) -> Boxed<'a, Result<String, StoreError>> {
        Box::pin(Chat::secret(self, name))
    }
    fn link_target<'a>(&'a self, payload: &'a str) -> Boxed<'a, Option<ChatId>> {
        Box::pin(Chat::link_target(self, payload))
    }
    fn saw<'a>(&'a self, chat: &'a ChatId, name: &'a str, who: &'a Person) -> Boxed<'a, ()> {
        Box::pin(Chat::saw(self, chat, name, who))
    }
    fn invitee<'a>(&'a self, chat: &'a ChatId, args: &'a Args) -> Boxed<'a, Option<Person>> {
        Box::pin(Chat::invitee(self, chat, args))
    }
    fn meta_prefix<'a>(
        &'a self,
        p: &'a str,
    ) -> Boxed<'a, Result<Vec<(String, String)>, StoreError>> {
        Box::pin(self.service().store().meta_prefix(p))
    }
    fn set_meta<'a>(&'a self, k: &'a str, v: Option<&'a str>) -> Boxed<'a, Result<(), StoreError>> {
        Box::pin(self.service().store().set_meta(k, v))
    }
    fn refs(&self, table: i64) -> Boxed<'_, Result<Vec<(String, String)>, StoreError>> {
        Box::pin(self.service().store().message_refs(table))
    }
    fn set_ref<'a>(&'a self, t: i64, a: &'a str, m: &'a str) -> Boxed<'a, Result<(), StoreError>> {
        Box::pin(self.service().store().set_message_ref(t, a, m))
    }
    fn now(&self) -> Millis {
        self.service().now()
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
        Feed { platform, door: self.clone(), changes, asides, league, pending: Default::default() }
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

    /// `who` was seen in `chat` under @`username` (`/duel @username` finds them).
    pub async fn saw(&self, chat: &ChatId, username: &str, who: &Person) {
        self.0.saw(chat, username, who).await
    }

    /// The time by the service's clock (Unix milliseconds): what an adapter times against
    /// the core's own time (a test's clock moves both).
    pub fn now(&self) -> Millis {
        self.0.now()
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
