//! The baseline expert (frozen): determinized Monte Carlo with inference from play.
//!
//! Worlds are dealt at random consistently with what the seat knows (hand sizes, known voids:
//! [`super::deal`]); when plays have been seen, more worlds are dealt than kept and the kept
//! ones drawn in proportion to how well they explain those plays ([`super::evidence`]). In every
//! kept world each candidate move is played and the round finished ([`super::playout`]): the
//! other sides by the greedy policy, the seat's own side greedily too but with that world's
//! hands in view (blocking the next opponents, feeding the partner). The outcome is scored by the
//! variant's round scoring from the side's point of view ([`super::value`]); the best mean over
//! the same worlds wins (the first of equals). A forced move is returned at once.
//!
//! Deterministic for a seed: the only source of chance is the RNG passed in, and the optional
//! time cap (a closure from the caller) is the only way the clock can matter.

use super::deal;
use super::evidence::Evidence;
use super::playout::World;
use super::value;
use domino_core::engine::ai::Budget;
use domino_core::engine::ai::Observation;
use domino_core::engine::moves::Move;
use domino_core::engine::round::Round;
use rand::Rng;

/// Sampled worlds are never fewer than this, whatever the budget.
const MIN_WORLDS: u32 = 4;
/// The time cap is asked once per this many worlds.
const WORLDS_PER_CHECK: u32 = 4;

/// The best of `moves` for the observing seat.
pub(crate) fn search(
    obs: &Observation,
    moves: &[Move],
    rng: &mut impl Rng,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Move {
    if moves.len() == 1 {
        return moves[0];
    }
    let rules = obs.rules();
    let seat = obs.seat();
    let side = obs.side();
    let sides = rules.sides(obs.seats());
    let worlds = (budget.playouts / moves.len() as u32).max(MIN_WORLDS);
    let worlds = draw_worlds(obs, worlds as usize, rng, out_of_time);
    let mut totals = vec![0f32; moves.len()];
    let mut scratch = Vec::with_capacity(32);
    for (w, round) in worlds.iter().enumerate() {
        if w > 0 && w % WORLDS_PER_CHECK as usize == 0 && out_of_time() {
            break;
        }
        for (mv, total) in moves.iter().zip(&mut totals) {
            let mut world = World::new(rules, round.clone(), obs.sheet().clone());
            world.informed = Some(side);
            world.apply(seat, *mv);
            world.play_out(&mut scratch);
            *total += value::utility(rules, side, sides, obs.sheet(), &world);
        }
    }
    let mut best = 0;
    for (i, t) in totals.iter().enumerate() {
        if *t > totals[best] {
            best = i;
        }
    }
    moves[best]
}

/// Candidate worlds drawn per world kept, when plays seen can tell them apart.
const OVERSAMPLE: usize = 4;

/// `n` worlds consistent with the observation, drawn in proportion to how well they explain the
/// plays seen: many are dealt, weighed by [`Evidence`], and `n` are kept by systematic
/// resampling.
fn draw_worlds(
    obs: &Observation,
    n: usize,
    rng: &mut impl Rng,
    out_of_time: &dyn Fn() -> bool,
) -> Vec<Round> {
    let evidence = Evidence::new(obs);
    if evidence.is_empty() {
        return (0..n).map(|_| deal::sample(obs, rng)).collect();
    }
    let mut dealt = Vec::with_capacity(n * OVERSAMPLE);
    let mut weights = Vec::with_capacity(n * OVERSAMPLE);
    for i in 0..n * OVERSAMPLE {
        if i >= n && i % (4 * WORLDS_PER_CHECK as usize) == 0 && out_of_time() {
            break;
        }
        let world = deal::sample(obs, rng);
        weights.push(evidence.log_weight(obs.rules(), &world));
        dealt.push(world);
    }
    let top = weights.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut cumulative = Vec::with_capacity(weights.len());
    let mut sum = 0.0;
    for w in &weights {
        sum += (w - top).exp();
        cumulative.push(sum);
    }
    let step = sum / n as f32;
    let mut at = rng.random::<f32>() * step;
    let mut j = 0;
    let mut kept = Vec::with_capacity(n);
    for _ in 0..n {
        while j + 1 < cumulative.len() && cumulative[j] < at {
            j += 1;
        }
        kept.push(dealt[j].clone());
        at += step;
    }
    kept
}
