//! `Table::apply`: every command checked against the stored table, then applied to a copy that
//! replaces the table only when accepted. Seats, starts and closing are in `lobby`, turns of a
//! match in play in `turns`, timers and lifetimes in `life`.

use super::clock::ClockRule;
use super::command::{Action, Actor, Command, Rejection};
use super::event::Event;
use super::table::{BotLevel, CloseReason, Occupant, Phase, Seat, Table};
use crate::engine::rules::Rules;
use crate::ids::{ChatId, Lang, Millis, Person};

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
    /// The match clock, if the table plays with one.
    pub clock: Option<ClockRule>,
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
            thread: None,
            number: new.number,
            version: 0,
            rules: new.rules,
            size: new.size,
            lang: new.lang,
            turn_secs: new.turn_secs,
            bot_level: new.bot_level,
            hints: false,
            time_up: super::TimeUp::Computer,
            private: false,
            host: host.id.clone(),
            seats,
            phase: Phase::Lobby,
            game: None,
            deadline: None,
            warned: None,
            clock: new.clock,
            clocks: None,
            end_votes: Vec::new(),
            resign_vote: None,
            pause_votes: Vec::new(),
            paused: None,
            rotation: None,
            queue: Vec::new(),
            matches_played: 0,
            seed: new.seed,
            created_at: now,
            active_at: Some(now),
            fixture: None,
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
                table.start(now, &mut events)?;
            }
        }
        Ok((table, events))
    }

    /// Applies a command; on a rejection the table is unchanged. The version is bumped on
    /// every accepted command.
    pub fn apply(&mut self, cmd: &Command, now: Millis) -> Result<Vec<Event>, Rejection> {
        if cmd.version.is_some_and(|v| v != self.version) {
            return Err(Rejection::Stale);
        }
        if !self.phase.is_open() {
            return Err(Rejection::Closed);
        }
        let mut next = self.clone();
        let mut events = Vec::new();
        next.act(cmd, now, &mut events)?;
        next.version += 1;
        if cmd.actor.as_person().is_some() {
            next.active_at = Some(now);
        }
        *self = next;
        Ok(events)
    }

    fn act(&mut self, cmd: &Command, now: Millis, ev: &mut Vec<Event>) -> Result<(), Rejection> {
        let person = cmd.actor.as_person();
        let seat = person.and_then(|p| self.seat_of(&p.id));
        let is_host = person.is_some_and(|p| p.id == self.host);
        match &cmd.action {
            Action::Join { seat: wanted } => {
                self.join(person.ok_or(Rejection::SystemOnly)?, *wanted, now, ev)
            }
            Action::Sit { seat: s } => self.sit(person.ok_or(Rejection::SystemOnly)?, *s, now, ev),
            Action::SitSide { side } => {
                self.sit_side(person.ok_or(Rejection::SystemOnly)?, *side, now, ev)
            }
            Action::SwapSeats { a, b } => {
                self.seats_host(is_host)?;
                self.swap_seats(*a, *b, ev)
            }
            Action::Shuffle => {
                self.seats_host(is_host)?;
                self.shuffle(ev)
            }
            Action::SetClock { clock } => {
                self.lobby_host(is_host)?;
                self.set_clock(*clock)?;
                ev.push(Event::Configured);
                Ok(())
            }
            Action::Leave => self.leave(seat.ok_or(Rejection::NotSeated)?, now, ev),
            Action::AddBot { seat: wanted } => {
                self.seats_host(is_host)?;
                let s = self.free_seat(*wanted)?;
                self.seats[s] = Some(Seat::bot(self.bot_level));
                ev.push(Event::BotSeated { seat: s as u8, level: self.bot_level });
                match self.phase {
                    Phase::Lobby => self.start_if_full(now, ev),
                    _ => Ok(()),
                }
            }
            Action::RemoveBot { seat: s } => {
                self.seats_host(is_host)?;
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
                self.start(now, ev)
            }
            Action::Move { mv } => {
                let s = seat.ok_or(Rejection::NotSeated)?;
                self.not_paused()?;
                self.player_move(s, *mv, now, ev)
            }
            Action::Resign => self.resign(seat.ok_or(Rejection::NotSeated)?, now, ev),
            Action::AgreeResign => self.answer_resign(seat.ok_or(Rejection::NotSeated)?, true, ev),
            Action::RefuseResign => {
                self.answer_resign(seat.ok_or(Rejection::NotSeated)?, false, ev)
            }
            Action::VotePause => self.vote_pause(seat.ok_or(Rejection::NotSeated)?, now, ev),
            Action::Resume => {
                let s = seat.ok_or(Rejection::NotSeated)?;
                self.resume(Some(s), now, ev)
            }
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
                self.not_a_fixture()?;
                if self.phase != Phase::Finished {
                    return Err(Rejection::AlreadyStarted);
                }
                self.rotate(ev);
                self.start(now, ev)
            }
            Action::RematchWith { rules, clock } => {
                seat.ok_or(Rejection::NotSeated)?;
                self.not_a_fixture()?;
                self.seats_host(is_host)?;
                if self.phase != Phase::Finished {
                    return Err(Rejection::AlreadyStarted);
                }
                rules.check_bounds()?;
                rules.check_table(self.seats.len())?;
                // Who makes room is decided by the match just played, under its rules.
                self.rotate(ev);
                self.rules = rules.clone();
                if let Some(clock) = clock {
                    self.set_clock(*clock)?;
                }
                ev.push(Event::Configured);
                self.start(now, ev)
            }
            Action::Queue => self.toggle_queue(person.ok_or(Rejection::SystemOnly)?, ev),
            Action::SetRotation { rotation } => {
                // At any time but a challenge: a match in play goes on as it is.
                if !is_host {
                    return Err(Rejection::NotHost);
                }
                if matches!(self.phase, Phase::Challenge { .. }) {
                    return Err(Rejection::NotStarted);
                }
                self.set_rotation(*rotation, ev)
            }
            Action::Back => {
                let s = seat.ok_or(Rejection::NotSeated)?;
                if !self.seats[s].as_ref().expect("seated").away {
                    return Err(Rejection::NotAway);
                }
                if self.out_of_time(s) {
                    return Err(Rejection::OutOfTime);
                }
                let st = self.seats[s].as_mut().expect("seated");
                st.away = false;
                st.misses = 0;
                ev.push(Event::CameBack { seat: s as u8 });
                self.settle(now, ev);
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
                self.start(now, ev)
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
            Action::Tick { lives } => {
                if person.is_some() {
                    return Err(Rejection::SystemOnly);
                }
                self.tick(now, lives, ev)
            }
            Action::LeftChat => {
                if person.is_some() {
                    return Err(Rejection::SystemOnly);
                }
                self.close(CloseReason::LeftChat, ev);
                Ok(())
            }
            Action::RobotMove { mv } => {
                if person.is_some() {
                    return Err(Rejection::SystemOnly);
                }
                self.robot_move(*mv, now, ev)
            }
            Action::Hint { mv } => {
                person.ok_or(Rejection::SystemOnly)?;
                self.not_paused()?;
                self.take_hint(seat.ok_or(Rejection::NotSeated)?, *mv, now, ev)
            }
        }
    }
}
