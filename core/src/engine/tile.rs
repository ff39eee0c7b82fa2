//! Tiles and sets of tiles.
//!
//! A tile is an index into the set; a [`TileSet`] is a bitset over those indices. The double-six
//! set is the one in play, but nothing here assumes 28 tiles: the index scheme holds every tile up
//! to double-nine (55 tiles), and [`TileSet::full`] takes the highest pip.

use std::fmt;
use std::str::FromStr;

/// The highest pip any supported set may have (double-nine).
pub const MAX_PIP: u8 = 9;
/// The highest pip of the set in play.
pub const STANDARD_MAX_PIP: u8 = 6;

/// Tiles up to double-nine.
const TILE_COUNT: u8 = 55;

/// Every tile up to double-nine, in index order.
pub const ALL_TILES: [Tile; TILE_COUNT as usize] = {
    let mut t = [Tile(0); TILE_COUNT as usize];
    let mut i = 0;
    while i < TILE_COUNT {
        t[i as usize] = Tile(i);
        i += 1;
    }
    t
};

/// Pips per tile index (64 entries: a bit index of a `u64` needs no bounds check).
const PIPS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < TILE_COUNT as usize {
        t[i] = HALVES[i].0 + HALVES[i].1;
        i += 1;
    }
    t
};

/// Bit planes of the pips: `PIP_PLANES[k]` holds every tile whose pip sum has bit `k` set
/// (sums reach 18, five bits), so a set's pips are five masked counts.
const PIP_PLANES: [u64; 5] = {
    let mut planes = [0u64; 5];
    let mut i = 0;
    while i < TILE_COUNT as usize {
        let mut k = 0;
        while k < 5 {
            if PIPS[i] >> k & 1 == 1 {
                planes[k] |= 1 << i;
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
    high * (high + 1) / 2 + low
}

/// Halves per index; 256 entries so that indexing by a `u8` needs no bounds check (a `Tile`
/// is below 55 by construction, the rest is never read).
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
    /// The tile with halves `a` and `b`, in either order. Panics past double-nine.
    pub const fn new(a: u8, b: u8) -> Tile {
        assert!(a <= MAX_PIP && b <= MAX_PIP, "pip out of range");
        if a <= b { Tile(index_of(a, b)) } else { Tile(index_of(b, a)) }
    }

    /// The tile with this index (0 is 0-0, 1 is 0-1, 2 is 1-1, 3 is 0-2 …).
    pub const fn from_index(index: u8) -> Tile {
        assert!(index < TILE_COUNT, "tile index out of range");
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
        let (l, h) = HALVES[self.0 as usize];
        (l + h) as u32
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
        self.pips() * 16 + self.high() as u32
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
#[error("bad tile {0:?}: expected two pips like \"3-5\"")]
pub struct BadTile(pub String);

impl FromStr for TileText {
    type Err = BadTile;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadTile(s.to_owned());
        let (a, b) = s.split_once('-').ok_or_else(bad)?;
        let pip = |p: &str| -> Result<u8, BadTile> {
            match p.as_bytes() {
                [d @ b'0'..=b'9'] => Ok(d - b'0'),
                _ => Err(bad()),
            }
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
pub struct TileSet(u64);

impl TileSet {
    pub const EMPTY: TileSet = TileSet(0);

    /// Every tile from 0-0 to `max_pip`-`max_pip`.
    pub const fn full(max_pip: u8) -> TileSet {
        let n = (max_pip as u32 + 1) * (max_pip as u32 + 2) / 2;
        TileSet(if n >= 64 { u64::MAX } else { (1u64 << n) - 1 })
    }

    /// Every tile of the set `max_pip` with a half showing `pip`.
    pub const fn suit(pip: u8, max_pip: u8) -> TileSet {
        let mut bits = 0u64;
        let mut other = 0;
        while other <= max_pip {
            bits |= 1 << Tile::new(pip, other).0;
            other += 1;
        }
        TileSet(bits)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits)
    }

    pub const fn single(tile: Tile) -> TileSet {
        TileSet(1 << tile.0)
    }

    pub const fn contains(self, tile: Tile) -> bool {
        self.0 & (1 << tile.0) != 0
    }

    pub fn insert(&mut self, tile: Tile) {
        self.0 |= 1 << tile.0;
    }

    pub fn remove(&mut self, tile: Tile) {
        self.0 &= !(1 << tile.0);
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    pub const fn difference(self, other: TileSet) -> TileSet {
        TileSet(self.0 & !other.0)
    }

    /// The lowest-index tile, if any.
    pub const fn first(self) -> Option<Tile> {
        if self.0 == 0 { None } else { Some(Tile(self.0.trailing_zeros() as u8)) }
    }

    /// The sum of pips of every tile in the set.
    pub fn pips(self) -> u32 {
        let mut sum = 0;
        for (k, plane) in PIP_PLANES.iter().enumerate() {
            sum += (self.0 & plane).count_ones() << k;
        }
        sum
    }

    pub fn iter(self) -> TileSetIter {
        TileSetIter(self.0)
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
pub struct TileSetIter(u64);

impl Iterator for TileSetIter {
    type Item = Tile;

    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Tile(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_trip_through_the_index() {
        for high in 0..=MAX_PIP {
            for low in 0..=high {
                let t = Tile::new(high, low);
                assert_eq!((t.low(), t.high()), (low, high));
                assert_eq!(Tile::from_index(t.index()), t);
            }
        }
    }

    #[test]
    fn a_sets_pips_are_the_sum_of_its_tiles_pips() {
        // Every subset drawn by a fixed LCG over the double-nine set.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2_000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let set = TileSet::from_bits(x & TileSet::full(9).bits());
            assert_eq!(set.pips(), set.iter().map(|t| t.pips()).sum::<u32>());
        }
        assert_eq!(TileSet::full(9).pips(), 495);
    }

    #[test]
    fn the_standard_set_has_28_tiles_and_168_pips() {
        let set = TileSet::full(STANDARD_MAX_PIP);
        assert_eq!(set.len(), 28);
        assert_eq!(set.pips(), 168);
        assert_eq!(TileSet::suit(4, 6).len(), 7);
    }

    #[test]
    fn tile_text_parses_both_orders_and_refuses_junk() {
        assert_eq!("5-3".parse::<Tile>().unwrap(), Tile::new(3, 5));
        let text: TileText = "5-3".parse().unwrap();
        assert_eq!((text.first, text.second), (5, 3));
        for bad in ["", "5", "5-", "-3", "53", "5-3-1", "a-b", "10-1", " 5-3"] {
            assert!(bad.parse::<Tile>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn weight_orders_heavier_then_higher_half() {
        assert!(Tile::new(5, 4).weight() > Tile::new(6, 2).weight());
        assert!(Tile::new(6, 3).weight() > Tile::new(5, 4).weight());
    }
}
