//! A minimal bitmask engine for one game only, random 4-player pairs Kozel with the default
//! rules: the **comparator** of `domino bench engine`, never used by the bot or the checked
//! engine.
//!
//! It is what a block-game engine costs with nothing but the game itself: four `u32` hands,
//! two ends, no board history, no move list, no checks, no record, no voids. It deals with the
//! same shuffle and picks moves with the same draws from the RNG as [`super::sim::simulate`]
//! does for the same rules (uniform over every (tile, end) placement, a pass without a draw),
//! and scores rounds the same way (lone 0-0 = 25, threshold 13 with remembered points while at
//! 0, the goat at 101, the winner or fish-maker leading the next round): for a seed it plays
//! the very same games, which a test checks, so the two rates measure the same work.

use crate::engine::sim::SimStats;
use rand::Rng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

const TILES: usize = 28;
const ALL: u32 = (1 << TILES) - 1;
/// Index of `low-high`, as [`crate::engine::tile::Tile`] numbers tiles.
const fn index(low: u32, high: u32) -> u32 {
    high * (high + 1) / 2 + low
}
/// Per tile index: (low, high).
const HALVES: [(u8, u8); TILES] = {
    let mut t = [(0, 0); TILES];
    let mut high = 0;
    while high <= 6 {
        let mut low = 0;
        while low <= high {
            t[index(low, high) as usize] = (low as u8, high as u8);
            low += 1;
        }
        high += 1;
    }
    t
};
/// Per pip: the tiles showing it.
const SUIT: [u32; 7] = {
    let mut s = [0; 7];
    let mut i = 0;
    while i < TILES {
        let (l, h) = HALVES[i];
        s[l as usize] |= 1 << i;
        s[h as usize] |= 1 << i;
        i += 1;
    }
    s
};
const DOUBLE_ZERO: u32 = 1 << index(0, 0);
const FORCED_LEAD: usize = index(1, 1) as usize;
const TARGET: u32 = 101;
const THRESHOLD: u32 = 13;

fn pips(hand: u32) -> u32 {
    if hand == DOUBLE_ZERO {
        return 25;
    }
    let mut bits = hand;
    let mut sum = 0;
    while bits != 0 {
        let (l, h) = HALVES[bits.trailing_zeros() as usize];
        sum += (l + h) as u32;
        bits &= bits - 1;
    }
    sum
}

/// The `k`-th set bit of `bits`.
fn nth_bit(mut bits: u32, k: u32) -> usize {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

/// Plays one round; returns who laid the last tile, whether he went out, and the hands left.
fn round(rng: &mut impl Rng, leader: Option<usize>, moves: &mut u64) -> (usize, bool, [u32; 4]) {
    let mut tiles: [u8; TILES] = std::array::from_fn(|i| i as u8);
    tiles.shuffle(rng);
    let mut hands = [0u32; 4];
    for (i, &t) in tiles.iter().enumerate() {
        hands[i / 7] |= 1 << t;
    }
    // The lead: round 1 the 1-1 (always dealt to four), later any tile of the leader's.
    let (seat, tile) = match leader {
        None => {
            let seat = hands.iter().position(|h| h & 1 << FORCED_LEAD != 0).expect("dealt");
            rng.random_range(0..1);
            (seat, FORCED_LEAD)
        }
        Some(seat) => (seat, nth_bit(hands[seat], rng.random_range(0..7))),
    };
    hands[seat] &= !(1 << tile);
    let mut table = 1u32 << tile;
    let (low, high) = HALVES[tile];
    let mut ends = [high, low];
    *moves += 1;
    let mut turn = (seat + 1) % 4;
    loop {
        let hand = hands[turn];
        let fits = [hand & SUIT[ends[0] as usize], hand & SUIT[ends[1] as usize]];
        let total = fits[0].count_ones() + fits[1].count_ones();
        *moves += 1;
        if total == 0 {
            turn = (turn + 1) % 4;
            continue;
        }
        let k = rng.random_range(0..total);
        let (arm, k) =
            if k < fits[0].count_ones() { (0, k) } else { (1, k - fits[0].count_ones()) };
        let tile = nth_bit(fits[arm], k);
        hands[turn] &= !(1 << tile);
        table |= 1 << tile;
        let (l, h) = HALVES[tile];
        ends[arm] = if l == ends[arm] { h } else { l };
        if hands[turn] == 0 {
            return (turn, true, hands);
        }
        let open = SUIT[ends[0] as usize] | SUIT[ends[1] as usize];
        if ALL & !table & open == 0 {
            return (turn, false, hands);
        }
        turn = (turn + 1) % 4;
    }
}

/// Plays `games` matches of random 4-player pairs Kozel from `seed` (the same games as
/// [`super::sim::simulate`] plays for those rules).
pub fn simulate(games: u64, seed: u64) -> SimStats {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = SimStats::default();
    for _ in 0..games {
        let (mut scores, mut remembered) = ([0u32; 2], [0u32; 2]);
        let mut leader = None;
        loop {
            let (by, out, hands) = round(&mut rng, leader, &mut stats.moves);
            stats.rounds += 1;
            leader = Some(by);
            let values = [pips(hands[0]) + pips(hands[2]), pips(hands[1]) + pips(hands[3])];
            let winner = if out {
                Some(by % 2)
            } else if values[0] != values[1] {
                Some((values[1] < values[0]) as usize)
            } else {
                None
            };
            let Some(w) = winner else {
                remembered = [0; 2];
                continue;
            };
            remembered[w] = 0;
            let l = 1 - w;
            let amount = values[l] + remembered[l];
            if scores[l] == 0 && amount < THRESHOLD {
                remembered[l] = amount;
            } else {
                remembered[l] = 0;
                scores[l] += amount;
            }
            if scores[l] >= TARGET {
                stats.wins[w] += 1;
                break;
            }
        }
        stats.matches += 1;
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::{Rules, Teams, Variant};

    #[test]
    fn the_comparator_plays_the_same_games_as_the_engine() {
        let rules =
            Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().expect("pairs Kozel");
        for seed in [1, 2, 3] {
            assert_eq!(simulate(300, seed), crate::engine::sim::simulate(&rules, 4, 300, seed));
        }
    }
}
