//! Inference from play: what the other seats' choices say about their hands.
//!
//! Every player is modelled as a noisy greedy player: among the tiles he could lay, he lays one
//! with probability growing with its greedy score (a softmax, [`BETA`] per quarter pip). A
//! sampled world is then worth the likelihood of every single-tile play seen so far, given the
//! hand that world says the player held at the time (his hand now plus what he laid since).
//! A chosen lead counts the same way, among every tile of the hand. Forced leads, closings,
//! several doubles at once and the plays of seats that drew (whose hand at the time is not
//! known) say nothing here.

use domino_core::engine::ai::Observation;
use domino_core::engine::ai::ladder::SUITS;
use domino_core::engine::ai::ladder::{self as greedy, After};
use domino_core::engine::board::{Arm, Board};
use domino_core::engine::moves::Move;
use domino_core::engine::round::Round;
use domino_core::engine::rules::Rules;
use domino_core::engine::tile::{Tile, TileSet};

/// Inverse temperature of the play model, per quarter pip of greedy score.
const BETA: f32 = 0.08;

/// One play seen: the table before it, who laid what where, and what he laid from then on.
#[derive(Clone, Debug)]
struct Step {
    seat: u8,
    board: Board,
    tile: Tile,
    /// `None` for the lead.
    arm: Option<Arm>,
    /// Tiles the seat laid at this step or later.
    since: TileSet,
}

/// The plays that say something about hidden hands.
#[derive(Clone, Debug, Default)]
pub(crate) struct Evidence {
    steps: Vec<Step>,
}

impl Evidence {
    pub fn new(obs: &Observation) -> Evidence {
        let round = obs.round();
        let rules = obs.rules();
        let laid: Vec<_> = obs.board().laid().collect();
        let by: Vec<u8> = (0..laid.len()).map(|i| round.laid_by(i)).collect();
        // A seat drew if it holds more than it was dealt less what it laid.
        let dealt = rules.deal_size(obs.seats());
        let drew = |seat: usize| {
            let laid_by_seat = by.iter().filter(|&&b| b as usize == seat).count();
            obs.hand_size(seat) + laid_by_seat > dealt
        };
        let mut steps = Vec::new();
        let mut board = Board::new(obs.board().layout());
        for (i, l) in laid.iter().enumerate() {
            let seat = by[i] as usize;
            // Doubles laid back to back by one seat may have been one play of several.
            let paired = |j: usize| by.get(j) == Some(&by[i]) && laid[j].tile.is_double();
            let multi = l.tile.is_double() && ((i > 0 && paired(i - 1)) || paired(i + 1));
            let chosen = if l.arm.is_none() { obs.free_lead() } else { !l.closed && !multi };
            if seat != obs.seat() && chosen && !drew(seat) {
                let since = (i..laid.len()).filter(|&j| by[j] == by[i]).map(|j| laid[j].tile);
                steps.push(Step {
                    seat: by[i],
                    board: board.clone(),
                    tile: l.tile,
                    arm: l.arm,
                    since: since.collect(),
                });
            }
            match l.arm {
                Some(arm) => board.place(l.tile, arm, l.closed),
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
            let seen = BETA * score(rules, hand, &step.board, step.tile, step.arm) as f32;
            let mut scores = [0f32; 32];
            let mut n = 0;
            let mut add = |tile: Tile, arm: Option<Arm>| {
                if n < scores.len() {
                    scores[n] = BETA * score(rules, hand, &step.board, tile, arm) as f32;
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
                let must_double = rules.lead_must_be_double() && !doubles.is_empty();
                for tile in if must_double { doubles } else { hand } {
                    add(tile, None);
                }
            }
            let top = scores[..n].iter().copied().fold(seen, f32::max);
            let sum: f32 = scores[..n].iter().map(|s| (s - top).exp()).sum();
            total += seen - top - sum.max(1.0).ln();
        }
        total
    }
}

/// The greedy score of laying `tile` from `hand` on `arm` (`None`: leading it).
fn score(rules: &Rules, hand: TileSet, board: &Board, tile: Tile, arm: Option<Arm>) -> i32 {
    let mv = arm.map_or(Move::lead(tile), |arm| Move::play(tile, arm));
    let after = After::of(board, &mv);
    greedy::shed_score(rules, hand, TileSet::single(tile), &after)
}
