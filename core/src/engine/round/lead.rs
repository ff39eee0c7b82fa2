//! Who leads round 1: the forced tile of the deal (RULES §1, §2; T1, T2, K1, L1).

use crate::engine::rules::{OpenerOrder, Rules, Variant};
use crate::engine::tile::{MAX_PIP, Tile, TileSet};

/// The forced lead of the round-1 rule for this deal.
pub fn forced_lead(rules: &Rules, hands: &[TileSet]) -> (u8, Tile) {
    let dealt: TileSet = hands.iter().fold(TileSet::EMPTY, |a, h| a.union(*h));
    let max = rules.max_pip();
    let mut order = [Tile::double(0); MAX_PIP as usize + 2];
    let mut n = 0;
    let mut push = |t: Tile| {
        order[n] = t;
        n += 1;
    };
    match (rules.opener_order(), rules.variant()) {
        (_, Variant::Classic) => {
            if rules.lead_00() {
                push(Tile::double(0));
            }
            (0..=max).rev().map(Tile::double).for_each(push);
        }
        (OpenerOrder::Default, _) => (1..=max).chain([0]).map(Tile::double).for_each(push),
        (OpenerOrder::ZeroFirst, _) => (0..=max).map(Tile::double).for_each(push),
        (OpenerOrder::Custom(list), _) => list.iter().copied().for_each(push),
    }
    let tile = order[..n]
        .iter()
        .copied()
        .find(|t| dealt.contains(*t))
        .or_else(|| dealt.iter().max_by_key(|t| t.weight()))
        .expect("a deal holds at least one tile");
    let seat = hands.iter().position(|h| h.contains(tile)).expect("the tile is dealt");
    (seat as u8, tile)
}
