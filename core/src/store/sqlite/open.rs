//! Opening an SQLite store: the file (or memory) database, WAL, its pool, the migrations.

use super::{SqliteStore, StoreError};
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;
use tokio::sync::Mutex;

pub(in crate::store) static MIGRATOR: Migrator = sqlx::migrate!("../migrations/sqlite");

/// How long a write waits for another process's write before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections of a file database: readers run side by side, writes are serialized anyway.
const MAX_CONNECTIONS: u32 = 4;

impl SqliteStore {
    /// Opens (creating it if missing) and migrates the database at `url`, e.g.
    /// `sqlite://domino.db` (relative to the working directory) or `sqlite:///abs/path.db`.
    /// `sqlite::memory:` gives a private database that lives as long as the store.
    pub async fn open(url: &str) -> Result<SqliteStore, StoreError> {
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        SqliteStore::connect(SqliteConnectOptions::from_str(url)?, memory).await
    }

    /// Opens (creating it if missing) and migrates the database file at `path`.
    pub async fn open_path(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::connect(SqliteConnectOptions::new().filename(path), false).await
    }

    async fn connect(
        options: SqliteConnectOptions,
        memory: bool,
    ) -> Result<SqliteStore, StoreError> {
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        // An in-memory database lives as long as a connection to it: keep exactly one.
        let pool = if memory {
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(MAX_CONNECTIONS)
        };
        let pool = pool.connect_with(options).await?;
        MIGRATOR.run(&pool).await?;
        let store = SqliteStore { pool, writer: Mutex::new(()) };
        store.tallies_due().await?;
        Ok(store)
    }

    /// Closes every connection, checkpointing the WAL into the database file.
    pub async fn close(self) {
        self.pool.close().await;
    }
}
