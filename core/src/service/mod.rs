//! The async shell around the session core: keeps every active table in memory, serializes
//! the commands of each table, applies them, commits them to the store, and only then answers.
//! Computer players think off the async workers, with no table locked (`robots`); timers and
//! lifetimes fire from `timers`. The chat layer (and the terminal) call only this.

mod advice;
mod aside;
mod background;
mod clock;
mod contain;
mod draw;
mod fair;
mod fixtures;
mod gauges;
mod held;
mod league;
mod moves;
mod offer;
mod open;
mod robots;
mod shared;
mod timers;
mod tournaments;

pub use advice::{Hinted, REVIEW_MOST, Reviewed, last_finished, suggest, suggest_within};
pub use clock::{Clock, CountingSeeds, ManualClock, OsSeeds, Seeds, SystemClock, TokioClock};
pub(crate) use contain::writing;
pub use contain::{Failed, Failure, Written, contain, supervise};
pub use fair::{AdviceLimits, Rate};
pub use league::{LeagueEvent, SeasonTurn};
pub use offer::{OFFER_AFTER, OFFER_DONE, OFFER_OPEN, offer_key};
pub use open::TableSpec;
pub use tournaments::{TourError, TourNews};

use crate::session::{Command, Event, Lives, Millis, Phase, Rejection, Robot, Table};
use crate::store::{Broken, MatchSummary, Store, StoreError};
use std::collections::HashSet;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::Mutex as TableLock;

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
pub struct Applied {
    pub table: Table,
    pub events: Vec<Event>,
}

/// How the service runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The pause before each computer move, so that people can follow the game.
    pub robot_pause: Duration,
    pub lives: Lives,
    /// Active tables a chat may have at once.
    pub tables_per_chat: usize,
    /// Lobbies and challenges one person may host at once.
    pub lobbies_per_person: usize,
    /// Open tables (lobbies, challenges, matches) one person may sit at at once, in every
    /// chat together: opening or joining one more is refused.
    pub seats_per_person: usize,
    /// Computer players thinking at once, whatever the number of tables: one core is left to
    /// the people's presses and the timers.
    pub thinkers: usize,
    /// Other processes serve the same store (PostgreSQL with several `domino run`): tables
    /// changed elsewhere are read back (`shared`), and timers and computer moves are leased so
    /// that one process fires each.
    pub shared: bool,
    /// The expert's playouts for a person's hint or for each move a review judges.
    pub advice: crate::engine::ai::Budget,
    /// People's help (and their replays): its own thinking permits, rates per person, time
    /// cap, memo size.
    pub advice_limits: AdviceLimits,
    /// The bot's public web address (`DOMINO_PUBLIC_URL`, checked by the binary: absolute
    /// http(s), no query), under which a chat's page is `/screen/<token>`; `None`: no pages are
    /// linked (`/screen` says so).
    pub public_url: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            robot_pause: Duration::from_millis(800),
            lives: Lives::default(),
            tables_per_chat: 8,
            lobbies_per_person: 3,
            seats_per_person: 4,
            thinkers: std::thread::available_parallelism()
                .map_or(1, |n| n.get().saturating_sub(1).max(1)),
            shared: false,
            advice: crate::engine::ai::Budget::DEFAULT,
            advice_limits: AdviceLimits::default(),
            public_url: None,
        }
    }
}

/// How many times a command is applied to a table other processes keep moving before it is
/// answered as stale.
const COMMIT_TRIES: u32 = 4;

