//! Containment, for the adapters and the binary: a request handled as a task of its own with a
//! time limit and a panic boundary ([`contain`]), what it had written by then ([`Written`]: so
//! that nobody is told "nothing changed" of an action that was committed), and long-lived tasks
//! kept running ([`supervise`]: started again, with a log line and backoff, when they panic or
//! end).

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

/// What a request had written to the store when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// Nothing: what it asked for did not happen.
    Nothing,
    /// A write was under way when it was stopped: it may or may not have been committed.
    InDoubt,
    /// Committed: the action happened; only its answer failed.
    Committed,
}

/// Why a contained request did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It panicked (the panic's message).
    Panicked(String),
    /// It took longer than its limit and was cancelled.
    TimedOut(Duration),
}

/// A contained request that did not finish: why, and what it had written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    pub failure: Failure,
    pub written: Written,
}

const NOTHING: u8 = 0;
const UNDER_WAY: u8 = 1;
const DONE: u8 = 2;

tokio::task_local! {
    /// The witness of the request being handled in this task (see [`contain`]).
    static WRITES: Arc<AtomicU8>;
}

/// Runs a write of the store on behalf of the request being handled (when there is one): its
/// witness says a write is under way, then that it was committed once it returns `Ok` (a store
/// error wrote nothing: the request is answered that it failed).
pub(crate) async fn writing<T, E>(write: impl Future<Output = Result<T, E>>) -> Result<T, E> {
    let witness = WRITES.try_with(Arc::clone).ok();
    let before = witness.as_ref().map(|w| w.fetch_max(UNDER_WAY, Ordering::SeqCst));
    let result = write.await;
    if let (Some(w), Some(before)) = (witness, before) {
        match &result {
            Ok(_) => w.store(DONE, Ordering::SeqCst),
            Err(_) => w.store(before, Ordering::SeqCst),
        }
    }
    result
}

/// How long a cancelled request may take to let go (it is dropped at its next await).
const LET_GO: Duration = Duration::from_secs(1);

/// Aborts a task when dropped: a supervisor or a contained request that is itself dropped
/// stops what it runs.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Runs `work` as a task of its own, at most `limit`: its result, or why it failed and what it
/// had written by then (the writes made through the service while it ran). A request that
/// takes too long is cancelled; one stuck without yielding is reported [`Written::InDoubt`]
/// unless it had committed.
pub async fn contain<T: Send + 'static>(
    limit: Duration,
    work: impl Future<Output = T> + Send + 'static,
) -> Result<T, Failed> {
    let writes = Arc::new(AtomicU8::new(NOTHING));
    let mut task = AbortOnDrop(tokio::spawn(WRITES.scope(writes.clone(), work)));
    let (failure, stopped) = match tokio::time::timeout(limit, &mut task.0).await {
        Ok(Ok(done)) => return Ok(done),
        Ok(Err(e)) => (Failure::Panicked(panic_text(e)), true),
        Err(_) => {
            task.0.abort();
            // Read what it wrote only once it is gone: a write can no longer start or end.
            let gone = tokio::time::timeout(LET_GO, &mut task.0).await.is_ok();
            (Failure::TimedOut(limit), gone)
        }
    };
    let written = match writes.load(Ordering::SeqCst) {
        DONE => Written::Committed,
        NOTHING if stopped => Written::Nothing,
        _ => Written::InDoubt,
    };
    Err(Failed { failure, written })
}

fn panic_text(e: tokio::task::JoinError) -> String {
    if !e.is_panic() {
        return "cancelled".to_owned();
    }
    let payload = e.into_panic();
    match payload.downcast_ref::<&str>() {
        Some(s) => (*s).to_owned(),
        None => payload.downcast_ref::<String>().cloned().unwrap_or_else(|| "a panic".to_owned()),
    }
}

/// The first pause before a supervised task is started again, doubling up to [`MOST`].
const FIRST: Duration = Duration::from_millis(100);
const MOST: Duration = Duration::from_secs(30);
/// A task that ran this long starts again after the first pause.
const STEADY: Duration = Duration::from_secs(60);

/// Keeps a long-lived task running: `start` makes it, or gives `None` when there is nothing to
/// run any more (what it served is gone). When it panics or ends while `start` still has it
/// to run, that is logged and it is started again after a pause (0.1 s, doubling to 30 s;
/// 0.1 s again after a minute of running). Dropping (aborting) the supervisor stops the task.
pub async fn supervise<F, Fut>(name: &'static str, mut start: F)
where
    F: FnMut() -> Option<Fut>,
    Fut: Future<Output = ()> + Send + 'static,
{
    let mut pause = FIRST;
    let mut next = start();
    while let Some(run) = next.take() {
        let began = tokio::time::Instant::now();
        let mut task = AbortOnDrop(tokio::spawn(run));
        let panic = match (&mut task.0).await {
            Ok(()) => None,
            Err(e) if e.is_panic() => Some(panic_text(e)),
            // Cancelled: the runtime is shutting down.
            Err(_) => return,
        };
        if began.elapsed() >= STEADY {
            pause = FIRST;
        }
        match panic {
            Some(panic) => {
                tracing::error!(task = name, %panic, retry_in = ?pause, "supervised task panicked");
                tokio::time::sleep(pause).await;
                next = start();
            }
            None => {
                next = start();
                if next.is_some() {
                    tracing::warn!(task = name, retry_in = ?pause, "supervised task ended");
                    tokio::time::sleep(pause).await;
                }
            }
        }
        pause = (pause * 2).min(MOST);
    }
}

#[cfg(test)]
#[path = "contain_tests.rs"]
mod tests;
