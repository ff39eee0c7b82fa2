//! Several processes on one store (`Options::shared`: PostgreSQL with several `domino run`).
//!
//! Correctness never rests on what a process holds in memory: every commit is checked against
//! the stored version, and a process whose table is behind reads it back and applies the
//! command again (`Service::handle`). What this module adds is that each process sees the
//! others' work soon enough to serve it: every timer round reads the tables changed since the
//! last one (`sync`, from the store's own clock, with an overlap), and the due work of a table —
//! its timers and its computer moves — is leased to one process at a time (`Store::claim`), so
//! that exactly one fires it. Every time compared between processes is the store's: the
//! changes' stamps and `sync`'s moments come from the database's clock, and the service's own
//! time ([`Service::now`]: leases, turn deadlines, match clocks, the league's due instants) is
//! this process's clock moved by the difference to the store's clock — measured at start, and
//! with the wall clock again every timer round, not going back for noise — so that processes
//! whose clocks disagree still see each other's changes, respect each other's leases and flag
//! the same turn late at the same moment. A table that no longer reads is set aside once
//! (`aside`), never read again, and the rest of the changes are read past it.

use super::Service;
use crate::service::Seeds;
use crate::session::{Millis, Table};
use crate::store::{Store, StoreError};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use tokio::sync::Mutex as TableLock;

/// How far back each look at the store's changes reaches before the last one's time: commits
/// become visible a little after their time is taken, and machines' clocks differ a little.
const OVERLAP_MS: Millis = 5_000;

/// How long a claim of a table's due work holds when its holder neither gives it back nor
/// renews it (a process that died): another process takes the table over after this.
pub(super) const LEASE_MS: Millis = 30_000;

/// How far the service's time may seem to go back before it is taken as a step of this
/// process's clock (corrected, not waited out); less is measuring noise, smoothed over.
const STEP_MS: Millis = 1_000;

/// This process among the others on the store.
pub(super) struct Peers {
    on: bool,
    /// Who this service is in the leases: unique among the processes and services alive.
    pub(super) owner: String,
    /// The store's time of the last look at its changes.
    since: Mutex<Millis>,
    /// The store's clock less this process's, as last measured (none without other processes).
    offset: AtomicI64,
    /// The latest time given out: the store's time, as this process reckons it, does not go back
    /// by the little a new measure of the offset differs (only when this process's clock was
    /// stepped, by more than `STEP_MS`, does it follow the store's at once).
    given: AtomicI64,
}

impl Peers {
    pub(super) async fn new<S: Store>(
        store: &S,
        seeds: &dyn Seeds,
        now_here: Millis,
        on: bool,
    ) -> Result<Peers, StoreError> {
        static SERVICES: AtomicU64 = AtomicU64::new(0);
        let n = SERVICES.fetch_add(1, Ordering::Relaxed);
        let owner = format!("{}.{n}.{:016x}", std::process::id(), seeds.next_seed());
        // The store's time now (no table is touched in the future).
        let since = match on {
            true => store.touched_since(Millis::MAX).await?.now,
            false => now_here,
        };
        let offset = AtomicI64::new(since - now_here);
        Ok(Peers { on, owner, since: Mutex::new(since), offset, given: AtomicI64::new(since) })
    }

    /// The service's time given this process's clock reads `here`: the store's time as this
    /// process reckons it where other processes share the store, else `here` itself.
    pub(super) fn now(&self, here: Millis) -> Millis {
        let now = here.saturating_add(self.offset.load(Ordering::SeqCst));
        if !self.on {
            return now;
        }
        let given = self.given.fetch_max(now, Ordering::SeqCst);
        if given - now > STEP_MS {
            // This process's clock was stepped back after a step forward: the store's time wins.
            self.given.store(now, Ordering::SeqCst);
            return now;
        }
        given.max(now)
    }

