//! Determinization: a world consistent with what one seat knows.
//!
//! The unseen tiles are dealt at random to the other hands (sizes as they are, no tile with a
//! pip its seat is known to lack) and to the bazaar. Tiles with the fewest possible places go
//! first, each to a place drawn in proportion to the room left there; should that get stuck, a
//! slower dealer that checks the rest can still be placed (Hall's condition) takes over.

use domino_core::engine::ai::Observation;
use domino_core::engine::round::Round;
use domino_core::engine::tile::{Tile, TileSet};
use rand::Rng;
use rand::seq::SliceRandom;

/// Where hidden tiles go: up to three other hands, then the bazaar.
const MAX_PLACES: usize = 4;
/// Quick attempts before the checked dealer.
const QUICK_TRIES: usize = 4;

/// The places hidden tiles can go, with their room and the tiles each may take.
struct Places {
    /// The seat of each hand place; the bazaar is the last place.
    seats: [usize; MAX_PLACES],
    room: [u32; MAX_PLACES],
    len: usize,
    /// Tiles to place, and for each a bit per place it may go to.
    tiles: [(Tile, u8); 64],
    count: usize,
}

impl Places {
    fn new(obs: &Observation) -> Places {
        let mut p = Places {
            seats: [0; MAX_PLACES],
            room: [0; MAX_PLACES],
            len: 0,
            tiles: [(Tile::double(0), 0); 64],
            count: 0,
        };
        let mut lacks = [0 as domino_core::engine::tile::PipMask; MAX_PLACES];
        for seat in (0..obs.seats()).filter(|&s| s != obs.seat()) {
            p.seats[p.len] = seat;
            p.room[p.len] = obs.hand_size(seat) as u32;
            lacks[p.len] = obs.voids(seat);
            p.len += 1;
        }
        p.room[p.len] = obs.bazaar_len() as u32;
        p.len += 1;
        for tile in obs.unseen() {
            let pips = 1 << tile.low() | 1 << tile.high();
            let mut allowed = 0u8;
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
        let all = (1u8 << self.len) - 1;
        self.tiles[..self.count].iter().all(|&(_, a)| a == all)
    }
}

/// A copy of the observed round with the hidden tiles dealt at random, consistently with the
/// observation.
pub(crate) fn sample(obs: &Observation, rng: &mut impl Rng) -> Round {
    let mut places = Places::new(obs);
    let tiles = &mut places.tiles[..places.count];
    tiles.shuffle(rng);
    let mut to = [0u8; 64];
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
    let mut hands = [TileSet::EMPTY; 4];
    let mut bazaar = [Tile::double(0); 64];
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
fn quick(places: &Places, rng: &mut impl Rng, to: &mut [u8; 64]) -> bool {
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
fn pick(room: &[u32; MAX_PLACES], allowed: u8, len: usize, rng: &mut impl Rng) -> Option<usize> {
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
fn checked(places: &Places, rng: &mut impl Rng, to: &mut [u8; 64]) -> bool {
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
        let mut ok = 0u8;
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
fn feasible(left: &[u32; 1 << MAX_PLACES], room: &[u32; MAX_PLACES], len: usize) -> bool {
    (0..1usize << len).all(|set| {
        let tiles: u32 = (0..1usize << len).filter(|m| m & !set == 0).map(|m| left[m]).sum();
        let space: u32 = (0..len).filter(|p| set & (1 << p) != 0).map(|p| room[p]).sum();
        tiles <= space
    })
}
