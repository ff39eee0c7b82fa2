//! The PostgreSQL store (sqlx): the same rows as SQLite's, laid out by `migrations/postgres/`
//! (embedded, run on open), so that several processes can share one database.
//!
//! Per-table serialization is in the database: a commit is one statement that updates the
//! table's row only where the stored version is the one before, and appends the events only if
//! it did. PostgreSQL locks the row for the update; a second commit of the same version waits
//! for the first, then finds the version moved on and changes nothing ([`StoreError::Conflict`]),
//! whichever process it came from. What numbers a chat's tables, its seasons and its settings
//! is serialized per chat with a transaction-scoped advisory lock (`pg_advisory_xact_lock`).
//! A commit is durable when it returns (PostgreSQL's `synchronous_commit`, on by default).

mod lock;
mod meta;
mod moves;
mod open;
pub(in crate::store) use open::{MIGRATOR, UNDEFINED_DATABASE, connect_once};
pub(super) mod rounds;
mod scores;
mod settings;
mod shared;
mod standings;
mod tables;
mod tallies;
mod tournaments;

use lock::{ChatLock, lock_chat};

use super::codec::{chat_key, json, parse, to_u64};
use super::{
    ChatSettings, MatchSummary, PairRow, PersonTally, PlayedMatch, Rating, ScoreRow, Season, Span,
    Store, StoreError, Touched,
};

type Res<T> = Result<T, StoreError>;
/// Records with their keys, as `Store::records_before` gives them.
type Records = Vec<(i64, serde_json::Value)>;
use super::RatingChange as Change;
use crate::engine::rules::Variant;
use crate::session::{ChatId, Event, Millis, Table, UserId};
use sqlx::postgres::PgPool;

/// A [`Store`] in a PostgreSQL database.
pub struct PgStore {
    pool: PgPool,
}

/// The database's clock, Unix ms, as SQL: every time a process compares with another's
/// (`updated_at`, [`Store::touched_since`]) is taken from it, never from a process's clock.
macro_rules! db_now_ms {
    () => {
        "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT"
    };
}
pub(super) use db_now_ms;

/// The one statement of a commit: the row is updated only from the version before and in the
/// chat it is in (a copy of the table from before its chat moved is refused like an older
/// version), and the events and finished rounds are written only when it was (rounds another
/// process's commit wrote meanwhile are left as they are: see `rounds`). Returns how many rows
/// were updated (0 or 1).
const COMMIT: &str = concat!(
    "
WITH up AS (
    UPDATE tables SET version = $1, open = $2, snapshot = $3, updated_at = ",
    db_now_ms!(),
    "
    WHERE id = $4 AND version = $1 - 1 AND chat_platform = $7 AND chat_id = $8
    RETURNING id
), appended AS (
    INSERT INTO table_events (table_id, version, seq, event)
    SELECT up.id, $1, e.seq, e.event FROM up, UNNEST($5::BIGINT[], $6::TEXT[]) AS e (seq, event)
), finished AS (
    INSERT INTO table_rounds (table_id, match_seed, round, moves)
    SELECT up.id, $9, r.round, r.moves FROM up, UNNEST($10::BIGINT[], $11::TEXT[]) AS r (round, moves)
    ON CONFLICT DO NOTHING
)
SELECT COUNT(*) FROM up"
);

impl PgStore {
    pub(in crate::store) fn pool(&self) -> &PgPool {
        &self.pool
    }

    async fn season_or_current(
        &self,
        chat: &ChatId,
        season: Option<u32>,
    ) -> Result<i64, StoreError> {
        match season {
            Some(s) => Ok(s.into()),
            None => Ok(self.season(chat).await?.number.into()),
        }
    }
}

/// Events as the two arrays the statements unnest: their places and their JSON.
fn encode_events(events: &[Event]) -> Result<(Vec<i64>, Vec<String>), StoreError> {
    let seqs = (0..events.len() as i64).collect();
    let texts = events.iter().map(json).collect::<Result<_, _>>()?;
    Ok((seqs, texts))
}

