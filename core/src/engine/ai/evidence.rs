//! Inference from play: what the other seats' choices say about their hands.
//!
//! Every player is modelled as a noisy greedy player: among the tiles he could lay, he lays one
//! with probability growing with its greedy score (a softmax, [`BETA`] per quarter pip), mixed
//! with a uniform choice. Two models of each seat are weighed at even odds: a sharp one ([`NOISE`]
//! for an opponent, [`PARTNER_NOISE`] for a partner, who plays for the side as the expert does
//! rather than for his own hand) and a loose one ([`LOOSE_NOISE`]) for a player far from greedy,
//! a person or a cleverer program, so that his plays are not misread. A sampled world is then
//! worth the likelihood of every single-tile play seen so far, given the hand that world says
//! the player held at the time: his hand now plus what he laid since, less the tiles the world
//! says he kept from later draws ([`super::draws`]). A chosen lead counts the same way, among
//! every tile of the hand. Forced leads, closings, several doubles at once and a tile laid as it
//! was drawn say nothing here.

use crate::engine::ai::draws::{Kept, Run, SeatDraws};
use crate::engine::ai::greedy::{self, After};
use crate::engine::ai::observation::Observation;
use crate::engine::board::{Arm, Ends, SUITS};
use crate::engine::moves::Move;
use crate::engine::round::Round;
use crate::engine::rules::MAX_SEATS;
use crate::engine::rules::Rules;
use crate::engine::tile::{TILE_COUNT, Tile, TileSet};

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

/// Log-likelihood lost per fact of the draws a world breaks: such a world is impossible, but a
/// penalty rather than a refusal lets the chain walk out of a start that breaks some.
const BROKEN: f32 = 12.0;

/// One play seen: the table before it, who laid what where, and what he laid from then on.
#[derive(Clone, Debug)]
struct Step {
    seat: u8,
    /// Tiles on the table before it.
    at: usize,
    board: Ends,
    tile: Tile,
    /// `None` for the lead.
    arm: Option<Arm>,
    /// Tiles the seat laid at this step or later, but for the ones laid as they were drawn.
    since: TileSet,
}

/// The plays that say something about hidden hands.
#[derive(Clone, Debug, Default)]
pub(super) struct Evidence {
    steps: Vec<Step>,
    draws: [SeatDraws; MAX_SEATS],
    /// A bit per seat of the observer's side other than the observer.
    partners: u16,
}

impl Evidence {
    pub(super) fn new(obs: &Observation) -> Evidence {
        let round = obs.round();
        let laid: Vec<_> = obs.board().laid().collect();
        let by: Vec<usize> = (0..laid.len()).map(|i| usize::from(round.laid_by(i))).collect();
        // Runs of draws: one seat's draws at one table, then the tile laid at once (the one
        // play laid at that table by that seat) or a pass.
        let mut runs: Vec<(usize, usize, u32)> = Vec::new();
        for (seat, at) in round.draws() {
            match runs.last_mut() {
                Some((s, a, n)) if (*s, *a) == (seat, at) => *n += 1,
                _ => runs.push((seat, at, 1)),
            }
        }
        let at_once = |&(seat, at, _): &(usize, usize, u32)| by.get(at) == Some(&seat);
        let drawn_and_laid: TileSet =
            runs.iter().filter(|r| at_once(r)).map(|&(_, at, _)| laid[at].tile).collect();
        // Tiles a seat laid from the `i`-th on, but for the ones laid as they were drawn.
        let since = |seat: usize, i: usize| -> TileSet {
            let tiles = (i..laid.len()).filter(|&j| by[j] == seat).map(|j| laid[j].tile);
            tiles.collect::<TileSet>().difference(drawn_and_laid)
        };
        let mut steps = Vec::new();
        let mut fits_at = Vec::with_capacity(laid.len() + 1);
        let mut board = Ends::new(obs.board().layout());
        for (i, l) in laid.iter().enumerate() {
            fits_at.push(board.fitting());
            let seat = by[i];
            // Doubles laid back to back by one seat may have been one play of several.
            let paired = |j: usize| by.get(j) == Some(&seat) && laid[j].tile.is_double();
            let multi = l.tile.is_double() && ((i > 0 && paired(i - 1)) || paired(i + 1));
            let chosen = if l.arm.is_none() { obs.free_lead() } else { !l.closed && !multi };
            if seat != obs.seat() && chosen && !drawn_and_laid.contains(l.tile) {
                steps.push(Step {
                    seat: seat as u8,
                    at: i,
                    board,
                    tile: l.tile,
                    arm: l.arm,
                    since: since(seat, i),
                });
            }
            match l.arm {
                Some(arm) => {
                    board.place(l.tile, arm, l.closed);
                }
                None => board.place_lead(l.tile, l.tile.other(l.outer)),
            }
        }
        fits_at.push(board.fitting());
        let mut draws: [SeatDraws; MAX_SEATS] = Default::default();
        for r @ &(seat, at, n) in runs.iter().filter(|r| r.0 != obs.seat()) {
            let kept = n - u32::from(at_once(r));
            let run = Run { at, fits: fits_at[at], kept, since: since(seat, at) };
            draws[seat].runs.push(run);
        }
        for (seat, d) in draws.iter_mut().enumerate() {
            d.laid = since(seat, 0);
        }
        let rules = obs.rules();
        let partners = (0..obs.seats())
            .filter(|&s| s != obs.seat() && rules.side_of(s) == obs.side())
            .fold(0u16, |m, s| m | 1 << s);
        Evidence { steps, draws, partners }
    }

