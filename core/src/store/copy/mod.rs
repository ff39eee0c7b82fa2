//! `domino migrate --from`: copies a whole SQLite store into PostgreSQL — tables with their
//! finished rounds and logs, chat settings, seasons, scoreboards, ratings and their changes,
//! finished matches and message references — in one PostgreSQL transaction, from one SQLite
//! read transaction (a consistent picture even while a bot writes to the file).
//!
//! Before it commits, the copy checks itself: every table holds as many rows in PostgreSQL as
//! in SQLite, and every open table's log replays to its snapshot (the snapshot's match is
//! rebuilt from its seed and moves, and the moves logged since the match started are those
//! moves). Anything wrong rolls everything back: PostgreSQL is as it was.
//!
//! Running it again is safe: rows already there are left alone and counted as unchanged, so a
//! second run changes nothing and says so; rows SQLite changed since (the bot went on there)
//! are brought up to date. Rows PostgreSQL changed by itself (a table at a later version, a
//! row SQLite lacks, a log entry that differs) are never overwritten: the copy refuses.

mod schema;
mod tables;

use super::codec::parse;
use super::{PgStore, SqliteStore, StoreError};
use crate::session::{Event, Table};
use schema::{Column, KeyValue, Spec};
use sqlx::{PgConnection, SqliteConnection};
use tables::SCHEMA;

/// Rows read from SQLite and written to PostgreSQL per statement.
const PAGE: i64 = 2000;

/// How far a copy is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyProgress {
    /// Rows of one table gone through so far, of `total`.
    Rows { table: &'static str, done: u64, total: u64 },
    /// Open tables whose log was replayed so far, of `total`.
    Replayed { done: u64, total: u64 },
}

/// What a copy did to one table of the schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopiedTable {
    pub name: &'static str,
    /// Rows in SQLite (and so in PostgreSQL after the copy).
    pub rows: u64,
    /// Rows PostgreSQL did not have.
    pub inserted: u64,
    /// Rows PostgreSQL had with older contents.
    pub updated: u64,
}

/// What a finished copy did and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyReport {
    pub tables: Vec<CopiedTable>,
    /// Open tables whose log was replayed to their snapshot.
    pub replayed: u64,
}

impl CopyReport {
    /// Whether the copy changed anything in PostgreSQL.
    pub fn changed(&self) -> bool {
        self.tables.iter().any(|t| t.inserted + t.updated > 0)
    }
}

/// Why a copy wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(
        "PostgreSQL holds {rows} row(s) of `{table}` with other contents than SQLite's, which a \
         copy may not replace: the PostgreSQL store went on by itself"
    )]
    Diverged { table: &'static str, rows: u64 },
    #[error(
        "PostgreSQL holds {postgres} row(s) of `{table}` and SQLite {sqlite}: the PostgreSQL \
         store holds rows SQLite does not have"
    )]
    Extra { table: &'static str, sqlite: u64, postgres: u64 },
    #[error("table {table}: its log does not replay to its snapshot: {why}")]
    Replay { table: i64, why: String },
}

impl From<sqlx::Error> for CopyError {
    fn from(e: sqlx::Error) -> Self {
        CopyError::Store(e.into())
    }
}

/// Copies everything `from` holds into `to`, checks the copy, and commits it (or nothing).
pub async fn copy_sqlite_to_postgres(
    from: &SqliteStore,
    to: &PgStore,
    progress: &mut dyn FnMut(&CopyProgress),
) -> Result<CopyReport, CopyError> {
    let mut read = from.pool().begin().await?;
    let mut write = to.pool().begin().await?;
    let mut tables = Vec::new();
    for spec in SCHEMA {
        tables.push(copy_table(spec, &mut read, &mut write, progress).await?);
    }
    for (spec, copied) in SCHEMA.iter().zip(&tables) {
        let (postgres,): (i64,) = sqlx::query_as(spec.count_sql()).fetch_one(&mut *write).await?;
        if postgres as u64 != copied.rows {
            return Err(CopyError::Extra {
                table: spec.name,
                sqlite: copied.rows,
                postgres: postgres as u64,
            });
        }
    }
    let replayed = replay_open_tables(&mut write, progress).await?;
    // New ids go on after the copied ones.
    for table in ["tables", "matches", "tournaments"] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table} HAVING MAX(id) IS NOT NULL"
        )))
        .execute(&mut *write)
        .await?;
    }
    write.commit().await?;
    read.rollback().await?;
    Ok(CopyReport { tables, replayed })
}

