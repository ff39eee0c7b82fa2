//! A table for a tournament's fixture: everyone of it seated by the tournament, the match
//! started at once (nobody has to join or press «start»).

use super::apply::NewTable;
use super::command::Rejection;
use super::event::Event;
use super::table::{Seat, Table};
use crate::ids::{Millis, Person};

impl Table {
    /// A table with `people` in their seats, in order (the first is the host), playing. A pair
    /// game seats partners across (seats 0 and 2 against 1 and 3): pass them as side 0's
    /// first, side 1's first, side 0's second, side 1's second.
    pub fn fixture(
        new: NewTable,
        people: Vec<Person>,
        now: Millis,
    ) -> Result<(Table, Vec<Event>), Rejection> {
        if people.len() != new.size as usize {
            return Err(Rejection::Full);
        }
        let mut people = people.into_iter();
        let host = people.next().ok_or(Rejection::NoHumans)?;
        let (mut table, mut events) = Table::create(new, host, now)?;
        for (i, person) in people.enumerate() {
            let seat = i + 1;
            table.seats[seat] = Some(Seat::human(person.clone()));
            events.push(Event::Joined { seat: seat as u8, person });
        }
        table.start(now, &mut events)?;
        Ok((table, events))
    }
}
