//! [`TileSet`]: a bitset over tile indices, three 64-bit words.
//!
//! A round whose set fits fewer words (double-six and double-nine: one; double-twelve: two)
//! never has a tile in the others. The engine's hot path is generic over that width
//! ([`Width`]): the `*_in::<W>` operations below touch only the first `W` words and leave the
//! rest zero, so a double-six round does one-word arithmetic; the full-width operations are
//! the same code at `W` = 3.

use super::{PIP_PLANES, Tile};
use std::fmt;

/// Words of a [`TileSet`].
pub(crate) const WORDS: usize = 3;

/// How many words the tiles of a set take: 1 up to double-nine (55 tiles), 2 for
/// double-twelve (91), 3 beyond. A round picks its width once; only the first `W` words of
/// its sets are ever non-zero.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Width {
    One,
    Two,
    Three,
}

impl Width {
    /// The width of the set whose highest double is `max_pip`.
    pub const fn of_set(max_pip: u8) -> Width {
        match (max_pip as usize + 1) * (max_pip as usize + 2) / 2 {
            0..=64 => Width::One,
            65..=128 => Width::Two,
            _ => Width::Three,
        }
    }
}

/// A set of tiles as a bitset over tile indices.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct TileSet([u64; WORDS]);

/// The word and bit of a tile.
const fn at(tile: Tile) -> (usize, u64) {
    (tile.0 as usize >> 6, 1 << (tile.0 & 63))
}

impl TileSet {
    pub const EMPTY: TileSet = TileSet([0; WORDS]);

    /// Every tile from 0-0 to `max_pip`-`max_pip`.
    pub const fn full(max_pip: u8) -> TileSet {
        let n = (max_pip as usize + 1) * (max_pip as usize + 2) / 2;
        let mut words = [0u64; WORDS];
        let mut w = 0;
        while w < WORDS {
            let below = n.saturating_sub(w * 64);
            words[w] = if below >= 64 { u64::MAX } else { (1u64 << below) - 1 };
            w += 1;
        }
        TileSet(words)
    }

    /// Every tile of the set `max_pip` with a half showing `pip`.
    pub const fn suit(pip: u8, max_pip: u8) -> TileSet {
        let mut set = TileSet::EMPTY;
        let mut other = 0;
        while other <= max_pip {
            set = set.with(Tile::new(pip, other));
            other += 1;
        }
        set
    }

    /// This set and `tile`.
    pub const fn with(self, tile: Tile) -> TileSet {
        self.union(TileSet::single(tile))
    }

    /// The set of one tile, made in registers (no word is stored alone: see `insert`).
    #[inline]
    pub const fn single(tile: Tile) -> TileSet {
        let (w, bit) = at(tile);
        TileSet([
            if w == 0 { bit } else { 0 },
            if w == 1 { bit } else { 0 },
            if w == 2 { bit } else { 0 },
        ])
    }

    #[inline]
    pub const fn contains(self, tile: Tile) -> bool {
        let (w, bit) = at(tile);
        self.0[w] & bit != 0
    }

    // Insert and remove write the whole set, not one word: a set is read whole (often as one
    // vector load), and a load that spans a word just stored alone cannot be forwarded from the
    // store; measured, that stall cost the simulator a fifth of its time.
    #[inline]
    pub fn insert(&mut self, tile: Tile) {
        *self = self.union(TileSet::single(tile));
    }

    #[inline]
    pub fn remove(&mut self, tile: Tile) {
        *self = self.difference(TileSet::single(tile));
    }

    /// Whether a tile of this set, not in `minus`, is in `and`. This set must fill its words
    /// from the first (as [`TileSet::full`] does): the words past its last are not read, so
    /// the double-six set reads one word.
    #[inline]
    pub fn any_beyond(self, minus: TileSet, and: TileSet) -> bool {
        self.any_beyond_in::<WORDS>(minus, and)
    }

    /// The intersection, over the first `W` words (the rest zero).
    #[inline(always)]
    pub(crate) fn and_in<const W: usize>(self, other: TileSet) -> TileSet {
        let mut out = TileSet::EMPTY;
        for w in 0..W {
            out.0[w] = self.0[w] & other.0[w];
        }
        out
    }

    /// The union, over the first `W` words (the rest zero).
    #[inline(always)]
    pub(crate) fn or_in<const W: usize>(self, other: TileSet) -> TileSet {
        let mut out = TileSet::EMPTY;
        for w in 0..W {
            out.0[w] = self.0[w] | other.0[w];
        }
        out
    }

    /// This set without `tile`, over the first `W` words (the rest zero); `tile` must lie
    /// in them.
    #[inline(always)]
    pub(crate) fn without_in<const W: usize>(self, tile: Tile) -> TileSet {
        let mut out = TileSet::EMPTY;
        let (at, bit) = at(tile);
        for w in 0..W {
            out.0[w] = self.0[w] & !if w == at { bit } else { 0 };
        }
        out
    }

