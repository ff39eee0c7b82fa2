//! Pausing a match by agreement: a majority of the people seated votes «Pause»; the turn timer
//! and the match clock stop, nobody moves (computers neither) until any person seated presses
//! «Resume», or [`PAUSE_MS`] has passed and it resumes by itself. The turn's deadline and the
//! clock's flag move on by the time paused: nobody loses a second to it.

use super::command::Rejection;
use super::event::Event;
use super::table::{Paused, Seat, Table};
use crate::ids::Millis;

/// The longest pause: the match resumes by itself after this long.
pub const PAUSE_MS: Millis = 15 * 60 * 1000;

impl Table {
    /// Whether the match is paused.
    pub fn is_paused(&self) -> bool {
        self.paused.is_some()
    }

    /// Refuses what a pause stops: a move, a hint.
    pub(super) fn not_paused(&self) -> Result<(), Rejection> {
        if self.is_paused() { Err(Rejection::Paused) } else { Ok(()) }
    }

    /// People seated (not computers, not those who left): who votes, and how many make a
    /// majority.
    pub(super) fn majority(&self) -> u8 {
        self.humans().count() as u8 / 2 + 1
    }

    /// Seat `s` votes to pause; a majority of the people seated pauses the match at once.
    pub(super) fn vote_pause(
        &mut self,
        s: usize,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        self.in_match()?;
        self.not_paused()?;
        if self.pause_votes.contains(&(s as u8)) {
            return Err(Rejection::AlreadyVoted);
        }
        self.pause_votes.push(s as u8);
        let (votes, needed) = (self.pause_votes.len() as u8, self.majority());
        ev.push(Event::PauseVote { seat: s as u8, votes, needed });
        if votes >= needed {
            let turn_left = self.deadline.map(|d| (d - now).max(0));
            self.deadline = None;
            self.clock_pause(now, false);
            let until = now + PAUSE_MS;
            self.paused = Some(Paused { since: now, until, turn_left });
            self.pause_votes.clear();
            ev.push(Event::Paused { until });
        }
        Ok(())
    }

    /// The match goes on: pressed by seat `s`, or by itself (`None`) when the pause is over.
    /// The person to move gets back the turn's time that was left, and their side's clock
    /// runs again from its bank.
    pub(super) fn resume(
        &mut self,
        by: Option<usize>,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        let paused = self.paused.take().ok_or(Rejection::NotPaused)?;
        ev.push(Event::Resumed { seat: by.map(|s| s as u8) });
        let person_to_move = self
            .to_move()
            .filter(|&s| self.seats[s].as_ref().is_some_and(|st| !Seat::is_automatic(st)));
        match person_to_move {
            Some(s) => {
                // Someone who came back during the pause gets a whole turn.
                let left = paused.turn_left.or(self.turn_secs.map(|t| t as Millis * 1000));
                self.deadline = left.map(|l| now + l);
                self.clock_resume(s, now);
            }
            // A computer's turn (someone left during the pause): the computer moves now.
            None => self.settle(now, ev),
        }
        Ok(())
    }

    /// The pause is over by itself (`tick`). Whether it was.
    pub(super) fn pause_over(&mut self, now: Millis, ev: &mut Vec<Event>) -> bool {
        match self.paused {
            Some(p) if p.until <= now => self.resume(None, now, ev).is_ok(),
            _ => false,
        }
    }
}
