//! Waiting on the bot: until a condition holds, and until it is idle by its own account.

use super::{Fake, St};
use std::time::Duration;
use tokio::time::Instant;

impl Fake {
    /// Waits for `what` to hold (at most 15 s).
    pub async fn until<T>(&self, what: &str, f: impl Fn(&St) -> Option<T>) -> T {
        let end = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(t) = f(&self.lock()) {
                return t;
            }
            if Instant::now() > end {
                let st = self.lock();
                let last: Vec<_> = st
                    .requests
                    .iter()
                    .rev()
                    .take(15)
                    .map(|r| (&r.method, r.status, r.body.to_string()))
                    .collect();
                panic!("timed out waiting for {what}; last requests: {last:#?}");
            }
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
    }

    /// A bot run against this fake tells it when it is idle ([`crate::Status::idle`]): from
    /// then on [`Fake::quiet`] asks it rather than waiting for a spell of silence.
    pub fn follow(&self, status: &crate::Status) {
        self.shared.bots.lock().unwrap_or_else(|e| e.into_inner()).push(status.clone());
    }

    /// Waits until the bot has done everything it was given: no update waits to be taken and
    /// every bot it [`Fake::follow`]s says it is idle (its updates handled, nothing shown by
    /// itself under way, no computer thinking, nothing due in its outbox), three checks
    /// running 1 ms apart with no call made meanwhile. Without a bot to follow, 50 ms of
    /// silence stand in. A bot that never falls idle within 30 s fails the test.
    pub async fn quiet(&self) {
        let bots = self.shared.bots.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let (needed, step) = match bots.is_empty() {
            true => (25, Duration::from_millis(2)),
            false => (3, Duration::from_millis(1)),
        };
        let end = std::time::Instant::now() + Duration::from_secs(30);
        let mut seen = usize::MAX;
        let mut still = 0;
        while still < needed {
            tokio::time::sleep(step).await;
            let (pending, sent) = self.with(|st| {
                let sent = st.requests.iter().filter(|r| r.method != "getupdates").count();
                (st.updates.len() + usize::from(st.in_hand), sent)
            });
            let idle = pending == 0 && sent == seen && bots.iter().all(crate::Status::idle);
            still = if idle { still + 1 } else { 0 };
            seen = sent;
            assert!(std::time::Instant::now() < end, "the bot never fell idle in 30 s");
        }
    }
}
