//! A chat's worker: runs the next step of its queue ([`next_step`]) until it is empty, each
//! outcome counted against the chat's budgets, retried, or the queue dropped (the bot removed).

use super::{ChatQueue, Inner, Job, MAX_TRIES, Outcome, Queued, State, Step, next_step, unix_ms};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// How long a job waits after its `tries`-th failure that may pass: 0.25 s doubling, at most 8 s.
pub(super) fn backoff(tries: u32) -> Duration {
    Duration::from_millis(250u64 << tries.min(5)).min(Duration::from_secs(8))
}

/// The longest one job may take (each Bot API call has its own, shorter, timeout).
const JOB_LIMIT: Duration = Duration::from_secs(30);

/// A chat's worker, supervised: a panic (a job that cannot be drawn) is logged and the queue
/// goes on after a pause (0.1 s, doubling to 30 s); it ends when its queue is empty.
pub(super) async fn worker(inner: Arc<Inner>, chat: i64) {
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

/// The chat's worker is done with the job it took (delivered, given up, or dropped by a
/// panic of the worker before it: a new worker starts with it done).
fn delivered(inner: &Inner, chat: i64) {
    let mut st = inner.state.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(q) = st.chats.get_mut(&chat) {
        q.delivering = false;
    }
}

async fn work(inner: Arc<Inner>, chat: i64) {
    delivered(&inner, chat);
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
        let Some(deliver) = inner.deliver.upgrade() else {
            delivered(&inner, chat);
            continue;
        };
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
        delivered(&inner, chat);
    }
}
