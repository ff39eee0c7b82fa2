//! How fast the bot may write: per chat, per group and overall. Telegram allows about one
//! message a second in a chat, 20 a minute in a group and 30 a second in all; `Throttle` paces
//! sends only, so the outbox paces every send and edit itself with these budgets.

use std::collections::VecDeque;
use std::time::Duration;
use tokio::time::Instant;

/// The limits the outbox keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pacing {
    /// Shortest time between two messages (sends or edits) in one chat.
    pub chat_gap: Duration,
    /// Messages a group may get within `group_window`.
    pub group_limit: u32,
    pub group_window: Duration,
    /// Messages only one member sees (ephemeral sends and edits) a group may get within
    /// `group_window`, apart from `group_limit`: whether Telegram counts them with the
    /// group's messages is not documented. Answers to a person's own press or command (due
    /// within 15 s) wait for no budget.
    pub ephemeral_limit: u32,
    /// Messages per second over all chats.
    pub overall_per_sec: u32,
}

impl Pacing {
    /// Telegram's documented limits.
    pub const TELEGRAM: Pacing = Pacing {
        chat_gap: Duration::from_secs(1),
        group_limit: 20,
        group_window: Duration::from_secs(60),
        ephemeral_limit: 20,
        overall_per_sec: 30,
    };

    /// No pacing to speak of (a fake Bot API server in tests).
    pub const FAST: Pacing = Pacing {
        chat_gap: Duration::ZERO,
        group_limit: 100_000,
        group_window: Duration::from_secs(1),
        ephemeral_limit: 100_000,
        overall_per_sec: 100_000,
    };
}

impl Default for Pacing {
    fn default() -> Self {
        Pacing::TELEGRAM
    }
}

/// A sliding window of the instants messages went out.
#[derive(Clone, Debug, Default)]
pub(crate) struct Budget {
    sent: VecDeque<Instant>,
}

impl Budget {
    /// How long to wait before one more message may go out, given at most `limit` per `window`
    /// and `gap` between two.
    pub(crate) fn wait(
        &mut self,
        now: Instant,
        limit: u32,
        window: Duration,
        gap: Duration,
    ) -> Duration {
        while self.sent.front().is_some_and(|&t| now.duration_since(t) >= window) {
            self.sent.pop_front();
        }
        let mut wait = Duration::ZERO;
        if let Some(&last) = self.sent.back() {
            wait = wait.max(gap.saturating_sub(now.duration_since(last)));
        }
        if limit > 0 && self.sent.len() >= limit as usize {
            let oldest = self.sent[self.sent.len() - limit as usize];
            wait = wait.max(window.saturating_sub(now.duration_since(oldest)));
        }
        wait
    }

    pub(crate) fn take(&mut self, now: Instant) {
        self.sent.push_back(now);
    }

    /// The instants in the budget as Unix milliseconds (`now` is `now_ms`), to be remembered.
    pub(crate) fn unix_ms(&self, now: Instant, now_ms: i64) -> Vec<i64> {
        self.sent.iter().map(|&t| now_ms - now.duration_since(t).as_millis() as i64).collect()
    }

    /// Nothing in the window any more: the budget can be forgotten.
    pub(crate) fn idle(&self, now: Instant, window: Duration) -> bool {
        self.sent.back().is_none_or(|&t| now.duration_since(t) >= window)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_holds_at_most_the_limit() {
        let t0 = Instant::now();
        let mut b = Budget::default();
        let (limit, window, gap) = (3, Duration::from_secs(10), Duration::from_secs(1));
        let mut now = t0;
        let mut times = Vec::new();
        for _ in 0..7 {
            now += b.wait(now, limit, window, gap);
            b.take(now);
            times.push(now.duration_since(t0).as_secs());
        }
        assert_eq!(times, [0, 1, 2, 10, 11, 12, 20]);
        assert!(!b.idle(now, window));
        assert!(b.idle(now + window, window));
    }
}
