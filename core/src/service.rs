//! The async shell around the session core: keeps every open table in memory, serializes the
//! commands of each table, applies them, commits them to the store, and only then answers.
//! Fires due timers. The adapters (Telegram, Discord, the terminal) call only this.

use crate::engine::rules::Rules;
use crate::session::{
    Action, Actor, ChatId, Command, Event, Millis, NewTable, Person, Rejection, Robot, Table,
};
use crate::store::{MatchSummary, Store, StoreError};
use rand::TryRngCore;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::Mutex as TableLock;

/// Reads the time for the service (the session core never does).
pub trait Clock: Send + Sync {
    fn now(&self) -> Millis;
}

/// The system clock.
#[derive(Copy, Clone, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let d =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        d.as_millis() as Millis
    }
}

/// A clock tests move by hand.
#[derive(Debug, Default)]
pub struct ManualClock(std::sync::atomic::AtomicI64);

impl ManualClock {
    pub fn new(start: Millis) -> ManualClock {
        ManualClock(std::sync::atomic::AtomicI64::new(start))
    }

    pub fn now_ms(&self) -> Millis {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Where the seeds of new tables come from (deals must not be predictable in a chat; tests
/// set them, as they set the clock).
pub trait Seeds: Send + Sync {
    fn next_seed(&self) -> u64;
}

/// Seeds nobody can guess: the operating system's random source.
#[derive(Copy, Clone, Debug, Default)]
pub struct OsSeeds;

impl Seeds for OsSeeds {
    fn next_seed(&self) -> u64 {
        rand::rngs::OsRng.try_next_u64().expect("the operating system's random source works")
    }
}

/// Seeds 1, 2, 3 … from a start a test chooses: the same requests deal the same tables.
#[derive(Debug, Default)]
pub struct CountingSeeds(std::sync::atomic::AtomicU64);

impl CountingSeeds {
    pub fn new(first: u64) -> CountingSeeds {
        CountingSeeds(std::sync::atomic::AtomicU64::new(first))
    }
}

impl Seeds for CountingSeeds {
    fn next_seed(&self) -> u64 {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    }
}

/// Why the service did not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The command was refused; nothing changed.
    #[error("{0}")]
    Rejected(#[from] Rejection),
    #[error("no such table")]
    NoTable,
    /// The store failed; nothing was acknowledged.
    #[error("{0}")]
    Store(#[from] StoreError),
}

/// What an accepted command did: the table as it now is, and what happened.
#[derive(Clone, Debug)]
pub struct Reply {
    pub table: Table,
    pub events: Vec<Event>,
}

/// What a new table starts with.
#[derive(Clone, Debug)]
pub struct TableSpec {
    pub chat: ChatId,
    pub rules: Rules,
    pub size: u8,
}

/// The service over a store.
pub struct Service<S: Store> {
    store: S,
    robot: Arc<dyn Robot>,
    clock: Arc<dyn Clock>,
    seeds: Arc<dyn Seeds>,
    tables: Mutex<HashMap<i64, Arc<TableLock<Table>>>>,
    /// Changes nobody asked for through an adapter (timers), for the adapters to show.
    updates: tokio::sync::broadcast::Sender<Reply>,
}

impl<S: Store> Service<S> {
    /// Loads every open table from the store: they resume where they were.
    pub async fn start(
        store: S,
        robot: Arc<dyn Robot>,
        clock: Arc<dyn Clock>,
    ) -> Result<Service<S>, StoreError> {
        let open = store.load_open().await?;
        let tables = open.into_iter().map(|t| (t.id, Arc::new(TableLock::new(t)))).collect();
        let (updates, _) = tokio::sync::broadcast::channel(1024);
        let seeds: Arc<dyn Seeds> = Arc::new(OsSeeds);
        Ok(Service { store, robot, clock, seeds, tables: Mutex::new(tables), updates })
    }

    /// The same service with new tables seeded from `seeds`.
    pub fn with_seeds(self, seeds: Arc<dyn Seeds>) -> Service<S> {
        Service { seeds, ..self }
    }

    /// Replies of commands the service made itself (timers): each adapter shows those of its
    /// platform.
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Reply> {
        self.updates.subscribe()
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    /// Gives the store back (to restart a service on it).
    pub fn into_store(self) -> S {
        self.store
    }

    pub fn now(&self) -> Millis {
        self.clock.now()
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Arc<TableLock<Table>>>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Open tables held in memory.
    pub fn open_tables(&self) -> usize {
        self.map().len()
    }

    /// Opens a lobby in a chat with `host` seated, using the chat's settings.
    pub async fn create(&self, spec: TableSpec, host: Person) -> Result<Reply, ServiceError> {
        self.create_with(spec, host, None).await
    }

    /// Starts a duel: a challenge to `invitee` (expiring after `ttl_ms`), or a match against
    /// the computer at once when `invitee` is `None`.
    pub async fn duel(
        &self,
        spec: TableSpec,
        host: Person,
        invitee: Option<Person>,
        ttl_ms: Millis,
    ) -> Result<Reply, ServiceError> {
        self.create_with(spec, host, Some((invitee, ttl_ms))).await
    }

    async fn create_with(
        &self,
        spec: TableSpec,
        host: Person,
        duel: Option<(Option<Person>, Millis)>,
    ) -> Result<Reply, ServiceError> {
        let settings = self.store.chat_settings(&spec.chat).await?;
        let now = self.now();
        let new = NewTable {
            id: 0,
            chat: spec.chat,
            number: 0,
            rules: spec.rules,
            size: spec.size,
            lang: settings.lang,
            turn_secs: settings.turn_secs,
            bot_level: settings.bot_level,
            seed: self.seeds.next_seed(),
        };
        let (mut table, events) = match duel {
            None => Table::create(new, host, now)?,
            Some((invitee, ttl)) => {
                Table::duel(new, host, invitee, now + ttl, now, self.robot.as_ref())?
            }
        };
        self.store.create(&mut table, &events).await?;
        self.map().insert(table.id, Arc::new(TableLock::new(table.clone())));
        Ok(Reply { table, events })
    }

    /// Applies a command to a table, commits it, and only then answers.
    pub async fn handle(&self, table_id: i64, cmd: Command) -> Result<Reply, ServiceError> {
        let lock = self.map().get(&table_id).cloned();
        let Some(lock) = lock else {
            // A closed table is no longer in memory; say so plainly.
            return match self.store.load(table_id).await? {
                Some(_) => Err(Rejection::Closed.into()),
                None => Err(ServiceError::NoTable),
            };
        };
        let mut table = lock.lock().await;
        let now = self.now();
        let mut next = table.clone();
        let events = next.apply(&cmd, now, self.robot.as_ref())?;
        let finished = events
            .iter()
            .any(|e| matches!(e, Event::MatchEnded { .. }))
            .then(|| MatchSummary::of(&next, now))
            .flatten();
        self.store.commit(&next, &events, finished.as_ref()).await?;
        *table = next.clone();
        drop(table);
        if !next.phase.is_open() {
            self.map().remove(&table_id);
        }
        Ok(Reply { table: next, events })
    }

    /// A table as it now is (open tables from memory, closed ones from the store).
    pub async fn table(&self, table_id: i64) -> Result<Option<Table>, ServiceError> {
        let lock = self.map().get(&table_id).cloned();
        match lock {
            Some(lock) => Ok(Some(lock.lock().await.clone())),
            None => Ok(self.store.load(table_id).await?),
        }
    }

    /// The open tables of a chat, oldest first.
    pub async fn tables_in(&self, chat: &ChatId) -> Vec<Table> {
        let locks: Vec<_> = self.map().values().cloned().collect();
        let mut out = Vec::new();
        for lock in locks {
            let t = lock.lock().await;
            if &t.chat == chat {
                out.push(t.clone());
            }
        }
        out.sort_by_key(|t| t.number);
        out
    }

    /// Every open table, oldest first.
    pub async fn all_tables(&self) -> Vec<Table> {
        let locks: Vec<_> = self.map().values().cloned().collect();
        let mut out = Vec::with_capacity(locks.len());
        for lock in locks {
            out.push(lock.lock().await.clone());
        }
        out.sort_by_key(|t| t.id);
        out
    }

    /// Runs every timer that is due: a player out of time gets a computer move, an expired
    /// challenge closes. Returns what each fired timer did.
    pub async fn fire_due(&self) -> Vec<Reply> {
        let now = self.now();
        let locks: Vec<(i64, Arc<TableLock<Table>>)> =
            self.map().iter().map(|(id, l)| (*id, l.clone())).collect();
        let mut due = Vec::new();
        for (id, lock) in locks {
            let t = lock.lock().await;
            let challenge_due = matches!(t.phase, crate::session::Phase::Challenge { expires_at, .. } if expires_at <= now);
            if challenge_due || t.deadline.is_some_and(|d| d <= now) {
                due.push(id);
            }
        }
        let mut replies = Vec::new();
        for id in due {
            let cmd = Command { actor: Actor::System, action: Action::Tick, version: None };
            match self.handle(id, cmd).await {
                Ok(reply) => {
                    let _ = self.updates.send(reply.clone());
                    replies.push(reply);
                }
                Err(ServiceError::Rejected(_)) => {}
                Err(e) => tracing::warn!(table = id, error = %e, "timer failed"),
            }
        }
        replies
    }
}