/// Copies one table page by page.
async fn copy_table(
    spec: &'static Spec,
    read: &mut SqliteConnection,
    write: &mut PgConnection,
    progress: &mut dyn FnMut(&CopyProgress),
) -> Result<CopiedTable, CopyError> {
    let (total,): (i64,) = sqlx::query_as(spec.count_sql()).fetch_one(&mut *read).await?;
    let mut copied = CopiedTable { name: spec.name, rows: 0, inserted: 0, updated: 0 };
    let mut after: Option<Vec<KeyValue>> = None;
    let (upsert, differing) = (spec.upsert_sql(), spec.differing_sql());
    loop {
        let mut page = sqlx::query(spec.page_sql(after.is_some()));
        for key in after.iter().flatten() {
            page = match key {
                KeyValue::Int(v) => page.bind(*v),
                KeyValue::Text(v) => page.bind(v.clone()),
            };
        }
        let rows = page.bind(PAGE).fetch_all(&mut *read).await?;
        if rows.is_empty() {
            break;
        }
        let (columns, last) = spec.columns_of(&rows)?;
        let written: Vec<(bool,)> =
            bind_columns(sqlx::query_as(sqlx::AssertSqlSafe(upsert.0.clone())), &columns)
                .fetch_all(&mut *write)
                .await?;
        let inserted = written.iter().filter(|(new,)| *new).count() as u64;
        copied.inserted += inserted;
        copied.updated += written.len() as u64 - inserted;
        let (differ,): (i64,) =
            bind_columns(sqlx::query_as(sqlx::AssertSqlSafe(differing.0.clone())), &columns)
                .fetch_one(&mut *write)
                .await?;
        if differ > 0 {
            return Err(CopyError::Diverged { table: spec.name, rows: differ as u64 });
        }
        copied.rows += rows.len() as u64;
        progress(&CopyProgress::Rows { table: spec.name, done: copied.rows, total: total as u64 });
        after = Some(last);
    }
    Ok(copied)
}

fn bind_columns<'q, O>(
    mut query: sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments>,
    columns: &'q [Column],
) -> sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments> {
    for column in columns {
        query = match column {
            Column::Int(v) => query.bind(v),
            Column::Text(v) => query.bind(v),
            Column::Bool(v) => query.bind(v),
            Column::Float(v) => query.bind(v),
        };
    }
    query
}

/// Replays every open table's log against its snapshot, inside the copy's transaction.
async fn replay_open_tables(
    write: &mut PgConnection,
    progress: &mut dyn FnMut(&CopyProgress),
) -> Result<u64, CopyError> {
    let open: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, snapshot FROM tables WHERE open ORDER BY id")
            .fetch_all(&mut *write)
            .await?;
    let total = open.len() as u64;
    // Reading a snapshot (joined with its finished rounds) rebuilds its match from the seed
    // and the moves.
    let ids: Vec<i64> = open.iter().map(|(id, _)| *id).collect();
    let tables = super::postgres::rounds::tables(&mut *write, open).await?;
    for (done, (id, table)) in ids.into_iter().zip(tables).enumerate() {
        let replay = |why: String| CopyError::Replay { table: id, why };
        let table: Table = table.map_err(|b| replay(b.error))?;
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT version, event FROM table_events WHERE table_id = $1 ORDER BY version, seq",
        )
        .bind(id)
        .fetch_all(&mut *write)
        .await?;
        let mut events = Vec::with_capacity(rows.len());
        for (version, text) in rows {
            let event = parse::<Event>(&text).map_err(|e| replay(e.to_string()))?;
            events.push((version as u64, event));
        }
        log_replays(&table, &events).map_err(replay)?;
        progress(&CopyProgress::Replayed { done: done as u64 + 1, total });
    }
    Ok(total)
}

/// Whether a table's log (as [`super::Store::events`] gives it) leads to its snapshot: it
/// starts with the table's creation, goes no further than the snapshot's version, and the
/// moves logged since the current match started are the moves the snapshot's match holds.
pub fn log_replays(table: &Table, events: &[(u64, Event)]) -> Result<(), String> {
    if !matches!(events.first(), Some((0, Event::Created { .. }))) {
        return Err("the log does not start with the table's creation".into());
    }
    let last = events.last().map_or(0, |(v, _)| *v);
    if last > table.version {
        return Err(format!(
            "the log goes to version {last}, the snapshot is at {}",
            table.version
        ));
    }
    let (mut moves, mut hints) = (Vec::new(), Vec::new());
    for (_, event) in events {
        match event {
            Event::Started { .. } => {
                moves.clear();
                hints.clear();
            }
            Event::Moved { seat, mv, .. } => moves.push((*seat, *mv)),
            Event::HintUsed { seat, round, mv } => hints.push((*round, *seat, *mv)),
            _ => {}
        }
    }
    let noted: Vec<_> =
        table.game.iter().flat_map(|g| g.hints.iter().map(|n| (n.round, n.seat, n.mv))).collect();
    if hints != noted {
        return Err(format!(
            "{} hints logged since the match started, {} in the snapshot, or others",
            hints.len(),
            noted.len()
        ));
    }
    let in_snapshot: Vec<_> =
        table.game.iter().flat_map(|g| g.rounds.iter().flatten().copied()).collect();
    if moves != in_snapshot {
        return Err(format!(
            "{} moves logged since the match started, {} in the snapshot, or others",
            moves.len(),
            in_snapshot.len()
        ));
    }
    Ok(())
}
