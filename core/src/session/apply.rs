//! `Table::apply`: every command checked against the stored table, then applied to a copy that
//! replaces the table only when accepted. Turns of a match in play are in `turns`.

use super::command::{Action, Actor, Command, Rejection};
use super::event::Event;
use super::game::{Game, Outcome};
use super::ids::{ChatId, Lang, Millis, Person};
use super::robot::{Robot, mix};
use super::table::{BotLevel, CloseReason, Occupant, Phase, Seat, Table};
use crate::engine::rules::Rules;

/// Deadlines missed in a row before a computer player takes the seat.
pub const MAX_MISSES: u8 = 3;

/// What a new table is made of.
#[derive(Clone, Debug)]
pub struct NewTable {
    pub id: i64,
    pub chat: ChatId,
    pub number: u32,
    pub rules: Rules,
    pub size: u8,
    pub lang: Lang,
    pub turn_secs: Option<u32>,
    pub bot_level: BotLevel,
    pub seed: u64,
}

impl Table {
    /// A lobby with the host in seat 0.
    pub fn create(
        new: NewTable,
        host: Person,
        now: Millis,
    ) -> Result<(Table, Vec<Event>), Rejection> {
        new.rules.check_table(new.size as usize)?;
        let mut seats = vec![None; new.size as usize];
        seats[0] = Some(Seat::human(host.clone()));
        let table = Table {
            id: new.id,
            chat: new.chat,
            number: new.number,
            version: 0,
            rules: new.rules,
            size: new.size,
            lang: new.lang,
            turn_secs: new.turn_secs,
            bot_level: new.bot_level,
            host: host.id.clone(),
            seats,
            phase: Phase::Lobby,
            game: None,
            deadline: None,
            end_votes: Vec::new(),
            matches_played: 0,
            seed: new.seed,
            created_at: now,
        };
        Ok((table, vec![Event::Created { host }]))
    }

    /// A duel: the challenger seated, `invitee` asked to accept before `expires_at`; against
    /// the computer (`invitee` `None`) the match starts at once.
    pub fn duel(
        new: NewTable,
        host: Person,
        invitee: Option<Person>,
        expires_at: Millis,
        now: Millis,
        robot: &dyn Robot,
    ) -> Result<(Table, Vec<Event>), Rejection> {
        let (mut table, mut events) = Table::create(NewTable { size: 2, ..new }, host, now)?;
        match invitee {
            Some(invitee) => {
                events.push(Event::Challenged { invitee: invitee.clone() });
                table.phase = Phase::Challenge { invitee, expires_at };
            }
            None => {
                let level = table.bot_level;
                table.seats[1] = Some(Seat::bot(level));
                events.push(Event::BotSeated { seat: 1, level });
                table.start(now, robot, &mut events)?;
            }
        }
        Ok((table, events))
    }

    /// Applies a command; on a rejection the table is unchanged. The version is bumped on
    /// every accepted command.
    pub fn apply(
        &mut self,
        cmd: &Command,
        now: Millis,
        robot: &dyn Robot,
    ) -> Result<Vec<Event>, Rejection> {
        if cmd.version.is_some_and(|v| v != self.version) {
            return Err(Rejection::Stale);
        }
        if !self.phase.is_open() {
            return Err(Rejection::Closed);
        }
        let mut next = self.clone();
        let mut events = Vec::new();
        next.act(cmd, now, robot, &mut events)?;
        next.version += 1;
        *self = next;
        Ok(events)
    }

