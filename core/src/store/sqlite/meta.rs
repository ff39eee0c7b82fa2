//! What the bot keeps for itself in SQLite: one row per key (secrets, pacing windows).

use super::super::StoreError;
use super::SqliteStore;

impl SqliteStore {
    pub(super) async fn meta_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as("SELECT value FROM meta WHERE key = ?1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|(v,)| v))
    }

    pub(super) async fn meta_set(&self, key: &str, value: Option<&str>) -> Result<(), StoreError> {
        let mut w = self.write().await?;
        match value {
            Some(v) => {
                sqlx::query(
                    "INSERT INTO meta (key, value) VALUES (?1, ?2)
                     ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                )
                .bind(key)
                .bind(v)
                .execute(&mut *w.tx)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM meta WHERE key = ?1")
                    .bind(key)
                    .execute(&mut *w.tx)
                    .await?;
            }
        }
        w.tx.commit().await?;
        Ok(())
    }

    pub(super) async fn meta_scan(
        &self,
        prefix: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        // Keys are compared as bytes: every key with the prefix sorts between it and the prefix
        // followed by the highest character.
        let rows: Vec<(String, String)> =
            sqlx::query_as("SELECT key, value FROM meta WHERE key >= ?1 AND key < ?2 ORDER BY key")
                .bind(prefix)
                .bind(format!("{prefix}\u{10FFFF}"))
                .fetch_all(&self.pool)
                .await?;
        Ok(rows)
    }

    pub(super) async fn meta_get_or(&self, key: &str, value: &str) -> Result<String, StoreError> {
        let mut w = self.write().await?;
        sqlx::query("INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING")
            .bind(key)
            .bind(value)
            .execute(&mut *w.tx)
            .await?;
        let (stored,): (String,) = sqlx::query_as("SELECT value FROM meta WHERE key = ?1")
            .bind(key)
            .fetch_one(&mut *w.tx)
            .await?;
        w.tx.commit().await?;
        Ok(stored)
    }
    /// `Store::swap_meta`: one conditional statement each way, under the write lock.
    pub(super) async fn meta_swap(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
    ) -> Result<bool, StoreError> {
        let query = match (expected, new) {
            (None, None) => return Ok(self.meta_get(key).await?.is_none()),
            (None, Some(v)) => sqlx::query(
                "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING",
            )
            .bind(key)
            .bind(v),
            (Some(old), Some(v)) => {
                sqlx::query("UPDATE meta SET value = ?3 WHERE key = ?1 AND value = ?2")
                    .bind(key)
                    .bind(old)
                    .bind(v)
            }
            (Some(old), None) => {
                sqlx::query("DELETE FROM meta WHERE key = ?1 AND value = ?2").bind(key).bind(old)
            }
        };
        let mut w = self.write().await?;
        let done = query.execute(&mut *w.tx).await?.rows_affected() == 1;
        w.tx.commit().await?;
        Ok(done)
    }
}
