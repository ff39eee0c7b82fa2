//! The rows of the standings: a player's and a pair's line on a chat's scoreboard, a finished
//! match as `/history` lists it, a season.

use super::SummaryPlayer;
use crate::engine::rules::Variant;
use crate::session::{Millis, UserId};
use serde::{Deserialize, Serialize};

/// One player's line on a chat's scoreboard (a season, one variant).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRow {
    pub user: UserId,
    pub name: String,
    pub variant: Variant,
    pub matches: u32,
    pub wins: u32,
    /// Matches this player lost as (part of) the goat / the losing side.
    pub goats: u32,
    pub rounds: u32,
    pub points_for: u64,
    pub points_against: u64,
}

/// A pair of partners' line (pair games).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairRow {
    /// The two partners, in id order.
    pub users: [UserId; 2],
    pub names: [String; 2],
    pub variant: Variant,
    pub matches: u32,
    pub wins: u32,
    pub goats: u32,
}

/// A finished match as `/history` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMatch {
    pub table_id: i64,
    pub season: u32,
    pub variant: Variant,
    pub pairs: bool,
    pub rounds: u32,
    pub finished_at: Millis,
    /// The seats (empty for a match finished before the store kept them).
    pub players: Vec<SummaryPlayer>,
}

/// A season of a chat's scoreboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Season {
    pub number: u32,
    pub started_at: Millis,
}
