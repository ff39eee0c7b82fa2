//! Turns of a match in play: a person's move, forced steps and computer players (`settle`),
//! and the turn timer.

use super::apply::MAX_MISSES;
use super::command::Rejection;
use super::event::{Event, MovedBy};
use super::game::Outcome;
use super::ids::Millis;
use super::robot::{Robot, mix};
use super::table::{CloseReason, Occupant, Phase, Seat, Table};
use crate::engine::moves::Move;
use crate::engine::round::Leader;

impl Table {
    pub(super) fn player_move(
        &mut self,
        s: usize,
        mv: Move,
        now: Millis,
        robot: &dyn Robot,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        match self.phase {
            Phase::Playing => {}
            Phase::Finished => return Err(Rejection::MatchOver),
            _ => return Err(Rejection::NotStarted),
        }
        if self.seats[s].as_ref().is_some_and(|st| st.away) {
            return Err(Rejection::Away);
        }
        if self.to_move() != Some(s) {
            return Err(Rejection::NotYourTurn);
        }
        self.make_move(s, mv, MovedBy::Player, ev)?;
        if let Some(st) = self.seats[s].as_mut() {
            st.misses = 0;
        }
        self.settle(now, robot, ev);
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

    /// Makes every move that needs nobody: forced draws and knocks, computer players, the next
    /// deal, the end of the match. Sets the turn deadline for the person to move.
    pub(super) fn settle(&mut self, now: Millis, robot: &dyn Robot, ev: &mut Vec<Event>) {
        self.deadline = None;
        while self.phase == Phase::Playing {
            let game = self.game.as_mut().expect("a match in play");
            if let Some(result) = game.live.result() {
                let outcome =
                    Outcome { winner: result.winner, loser: result.loser, resigned: None };
                self.finish(outcome, ev);
                return;
            }
            if game.live.round().is_none_or(|r| r.is_over()) {
                game.deal_next();
                ev.push(Event::RoundDealt { round: game.rounds.len() as u32 });
                continue;
            }
            let s = self.to_move().expect("a round in play has a seat to move");
            let game = self.game.as_ref().expect("a match in play");
            let legal = game.live.legal_moves(s);
            let automatic = self.seats[s].as_ref().is_some_and(Seat::is_automatic);
            let (mv, by) = match legal.as_slice() {
                [only @ (Move::Draw | Move::Pass)] => (*only, MovedBy::Forced),
                _ if automatic => (self.robot_move(robot, s), MovedBy::Computer),
                _ => {
                    self.deadline = self.turn_secs.map(|secs| now + secs as i64 * 1000);
                    return;
                }
            };
            self.make_move(s, mv, by, ev).expect("forced and computer moves are legal");
        }
    }

    pub(super) fn robot_move(&self, robot: &dyn Robot, s: usize) -> Move {
        let game = self.game.as_ref().expect("a match in play");
        let level = match &self.seats[s].as_ref().expect("seated").occupant {
            Occupant::Bot(level) => *level,
            Occupant::Human(_) => self.bot_level,
        };
        let moves: usize = game.rounds.iter().map(Vec::len).sum();
        let seed = mix(&[game.seed, game.rounds.len() as u64, moves as u64, s as u64]);
        let mv = robot.choose(&game.live, s, level, seed);
        // A robot that answers with an illegal move must not stall the table.
        if game.live.check(s, &mv).is_ok() { mv } else { game.live.legal_moves(s)[0] }
    }

    pub(super) fn tick(
        &mut self,
        now: Millis,
        robot: &dyn Robot,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if let Phase::Challenge { expires_at, .. } = self.phase {
            if expires_at <= now {
                self.close(CloseReason::Expired, ev);
                return Ok(());
            }
            return Err(Rejection::NotDue);
        }
        if self.phase != Phase::Playing || self.deadline.is_none_or(|d| d > now) {
            return Err(Rejection::NotDue);
        }
        let s = self.to_move().expect("a deadline is set only with a seat to move");
        let mv = self.robot_move(robot, s);
        self.make_move(s, mv, MovedBy::Timeout, ev)?;
        let st = self.seats[s].as_mut().expect("seated");
        st.misses += 1;
        if st.misses >= MAX_MISSES && !st.away {
            st.away = true;
            ev.push(Event::WentAway { seat: s as u8 });
        }
        self.settle(now, robot, ev);
        Ok(())
    }
}
