//! The SQLite store (sqlx): one database file holding tables with their logs, chat settings,
//! seasons, scoreboards and finished matches, laid out by `migrations/sqlite/` (embedded, run on open).
//! Snapshots, finished rounds, events and records are serde JSON text; scoreboards are plain rows.
//!
//! Writes go one at a time: SQLite has one writer, so every write waits its turn on an
//! in-process lock and then opens its transaction with `BEGIN IMMEDIATE` (which also keeps
//! another process writing the same file from slipping in between a read and a write).
//! Reads use the pool and, in WAL mode, never wait for the writer.

use super::codec::{chat_key, parse, to_u64};
use super::{
    ChatSettings, Loaded, MatchSummary, PairRow, PersonTally, PlayedMatch, Rating, RatingChange,
    ScoreRow, Season, Span, Store, StoreError, Touched,
};
use crate::engine::rules::Variant;
use crate::session::{ChatId, Event, Millis, Table, UserId};

type Res<T> = Result<T, StoreError>;
/// Records with their keys, as `Store::records_before` gives them.
type Records = Vec<(i64, serde_json::Value)>;
use sqlx::sqlite::SqlitePool;
use sqlx::{Sqlite, Transaction};
use tokio::sync::{Mutex, MutexGuard};

/// The database's clock, Unix ms, as SQL: every time a process compares with another's
/// (`updated_at`, [`Store::touched_since`]) is taken from it, never from a process's clock.
macro_rules! db_now_ms {
    () => {
        "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"
    };
}
use db_now_ms;

mod chat;
mod meta;
mod moves;
mod open;
pub(in crate::store) use open::MIGRATOR;
mod rounds;
mod scores;
mod shared;
mod standings;
mod tables;
mod tallies;
mod tournaments;

/// A [`Store`] in an SQLite database.
///
/// The database runs in WAL mode with `synchronous = NORMAL`: a commit that returned survives
/// a crash of the process (the WAL is in the OS's hands), but the last commits before a power
/// loss or an OS crash may be lost — never half of one, and the file stays consistent.
pub struct SqliteStore {
    pool: SqlitePool,
    writer: Mutex<()>,
}

/// A write transaction and the turn it holds.
struct Write<'a> {
    tx: Transaction<'static, Sqlite>,
    _turn: MutexGuard<'a, ()>,
}

impl SqliteStore {
    pub(in crate::store) fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    async fn write(&self) -> Result<Write<'_>, StoreError> {
        let turn = self.writer.lock().await;
        let tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        Ok(Write { tx, _turn: turn })
    }
}

impl Store for SqliteStore {
    async fn create(&self, table: &mut Table, events: &[Event]) -> Result<(), StoreError> {
        let before = (table.id, table.number);
        let done = self.insert_table(table, events).await;
        if done.is_err() {
            (table.id, table.number) = before;
        }
        done
    }

    async fn commit(
        &self,
        table: &Table,
        events: &[Event],
        finished: Option<&MatchSummary>,
    ) -> Result<(), StoreError> {
        let split = super::rounds::split(table)?;
        let version = table.version as i64;
        // A copy of the table from before its chat moved is refused like an older version.
        let (platform, chat) = chat_key(&table.chat);
        let mut w = self.write().await?;
        let updated = sqlx::query(concat!(
            "UPDATE tables SET version = ?1, open = ?2, snapshot = ?3, updated_at = ",
            db_now_ms!(),
            " WHERE id = ?4 AND version = ?1 - 1 AND chat_platform = ?5 AND chat_id = ?6"
        ))
        .bind(version)
        .bind(table.phase.is_active())
        .bind(&split.snapshot)
        .bind(table.id)
        .bind(platform)
        .bind(chat)
        .execute(&mut *w.tx)
        .await?;
        if updated.rows_affected() == 0 {
            let stored: Option<(i64,)> = sqlx::query_as("SELECT version FROM tables WHERE id = ?1")
                .bind(table.id)
                .fetch_optional(&mut *w.tx)
                .await?;
            w.tx.rollback().await?;
            return Err(match stored {
                None => StoreError::NotFound(table.id),
                Some((stored,)) => StoreError::Conflict {
                    table: table.id,
                    stored: to_u64(stored)?,
                    expected: table.version.saturating_sub(1),
                },
            });
        }
        rounds::write(&mut w.tx, table.id, split.rounds.as_ref()).await?;
        tables::append_events(&mut w.tx, table.id, table.version, events).await?;
        if let Some(m) = finished {
            scores::add_match(&mut w.tx, m).await?;
        }
        w.tx.commit().await?;
        Ok(())
    }

    async fn load(&self, id: i64) -> Result<Option<Table>, StoreError> {
        // The rounds a snapshot needs were written with it or before: read after it, they are there.
        let mut conn = self.pool.acquire().await?;
        let row: Option<(String,)> = sqlx::query_as("SELECT snapshot FROM tables WHERE id = ?1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        match row {
            Some((s,)) => Ok(Some(rounds::table(&mut conn, id, s).await?)),
            None => Ok(None),
        }
    }

