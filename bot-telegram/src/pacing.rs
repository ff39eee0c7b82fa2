//! How fast the bot may write: per chat, per group and overall. Telegram allows about one
//! message a second in a chat, 20 a minute in a group and 30 a second in all; `Throttle` paces
//! sends only, so the outbox paces every send and edit itself with these budgets, spending them
//! by worth (`jobs::Class`).
//!
//! Two things Telegram does not document are assumed, and are settings (`Pacing::from_env`):
//! messages only one member sees (ephemeral) have a budget of their own beside the group's 20
//! a minute, and an answer to a person's own press or command within 15 s (their hand edited
//! as the answer to their move) is counted in neither, like `answerCallbackQuery`. An operator
//! who sees 429s set `DOMINO_TG_EPHEMERAL_PER_MIN` lower or `DOMINO_TG_COUNT_ANSWERS=1`.

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
    /// The shortest time between two edits of one table message while its round flows (only
    /// moves): the edits in between are coalesced into one. A round's end, a vote or a seat
    /// goes at once.
    pub table_gap: Duration,
    /// Messages of each group budget (the group's and the ephemeral one) kept for what cannot
    /// wait (a round's end, a reply, the hand of the person to move): a flowing table and
    /// pings leave one reserve alone, the other hands two, spectators' views three
    /// (`jobs::Class::reserves_kept`).
    pub reserve: u32,
    /// Whether an answer to a person's own action (within 15 s) counts against the group's
    /// ephemeral budget. Telegram does not say; by default it does not.
    pub answers_counted: bool,
}

impl Pacing {
    /// Telegram's documented limits.
    pub const TELEGRAM: Pacing = Pacing {
        chat_gap: Duration::from_secs(1),
        group_limit: 20,
        group_window: Duration::from_secs(60),
        ephemeral_limit: 20,
        overall_per_sec: 30,
        table_gap: Duration::from_secs(3),
        reserve: 5,
        answers_counted: false,
    };

    /// No pacing to speak of (a fake Bot API server in tests).
    pub const FAST: Pacing = Pacing {
        chat_gap: Duration::ZERO,
        group_limit: 100_000,
        group_window: Duration::from_secs(1),
        ephemeral_limit: 100_000,
        overall_per_sec: 100_000,
        table_gap: Duration::ZERO,
        reserve: 0,
        answers_counted: false,
    };

    /// The budgets an operator set, over Telegram's: `DOMINO_TG_GROUP_PER_MIN` (20),
    /// `DOMINO_TG_EPHEMERAL_PER_MIN` (20), `DOMINO_TG_CHAT_GAP_MS` (1000),
    /// `DOMINO_TG_PER_SEC` (30), `DOMINO_TG_TABLE_GAP_MS` (3000), `DOMINO_TG_RESERVE` (5),
    /// `DOMINO_TG_COUNT_ANSWERS` (0 or 1). A value out of its range is refused with the range.
    pub fn from_env() -> Result<Pacing, String> {
        Pacing::from_vars(|name| std::env::var(name).ok())
    }

    /// [`Pacing::from_env`] over any source of variables.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Pacing, String> {
        let mut p = Pacing::TELEGRAM;
        let num = |name: &str, lo: u64, hi: u64| -> Result<Option<u64>, String> {
            let Some(v) = var(name).filter(|v| !v.trim().is_empty()) else { return Ok(None) };
            match v.trim().parse::<u64>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
                _ => Err(format!("{name} must be a whole number from {lo} to {hi}, not {v:?}")),
            }
        };
        if let Some(n) = num("DOMINO_TG_GROUP_PER_MIN", 1, 600)? {
            p.group_limit = n as u32;
        }
        if let Some(n) = num("DOMINO_TG_EPHEMERAL_PER_MIN", 1, 600)? {
            p.ephemeral_limit = n as u32;
        }
        if let Some(n) = num("DOMINO_TG_CHAT_GAP_MS", 0, 60_000)? {
            p.chat_gap = Duration::from_millis(n);
        }
        if let Some(n) = num("DOMINO_TG_PER_SEC", 1, 1_000)? {
            p.overall_per_sec = n as u32;
        }
        if let Some(n) = num("DOMINO_TG_TABLE_GAP_MS", 0, 60_000)? {
            p.table_gap = Duration::from_millis(n);
        }
        if let Some(n) = num("DOMINO_TG_RESERVE", 0, 100)? {
            p.reserve = n as u32;
        }
        if let Some(n) = num("DOMINO_TG_COUNT_ANSWERS", 0, 1)? {
            p.answers_counted = n == 1;
        }
        if p.reserve >= p.group_limit.min(p.ephemeral_limit) {
            return Err(format!(
                "DOMINO_TG_RESERVE ({}) must be under both budgets per minute ({} and {})",
                p.reserve, p.group_limit, p.ephemeral_limit
            ));
        }
        Ok(p)
    }

    /// A budget's limit for a job of `class`: the whole of it, or its part beyond the reserves
    /// the class leaves alone (at least one message a window).
    pub(crate) fn limit_for(&self, limit: u32, class: crate::jobs::Class) -> u32 {
        match class.reserves_kept() {
            0 => limit,
            n => limit.saturating_sub(self.reserve * n).max(1),
        }
    }
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

    #[test]
    fn budgets_from_the_environment_are_held_to_their_ranges() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(Pacing::from_vars(vars(&[])), Ok(Pacing::TELEGRAM));
        let p = Pacing::from_vars(vars(&[
            ("DOMINO_TG_EPHEMERAL_PER_MIN", "12"),
            ("DOMINO_TG_TABLE_GAP_MS", "5000"),
            ("DOMINO_TG_COUNT_ANSWERS", "1"),
        ]))
        .unwrap();
        assert_eq!(p.ephemeral_limit, 12);
        assert_eq!(p.table_gap, Duration::from_secs(5));
        assert!(p.answers_counted);
        for bad in [("DOMINO_TG_GROUP_PER_MIN", "0"), ("DOMINO_TG_RESERVE", "x")] {
            let e = Pacing::from_vars(vars(Box::leak(Box::new([bad])))).unwrap_err();
            assert!(e.starts_with(bad.0), "{e}");
        }
        let e = Pacing::from_vars(vars(&[("DOMINO_TG_RESERVE", "20")])).unwrap_err();
        assert!(e.contains("under both budgets"), "{e}");
    }
}