    /// Nothing seen says more about the hidden hands than their voids.
    pub(super) fn is_empty(&self) -> bool {
        self.steps.is_empty() && !self.draws.iter().any(SeatDraws::keeps)
    }

    /// `seat`'s draw runs.
    pub(super) fn draws(&self, seat: usize) -> &SeatDraws {
        &self.draws[seat]
    }

    /// The log-likelihood of the plays seen, were the hidden hands those of `world` and the
    /// tiles kept from draws `kept` (per seat).
    pub(super) fn log_weight(&self, rules: &Rules, world: &Round, kept: &[Kept]) -> f32 {
        (0..world.seats()).map(|s| self.seat_log_weight(rules, s, world.hand(s), &kept[s])).sum()
    }

    /// The log-likelihood of `seat`'s plays seen, were its hand now `now` and the tiles it kept
    /// from its draws `kept`; a labelling that breaks a fact of the draws costs [`BROKEN`] a
    /// fact.
    pub(super) fn seat_log_weight(
        &self,
        rules: &Rules,
        seat: usize,
        now: TileSet,
        kept: &[TileSet],
    ) -> f32 {
        let draws = &self.draws[seat];
        let sharp = if self.partners & 1 << seat != 0 { PARTNER_NOISE } else { NOISE };
        let (mut total, mut loose_total) = (0.0, 0.0);
        for step in self.steps.iter().filter(|s| s.seat as usize == seat) {
            let hand = now.union(step.since).difference(draws.kept_after(kept, step.at));
            let value = rules.hand_value(hand);
            let scored = |tile, arm| score(rules, hand, value, &step.board, tile, arm);
            let seen = BETA * scored(step.tile, step.arm) as f32;
            let mut scores = [0f32; TILE_COUNT];
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
                let must_double = rules.lead_must_be_double() && !doubles.is_empty();
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
        let plays = top + (0.5 * ((total - top).exp() + (loose_total - top).exp())).ln();
        plays - BROKEN * draws.broken(now, kept) as f32
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
            evidence.log_weight(&rules, &world, &<[Kept; MAX_SEATS]>::default())
        };
        let holding = set(&[(3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let not_holding = set(&[(6, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        assert!(with(not_holding) > with(holding) + 1.0);
    }

    #[test]
    fn a_partners_play_says_less_of_his_hand_than_an_opponents() {
        let pairs = crate::engine::rules::Teams::Pairs;
        let rules = Rules::builder(Variant::Kozel).teams(pairs).build().unwrap();
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
            evidence.seat_log_weight(&rules, by, not_holding, &[])
                - evidence.seat_log_weight(&rules, by, holding, &[])
        };
        let (partner, opponent) = (gap(2), gap(3));
        assert!(partner > 0.0, "{partner}");
        assert!(opponent > partner + 0.5, "opponent {opponent}, partner {partner}");
    }

    #[test]
    fn a_play_before_a_later_draw_speaks_through_the_tiles_kept() {
        let rules = Rules::new(Variant::Kozel);
        let mine = set(&[(3, 3), (1, 3), (1, 1), (1, 2), (2, 2), (0, 2), (0, 0)]);
        let theirs = set(&[(0, 3), (3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let first = [Tile::new(2, 6), Tile::new(1, 6)];
        let rest =
            TileSet::full(6).difference(mine).difference(theirs).difference(set(&[(2, 6), (1, 6)]));
        let bazaar: Vec<Tile> = first.into_iter().chain(rest.iter()).collect();
        let mut round = Round::new(&rules, &[mine, theirs], &bazaar, Opening::Seat(0));
        // Seat 1 answers 3-3 with the light 0-3 although it holds 3-6; then, with 0|1 open, it
        // draws 2-6 (kept) and 1-6, laid at once.
        round.apply(0, Move::lead(Tile::new(3, 3))).unwrap();
        round.apply(1, Move::play(Tile::new(0, 3), Arm::Left)).unwrap();
        round.apply(0, Move::play(Tile::new(1, 3), Arm::Right)).unwrap();
        round.apply(1, Move::Draw).unwrap();
        round.apply(1, Move::Draw).unwrap();
        round.apply(1, Move::play(Tile::new(1, 6), Arm::Right)).unwrap();
        let sheet = Sheet::default();
        let obs = Observation::of_round(&rules, &sheet, &round, 0);
        let evidence = Evidence::new(&obs);
        let runs = &evidence.draws(1).runs;
        assert_eq!(runs.len(), 1);
        assert_eq!((runs[0].at, runs[0].kept), (3, 1));
        assert_eq!(obs.lacks(1), 1 << 0 | 1 << 1);
        let weight = |hand: &[(u8, u8)], kept: (u8, u8)| {
            evidence.seat_log_weight(&rules, 1, set(hand), &[set(&[kept])])
        };
        let holding = [(3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5), (2, 6)];
        let not_holding = [(6, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5), (2, 6)];
        // Held since the play, the heavier 3-6 makes the light play unlikely ...
        assert!(weight(&not_holding, (2, 6)) > weight(&holding, (2, 6)) + 1.0);
        // ... unless it is the tile kept from the draw, after the play.
        assert!(weight(&holding, (3, 6)) > weight(&holding, (2, 6)) + 1.0);
        // A kept tile that fitted the table it was drawn at breaks a fact, and so does a
        // fitting tile held then.
        let fitting = [(0, 4), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5), (2, 6)];
        assert_eq!(evidence.draws(1).broken(set(&fitting), &[set(&[(0, 4)])]), 1);
        assert_eq!(evidence.draws(1).broken(set(&fitting), &[set(&[(2, 6)])]), 1);
        assert_eq!(evidence.draws(1).broken(set(&holding), &[set(&[(2, 6)])]), 0);
    }
}
