//! The store a URL names, chosen at run time: `sqlite://…` (the default kind) or
//! `postgres://…`. The binary runs one service type over either backend.

use super::{
    ChatSettings, MatchSummary, PairRow, PersonTally, PgStore, PlayedMatch, Rating, RatingChange,
    ScoreRow, Season, Span, SqliteStore, Store, StoreError, Touched,
};
use crate::engine::rules::Variant;
use crate::session::{ChatId, Event, Millis, Table, UserId};

/// Either SQL backend, delegating every [`Store`] method to it.
pub enum AnyStore {
    Sqlite(SqliteStore),
    Postgres(PgStore),
}

/// Whether a database URL names a PostgreSQL database.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

impl AnyStore {
    /// Opens (creating and migrating it if needed) the database at `url`: PostgreSQL for
    /// `postgres://` and `postgresql://`, SQLite otherwise.
    pub async fn open(url: &str) -> Result<AnyStore, StoreError> {
        Ok(if is_postgres_url(url) {
            AnyStore::Postgres(PgStore::open(url).await?)
        } else {
            AnyStore::Sqlite(SqliteStore::open(url).await?)
        })
    }

    /// The backend's name, for logs and reports.
    pub fn kind(&self) -> &'static str {
        match self {
            AnyStore::Sqlite(_) => "SQLite",
            AnyStore::Postgres(_) => "PostgreSQL",
        }
    }

    /// Whether other processes may serve the same database at once (`Options::shared`):
    /// PostgreSQL is made for it; an SQLite file is one process's.
    pub fn shared(&self) -> bool {
        matches!(self, AnyStore::Postgres(_))
    }

    /// Closes every connection.
    pub async fn close(self) {
        match self {
            AnyStore::Sqlite(s) => s.close().await,
            AnyStore::Postgres(s) => s.close().await,
        }
    }
}

/// Calls the same method on whichever backend this is.
macro_rules! delegate {
    ($self:ident, $s:ident => $call:expr) => {
        match $self {
            AnyStore::Sqlite($s) => $call.await,
            AnyStore::Postgres($s) => $call.await,
        }
    };
}

impl Store for AnyStore {
    async fn create(&self, table: &mut Table, events: &[Event]) -> Result<(), StoreError> {
        delegate!(self, s => s.create(table, events))
    }

    async fn commit(
        &self,
        table: &Table,
        events: &[Event],
        finished: Option<&MatchSummary>,
    ) -> Result<(), StoreError> {
        delegate!(self, s => s.commit(table, events, finished))
    }

    async fn load(&self, id: i64) -> Result<Option<Table>, StoreError> {
        delegate!(self, s => s.load(id))
    }

    async fn load_open(&self) -> Result<Vec<super::Loaded>, StoreError> {
        delegate!(self, s => s.load_open())
    }

    async fn set_aside(&self, id: i64) -> Result<bool, StoreError> {
        delegate!(self, s => s.set_aside(id))
    }

    async fn load_checked(&self, id: i64) -> Result<Option<super::Loaded>, StoreError> {
        delegate!(self, s => s.load_checked(id))
    }

