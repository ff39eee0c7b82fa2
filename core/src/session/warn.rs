//! Warnings before a person's time runs out: once a turn, the person to move is warned before
//! the turn timer gives their move to the computer, or before their side's clock falls,
//! whichever comes first. The warning comes [`WARN_BEFORE_MS`] before, or at half the time
//! when the limit is shorter than twice that (a 40 s turn is warned at 20 s left). It is a
//! timer's work like the others (`Action::Tick`): kept in the table (`Table::warned`, cleared
//! whenever a turn begins), so it is given once, after a restart too, by one process.

use super::event::Event;
use super::table::{Phase, Table};
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// How long before a deadline its warning comes (at most: half a shorter limit).
pub const WARN_BEFORE_MS: Millis = 30_000;

/// A warning given this turn: the time that was left, and of what.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    /// Time left when it was due (ms).
    pub left_ms: Millis,
    /// The side's match clock, not the turn timer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock: bool,
}

/// How long before the end of a `limit_ms` limit its warning comes.
pub const fn warn_lead(limit_ms: Millis) -> Millis {
    if limit_ms / 2 < WARN_BEFORE_MS { limit_ms / 2 } else { WARN_BEFORE_MS }
}

impl Table {
    /// The warning this turn still has due, and when: for the turn timer or the clock,
    /// whichever runs out first; `None` when it was given, or nobody is to be warned (no
    /// person to move, no limit).
    pub fn warn_at(&self) -> Option<(Millis, Warning)> {
        if self.phase != Phase::Playing || self.warned.is_some() {
            return None;
        }
        let seat = self.to_move()?;
        self.seats.get(seat)?.as_ref().filter(|st| !st.is_automatic())?.person()?;
        let timer = self.deadline.zip(self.turn_secs).map(|(end, secs)| {
            let lead = warn_lead(secs as Millis * 1000);
            (end, Warning { left_ms: lead, clock: false })
        });
        let clock = self.clocks.as_ref().and_then(|c| c.running).map(|r| {
            let lead = warn_lead(r.flag_at - r.since);
            (r.flag_at, Warning { left_ms: lead, clock: true })
        });
        let (end, warning) = match (timer, clock) {
            (Some(t), Some(c)) => {
                if c.0 < t.0 {
                    c
                } else {
                    t
                }
            }
            (t, c) => t.or(c)?,
        };
        (warning.left_ms > 0).then_some((end - warning.left_ms, warning))
    }

    /// Gives the warning due at `now`, if any (not once its deadline has passed: the timer
    /// takes the turn then). Whether one was given.
    pub(super) fn warn(&mut self, now: Millis, ev: &mut Vec<Event>) -> bool {
        let Some((at, warning)) = self.warn_at() else { return false };
        if now < at || now >= at + warning.left_ms {
            return false;
        }
        let Some(seat) = self.to_move() else { return false };
        self.warned = Some(warning);
        let left_ms = at + warning.left_ms - now;
        ev.push(Event::Warned { seat: seat as u8, left_ms, clock: warning.clock });
        true
    }
}
