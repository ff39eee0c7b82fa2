//! Inference from play: what the other seats' choices say about their hands.
//!
//! Every player is modelled as a noisy greedy player: among the tiles he could lay, he lays one
//! with probability growing with its greedy score (a softmax, [`BETA`] per quarter pip), mixed
//! with a uniform choice. Two models of each seat are weighed at even odds: a sharp one ([`NOISE`]
//! for an opponent, [`PARTNER_NOISE`] for a partner, who plays for the side as the expert does
//! rather than for his own hand) and a loose one ([`LOOSE_NOISE`]) for a player far from greedy,
//! a person or a cleverer program, so that his plays are not misread. A sampled world is then
//! worth the likelihood of every single-tile play seen so far, given the hand that world says
//! the player held at the time (his hand now plus what he laid since). A chosen lead counts the
//! same way, among every tile of the hand. Forced leads, closings, several doubles at once and
//! the plays of seats that drew (whose hand at the time is not known) say nothing here.

use crate::engine::ai::greedy::{self, After};
use crate::engine::ai::observation::Observation;
use crate::engine::board::{Arm, Ends, SUITS};
use crate::engine::moves::Move;
use crate::engine::round::Round;
use crate::engine::rules::Rules;
use crate::engine::tile::{Tile, TileSet};

/// Inverse temperature of the play model, per quarter pip of greedy score: a pip of difference
/// makes a play e⁴ times less likely.
const BETA: f32 = 1.0;
/// The share of an opponent's plays the model takes as made at random among the legal ones: a
/// sharp model of greedy play that a random or a cleverer player does not break.
const NOISE: f32 = 0.03;
/// The same share for a partner.
const PARTNER_NOISE: f32 = 0.6;
/// The share under the second model of every seat: a player far from greedy (a person, or a
/// cleverer program). A seat's plays are weighed under both models at even odds, so the plays
/// of a greedy player soon speak through the sharp one and a player far from it is not
/// misread.
const LOOSE_NOISE: f32 = 0.6;

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
    /// A bit per seat of the observer's side other than the observer.
    partners: u8,
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
        let rules = obs.rules();
        let partners = (0..obs.seats())
            .filter(|&s| s != obs.seat() && rules.side_of(s) == obs.side())
            .fold(0u8, |m, s| m | 1 << s);
        Evidence { steps, partners }
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The log-likelihood of the plays seen, were the hidden hands those of `world`.
    pub fn log_weight(&self, rules: &Rules, world: &Round) -> f32 {
        (0..world.seats()).map(|s| self.seat_log_weight(rules, s, world.hand(s))).sum()
    }

    /// The log-likelihood of `seat`'s plays seen, were its hand now `now`.
    pub fn seat_log_weight(&self, rules: &Rules, seat: usize, now: TileSet) -> f32 {
        let sharp = if self.partners & 1 << seat != 0 { PARTNER_NOISE } else { NOISE };
        let (mut total, mut loose_total) = (0.0, 0.0);
        for step in self.steps.iter().filter(|s| s.seat as usize == seat) {
            let hand = now.union(step.since);
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
            let uniform = 1.0 / n.max(1) as f32;
            total += ((1.0 - sharp) * p + sharp * uniform).ln();
            loose_total += ((1.0 - LOOSE_NOISE) * p + LOOSE_NOISE * uniform).ln();
        }
        // Either model, even odds before the plays: ln(½ e^total + ½ e^loose_total).
        let top = total.max(loose_total);
        top + (0.5 * ((total - top).exp() + (loose_total - top).exp())).ln()
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

    #[test]
    fn a_partners_play_says_less_of_his_hand_than_an_opponents() {
        let mut rules = Rules::new(Variant::Kozel);
        rules.teams = crate::engine::rules::Teams::Pairs;
        let lead = set(&[(3, 3), (1, 1), (1, 2), (2, 2), (0, 1), (0, 2), (1, 5)]);
        let answer = set(&[(0, 3), (3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let rest: Vec<Tile> = TileSet::full(6).difference(lead).difference(answer).iter().collect();
        let holding = set(&[(3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let not_holding = set(&[(6, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let sheet = Sheet::default();
        // Seat `by` answers seat `by - 1`'s lead 3-3 with the light 0-3; seat 0 looks on.
        let gap = |by: usize| {
            let mut hands = [TileSet::EMPTY; 4];
            hands[by - 1] = lead;
            hands[by] = answer;
            let others: Vec<usize> = (0..4).filter(|&s| s != by && s != by - 1).collect();
            hands[others[0]] = rest[..7].iter().copied().collect();
            hands[others[1]] = rest[7..].iter().copied().collect();
            let mut round = Round::new(&rules, &hands, &[], Opening::Seat(by as u8 - 1));
            round.apply(by - 1, Move::lead(Tile::new(3, 3))).unwrap();
            round.apply(by, Move::play(Tile::new(0, 3), Arm::Left)).unwrap();
            let obs = Observation::of_round(&rules, &sheet, &round, 0);
            let evidence = Evidence::new(&obs);
            evidence.seat_log_weight(&rules, by, not_holding)
                - evidence.seat_log_weight(&rules, by, holding)
        };
        let (partner, opponent) = (gap(2), gap(3));
        assert!(partner > 0.0, "{partner}");
        assert!(opponent > partner + 0.5, "opponent {opponent}, partner {partner}");
    }
}
