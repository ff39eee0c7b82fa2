//! Unit tests of the parent module.

use super::*;
use crate::engine::tile::TileSet;

fn hand(tiles: &[(u8, u8)]) -> TileSet {
    tiles.iter().map(|&(a, b)| Tile::new(a, b)).collect()
}

#[test]
fn lone_values_by_variant_and_preset() {
    let value = |variant, presets: &[Preset], tiles: &[(u8, u8)]| {
        let r = Rules::builder(variant).presets(presets).build().unwrap();
        r.hand_value(hand(tiles))
    };
    // T2, T5
    assert_eq!(value(Variant::Classic, &[], &[(0, 0)]), 10);
    assert_eq!(value(Variant::Classic, &[Preset::Plain], &[(0, 0)]), 0);
    assert_eq!(value(Variant::Classic, &[], &[(0, 0), (1, 2)]), 3);
    // K4
    assert_eq!(value(Variant::Kozel, &[], &[(0, 0)]), 25);
    assert_eq!(value(Variant::Kozel, &[Preset::Troshin], &[(0, 0)]), 50);
    assert_eq!(value(Variant::Kozel, &[], &[(6, 6)]), 12);
    assert_eq!(value(Variant::Kozel, &[Preset::Troshin], &[(6, 6)]), 25);
    assert_eq!(value(Variant::Kozel, &[Preset::Plain], &[(0, 0)]), 0);
    assert_eq!(value(Variant::Osel, &[], &[(0, 0)]), 25);
    // Morskoy §3, M5
    assert_eq!(value(Variant::Morskoy, &[], &[(0, 0)]), 25);
    assert_eq!(value(Variant::Morskoy, &[], &[(6, 6)]), 50);
    assert_eq!(value(Variant::Morskoy, &[], &[(6, 6), (0, 0)]), 75);
    assert_eq!(value(Variant::Morskoy, &[Preset::Troshin], &[(0, 0)]), 75);
    assert_eq!(value(Variant::Morskoy, &[Preset::Troshin], &[(6, 6)]), 50);
    assert_eq!(value(Variant::Morskoy, &[Preset::Troshin], &[(6, 6), (0, 0)]), 75);
    assert_eq!(value(Variant::Telefon, &[], &[(0, 0)]), 0);
}

#[test]
fn sides_follow_teams() {
    let r = Rules::new(Variant::Kozel);
    assert_eq!((r.sides(3), r.side_of(2)), (3, 2));
    let r = Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().unwrap();
    assert_eq!((r.sides(4), r.side_of(2), r.side_of(3)), (2, 0, 1));
}
