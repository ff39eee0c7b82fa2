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

    /// The host changing seats: in the lobby, or between matches (after one, before the
    /// rematch: partners swapped or drawn by lot, a computer seated or stood up).
    pub(super) fn seats_host(&self, is_host: bool) -> Result<(), Rejection> {
        match self.phase {
            Phase::Finished if is_host => Ok(()),
            Phase::Finished => Err(Rejection::NotHost),
            _ => self.lobby_host(is_host),
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
        self.queue_first(p)?;
        // Between matches a newcomer takes a computer's seat (a leaver's included) when no
        // seat is free: the rematch is theirs to play.
        let computer = |t: &Table| {
            let bot = |s: &Option<Seat>| s.as_ref().is_some_and(|s| s.person().is_none());
            match wanted {
                Some(w) => bot(t.seats.get(w as usize)?).then_some(w as usize),
                None => t.seats.iter().position(bot),
            }
        };
        let s = match (self.free_seat(wanted), self.phase == Phase::Finished) {
            (Ok(s), _) => s,
            (Err(Rejection::Full | Rejection::SeatTaken), true) if computer(self).is_some() => {
                let s = computer(self).expect("a computer's seat");
                self.seats[s] = None;
                ev.push(Event::BotRemoved { seat: s as u8 });
                s
            }
            (Err(e), _) => return Err(e),
        };
        self.seats[s] = Some(Seat::human(p.clone()));
        if let Some(i) = self.place_in_line(p) {
            self.queue.remove(i);
        }
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
                // The computer at the table's level plays the seat to the match's end; the
                // person is no longer at the table («I'm back» does not bring them back).
                let level = self.bot_level;
                let st = self.seats[s].as_mut().expect("seated");
                *st =
                    Seat { left: Some(person.clone()), stood_in: st.stood_in, ..Seat::bot(level) };
                ev.push(Event::LeftMatch { seat: s as u8, person: person.clone(), level });
                self.forget_votes_of(s);
                // With nobody left, the computers play on until the table is deserted
                // (`Lives::away_ms`), as when everybody is away.
                self.pass_host(&person, ev);
                self.settle(now, ev);
            }
            _ => {
                self.seats[s] = None;
                self.forget_votes_of(s);
                ev.push(Event::Left { seat: s as u8, person: person.clone() });
                self.seat_next_in_line(s, ev);
                if !self.pass_host(&person, ev) {
                    self.close(CloseReason::Empty, ev);
                }
            }
        }
        Ok(())
    }

    /// When `person`, who just left, was the host, the next person seated hosts. Whether
    /// anyone is still seated.
    fn pass_host(&mut self, person: &Person, ev: &mut Vec<Event>) -> bool {
        let next_host = self.humans().next().map(|(_, p)| p.clone());
        match next_host {
            Some(next) if person.id == self.host => {
                self.host = next.id.clone();
                ev.push(Event::HostChanged { person: next });
                true
            }
            Some(_) => true,
            None => false,
        }
    }

    /// A seat's votes go with the person who leaves it, and so does a pair's resignation
    /// they proposed or were asked to answer.
    fn forget_votes_of(&mut self, s: usize) {
        self.end_votes.retain(|&v| v as usize != s);
        self.pause_votes.retain(|&v| v as usize != s);
        if self
            .resign_vote
            .is_some_and(|v| v.seat as usize == s || self.partner_of(v.seat as usize) == Some(s))
        {
            self.resign_vote = None;
        }
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
        for st in self.seats.iter_mut().flatten() {
            st.left = None;
            st.stood_in = 0;
        }
        let seed = mix(&[self.seed, self.matches_played as u64]);
        let game = Game::new(self.rules.clone(), self.size as usize, seed)?;
        self.game = Some(game);
        self.clocks = self.clock.map(|c| Clocks::new(&c, self.rules.sides(self.size as usize)));
        self.phase = Phase::Playing;
        self.end_votes.clear();
        self.resign_vote = None;
        self.pause_votes.clear();
        self.paused = None;
        ev.push(Event::Started { match_no: self.matches_played + 1 });
        ev.push(Event::RoundDealt { round: 1 });
        self.settle(now, ev);
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
        self.resign_vote = None;
        self.pause_votes.clear();
        self.paused = None;
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
