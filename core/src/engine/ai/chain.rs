//! Worlds drawn by a Markov chain over the hidden tiles, in proportion to how well they
//! explain the plays seen ([`Evidence`]).
//!
//! A state is where each hidden tile is: another seat's hand or the bazaar. A step proposes to
//! swap two hidden tiles in different places (a symmetric proposal) and takes the swap by the
//! Metropolis rule on the likelihood of the plays seen; a swap that breaks a known void is
//! refused. Only the two places touched change their terms, so a step costs the plays of at most
//! two seats. The chain starts from the likeliest of a few independent deals and walks
//! [`BURN_IN`] steps per hidden tile before its first world, then [`THIN`] steps between worlds.
//! The bazaar's order says nothing about the plays seen, so each world deals it afresh.

use crate::engine::ai::deal;
use crate::engine::ai::draws::Kept;
use crate::engine::ai::evidence::Evidence;
use crate::engine::ai::observation::Observation;
use crate::engine::round::Round;
use crate::engine::rules::MAX_SEATS;
use crate::engine::tile::{PipMask, Tile, TileSet};
use rand::Rng;
use rand::seq::SliceRandom;

/// Steps per hidden tile before the first world.
const BURN_IN: usize = 4;
/// Steps between two worlds.
const THIN: usize = 4;
/// Independent deals the chain starts from the likeliest of.
const STARTS: usize = 8;
/// The place index of the bazaar (hands are places 0..MAX_SEATS, by seat).
const BAZAAR: u8 = MAX_SEATS as u8;

pub(super) struct Chain {
    /// Every hidden tile and its place.
    tiles: Vec<(Tile, u8)>,
    hands: [TileSet; MAX_SEATS],
    voids: [PipMask; MAX_SEATS],
    /// Per seat, the tiles it kept from each of its draw runs ([`super::draws`]).
    kept: [Kept; MAX_SEATS],
    /// Seats whose runs kept tiles, a labelling to walk.
    keeping: Vec<usize>,
    /// Each hand's log-likelihood term.
    terms: [f32; MAX_SEATS],
    /// Places holding at least one hidden tile.
    places: usize,
}

impl Chain {
    pub(super) fn new(obs: &Observation, evidence: &Evidence, rng: &mut impl Rng) -> Chain {
        let rules = obs.rules();
        let others: Vec<usize> = (0..obs.seats()).filter(|&s| s != obs.seat()).collect();
        let mut best: Option<(f32, Round, [Kept; MAX_SEATS])> = None;
        for _ in 0..STARTS {
            let world = deal::sample(obs, rng);
            let mut kept: [Kept; MAX_SEATS] = Default::default();
            for &s in &others {
                kept[s] = evidence.draws(s).label(world.hand(s), rng);
            }
            let w = evidence.log_weight(rules, &world, &kept);
            if best.as_ref().is_none_or(|(b, _, _)| w > *b) {
                best = Some((w, world, kept));
            }
        }
        let (_, world, kept) = best.expect("at least one start");
        let mut chain = Chain {
            tiles: Vec::with_capacity(32),
            hands: [TileSet::EMPTY; MAX_SEATS],
            voids: [0; MAX_SEATS],
            keeping: others.iter().copied().filter(|&s| evidence.draws(s).keeps()).collect(),
            kept,
            terms: [0.0; MAX_SEATS],
            places: 0,
        };
        let mut used = [false; MAX_SEATS + 1];
        for tile in obs.unseen() {
            let place = others
                .iter()
                .copied()
                .find(|&s| world.hand(s).contains(tile))
                .map_or(BAZAAR, |s| s as u8);
            used[place as usize] = true;
            chain.tiles.push((tile, place));
        }
        chain.places = used.iter().filter(|u| **u).count();
        for &s in &others {
            chain.hands[s] = world.hand(s);
            chain.voids[s] = obs.lacks(s);
            chain.terms[s] = evidence.seat_log_weight(rules, s, chain.hands[s], &chain.kept[s]);
        }
        let steps = BURN_IN * chain.tiles.len();
        chain.walk(obs, evidence, steps, rng);
        chain
    }

    /// The hands now (the observing seat's left empty).
    pub(super) fn hands(&self) -> [TileSet; MAX_SEATS] {
        self.hands
    }

    /// Walks `THIN` steps.
    pub(super) fn advance(&mut self, obs: &Observation, evidence: &Evidence, rng: &mut impl Rng) {
        self.walk(obs, evidence, THIN, rng);
    }

    /// The world now, the bazaar dealt afresh.
    pub(super) fn world(&self, obs: &Observation, rng: &mut impl Rng) -> Round {
        let mut bazaar: Vec<Tile> =
            self.tiles.iter().filter(|(_, p)| *p == BAZAAR).map(|(t, _)| *t).collect();
        bazaar.shuffle(rng);
        obs.round().with_hidden(obs.seat(), &self.hands[..obs.seats()], &bazaar)
    }

    fn fits(&self, tile: Tile, place: u8) -> bool {
        place == BAZAAR || self.voids[place as usize] & (1 << tile.low() | 1 << tile.high()) == 0
    }

    /// Steps of the walk: every other one relabels the kept tiles of a seat that kept some,
    /// the rest swap two hidden tiles.
    fn walk(&mut self, obs: &Observation, evidence: &Evidence, steps: usize, rng: &mut impl Rng) {
        for _ in 0..steps {
            if !self.keeping.is_empty() && rng.random_bool(0.5) {
                self.relabel(obs, evidence, rng);
            } else if self.places >= 2 {
                self.swap(obs, evidence, rng);
            }
        }
    }

