//! The SQLite store (sqlx): being written.

/// Placeholder until the SQLite backend lands.
pub struct SqliteStore;
