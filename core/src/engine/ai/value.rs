//! What a played-out round is worth to one side: the expert's objective.
//!
//! Three terms: the round (won +1, lost −1, tied 0), the points it moved on the sheet (the
//! side's own gain less the others' mean, in pips: penalties count against, remembered points
//! as if written, a Telefon point as five pips), and the match if it was decided.

use crate::engine::ai::playout::World;
use crate::engine::rules::{Rules, Variant};
use crate::engine::tally::{MatchResult, Sheet};

/// Pips worth one round won.
const PIPS_PER_ROUND: f32 = 15.0;
/// Rounds worth a match decided.
const ROUNDS_PER_MATCH: f32 = 4.0;

/// Whether points on the sheet are penalties (the side reaching the target loses).
fn penalties(rules: &Rules) -> bool {
    match rules.variant() {
        Variant::Kozel | Variant::Osel => true,
        Variant::Morskoy => rules.loser_writes(),
        Variant::Classic | Variant::Telefon => false,
    }
}

/// The worth of the world's outcome to `side`, the sheet having been `before` the round.
pub(super) fn utility(
    rules: &Rules,
    side: usize,
    sides: usize,
    before: &Sheet,
    world: &World,
) -> f32 {
    let round = match world.score.and_then(|s| s.winner) {
        Some(w) if w == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    };
    let sign = if penalties(rules) { -1.0 } else { 1.0 };
    let unit = if rules.variant() == Variant::Telefon { 5.0 } else { 1.0 };
    let after = &world.sheet;
    let gain = |s: usize| {
        let now = after.scores[s] + after.remembered[s];
        let then = before.scores[s] + before.remembered[s];
        sign * unit * (now as f32 - then as f32)
    };
    let others = (0..sides).filter(|&s| s != side).map(gain).sum::<f32>() / (sides - 1) as f32;
    let points = (gain(side) - others) / PIPS_PER_ROUND;
    let decided = world.decided.map_or(0.0, |r| match_worth(r, side));
    round + points + ROUNDS_PER_MATCH * decided
}

/// +1 if `side` won the match, −1 if it lost, 0 if neither (a side between winner and goat).
fn match_worth(result: MatchResult, side: usize) -> f32 {
    match (result.winner, result.loser) {
        (Some(w), _) if w == side => 1.0,
        (_, Some(l)) if l == side => -1.0,
        (Some(_), _) => -1.0,
        (None, Some(_)) => 1.0,
        (None, None) => 0.0,
    }
}
