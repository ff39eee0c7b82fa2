//! What a store answers besides the data itself: its failures, a table that no longer reads,
//! and where tables stand for the other processes on the store.

use crate::session::{ChatId, Millis, Table};

/// Failures of a store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The stored version is not the one the command was checked against: someone else's
    /// command went first (a stale or double-pressed button). Nothing was written.
    #[error("table {table} changed meanwhile (stored version {stored}, expected {expected})")]
    Conflict { table: i64, stored: u64, expected: u64 },
    /// A chat's settings changed meanwhile (a press on an older menu, or two admins at once).
    #[error("the chat's settings changed meanwhile (stored version {stored}, expected {expected})")]
    SettingsConflict { stored: u64, expected: u64 },
    /// A tournament changed meanwhile (another process applied a command first).
    #[error("tournament {id} changed meanwhile (stored version {stored}, expected {expected})")]
    TournamentConflict { id: i64, stored: u64, expected: u64 },
    #[error("no table {0}")]
    NotFound(i64),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database server could not be reached (said plainly: where, and why).
    #[error("{0}")]
    Unreachable(String),
}

/// A stored table that could not be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub id: i64,
    pub chat: ChatId,
    pub number: u32,
    pub error: String,
}

/// A table as [`Store::load_open`] reads it.
pub type Loaded = Result<Table, Broken>;

/// Where one table stands in the store, as [`Store::touched_since`] lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub id: i64,
    pub version: u64,
    /// Still open (not finished, closed or set aside).
    pub open: bool,
}

/// The tables changed from a moment on, and the store's time of the answer (its own clock,
/// Unix ms): the next question starts from it, less an overlap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Touched {
    pub now: Millis,
    pub tables: Vec<Stamp>,
}
