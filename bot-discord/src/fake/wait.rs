//! Waiting on the bot: until a condition holds, and until it is idle by its own account.

use super::{ANSWER_WITHIN, Answered, Fake};
use std::time::Duration;

impl Fake {
    /// A bot run against this fake tells it when it is idle ([`crate::Status::idle`]): from
    /// then on [`Fake::quiet`] asks it rather than waiting for a spell of silence.
    pub fn follow(&self, status: &crate::Status) {
        self.shared.bots.lock().unwrap().push(status.clone());
    }

    /// Waits until the bot has done everything it was given: every interaction pushed has its
    /// first answer (or was handed to the bot over 3 s ago: a bot killed with it in hand) and
    /// every bot it [`Fake::follow`]s says it is idle, three checks running 1 ms apart with no
    /// call made meanwhile. Without a bot to follow, 80 ms of silence stand in. A bot that
    /// never falls idle within 30 s fails the test.
    pub async fn quiet(&self) {
        let bots = self.shared.bots.lock().unwrap().clone();
        if bots.is_empty() {
            return self.quiet_for(40).await;
        }
        let end = std::time::Instant::now() + Duration::from_secs(30);
        let mut seen = usize::MAX;
        let mut still = 0;
        while still < 3 {
            tokio::time::sleep(Duration::from_millis(1)).await;
            let (waiting, sent) = {
                let d = self.data();
                let lost = |a: &Answered| a.handed.is_some_and(|h| h.elapsed() > ANSWER_WITHIN);
                let waiting = d.answers.values().any(|a| a.callbacks.is_empty() && !lost(a));
                (waiting, d.requests.len())
            };
            let idle = !waiting && sent == seen && bots.iter().all(crate::Status::idle);
            still = if idle { still + 1 } else { 0 };
            seen = sent;
            assert!(std::time::Instant::now() < end, "the bot never fell idle in 30 s");
        }
    }

    /// No request for `polls` polls of 2 ms in a row: a longer stillness where a check counts
    /// what the bot sends afterwards, so that a slow machine's late work is not counted.
    pub async fn quiet_for(&self, polls: u32) {
        let mut seen = self.data().requests.len();
        let mut still = 0;
        while still < polls {
            tokio::time::sleep(Duration::from_millis(2)).await;
            let now = self.data().requests.len();
            still = if now == seen { still + 1 } else { 0 };
            seen = now;
        }
    }

    /// Polls until `f` gives something (a few seconds at most).
    pub async fn until<T>(&self, what: &str, mut f: impl FnMut(&Fake) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(v) = f(self) {
                return v;
            }
            if tokio::time::Instant::now() > deadline {
                panic!(
                    "timed out waiting for {what}; requests: {:#?}",
                    self.requests().iter().rev().take(8).collect::<Vec<_>>()
                );
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
}
