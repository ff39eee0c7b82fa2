//! What an operator sees of the bot: a log line when it starts receiving updates
//! ("Telegram @name: polling"), loses Telegram and regains it; [`Status`] for `domino run`'s
//! `/readyz` (connected, the outbox not stuck) and its metrics; and the metrics themselves
//! (`metrics` facade, a no-op unless the binary installs a recorder): updates by kind, answer
//! latency, the outbox's waits, 429s and retries.

use crate::busy::Work;
use crate::outbox::{Outbox, Outcome};
use domino_core::chat::{Door, Reading};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Jobs queued and none done for this long: the outbox is stuck (`/readyz` says so).
pub const STUCK_AFTER: Duration = Duration::from_secs(120);

const NEVER: u8 = 0;
const UP: u8 = 1;
const LOST: u8 = 2;

/// A running bot's connection and outbox. Cheap to clone: clones share it.
#[derive(Clone, Default)]
pub struct Status(Arc<Inner>);

#[derive(Default)]
struct Inner {
    name: Mutex<String>,
    link: AtomicU8,
    outbox: Mutex<Option<Outbox>>,
    work: Mutex<Option<(Work, Door)>>,
    /// Whether the follower of what the service does by itself is reading an event.
    feed: Mutex<Option<Reading>>,
    /// `run` has returned.
    stopped: AtomicBool,
}

impl std::fmt::Debug for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Status").field("connected", &self.connected()).finish()
    }
}

impl Status {
    /// Updates are coming in (the last `getUpdates` answered, or the webhook is registered).
    pub fn connected(&self) -> bool {
        self.0.link.load(Ordering::SeqCst) == UP
    }

    /// Jobs waiting in the outbox.
    pub fn queued(&self) -> usize {
        self.outbox().map_or(0, |o| o.backlog().0)
    }

    /// Jobs wait and none has been done for [`STUCK_AFTER`].
    pub fn stuck(&self) -> bool {
        self.outbox().is_some_and(|o| {
            let (jobs, idle) = o.backlog();
            jobs > 0 && idle.is_some_and(|idle| idle >= STUCK_AFTER)
        })
    }

    fn outbox(&self) -> Option<Outbox> {
        self.0.outbox.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The bot has nothing left to do of its own accord: it receives updates, every update it
    /// read is handled, nothing the service did is still being shown, and its outbox has
    /// nothing due (a deferred turn mention may wait for its time). A stopped bot is idle.
    /// This is the bot's own state, not a guess from silence: the fakes' `quiet` asks it.
    pub fn idle(&self) -> bool {
        if self.0.stopped.load(Ordering::SeqCst) {
            return true;
        }
        let work = self.0.work.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.0.link.load(Ordering::SeqCst) != NEVER
            && work.is_some_and(|(work, door)| work.idle() && !door.thinking())
            && !self
                .0
                .feed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .as_ref()
                .is_some_and(Reading::now)
            && self.outbox().is_some_and(|o| o.idle())
    }

    pub(crate) fn watch(&self, outbox: &Outbox, work: &Work, door: &Door) {
        *self.0.outbox.lock().unwrap_or_else(|e| e.into_inner()) = Some(outbox.clone());
        *self.0.work.lock().unwrap_or_else(|e| e.into_inner()) = Some((work.clone(), door.clone()));
    }

    pub(crate) fn follow_feed(&self, reading: Reading) {
        *self.0.feed.lock().unwrap_or_else(|e| e.into_inner()) = Some(reading);
    }

    /// A guard for `run`: when dropped, the status is idle from then on and holds on to
    /// nothing of the bot.
    pub(crate) fn until_stopped(&self) -> Stopped {
        self.0.stopped.store(false, Ordering::SeqCst);
        Stopped(self.clone())
    }

    pub(crate) fn named(&self, username: &str) {
        *self.0.name.lock().unwrap_or_else(|e| e.into_inner()) = username.to_owned();
    }

    fn name(&self) -> String {
        self.0.name.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Updates come in by `how` ("polling", "webhook"): a line the first time and after a loss.
    pub(crate) fn receiving(&self, how: &str) {
        match self.0.link.swap(UP, Ordering::SeqCst) {
            NEVER => tracing::info!("Telegram @{}: {how}", self.name()),
            LOST => tracing::info!("Telegram @{}: {how} again", self.name()),
            _ => {}
        }
    }

    /// Telegram could not be reached: a line once, until it is back.
    pub(crate) fn lost(&self, why: &str) {
        if self.0.link.swap(LOST, Ordering::SeqCst) == UP {
            tracing::warn!(error = why, "Telegram @{}: connection lost", self.name());
        }
    }
}

/// Marks a [`Status`] stopped when dropped.
pub(crate) struct Stopped(Status);

impl Drop for Stopped {
    fn drop(&mut self) {
        let inner = &(self.0).0;
        inner.stopped.store(true, Ordering::SeqCst);
        inner.work.lock().unwrap_or_else(|e| e.into_inner()).take();
    }
}

/// One update being handled: counted by kind ("message", "press") and timed until dropped.
pub(crate) struct Handling {
    kind: &'static str,
    started: Instant,
}

pub(crate) fn handling(kind: &'static str) -> Handling {
    metrics::counter!("domino_updates_total", "platform" => "telegram", "kind" => kind)
        .increment(1);
    Handling { kind, started: Instant::now() }
}

impl Drop for Handling {
    fn drop(&mut self) {
        let took = self.started.elapsed().as_secs_f64();
        metrics::histogram!("domino_answer_seconds", "platform" => "telegram", "kind" => self.kind)
            .record(took);
    }
}

/// A chat's queue waits this long before its next job (pacing, a 429's freeze, a rest).
pub(crate) fn waited(wait: Duration) {
    metrics::histogram!("domino_outbox_wait_seconds", "platform" => "telegram")
        .record(wait.as_secs_f64());
}

/// What running a job did: 429s and retries counted.
pub(crate) fn outcome(outcome: &Outcome) {
    match outcome {
        Outcome::RetryAfter(_) => {
            metrics::counter!("domino_rate_limited_total", "platform" => "telegram").increment(1);
            metrics::counter!("domino_retries_total", "platform" => "telegram").increment(1);
        }
        Outcome::Retry => {
            metrics::counter!("domino_retries_total", "platform" => "telegram").increment(1)
        }
        Outcome::Sent(_) | Outcome::Later(_) | Outcome::Removed => {}
    }
}
