//! Creating a table in SQLite and appending to its log.

use super::super::StoreError;
use super::super::codec::{chat_key, json, to_u32};
use super::{SqliteStore, rounds};
use crate::session::{Event, Table};
use sqlx::{Sqlite, Transaction};

impl SqliteStore {
    pub(super) async fn insert_table(
        &self,
        table: &mut Table,
        events: &[Event],
    ) -> Result<(), StoreError> {
        let (platform, chat) = chat_key(&table.chat);
        let mut w = self.write().await?;
        let (number,): (i64,) = sqlx::query_as(
            "SELECT COALESCE(MAX(number), 0) + 1 FROM tables WHERE chat_platform = ?1 AND chat_id = ?2",
        )
        .bind(platform)
        .bind(chat)
        .fetch_one(&mut *w.tx)
        .await?;
        let (id,): (i64,) = sqlx::query_as(
            concat!(
                "INSERT INTO tables (chat_platform, chat_id, number, version, open, snapshot, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, '', ",
                db_now_ms!(),
                ") RETURNING id"
            ),
        )
        .bind(platform)
        .bind(chat)
        .bind(number)
        .bind(table.version as i64)
        .bind(table.phase.is_active())
        .fetch_one(&mut *w.tx)
        .await?;
        table.id = id;
        table.number = to_u32(number)?;
        let split = super::super::rounds::split(table)?;
        sqlx::query("UPDATE tables SET snapshot = ?1 WHERE id = ?2")
            .bind(&split.snapshot)
            .bind(id)
            .execute(&mut *w.tx)
            .await?;
        rounds::write(&mut w.tx, id, split.rounds.as_ref()).await?;
        append_events(&mut w.tx, id, table.version, events).await?;
        w.tx.commit().await?;
        Ok(())
    }
}

pub(super) async fn append_events(
    tx: &mut Transaction<'static, Sqlite>,
    table: i64,
    version: u64,
    events: &[Event],
) -> Result<(), StoreError> {
    for (seq, event) in events.iter().enumerate() {
        sqlx::query(
            "INSERT INTO table_events (table_id, version, seq, event) VALUES (?1, ?2, ?3, ?4)",
        )
        .bind(table)
        .bind(version as i64)
        .bind(seq as i64)
        .bind(json(event)?)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
