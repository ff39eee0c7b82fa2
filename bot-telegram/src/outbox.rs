//! Everything the bot writes goes through here: one queue per chat, paced by [`Pacing`], a 429's
//! `retry_after` honoured per chat. Jobs that show a table, a hand or the turn mention are
//! rendered when they run, from the table as it is then, and a newer job of the same kind
//! replaces a queued one: the latest state always shows, however busy the table is.

use crate::pacing::{Budget, Pacing};
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use teloxide::types::InlineKeyboardMarkup;

/// One thing to write in one chat.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Job {
    /// The table message (edited in place; sent when there is none yet).
    Table { table: i64 },
    /// A player's hand in their private chat (the chat is the player's).
    Hand { table: i64, user: i64 },
    /// The short mention of the player to move, replacing the previous one.
    Turn { table: i64 },
    /// A new message (`reply_to`: as a reply to that message of the chat).
    Text { text: String, markup: Option<InlineKeyboardMarkup>, reply_to: Option<i32> },
    /// A new message that mentions (and so notifies) a person named in it.
    Call { text: String, user: i64, name: String },
    /// A new text for a message the bot sent (the settings menu); the latest wins.
    Edit { message: i32, text: String, markup: InlineKeyboardMarkup },
    /// A file.
    Document { name: String, bytes: Vec<u8>, caption: String },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Key {
    Table(i64),
    Hand(i64, i64),
    Turn(i64),
    Edit(i32),
}

impl Job {
    /// The kind of job, for logs.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Job::Table { .. } => "table",
            Job::Hand { .. } => "hand",
            Job::Turn { .. } => "turn",
            Job::Text { .. } => "text",
            Job::Call { .. } => "call",
            Job::Edit { .. } => "edit",
            Job::Document { .. } => "document",
        }
    }

    fn key(&self) -> Option<Key> {
        match self {
            Job::Table { table } => Some(Key::Table(*table)),
            Job::Hand { table, user } => Some(Key::Hand(*table, *user)),
            Job::Turn { table } => Some(Key::Turn(*table)),
            Job::Edit { message, .. } => Some(Key::Edit(*message)),
            Job::Text { .. } | Job::Call { .. } | Job::Document { .. } => None,
        }
    }
}

/// What running a job did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Done; this many messages (sends and edits) went out.
    Sent(u32),
    /// Telegram said to wait (429): the chat is frozen that long and the job runs again.
    RetryAfter(Duration),
}

pub(crate) type Delivery<'a> = Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>;

/// Runs jobs against Telegram.
pub(crate) trait Deliver: Send + Sync + 'static {
    fn deliver<'a>(&'a self, chat: i64, job: &'a Job) -> Delivery<'a>;
}

/// Attempts at one job before it is given up.
const MAX_TRIES: u32 = 8;

struct Queued {
    job: Job,
    tries: u32,
}

#[derive(Default)]
struct ChatQueue {
    jobs: VecDeque<Queued>,
    running: bool,
    budget: Budget,
    frozen_until: Option<Instant>,
}

#[derive(Default)]
struct State {
    chats: HashMap<i64, ChatQueue>,
    overall: Budget,
    workers: usize,
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
    Wait(Duration),
    Run(Queued),
    Done,
}

