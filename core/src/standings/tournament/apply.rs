//! `Tournament::new` and `Tournament::apply`: every command is applied to a copy that replaces
//! the tournament only when accepted. Before and after each command the copy is brought up to
//! `now` (`settle`): deadlines and the end of the arena's window pass, finished rounds draw the next one,
//! free arena entrants are paired, a tournament with nothing left to play closes.

use super::command::{Command, Event, NewTournament, Refusal};
use super::schedule::circle;
use super::score::Score;
use super::{Entrant, Fixture, FixtureState, Format, State, Tournament};
use crate::bounds;
use crate::ids::Millis;
use rand::Rng;
use rand::seq::SliceRandom;

/// A day in milliseconds.
pub const DAY: Millis = 86_400_000;
/// A minute in milliseconds.
pub const MINUTE: Millis = 60_000;

impl Tournament {
    /// A tournament taking entrants; the numbers typed are checked against `bounds`.
    pub fn new(new: NewTournament, now: Millis) -> Result<Tournament, Refusal> {
        bounds::TOURNAMENT_ENTRANTS.check(u64::from(new.max_entrants))?;
        if let Some(days) = new.deadline_days {
            bounds::TOURNAMENT_DEADLINE_DAYS.check(u64::from(days))?;
        }
        match new.format {
            Format::RoundRobin { .. } => {}
            Format::Arena { window_start, window_end, .. } => {
                if new.deadline_days.is_some() {
                    return Err(Refusal::DeadlineInArena);
                }
                if window_end <= window_start {
                    return Err(Refusal::EmptyWindow);
                }
                let minutes = (window_end - window_start) / MINUTE;
                bounds::ARENA_MINUTES.check(u64::try_from(minutes).unwrap_or(0))?;
            }
            Format::PartnersNight { rounds } => {
                bounds::TOURNAMENT_ROUNDS.check(u64::from(rounds))?;
                if new.max_entrants < 4 {
                    return Err(Refusal::TooFew { need: 4 });
                }
            }
        }
        if new.format.plays_pairs() && !new.game.is_kozel_family() {
            return Err(Refusal::GameWithoutPairs);
        }
        let ends_at = match new.format {
            Format::Arena { window_end, .. } => Some(window_end),
            _ => None,
        };
        Ok(Tournament {
            id: new.id,
            format: new.format,
            game: new.game,
            options: new.options,
            max_entrants: new.max_entrants,
            entrants: Vec::new(),
            state: State::Enrolling,
            created_at: now,
            started_at: None,
            ends_at,
            deadline_days: new.deadline_days,
            deadline: None,
            fixtures: Vec::new(),
            scored: 0,
            waiting: Vec::new(),
            reminded: false,
        })
    }

    /// Applies a command at `now`; on a refusal the tournament is unchanged.
    pub fn apply(
        &mut self,
        cmd: &Command,
        now: Millis,
        rng: &mut impl Rng,
    ) -> Result<Vec<Event>, Refusal> {
        if matches!(self.state, State::Closed { .. }) {
            return Err(Refusal::Closed);
        }
        let mut next = self.clone();
        let mut ev = Vec::new();
        next.settle(now, rng, &mut ev);
        next.act(cmd, now, rng, &mut ev)?;
        next.settle(now, rng, &mut ev);
        *self = next;
        Ok(ev)
    }

