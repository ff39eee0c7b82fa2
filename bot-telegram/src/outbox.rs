//! Everything the bot writes goes through here: one queue per chat, paced by [`Pacing`], a 429's
//! `retry_after` honoured per chat, a failure that may pass (a 5xx, a timeout) retried with
//! backoff — in that chat's queue only, so nothing else waits for it. Jobs that show a table,
//! a hand or the turn ping are rendered when they run, from the table as it is then, and a newer
//! job of the same kind replaces a queued one: the latest state always shows, however busy the
//! table is. A queue is not first in, first out: each time, the worthiest job its budget allows
//! runs ([`Class`]: a person's answer, the mover's hand, the table's news, a flowing table at
//! most every `table_gap`, the other hands, pings, spectators), so a job never waits behind one
//! of another budget, and what can wait leaves the budget's reserve alone. Plain messages beyond a bound are dropped (logged, the chat told once). What each
//! group was sent in the last window is remembered through [`Deliver::sent`], and a restarted
//! bot starts from it ([`Outbox::seed`]). A chat's worker that panics is started again (the
//! job it was on is dropped), and a job that takes longer than `JOB_LIMIT` is given up.

use crate::jobs::Class;
pub(crate) use crate::jobs::Job;
use crate::pacing::{Budget, Pacing};
use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::time::Instant;

/// What running a job did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Done; this many messages (sends and edits) went out.
    Sent(u32),
    /// This many went out, and the job is not due yet: it runs again when it is (unless a
    /// newer one of its kind came meanwhile).
    Later(u32),
    /// Telegram said to wait (429): the chat is frozen that long and the job runs again.
    RetryAfter(Duration),
    /// A failure that may pass (a 5xx, a timeout, the network): the job runs again later.
    Retry,
    /// The bot is no longer in the group: its queue is dropped and nothing more is sent there
    /// ([`Outbox::gone`]); [`Deliver::removed`] is told.
    Removed,
}

pub(crate) type Delivery<'a> = Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>;

/// Runs jobs against Telegram.
pub(crate) trait Deliver: Send + Sync + 'static {
    fn deliver<'a>(&'a self, chat: i64, job: &'a Job) -> Delivery<'a>;

    /// The bot turned out to be out of the group `chat` (a send was refused for it).
    fn removed<'a>(&'a self, chat: i64) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

    /// What a group was sent in the current window, as Unix milliseconds, to remember.
    fn sent<'a>(
        &'a self,
        chat: i64,
        window: Vec<i64>,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>>;
}

/// Attempts at one job before it is given up.
const MAX_TRIES: u32 = 8;
/// Plain messages (texts, files) a chat's queue holds; more are dropped.
pub(crate) const MAX_PLAIN: usize = 40;

struct Queued {
    job: Job,
    tries: u32,
}

#[derive(Default)]
struct ChatQueue {
    jobs: VecDeque<Queued>,
    running: bool,
    budget: Budget,
    /// Messages only one member sees (a group's ephemeral messages), paced apart.
    ephemeral: Budget,
    /// Telegram's 429 for the chat: nothing is sent to it before then.
    frozen_until: Option<Instant>,
    /// A failure that may pass (a 5xx, a timeout): the chat's queue rests before trying
    /// again, but a person's own answer (an urgent job) does not wait for it.
    resting_until: Option<Instant>,
    /// Wakes the chat's worker from a wait when a person's answer is queued.
    wake: Arc<tokio::sync::Notify>,
    /// The chat was told of dropped replies, since its queue last had room.
    told_overflow: bool,
    /// When each table's message was last written (a flowing table waits `table_gap`).
    tables: HashMap<i64, Instant>,
    /// A job taken from the queue is being delivered.
    delivering: bool,
}

#[derive(Default)]
struct State {
    chats: HashMap<i64, ChatQueue>,
    overall: Budget,
    workers: usize,
    /// Groups the bot is no longer in: nothing is queued for them.
    gone: HashSet<i64>,
    /// When a job last ran to an outcome (`backlog`).
    done_at: Option<Instant>,
}

struct Inner {
    pacing: Pacing,
    deliver: Weak<dyn Deliver>,
    state: Mutex<State>,
}

/// The queues of every chat.
#[derive(Clone)]
pub(crate) struct Outbox {
    inner: Arc<Inner>,
}

enum Step {
    Wait(Duration, Arc<tokio::sync::Notify>),
    Run(Queued),
    Done,
}

/// Now as Unix milliseconds, and an instant of that clock as one.
fn unix_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_millis() as i64
}

