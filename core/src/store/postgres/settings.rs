//! A chat's settings in PostgreSQL: one versioned document a chat, written only over the
//! version it replaces (under the chat's settings lock).

use super::super::codec::{chat_key, json, parse, to_u64};
use super::super::{ChatSettings, StoreError};
use super::{ChatLock, PgStore, lock_chat};
use crate::session::ChatId;

impl PgStore {
    pub(super) async fn settings_of(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        let (platform, id) = chat_key(chat);
        let row: Option<(i64, String)> = sqlx::query_as(
            "SELECT version, settings FROM chat_settings WHERE chat_platform = $1 AND chat_id = $2",
        )
        .bind(platform)
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            None => Ok(ChatSettings::default()),
            Some((version, doc)) => Ok(ChatSettings { version: to_u64(version)?, ..parse(&doc)? }),
        }
    }

    pub(super) async fn write_settings(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        let (platform, id) = chat_key(chat);
        let mut tx = self.pool.begin().await?;
        lock_chat(&mut tx, ChatLock::Settings, chat).await?;
        let stored: Option<(i64,)> = sqlx::query_as(
            "SELECT version FROM chat_settings WHERE chat_platform = $1 AND chat_id = $2",
        )
        .bind(platform)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let stored = stored.map(|(v,)| to_u64(v)).transpose()?.unwrap_or(0);
        if settings.version != stored + 1 {
            return Err(StoreError::SettingsConflict { stored, expected: settings.version });
        }
        sqlx::query(
            "INSERT INTO chat_settings (chat_platform, chat_id, version, settings)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (chat_platform, chat_id) DO UPDATE SET
                version = excluded.version, settings = excluded.settings",
        )
        .bind(platform)
        .bind(id)
        .bind(settings.version as i64)
        .bind(json(settings)?)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
