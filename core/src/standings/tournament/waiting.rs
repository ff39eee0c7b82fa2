//! A round robin of pairs enrols pairs: a person first waits for a partner
//! (`Command::AwaitPartner`), and whoever enrols naming them as the partner makes the pair.
//! Nobody is paired by the order they came in; a waiting person is no entrant, and leaving
//! (`Command::Withdraw`) or the start takes them off the list.

use super::command::{Event, Refusal};
use super::{State, Tournament};
use crate::ids::{Person, UserId};

impl Tournament {
    /// Whether `user` waits for a partner.
    pub fn is_waiting(&self, user: &UserId) -> bool {
        self.waiting.iter().any(|p| &p.id == user)
    }

    pub(super) fn await_partner(
        &mut self,
        person: &Person,
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        if self.format.people_per_entrant() != 2 {
            return Err(Refusal::NoPartners);
        }
        if self.state != State::Enrolling {
            return Err(Refusal::NotEnrolling);
        }
        if self.entrant_of(&person.id).is_some() || self.is_waiting(&person.id) {
            return Err(Refusal::AlreadyEnrolled);
        }
        if self.entrants.len() >= self.max_entrants as usize {
            return Err(Refusal::Full);
        }
        self.waiting.push(person.clone());
        ev.push(Event::Waiting { user: person.id.clone(), waits: true });
        Ok(())
    }

    /// Takes `user` off the waiting list, if they are on it.
    pub(super) fn stop_waiting(&mut self, user: &UserId, ev: &mut Vec<Event>) {
        if self.is_waiting(user) {
            self.waiting.retain(|p| &p.id != user);
            ev.push(Event::Waiting { user: user.clone(), waits: false });
        }
    }
}