    /// This set and `tile`, over the first `W` words (the rest zero); `tile` must lie in them.
    #[inline(always)]
    pub(crate) fn with_in<const W: usize>(self, tile: Tile) -> TileSet {
        let mut out = TileSet::EMPTY;
        let (at, bit) = at(tile);
        for w in 0..W {
            out.0[w] = self.0[w] | if w == at { bit } else { 0 };
        }
        out
    }

    /// The number of tiles in the first `W` words.
    #[inline(always)]
    pub(crate) fn len_in<const W: usize>(self) -> u32 {
        let mut n = 0;
        for w in 0..W {
            n += self.0[w].count_ones();
        }
        n
    }

    /// Whether the first `W` words are empty.
    #[inline(always)]
    pub(crate) fn is_empty_in<const W: usize>(self) -> bool {
        let mut any = 0;
        for w in 0..W {
            any |= self.0[w];
        }
        any == 0
    }

    /// The `k`-th tile of the first `W` words, if they hold more than `k`.
    #[inline(always)]
    pub(crate) fn nth_in<const W: usize>(self, mut k: u32) -> Option<Tile> {
        for w in 0..W {
            let mut bits = self.0[w];
            let n = bits.count_ones();
            if k < n {
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Some(Tile((w * 64) as u8 + bits.trailing_zeros() as u8));
            }
            k -= n;
        }
        None
    }

    /// [`TileSet::any_beyond`] over the first `W` words.
    #[inline(always)]
    pub(crate) fn any_beyond_in<const W: usize>(self, minus: TileSet, and: TileSet) -> bool {
        for w in 0..W {
            if self.0[w] == 0 {
                return false;
            }
            if self.0[w] & !minus.0[w] & and.0[w] != 0 {
                return true;
            }
        }
        false
    }

    /// A set of tiles from a list, built in registers.
    #[inline]
    pub fn of(tiles: &[Tile]) -> TileSet {
        let (mut a, mut b, mut c) = (0u64, 0u64, 0u64);
        for t in tiles {
            let bit = 1u64 << (t.0 & 63);
            match t.0 >> 6 {
                0 => a |= bit,
                1 => b |= bit,
                _ => c |= bit,
            }
        }
        TileSet([a, b, c])
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    #[inline]
    pub const fn union(self, other: TileSet) -> TileSet {
        let (a, b) = (self.0, other.0);
        TileSet([a[0] | b[0], a[1] | b[1], a[2] | b[2]])
    }

    #[inline]
    pub const fn intersection(self, other: TileSet) -> TileSet {
        let (a, b) = (self.0, other.0);
        TileSet([a[0] & b[0], a[1] & b[1], a[2] & b[2]])
    }

    #[inline]
    pub const fn difference(self, other: TileSet) -> TileSet {
        let (a, b) = (self.0, other.0);
        TileSet([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2]])
    }

    /// The lowest-index tile, if any.
    #[inline]
    pub const fn first(self) -> Option<Tile> {
        let mut w = 0;
        while w < WORDS {
            if self.0[w] != 0 {
                return Some(Tile((w * 64) as u8 + self.0[w].trailing_zeros() as u8));
            }
            w += 1;
        }
        None
    }

    /// The `k`-th tile in index order, if the set has more than `k`.
    pub fn nth(self, k: u32) -> Option<Tile> {
        self.nth_in::<WORDS>(k)
    }

    /// The sum of pips of every tile in the set.
    pub fn pips(self) -> u32 {
        let mut sum = 0;
        for (w, &bits) in self.0.iter().enumerate() {
            // The words a smaller set leaves empty cost a predictable branch.
            if bits != 0 {
                for (k, plane) in PIP_PLANES.iter().enumerate() {
                    sum += (bits & plane[w]).count_ones() << k;
                }
            }
        }
        sum
    }

    pub fn iter(self) -> TileSetIter {
        TileSetIter { words: self.0, word: 0 }
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut set = TileSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

impl IntoIterator for TileSet {
    type Item = Tile;
    type IntoIter = TileSetIter;

    fn into_iter(self) -> TileSetIter {
        self.iter()
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterates a [`TileSet`] in index order.
pub struct TileSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for TileSetIter {
    type Item = Tile;

    #[inline]
    fn next(&mut self) -> Option<Tile> {
        while self.words[self.word] == 0 {
            if self.word + 1 == WORDS {
                return None;
            }
            self.word += 1;
        }
        let bits = &mut self.words[self.word];
        let i = bits.trailing_zeros();
        *bits &= *bits - 1;
        Some(Tile((self.word * 64) as u8 + i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word..].iter().map(|w| w.count_ones() as usize).sum();
        (n, Some(n))
    }
}