impl Store for PgStore {
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
        let (seqs, texts) = encode_events(events)?;
        let (platform, chat) = chat_key(&table.chat);
        let split = super::rounds::split(table)?;
        let (key, numbers, moves) =
            rounds::missing(&self.pool, table.id, split.rounds.as_ref()).await?;
        let commit = sqlx::query_scalar::<_, i64>(COMMIT)
            .bind(table.version as i64)
            .bind(table.phase.is_active())
            .bind(split.snapshot)
            .bind(table.id)
            .bind(seqs)
            .bind(texts)
            .bind(platform)
            .bind(chat)
            .bind(key)
            .bind(numbers)
            .bind(moves);
        let updated = match finished {
            // Alone, the statement is its own transaction: one round trip.
            None => commit.fetch_one(&self.pool).await?,
            Some(m) => {
                let mut tx = self.pool.begin().await?;
                let updated = commit.fetch_one(&mut *tx).await?;
                if updated == 1 {
                    scores::add_match(&mut tx, m).await?;
                    tx.commit().await?;
                }
                updated
            }
        };
        if updated == 1 { Ok(()) } else { Err(self.refused(table).await?) }
    }

    async fn load(&self, id: i64) -> Result<Option<Table>, StoreError> {
        // The rounds a snapshot needs were committed with it or before: read after it, they are there.
        let mut conn = self.pool.acquire().await?;
        let row: Option<(String,)> = sqlx::query_as("SELECT snapshot FROM tables WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        match row {
            Some((s,)) => Ok(Some(rounds::table(&mut conn, id, s).await?)),
            None => Ok(None),
        }
    }

    async fn load_open(&self) -> Result<Vec<super::Loaded>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows: Vec<(i64, String)> =
            sqlx::query_as("SELECT id, snapshot FROM tables WHERE open ORDER BY id")
                .fetch_all(&mut *conn)
                .await?;
        rounds::tables(&mut conn, rows).await
    }

    async fn set_aside(&self, id: i64) -> Result<bool, StoreError> {
        self.set_aside_row(id).await
    }

    async fn load_checked(&self, id: i64) -> Result<Option<super::Loaded>, StoreError> {
        self.load_row(id).await
    }

    async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        let (platform, chat) = chat_key(chat);
        let mut conn = self.pool.acquire().await?;
        let row: Option<(i64, String)> = sqlx::query_as(
            "SELECT id, snapshot FROM tables WHERE chat_platform = $1 AND chat_id = $2
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
            "SELECT version, event FROM table_events WHERE table_id = $1 ORDER BY version, seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        if rows.is_empty() {
            let known: Option<(i64,)> = sqlx::query_as("SELECT id FROM tables WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            known.ok_or(StoreError::NotFound(id))?;
        }
        rows.iter().map(|(v, e)| Ok((to_u64(*v)?, parse(e)?))).collect()
    }

    async fn chat_settings(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        self.settings_of(chat).await
    }

    async fn set_chat_settings(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        self.write_settings(chat, settings).await
    }

    async fn season(&self, chat: &ChatId) -> Result<Season, StoreError> {
        let mut conn = self.pool.acquire().await?;
        scores::current_season(&mut conn, chat).await
    }

    async fn new_season(&self, chat: &ChatId, now: Millis) -> Result<Season, StoreError> {
        let started = scores::start_season(&self.pool, chat, None, now).await?;
        started.ok_or_else(|| StoreError::Corrupt("no season to start after".into()))
    }

    async fn start_season_after(
        &self,
        chat: &ChatId,
        n: u32,
        due: Millis,
        now: Millis,
    ) -> Res<Option<Season>> {
        scores::start_season(&self.pool, chat, Some((n, due)), now).await
    }

    async fn scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        let season = self.season_or_current(chat, season).await?;
        scores::scoreboard(false, &self.pool, chat, season, variant).await
    }

    async fn computer_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Res<Vec<ScoreRow>> {
        let season = self.season_or_current(chat, season).await?;
        scores::scoreboard(true, &self.pool, chat, season, variant).await
    }

    async fn ratings(&self, chat: &ChatId, span: Span, v: Option<Variant>) -> Res<Vec<Rating>> {
        standings::ratings(&self.pool, chat, span, v).await
    }

    async fn rating_history(&self, c: &ChatId, s: Span, v: Option<Variant>) -> Res<Vec<Change>> {
        standings::rating_history(&self.pool, c, s, v).await
    }

    async fn person_tally(&self, chat: &ChatId, user: &UserId) -> Res<PersonTally> {
        tallies::person(&self.pool, chat, user).await
    }

    async fn records_before(&self, c: &ChatId, s: Span, at: Option<i64>, n: u32) -> Res<Records> {
        standings::records_before(&self.pool, c, s, at, n).await
    }

    async fn history(&self, chat: &ChatId, v: Option<Variant>, n: u32) -> Res<Vec<PlayedMatch>> {
        standings::history(&self.pool, chat, v, n).await
    }

    async fn pair_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<PairRow>, StoreError> {
        let season = self.season_or_current(chat, season).await?;
        scores::pair_scoreboard(&self.pool, chat, season, variant).await
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
        self.message_ref_list(table_id).await
    }

    async fn swap_meta(&self, key: &str, old: Option<&str>, new: Option<&str>) -> Res<bool> {
        self.meta_swap(key, old, new).await
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

    async fn last_record(&self, chat: &ChatId) -> Result<Option<serde_json::Value>, StoreError> {
        standings::last_record(&self.pool, chat).await
    }

    async fn season_records(
        &self,
        chat: &ChatId,
        span: Span,
        limit: u32,
    ) -> Result<Vec<serde_json::Value>, StoreError> {
        standings::records(&self.pool, chat, span, limit).await
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
