//! Opening a PostgreSQL store: connecting, creating a missing database, migrating.

use super::{PgStore, StoreError};
use sqlx::Postgres;
use sqlx::migrate::{MigrateDatabase, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use std::str::FromStr;
use std::time::Duration;

static MIGRATOR: Migrator = sqlx::migrate!("../migrations/postgres");

/// Connections per process: commits of different tables run side by side.
const MAX_CONNECTIONS: u32 = 16;

/// PostgreSQL's SQLSTATE for a database that does not exist.
const UNDEFINED_DATABASE: &str = "3D000";
/// … and for one that exists already.
const DUPLICATE_DATABASE: &str = "42P04";

/// How long a caller waits for a free connection before failing.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host:port/name`), creating
    /// the database if it is missing (as a user allowed to), and runs the migrations.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        // Notices ("relation … already exists, skipping" at every start) are not news.
        let options =
            PgConnectOptions::from_str(url)?.options([("client_min_messages", "warning")]);
        let connect = || {
            PgPoolOptions::new()
                .max_connections(MAX_CONNECTIONS)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_with(options.clone())
        };
        // Only a missing database is created (through the server's maintenance database): a
        // user who may not connect there can still open a database that exists.
        let pool = match connect().await {
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some(UNDEFINED_DATABASE) => {
                match Postgres::create_database(url).await {
                    // Another process created it meanwhile.
                    Err(sqlx::Error::Database(e))
                        if e.code().as_deref() == Some(DUPLICATE_DATABASE) => {}
                    created => created?,
                }
                connect().await?
            }
            pool => pool?,
        };
        MIGRATOR.run(&pool).await?;
        Ok(PgStore { pool })
    }

    /// Closes every connection.
    pub async fn close(self) {
        self.pool.close().await;
    }
}
