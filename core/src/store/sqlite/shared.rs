//! Several processes on one SQLite file: what changed since a moment, and the leases of due
//! work (see [`crate::store::Store::claim`]), and a broken table set aside once.

use super::super::codec::touched;
use super::super::{StoreError, Touched};
use super::SqliteStore;
use crate::session::Millis;

impl SqliteStore {
    pub(super) async fn touched(&self, since: Millis) -> Result<Touched, StoreError> {
        // The database's time, read before the rows: a commit stamped later is seen next time.
        let now: i64 = sqlx::query_scalar(concat!("SELECT ", super::db_now_ms!()))
            .fetch_one(&self.pool)
            .await?;
        let rows: Vec<(i64, i64, bool)> = sqlx::query_as(
            "SELECT id, version, open FROM tables WHERE updated_at >= ?1 ORDER BY id",
        )
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        touched(now, rows)
    }

    pub(super) async fn lease(
        &self,
        ids: &[i64],
        owner: &str,
        now: Millis,
        until: Millis,
    ) -> Result<Vec<i64>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = serde_json::to_string(ids).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut w = self.write().await?;
        // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT.
        let mut got: Vec<(i64,)> = sqlx::query_as(
            "INSERT INTO leases (table_id, owner, until)
             SELECT value, ?2, ?4 FROM json_each(?1) WHERE true
             ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, until = excluded.until
             WHERE leases.until <= ?3 OR leases.owner = ?2
             RETURNING table_id",
        )
        .bind(list)
        .bind(owner)
        .bind(now)
        .bind(until)
        .fetch_all(&mut *w.tx)
        .await?;
        w.tx.commit().await?;
        got.sort_unstable();
        Ok(got.into_iter().map(|(id,)| id).collect())
    }

    /// `Store::set_aside`: whether this call found the table open and set it aside.
    pub(super) async fn set_aside_row(&self, id: i64) -> Result<bool, StoreError> {
        let mut w = self.write().await?;
        let done = sqlx::query(concat!(
            "UPDATE tables SET open = 0, updated_at = ",
            super::db_now_ms!(),
            " WHERE id = ?1 AND open = 1"
        ))
        .bind(id)
        .execute(&mut *w.tx)
        .await?;
        if done.rows_affected() == 1 {
            w.tx.commit().await?;
            return Ok(true);
        }
        let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM tables WHERE id = ?1")
            .bind(id)
            .fetch_optional(&mut *w.tx)
            .await?;
        known.map(|_| false).ok_or(StoreError::NotFound(id))
    }
}
