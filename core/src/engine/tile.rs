//! Tiles and sets of tiles.
//!
//! A tile is an index into the set; a [`TileSet`] is a bitset over those indices, three 64-bit
//! words wide: every tile up to double-eighteen (190 tiles). Double-six (28 tiles) lives in the
//! first word alone, so the other two stay zero and cost a predictable branch or an `or` of
//! zeros. Nothing here assumes a set's size: [`TileSet::full`] takes the highest pip.

use std::fmt;
use std::str::FromStr;

/// The highest pip any supported set may have (double-eighteen).
pub const MAX_PIP: u8 = 18;
/// The highest pip of the standard set (double-six).
pub const STANDARD_MAX_PIP: u8 = 6;

/// Tiles up to double-eighteen.
pub const TILE_COUNT: usize = 190;
/// Words of a [`TileSet`].
const WORDS: usize = 3;

/// A bit per pip value (0 ..= [`MAX_PIP`]): which values a seat lacks, which ends are open.
pub type PipMask = u32;

/// Every tile up to double-eighteen, in index order.
pub const ALL_TILES: [Tile; TILE_COUNT] = {
    let mut t = [Tile(0); TILE_COUNT];
    let mut i = 0;
    while i < TILE_COUNT {
        t[i] = Tile(i as u8);
        i += 1;
    }
    t
};

/// Pips per tile index (256 entries: indexing by a `u8` needs no bounds check).
const PIPS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < TILE_COUNT {
        t[i] = HALVES[i].0 + HALVES[i].1;
        i += 1;
    }
    t
};

/// Bit planes of the pips: `PIP_PLANES[k][w]` holds, in word `w`, every tile whose pip sum has
/// bit `k` set (sums reach 36, six bits), so a set's pips are masked counts.
const PIP_PLANES: [[u64; WORDS]; 6] = {
    let mut planes = [[0u64; WORDS]; 6];
    let mut i = 0;
    while i < TILE_COUNT {
        let mut k = 0;
        while k < 6 {
            if PIPS[i] >> k & 1 == 1 {
                planes[k][i / 64] |= 1 << (i % 64);
            }
            k += 1;
        }
        i += 1;
    }
    planes
};

/// One tile, `low-high` with `low <= high`. `"a-b"` and `"b-a"` name the same tile.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

const fn index_of(low: u8, high: u8) -> u8 {
    ((high as u16) * (high as u16 + 1) / 2 + low as u16) as u8
}

/// Halves per index; 256 entries so that indexing by a `u8` needs no bounds check (a `Tile`
/// is below 190 by construction, the rest is never read).
const HALVES: [(u8, u8); 256] = {
    let mut t = [(0u8, 0u8); 256];
    let mut high = 0;
    while high <= MAX_PIP {
        let mut low = 0;
        while low <= high {
            t[index_of(low, high) as usize] = (low, high);
            low += 1;
        }
        high += 1;
    }
    t
};

impl Tile {
    /// The tile with halves `a` and `b`, in either order. Panics past double-eighteen.
    pub const fn new(a: u8, b: u8) -> Tile {
        assert!(a <= MAX_PIP && b <= MAX_PIP, "pip out of range");
        if a <= b { Tile(index_of(a, b)) } else { Tile(index_of(b, a)) }
    }

    /// The tile with this index (0 is 0-0, 1 is 0-1, 2 is 1-1, 3 is 0-2 …).
    pub const fn from_index(index: u8) -> Tile {
        assert!((index as usize) < TILE_COUNT, "tile index out of range");
        Tile(index)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn low(self) -> u8 {
        HALVES[self.0 as usize].0
    }

    pub const fn high(self) -> u8 {
        HALVES[self.0 as usize].1
    }

    pub const fn pips(self) -> u32 {
        PIPS[self.0 as usize] as u32
    }

    pub const fn is_double(self) -> bool {
        let (l, h) = HALVES[self.0 as usize];
        l == h
    }

    /// Whether one half shows `pip`.
    pub const fn has(self, pip: u8) -> bool {
        let (l, h) = HALVES[self.0 as usize];
        l == pip || h == pip
    }

    /// The half opposite the one showing `pip` (for a double, `pip` itself).
    pub const fn other(self, pip: u8) -> u8 {
        let (l, h) = HALVES[self.0 as usize];
        if l == pip { h } else { l }
    }

    /// The double `d-d`.
    pub const fn double(d: u8) -> Tile {
        Tile::new(d, d)
    }

    /// Heaviness order for leads: more pips first, the higher half breaking ties
    /// (RULES T1: 5-4 before 6-2; Kozel: 6-3 before 5-4). Larger is heavier.
    pub const fn weight(self) -> u32 {
        self.pips() * 32 + self.high() as u32
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.low(), self.high())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Tile text as written in records and buttons: `"a-b"`, halves read in written order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TileText {
    pub first: u8,
    pub second: u8,
}

impl TileText {
    pub const fn tile(self) -> Tile {
        Tile::new(self.first, self.second)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad tile {0:?}: expected two pips from 0 to 18 like \"3-5\"")]
pub struct BadTile(pub String);

impl FromStr for TileText {
    type Err = BadTile;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadTile(s.to_owned());
        let (a, b) = s.split_once('-').ok_or_else(bad)?;
        // One digit, or two without a leading zero, up to MAX_PIP.
        let pip = |p: &str| -> Result<u8, BadTile> {
            let n = match p.as_bytes() {
                [d @ b'0'..=b'9'] => d - b'0',
                [t @ b'1'..=b'9', d @ b'0'..=b'9'] => (t - b'0') * 10 + (d - b'0'),
                _ => return Err(bad()),
            };
            if n <= MAX_PIP { Ok(n) } else { Err(bad()) }
        };
        Ok(TileText { first: pip(a)?, second: pip(b)? })
    }
}

impl FromStr for Tile {
    type Err = BadTile;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<TileText>().map(TileText::tile)
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
        for w in 0..WORDS {
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
    pub fn nth(self, mut k: u32) -> Option<Tile> {
        for w in 0..WORDS {
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

    /// The sum of pips of every tile in the set.
    pub fn pips(self) -> u32 {
        let mut sum = 0;
        for (k, plane) in PIP_PLANES.iter().enumerate() {
            let n = (self.0[0] & plane[0]).count_ones()
                + (self.0[1] & plane[1]).count_ones()
                + (self.0[2] & plane[2]).count_ones();
            sum += n << k;
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

#[cfg(test)]
#[path = "tile_tests.rs"]
mod tests;
