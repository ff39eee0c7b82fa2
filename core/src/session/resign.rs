//! Resigning a match. Each for himself, a resignation is the person's alone: the match ends.
//! In pairs it asks the partner: the partner confirms (the side resigns) or refuses (play goes
//! on), and without an answer in [`RESIGN_VOTE_MS`] the proposal lapses. A partner the
//! computer plays for (a computer seat, someone who left or is away) agrees at once.

use super::command::Rejection;
use super::event::Event;
use super::game::Outcome;
use super::table::{Phase, ResignVote, Seat, Table};
use crate::engine::rules::Teams;
use crate::ids::Millis;

/// How long a pair's resignation waits for the partner's answer.
pub const RESIGN_VOTE_MS: Millis = 2 * 60 * 1000;

impl Table {
    /// The partner of seat `s` in a pairs match.
    pub fn partner_of(&self, s: usize) -> Option<usize> {
        (self.rules.teams() == Teams::Pairs && self.seats.len() == 4).then_some((s + 2) % 4)
    }

    fn in_play(&self) -> Result<(), Rejection> {
        match self.phase {
            Phase::Playing => Ok(()),
            Phase::Finished => Err(Rejection::MatchOver),
            _ => Err(Rejection::NotStarted),
        }
    }

    /// «Resign» by seat `s`: at once each for himself or with a computer partner; in pairs
    /// otherwise the partner is asked (and a partner's «Resign» while asked is a yes).
    pub(super) fn resign(
        &mut self,
        s: usize,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        self.in_play()?;
        let Some(partner) = self.partner_of(s) else {
            self.resign_now(s, ev);
            return Ok(());
        };
        if let Some(vote) = self.resign_vote {
            return match vote.seat as usize {
                v if v == s => Err(Rejection::AlreadyVoted),
                v if v == partner => self.answer_resign(s, true, ev),
                _ => Err(Rejection::ResignPending),
            };
        }
        if self.seats[partner].as_ref().is_none_or(Seat::is_automatic) {
            self.resign_now(s, ev);
            return Ok(());
        }
        let expires_at = now + RESIGN_VOTE_MS;
        self.resign_vote = Some(ResignVote { seat: s as u8, expires_at });
        ev.push(Event::ResignProposed { seat: s as u8, partner: partner as u8, expires_at });
        Ok(())
    }

    /// The partner asked answers: yes (the side resigns) or no (the match goes on).
    pub(super) fn answer_resign(
        &mut self,
        s: usize,
        agreed: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        self.in_play()?;
        let vote = self.resign_vote.ok_or(Rejection::NoResignVote)?;
        if self.partner_of(vote.seat as usize) != Some(s) {
            return Err(Rejection::NotPartner);
        }
        self.resign_vote = None;
        ev.push(Event::ResignAnswered { seat: s as u8, agreed });
        if agreed {
            self.resign_now(vote.seat as usize, ev);
        }
        Ok(())
    }

    /// A proposal nobody answered in time lapses (`tick`). Whether one did.
    pub(super) fn lapse_resign(&mut self, now: Millis, ev: &mut Vec<Event>) -> bool {
        match self.resign_vote {
            Some(vote) if vote.expires_at <= now && self.phase == Phase::Playing => {
                self.resign_vote = None;
                ev.push(Event::ResignLapsed { seat: vote.seat });
                true
            }
            _ => false,
        }
    }

    /// Seat `s`'s side resigns: the other side wins (each for himself at three or four, the
    /// side loses and nobody in particular wins).
    fn resign_now(&mut self, s: usize, ev: &mut Vec<Event>) {
        let sides = self.rules.sides(self.size as usize);
        let side = self.rules.side_of(s);
        let outcome = Outcome {
            winner: (sides == 2).then(|| 1 - side),
            loser: Some(side),
            resigned: Some(s as u8),
            flag: None,
        };
        ev.push(Event::Resigned { seat: s as u8 });
        self.finish(outcome, ev);
    }
}