    fn act(
        &mut self,
        cmd: &Command,
        now: Millis,
        rng: &mut impl Rng,
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        match (&self.state, cmd) {
            (State::Enrolling, Command::Tick) => {
                match self.format {
                    Format::Arena { window_end, .. } if now >= window_end => self.close(now, ev),
                    Format::Arena { window_start, .. } if now >= window_start => {
                        self.start(now, rng, ev)?
                    }
                    Format::Arena { .. } => {}
                    _ if self.enrolment_over(now) => self.close(now, ev),
                    _ => {}
                }
                Ok(())
            }
            (_, Command::Tick) => Ok(()),
            (State::Closed { .. }, _) => Err(Refusal::Closed),
            (_, Command::Enroll { person, partner }) => {
                let mut people = vec![person.clone()];
                people.extend(partner.iter().cloned());
                self.enroll(people, now, ev)
            }
            (_, Command::AwaitPartner { person }) => self.await_partner(person, ev),
            (State::Enrolling, Command::Withdraw { user }) if self.is_waiting(user) => {
                self.stop_waiting(user, ev);
                Ok(())
            }
            (_, Command::Withdraw { user }) => {
                let e = self.entrant_of(user).ok_or(Refusal::NotEnrolled)?;
                if self.state == State::Enrolling {
                    self.entrants.remove(e);
                } else if self.entrants[e].withdrawn {
                    return Err(Refusal::NotEnrolled);
                } else {
                    self.entrants[e].withdrawn = true;
                    self.settle_pending_of(e, ev);
                }
                ev.push(Event::Withdrew { entrant: e });
                Ok(())
            }
            (State::Running { .. }, Command::Start) => Err(Refusal::AlreadyStarted),
            (State::Enrolling, Command::Start) => self.start(now, rng, ev),
            (
                State::Enrolling,
                Command::TableStarted { .. }
                | Command::MatchFinished { .. }
                | Command::TableClosed { .. },
            ) => Err(Refusal::NotRunning),
            (State::Running { .. }, Command::TableClosed { table }) => {
                let playing = |f: &Fixture| f.state == FixtureState::Playing { table: *table };
                let n = self.fixtures.iter().position(playing).ok_or(Refusal::NoSuchTable)?;
                self.fixtures[n].state = FixtureState::Pending;
                ev.push(Event::TableClosed { fixture: n });
                Ok(())
            }
            (State::Running { .. }, Command::TableStarted { fixture, table }) => {
                let f = self.fixtures.get(*fixture).ok_or(Refusal::NoSuchFixture)?;
                if f.state != FixtureState::Pending {
                    return Err(Refusal::NotPending);
                }
                if f.entrants().any(|e| self.playing(e).is_some()) {
                    return Err(Refusal::Busy);
                }
                if self.fixtures.iter().any(|f| f.table() == Some(*table)) {
                    return Err(Refusal::TableInUse);
                }
                self.fixtures[*fixture].state = FixtureState::Playing { table: *table };
                ev.push(Event::TableStarted { fixture: *fixture, table: *table });
                Ok(())
            }
            (State::Running { .. }, Command::MatchFinished { summary }) => {
                let table = summary.table_id;
                let playing = |f: &Fixture| f.state == FixtureState::Playing { table };
                let n = self.fixtures.iter().position(playing).ok_or(Refusal::NoSuchTable)?;
                if summary.match_no != crate::session::FIXTURE_MATCH {
                    return Err(Refusal::NotTheFixturesMatch);
                }
                if summary.variant != self.game {
                    return Err(Refusal::WrongGame);
                }
                let score =
                    Score::of(summary, &self.fixtures[n], self).ok_or(Refusal::WrongPlayers)?;
                let seq = self.next_seq();
                self.fixtures[n].state = FixtureState::Played { table, score, seq };
                ev.push(Event::Finished { fixture: n, score });
                Ok(())
            }
        }
    }

    fn next_seq(&mut self) -> u32 {
        self.scored += 1;
        self.scored - 1
    }

    fn enroll(
        &mut self,
        people: Vec<crate::ids::Person>,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let arena_open = matches!(
            (&self.format, &self.state),
            (Format::Arena { window_end, .. }, State::Running { .. }) if now < *window_end
        );
        if self.state != State::Enrolling && !arena_open {
            return Err(Refusal::NotEnrolling);
        }
        if matches!(self.format, Format::Arena { window_end, .. } if now >= window_end) {
            return Err(Refusal::WindowOver);
        }
        match (self.format.people_per_entrant(), people.len()) {
            (2, 1) => return Err(Refusal::PartnerNeeded),
            (1, 2) => return Err(Refusal::NoPartners),
            _ if people.len() == 2 && people[0].id == people[1].id => {
                return Err(Refusal::PartnerNeeded);
            }
            _ => {}
        }
        let known: Vec<_> = people.iter().map(|p| self.entrant_of(&p.id)).collect();
        if let Some(e) = known[0].filter(|&e| arena_open && self.entrants[e].withdrawn) {
            self.entrants[e].withdrawn = false;
            ev.push(Event::Rejoined { entrant: e });
            return Ok(());
        }
        if known.iter().any(Option::is_some) {
            return Err(Refusal::AlreadyEnrolled);
        }
        if self.entrants.len() >= self.max_entrants as usize {
            return Err(Refusal::Full);
        }
        for p in &people {
            self.stop_waiting(&p.id, ev);
        }
        self.entrants.push(Entrant { people, enrolled_at: now, withdrawn: false, sat_out: 0 });
        ev.push(Event::Enrolled { entrant: self.entrants.len() - 1 });
        Ok(())
    }

