//! The expert: determinized Monte Carlo with inference from play.
//!
//! Worlds are dealt at random consistently with what the seat knows (hand sizes, known voids:
//! [`super::deal`]); once plays have been seen, a Markov chain over the hidden tiles draws them
//! in proportion to how well they explain those plays ([`super::chain`], [`super::evidence`]),
//! in batches, a world kept several times played once ([`super::worlds`]). In every kept world
//! each candidate move still in the race ([`super::race`]) is played and the round finished
//! ([`super::playout`]): the other sides by the greedy policy, the seat's own side greedily too
//! but with that world's hands in view (blocking the next opponents, feeding the partner). The
//! outcome is scored by the variant's round scoring from the side's point of view
//! ([`super::value`]); the best mean over the same worlds wins (the first of equals). Between
//! batches a move clearly behind the leader leaves the race, and sampling stops when the budget
//! of playouts is spent or one move is left. A forced move is returned at once.
//!
//! Deterministic for a seed: the only source of chance is the RNG passed in, and the optional
//! time cap (a closure from the caller) is the only way the clock can matter.

use crate::engine::ai::observation::Observation;
use crate::engine::ai::playout::World;
use crate::engine::ai::race::Race;
use crate::engine::ai::value;
use crate::engine::ai::worlds::Worlds;
use crate::engine::moves::Move;
use crate::engine::rules::{Rules, Variant};
use rand::Rng;

/// How much the expert may think about one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Playouts per move, shared among the candidate moves (Osel plays two thirds of them:
    /// [`Budget::playouts_for`]).
    pub playouts: u32,
}

impl Budget {
    pub const DEFAULT: Budget = Budget { playouts: 1_200 };
}

impl Budget {
    /// The playouts for one move under `rules`. Osel's rounds are the longest to play out (a
    /// hub of four arms, arms closed one by one), so it plays two thirds of them and a move
    /// costs about what it costs in the other variants.
    pub fn playouts_for(self, rules: &Rules) -> u32 {
        match rules.variant() {
            Variant::Osel => self.playouts * 2 / 3,
            _ => self.playouts,
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::DEFAULT
    }
}

/// Sampled worlds per batch are never fewer than this, whatever the budget.
const MIN_WORLDS: u32 = 4;
/// Worlds kept per batch at most; the race is judged between batches.
const BATCH: u32 = 32;
/// The time cap is asked once per this many distinct worlds.
const WORLDS_PER_CHECK: usize = 4;

/// The best of `moves` for the observing seat.
pub(super) fn search(
    obs: &Observation,
    moves: &[Move],
    rng: &mut impl Rng,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Move {
    if moves.len() == 1 {
        return moves[0];
    }
    let estimates = evaluate(obs, moves, rng, budget, out_of_time);
    moves[best_index(&estimates)]
}

/// The index of the highest estimate (the first of equals).
pub(super) fn best_index(estimates: &[f32]) -> usize {
    let mut best = 0;
    for (i, t) in estimates.iter().enumerate() {
        if *t > estimates[best] {
            best = i;
        }
    }
    best
}

/// The mean worth ([`value::utility`]) of each of `moves` to the observing seat's side over
/// sampled worlds. Worlds come in batches; between batches a move clearly behind the leader on
/// the same worlds leaves the race ([`Race`]), and sampling goes on for the rest until the
/// budget of playouts is spent or one move is left.
pub(super) fn evaluate(
    obs: &Observation,
    moves: &[Move],
    rng: &mut impl Rng,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Vec<f32> {
    let rules = obs.rules();
    let seat = obs.seat();
    let side = obs.side();
    let sides = rules.sides(obs.seats());
    let playouts = budget.playouts_for(rules);
    let batch = (playouts / moves.len() as u32).clamp(MIN_WORLDS, BATCH) as usize;
    let mut worlds = Worlds::new(obs);
    let mut race = Race::new(moves.len());
    let mut scratch = Vec::with_capacity(32);
    let mut spent = 0;
    'sampling: while spent < playouts && race.alive() > 1 {
        for (round, count) in worlds.batch(batch, rng) {
            if race.rows() > 0 && race.rows().is_multiple_of(WORLDS_PER_CHECK) && out_of_time() {
                break 'sampling;
            }
            race.begin_row(count as f32);
            for (i, mv) in moves.iter().enumerate() {
                if !race.is_alive(i) {
                    continue;
                }
                let mut world = World::new(rules, round.clone(), obs.sheet().clone());
                world.informed = Some(side);
                world.apply(seat, *mv);
                world.play_out(&mut scratch);
                race.set(i, value::utility(rules, side, sides, obs.sheet(), &world));
                spent += 1;
            }
        }
        race.cut();
    }
    race.means()
}
