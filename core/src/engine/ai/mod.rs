//! Computer players: three levels for every variant.
//!
//! A player decides from an [`Observation`] only: its own hand, the table, public counts and
//! the sheet, never another hand or the bazaar's order (the anti-cheating invariant, checked by
//! a test). Every level is deterministic for a seed; the expert's optional wall-clock cap comes
//! in from outside as a closure, so the engine still reads no clock.
//!
//! | level | how it plays |
//! |---|---|
//! | [`Level::Random`] | uniformly among the legal moves |
//! | [`Level::Greedy`] | the move with the best immediate gain for the variant ([`greedy`]) |
//! | [`Level::Expert`] | determinized Monte Carlo with inference from play ([`expert`]) |
//!
//! The expert as it was before issue 14, frozen, is not here: it lives in the dev-only crate
//! `domino-ladder` (the regression ladder), which reaches the few parts it shares with the live
//! expert (the greedy policy, the observation's round, the board's suits) through [`ladder`].

mod chain;
mod deal;
mod draws;
mod evidence;
pub mod expert;
pub mod greedy;
mod hint;
pub mod ladder;
mod observation;
mod playout;
mod race;
mod take;
mod value;
mod worlds;

pub use expert::Budget;
pub use hint::{Hint, Review, Slip, hint, hint_within, review, review_within};
pub use observation::Observation;
pub use take::takes_end;

use crate::engine::game::Match;
use crate::engine::moves::Move;
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// How well a computer player plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Greedy,
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Random, Level::Greedy, Level::Expert];

    /// The name used in commands and settings.
    pub const fn key(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A level name that is not one of `random`, `greedy`, `expert`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected random, greedy or expert")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL.into_iter().find(|l| l.key() == s).ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// The move `level` makes for `seat` now, with the expert's default budget and no time cap.
/// `None` when the seat has no move (not its turn, round or match over).
pub fn choose_move(level: Level, game: &Match, seat: usize, rng: &mut impl Rng) -> Option<Move> {
    choose_move_within(level, game, seat, rng, Budget::default(), &|| false)
}

/// As [`choose_move`], with the expert's budget and a safety cap: `out_of_time` is asked now and
/// then and the expert stops sampling once it says so (the result then depends on the clock;
/// while it says `false` the move depends only on the observation and the RNG).
pub fn choose_move_within(
    level: Level,
    game: &Match,
    seat: usize,
    rng: &mut impl Rng,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Option<Move> {
    let obs = Observation::new(game, seat)?;
    Some(decide(level, &obs, rng, budget, out_of_time))
}

/// The move `level` makes from an observation that has at least one legal move.
pub fn decide(
    level: Level,
    obs: &Observation,
    rng: &mut impl Rng,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Move {
    let moves = obs.legal_moves();
    assert!(!moves.is_empty(), "an observation always has a legal move");
    match level {
        Level::Random => moves[rng.random_range(0..moves.len())],
        Level::Greedy => greedy::best(obs.rules(), obs.round(), obs.seat(), &moves),
        Level::Expert => expert::search(obs, &moves, rng, budget, out_of_time),
    }
}