impl Outbox {
    pub(crate) fn new(pacing: Pacing, deliver: Weak<dyn Deliver>) -> Outbox {
        Outbox { inner: Arc::new(Inner { pacing, deliver, state: Mutex::default() }) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a job for a chat; a queued job of the same kind is replaced where it stands.
    pub(crate) fn push(&self, chat: i64, job: Job) {
        let mut st = self.lock();
        let q = st.chats.entry(chat).or_default();
        let key = job.key();
        match q.jobs.iter_mut().find(|j| key.is_some() && j.job.key() == key) {
            Some(slot) => *slot = Queued { job, tries: 0 },
            None => q.jobs.push_back(Queued { job, tries: 0 }),
        }
        if !q.running {
            q.running = true;
            st.workers += 1;
            tokio::spawn(work(self.inner.clone(), chat));
        }
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

async fn work(inner: Arc<Inner>, chat: i64) {
    let p = inner.pacing;
    loop {
        let step = {
            let mut guard = inner.state.lock().unwrap_or_else(|e| e.into_inner());
            let State { chats, overall, workers } = &mut *guard;
            let now = Instant::now();
            let q = chats.get_mut(&chat).expect("a running queue is kept");
            if q.jobs.is_empty() {
                q.running = false;
                *workers -= 1;
                if q.budget.idle(now, p.group_window.max(p.chat_gap)) {
                    chats.remove(&chat);
                }
                Step::Done
            } else {
                let limit = if chat < 0 { p.group_limit } else { 0 };
                let mut wait = q.budget.wait(now, limit, p.group_window, p.chat_gap);
                wait = wait.max(overall.wait(
                    now,
                    p.overall_per_sec,
                    Duration::from_secs(1),
                    Duration::ZERO,
                ));
                if let Some(until) = q.frozen_until {
                    wait = wait.max(until.saturating_duration_since(now));
                }
                if wait.is_zero() {
                    q.frozen_until = None;
                    Step::Run(q.jobs.pop_front().expect("not empty"))
                } else {
                    Step::Wait(wait)
                }
            }
        };
        let mut queued = match step {
            Step::Done => return,
            Step::Wait(d) => {
                tokio::time::sleep(d).await;
                continue;
            }
            Step::Run(queued) => queued,
        };
        let outcome = match inner.deliver.upgrade() {
            Some(d) => d.deliver(chat, &queued.job).await,
            None => Outcome::Sent(0),
        };
        let mut guard = inner.state.lock().unwrap_or_else(|e| e.into_inner());
        let State { chats, overall, .. } = &mut *guard;
        let now = Instant::now();
        let q = chats.get_mut(&chat).expect("a running queue is kept");
        match outcome {
            Outcome::Sent(n) => {
                for _ in 0..n {
                    q.budget.take(now);
                    overall.take(now);
                }
            }
            Outcome::RetryAfter(after) => {
                q.budget.take(now);
                overall.take(now);
                q.frozen_until = Some(now + after);
                queued.tries += 1;
                let key = queued.job.key();
                let newer = key.is_some() && q.jobs.iter().any(|j| j.job.key() == key);
                if queued.tries >= MAX_TRIES {
                    tracing::warn!(chat, job = queued.job.kind(), "given up after repeated 429s");
                } else if !newer {
                    q.jobs.push_front(queued);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records what it delivers; answers 429 to the first `refuse` jobs.
    struct Recorder {
        log: Mutex<Vec<(Instant, i64, Job)>>,
        refuse: Mutex<u32>,
    }

    impl Deliver for Recorder {
        fn deliver<'a>(&'a self, chat: i64, job: &'a Job) -> Delivery<'a> {
            Box::pin(async move {
                tokio::time::sleep(Duration::from_millis(2)).await;
                let mut refuse = self.refuse.lock().unwrap();
                if *refuse > 0 {
                    *refuse -= 1;
                    return Outcome::RetryAfter(Duration::from_millis(50));
                }
                self.log.lock().unwrap().push((Instant::now(), chat, job.clone()));
                Outcome::Sent(1)
            })
        }
    }

    fn text(s: &str) -> Job {
        Job::Text { text: s.into(), markup: None, reply_to: None }
    }

    #[tokio::test]
    async fn a_busy_group_is_paced_and_shows_its_latest_state() {
        let rec = Arc::new(Recorder { log: Mutex::default(), refuse: Mutex::new(1) });
        let pacing = Pacing {
            chat_gap: Duration::from_millis(5),
            group_limit: 4,
            group_window: Duration::from_millis(300),
            overall_per_sec: 1000,
        };
        let weak: Weak<dyn Deliver> = Arc::downgrade(&(rec.clone() as Arc<dyn Deliver>));
        let outbox = Outbox::new(pacing, weak);
        let mut last_push = Instant::now();
        for i in 0..30 {
            outbox.push(-5, Job::Table { table: 1 });
            last_push = Instant::now();
            if i % 10 == 0 {
                outbox.push(-5, text(&format!("notice {i}")));
            }
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
        outbox.push(7, text("private"));
        assert!(outbox.drain(Duration::from_secs(10)).await);
        let log = rec.log.lock().unwrap();
        let group: Vec<_> = log.iter().filter(|(_, c, _)| *c == -5).collect();
        // Every notice arrives, in order; the table jobs coalesce.
        let notices: Vec<_> = group
            .iter()
            .filter_map(|(_, _, j)| match j {
                Job::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(notices, ["notice 0", "notice 10", "notice 20"]);
        let tables = group.iter().filter(|(_, _, j)| matches!(j, Job::Table { .. })).count();
        assert!((1..30).contains(&tables), "{tables} table edits");
        // The table is rendered when its job runs: the last run comes after the last change.
        let last_table = group.iter().rev().find(|(_, _, j)| matches!(j, Job::Table { .. }));
        assert!(last_table.is_some_and(|(t, _, _)| *t >= last_push));
        // Never more than 4 in any 300 ms.
        for (i, (t, _, _)) in group.iter().enumerate() {
            let within = group[i..]
                .iter()
                .filter(|(u, _, _)| u.duration_since(*t) < pacing.group_window)
                .count();
            assert!(within <= 4, "{within} messages within a window");
        }
        assert!(log.iter().any(|(_, c, _)| *c == 7));
    }
}