    /// Moves a kept tile of one seat to another run or out of the kept ones.
    fn relabel(&mut self, obs: &Observation, evidence: &Evidence, rng: &mut impl Rng) {
        let seat = self.keeping[rng.random_range(0..self.keeping.len())];
        let draws = evidence.draws(seat);
        let Some(change) = draws.propose(self.hands[seat], &mut self.kept[seat], rng) else {
            return;
        };
        let term = evidence.seat_log_weight(obs.rules(), seat, self.hands[seat], &self.kept[seat]);
        let delta = term - self.terms[seat];
        if delta >= 0.0 || rng.random::<f32>() < delta.exp() {
            self.terms[seat] = term;
        } else {
            change.undo(&mut self.kept[seat]);
        }
    }

    /// Swaps two hidden tiles in different places (a kept tile's label goes with its place).
    fn swap(&mut self, obs: &Observation, evidence: &Evidence, rng: &mut impl Rng) {
        let rules = obs.rules();
        let n = self.tiles.len();
        let i = rng.random_range(0..n);
        let (x, px) = self.tiles[i];
        let j = loop {
            let j = rng.random_range(0..n);
            if self.tiles[j].1 != px {
                break j;
            }
        };
        let (y, py) = self.tiles[j];
        if !self.fits(x, py) || !self.fits(y, px) {
            return;
        }
        let mut terms = self.terms;
        let mut delta = 0.0;
        for (place, out, into) in [(px, x, y), (py, y, x)] {
            if place != BAZAAR {
                let p = place as usize;
                self.hands[p].remove(out);
                self.hands[p].insert(into);
                relabel(&mut self.kept[p], out, into);
                terms[p] = evidence.seat_log_weight(rules, p, self.hands[p], &self.kept[p]);
                delta += terms[p] - self.terms[p];
            }
        }
        if delta >= 0.0 || rng.random::<f32>() < delta.exp() {
            self.terms = terms;
            self.tiles[i].1 = py;
            self.tiles[j].1 = px;
        } else {
            for (place, out, into) in [(px, x, y), (py, y, x)] {
                if place != BAZAAR {
                    let p = place as usize;
                    self.hands[p].remove(into);
                    self.hands[p].insert(out);
                    relabel(&mut self.kept[p], into, out);
                }
            }
        }
    }
}

/// The tile `into` takes `out`'s label, if it had one.
fn relabel(kept: &mut [TileSet], out: Tile, into: Tile) {
    if let Some(k) = kept.iter_mut().find(|k| k.contains(out)) {
        k.remove(out);
        k.insert(into);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Arm;
    use crate::engine::moves::Move;
    use crate::engine::round::Opening;
    use crate::engine::rules::{Rules, Variant};
    use crate::engine::tally::Sheet;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn set(tiles: &[(u8, u8)]) -> TileSet {
        tiles.iter().map(|&(a, b)| Tile::new(a, b)).collect()
    }

    /// Seat 1 answered the lead 3-3 with the light 0-3 while holding the heavier 3-6.
    fn light_answer(rules: &Rules) -> Round {
        let mine = set(&[(3, 3), (1, 1), (1, 2), (2, 2), (0, 1), (0, 2), (1, 5)]);
        let theirs = set(&[(0, 3), (3, 6), (4, 4), (4, 5), (5, 5), (2, 4), (2, 5)]);
        let rest: Vec<Tile> = TileSet::full(6).difference(mine).difference(theirs).iter().collect();
        let mut round = Round::new(rules, &[mine, theirs], &rest, Opening::Seat(0));
        round.apply(0, Move::lead(Tile::new(3, 3))).unwrap();
        round.apply(1, Move::play(Tile::new(0, 3), Arm::Left)).unwrap();
        round
    }

    #[test]
    fn the_chain_keeps_sizes_and_voids_and_follows_the_plays_seen() {
        let rules = Rules::new(Variant::Kozel);
        let round = light_answer(&rules);
        let sheet = Sheet::default();
        let obs = Observation::of_round(&rules, &sheet, &round, 0);
        let evidence = Evidence::new(&obs);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut chain = Chain::new(&obs, &evidence, &mut rng);
        let heavy = Tile::new(3, 6);
        let (mut by_chain, mut by_deal) = (0, 0);
        let n = 2_000;
        for _ in 0..n {
            chain.advance(&obs, &evidence, &mut rng);
            let world = chain.world(&obs, &mut rng);
            assert_eq!(world.hand(0), round.hand(0));
            assert_eq!(world.hand(1).len(), round.hand(1).len());
            assert_eq!(world.bazaar_len(), round.bazaar_len());
            let all =
                world.bazaar().iter().fold(world.hand(1), |a, &t| a.union(TileSet::single(t)));
            assert_eq!(all, obs.unseen());
            by_chain += usize::from(world.hand(1).contains(heavy));
            by_deal += usize::from(deal::sample(&obs, &mut rng).hand(1).contains(heavy));
        }
        // Dealt blindly, 3-6 is in seat 1's six tiles of the 20 unseen 30% of the time; a
        // greedy player holding it would have laid it, so the chain rarely gives it to him.
        assert!(by_deal > n * 22 / 100, "dealt {by_deal} of {n}");
        assert!(by_chain < n / 10, "chain {by_chain} of {n}");
    }

    #[test]
    fn the_same_seed_gives_the_same_worlds() {
        let rules = Rules::new(Variant::Kozel);
        let round = light_answer(&rules);
        let sheet = Sheet::default();
        let obs = Observation::of_round(&rules, &sheet, &round, 0);
        let evidence = Evidence::new(&obs);
        let worlds = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut chain = Chain::new(&obs, &evidence, &mut rng);
            (0..50)
                .map(|_| {
                    chain.advance(&obs, &evidence, &mut rng);
                    chain.world(&obs, &mut rng)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(worlds(3), worlds(3));
        assert_ne!(worlds(3), worlds(4));
    }
}
