//! Finished rounds kept apart from the snapshots in PostgreSQL (table `table_rounds`; what is
//! split and how it is joined back is [`crate::store::rounds`]).
//!
//! A commit asks first which rounds the store holds (no lock: rows are only ever added, so the
//! answer can only be short of the truth), then sends the rest inside its one statement, which
//! writes them only if it moved the version on, and skips any that another process's commit
//! wrote meanwhile (a finished round's moves are the same in every commit that follows it).

use super::super::rounds::{self, Rounds};
use super::super::{Loaded, StoreError};
use crate::session::Table;
use sqlx::PgConnection;
use sqlx::postgres::PgPool;
use std::collections::HashMap;

/// What a commit writes of its finished rounds: the match's key, each round's number and moves.
pub(super) type Rows = (i64, Vec<i64>, Vec<String>);

/// The finished rounds the store does not hold yet.
pub(super) async fn missing(
    pool: &PgPool,
    table: i64,
    finished: Option<&Rounds>,
) -> Result<Rows, StoreError> {
    let Some(r) = finished else { return Ok((0, Vec::new(), Vec::new())) };
    let (have,): (i64,) = sqlx::query_as(
        "SELECT COALESCE(MAX(round) + 1, 0) FROM table_rounds WHERE table_id = $1 AND match_seed = $2",
    )
    .bind(table)
    .bind(r.key)
    .fetch_one(pool)
    .await?;
    let (numbers, moves) = r.rows_from(have)?;
    Ok((r.key, numbers, moves))
}

/// The rows each snapshot needs (none for a whole one), by table, in round order.
async fn rows(
    conn: &mut PgConnection,
    snapshots: &[(i64, String)],
) -> Result<HashMap<i64, Vec<String>>, StoreError> {
    let (mut ids, mut keys, mut befores) = (Vec::new(), Vec::new(), Vec::new());
    for (id, s) in snapshots {
        if let Some((key, before)) = rounds::needs(s) {
            ids.push(*id);
            keys.push(key);
            befores.push(i64::from(before));
        }
    }
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let found: Vec<(i64, String)> = sqlx::query_as(
        "SELECT r.table_id, r.moves
         FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[]) AS w (table_id, match_seed, before)
         JOIN table_rounds AS r ON r.table_id = w.table_id AND r.match_seed = w.match_seed
             AND r.round < w.before
         ORDER BY r.table_id, r.round",
    )
    .bind(ids)
    .bind(keys)
    .bind(befores)
    .fetch_all(&mut *conn)
    .await?;
    for (id, moves) in found {
        out.entry(id).or_default().push(moves);
    }
    Ok(out)
}

/// One table read back with its rounds.
pub(super) async fn table(
    conn: &mut PgConnection,
    id: i64,
    snapshot: String,
) -> Result<Table, StoreError> {
    let pair = [(id, snapshot)];
    let mut found = rows(conn, &pair).await?;
    rounds::joined(&pair[0].1, &found.remove(&id).unwrap_or_default())
}

/// Tables read back with their rounds; one that does not read is `Broken`.
pub(in crate::store) async fn tables(
    conn: &mut PgConnection,
    snapshots: Vec<(i64, String)>,
) -> Result<Vec<Loaded>, StoreError> {
    let found = rows(conn, &snapshots).await?;
    Ok(snapshots
        .iter()
        .map(|(id, s)| rounds::loaded(*id, s, found.get(id).map_or(&[][..], Vec::as_slice)))
        .collect())
}
