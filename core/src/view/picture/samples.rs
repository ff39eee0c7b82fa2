//! Boards built tile by tile, for the benchmark (`domino bench picture`) and the tests: a full
//! line of all 28 tiles (or of part of a larger set), and a hub with four long arms; and a
//! season of ratings for the rating chart; a whole match of random legal moves as its record,
//! for a round's replay.

use super::RatingLine;
use crate::engine::board::{Arm, Board, Layout};
use crate::engine::tile::{Tile, TileSet};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A hand of `tiles` tiles of the set up to `max_pip` (seeded), heaviest first as a hand view
/// lists them, and the ones holding `max_pip` as the playable ones (a board end showing it).
pub fn hand(max_pip: u8, tiles: usize) -> (Vec<Tile>, Vec<Tile>) {
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(max_pip) * 1_000 + tiles as u64);
    let all: Vec<Tile> = TileSet::full(max_pip).iter().collect();
    let mut hand: Vec<Tile> = all.choose_multiple(&mut rng, tiles).copied().collect();
    hand.sort_by_key(|t| std::cmp::Reverse((t.high(), t.low())));
    let playable = hand.iter().copied().filter(|t| t.has(max_pip)).collect();
    (hand, playable)
}

/// Every tile of the double-six set in one line (an Euler circuit of the pips), the lead in
/// the middle, half of the line on each arm.
pub fn full_line() -> Board {
    line(6, 28)
}

/// The first `tiles` tiles of an Euler circuit of the set up to `max_pip` (every pip shows on
/// an even number of halves, so the whole set makes one line) as a line, the lead in the
/// middle, half of it on each arm: `line(18, 100)` is a double-eighteen board of 100 tiles.
pub fn line(max_pip: u8, tiles: usize) -> Board {
    // Hierholzer over the pips 0..=max_pip, each tile an edge (a double a loop).
    let mut unused = TileSet::full(max_pip);
    let mut stack = vec![max_pip];
    let mut path = Vec::new();
    while let Some(&v) = stack.last() {
        match unused.iter().find(|t| t.has(v)) {
            Some(t) => {
                unused.remove(t);
                stack.push(t.other(v));
            }
            None => path.push(stack.pop().expect("not empty")),
        }
    }
    // path: pips p0 p1 … pN; tile i joins p_i and p_{i+1}.
    let all: Vec<(Tile, u8)> = path.windows(2).map(|w| (Tile::new(w[0], w[1]), w[0])).collect();
    let tiles = &all[..tiles.min(all.len())];
    let mid = tiles.len() / 2;
    let mut board = Board::new(Layout::Line);
    let (lead, left) = tiles[mid];
    board.place_lead(lead, left);
    for &(t, _) in &tiles[mid + 1..] {
        board.place(t, Arm::Right, false);
    }
    for &(t, _) in tiles[..mid].iter().rev() {
        board.place(t, Arm::Left, false);
    }
    board
}

/// A 6-6 hub (Osel, across sides open at once) with four arms grown in turn, the shortest
/// first, from a seeded search: the longest board found, its arms as even as they come.
pub fn long_arms() -> Board {
    let mut best: Option<(usize, Board)> = None;
    for seed in 0..64u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut board = Board::new(Layout::Hub { sides_first: false });
        board.place_lead(Tile::double(6), 6);
        let mut free = TileSet::full(6);
        free.remove(Tile::double(6));
        loop {
            let mut arms: Vec<Arm> = board.open_arms().collect();
            arms.sort_by_key(|&a| (board.arm(a).len, rng.random_range(0..4u8)));
            let Some((arm, tile)) = arms.iter().find_map(|&a| {
                let fits: Vec<Tile> = free.iter().filter(|&t| board.fits(a, t)).collect();
                fits.choose(&mut rng).map(|&t| (a, t))
            }) else {
                break;
            };
            free.remove(tile);
            board.place(tile, arm, false);
        }
        let shortest = Arm::ALL.iter().map(|&a| board.arm(a).len as usize).min().unwrap_or(0);
        let score = board.laid_count() * 8 + shortest;
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, board));
        }
    }
    best.expect("some board").1
}

/// A season of `people` ratings (at most eight drawn) over `matches` matches each, one every
/// few hours from 1 March 2025: each starts at 0 and walks by seeded steps, most well above 0,
/// some below it.
pub fn ratings(people: usize, matches: usize) -> Vec<RatingLine> {
    const START: i64 = 1_740_787_200_000;
    const HOUR: i64 = 3_600_000;
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    (0..people)
        .map(|person| {
            let drift = 24 - 5 * person as i32;
            let mut value = 0;
            let mut at = START + person as i64 * HOUR;
            let points = (0..matches)
                .map(|_| {
                    at += rng.random_range(2..48) * HOUR;
                    value += drift + rng.random_range(-30..=30);
                    (at, value)
                })
                .collect();
            RatingLine { points }
        })
        .collect()
}

/// A whole match of random legal moves (`seed`), as its record (`domino-record/1`, read back):
/// what a round's replay is drawn from. At most 40 rounds.
pub fn match_record(
    variant: crate::engine::rules::Variant,
    seats: usize,
    seed: u64,
) -> crate::engine::record::Record {
    use crate::engine::game::{Deal, Match};
    use crate::engine::record::{MatchLog, Record};
    let rules = crate::engine::rules::Rules::new(variant);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut m = Match::new(rules.clone(), seats).expect("the variant seats them");
    let players = (0..seats).map(|i| format!("P{}", i + 1)).collect();
    let mut log = MatchLog::new(rules.clone(), players);
    let mut scratch = Vec::new();
    while !m.is_over() && log.rounds.len() < 40 {
        let deal = Deal::random(&rules, seats, &mut rng);
        m.start_round(&deal).expect("a random deal is complete");
        log.start_round(&deal);
        while let Some(seat) = m.round().and_then(|r| r.to_move()) {
            let Some((mv, _)) = m.apply_random(seat as usize, &mut rng, &mut scratch) else {
                break;
            };
            log.push(seat as usize, mv);
        }
        if m.round_report().end.is_none() {
            m.abandon_round();
        }
    }
    Record::from_json(&log.to_json()).expect("a record of legal moves reads")
}