    async fn load_open(&self) -> Result<Vec<Loaded>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows: Vec<(i64, String)> =
            sqlx::query_as("SELECT id, snapshot FROM tables WHERE open = 1 ORDER BY id")
                .fetch_all(&mut *conn)
                .await?;
        rounds::tables(&mut conn, rows).await
    }

    async fn set_aside(&self, id: i64) -> Result<bool, StoreError> {
        self.set_aside_row(id).await
    }

    async fn load_checked(&self, id: i64) -> Result<Option<Loaded>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let row: Option<(String,)> = sqlx::query_as("SELECT snapshot FROM tables WHERE id = ?1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        let rows = row.map(|(s,)| (id, s)).into_iter().collect();
        Ok(rounds::tables(&mut conn, rows).await?.pop())
    }

    async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        let (platform, chat) = chat_key(chat);
        let mut conn = self.pool.acquire().await?;
        let row: Option<(i64, String)> = sqlx::query_as(
            "SELECT id, snapshot FROM tables WHERE chat_platform = ?1 AND chat_id = ?2
             ORDER BY number DESC LIMIT 1",
        )
        .bind(platform)
        .bind(chat)
        .fetch_optional(&mut *conn)
        .await?;
        match row {
            Some((id, s)) => Ok(Some(rounds::table(&mut conn, id, s).await?)),
            None => Ok(None),
        }
    }

    async fn events(&self, id: i64) -> Result<Vec<(u64, Event)>, StoreError> {
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT version, event FROM table_events WHERE table_id = ?1 ORDER BY version, seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        if rows.is_empty() {
            let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM tables WHERE id = ?1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            known.ok_or(StoreError::NotFound(id))?;
        }
        rows.iter().map(|(v, e)| Ok((to_u64(*v)?, parse(e)?))).collect()
    }

    async fn chat_settings(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        self.settings_get(chat).await
    }

    async fn set_chat_settings(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        self.settings_set(chat, settings).await
    }

    async fn season(&self, chat: &ChatId) -> Result<Season, StoreError> {
        self.scores_season(chat).await
    }

    async fn new_season(&self, chat: &ChatId, now: Millis) -> Result<Season, StoreError> {
        let started = self.scores_start_season(chat, None, now).await?;
        started.ok_or_else(|| StoreError::Corrupt("no season to start after".into()))
    }

    async fn start_season_after(
        &self,
        chat: &ChatId,
        current: u32,
        due: Millis,
        now: Millis,
    ) -> Result<Option<Season>, StoreError> {
        self.scores_start_season(chat, Some((current, due)), now).await
    }

    async fn scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        self.scores_scoreboard(false, chat, season, variant).await
    }

    async fn computer_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        self.scores_scoreboard(true, chat, season, variant).await
    }

    async fn ratings(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<Rating>, StoreError> {
        standings::ratings(&self.pool, chat, span, variant).await
    }

    async fn rating_history(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        standings::rating_history(&self.pool, chat, span, variant).await
    }

    async fn person_tally(&self, chat: &ChatId, user: &UserId) -> Result<PersonTally, StoreError> {
        tallies::person(&self.pool, chat, user).await
    }

    async fn records_before(&self, c: &ChatId, s: Span, at: Option<i64>, n: u32) -> Res<Records> {
        standings::records_before(&self.pool, c, s, at, n).await
    }

    async fn history(
        &self,
        chat: &ChatId,
        variant: Option<Variant>,
        limit: u32,
    ) -> Result<Vec<PlayedMatch>, StoreError> {
        standings::history(&self.pool, chat, variant, limit).await
    }

    async fn pair_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<PairRow>, StoreError> {
        self.scores_pair_scoreboard(chat, season, variant).await
    }

    async fn set_message_ref(
        &self,
        table_id: i64,
        audience: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        self.message_ref_set(table_id, audience, message).await
    }

    async fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.meta_get(key).await
    }

    async fn set_meta(&self, key: &str, value: Option<&str>) -> Result<(), StoreError> {
        self.meta_set(key, value).await
    }

    async fn meta_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        self.meta_scan(prefix).await
    }

    async fn meta_or(&self, key: &str, value: &str) -> Result<String, StoreError> {
        self.meta_get_or(key, value).await
    }

    async fn message_refs(&self, table_id: i64) -> Result<Vec<(String, String)>, StoreError> {
        self.message_refs_list(table_id).await
    }

    async fn last_record(&self, chat: &ChatId) -> Result<Option<serde_json::Value>, StoreError> {
        self.scores_last_record(chat).await
    }

    async fn season_records(
        &self,
        chat: &ChatId,
        span: Span,
        limit: u32,
    ) -> Result<Vec<serde_json::Value>, StoreError> {
        standings::records(&self.pool, chat, span, limit).await
    }

    async fn swap_meta(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.meta_swap(key, expected, new).await
    }

    async fn move_chat(&self, from: &ChatId, to: &ChatId) -> Result<u32, StoreError> {
        self.chat_move(from, to).await
    }

    async fn touched_since(&self, since: Millis) -> Result<Touched, StoreError> {
        self.touched(since).await
    }

    async fn claim(
        &self,
        ids: &[i64],
        owner: &str,
        now: Millis,
        until: Millis,
    ) -> Result<Vec<i64>, StoreError> {
        self.lease(ids, owner, now, until).await
    }

    async fn create_tournament(&self, doc: &mut super::TournamentDoc) -> Result<(), StoreError> {
        self.insert_tournament(doc).await
    }

    async fn save_tournament(&self, doc: &super::TournamentDoc) -> Result<(), StoreError> {
        self.update_tournament(doc).await
    }

    async fn tournament(&self, id: i64) -> Result<Option<super::TournamentDoc>, StoreError> {
        self.read_tournament(id).await
    }

    async fn tournaments(
        &self,
        chat: Option<&ChatId>,
        open: bool,
    ) -> Result<Vec<super::TournamentDoc>, StoreError> {
        self.list_tournaments(chat, open).await
    }

    async fn due_tournaments(&self, now: Millis, limit: u32) -> Result<Vec<i64>, StoreError> {
        self.due_tournament_ids(now, limit).await
    }

    async fn set_tournament_due(&self, id: i64, due: Option<Millis>) -> Result<(), StoreError> {
        self.write_tournament_due(id, due).await
    }
}
