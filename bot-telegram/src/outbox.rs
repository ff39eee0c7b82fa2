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

    /// Waits until every queue is empty (or `timeout` passes); true when they are.
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

/// How long a job waits after its `tries`-th failure that may pass: 0.25 s doubling, at most 8 s.
fn backoff(tries: u32) -> Duration {
    Duration::from_millis(250u64 << tries.min(5)).min(Duration::from_secs(8))
}

/// The longest one job may take (each Bot API call has its own, shorter, timeout).
const JOB_LIMIT: Duration = Duration::from_secs(30);

/// A chat's worker, supervised: a panic (a job that cannot be drawn) is logged and the queue
/// goes on after a pause (0.1 s, doubling to 30 s); it ends when its queue is empty.
async fn worker(inner: Arc<Inner>, chat: i64) {
    let mut pause = Duration::from_millis(100);
    while let Err(e) = tokio::spawn(work(inner.clone(), chat)).await {
        if !e.is_panic() {
            return;
        }
        tracing::error!(chat, error = %e, retry_in = ?pause, "outbox worker panicked; its job dropped");
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(30));
    }
}

async fn work(inner: Arc<Inner>, chat: i64) {
    let p = inner.pacing;
    loop {
        let step = {
            let mut guard = inner.state.lock().unwrap_or_else(|e| e.into_inner());
            next_step(&mut guard, chat, &p)
        };
        let mut queued = match step {
            Step::Done => return,
            // A job queued meanwhile may run first (an answer does not wait for a rest).
            Step::Wait(d, wake) => {
                crate::ops::waited(d);
                tokio::select! {
                    _ = tokio::time::sleep(d) => {}
                    _ = wake.notified() => {}
                }
                continue;
            }
            Step::Run(queued) => queued,
        };
        let Some(deliver) = inner.deliver.upgrade() else { continue };
        let outcome = match tokio::time::timeout(JOB_LIMIT, deliver.deliver(chat, &queued.job))
            .await
        {
            Ok(outcome) => outcome,
            Err(_) => {
                tracing::warn!(chat, job = queued.job.kind(), "given up: the job took too long");
                Outcome::Sent(0)
            }
        };
        crate::ops::outcome(&outcome);
        let window = {
            let mut guard = inner.state.lock().unwrap_or_else(|e| e.into_inner());
            guard.done_at = Some(Instant::now());
            let State { chats, overall, gone, .. } = &mut *guard;
            let now = Instant::now();
            let q = chats.get_mut(&chat).expect("a running queue is kept");
            let again = |q: &mut ChatQueue, queued: Queued| {
                let key = queued.job.key();
                let newer = key.is_some() && q.jobs.iter().any(|j| j.job.key() == key);
                if queued.tries >= MAX_TRIES {
                    tracing::warn!(
                        chat,
                        job = queued.job.kind(),
                        "given up after repeated failures"
                    );
                } else if !newer {
                    q.jobs.push_front(queued);
                }
            };
            if let (Outcome::Sent(n), Job::Table { table, .. }) = (outcome, &queued.job)
                && n > 0
            {
                q.tables.insert(*table, now);
            }
            match outcome {
                Outcome::Later(n) => {
                    for _ in 0..n {
                        q.budget.take(now);
                        overall.take(now);
                    }
                    if let Job::Turn { clear, .. } = &mut queued.job {
                        *clear = false;
                    }
                    again(q, queued);
                    (n > 0 && chat < 0).then(|| q.budget.unix_ms(now, unix_ms()))
                }
                Outcome::Sent(n) if queued.job.ephemeral(chat) => {
                    // An answer to a person's own action counts only if the operator says so.
                    let counted = !queued.job.urgent() || p.answers_counted;
                    for _ in 0..n {
                        if counted {
                            q.ephemeral.take(now);
                        }
                        overall.take(now);
                    }
                    None
                }
                Outcome::Sent(n) => {
                    for _ in 0..n {
                        q.budget.take(now);
                        overall.take(now);
                    }
                    (n > 0 && chat < 0).then(|| q.budget.unix_ms(now, unix_ms()))
                }
                Outcome::RetryAfter(after) => {
                    q.budget.take(now);
                    overall.take(now);
                    q.frozen_until = Some(now + after);
                    queued.tries += 1;
                    again(q, queued);
                    None
                }
                Outcome::Retry => {
                    queued.tries += 1;
                    q.resting_until = Some(now + backoff(queued.tries));
                    again(q, queued);
                    None
                }
                Outcome::Removed => {
                    tracing::warn!(chat, job = queued.job.kind(), "the bot is not in the chat");
                    gone.insert(chat);
                    q.jobs.clear();
                    None
                }
            }
        };
        if outcome == Outcome::Removed {
            deliver.removed(chat).await;
        }
        if let Some(window) = window {
            deliver.sent(chat, window).await;
        }
    }
}

#[path = "outbox_step.rs"]
mod step;
use step::next_step;

#[cfg(test)]
#[path = "outbox_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "outbox_worth_tests.rs"]
mod worth_tests;
