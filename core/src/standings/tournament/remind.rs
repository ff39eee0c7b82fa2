//! Who is due, told once: when a deadline comes near (a day before it, or a quarter of the time
//! to it when that is shorter) and fixtures are still open, [`Event::Due`] names them. A
//! tournament reminds once (`Tournament::reminded`), so the chat is not told again each round.

use super::command::Event;
use super::{DAY, State, Tournament};
use crate::ids::Millis;

impl Tournament {
    /// When the reminder is due: `None` without a deadline.
    pub fn remind_at(&self) -> Option<Millis> {
        let (start, deadline) = (self.started_at?, self.deadline?);
        Some(deadline - DAY.min((deadline - start) / 4))
    }

    pub(super) fn remind(&mut self, now: Millis, ev: &mut Vec<Event>) {
        if self.reminded || !matches!(self.state, State::Running { .. }) {
            return;
        }
        if self.remind_at().is_none_or(|at| now < at) || self.deadline.is_some_and(|d| now >= d) {
            return;
        }
        let fixtures: Vec<_> =
            (0..self.fixtures.len()).filter(|&n| self.fixtures[n].is_open()).collect();
        if fixtures.is_empty() {
            return;
        }
        self.reminded = true;
        ev.push(Event::Due { fixtures });
    }
}
