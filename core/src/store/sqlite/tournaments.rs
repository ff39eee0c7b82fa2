//! Tournaments in SQLite: a row each, the state machine as JSON, the version checked in the
//! write transaction (`BEGIN IMMEDIATE`: no other process slips in between).

use super::super::tournaments::{COLUMNS, NEVER, Row, due_key, from_row, to_row};
use super::super::{StoreError, TournamentDoc};
use super::SqliteStore;
use crate::ids::{ChatId, Millis};

impl SqliteStore {
    pub(super) async fn insert_tournament(
        &self,
        doc: &mut TournamentDoc,
    ) -> Result<(), StoreError> {
        let (platform, chat, creator_platform, creator, json) = to_row(doc)?;
        let mut w = self.write().await?;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO tournaments
                 (chat_platform, chat_id, version, open, creator_platform, creator_id, doc,
                  due_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
        )
        .bind(platform)
        .bind(chat)
        .bind(doc.version as i64)
        .bind(doc.open())
        .bind(creator_platform)
        .bind(creator)
        .bind(json)
        .bind(due_key(doc))
        .fetch_one(&mut *w.tx)
        .await?;
        w.tx.commit().await?;
        doc.tournament.id = id;
        Ok(())
    }

    pub(super) async fn update_tournament(&self, doc: &TournamentDoc) -> Result<(), StoreError> {
        let id = doc.tournament.id;
        let (_, _, _, _, json) = to_row(doc)?;
        let mut w = self.write().await?;
        let stored: Option<(i64,)> =
            sqlx::query_as("SELECT version FROM tournaments WHERE id = ?1")
                .bind(id)
                .fetch_optional(&mut *w.tx)
                .await?;
        let stored = stored.ok_or(StoreError::NotFound(id))?.0 as u64;
        if doc.version != stored + 1 {
            return Err(StoreError::TournamentConflict { id, stored, expected: doc.version });
        }
        sqlx::query(
            "UPDATE tournaments SET version = ?1, open = ?2, doc = ?3, due_at = ?4 WHERE id = ?5",
        )
        .bind(doc.version as i64)
        .bind(doc.open())
        .bind(json)
        .bind(due_key(doc))
        .bind(id)
        .execute(&mut *w.tx)
        .await?;
        w.tx.commit().await?;
        Ok(())
    }

    pub(super) async fn read_tournament(
        &self,
        id: i64,
    ) -> Result<Option<TournamentDoc>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1");
        let row: Option<Row> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(self.pool()).await?;
        row.map(from_row).transpose()
    }

    pub(super) async fn list_tournaments(
        &self,
        chat: Option<&ChatId>,
        open: bool,
    ) -> Result<Vec<TournamentDoc>, StoreError> {
        let (platform, id) = chat.map_or(("", ""), |c| (c.platform.key(), c.id.as_str()));
        let sql = format!(
            "SELECT {COLUMNS} FROM tournaments
             WHERE (?1 = 0 OR (chat_platform = ?2 AND chat_id = ?3)) AND (?4 = 0 OR open = 1)
             ORDER BY id"
        );
        let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(chat.is_some())
            .bind(platform)
            .bind(id)
            .bind(open)
            .fetch_all(self.pool())
            .await?;
        rows.into_iter().map(from_row).collect()
    }

    pub(super) async fn due_tournament_ids(
        &self,
        now: Millis,
        limit: u32,
    ) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT id FROM tournaments WHERE open = 1 AND due_at <= ?1
             ORDER BY due_at, id LIMIT ?2",
        )
        .bind(now)
        .bind(i64::from(limit))
        .fetch_all(self.pool())
        .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    pub(super) async fn write_tournament_due(
        &self,
        id: i64,
        due: Option<Millis>,
    ) -> Result<(), StoreError> {
        let mut w = self.write().await?;
        let done = sqlx::query("UPDATE tournaments SET due_at = ?1 WHERE id = ?2 AND open = 1")
            .bind(due.unwrap_or(NEVER))
            .bind(id)
            .execute(&mut *w.tx)
            .await?;
        w.tx.commit().await?;
        match done.rows_affected() {
            1 => Ok(()),
            _ => self.read_tournament(id).await?.map(|_| ()).ok_or(StoreError::NotFound(id)),
        }
    }
}
