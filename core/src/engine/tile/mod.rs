//! Tiles and sets of tiles.
//!
//! A tile is an index into the set; a [`TileSet`] is a bitset over those indices, three 64-bit
//! words wide: every tile up to double-eighteen (190 tiles). Double-six (28 tiles) lives in the
//! first word alone, so the other two stay zero and cost a predictable branch or an `or` of
//! zeros. Nothing here assumes a set's size: [`TileSet::full`] takes the highest pip.

mod set;

pub use set::{TileSet, TileSetIter, Width};

use std::fmt;
use std::str::FromStr;

/// The highest pip any supported set may have (double-eighteen).
pub const MAX_PIP: u8 = 18;
/// The highest pip of the standard set (double-six).
pub const STANDARD_MAX_PIP: u8 = 6;

/// Tiles up to double-eighteen.
pub const TILE_COUNT: usize = 190;
/// Words of a [`TileSet`].
pub(crate) const WORDS: usize = set::WORDS;

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

#[cfg(test)]
mod tests;
