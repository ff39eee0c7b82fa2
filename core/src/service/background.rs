//! Work that keeps a core busy for a while (a computer player's thinking, people's hints and
//! reviews, a replay's drawing) runs on threads of its own at a lower priority than the
//! threads that answer presses: when every core is busy, a person's press is answered first
//! and the thinking waits a little. Without it, on a machine as small as two cores, a press
//! queued behind the computers' and the drawings' threads for hundreds of milliseconds.
//!
//! The permits (`Options::thinkers`, `AdviceLimits::thinkers`) still say how much of it runs
//! at once: a job is handed over only with a permit held, and there is a thread for every
//! permit, so no job waits for a thread. The caller waits on tokio's blocking pool
//! ([`Background::run`]), as it did when the work ran there: for tokio the work is blocking
//! work in progress (paused time does not jump over it) and a panic in it is the caller's
//! `JoinError`.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

/// How much lower the background threads run: a niceness of 10 gives a thread a tenth of the
/// weight of one at the default, so it takes what the presses leave.
const NICENESS: i32 = 10;

type Job = Box<dyn FnOnce() + Send>;

/// The background threads, as many as the permits they serve; they end with the last handle.
#[derive(Clone)]
pub(super) struct Background {
    jobs: Arc<Mutex<Sender<Job>>>,
}

impl Background {
    /// Starts `threads` background threads (at least one).
    pub(super) fn start(threads: usize) -> Background {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..threads.max(1) {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("domino-think-{n}"))
                .spawn(move || serve(&queue));
            if let Err(e) = spawned {
                tracing::warn!(error = %e, "a background thread not started");
            }
        }
        Background { jobs: Arc::new(Mutex::new(jobs)) }
    }

    /// Runs `work` on a background thread and waits for it on tokio's blocking pool; a panic
    /// in it is the returned `JoinError`, as with `spawn_blocking`. Where no background
    /// thread takes it (none could be started), it runs on the blocking pool itself.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, tokio::task::JoinError> {
        let jobs = self.jobs.clone();
        tokio::task::spawn_blocking(move || {
            let (done, result) = channel();
            let job: Job = Box::new(move || {
                let _ = done.send(catch_unwind(AssertUnwindSafe(work)));
            });
            let handed = jobs.lock().unwrap_or_else(|e| e.into_inner()).send(job);
            let outcome = match handed {
                Ok(()) => result.recv().ok(),
                Err(back) => {
                    (back.0)();
                    result.recv().ok()
                }
            };
            match outcome {
                Some(Ok(value)) => value,
                Some(Err(panic)) => resume_unwind(panic),
                None => panic!("a background thread ended with work in hand"),
            }
        })
        .await
    }
}

/// A background thread: lowers its own priority, then runs the jobs handed to it until every
/// handle is gone.
fn serve(queue: &Mutex<Receiver<Job>>) {
    lower_priority();
    loop {
        let next = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
        match next {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// This thread's niceness raised by [`NICENESS`] (Linux sets it per thread); elsewhere,
/// nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `setpriority` on the calling thread (`who` 0) only changes its scheduling
        // weight; any error leaves it as it was.
        let done = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, NICENESS) };
        if done != 0 {
            tracing::debug!("background thread's priority not lowered");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_runs_on_a_lowered_thread_and_a_panic_is_the_callers() {
        let background = Background::start(2);
        let name = background.run(|| std::thread::current().name().map(str::to_owned)).await;
        assert!(name.unwrap().is_some_and(|n| n.starts_with("domino-think-")));
        #[cfg(target_os = "linux")]
        {
            // SAFETY: reads the calling thread's niceness.
            let nice = background.run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) });
            let here = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
            assert_eq!(nice.await.unwrap(), (here + NICENESS).min(19));
        }
        let failed = background.run(|| -> u32 { panic!("thought too hard") }).await;
        assert!(failed.unwrap_err().is_panic());
        assert_eq!(background.run(|| 6 * 7).await.unwrap(), 42, "the thread lives on");
    }
}