/// The service over a store.
pub struct Service<S: Store> {
    store: S,
    robot: Arc<dyn Robot>,
    clock: Arc<dyn Clock>,
    seeds: Arc<dyn Seeds>,
    options: Options,
    /// Every active table, each behind its own lock, found by id, chat or person (`held`).
    tables: Mutex<held::Held>,
    /// Tables whose computer player is thinking or about to (`robots`).
    thinking: Mutex<HashSet<i64>>,
    idle: tokio::sync::Notify,
    /// Permits to think (`Options::thinkers`).
    think: Arc<tokio::sync::Semaphore>,
    /// People's help: permits apart from the computers' (`AdviceLimits::thinkers`), who
    /// asked when, answers kept, and how many were worked out.
    advise: Arc<tokio::sync::Semaphore>,
    /// The threads the permits' work runs on, below the presses' priority (`background`).
    background: background::Background,
    asked: fair::Asked,
    hints: fair::Memo<(i64, u64, usize), Option<crate::engine::moves::Move>>,
    reviews: fair::Memo<(i64, u64, usize), Option<Reviewed>>,
    advice_thoughts: std::sync::atomic::AtomicU64,
    /// Drawings people asked for, on the same permits (`draw`).
    drawings: std::sync::atomic::AtomicU64,
    /// Tables that no longer read: set aside by this process, or waiting for another's lease.
    aside: Mutex<aside::Aside>,
    /// Tables this process sets aside, told to the adapters.
    asides: tokio::sync::broadcast::Sender<Broken>,
    /// Changes nobody asked for through an adapter (computer moves, timers), to show.
    updates: tokio::sync::broadcast::Sender<Applied>,
    /// What this process did by the calendar (season turns, digests), to announce (`league`).
    league: tokio::sync::broadcast::Sender<LeagueEvent>,
    /// This process among others on the store (`Options::shared`).
    peers: shared::Peers,
    me: Weak<Service<S>>,
}

impl<S: Store> Service<S> {
    /// Loads every active table from the store (they resume where they were), with the default
    /// options and seeds nobody can guess.
    pub async fn start(
        store: S,
        robot: Arc<dyn Robot>,
        clock: Arc<dyn Clock>,
    ) -> Result<Arc<Service<S>>, StoreError> {
        Service::start_with(store, robot, clock, Arc::new(OsSeeds), Options::default()).await
    }

    /// [`Service::start`] with the seeds and options given. A table that no longer reads is
    /// set aside (logged, kept in the store, listed by [`Service::set_aside`]; with other
    /// processes on the store, by the one holding its lease); the rest start.
    pub async fn start_with(
        store: S,
        robot: Arc<dyn Robot>,
        clock: Arc<dyn Clock>,
        seeds: Arc<dyn Seeds>,
        options: Options,
    ) -> Result<Arc<Service<S>>, StoreError> {
        // The store's time before loading: whatever changes after it, `sync` sees.
        let peers = shared::Peers::new(&store, seeds.as_ref(), clock.now(), options.shared).await?;
        let mut tables = Vec::new();
        let mut broken = Vec::new();
        for loaded in store.load_open().await? {
            match loaded {
                Ok(t) => tables.push(t),
                Err(b) => broken.push(b),
            }
        }
        let (updates, _) = tokio::sync::broadcast::channel(4096);
        let (asides, _) = tokio::sync::broadcast::channel(256);
        let (league, _) = tokio::sync::broadcast::channel(256);
        let think_n = options.thinkers.max(1);
        let think = Arc::new(tokio::sync::Semaphore::new(think_n));
        let limits = &options.advice_limits;
        let advise_n = limits.thinkers.max(1);
        let advise = Arc::new(tokio::sync::Semaphore::new(advise_n));
        let (hints, reviews) = (fair::Memo::new(limits.kept), fair::Memo::new(limits.kept));
        let service = Arc::new_cyclic(|me| Service {
            store,
            robot,
            clock,
            seeds,
            options,
            tables: Mutex::new(held::Held::new(tables)),
            thinking: Mutex::default(),
            idle: tokio::sync::Notify::new(),
            think,
            advise,
            background: background::Background::start(think_n + advise_n),
            asked: fair::Asked::default(),
            hints,
            reviews,
            advice_thoughts: Default::default(),
            drawings: Default::default(),
            aside: Mutex::default(),
            asides,
            updates,
            league,
            peers,
            me: me.clone(),
        });
        for b in broken {
            service.put_aside(b).await;
        }
        for t in service.all_tables().await {
            service.kick(&t);
        }
        Ok(service)
    }

