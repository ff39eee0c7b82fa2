//! Choosing seats in the lobby: a person sits in a seat or (pairs) on a side and may move to
//! another free one; the host swaps two seats or shuffles them by lot. Partners sit opposite:
//! seats 1 and 3 (N/S) play together against seats 2 and 4 (E/W).

use super::command::Rejection;
use super::event::Event;
use super::robot::mix;
use super::table::{Phase, Table};
use crate::engine::rules::Teams;
use crate::ids::{Millis, Person};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

impl Table {
    /// Sits `p` in seat `s`: joins there, or moves there from the seat they hold (lobby).
    pub(super) fn sit(
        &mut self,
        p: &Person,
        s: u8,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        match self.seat_of(&p.id) {
            None => self.join(p, Some(s), now, ev),
            Some(from) => {
                self.in_lobby()?;
                let to = self.free_seat(Some(s))?;
                self.seats[to] = self.seats[from].take();
                ev.push(Event::SeatChanged { from: from as u8, to: to as u8 });
                Ok(())
            }
        }
    }

    /// Pairs: sits `p` in the first free seat of `side`, joining or moving there (lobby).
    pub(super) fn sit_side(
        &mut self,
        p: &Person,
        side: u8,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if self.rules.teams() != Teams::Pairs {
            return Err(Rejection::NotPairs);
        }
        if side > 1 {
            return Err(Rejection::NoSuchSeat);
        }
        let of_side = |s: &usize| self.rules.side_of(*s) == side as usize;
        if self.seat_of(&p.id).is_some_and(|s| of_side(&s)) {
            return Err(Rejection::AlreadySeated);
        }
        let free = (0..self.seats.len()).filter(of_side).find(|&s| self.seats[s].is_none());
        let s = free.ok_or(Rejection::SideFull)?;
        self.sit(p, s as u8, now, ev)
    }

    /// The host swaps the occupants of seats `a` and `b` (either may be empty, not both).
    pub(super) fn swap_seats(
        &mut self,
        a: u8,
        b: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        let (i, j) = (a as usize, b as usize);
        let n = self.seats.len();
        if i == j || i >= n || j >= n || (self.seats[i].is_none() && self.seats[j].is_none()) {
            return Err(Rejection::NoSuchSeat);
        }
        self.seats.swap(i, j);
        ev.push(Event::SeatsSwapped { a, b });
        Ok(())
    }

    /// The host shuffles the seats by lot: a Fisher–Yates over ChaCha8 seeded from the table's
    /// seed and version, so that the log replays to the same seats.
    pub(super) fn shuffle(&mut self, ev: &mut Vec<Event>) -> Result<(), Rejection> {
        let mut rng = ChaCha8Rng::seed_from_u64(mix(&[self.seed, self.version, 0x5EA7]));
        let mut order: Vec<usize> = (0..self.seats.len()).collect();
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        // The old seat `order[k]` goes to seat `k`.
        let old = std::mem::take(&mut self.seats);
        let mut went = vec![0u8; old.len()];
        for (k, &from) in order.iter().enumerate() {
            went[from] = k as u8;
        }
        let mut old: Vec<_> = old.into_iter().map(Some).collect();
        self.seats = order.iter().map(|&from| old[from].take().expect("each seat once")).collect();
        ev.push(Event::SeatsShuffled { seats: went });
        Ok(())
    }

    fn in_lobby(&self) -> Result<(), Rejection> {
        match self.phase {
            Phase::Lobby => Ok(()),
            Phase::Challenge { .. } => Err(Rejection::NotStarted),
            _ => Err(Rejection::AlreadyStarted),
        }
    }
}
