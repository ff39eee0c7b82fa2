//! Turns of a match in play: a person's move, forced steps (`settle`), and the computer moves
//! that are due (`robot_turn`, `robot_move`).

use super::apply::MAX_MISSES;
use super::command::{Action, Command, Rejection};
use super::event::{Event, MovedBy};
use super::game::Outcome;
use super::robot::{Robot, mix};
use crate::ids::Millis;

use super::table::{CloseReason, Occupant, Phase, Seat, Table};
use crate::engine::moves::Move;
use crate::engine::round::Leader;

impl Table {
    /// A match is in play: refused before it starts and once it is over.
    pub(super) fn in_match(&self) -> Result<(), Rejection> {
        match self.phase {
            Phase::Playing => Ok(()),
            Phase::Finished => Err(Rejection::MatchOver),
            _ => Err(Rejection::NotStarted),
        }
    }

    pub(super) fn player_move(
        &mut self,
        s: usize,
        mv: Move,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        self.in_match()?;
        if self.seats[s].as_ref().is_some_and(|st| st.away) {
            return Err(Rejection::Away);
        }
        if !self.may_move(s) {
            return Err(Rejection::NotYourTurn);
        }
        self.check_flag(now)?;
        self.make_move(s, mv, MovedBy::Player, ev)?;
        self.clock_pause(now, true);
        if let Some(st) = self.seats[s].as_mut() {
            st.misses = 0;
        }
        self.settle(now, ev);
        Ok(())
    }

    /// Applies one move to the match and notes it.
    pub(super) fn make_move(
        &mut self,
        s: usize,
        mv: Move,
        by: MovedBy,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        let game = self.game.as_mut().expect("a match in play");
        let out = game.apply(s, mv)?;
        ev.push(Event::Moved { seat: s as u8, mv, by, points: out.points });
        if out.round_over {
            let report = game.live.round_report();
            ev.push(Event::RoundEnded { round: game.rounds.len() as u32, report });
        }
        Ok(())
    }

    /// The seat to move while a match is in play. Where any seat may lead (sport round 1), the
    /// lot falls by the seed.
    pub fn to_move(&self) -> Option<usize> {
        if self.phase != Phase::Playing {
            return None;
        }
        let game = self.game.as_ref()?;
        let round = game.live.round()?;
        match round.expected_leader() {
            Some(Leader::Any) => {
                Some((mix(&[game.seed, game.rounds.len() as u64]) % self.size as u64) as usize)
            }
            _ => round.to_move().map(usize::from),
        }
    }

    /// Every seat that may move now, the seat to move first: with `either_partner_leads` a
    /// later round's lead is its side's, so the partner opposite may make it too (K10).
    pub fn movers(&self) -> Vec<usize> {
        let Some(seat) = self.to_move() else { return Vec::new() };
        let round = self.game.as_ref().and_then(|g| g.live.round());
        let mut out = vec![seat];
        if let Some(leader @ Leader::Side(_)) = round.and_then(|r| r.expected_leader()) {
            let seats = self.seats.len();
            let partner = (seat + seats / 2) % seats;
            if partner != seat && leader.allows(partner as u8, seats as u8) {
                out.push(partner);
            }
        }
        out
    }

    /// Whether `seat` may move now (see [`Table::movers`]).
    pub fn may_move(&self, seat: usize) -> bool {
        self.movers().contains(&seat)
    }

