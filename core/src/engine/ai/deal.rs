//! Determinization: a world consistent with what one seat knows.
//!
//! The unseen tiles are dealt at random to the other hands (sizes as they are, no tile with a
//! pip its seat is known to lack) and to the bazaar. Tiles with the fewest possible places go
//! first, each to a place drawn in proportion to the room left there; should that get stuck, a
//! slower dealer that checks the rest can still be placed (Hall's condition) takes over.

use crate::engine::ai::observation::Observation;
use crate::engine::round::Round;
use crate::engine::rules::MAX_SEATS;
use crate::engine::tile::{PipMask, TILE_COUNT, Tile, TileSet};
use rand::Rng;
use rand::seq::SliceRandom;

/// Where hidden tiles go: up to seven other hands, then the bazaar.
const MAX_PLACES: usize = MAX_SEATS;
/// A bit per place (up to seven other hands and the bazaar).
type PlaceMask = u16;
/// Quick attempts before the checked dealer.
const QUICK_TRIES: usize = 4;

/// The places hidden tiles can go, with their room and the tiles each may take.
struct Places {
    /// The seat of each hand place; the bazaar is the last place.
    seats: [usize; MAX_PLACES],
    room: [u32; MAX_PLACES],
    len: usize,
    /// Tiles to place, and for each a bit per place it may go to.
    tiles: [(Tile, PlaceMask); TILE_COUNT],
    count: usize,
}

impl Places {
    fn new(obs: &Observation) -> Places {
        let mut p = Places {
            seats: [0; MAX_PLACES],
            room: [0; MAX_PLACES],
            len: 0,
            tiles: [(Tile::double(0), 0); TILE_COUNT],
            count: 0,
        };
        let mut lacks: [PipMask; MAX_PLACES] = [0; MAX_PLACES];
        for seat in (0..obs.seats()).filter(|&s| s != obs.seat()) {
            p.seats[p.len] = seat;
            p.room[p.len] = obs.hand_size(seat) as u32;
            lacks[p.len] = obs.lacks(seat);
            p.len += 1;
        }
        p.room[p.len] = obs.bazaar_len() as u32;
        p.len += 1;
        for tile in obs.unseen() {
            let pips = 1 << tile.low() | 1 << tile.high();
            let mut allowed: PlaceMask = 0;
            for (i, lack) in lacks[..p.len].iter().enumerate() {
                if lack & pips == 0 {
                    allowed |= 1 << i;
                }
            }
            p.tiles[p.count] = (tile, allowed);
            p.count += 1;
        }
        p
    }

    fn unconstrained(&self) -> bool {
        let all: PlaceMask = (1 << self.len) - 1;
        self.tiles[..self.count].iter().all(|&(_, a)| a == all)
    }
}

/// A copy of the observed round with the hidden tiles dealt at random, consistently with the
/// observation.
pub(super) fn sample(obs: &Observation, rng: &mut impl Rng) -> Round {
    let mut places = Places::new(obs);
    let tiles = &mut places.tiles[..places.count];
    tiles.shuffle(rng);
    let mut to = [0u8; TILE_COUNT];
    let done = if places.unconstrained() {
        let mut i = 0;
        for (place, &room) in places.room[..places.len].iter().enumerate() {
            to[i..i + room as usize].fill(place as u8);
            i += room as usize;
        }
        true
    } else {
        let tiles = &mut places.tiles[..places.count];
        tiles.sort_by_key(|&(_, a)| a.count_ones());
        (0..QUICK_TRIES).any(|_| quick(&places, rng, &mut to)) || checked(&places, rng, &mut to)
    };
    if !done {
        // The observation contradicts itself (it cannot, for a real round): ignore the voids.
        let mut i = 0;
        for (place, &room) in places.room[..places.len].iter().enumerate() {
            to[i..i + room as usize].fill(place as u8);
            i += room as usize;
        }
    }
    let mut hands = [TileSet::EMPTY; MAX_SEATS];
    let mut bazaar = [Tile::double(0); TILE_COUNT];
    let mut in_bazaar = 0;
    let last = places.len - 1;
    for (&(tile, _), &place) in places.tiles[..places.count].iter().zip(&to) {
        if place as usize == last {
            bazaar[in_bazaar] = tile;
            in_bazaar += 1;
        } else {
            hands[places.seats[place as usize]].insert(tile);
        }
    }
    let bazaar = &mut bazaar[..in_bazaar];
    bazaar.shuffle(rng);
    obs.round().with_hidden(obs.seat(), &hands[..obs.seats()], bazaar)
}

/// One quick pass: each tile to an allowed place drawn in proportion to the room left.
fn quick(places: &Places, rng: &mut impl Rng, to: &mut [u8; TILE_COUNT]) -> bool {
    let mut room = places.room;
    for (i, &(_, allowed)) in places.tiles[..places.count].iter().enumerate() {
        match pick(&room, allowed, places.len, rng) {
            Some(p) => {
                room[p] -= 1;
                to[i] = p as u8;
            }
            None => return false,
        }
    }
    true
}

/// A place in `allowed` with room, drawn in proportion to its room.
fn pick(
    room: &[u32; MAX_PLACES],
    allowed: PlaceMask,
    len: usize,
    rng: &mut impl Rng,
) -> Option<usize> {
    let total: u32 = (0..len).filter(|p| allowed & (1 << p) != 0).map(|p| room[p]).sum();
    if total == 0 {
        return None;
    }
    let mut k = rng.random_range(0..total);
    for p in (0..len).filter(|p| allowed & (1 << p) != 0) {
        if k < room[p] {
            return Some(p);
        }
        k -= room[p];
    }
    unreachable!("k is below the total")
}

