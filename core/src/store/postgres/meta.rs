//! What the bot keeps for itself in PostgreSQL: one row per key (secrets, pacing windows).

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
}
