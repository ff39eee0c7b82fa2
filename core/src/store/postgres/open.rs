//! Opening a PostgreSQL store: connecting, creating a missing database, migrating.

use super::{PgStore, StoreError};
use sqlx::migrate::{MigrateDatabase, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, PgConnection, Postgres};
use std::str::FromStr;
use std::time::Duration;

pub(in crate::store) static MIGRATOR: Migrator = sqlx::migrate!("../migrations/postgres");

/// Connections per process: commits of different tables run side by side.
const MAX_CONNECTIONS: u32 = 16;

/// PostgreSQL's SQLSTATE for a database that does not exist.
pub(in crate::store) const UNDEFINED_DATABASE: &str = "3D000";
/// … and for one that exists already.
const DUPLICATE_DATABASE: &str = "42P04";

/// How long a caller waits for a free connection before failing.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the first connection may take before the server is called unreachable.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);

/// One connection, tried once: a server that refuses or does not answer is said plainly
/// ([`StoreError::Unreachable`]: where, and why) instead of a pool timing out later.
pub(in crate::store) async fn connect_once(
    options: &PgConnectOptions,
) -> Result<PgConnection, StoreError> {
    let at = format!("{}:{}", options.get_host(), options.get_port());
    match tokio::time::timeout(CONNECT_WITHIN, PgConnection::connect_with(options)).await {
        Err(_) => Err(StoreError::Unreachable(format!(
            "no answer from {at} within {} s",
            CONNECT_WITHIN.as_secs()
        ))),
        Ok(Err(sqlx::Error::Io(e))) => Err(StoreError::Unreachable(match e.kind() {
            std::io::ErrorKind::ConnectionRefused => format!("connection refused at {at}"),
            _ => format!("cannot connect to {at}: {e}"),
        })),
        Ok(Err(e)) => Err(e.into()),
        Ok(Ok(conn)) => Ok(conn),
    }
}

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
        let first = connect_once(&options).await;
        let missing = matches!(&first, Err(StoreError::Database(sqlx::Error::Database(e)))
            if e.code().as_deref() == Some(UNDEFINED_DATABASE));
        match first {
            Ok(conn) => conn.close().await?,
            Err(_) if missing => {}
            Err(e) => return Err(e),
        }
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
        let store = PgStore { pool };
        store.tallies_due().await?;
        Ok(store)
    }

    /// Closes every connection.
    pub async fn close(self) {
        self.pool.close().await;
    }
}
