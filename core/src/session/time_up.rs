//! What happens when a person's turn timer runs out, as the chat chose
//! (`ChatSettings::time_up`, taken by a table when it opens): the computer moves for them (the
//! default: three in a row and it keeps the seat until they are back), or their side loses the
//! match, as when a match clock's flag falls. Casual game bots keep a group's game going for
//! the people still there; chess servers and competitive bots end it for the one out of time.

use super::event::Event;
use super::table::{Phase, Table};
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// What a person's turn timer running out does.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeUp {
    /// The computer makes the move for them (`MovedBy::Timeout`).
    #[default]
    Computer,
    /// Their side loses the match.
    Lose,
}

impl TimeUp {
    pub const ALL: [TimeUp; 2] = [TimeUp::Computer, TimeUp::Lose];

    /// The word the settings press writes.
    pub fn key(self) -> &'static str {
        match self {
            TimeUp::Computer => "computer",
            TimeUp::Lose => "lose",
        }
    }

    pub fn from_key(key: &str) -> Option<TimeUp> {
        TimeUp::ALL.into_iter().find(|t| t.key() == key)
    }

    /// Whether the default is kept (stored tables and settings leave it out).
    pub fn is_default(&self) -> bool {
        *self == TimeUp::default()
    }
}

impl Table {
    /// The seat whose turn timer ran out at `now` at a table where that loses the match (the
    /// timer's `Tick` takes it); `None` where the computer moves instead, or nothing is due.
    pub fn time_up_due(&self, now: Millis) -> Option<usize> {
        if self.time_up != TimeUp::Lose || self.phase != Phase::Playing || self.is_paused() {
            return None;
        }
        if self.deadline.is_none_or(|d| d > now) {
            return None;
        }
        let seat = self.to_move()?;
        let st = self.seats.get(seat)?.as_ref()?;
        (!st.is_automatic() && st.person().is_some()).then_some(seat)
    }

    /// The turn timer of `seat` ran out: its side loses the match.
    pub(super) fn time_up(&mut self, seat: usize, ev: &mut Vec<Event>) {
        ev.push(Event::TimeUp { seat: seat as u8 });
        self.lose_on_time(self.rules.side_of(seat), ev);
    }
}