    fn act(
        &mut self,
        cmd: &Command,
        now: Millis,
        robot: &dyn Robot,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        let person = cmd.actor.as_person();
        let seat = person.and_then(|p| self.seat_of(&p.id));
        let is_host = person.is_some_and(|p| p.id == self.host);
        match &cmd.action {
            Action::Join { seat: wanted } => {
                self.join(person.ok_or(Rejection::SystemOnly)?, *wanted, now, robot, ev)
            }
            Action::Leave => self.leave(seat.ok_or(Rejection::NotSeated)?, now, robot, ev),
            Action::AddBot { seat: wanted } => {
                self.lobby_host(is_host)?;
                let s = self.free_seat(*wanted)?;
                self.seats[s] = Some(Seat::bot(self.bot_level));
                ev.push(Event::BotSeated { seat: s as u8, level: self.bot_level });
                self.start_if_full(now, robot, ev)
            }
            Action::RemoveBot { seat: s } => {
                self.lobby_host(is_host)?;
                match self.seats.get(*s as usize) {
                    Some(Some(Seat { occupant: Occupant::Bot(_), .. })) => {}
                    _ => return Err(Rejection::NoSuchSeat),
                }
                self.seats[*s as usize] = None;
                ev.push(Event::BotRemoved { seat: *s });
                Ok(())
            }
            Action::Start => {
                self.lobby_host(is_host)?;
                self.start(now, robot, ev)
            }
            Action::Move { mv } => {
                self.player_move(seat.ok_or(Rejection::NotSeated)?, *mv, now, robot, ev)
            }
            Action::Resign => self.resign(seat.ok_or(Rejection::NotSeated)?, ev),
            Action::End => {
                let admin = matches!(cmd.actor, Actor::Person { admin: true, .. });
                if !(is_host || admin) {
                    return Err(Rejection::NotHostOrAdmin);
                }
                self.close(CloseReason::Ended, ev);
                Ok(())
            }
            Action::VoteEnd => self.vote_end(seat.ok_or(Rejection::NotSeated)?, ev),
            Action::Rematch => {
                seat.ok_or(Rejection::NotSeated)?;
                if self.phase != Phase::Finished {
                    return Err(Rejection::AlreadyStarted);
                }
                self.start(now, robot, ev)
            }
            Action::Back => {
                let s = seat.ok_or(Rejection::NotSeated)?;
                let st = self.seats[s].as_mut().expect("seated");
                if !st.away {
                    return Err(Rejection::NotAway);
                }
                st.away = false;
                st.misses = 0;
                ev.push(Event::CameBack { seat: s as u8 });
                self.settle(now, robot, ev);
                Ok(())
            }
            Action::Accept => {
                let Phase::Challenge { invitee, .. } = &self.phase else {
                    return Err(Rejection::NoChallenge);
                };
                let p = person.ok_or(Rejection::NotInvited)?;
                if p.id != invitee.id {
                    return Err(Rejection::NotInvited);
                }
                let p = p.clone();
                self.seats[1] = Some(Seat::human(p.clone()));
                ev.push(Event::Joined { seat: 1, person: p });
                self.start(now, robot, ev)
            }
            Action::Decline => {
                let Phase::Challenge { invitee, .. } = &self.phase else {
                    return Err(Rejection::NoChallenge);
                };
                let invited = person.is_some_and(|p| p.id == invitee.id);
                if !(invited || is_host) {
                    return Err(Rejection::NotInvited);
                }
                self.close(CloseReason::Declined, ev);
                Ok(())
            }
            Action::Configure { rules, size, turn_secs, lang, bot_level } => {
                self.lobby_host(is_host)?;
                self.configure(rules.clone(), *size, *turn_secs, *lang, *bot_level)?;
                ev.push(Event::Configured);
                Ok(())
            }
            Action::Tick => self.tick(now, robot, ev),
            Action::Settle => {
                if person.is_some() {
                    return Err(Rejection::SystemOnly);
                }
                self.settle(now, robot, ev);
                if ev.is_empty() { Err(Rejection::NotDue) } else { Ok(()) }
            }
        }
    }

    fn lobby_host(&self, is_host: bool) -> Result<(), Rejection> {
        if !is_host {
            return Err(Rejection::NotHost);
        }
        match self.phase {
            Phase::Lobby => Ok(()),
            Phase::Challenge { .. } => Err(Rejection::NotStarted),
            _ => Err(Rejection::AlreadyStarted),
        }
    }

    fn free_seat(&self, wanted: Option<u8>) -> Result<usize, Rejection> {
        match wanted {
            Some(s) if s as usize >= self.seats.len() => Err(Rejection::NoSuchSeat),
            Some(s) if self.seats[s as usize].is_some() => Err(Rejection::SeatTaken),
            Some(s) => Ok(s as usize),
            None => self.seats.iter().position(Option::is_none).ok_or(Rejection::Full),
        }
    }

    fn join(
        &mut self,
        p: &Person,
        wanted: Option<u8>,
        now: Millis,
        robot: &dyn Robot,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if self.seat_of(&p.id).is_some() {
            return Err(Rejection::AlreadySeated);
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
            self.start_if_full(now, robot, ev)?;
        }
        Ok(())
    }

    fn leave(
        &mut self,
        s: usize,
        now: Millis,
        robot: &dyn Robot,
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
                self.settle(now, robot, ev);
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

    fn start_if_full(
        &mut self,
        now: Millis,
        robot: &dyn Robot,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if self.is_full() { self.start(now, robot, ev) } else { Ok(()) }
    }

    /// Starts a match (first or rematch): empty seats get computer players.
    fn start(
        &mut self,
        now: Millis,
        robot: &dyn Robot,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
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
        self.phase = Phase::Playing;
        self.end_votes.clear();
        ev.push(Event::Started { match_no: self.matches_played + 1 });
        ev.push(Event::RoundDealt { round: 1 });
        self.settle(now, robot, ev);
        Ok(())
    }

    fn resign(&mut self, s: usize, ev: &mut Vec<Event>) -> Result<(), Rejection> {
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
        self.matches_played += 1;
        for st in self.seats.iter_mut().flatten() {
            st.away = false;
            st.misses = 0;
        }
        ev.push(Event::MatchEnded { outcome });
    }

    fn vote_end(&mut self, s: usize, ev: &mut Vec<Event>) -> Result<(), Rejection> {
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
        ev.push(Event::Closed { reason });
    }

    fn configure(
        &mut self,
        rules: Option<Rules>,
        size: Option<u8>,
        turn_secs: Option<Option<u32>>,
        lang: Option<Lang>,
        bot_level: Option<BotLevel>,
    ) -> Result<(), Rejection> {
        let rules = rules.unwrap_or_else(|| self.rules.clone());
        let size = size.unwrap_or(self.size);
        rules.check_table(size as usize)?;
        if self.seats.iter().skip(size as usize).any(Option::is_some) {
            return Err(Rejection::SeatsTaken { size });
        }
        if turn_secs.flatten().is_some_and(|s| !(10..=3600).contains(&s)) {
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