    fn start(
        &mut self,
        now: Millis,
        rng: &mut impl Rng,
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        match self.format {
            Format::RoundRobin { .. } if self.entrants.len() < 2 => {
                return Err(Refusal::TooFew { need: 2 });
            }
            Format::PartnersNight { .. } if self.entrants.len() < 4 => {
                return Err(Refusal::TooFew { need: 4 });
            }
            Format::Arena { window_start, .. } if now < window_start => {
                return Err(Refusal::TooEarly);
            }
            Format::Arena { window_end, .. } if now >= window_end => {
                return Err(Refusal::WindowOver);
            }
            _ => {}
        }
        for user in self.waiting.iter().map(|p| p.id.clone()).collect::<Vec<_>>() {
            self.stop_waiting(&user, ev);
        }
        self.started_at = Some(now);
        self.deadline = self.deadline_days.map(|d| now + Millis::from(d) * DAY);
        self.state = State::Running { round: 0 };
        ev.push(Event::Started { at: now });
        match self.format {
            Format::RoundRobin { .. } => {
                let mut order: Vec<usize> = (0..self.entrants.len()).collect();
                order.shuffle(rng);
                for (r, matches) in circle(&order).into_iter().enumerate() {
                    let round = r as u32 + 1;
                    let fixtures = self.push_fixtures(
                        round,
                        matches.into_iter().map(|[a, b]| [vec![a], vec![b]]).collect(),
                    );
                    ev.push(Event::Drawn { round, fixtures, sitting_out: self.byes(round) });
                }
                self.state = State::Running { round: 1 };
            }
            Format::PartnersNight { .. } => self.draw_night(1, rng, now, ev),
            Format::Arena { .. } => {}
        }
        Ok(())
    }

    fn push_fixtures(&mut self, round: u32, sides: Vec<[Vec<usize>; 2]>) -> Vec<usize> {
        let first = self.fixtures.len();
        self.fixtures.extend(sides.into_iter().map(|sides| Fixture {
            round,
            sides,
            state: FixtureState::Pending,
        }));
        (first..self.fixtures.len()).collect()
    }

    fn draw_night(&mut self, round: u32, rng: &mut impl Rng, now: Millis, ev: &mut Vec<Event>) {
        let (out, tables) = self.draw_night_round(rng);
        if tables.is_empty() {
            return self.close(now, ev);
        }
        for &e in &out {
            self.entrants[e].sat_out += 1;
        }
        let fixtures = self.push_fixtures(round, tables);
        self.state = State::Running { round };
        ev.push(Event::Drawn { round, fixtures, sitting_out: out });
    }

    /// An entrant withdrew while running: their pending fixtures are forfeited to the other
    /// side (round robin) or left unplayed (arena, pairs night). A table already playing plays on.
    fn settle_pending_of(&mut self, e: usize, ev: &mut Vec<Event>) {
        for n in 0..self.fixtures.len() {
            let f = &self.fixtures[n];
            let Some(side) = f.side_of(e).filter(|_| f.state == FixtureState::Pending) else {
                continue;
            };
            let other = 1 - side;
            let other_gone = f.sides[other as usize].iter().any(|&o| self.entrants[o].withdrawn);
            if matches!(self.format, Format::RoundRobin { .. }) && !other_gone {
                let seq = self.next_seq();
                self.fixtures[n].state = FixtureState::Forfeit { winner: other, seq };
                ev.push(Event::Forfeited { fixture: n, winner: other });
            } else {
                self.fixtures[n].state = FixtureState::Unplayed;
                ev.push(Event::Unplayed { fixture: n });
            }
        }
    }

    /// Brings a tournament up to `now` (see the module).
    fn settle(&mut self, now: Millis, rng: &mut impl Rng, ev: &mut Vec<Event>) {
        let State::Running { round } = self.state else { return };
        self.remind(now, ev);
        let over = match self.format {
            Format::Arena { window_end, .. } => now >= window_end,
            _ => self.deadline.is_some_and(|d| now >= d),
        };
        if over {
            for n in 0..self.fixtures.len() {
                if self.fixtures[n].state == FixtureState::Pending {
                    self.fixtures[n].state = FixtureState::Unplayed;
                    ev.push(Event::Unplayed { fixture: n });
                }
            }
        }
        let open = self.fixtures.iter().any(Fixture::is_open);
        match self.format {
            Format::Arena { .. } if over && !open => self.close(now, ev),
            Format::Arena { .. } if over => {}
            Format::Arena { .. } => {
                let pairs = self.pair_waiting(now);
                if !pairs.is_empty() {
                    let sides = pairs.into_iter().map(|[a, b]| [vec![a], vec![b]]).collect();
                    let fixtures = self.push_fixtures(round + 1, sides);
                    self.state = State::Running { round: round + 1 };
                    ev.push(Event::Drawn { round: round + 1, fixtures, sitting_out: Vec::new() });
                }
            }
            Format::PartnersNight { rounds } if !open && !over && round < rounds => {
                self.draw_night(round + 1, rng, now, ev);
            }
            _ if !open => self.close(now, ev),
            _ => {}
        }
    }

    fn close(&mut self, now: Millis, ev: &mut Vec<Event>) {
        let winner = (self.scored > 0).then(|| self.standings()[0].entrant);
        self.state = State::Closed { at: now, winner };
        if !matches!(self.format, Format::Arena { .. }) {
            self.ends_at = Some(now);
        }
        ev.push(Event::Closed { winner });
    }
}

impl Fixture {
    /// The table that plays or played it.
    pub const fn table(&self) -> Option<i64> {
        match self.state {
            FixtureState::Playing { table } | FixtureState::Played { table, .. } => Some(table),
            _ => None,
        }
    }
}
