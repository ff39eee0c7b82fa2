//! Timers and lifetimes: a challenge that expires, a lobby nobody starts, a match without a
//! timer that waits on a person for days — each closes with a notice and no score. And the
//! computer moves a table has due, with the seed that fixes them.

use super::command::Rejection;
use super::event::{Event, MovedBy};
use super::robot::Robot;
use super::table::{BotLevel, CloseReason, Phase, Table};
use crate::engine::game::Match;
use crate::engine::moves::Move;
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// How long tables may wait.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lives {
    /// A lobby (or a table finished by nobody starting it) closes after this long.
    pub lobby_ms: Millis,
    /// A match without a timer, waiting on a person this long, closes as abandoned.
    pub idle_ms: Millis,
    /// A match at which every person is away closes as abandoned once this long has passed
    /// since a person last did anything there: computers do not play an empty room.
    #[serde(default = "default_away_ms")]
    pub away_ms: Millis,
}

const fn default_away_ms() -> Millis {
    10 * 60 * 1000
}

impl Default for Lives {
    fn default() -> Self {
        Lives {
            lobby_ms: 24 * 3600 * 1000,
            idle_ms: 7 * 24 * 3600 * 1000,
            away_ms: default_away_ms(),
        }
    }
}

/// A computer move that is due.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RobotTurn {
    pub seat: usize,
    pub level: BotLevel,
    pub seed: u64,
    /// `Computer` (its own seat or someone away) or `Timeout` (a person out of time).
    pub by: MovedBy,
}

impl RobotTurn {
    /// The move `robot` makes here; an illegal answer becomes the first legal move, so that a
    /// faulty computer player cannot stall a table.
    pub fn choose(&self, game: &Match, robot: &dyn Robot) -> Move {
        let mv = robot.choose(game, self.seat, self.level, self.seed);
        if game.check(self.seat, &mv).is_ok() { mv } else { game.legal_moves(self.seat)[0] }
    }
}

impl Table {
    /// When this table next has something due: a challenge's or a turn's deadline, a clock's
    /// flag, a lobby's end, an idle match's end.
    pub fn next_due(&self, lives: &Lives) -> Option<Millis> {
        match &self.phase {
            Phase::Challenge { expires_at, .. } => Some(*expires_at),
            Phase::Lobby => Some(self.last_active() + lives.lobby_ms),
            // Paused, only its end is due (and a pair's resignation lapsing).
            Phase::Playing if self.is_paused() => self
                .paused
                .map(|p| p.until)
                .into_iter()
                .chain(self.resign_vote.map(|v| v.expires_at))
                .min(),
            Phase::Playing => match self
                .deadline
                .into_iter()
                .chain(self.flag_at())
                .chain(self.resign_vote.map(|v| v.expires_at))
                .chain(self.warn_at().map(|(at, _)| at))
                .chain(self.deserted_at(lives))
                .min()
            {
                Some(d) => Some(d),
                // Waiting on a person with no timer (computer turns are made at once).
                None if self.to_move().is_some() => Some(self.last_active() + lives.idle_ms),
                None => None,
            },
            Phase::Finished | Phase::Closed { .. } => None,
        }
    }

    /// When a match every person has left to the computer (all away or gone) closes: `away_ms` after
    /// a person last did anything here. `None` while anyone plays, or outside a match.
    pub fn deserted_at(&self, lives: &Lives) -> Option<Millis> {
        // A seat a person left counts as theirs, away for good.
        let mut people = self
            .seats
            .iter()
            .flatten()
            .filter(|s| s.person().is_some() || s.left.is_some())
            .peekable();
        let deserted = self.phase == Phase::Playing
            && people.peek().is_some()
            && people.all(|s| s.away || s.left.is_some());
        deserted.then(|| self.last_active() + lives.away_ms)
    }

    /// What is due at `now`: a pause ends, a pair's resignation lapses, a clock's flag falls, a
    /// warning before a turn's time runs out (`warn`), a challenge expires, a lobby closes, an idle
    /// match is abandoned, a match everyone is away from closes.
    /// A turn deadline is handled here only where it loses the match (`TimeUp::Lose`); else its
    /// computer move comes as `RobotMove`.
    pub(super) fn tick(
        &mut self,
        now: Millis,
        lives: &Lives,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        let resumed = self.pause_over(now, ev);
        let lapsed = self.lapse_resign(now, ev);
        if resumed || lapsed {
            return Ok(());
        }
        if self.is_paused() {
            // A pause stops every other timer: nothing else is due until it is over.
            return Err(Rejection::NotDue);
        }
        if let (Phase::Playing, Some(side)) = (&self.phase, self.flag_fallen(now)) {
            self.flag_fall(side, now, ev);
            return Ok(());
        }
        if let Some(seat) = self.time_up_due(now) {
            self.time_up(seat, ev);
            return Ok(());
        }
        if self.warn(now, ev) {
            return Ok(());
        }
        let idle = now - self.last_active();
        let reason = match &self.phase {
            Phase::Challenge { expires_at, .. } if *expires_at <= now => CloseReason::Expired,
            Phase::Lobby if idle >= lives.lobby_ms => CloseReason::LobbyExpired,
            Phase::Playing if self.deadline.is_none() && idle >= lives.idle_ms => {
                CloseReason::Abandoned
            }
            Phase::Playing if self.deserted_at(lives).is_some_and(|d| d <= now) => {
                CloseReason::Deserted
            }
            _ => return Err(Rejection::NotDue),
        };
        self.close(reason, ev);
        Ok(())
    }
}
