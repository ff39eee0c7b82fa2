//! The table's life outside a move: seats in the lobby, starting a match (first or rematch),
//! resigning, votes, closing, lobby settings.

use super::clock::Clocks;
use super::command::Rejection;
use super::event::Event;
use super::game::{Game, Outcome};
use super::robot::mix;
use super::table::{BotLevel, CloseReason, Phase, Seat, Table};
use crate::engine::rules::{Rules, Teams};
use crate::ids::{Lang, Millis, Person};

impl Table {
    pub(super) fn lobby_host(&self, is_host: bool) -> Result<(), Rejection> {
        if !is_host {
            return Err(Rejection::NotHost);
        }
        match self.phase {
            Phase::Lobby => Ok(()),
            Phase::Challenge { .. } => Err(Rejection::NotStarted),
            _ => Err(Rejection::AlreadyStarted),
        }
    }

    pub(super) fn free_seat(&self, wanted: Option<u8>) -> Result<usize, Rejection> {
        match wanted {
            Some(s) if s as usize >= self.seats.len() => Err(Rejection::NoSuchSeat),
            Some(s) if self.seats[s as usize].is_some() => Err(Rejection::SeatTaken),
            Some(s) => Ok(s as usize),
            None => self.seats.iter().position(Option::is_none).ok_or(Rejection::Full),
        }
    }

    pub(super) fn join(
        &mut self,
        p: &Person,
        wanted: Option<u8>,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if self.seat_of(&p.id).is_some() {
            return Err(Rejection::AlreadySeated);
        }
        if self.private && p.id != self.host {
            return Err(Rejection::PrivateTable);
        }
        match self.phase {
            Phase::Lobby | Phase::Finished => {}
            Phase::Challenge { .. } => return Err(Rejection::NotInvited),
            _ => return Err(Rejection::AlreadyStarted),
        }
        let s = self.free_seat(wanted)?;
        self.seats[s] = Some(Seat::human(p.clone()));
        ev.push(Event::Joined { seat: s as u8, person: p.clone() });
        if self.phase == Phase::Lobby {
            self.start_if_full(now, ev)?;
        }
        Ok(())
    }

    pub(super) fn leave(
        &mut self,
        s: usize,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        let person =
            self.seats[s].as_ref().and_then(Seat::person).cloned().expect("a person's seat");
        match self.phase {
            Phase::Playing => {
                let st = self.seats[s].as_mut().expect("seated");
                if st.away {
                    return Err(Rejection::Away);
                }
                st.away = true;
                ev.push(Event::WentAway { seat: s as u8 });
                self.settle(now, ev);
            }
            _ => {
                self.seats[s] = None;
                self.end_votes.retain(|&v| v as usize != s);
                ev.push(Event::Left { seat: s as u8, person: person.clone() });
                if person.id == self.host {
                    let next_host = self.humans().next().map(|(_, p)| p.clone());
                    match next_host {
                        Some(next) => {
                            self.host = next.id.clone();
                            ev.push(Event::HostChanged { person: next });
                        }
                        None => self.close(CloseReason::Empty, ev),
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn start_if_full(
        &mut self,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        // A pairs lobby waits for its host even when full: partners are chosen first.
        if self.is_full() && self.rules.teams() != Teams::Pairs {
            self.start(now, ev)
        } else {
            Ok(())
        }
    }

    /// Starts a match (first or rematch): empty seats get computer players.
    pub(super) fn start(&mut self, now: Millis, ev: &mut Vec<Event>) -> Result<(), Rejection> {
        if self.humans().next().is_none() {
            return Err(Rejection::NoHumans);
        }
        for (i, s) in self.seats.iter_mut().enumerate() {
            if s.is_none() {
                *s = Some(Seat::bot(self.bot_level));
                ev.push(Event::BotSeated { seat: i as u8, level: self.bot_level });
            }
        }
        let seed = mix(&[self.seed, self.matches_played as u64]);
        let game = Game::new(self.rules.clone(), self.size as usize, seed)?;
        self.game = Some(game);
        self.clocks = self.clock.map(|c| Clocks::new(&c, self.rules.sides(self.size as usize)));
        self.phase = Phase::Playing;
        self.end_votes.clear();
        ev.push(Event::Started { match_no: self.matches_played + 1 });
        ev.push(Event::RoundDealt { round: 1 });
        self.settle(now, ev);
        Ok(())
    }

    pub(super) fn resign(&mut self, s: usize, ev: &mut Vec<Event>) -> Result<(), Rejection> {
        match self.phase {
            Phase::Playing => {}
            Phase::Finished => return Err(Rejection::MatchOver),
            _ => return Err(Rejection::NotStarted),
        }
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
        Ok(())
    }

    pub(super) fn finish(&mut self, outcome: Outcome, ev: &mut Vec<Event>) {
        let game = self.game.as_mut().expect("a match in play");
        game.outcome = Some(outcome);
        self.phase = Phase::Finished;
        self.deadline = None;
        self.warned = None;
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.running = None;
        }
        self.matches_played += 1;
        for st in self.seats.iter_mut().flatten() {
            st.away = false;
            st.misses = 0;
        }
        ev.push(Event::MatchEnded { outcome });
    }

    pub(super) fn vote_end(&mut self, s: usize, ev: &mut Vec<Event>) -> Result<(), Rejection> {
        if self.end_votes.contains(&(s as u8)) {
            return Err(Rejection::AlreadyVoted);
        }
        self.end_votes.push(s as u8);
        let humans = self.humans().count() as u8;
        let needed = humans / 2 + 1;
        let votes = self.end_votes.len() as u8;
        ev.push(Event::VoteCast { seat: s as u8, votes, needed });
        if votes >= needed {
            self.close(CloseReason::Voted, ev);
        }
        Ok(())
    }

    pub(super) fn close(&mut self, reason: CloseReason, ev: &mut Vec<Event>) {
        self.phase = Phase::Closed { reason };
        self.deadline = None;
        self.warned = None;
        ev.push(Event::Closed { reason });
    }

    pub(super) fn configure(
        &mut self,
        rules: Option<Rules>,
        size: Option<u8>,
        turn_secs: Option<Option<u32>>,
        lang: Option<Lang>,
        bot_level: Option<BotLevel>,
    ) -> Result<(), Rejection> {
        let rules = rules.unwrap_or_else(|| self.rules.clone());
        let size = size.unwrap_or(self.size);
        rules.check_bounds()?;
        rules.check_table(size as usize)?;
        if self.seats.iter().skip(size as usize).any(Option::is_some) {
            return Err(Rejection::SeatsTaken { size });
        }
        if turn_secs.flatten().is_some_and(|s| !crate::bounds::TURN_SECS.contains(s.into())) {
            return Err(Rejection::BadTimer);
        }
        self.seats.resize(size as usize, None);
        self.rules = rules;
        self.size = size;
        if let Some(t) = turn_secs {
            self.turn_secs = t;
        }
        if let Some(l) = lang {
            self.lang = l;
        }
        if let Some(b) = bot_level {
            self.bot_level = b;
        }
        Ok(())
    }
}
