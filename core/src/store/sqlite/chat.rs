//! A chat's settings (one versioned JSON document per chat) and the messages the bot keeps
//! editing for a table (one per audience), in SQLite.

use super::super::codec::{chat_key, json, parse, to_u64};
use super::super::{ChatSettings, StoreError};
use super::SqliteStore;
use crate::session::ChatId;

impl SqliteStore {
    pub(super) async fn settings_get(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        let (platform, id) = chat_key(chat);
        let row: Option<(i64, String)> = sqlx::query_as(
            "SELECT version, settings FROM chat_settings WHERE chat_platform = ?1 AND chat_id = ?2",
        )
        .bind(platform)
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some((version, doc)) = row else { return Ok(ChatSettings::default()) };
        Ok(ChatSettings { version: to_u64(version)?, ..parse(&doc)? })
    }

    pub(super) async fn settings_set(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        let (platform, id) = chat_key(chat);
        let mut w = self.write().await?;
        let stored: Option<(i64,)> = sqlx::query_as(
            "SELECT version FROM chat_settings WHERE chat_platform = ?1 AND chat_id = ?2",
        )
        .bind(platform)
        .bind(id)
        .fetch_optional(&mut *w.tx)
        .await?;
        let stored = stored.map(|(v,)| to_u64(v)).transpose()?.unwrap_or(0);
        if settings.version != stored + 1 {
            return Err(StoreError::SettingsConflict { stored, expected: settings.version });
        }
        sqlx::query(
            "INSERT INTO chat_settings (chat_platform, chat_id, version, settings)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (chat_platform, chat_id) DO UPDATE SET
                version = excluded.version, settings = excluded.settings",
        )
        .bind(platform)
        .bind(id)
        .bind(settings.version as i64)
        .bind(json(settings)?)
        .execute(&mut *w.tx)
        .await?;
        w.tx.commit().await?;
        Ok(())
    }

    pub(super) async fn message_ref_set(
        &self,
        table_id: i64,
        audience: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        let mut w = self.write().await?;
        let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM tables WHERE id = ?1")
            .bind(table_id)
            .fetch_optional(&mut *w.tx)
            .await?;
        if known.is_none() {
            return Err(StoreError::NotFound(table_id));
        }
        sqlx::query(
            "INSERT INTO message_refs (table_id, audience, message) VALUES (?1, ?2, ?3)
             ON CONFLICT (table_id, audience) DO UPDATE SET message = excluded.message",
        )
        .bind(table_id)
        .bind(audience)
        .bind(message)
        .execute(&mut *w.tx)
        .await?;
        w.tx.commit().await?;
        Ok(())
    }

    pub(super) async fn message_refs_list(
        &self,
        table_id: i64,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT audience, message FROM message_refs WHERE table_id = ?1 ORDER BY audience",
        )
        .bind(table_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }
}
