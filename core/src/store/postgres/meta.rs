//! Keyed rows in PostgreSQL: what the bot keeps for itself (secrets, pacing windows), one row
//! per key, and where each table's messages are, one row per audience.

use super::super::StoreError;
use super::PgStore;

impl PgStore {
    pub(super) async fn meta_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as("SELECT value FROM meta WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|(v,)| v))
    }

    pub(super) async fn meta_set(&self, key: &str, value: Option<&str>) -> Result<(), StoreError> {
        match value {
            Some(v) => {
                sqlx::query(
                    "INSERT INTO meta (key, value) VALUES ($1, $2)
                     ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                )
                .bind(key)
                .bind(v)
                .execute(&self.pool)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM meta WHERE key = $1")
                    .bind(key)
                    .execute(&self.pool)
                    .await?;
            }
        }
        Ok(())
    }

    pub(super) async fn meta_scan(
        &self,
        prefix: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT key, value FROM meta WHERE starts_with(key, $1) ORDER BY key COLLATE \"C\"",
        )
        .bind(prefix)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }

    pub(super) async fn meta_get_or(&self, key: &str, value: &str) -> Result<String, StoreError> {
        sqlx::query("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
            .bind(key)
            .bind(value)
            .execute(&self.pool)
            .await?;
        let (stored,): (String,) = sqlx::query_as("SELECT value FROM meta WHERE key = $1")
            .bind(key)
            .fetch_one(&self.pool)
            .await?;
        Ok(stored)
    }

    /// `Store::swap_meta`: one conditional statement each way.
    pub(super) async fn meta_swap(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
    ) -> Result<bool, StoreError> {
        let query = match (expected, new) {
            (None, None) => {
                let (absent,): (bool,) =
                    sqlx::query_as("SELECT NOT EXISTS (SELECT 1 FROM meta WHERE key = $1)")
                        .bind(key)
                        .fetch_one(&self.pool)
                        .await?;
                return Ok(absent);
            }
            (None, Some(v)) => sqlx::query(
                "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
            )
            .bind(key)
            .bind(v),
            (Some(old), Some(v)) => {
                sqlx::query("UPDATE meta SET value = $3 WHERE key = $1 AND value = $2")
                    .bind(key)
                    .bind(old)
                    .bind(v)
            }
            (Some(old), None) => {
                sqlx::query("DELETE FROM meta WHERE key = $1 AND value = $2").bind(key).bind(old)
            }
        };
        Ok(query.execute(&self.pool).await?.rows_affected() == 1)
    }

    /// Where a table shows an audience: one statement, nothing written for a table that does
    /// not exist.
    pub(super) async fn message_ref_set(
        &self,
        table_id: i64,
        audience: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        let written = sqlx::query(
            "INSERT INTO message_refs (table_id, audience, message)
             SELECT id, $2, $3 FROM tables WHERE id = $1
             ON CONFLICT (table_id, audience) DO UPDATE SET message = excluded.message",
        )
        .bind(table_id)
        .bind(audience)
        .bind(message)
        .execute(&self.pool)
        .await?;
        if written.rows_affected() == 0 {
            return Err(StoreError::NotFound(table_id));
        }
        Ok(())
    }

    /// Where a table shows each audience, by audience.
    pub(super) async fn message_ref_list(
        &self,
        table_id: i64,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT audience, message FROM message_refs WHERE table_id = $1 ORDER BY audience COLLATE \"C\"",
        )
        .bind(table_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }
}
