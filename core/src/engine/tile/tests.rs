//! Unit tests of the parent module.

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
        let y = x.rotate_left(29);
        let set: TileSet = ALL_TILES
            .iter()
            .filter(|t| (if t.index() < 64 { x } else { y }) >> (t.index() % 64) & 1 == 1)
            .copied()
            .collect();
        assert_eq!(set.pips(), set.iter().map(|t| t.pips()).sum::<u32>());
        assert_eq!(set.len() as usize, set.iter().count());
        for k in 0..set.len() {
            assert_eq!(set.nth(k), set.iter().nth(k as usize));
        }
        assert_eq!(set.nth(set.len()), None);
        assert_eq!(set.first(), set.iter().next());
        let tiles: Vec<Tile> = set.iter().collect();
        assert_eq!(TileSet::of(&tiles), set);
        // any_beyond is (full − minus) ∩ and ≠ ∅ for every set's full.
        let other = TileSet::of(&ALL_TILES[(x % 97) as usize..]);
        for n in [6, 9, 12, 15, 18] {
            let full = TileSet::full(n);
            let want = !full.difference(set).intersection(other).is_empty();
            assert_eq!(full.any_beyond(set, other), want, "double-{n}");
        }
    }
    // RULES-next §0: (n+1)(n+2)/2 tiles; pips n(n+1)(n+2)/2.
    for (n, tiles, pips) in
        [(6, 28, 168), (9, 55, 495), (12, 91, 1_092), (15, 136, 2_040), (18, 190, 3_420)]
    {
        assert_eq!((TileSet::full(n).len(), TileSet::full(n).pips()), (tiles, pips));
        assert_eq!(TileSet::suit(n, n).len(), n as u32 + 1);
    }
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
    assert_eq!("10-3".parse::<Tile>().unwrap(), Tile::new(3, 10));
    assert_eq!("18-18".parse::<Tile>().unwrap().pips(), 36);
    for bad in ["", "5", "5-", "-3", "53", "5-3-1", "a-b", "19-1", "05-3", "100-1", " 5-3"] {
        assert!(bad.parse::<Tile>().is_err(), "{bad:?} parsed");
    }
}

#[test]
fn weight_orders_heavier_then_higher_half() {
    assert!(Tile::new(5, 4).weight() > Tile::new(6, 2).weight());
    assert!(Tile::new(6, 3).weight() > Tile::new(5, 4).weight());
    // L1: 9-6 before 8-7 (both 15), and the heaviest double-eighteen tiles stay ordered.
    assert!(Tile::new(9, 6).weight() > Tile::new(8, 7).weight());
    assert!(Tile::new(18, 18).weight() > Tile::new(18, 17).weight());
    assert!(Tile::new(18, 0).weight() > Tile::new(9, 8).weight());
}

/// A set of the tiles of `set` picked by the bits of an LCG.
fn subset(x: &mut u64, set: TileSet) -> TileSet {
    set.iter()
        .filter(|_| {
            *x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            *x >> 63 == 1
        })
        .collect()
}

/// The hot path's narrow operations agree with the full-width ones on the sets of a round
/// of that width.
fn narrow_ops_agree<const W: usize>(max_pip: u8) {
    let full = TileSet::full(max_pip);
    let mut x = u64::from(max_pip);
    for _ in 0..500 {
        let (a, b) = (subset(&mut x, full), subset(&mut x, full));
        assert_eq!(a.and_in::<W>(b), a.intersection(b));
        assert_eq!(a.or_in::<W>(b), a.union(b));
        assert_eq!(a.len_in::<W>(), a.len());
        assert_eq!(a.is_empty_in::<W>(), a.is_empty());
        assert_eq!(full.any_beyond_in::<W>(a, b), full.any_beyond(a, b));
        for k in 0..=a.len() {
            assert_eq!(a.nth_in::<W>(k), a.nth(k));
        }
        for t in full {
            assert_eq!(a.without_in::<W>(t), a.difference(TileSet::single(t)));
            assert_eq!(a.with_in::<W>(t), a.with(t));
        }
    }
}

#[test]
fn narrow_operations_agree_with_full_width_ones_for_each_width() {
    for max_pip in [6, 9, 12, 15, 18] {
        match Width::of_set(max_pip) {
            Width::One => narrow_ops_agree::<1>(max_pip),
            Width::Two => narrow_ops_agree::<2>(max_pip),
            Width::Three => narrow_ops_agree::<3>(max_pip),
        }
    }
    assert_eq!(Width::of_set(9), Width::One);
    assert_eq!(Width::of_set(10), Width::Two);
    assert_eq!(Width::of_set(15), Width::Three);
}