impl Outbox {
    pub(crate) fn new(pacing: Pacing, deliver: Weak<dyn Deliver>) -> Outbox {
        Outbox { inner: Arc::new(Inner { pacing, deliver, state: Mutex::default() }) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts a chat's budget from what it was sent before a restart (Unix milliseconds).
    pub(crate) fn seed(&self, chat: i64, sent: &[i64]) {
        let (now, now_ms) = (Instant::now(), unix_ms());
        let mut st = self.lock();
        let q = st.chats.entry(chat).or_default();
        for &t in sent {
            let ago = Duration::from_millis(now_ms.saturating_sub(t).max(0) as u64);
            if let Some(at) = now.checked_sub(ago) {
                q.budget.take(at);
            }
        }
    }

    /// Queues a job for a chat; a queued job of the same kind is replaced where it stands. A
    /// plain message beyond the bound is dropped, and the chat told once.
    pub(crate) fn push(&self, chat: i64, job: Job) {
        let mut st = self.lock();
        if st.gone.contains(&chat) {
            tracing::debug!(chat, job = job.kind(), "dropped: the bot is not in the chat");
            return;
        }
        let q = st.chats.entry(chat).or_default();
        let key = job.key();
        let plain = q.jobs.iter().filter(|j| j.job.key().is_none()).count();
        if key.is_none() && plain >= MAX_PLAIN {
            tracing::warn!(
                chat,
                job = job.kind(),
                queued = plain,
                "dropped: the chat's queue is full"
            );
            if !q.told_overflow {
                q.told_overflow = true;
                q.jobs.push_back(Queued { job: Job::Overflow, tries: 0 });
            }
        } else {
            if plain < MAX_PLAIN / 2 {
                q.told_overflow = false;
            }
            let same = q.jobs.iter().position(|j| key.is_some() && j.job.key() == key);
            let (job, at) = match same.and_then(|i| q.jobs.remove(i).map(|old| (i, old))) {
                Some((i, old)) => (old.job.replaced_by(job), Some(i)),
                None => (job, None),
            };
            match at {
                // An answer to a person goes after the other answers, before everything else
                // (a queued job it replaces too: a person's press makes it theirs).
                _ if job.urgent() => {
                    let at = q.jobs.iter().position(|j| !j.job.urgent()).unwrap_or(q.jobs.len());
                    q.jobs.insert(at, Queued { job, tries: 0 });
                }
                Some(i) => q.jobs.insert(i, Queued { job, tries: 0 }),
                None => q.jobs.push_back(Queued { job, tries: 0 }),
            }
            // A worker waiting on a later job may have this one to run first.
            q.wake.notify_one();
        }
        if !q.running {
            q.running = true;
            st.workers += 1;
            tokio::spawn(worker(self.inner.clone(), chat));
        }
    }

    /// The bot is no longer in `chat`: what is queued for it is dropped, and so is whatever
    /// comes for it until [`Outbox::back`].
    pub(crate) fn gone(&self, chat: i64) {
        let mut st = self.lock();
        st.gone.insert(chat);
        if let Some(q) = st.chats.get_mut(&chat) {
            q.jobs.clear();
        }
    }

    /// Whether the bot is known to be out of `chat`.
    pub(crate) fn is_gone(&self, chat: i64) -> bool {
        self.lock().gone.contains(&chat)
    }

    /// The bot is in `chat` again (added back, or a message came from there).
    pub(crate) fn back(&self, chat: i64) {
        self.lock().gone.remove(&chat);
    }

    /// Jobs queued in every chat, and how long since a job last ran to an outcome.
    pub(crate) fn backlog(&self) -> (usize, Option<Duration>) {
        let st = self.lock();
        let jobs = st.chats.values().map(|q| q.jobs.len()).sum();
        (jobs, st.done_at.map(|at| at.elapsed()))
    }

    /// Nothing is being delivered and nothing queued is due: what is left (if anything) are
    /// reminders that wait for their own time (a deferred turn mention).
    pub(crate) fn idle(&self) -> bool {
        let now = Instant::now();
        self.lock().chats.values().all(|q| {
            !q.delivering && q.jobs.iter().all(|j| j.job.not_before().is_some_and(|t| t > now))
        })
    }

    /// Waits until the outbox is [`Outbox::idle`] (or `timeout` passes); true when it is.
    pub(crate) async fn drain_due(&self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        while !self.idle() {
            if Instant::now() >= end {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        true
    }

    /// Waits until every queue is empty (or `timeout` passes); true when they are.
    #[cfg(test)]
    pub(crate) async fn drain(&self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        loop {
            if self.lock().workers == 0 {
                return true;
            }
            if Instant::now() >= end {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

#[path = "outbox_work.rs"]
mod work;
#[cfg(test)]
use work::backoff;
use work::worker;

#[path = "outbox_step.rs"]
mod step;
use step::next_step;

#[cfg(test)]
#[path = "outbox_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "outbox_worth_tests.rs"]
mod worth_tests;
