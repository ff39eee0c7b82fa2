//! Finished rounds kept apart from the snapshots in SQLite (table `table_rounds`; what is split
//! and how it is joined back is [`crate::store::rounds`]).

use super::super::rounds::{self, Rounds};
use super::super::{Loaded, StoreError};
use crate::session::Table;
use sqlx::{Sqlite, SqliteConnection, Transaction};
use std::collections::HashMap;

/// Writes the finished rounds the store does not hold yet, inside the commit's transaction
/// (after its version check: a refused commit writes none).
pub(super) async fn write(
    tx: &mut Transaction<'static, Sqlite>,
    table: i64,
    finished: Option<&Rounds>,
) -> Result<(), StoreError> {
    let Some(r) = finished else { return Ok(()) };
    let (have,): (i64,) = sqlx::query_as(
        "SELECT COALESCE(MAX(round) + 1, 0) FROM table_rounds WHERE table_id = ?1 AND match_seed = ?2",
    )
    .bind(table)
    .bind(r.key)
    .fetch_one(&mut **tx)
    .await?;
    let (numbers, moves) = r.rows_from(have)?;
    for (round, moves) in numbers.into_iter().zip(moves) {
        sqlx::query(
            "INSERT INTO table_rounds (table_id, match_seed, round, moves) VALUES (?1, ?2, ?3, ?4)",
        )
        .bind(table)
        .bind(r.key)
        .bind(round)
        .bind(moves)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// The rows each snapshot needs (none for a whole one), by table, in round order.
async fn rows(
    conn: &mut SqliteConnection,
    snapshots: &[(i64, String)],
) -> Result<HashMap<i64, Vec<String>>, StoreError> {
    let wanted: Vec<(i64, i64, u32)> = snapshots
        .iter()
        .filter_map(|(id, s)| rounds::needs(s).map(|(key, before)| (*id, key, before)))
        .collect();
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    if wanted.is_empty() {
        return Ok(out);
    }
    let list = serde_json::to_string(&wanted).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    let found: Vec<(i64, String)> = sqlx::query_as(
        "SELECT r.table_id, r.moves FROM json_each(?1) AS w
         JOIN table_rounds AS r ON r.table_id = json_extract(w.value, '$[0]')
             AND r.match_seed = json_extract(w.value, '$[1]')
             AND r.round < json_extract(w.value, '$[2]')
         ORDER BY r.table_id, r.round",
    )
    .bind(list)
    .fetch_all(&mut *conn)
    .await?;
    for (id, moves) in found {
        out.entry(id).or_default().push(moves);
    }
    Ok(out)
}

/// One table read back with its rounds.
pub(super) async fn table(
    conn: &mut SqliteConnection,
    id: i64,
    snapshot: String,
) -> Result<Table, StoreError> {
    let pair = [(id, snapshot)];
    let mut found = rows(conn, &pair).await?;
    rounds::joined(&pair[0].1, &found.remove(&id).unwrap_or_default())
}

/// Tables read back with their rounds; one that does not read is `Broken`.
pub(super) async fn tables(
    conn: &mut SqliteConnection,
    snapshots: Vec<(i64, String)>,
) -> Result<Vec<Loaded>, StoreError> {
    let found = rows(conn, &snapshots).await?;
    Ok(snapshots
        .iter()
        .map(|(id, s)| rounds::loaded(*id, s, found.get(id).map_or(&[][..], Vec::as_slice)))
        .collect())
}