    fn since(&self) -> std::sync::MutexGuard<'_, Millis> {
        self.since.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<S: Store> Service<S> {
    /// Whether other processes may serve the same store.
    pub fn is_shared(&self) -> bool {
        self.peers.on
    }

    /// Brings the tables held here up to the store: tables other processes opened or moved on
    /// are read, those they finished or closed leave, one that no longer reads is set aside
    /// (once, by the lease holder) and not read again. Returns how many changed here.
    pub async fn sync(&self) -> Result<usize, StoreError> {
        let from = self.peers.since().saturating_sub(OVERLAP_MS);
        let touched = self.store.touched_since(from).await?;
        let mut changed = 0;
        for stamp in touched.tables {
            if self.known_broken(stamp.id) {
                if !stamp.open {
                    self.no_longer_open(stamp.id);
                }
                continue;
            }
            let held = self.map().get(stamp.id);
            match (held, stamp.open) {
                (Some(lock), true) => {
                    let mut table = lock.lock().await;
                    if table.version >= stamp.version {
                        continue;
                    }
                    match self.store.load_checked(stamp.id).await? {
                        Some(Ok(stored)) if stored.version > table.version => {
                            *table = stored;
                            self.map().note(&table);
                            changed += 1;
                        }
                        Some(Err(broken)) => {
                            drop(table);
                            self.put_aside(broken).await;
                            changed += 1;
                        }
                        _ => {}
                    }
                }
                (None, true) => match self.store.load_checked(stamp.id).await? {
                    Some(Ok(t)) if t.phase.is_active() => {
                        let lock = Arc::new(TableLock::new(t.clone()));
                        self.map().keep(&t, &lock);
                        changed += 1;
                    }
                    Some(Err(broken)) => {
                        self.put_aside(broken).await;
                        changed += 1;
                    }
                    _ => {}
                },
                (Some(_), false) => {
                    self.map().remove(stamp.id);
                    changed += 1;
                }
                (None, false) => {}
            }
        }
        *self.peers.since() = touched.now;
        if self.clock.is_wall() {
            self.peers.offset.store(touched.now - self.clock.now(), Ordering::SeqCst);
        }
        Ok(changed)
    }

    /// Reads a table held here back from the store when another process moved it on: whether
    /// it did. Never without other processes (nobody else writes).
    pub(super) async fn read_back(&self, table: &mut Table) -> Result<bool, StoreError> {
        match self.peers.on {
            true => self.reload(table).await,
            false => Ok(false),
        }
    }

    /// Reads a table back from the store if it holds a newer version, or the table moved to
    /// another chat meanwhile (`move_chat`): whether it did.
    pub(super) async fn reload(&self, table: &mut Table) -> Result<bool, StoreError> {
        match self.store.load(table.id).await? {
            Some(stored)
                if stored.version > table.version
                    || stored.chat != table.chat
                    || stored.number != table.number =>
            {
                *table = stored;
                self.map().note(table);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Of these tables, those whose due work this process may do now (all of them when no
    /// other process shares the store); the lease holds `LEASE_MS`.
    pub(super) async fn claim(&self, ids: Vec<i64>) -> Vec<i64> {
        if !self.peers.on || ids.is_empty() {
            return ids;
        }
        let now = self.now();
        match self.store.claim(&ids, &self.peers.owner, now, now + LEASE_MS).await {
            Ok(mine) => mine,
            Err(e) => {
                tracing::warn!(error = %e, "leases not taken: the work waits for the next round");
                Vec::new()
            }
        }
    }

    /// Gives the due work of these tables back, for any process to take at once.
    pub(super) async fn release(&self, ids: &[i64]) {
        if !self.peers.on || ids.is_empty() {
            return;
        }
        let now = self.now();
        if let Err(e) = self.store.claim(ids, &self.peers.owner, now, now).await {
            tracing::warn!(error = %e, "leases not given back: they end by themselves");
        }
    }

    /// The tables of `all` with due work now: computer moves to make, timers to fire.
    pub(super) fn due_work(&self, all: Vec<Arc<Table>>) -> (Vec<Arc<Table>>, Vec<i64>) {
        let now = self.now();
        let lives = self.options.lives;
        let mut robots = Vec::new();
        let mut due = Vec::new();
        for t in all {
            // A deserted match closes before any computer plays on in it.
            if t.deserted_at(&lives).is_some_and(|d| d <= now) {
                due.push(t.id);
            } else if t.robot_turn(now).is_some() {
                robots.push(t);
            } else if t.next_due(&lives).is_some_and(|d| d <= now) {
                due.push(t.id);
            }
        }
        (robots, due)
    }
}