    async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        delegate!(self, s => s.latest_table(chat))
    }

    async fn events(&self, id: i64) -> Result<Vec<(u64, Event)>, StoreError> {
        delegate!(self, s => s.events(id))
    }

    async fn chat_settings(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        delegate!(self, s => s.chat_settings(chat))
    }

    async fn set_chat_settings(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        delegate!(self, s => s.set_chat_settings(chat, settings))
    }

    async fn season(&self, chat: &ChatId) -> Result<Season, StoreError> {
        delegate!(self, s => s.season(chat))
    }

    async fn new_season(&self, chat: &ChatId, now: Millis) -> Result<Season, StoreError> {
        delegate!(self, s => s.new_season(chat, now))
    }

    async fn start_season_after(
        &self,
        chat: &ChatId,
        current: u32,
        due: Millis,
        now: Millis,
    ) -> Result<Option<Season>, StoreError> {
        delegate!(self, s => s.start_season_after(chat, current, due, now))
    }

    async fn scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        delegate!(self, s => s.scoreboard(chat, season, variant))
    }

    async fn pair_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<PairRow>, StoreError> {
        delegate!(self, s => s.pair_scoreboard(chat, season, variant))
    }

    async fn computer_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        delegate!(self, s => s.computer_scoreboard(chat, season, variant))
    }

    async fn ratings(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<Rating>, StoreError> {
        delegate!(self, s => s.ratings(chat, span, variant))
    }

    async fn rating_history(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        delegate!(self, s => s.rating_history(chat, span, variant))
    }

    async fn person_tally(&self, chat: &ChatId, user: &UserId) -> Result<PersonTally, StoreError> {
        delegate!(self, s => s.person_tally(chat, user))
    }

    async fn records_before(
        &self,
        chat: &ChatId,
        span: Span,
        before: Option<i64>,
        limit: u32,
    ) -> Result<Vec<(i64, serde_json::Value)>, StoreError> {
        delegate!(self, s => s.records_before(chat, span, before, limit))
    }

    async fn history(
        &self,
        chat: &ChatId,
        variant: Option<Variant>,
        limit: u32,
    ) -> Result<Vec<PlayedMatch>, StoreError> {
        delegate!(self, s => s.history(chat, variant, limit))
    }

    async fn set_message_ref(
        &self,
        table_id: i64,
        audience: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        delegate!(self, s => s.set_message_ref(table_id, audience, message))
    }

    async fn message_refs(&self, table_id: i64) -> Result<Vec<(String, String)>, StoreError> {
        delegate!(self, s => s.message_refs(table_id))
    }

    async fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        delegate!(self, s => s.meta(key))
    }

    async fn set_meta(&self, key: &str, value: Option<&str>) -> Result<(), StoreError> {
        delegate!(self, s => s.set_meta(key, value))
    }

    async fn meta_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        delegate!(self, s => s.meta_prefix(prefix))
    }

    async fn meta_or(&self, key: &str, value: &str) -> Result<String, StoreError> {
        delegate!(self, s => s.meta_or(key, value))
    }

    async fn swap_meta(
        &self,
        key: &str,
        old: Option<&str>,
        new: Option<&str>,
    ) -> Result<bool, StoreError> {
        delegate!(self, s => s.swap_meta(key, old, new))
    }

    async fn last_record(&self, chat: &ChatId) -> Result<Option<serde_json::Value>, StoreError> {
        delegate!(self, s => s.last_record(chat))
    }

    async fn season_records(
        &self,
        chat: &ChatId,
        span: Span,
        limit: u32,
    ) -> Result<Vec<serde_json::Value>, StoreError> {
        delegate!(self, s => s.season_records(chat, span, limit))
    }

    async fn move_chat(&self, from: &ChatId, to: &ChatId) -> Result<u32, StoreError> {
        delegate!(self, s => s.move_chat(from, to))
    }

    async fn touched_since(&self, since: Millis) -> Result<Touched, StoreError> {
        delegate!(self, s => s.touched_since(since))
    }

    async fn claim(
        &self,
        ids: &[i64],
        owner: &str,
        now: Millis,
        until: Millis,
    ) -> Result<Vec<i64>, StoreError> {
        delegate!(self, s => s.claim(ids, owner, now, until))
    }

    async fn create_tournament(&self, doc: &mut super::TournamentDoc) -> Result<(), StoreError> {
        delegate!(self, s => s.create_tournament(doc))
    }

    async fn save_tournament(&self, doc: &super::TournamentDoc) -> Result<(), StoreError> {
        delegate!(self, s => s.save_tournament(doc))
    }

    async fn tournament(&self, id: i64) -> Result<Option<super::TournamentDoc>, StoreError> {
        delegate!(self, s => s.tournament(id))
    }

    async fn tournaments(
        &self,
        chat: Option<&ChatId>,
        open: bool,
    ) -> Result<Vec<super::TournamentDoc>, StoreError> {
        delegate!(self, s => s.tournaments(chat, open))
    }

    async fn due_tournaments(&self, now: Millis, limit: u32) -> Result<Vec<i64>, StoreError> {
        delegate!(self, s => s.due_tournaments(now, limit))
    }

    async fn set_tournament_due(&self, id: i64, due: Option<Millis>) -> Result<(), StoreError> {
        delegate!(self, s => s.set_tournament_due(id, due))
    }
}
