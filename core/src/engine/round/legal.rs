//! Listing the legal moves of a seat, and choosing one at random without listing them.

use super::{Applied, Leader, Phase, Round};
use crate::engine::board::{Arm, Layout, SUITS};
use crate::engine::moves::{Move, Placement, Placements};
use crate::engine::rules::MultiPlay;
use crate::engine::tile::{Tile, TileSet, Width};
use rand::Rng;

/// The `k`-th tile of `set` in index order (`k` below its size).
fn nth(set: TileSet, k: u32) -> Tile {
    set.nth(k).expect("k is below the set's size")
}

impl Round {
    /// Every legal move of `seat` now. Leads are listed in one orientation (the higher half on
    /// the left): the two orientations of a lead are mirror images.
    pub fn legal_moves(&self, seat: usize) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(seat, &mut out);
        out
    }

    pub fn legal_moves_into(&self, seat: usize, out: &mut Vec<Move>) {
        out.clear();
        if self.check_turn(seat).is_err() {
            return;
        }
        let hand = self.hands[seat];
        match self.phase {
            Phase::Over(_) => {}
            Phase::Lead(leader) => {
                let tiles = match leader {
                    Leader::Forced { tile, .. } => TileSet::single(tile),
                    Leader::Seat(_) | Leader::Side(_) if self.params.lead_must_be_double => {
                        let doubles: TileSet = hand.iter().filter(|t| t.is_double()).collect();
                        if doubles.is_empty() { hand } else { doubles }
                    }
                    _ => hand,
                };
                for tile in tiles {
                    out.push(Move::Lead { tile, left: tile.high(), na_sto: false });
                    if tile == Tile::double(6) && self.may_declare & (1 << seat) != 0 {
                        out.push(Move::Lead { tile, left: 6, na_sto: true });
                    }
                }
            }
            Phase::Play => {
                let playable = self.board.playable(hand);
                if playable.is_empty() {
                    out.push(if self.bazaar_len() > 0 { Move::Draw } else { Move::Pass });
                    return;
                }
                let mut doubles: [Option<Tile>; 4] = [None; 4];
                for arm in self.board.open_arms() {
                    let end = self.board.arm(arm);
                    for tile in playable.intersection(SUITS[end.value as usize]) {
                        out.push(Move::play(tile, arm));
                        if self.params.closing && tile.is_double() {
                            out.push(Move::Play(Placements::from_slice(&[Placement {
                                tile,
                                arm,
                                close: true,
                            }])));
                        }
                    }
                    let d = Tile::double(end.value);
                    if playable.contains(d) {
                        doubles[arm as usize] = Some(d);
                    }
                }
                self.multi_moves(&doubles, out);
            }
        }
    }

    /// A legal move of `seat` chosen uniformly at random, as [`Round::legal_moves`] would list
    /// them; without building the list where only single tiles can be laid. `None` when `seat`
    /// cannot move.
    pub fn random_move(
        &self,
        seat: usize,
        rng: &mut impl Rng,
        scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        let simple = self.params.multi == MultiPlay::Single && !self.params.closing;
        if !(simple && matches!(self.phase, Phase::Play) && self.turn as usize == seat) {
            self.legal_moves_into(seat, scratch);
            return (!scratch.is_empty()).then(|| scratch[rng.random_range(0..scratch.len())]);
        }
        let hand = self.hands[seat];
        if self.board.layout() == Layout::Line {
            // Both ends of a line are open: the same draw as the loop below, on two arms.
            let [l, r, ..] = *self.board.arms();
            let left = hand.intersection(SUITS[l.value as usize]);
            let right = hand.intersection(SUITS[r.value as usize]);
            let total = left.len() + right.len();
            if total == 0 {
                return Some(if self.bazaar_len() > 0 { Move::Draw } else { Move::Pass });
            }
            let k = rng.random_range(0..total);
            let (arm, set, k) = if k < left.len() {
                (Arm::Left, left, k)
            } else {
                (Arm::Right, right, k - left.len())
            };
            return Some(Move::play(nth(set, k), arm));
        }
        let mut fits = [TileSet::EMPTY; 4];
        let mut total = 0;
        for (i, end) in self.board.arms().iter().enumerate() {
            if end.is_open() {
                fits[i] = hand.intersection(SUITS[end.value as usize]);
                total += fits[i].len();
            }
        }
        if total == 0 {
            return Some(if self.bazaar_len() > 0 { Move::Draw } else { Move::Pass });
        }
        let mut k = rng.random_range(0..total);
        for (i, set) in fits.iter().enumerate() {
            if k < set.len() {
                return Some(Move::play(nth(*set, k), Arm::from_index(i)));
            }
            k -= set.len();
        }
        unreachable!("k is below the total")
    }

    /// Chooses a move as [`Round::random_move`] does (the same draws from `rng`) and applies
    /// it: the simulator's step, a single tile laid without building a [`Move`] first, in
    /// arithmetic as wide as the round's set.
    #[inline]
    pub fn apply_random(
        &mut self,
        seat: usize,
        rng: &mut impl Rng,
        scratch: &mut Vec<Move>,
    ) -> Option<(Move, Applied)> {
        match self.params.width {
            Width::One => self.apply_random_in::<1>(seat, rng, scratch),
            Width::Two => self.apply_random_in::<2>(seat, rng, scratch),
            Width::Three => self.apply_random_in::<3>(seat, rng, scratch),
        }
    }

    #[inline(always)]
    fn apply_random_in<const W: usize>(
        &mut self,
        seat: usize,
        rng: &mut impl Rng,
        scratch: &mut Vec<Move>,
    ) -> Option<(Move, Applied)> {
        if self.params.simple_line
            && matches!(self.phase, Phase::Play)
            && self.turn as usize == seat
        {
            let hand = self.hands[seat];
            let arms = self.board.arms();
            let left = hand.and_in::<W>(SUITS[arms[0].value as usize]);
            let right = hand.and_in::<W>(SUITS[arms[1].value as usize]);
            let (nl, nr) = (left.len_in::<W>(), right.len_in::<W>());
            if nl + nr == 0 {
                // As random_move: no draw from `rng` when nothing fits.
                let mv = if self.bazaar_len() > 0 { Move::Draw } else { Move::Pass };
                return Some((mv, self.apply_unchecked(seat, mv)));
            }
            let k = rng.random_range(0..nl + nr);
            let (arm, set, k) =
                if k < nl { (Arm::Left, left, k) } else { (Arm::Right, right, k - nl) };
            let tile = set.nth_in::<W>(k).expect("k is below the set's size");
            return Some((Move::play(tile, arm), self.lay_one::<W>(seat, tile, arm, false)));
        }
        if let Some(tile) = self.random_plain_lead::<W>(seat, rng) {
            let mv = Move::Lead { tile, left: tile.high(), na_sto: false };
            return Some((mv, self.apply_unchecked(seat, mv)));
        }
        let mv = self.random_move(seat, rng, scratch)?;
        Some((mv, self.apply_unchecked(seat, mv)))
    }

    /// A lead chosen as [`Round::random_move`] chooses it from the listed leads (the same
    /// draw from `rng`), without listing them, where a lead is a plain tile of the hand: no
    /// «на сто» to declare and no double required. `None` (and no draw) otherwise.
    #[inline(always)]
    fn random_plain_lead<const W: usize>(&self, seat: usize, rng: &mut impl Rng) -> Option<Tile> {
        let Phase::Lead(leader) = self.phase else { return None };
        let plain = self.may_declare == 0
            && !(self.params.lead_must_be_double
                && matches!(leader, Leader::Seat(_) | Leader::Side(_)));
        if !plain || seat >= self.seats as usize || !leader.allows(seat as u8, self.seats) {
            return None;
        }
        let tiles = match leader {
            Leader::Forced { tile, .. } => TileSet::single(tile),
            _ => self.hands[seat],
        };
        let n = tiles.len_in::<W>() as usize;
        if n == 0 {
            return None;
        }
        tiles.nth_in::<W>(rng.random_range(0..n) as u32)
    }

    /// Plays of several doubles at once (C6): each subset of two or more arms holding distinct
    /// doubles, and in Osel every way of closing them.
    fn multi_moves(&self, doubles: &[Option<Tile>; 4], out: &mut Vec<Move>) {
        let (min, max) = match self.params.multi {
            MultiPlay::Single => return,
            MultiPlay::ExactlyTwo => (2, 2),
            MultiPlay::UpTo(n) => (2, n as u32),
        };
        if doubles.iter().flatten().count() < 2 {
            return;
        }
        for mask in 1u8..16 {
            let n = mask.count_ones();
            if n < min || n > max {
                continue;
            }
            let mut list = Vec::with_capacity(4);
            let mut used = TileSet::EMPTY;
            for (i, d) in doubles.iter().enumerate() {
                if mask & (1 << i) == 0 {
                    continue;
                }
                match d {
                    Some(t) if !used.contains(*t) => {
                        used.insert(*t);
                        list.push(Placement { tile: *t, arm: Arm::from_index(i), close: false });
                    }
                    _ => break,
                }
            }
            if list.len() != n as usize {
                continue;
            }
            let closings = if self.params.closing { 1u8 << n } else { 1 };
            for c in 0..closings {
                let mut l = list.clone();
                for (j, p) in l.iter_mut().enumerate() {
                    p.close = c & (1 << j) != 0;
                }
                out.push(Move::Play(Placements::from_slice(&l)));
            }
        }
    }
}
