//! Several processes on one database: what changed since a moment, and the leases of due work
//! (see [`crate::store::Store::claim`]). A lease is one row per table taken by an upsert whose
//! update applies only to a free lease: of two processes claiming a table at once, the second
//! waits on the row, then finds it taken and gets nothing.

use super::super::codec::touched;
use super::super::{Loaded, StoreError, Touched};
use super::PgStore;
use crate::session::Millis;

impl PgStore {
    pub(super) async fn touched(&self, since: Millis) -> Result<Touched, StoreError> {
        // The database's time, read before the rows: a commit stamped later is seen next time.
        let now: i64 = sqlx::query_scalar(concat!("SELECT ", super::db_now_ms!()))
            .fetch_one(self.pool())
            .await?;
        let rows: Vec<(i64, i64, bool)> = sqlx::query_as(
            "SELECT id, version, open FROM tables WHERE updated_at >= $1 ORDER BY id",
        )
        .bind(since)
        .fetch_all(self.pool())
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
        // In id order, so that two claims of overlapping tables take their rows in one order.
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let mut got: Vec<(i64,)> = sqlx::query_as(
            "INSERT INTO leases (table_id, owner, until)
             SELECT id, $2, $4 FROM UNNEST($1::BIGINT[]) WITH ORDINALITY AS t (id, n) ORDER BY n
             ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until
             WHERE leases.until <= $3 OR leases.owner = $2
             RETURNING table_id",
        )
        .bind(&ids)
        .bind(owner)
        .bind(now)
        .bind(until)
        .fetch_all(self.pool())
        .await?;
        got.sort_unstable();
        Ok(got.into_iter().map(|(id,)| id).collect())
    }
}

impl PgStore {
    /// Closes a row that no longer reads, if it is still open: of processes setting one table
    /// aside at once, exactly one gets `true`.
    pub(super) async fn set_aside_row(&self, id: i64) -> Result<bool, StoreError> {
        // Only an open row: of processes setting one table aside at once, one does.
        let done = sqlx::query(concat!(
            "UPDATE tables SET open = FALSE, updated_at = ",
            super::db_now_ms!(),
            " WHERE id = $1 AND open"
        ))
        .bind(id)
        .execute(self.pool())
        .await?;
        if done.rows_affected() == 1 {
            return Ok(true);
        }
        let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM tables WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        known.map(|_| false).ok_or(StoreError::NotFound(id))
    }

    /// A table, or a `Broken` when its snapshot no longer reads (with its rounds joined).
    pub(super) async fn load_row(&self, id: i64) -> Result<Option<Loaded>, StoreError> {
        let mut conn = self.pool().acquire().await?;
        let row: Option<(String,)> = sqlx::query_as("SELECT snapshot FROM tables WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        let rows = row.map(|(s,)| (id, s)).into_iter().collect();
        Ok(super::rounds::tables(&mut conn, rows).await?.pop())
    }
}