    /// Makes every move that needs nobody — forced draws and knocks, the next deal, the end of
    /// the match — and stops where a choice is due: a person's (the turn deadline is set) or a
    /// computer's (see [`Table::robot_turn`]; the service makes it).
    pub(super) fn settle(&mut self, now: Millis, ev: &mut Vec<Event>) {
        // Paused, nothing moves: `resume` settles the turn again.
        if self.is_paused() {
            return;
        }
        self.deadline = None;
        self.warned = None;
        self.clock_pause(now, false);
        while self.phase == Phase::Playing {
            let game = self.game.as_mut().expect("a match in play");
            if let Some(result) = game.live.result() {
                let outcome = Outcome {
                    winner: result.winner,
                    loser: result.loser,
                    resigned: None,
                    flag: None,
                };
                self.finish(outcome, ev);
                return;
            }
            if game.live.round().is_none_or(|r| r.is_over()) {
                // Every match ends: one still undecided after the most rounds closes, unscored.
                if game.live.rounds_scored() >= crate::bounds::MAX_ROUNDS {
                    self.close(CloseReason::RoundLimit, ev);
                    return;
                }
                game.deal_next();
                ev.push(Event::RoundDealt { round: game.rounds.len() as u32 });
                continue;
            }
            let s = self.to_move().expect("a round in play has a seat to move");
            let game = self.game.as_ref().expect("a match in play");
            let legal = game.live.legal_moves(s);
            let automatic = self.seats[s].as_ref().is_some_and(Seat::is_automatic);
            match legal.as_slice() {
                [only @ (Move::Draw | Move::Pass)] => {
                    let only = *only;
                    self.make_move(s, only, MovedBy::Forced, ev).expect("forced moves are legal");
                }
                _ if automatic => return,
                _ => {
                    self.deadline = self.turn_secs.map(|secs| now + secs as i64 * 1000);
                    self.clock_resume(s, now);
                    return;
                }
            }
        }
    }

    /// The computer move that is due now, if any: the seat to move is a computer player or
    /// someone away, or a person whose turn deadline has passed (`now`). Its seed is fixed by
    /// the match so far: replaying the log gives the same moves.
    pub fn robot_turn(&self, now: Millis) -> Option<super::life::RobotTurn> {
        if self.phase != Phase::Playing || self.is_paused() {
            return None;
        }
        let s = self.to_move()?;
        let st = self.seats[s].as_ref()?;
        let by = if st.is_automatic() {
            MovedBy::Computer
        } else if self.flag_fallen(now).is_some() {
            // The flag falls first (a `Tick`): no computer move gives the time back.
            return None;
        } else if self.deadline.is_some_and(|d| d <= now) {
            if self.time_up == super::TimeUp::Lose {
                // The side loses instead: the timer's `Tick` takes it.
                return None;
            }
            MovedBy::Timeout
        } else {
            return None;
        };
        let level = match st.occupant {
            Occupant::Bot(level) => level,
            Occupant::Human(_) => self.bot_level,
        };
        let game = self.game.as_ref()?;
        let moves: usize = game.rounds.iter().map(Vec::len).sum();
        let seed = mix(&[game.seed, game.rounds.len() as u64, moves as u64, s as u64]);
        Some(super::life::RobotTurn { seat: s, level, seed, by })
    }

    /// A computer's move for the seat [`Table::robot_turn`] names; an illegal one is refused.
    /// Standing in for a person out of time counts a miss; three in a row and a computer keeps
    /// the seat until they are back.
    pub(super) fn robot_move(
        &mut self,
        mv: Move,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        let turn = self.robot_turn(now).ok_or(Rejection::NotDue)?;
        let s = turn.seat;
        self.make_move(s, mv, turn.by, ev)?;
        self.clock_pause(now, true);
        // The computer standing in for a person away or out of time: not the person's play.
        let person = self.seats[s].as_ref().is_some_and(|st| st.person().is_some());
        if turn.by == MovedBy::Computer && person {
            self.seats[s].as_mut().expect("seated").stood_in += 1;
        }
        if turn.by == MovedBy::Timeout {
            let st = self.seats[s].as_mut().expect("seated");
            st.misses += 1;
            if st.misses >= MAX_MISSES && !st.away {
                st.away = true;
                ev.push(Event::WentAway { seat: s as u8 });
            }
        }
        self.settle(now, ev);
        Ok(())
    }

    /// Plays every computer move due, choosing with `robot` here and now (tests, the terminal,
    /// benchmarks: where nothing else waits). Returns the events.
    pub fn play_robots(&mut self, now: Millis, robot: &dyn Robot) -> Vec<Event> {
        let mut events = Vec::new();
        while let Some(turn) = self.robot_turn(now).filter(|t| t.by == MovedBy::Computer) {
            let game = self.game.as_ref().expect("a match in play");
            let mv = turn.choose(&game.live, robot);
            let cmd = Command {
                actor: super::command::Actor::System,
                action: Action::RobotMove { mv },
                version: None,
            };
            events.extend(self.apply(&cmd, now).expect("a legal computer move is taken"));
        }
        events
    }
}