    /// Replies of commands the service made itself (computer moves, timers): each adapter
    /// shows those of its platform.
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Applied> {
        self.updates.subscribe()
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    /// Gives the store back (to restart a service on it).
    pub fn into_store(self) -> S {
        self.store
    }

    /// Moves a test clock on by `ms`; `false` on a real clock, which cannot be moved.
    pub fn advance_clock(&self, ms: Millis) -> bool {
        self.clock.advance(ms)
    }

    /// The service's time: its clock's, or where other processes share the store the store's
    /// time as this process reckons it (`shared`), so that every process agrees on deadlines
    /// and clocks.
    pub fn now(&self) -> Millis {
        self.peers.now(self.clock.now())
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    fn map(&self) -> std::sync::MutexGuard<'_, held::Held> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The lock of a table: from memory, or a finished one loaded back from the store (for a
    /// rematch or its closing). A finished table joins the active ones only once a command on
    /// it is accepted and leaves it active: a refused one (a stale button, a stranger's press)
    /// leaves the service as it was. Closed tables are refused.
    async fn lock_of(&self, table_id: i64) -> Result<Arc<TableLock<Table>>, ServiceError> {
        if let Some(lock) = self.map().get(table_id) {
            return Ok(lock);
        }
        match self.store.load(table_id).await? {
            Some(t) if t.phase == Phase::Finished => Ok(Arc::new(TableLock::new(t))),
            // Opened by another process on the store: held here from now on.
            Some(t) if t.phase.is_active() => {
                let mut held = self.map();
                Ok(held.get(table_id).unwrap_or_else(|| {
                    let lock = Arc::new(TableLock::new(t.clone()));
                    held.insert(&t, lock.clone());
                    lock
                }))
            }
            Some(_) => Err(Rejection::Closed.into()),
            None => Err(ServiceError::NoTable),
        }
    }

    /// Applies a command to a table, commits it, and only then answers. When another process
    /// committed the table meanwhile, it is read back and the command applied again.
    pub async fn handle(&self, table_id: i64, cmd: Command) -> Result<Applied, ServiceError> {
        self.handle_inner(table_id, cmd, true).await
    }

    /// [`Service::handle`]; `kick`: start the table's computer when a move of its is due.
    async fn handle_inner(
        &self,
        table_id: i64,
        cmd: Command,
        kick: bool,
    ) -> Result<Applied, ServiceError> {
        if let Some(person) = cmd.actor.as_person()
            && cmd.action.seats_someone()
        {
            self.check_seats(&person.id, Some(table_id)).await?;
        }
        let lock = self.lock_of(table_id).await?;
        let mut table = lock.lock().await;
        let mut tries = 0;
        let (next, events, finished) = loop {
            let now = self.now();
            let mut next = table.clone();
            let events = match next.apply(&cmd, now) {
                Ok(events) => events,
                // Refused here, but another process may have moved the table on (a button of
                // its newer version, a turn it gave): refused only once read back.
                Err(r) => match tries < COMMIT_TRIES && self.read_back(&mut table).await? {
                    true => {
                        tries += 1;
                        continue;
                    }
                    false => return Err(r.into()),
                },
            };
            let finished = events
                .iter()
                .any(|e| matches!(e, Event::MatchEnded { .. }))
                .then(|| MatchSummary::of(&next, now))
                .flatten();
            match gauges::commit(writing(self.store.commit(&next, &events, finished.as_ref())))
                .await
            {
                Ok(()) => break (next, events, finished.is_some()),
                Err(StoreError::Conflict { .. }) => {
                    // Another process went first: take the stored table and try again on it
                    // (a button of the old version is then refused as stale).
                    if !self.reload(&mut table).await? || tries == COMMIT_TRIES {
                        return Err(Rejection::Stale.into());
                    }
                    tries += 1;
                }
                Err(e) => return Err(e.into()),
            }
        };
        *table = next.clone();
        // Still under the table's lock, so that the indexes follow its changes in order.
        match next.phase.is_active() {
            // A finished table brought back (a rematch), or one that finished while this
            // command waited for it.
            true => self.map().keep(&next, &lock),
            false => self.map().remove(table_id),
        }
        drop(table);
        if finished {
            gauges::match_finished();
            self.standings_changed(&next.chat);
            self.offer_league(&next).await;
        }
        if let Some(of) = next.fixture
            && (finished || !next.phase.is_open())
        {
            self.fixture_table_done(of).await;
        }
        if kick {
            self.kick(&next);
        }
        Ok(Applied { table: next, events })
    }

    /// A table as it now is (active tables from memory, the others from the store). With
    /// other processes on the store, an active table is read back first when another process
    /// moved it on: what is shown from it (a hand edited after another process's edit) is
    /// never older than what is stored.
    pub async fn table(&self, table_id: i64) -> Result<Option<Table>, ServiceError> {
        let lock = self.map().get(table_id);
        match lock {
            Some(lock) => {
                let mut table = lock.lock().await;
                self.read_back(&mut table).await?;
                Ok(Some(table.clone()))
            }
            None => Ok(self.store.load(table_id).await?),
        }
    }
}
