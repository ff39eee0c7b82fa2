//! Tournaments in PostgreSQL: a row each, the state machine as JSON; a save names the version
//! it replaces in its `UPDATE`, so of two processes saving one version exactly one is kept.

use super::super::codec::to_u64;
use super::super::tournaments::{COLUMNS, Row, from_row, to_row};
use super::super::{StoreError, TournamentDoc};
use super::PgStore;
use crate::ids::ChatId;

impl PgStore {
    pub(super) async fn insert_tournament(
        &self,
        doc: &mut TournamentDoc,
    ) -> Result<(), StoreError> {
        let (platform, chat, creator_platform, creator, json) = to_row(doc)?;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO tournaments
                 (chat_platform, chat_id, version, open, creator_platform, creator_id, doc)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(platform)
        .bind(chat)
        .bind(doc.version as i64)
        .bind(doc.open())
        .bind(creator_platform)
        .bind(creator)
        .bind(json)
        .fetch_one(&self.pool)
        .await?;
        doc.tournament.id = id;
        Ok(())
    }

    pub(super) async fn update_tournament(&self, doc: &TournamentDoc) -> Result<(), StoreError> {
        let id = doc.tournament.id;
        let (_, _, _, _, json) = to_row(doc)?;
        let done = sqlx::query(
            "UPDATE tournaments SET version = $1, open = $2, doc = $3
             WHERE id = $4 AND version = $1 - 1",
        )
        .bind(doc.version as i64)
        .bind(doc.open())
        .bind(json)
        .bind(id)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            return Ok(());
        }
        let stored: Option<(i64,)> =
            sqlx::query_as("SELECT version FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        let stored = to_u64(stored.ok_or(StoreError::NotFound(id))?.0)?;
        Err(StoreError::TournamentConflict { id, stored, expected: doc.version })
    }

    pub(super) async fn read_tournament(
        &self,
        id: i64,
    ) -> Result<Option<TournamentDoc>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
        let row: Option<Row> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&self.pool).await?;
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
             WHERE (NOT $1 OR (chat_platform = $2 AND chat_id = $3)) AND (NOT $4 OR open)
             ORDER BY id"
        );
        let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(chat.is_some())
            .bind(platform)
            .bind(id)
            .bind(open)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter().map(from_row).collect()
    }
}
