//! Inference from play: what the other seats' choices say about their hands.
//!
//! Every player is modelled as a noisy greedy player: among the tiles he could lay, he lays one
//! with probability growing with its greedy score (a softmax, [`BETA`] per quarter pip), mixed
//! with a uniform choice ([`NOISE`]) so that a player who is not greedy still explains his plays. A
//! sampled world is then worth the likelihood of every single-tile play seen so far, given the
//! hand that world says the player held at the time (his hand now plus what he laid since).
//! A chosen lead counts the same way, among every tile of the hand. Forced leads, closings,
//! several doubles at once and the plays of seats that drew (whose hand at the time is not
//! known) say nothing here.

use crate::engine::ai::greedy::{self, After};
use crate::engine::ai::observation::Observation;
use crate::engine::board::{Arm, Ends, SUITS};
use crate::engine::moves::Move;
use crate::engine::round::Round;
use crate::engine::rules::Rules;
use crate::engine::tile::{Tile, TileSet};

/// Inverse temperature of the play model, per quarter pip of greedy score.
const BETA: f32 = 0.2;
/// The share of plays the model takes as made at random among the legal ones: a sharp model of
/// greedy play that a random or a cleverer player does not break.
const NOISE: f32 = 0.15;

/// One play seen: the table before it, who laid what where, and what he laid from then on.
#[derive(Clone, Debug)]
struct Step {
    seat: u8,
    board: Ends,
    tile: Tile,
    /// `None` for the lead.
    arm: Option<Arm>,
    /// Tiles the seat laid at this step or later.
    since: TileSet,
}

/// The plays that say something about hidden hands.
#[derive(Clone, Debug, Default)]
pub(super) struct Evidence {
    steps: Vec<Step>,
}

impl Evidence {
    pub fn new(obs: &Observation) -> Evidence {
        let round = obs.round();
        let laid: Vec<_> = obs.board().laid().collect();
        let by: Vec<u8> = (0..laid.len()).map(|i| round.laid_by(i)).collect();
        // A seat's hand at a play is known from its hand now only if it drew nothing since.
        let drew_after = |seat: usize, i: usize| round.last_drew_at(seat).is_some_and(|d| d > i);
        let mut steps = Vec::new();
        let mut board = Ends::new(obs.board().layout());
        for (i, l) in laid.iter().enumerate() {
            let seat = by[i] as usize;
            // Doubles laid back to back by one seat may have been one play of several.
            let paired = |j: usize| by.get(j) == Some(&by[i]) && laid[j].tile.is_double();
            let multi = l.tile.is_double() && ((i > 0 && paired(i - 1)) || paired(i + 1));
            let chosen = if l.arm.is_none() { obs.free_lead() } else { !l.closed && !multi };
            if seat != obs.seat() && chosen && !drew_after(seat, i) {
                let since = (i..laid.len()).filter(|&j| by[j] == by[i]).map(|j| laid[j].tile);
                steps.push(Step {
                    seat: by[i],
                    board,
                    tile: l.tile,
                    arm: l.arm,
                    since: since.collect(),
                });
            }
            match l.arm {
                Some(arm) => {
                    board.place(l.tile, arm, l.closed);
                }
                None => board.place_lead(l.tile, l.tile.other(l.outer)),
            }
        }
        Evidence { steps }
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The log-likelihood of the plays seen, were the hidden hands those of `world`.
    pub fn log_weight(&self, rules: &Rules, world: &Round) -> f32 {
        let mut total = 0.0;
        for step in &self.steps {
            let hand = world.hand(step.seat as usize).union(step.since);
            let value = rules.hand_value(hand);
            let scored = |tile, arm| score(rules, hand, value, &step.board, tile, arm);
            let seen = BETA * scored(step.tile, step.arm) as f32;
            let mut scores = [0f32; 32];
            let mut n = 0;
            let mut add = |tile: Tile, arm: Option<Arm>| {
                if n < scores.len() {
                    scores[n] = BETA * scored(tile, arm) as f32;
                    n += 1;
                }
            };
            if step.arm.is_some() {
                for arm in step.board.open_arms() {
                    let fits = hand.intersection(SUITS[step.board.arm(arm).value as usize]);
                    for tile in fits {
                        add(tile, Some(arm));
                    }
                }
            } else {
                // K6: a leader holding a double must lead one under `lead_must_be_double`.
                let doubles = hand.iter().filter(|t| t.is_double()).collect::<TileSet>();
                let must_double = rules.lead_must_be_double && !doubles.is_empty();
                for tile in if must_double { doubles } else { hand } {
                    add(tile, None);
                }
            }
            let top = scores[..n].iter().copied().fold(seen, f32::max);
            let sum: f32 = scores[..n].iter().map(|s| (s - top).exp()).sum::<f32>().max(1.0);
            let p = (seen - top).exp() / sum;
            total += ((1.0 - NOISE) * p + NOISE / n.max(1) as f32).ln();
        }
        total
    }
}

/// The greedy score of laying `tile` from `hand` on `arm` (`None`: leading it).
/// `value` is the hand's value.
fn score(
    rules: &Rules,
    hand: TileSet,
    value: u32,
    board: &Ends,
    tile: Tile,
    arm: Option<Arm>,
) -> i32 {
    let mv = arm.map_or(Move::lead(tile), |arm| Move::play(tile, arm));
    let after = After::of(board, &mv);
    greedy::shed_score_with(rules, hand, value, TileSet::single(tile), &after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::round::Opening;
    use crate::engine::rules::Variant;
    use crate::engine::tally::Sheet;

    fn set(tiles: &[(u8, u8)]) -> TileSet {
        tiles.iter().map(|&(a, b)| Tile::new(a, b)).collect()
    }

    #[test]
    fn a_light_play_makes_a_heavier_fitting_tile_unlikely() {
        let rules = Rules::new(Variant::Kozel);
        let mine = set(&[(3, 3), (1, 1), (1, 2), (2, 2), (0, 1), (0, 2), (1, 5)]);
        let theirs = set(&[(0, 3), (3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let rest = TileSet::full(6).difference(mine).difference(theirs);
        let mut round =
            Round::new(&rules, &[mine, theirs], &rest.iter().collect::<Vec<_>>(), Opening::Seat(0));
        round.apply(0, Move::lead(Tile::new(3, 3))).unwrap();
        round.apply(1, Move::play(Tile::new(0, 3), Arm::Left)).unwrap();
        let sheet = Sheet::default();
        let obs = Observation::of_round(&rules, &sheet, &round, 0);
        let evidence = Evidence::new(&obs);
        assert!(!evidence.is_empty());
        // Seat 1 holding 3-6 (heavier, and it fitted) explains the light 0-3 worse.
        let unseen: Vec<Tile> = obs.unseen().iter().collect();
        let with = |hand: TileSet| {
            let bazaar: Vec<Tile> = unseen.iter().copied().filter(|t| !hand.contains(*t)).collect();
            let world = round.with_hidden(0, &[mine, hand], &bazaar);
            evidence.log_weight(&rules, &world)
        };
        let holding = set(&[(3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let not_holding = set(&[(6, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        assert!(with(not_holding) > with(holding) + 1.0);
    }
}