/// The checked dealer: a tile goes to a place only if the tiles after it can still be placed.
fn checked(places: &Places, rng: &mut impl Rng, to: &mut [u8; TILE_COUNT]) -> bool {
    let mut room = places.room;
    // Tiles left, counted by the set of places they may go to.
    let mut left = [0u32; 1 << MAX_PLACES];
    for &(_, allowed) in &places.tiles[..places.count] {
        left[allowed as usize] += 1;
    }
    if !feasible(&left, &room, places.len) {
        return false;
    }
    for (i, &(_, allowed)) in places.tiles[..places.count].iter().enumerate() {
        left[allowed as usize] -= 1;
        let mut ok: PlaceMask = 0;
        for p in 0..places.len {
            if allowed & (1 << p) == 0 || room[p] == 0 {
                continue;
            }
            room[p] -= 1;
            if feasible(&left, &room, places.len) {
                ok |= 1 << p;
            }
            room[p] += 1;
        }
        let Some(p) = pick(&room, ok, places.len, rng) else { return false };
        room[p] -= 1;
        to[i] = p as u8;
    }
    true
}

/// Hall's condition: for every set of places, the tiles that may go only there fit their room.
/// The tiles confined to each set are summed over its subsets one place at a time (2^len·len
/// steps rather than 4^len: for eight places 2,048, not 65,536).
fn feasible(left: &[u32; 1 << MAX_PLACES], room: &[u32; MAX_PLACES], len: usize) -> bool {
    let sets = 1usize << len;
    let mut confined = *left;
    for p in 0..len {
        for set in (0..sets).filter(|s| s & 1 << p != 0) {
            confined[set] += confined[set ^ 1 << p];
        }
    }
    let mut space = [0u32; 1 << MAX_PLACES];
    for set in 1..sets {
        space[set] = space[set & (set - 1)] + room[set.trailing_zeros() as usize];
    }
    (0..sets).all(|set| confined[set] <= space[set])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Match;
    use crate::engine::rules::{Rules, Teams, Variant};
    use crate::engine::tile::TileSet;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Random play until some seat other than the one to move is known to lack a pip.
    fn position_with_voids(rules: Rules, seats: usize, seed: u64) -> Option<Match> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Match::new(rules, seats).unwrap();
        game.start_random_round(&mut rng);
        let mut scratch = Vec::new();
        loop {
            let round = game.round()?;
            if round.is_over() {
                return None;
            }
            let seat = round.to_move()? as usize;
            if (0..seats).any(|s| s != seat && round.voids(s) != 0) {
                return Some(game);
            }
            let mv = round.random_move(seat, &mut rng, &mut scratch)?;
            game.apply(seat, mv).unwrap();
        }
    }

    #[test]
    fn sampled_worlds_keep_sizes_tiles_and_voids() {
        let pairs = Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().unwrap();
        let set = |n: u8| {
            let value = serde_json::json!(n);
            Rules::builder(Variant::Classic).option("set", value).build().unwrap()
        };
        let tables = [
            (Rules::new(Variant::Kozel), 2),
            (pairs, 4),
            (Rules::new(Variant::Osel), 3),
            (set(9), 6),
            (set(18), 8),
        ];
        let (mut checked, mut eight_seats) = (0, false);
        for (rules, seats) in tables {
            for seed in 0..20 {
                let Some(game) = position_with_voids(rules.clone(), seats, seed) else { continue };
                let round = game.round().unwrap();
                let seat = round.to_move().unwrap() as usize;
                let obs = Observation::new(&game, seat).unwrap();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                for _ in 0..50 {
                    let world = sample(&obs, &mut rng);
                    let mut all = world.board().on_table();
                    for s in 0..seats {
                        let hand = world.hand(s);
                        assert_eq!(hand.len(), round.hand(s).len());
                        assert!(
                            hand.iter()
                                .all(|t| world.lacks(s) & (1 << t.low() | 1 << t.high()) == 0)
                        );
                        all = all.union(hand);
                    }
                    assert_eq!(world.hand(seat), round.hand(seat));
                    assert_eq!(world.bazaar_len(), round.bazaar_len());
                    all = world.bazaar().iter().fold(all, |a, &t| a.union(TileSet::single(t)));
                    assert_eq!(all, TileSet::full(rules.max_pip()));
                }
                checked += 1;
                eight_seats |= seats == 8;
            }
        }
        assert!(checked >= 10, "only {checked} positions with voids");
        assert!(eight_seats, "no position with voids at eight seats (eight places)");
    }

    #[test]
    fn the_checked_dealer_finds_the_only_deal() {
        // Two hands of two and a bazaar of one; the first hand may take only 1-1 and 2-2, the
        // second anything but them and 0-0 (which must then go to the bazaar).
        let t = |a, b| Tile::new(a, b);
        let mut places = Places {
            seats: [1, 2, 0, 0, 0, 0, 0, 0],
            room: [2, 2, 1, 0, 0, 0, 0, 0],
            len: 3,
            tiles: [(t(0, 0), 0); TILE_COUNT],
            count: 5,
        };
        let list = [
            (t(1, 1), 0b101),
            (t(0, 0), 0b100),
            (t(2, 2), 0b101),
            (t(3, 4), 0b110),
            (t(5, 6), 0b110),
        ];
        places.tiles[..5].copy_from_slice(&list);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20 {
            let mut to = [9u8; TILE_COUNT];
            assert!(checked(&places, &mut rng, &mut to));
            assert_eq!(&to[..5], &[0, 2, 0, 1, 1]);
        }
        places.room = [3, 1, 1, 0, 0, 0, 0, 0];
        assert!(!checked(&places, &mut rng, &mut [0; TILE_COUNT]));
    }
}
