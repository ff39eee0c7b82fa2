//! Another seat's draw runs, and which tiles of its hand came from them.
//!
//! A seat that could not play drew tile by tile until one fitted, then laid it (or passed with
//! the bazaar empty). Everyone sees each run: the table it was drawn at, how many tiles, and
//! whether the last was laid at once. The tiles drawn and kept are not seen. Their place is
//! what makes a seat's earlier plays speak: its hand at an earlier play is its hand now, plus
//! what it laid since, less the tiles it kept from later runs.
//!
//! So a sampled world also says, per run, which tiles were kept from it (a [`Kept`] labelling,
//! walked by the chain beside the hidden tiles). The facts every labelling must respect are
//! counted by [`SeatDraws::broken`]: a kept tile did not fit its run's table and was not laid
//! before it; the hand at each run held no tile that fitted.

use crate::engine::tile::{Tile, TileSet};
use rand::Rng;
use rand::seq::SliceRandom;

/// Per run of a seat, the tiles kept from it (empty for a run that kept none).
pub(super) type Kept = Vec<TileSet>;

/// One run of draws by a seat.
#[derive(Copy, Clone, Debug)]
pub(super) struct Run {
    /// Tiles on the table when the seat drew.
    pub at: usize,
    /// Tiles that fitted the table then: none of the hand held, none of the tiles kept.
    pub fits: TileSet,
    /// Tiles drawn and kept.
    pub kept: u32,
    /// Tiles the seat laid from then on, but for the ones laid as they were drawn.
    pub since: TileSet,
}

/// One seat's runs in order, and every tile it laid that it held for a while.
#[derive(Clone, Debug, Default)]
pub(super) struct SeatDraws {
    pub runs: Vec<Run>,
    /// Tiles the seat laid, but for the ones laid as they were drawn.
    pub laid: TileSet,
}

impl SeatDraws {
    /// Whether any run kept a tile (else the hand at every play is known from the hand now).
    pub(super) fn keeps(&self) -> bool {
        self.runs.iter().any(|r| r.kept > 0)
    }

    /// The tiles kept from runs after `at` tiles were on the table.
    pub(super) fn kept_after(&self, kept: &[TileSet], at: usize) -> TileSet {
        let later = self.runs.iter().zip(kept).filter(|(r, _)| r.at > at);
        later.fold(TileSet::EMPTY, |set, (_, k)| set.union(*k))
    }

    /// How many facts the labelling `kept` of the hand `now` breaks (0 for a possible one).
    pub(super) fn broken(&self, now: TileSet, kept: &[TileSet]) -> u32 {
        let mut broken = 0;
        let mut later = TileSet::EMPTY;
        for (run, k) in self.runs.iter().zip(kept).rev() {
            let held = now.union(run.since);
            broken += k.difference(held).len() + k.intersection(run.fits).len();
            broken += held.difference(later).difference(*k).intersection(run.fits).len();
            later = later.union(*k);
        }
        broken
    }

    /// A labelling of `now` that keeps each run's count: the last run first (the tiles it can
    /// have kept are among those an earlier run can), each among the tiles that could have been
    /// kept from it, then others when there are too few.
    pub(super) fn label(&self, now: TileSet, rng: &mut impl Rng) -> Kept {
        let mut taken = TileSet::EMPTY;
        let mut kept = vec![TileSet::EMPTY; self.runs.len()];
        let mut pool = Vec::with_capacity(16);
        let everything = now.union(self.laid);
        for (run, k) in self.runs.iter().zip(kept.iter_mut()).rev().filter(|(r, _)| r.kept > 0) {
            let open = now.union(run.since).difference(taken);
            let parts = [
                open.difference(run.fits),
                open.intersection(run.fits),
                everything.difference(open),
            ];
            for part in parts {
                pool.clear();
                pool.extend(part.difference(taken).difference(*k).iter());
                pool.shuffle(rng);
                for &t in pool.iter().take((run.kept - k.len()) as usize) {
                    k.insert(t);
                }
            }
            taken = taken.union(*k);
        }
        kept
    }

    /// A symmetric proposal: a tile kept from some run changes places with another tile of the
    /// hand or laid (kept from another run, or not kept). Returns the change to undo it, or
    /// `None` when there is nothing to move.
    pub(super) fn propose(
        &self,
        now: TileSet,
        kept: &mut [TileSet],
        rng: &mut impl Rng,
    ) -> Option<Swap> {
        let labelled = self.runs.iter().filter(|r| r.kept > 0).count();
        if labelled == 0 {
            return None;
        }
        let nth = rng.random_range(0..labelled);
        let j = self.runs.iter().enumerate().filter(|(_, r)| r.kept > 0).nth(nth)?.0;
        let u = pick(kept[j], rng)?;
        let v = pick(now.union(self.laid).difference(kept[j]), rng)?;
        let other = kept.iter().position(|k| k.contains(v));
        let swap = Swap { run: j, out: u, into: v, other };
        swap.apply(kept);
        Some(swap)
    }
}

/// A change of labelling: `out` leaves run `run` for `into`'s place, `into` takes its place.
#[derive(Copy, Clone, Debug)]
pub(super) struct Swap {
    run: usize,
    out: Tile,
    into: Tile,
    /// The run `into` was kept from, if any.
    other: Option<usize>,
}

