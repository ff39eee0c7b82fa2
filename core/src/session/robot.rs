//! Computer players behind one small trait. The strong levels live in `engine::ai`; the session
//! only asks for a move.

use super::table::BotLevel;
use crate::engine::game::Match;
use crate::engine::moves::Move;

/// Chooses moves for computer players. Must return a move `Match::check` accepts, and the same
/// move for the same arguments (the session replays from its log).
pub trait Robot: Send + Sync {
    fn choose(&self, game: &Match, seat: usize, level: BotLevel, seed: u64) -> Move;
}

/// The simplest computer player: plays the heaviest legal move, ties broken by the seed.
#[derive(Copy, Clone, Debug, Default)]
pub struct Simple;

impl Robot for Simple {
    fn choose(&self, game: &Match, seat: usize, _level: BotLevel, seed: u64) -> Move {
        let moves = game.legal_moves(seat);
        assert!(!moves.is_empty(), "the seat to move has a legal move");
        let weight = |m: &Move| m.tiles().map(|t| t.pips()).sum::<u32>();
        let best = moves.iter().map(weight).max().unwrap_or(0);
        let top: Vec<&Move> = moves.iter().filter(|m| weight(m) == best).collect();
        *top[(seed % top.len() as u64) as usize]
    }
}

/// A well-mixed 64-bit value from a few inputs (seeds for computer moves and matches).
pub fn mix(parts: &[u64]) -> u64 {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
    for &p in parts {
        h ^= p;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 31;
        h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 29;
    }
    h
}
