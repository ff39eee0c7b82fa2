//! The queue at a table («очередь», «на вылет»): a table setting. People who are not seated
//! press «Next in line» and wait in the order they pressed; when the next match starts, the
//! people in line sit down: first in the computers' seats (a leaver's included), then in the
//! seats of the side that lost the match just played, in seat order, as far as the line goes.
//! Who made room goes to the back of the line ([`Rotation::Queue`]) or leaves the table
//! ([`Rotation::Knockout`]). In a lobby a seat that frees goes to the first in line at once.

use super::command::Rejection;
use super::event::Event;
use super::table::{Phase, Seat, Table};
use crate::ids::Person;
use serde::{Deserialize, Serialize};

/// The most people waiting in line at one table.
pub const MAX_QUEUE: usize = 16;

/// What the people who made room do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rotation {
    /// «очередь»: they go to the back of the line.
    Queue,
    /// «на вылет»: they leave the table (and may press «Next in line» again).
    Knockout,
}

impl Rotation {
    pub const ALL: [Rotation; 2] = [Rotation::Queue, Rotation::Knockout];

    pub const fn key(self) -> &'static str {
        match self {
            Rotation::Queue => "queue",
            Rotation::Knockout => "out",
        }
    }

    pub fn from_key(s: &str) -> Option<Rotation> {
        Rotation::ALL.into_iter().find(|r| r.key() == s)
    }
}

impl Table {
    /// Where `person` stands in line (0 is next), if they wait.
    pub fn place_in_line(&self, person: &Person) -> Option<usize> {
        self.queue.iter().position(|p| p.id == person.id)
    }

    /// `person` gets in line, or (already waiting) out of it.
    pub(super) fn toggle_queue(
        &mut self,
        person: &Person,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if self.rotation.is_none() {
            return Err(Rejection::QueueOff);
        }
        if let Some(i) = self.place_in_line(person) {
            self.queue.remove(i);
            ev.push(Event::Unqueued { person: person.clone() });
            return Ok(());
        }
        if self.seat_of(&person.id).is_some() {
            return Err(Rejection::AlreadySeated);
        }
        if self.private {
            return Err(Rejection::PrivateTable);
        }
        match self.phase {
            Phase::Challenge { .. } => return Err(Rejection::NotInvited),
            // A lobby with a free seat has no line: sit down.
            Phase::Lobby if !self.is_full() => return Err(Rejection::SeatFree),
            _ => {}
        }
        if self.queue.len() >= MAX_QUEUE {
            return Err(Rejection::QueueFull { limit: MAX_QUEUE });
        }
        self.queue.push(person.clone());
        ev.push(Event::Queued { person: person.clone(), place: self.queue.len() as u8 });
        Ok(())
    }

    /// The host turns the queue on (either kind) or off; off sends everybody waiting away.
    pub(super) fn set_rotation(
        &mut self,
        rotation: Option<Rotation>,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if self.private && rotation.is_some() {
            return Err(Rejection::PrivateTable);
        }
        if rotation.is_none() {
            self.queue.clear();
        }
        self.rotation = rotation;
        ev.push(Event::RotationSet { rotation });
        Ok(())
    }

    /// Between matches, a newcomer who is not first in line waits their turn.
    pub(super) fn queue_first(&self, person: &Person) -> Result<(), Rejection> {
        match self.queue.first() {
            Some(first) if self.phase == Phase::Finished && first.id != person.id => {
                Err(Rejection::QueueAhead)
            }
            _ => Ok(()),
        }
    }

    /// The seats the people in line take when the next match starts, in order: computers'
    /// seats, then the seats of the side that lost the match just played (the goat; at two
    /// sides, the side that did not win; each for himself at three or more, every seat but
    /// the winner's), each in seat order. As many as people wait.
    pub fn making_room(&self) -> Vec<usize> {
        if self.rotation.is_none() || self.phase != Phase::Finished || self.queue.is_empty() {
            return Vec::new();
        }
        let outcome = self.game.as_ref().and_then(|g| g.outcome);
        let lost = |s: usize| {
            let side = self.rules.side_of(s);
            match outcome.map(|o| (o.winner, o.loser)) {
                Some((_, Some(l))) => side == l,
                Some((Some(w), None)) => side != w,
                _ => false,
            }
        };
        let computer = |s: &usize| self.seats[*s].as_ref().is_none_or(|st| st.person().is_none());
        let seats = 0..self.seats.len();
        let people = seats.clone().filter(|s| !computer(s) && lost(*s));
        seats.filter(computer).chain(people).take(self.queue.len()).collect()
    }

    /// The next match begins: the people in line take the seats [`Table::making_room`] names.
    pub(super) fn rotate(&mut self, ev: &mut Vec<Event>) {
        let room = self.making_room();
        let mut gone = Vec::new();
        for &s in &room {
            let person = self.queue.remove(0);
            let replaced = self.seats[s].as_ref().and_then(Seat::person).cloned();
            let requeued = replaced.is_some() && self.rotation == Some(Rotation::Queue);
            self.seats[s] = Some(Seat::human(person.clone()));
            ev.push(Event::NextUp { seat: s as u8, person, replaced: replaced.clone(), requeued });
            gone.extend(replaced);
        }
        // Who made room goes to the back of the line after everyone still waiting.
        if self.rotation == Some(Rotation::Queue) {
            self.queue.extend(gone.iter().cloned());
        }
        // A host who made room passes the table to whoever stayed (else the first seated).
        if gone.iter().any(|p| p.id == self.host) {
            let stayed = self.humans().find(|(s, _)| !room.contains(s));
            let next = stayed.or_else(|| self.humans().next()).map(|(_, p)| p.clone());
            let next = next.expect("people seated");
            self.host = next.id.clone();
            ev.push(Event::HostChanged { person: next });
        }
    }

    /// A seat freed in a lobby goes to the first in line.
    pub(super) fn seat_next_in_line(&mut self, s: usize, ev: &mut Vec<Event>) {
        if self.phase != Phase::Lobby || self.seats[s].is_some() || self.queue.is_empty() {
            return;
        }
        let person = self.queue.remove(0);
        self.seats[s] = Some(Seat::human(person.clone()));
        ev.push(Event::NextUp { seat: s as u8, person, replaced: None, requeued: false });
    }
}
