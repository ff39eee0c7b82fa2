//! The schema a database holds (`domino migrate` says what it applied, `--status` where it
//! stands), whether a store answers (`domino run`'s `/readyz`), and closing a shared store.

use super::{AnyStore, StoreError, is_postgres_url};
use sqlx::migrate::Migrator;
use sqlx::{Connection, Row};
use std::str::FromStr;

/// One migration: its version (the number its file starts with) and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Migration {
    pub version: i64,
    pub description: String,
}

/// The migrations a database has applied, and those this binary carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schema {
    pub applied: Vec<Migration>,
    pub known: Vec<Migration>,
}

impl Schema {
    /// The newest migration applied.
    pub fn version(&self) -> Option<i64> {
        self.applied.iter().map(|m| m.version).max()
    }

    /// The migrations this binary carries that the database has not applied.
    pub fn pending(&self) -> Vec<&Migration> {
        self.known.iter().filter(|k| !self.applied.iter().any(|a| a.version == k.version)).collect()
    }

    /// The migrations applied in `self` that `before` had not.
    pub fn applied_since(&self, before: Option<&Schema>) -> Vec<&Migration> {
        let had = |v: i64| before.is_some_and(|b| b.applied.iter().any(|a| a.version == v));
        self.applied.iter().filter(|a| !had(a.version)).collect()
    }
}

const APPLIED: &str =
    "SELECT version, description FROM _sqlx_migrations WHERE success ORDER BY version";

fn known(migrator: &Migrator) -> Vec<Migration> {
    migrator
        .iter()
        .filter(|m| m.migration_type.is_up_migration())
        .map(|m| Migration { version: m.version, description: m.description.to_string() })
        .collect()
}

fn rows_to_migrations<R: Row>(rows: Vec<R>) -> Vec<Migration>
where
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    usize: sqlx::ColumnIndex<R>,
{
    rows.iter()
        .filter_map(|r| {
            Some(Migration { version: r.try_get(0).ok()?, description: r.try_get(1).ok()? })
        })
        .collect()
}

/// Whether the migrations table exists yet.
fn missing_table(e: &sqlx::Error) -> bool {
    let text = e.to_string();
    text.contains("no such table") || text.contains("does not exist")
}

/// The schema of the database at `url`, read without creating or migrating anything; `None`
/// when there is no such database yet.
pub async fn schema_at(url: &str) -> Result<Option<Schema>, StoreError> {
    if is_postgres_url(url) {
        let options = sqlx::postgres::PgConnectOptions::from_str(url)?;
        let mut conn = match super::postgres::connect_once(&options).await {
            Err(StoreError::Database(sqlx::Error::Database(e)))
                if e.code().as_deref() == Some(super::postgres::UNDEFINED_DATABASE) =>
            {
                return Ok(None);
            }
            conn => conn?,
        };
        let rows = sqlx::query(APPLIED).fetch_all(&mut conn).await;
        let _ = conn.close().await;
        let applied = match rows {
            Ok(rows) => rows_to_migrations(rows),
            Err(e) if missing_table(&e) => Vec::new(),
            Err(e) => return Err(e.into()),
        };
        Ok(Some(Schema { applied, known: known(&super::postgres::MIGRATOR) }))
    } else {
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(url)?.create_if_missing(false);
        let Ok(mut conn) = sqlx::SqliteConnection::connect_with(&options).await else {
            return Ok(None);
        };
        let rows = sqlx::query(APPLIED).fetch_all(&mut conn).await;
        let _ = conn.close().await;
        let applied = match rows {
            Ok(rows) => rows_to_migrations(rows),
            Err(e) if missing_table(&e) => Vec::new(),
            Err(e) => return Err(e.into()),
        };
        Ok(Some(Schema { applied, known: known(&super::sqlite::MIGRATOR) }))
    }
}

impl AnyStore {
    /// One round trip to the database.
    pub async fn ping(&self) -> Result<(), StoreError> {
        match self {
            AnyStore::Sqlite(s) => sqlx::query("SELECT 1").execute(s.pool()).await.map(drop)?,
            AnyStore::Postgres(s) => sqlx::query("SELECT 1").execute(s.pool()).await.map(drop)?,
        }
        Ok(())
    }

    /// Closes every connection of a store still shared (a service holds it): what asks for a
    /// connection afterwards fails. SQLite's WAL is checkpointed into the file.
    pub async fn shut(&self) {
        match self {
            AnyStore::Sqlite(s) => s.pool().close().await,
            AnyStore::Postgres(s) => s.pool().close().await,
        }
    }
}