impl Swap {
    fn apply(&self, kept: &mut [TileSet]) {
        kept[self.run].remove(self.out);
        kept[self.run].insert(self.into);
        if let Some(o) = self.other {
            kept[o].remove(self.into);
            kept[o].insert(self.out);
        }
    }

    /// Undoes [`SeatDraws::propose`]'s change.
    pub(super) fn undo(&self, kept: &mut [TileSet]) {
        let back = Swap { run: self.run, out: self.into, into: self.out, other: self.other };
        back.apply(kept);
    }
}

/// A tile of `set` drawn uniformly.
fn pick(set: TileSet, rng: &mut impl Rng) -> Option<Tile> {
    if set.is_empty() {
        return None;
    }
    set.iter().nth(rng.random_range(0..set.len() as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::evidence::Evidence;
    use crate::engine::ai::observation::Observation;
    use crate::engine::game::Match;
    use crate::engine::moves::Move;
    use crate::engine::rules::{Rules, Variant};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Random rounds with draws; at every turn, each other seat's real hand and the tiles it
    /// really kept from each run (followed through the game) break no fact, and its hand has
    /// no pip it is said to lack.
    #[test]
    fn the_real_hands_and_kept_tiles_break_no_fact() {
        let mut checked_runs = 0;
        for (variant, seats) in [(Variant::Kozel, 2), (Variant::Classic, 3), (Variant::Osel, 2)] {
            for seed in 0..40 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut game = Match::new(Rules::new(variant), seats).unwrap();
                game.start_random_round(&mut rng);
                // Per seat, its runs: the tiles drawn in each, by the table they were drawn at.
                let mut drawn: [Vec<(usize, Vec<Tile>)>; 8] = Default::default();
                let mut scratch = Vec::new();
                while let Some(round) = game.round().filter(|r| !r.is_over()) {
                    let Some(seat) = round.to_move().map(usize::from) else { break };
                    let obs = Observation::new(&game, seat).unwrap();
                    let evidence = Evidence::new(&obs);
                    for s in (0..seats).filter(|&s| s != seat) {
                        let hand = round.hand(s);
                        assert_eq!(hand.iter().filter(|t| obs.lacks(s) & pips(*t) != 0).count(), 0);
                        let draws = evidence.draws(s);
                        assert_eq!(draws.runs.len(), drawn[s].len());
                        let kept: Kept = drawn[s]
                            .iter()
                            .map(|(at, tiles)| {
                                let laid_at_once = round.board().laid_count() > *at
                                    && usize::from(round.laid_by(*at)) == s;
                                let n = tiles.len() - usize::from(laid_at_once);
                                tiles[..n].iter().copied().collect()
                            })
                            .collect();
                        for (run, k) in draws.runs.iter().zip(&kept) {
                            assert_eq!(run.kept, k.len());
                        }
                        assert_eq!(draws.broken(hand, &kept), 0, "seed {seed} seat {s}");
                        checked_runs += draws.runs.iter().filter(|r| r.kept > 0).count();
                        // A labelling walked at random keeps every run's count.
                        let mut walked = draws.label(hand, &mut rng);
                        for _ in 0..5 {
                            if let Some(change) = draws.propose(hand, &mut walked, &mut rng) {
                                let counts: Vec<u32> = walked.iter().map(|k| k.len()).collect();
                                let want: Vec<u32> = draws.runs.iter().map(|r| r.kept).collect();
                                assert_eq!(counts, want);
                                if rng.random_bool(0.5) {
                                    let before = walked.clone();
                                    change.undo(&mut walked);
                                    assert_ne!(before, walked);
                                }
                            }
                        }
                    }
                    let mv = round.random_move(seat, &mut rng, &mut scratch).unwrap();
                    if mv == Move::Draw {
                        let at = round.board().laid_count();
                        let tile = round.bazaar()[0];
                        match drawn[seat].last_mut() {
                            Some((a, tiles)) if *a == at => tiles.push(tile),
                            _ => drawn[seat].push((at, vec![tile])),
                        }
                    }
                    game.apply(seat, mv).unwrap();
                }
            }
        }
        assert!(checked_runs > 200, "only {checked_runs} runs that kept tiles");
    }

    fn pips(t: Tile) -> crate::engine::tile::PipMask {
        1 << t.low() | 1 << t.high()
    }

    #[test]
    fn a_labelling_keeps_the_counts_and_prefers_tiles_that_did_not_fit() {
        let t = Tile::new;
        let fits: TileSet = [t(0, 1), t(1, 1), t(1, 2), t(0, 4)].into_iter().collect();
        let now: TileSet = [t(2, 2), t(3, 4), t(0, 4), t(5, 6)].into_iter().collect();
        let seat = SeatDraws {
            runs: vec![
                Run { at: 5, fits, kept: 2, since: TileSet::EMPTY },
                Run { at: 9, fits: TileSet::EMPTY, kept: 0, since: TileSet::EMPTY },
            ],
            laid: TileSet::EMPTY,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..20 {
            let kept = seat.label(now, &mut rng);
            assert_eq!(kept[0].len(), 2);
            assert!(kept[1].is_empty());
            assert!(!kept[0].contains(t(0, 4)), "0-4 fitted");
            assert_eq!(seat.broken(now, &kept), 1, "0-4 was held at the run, and fitted");
        }
    }
}
