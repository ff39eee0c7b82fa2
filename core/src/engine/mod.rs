//! The rules engine: pure, deterministic, no I/O, no clock; randomness only from an RNG passed in.

pub mod ai;
pub mod board;
pub mod game;
pub mod moves;
pub mod record;
pub mod reference;
pub mod round;
pub mod rules;
pub mod sim;
pub mod tally;
pub mod tile;
