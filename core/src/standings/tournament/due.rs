//! When a tournament next has work for the service (`Tournament::due_at`, kept by the store
//! beside it so the timer loop reads only tournaments with due work), and when its enrolment
//! runs out: a round robin or a pairs night that was never started closes by itself
//! `bounds::ENROLMENT_DAYS` after it was made (an arena opens and closes by its window).

use super::{DAY, Format, State, Tournament};
use crate::bounds;
use crate::ids::Millis;

impl Tournament {
    /// When enrolment runs out: `None` for an arena, which has its window.
    pub fn enrol_until(&self) -> Option<Millis> {
        match self.format {
            Format::Arena { .. } => None,
            _ => Some(self.created_at + Millis::from(bounds::ENROLMENT_DAYS) * DAY),
        }
    }

    /// Still enrolling at `now` past the time enrolment runs out.
    pub(super) fn enrolment_over(&self, now: Millis) -> bool {
        self.state == State::Enrolling && self.enrol_until().is_some_and(|until| now >= until)
    }

    /// When the service next has work on it: enrolling, when enrolment runs out (an arena:
    /// when its window opens); running, at once (its tables' results, tables to open, the
    /// time passing: the service paces it); closed, never.
    pub fn due_at(&self) -> Option<Millis> {
        match (&self.state, &self.format) {
            (State::Closed { .. }, _) => None,
            (State::Enrolling, Format::Arena { window_start, .. }) => Some(*window_start),
            (State::Enrolling, _) => self.enrol_until(),
            (State::Running { .. }, _) => Some(self.started_at.unwrap_or(self.created_at)),
        }
    }
}
