//! A table's row in PostgreSQL: a new table numbered in its chat (with its finished rounds,
//! should it have any), and why a commit was refused.

use super::super::StoreError;
use super::super::codec::{chat_key, to_u32, to_u64};
use super::{ChatLock, PgStore, encode_events, lock_chat};
use crate::session::{Event, Table};

impl PgStore {
    pub(super) async fn refused(&self, table: &Table) -> Result<StoreError, StoreError> {
        let stored: Option<(i64,)> = sqlx::query_as("SELECT version FROM tables WHERE id = $1")
            .bind(table.id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match stored {
            None => StoreError::NotFound(table.id),
            Some((stored,)) => StoreError::Conflict {
                table: table.id,
                stored: to_u64(stored)?,
                expected: table.version.saturating_sub(1),
            },
        })
    }

    pub(super) async fn insert_table(
        &self,
        table: &mut Table,
        events: &[Event],
    ) -> Result<(), StoreError> {
        let (platform, chat) = chat_key(&table.chat);
        let mut tx = self.pool.begin().await?;
        lock_chat(&mut tx, ChatLock::Numbers, &table.chat).await?;
        let (id, number): (i64, i64) = sqlx::query_as(
            "SELECT nextval(pg_get_serial_sequence('tables', 'id')), COALESCE(MAX(number), 0) + 1
             FROM tables WHERE chat_platform = $1 AND chat_id = $2",
        )
        .bind(platform)
        .bind(chat)
        .fetch_one(&mut *tx)
        .await?;
        table.id = id;
        table.number = to_u32(number)?;
        let split = super::super::rounds::split(table)?;
        sqlx::query(
            concat!(
                "INSERT INTO tables (id, chat_platform, chat_id, number, version, open, snapshot, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, ",
                super::db_now_ms!(),
                ")"
            ),
        )
        .bind(id)
        .bind(platform)
        .bind(chat)
        .bind(number)
        .bind(table.version as i64)
        .bind(table.phase.is_active())
        .bind(&split.snapshot)
        .execute(&mut *tx)
        .await?;
        if let Some(r) = &split.rounds {
            let (numbers, moves) = r.rows_from(0)?;
            sqlx::query(
                "INSERT INTO table_rounds (table_id, match_seed, round, moves)
                 SELECT $1, $2, r.round, r.moves
                 FROM UNNEST($3::BIGINT[], $4::TEXT[]) AS r (round, moves)",
            )
            .bind(id)
            .bind(r.key)
            .bind(numbers)
            .bind(moves)
            .execute(&mut *tx)
            .await?;
        }
        let (seqs, texts) = encode_events(events)?;
        sqlx::query(
            "INSERT INTO table_events (table_id, version, seq, event)
             SELECT $1, $2, e.seq, e.event FROM UNNEST($3::BIGINT[], $4::TEXT[]) AS e (seq, event)",
        )
        .bind(id)
        .bind(table.version as i64)
        .bind(seqs)
        .bind(texts)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
