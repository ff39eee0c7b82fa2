//! A table for a tournament's fixture: everyone of it seated by the tournament, the match
//! started at once (nobody has to join or press «start»). It plays that match and nothing
//! else: a rematch there is refused ([`Rejection::FixtureTable`]), so the table's only match
//! is the fixture's.

use super::apply::NewTable;
use super::command::Rejection;
use super::event::Event;
use super::table::{Seat, Table};
use crate::ids::{Millis, Person};
use serde::{Deserialize, Serialize};

/// Which tournament's fixture a table plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FixtureOf {
    pub tournament: i64,
    pub fixture: usize,
}

/// The match of a fixture's table that is the fixture's: its first and only one.
pub const FIXTURE_MATCH: u32 = 1;

impl Table {
    /// A table with `people` in their seats, in order (the first is the host), playing
    /// `of`. A pair game seats partners across (seats 0 and 2 against 1 and 3): pass them as
    /// side 0's first, side 1's first, side 0's second, side 1's second.
    pub fn fixture(
        new: NewTable,
        of: FixtureOf,
        people: Vec<Person>,
        now: Millis,
    ) -> Result<(Table, Vec<Event>), Rejection> {
        if people.len() != new.size as usize {
            return Err(Rejection::Full);
        }
        let mut people = people.into_iter();
        let host = people.next().ok_or(Rejection::NoHumans)?;
        let (mut table, mut events) = Table::create(new, host, now)?;
        table.fixture = Some(of);
        for (i, person) in people.enumerate() {
            let seat = i + 1;
            table.seats[seat] = Some(Seat::human(person.clone()));
            events.push(Event::Joined { seat: seat as u8, person });
        }
        table.start(now, &mut events)?;
        Ok((table, events))
    }

    /// Refused at a fixture's table: it plays its fixture's match only.
    pub(super) fn not_a_fixture(&self) -> Result<(), Rejection> {
        match self.fixture {
            Some(_) => Err(Rejection::FixtureTable),
            None => Ok(()),
        }
    }
}
