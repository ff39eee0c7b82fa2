//! A store whose commits take as long as a test says: to see the bot answer in time anyway.

use domino_core::engine::rules::Variant;
use domino_core::session::{ChatId, Event, Millis, Table, UserId};
use domino_core::store::{
    ChatSettings, MatchSummary, PairRow, PersonTally, PlayedMatch, Rating, RatingChange, ScoreRow,
    Season, Span, Store, StoreError, Touched, TournamentDoc,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

pub struct Slow<S> {
    inner: S,
    /// Milliseconds each commit waits first.
    pub delay: Arc<AtomicU64>,
}

impl<S> Slow<S> {
    pub fn new(inner: S) -> Slow<S> {
        Slow { inner, delay: Arc::new(AtomicU64::new(0)) }
    }
}

impl<S: Store> Store for Slow<S> {
    async fn create(&self, table: &mut Table, events: &[Event]) -> Result<(), StoreError> {
        self.inner.create(table, events).await
    }

    async fn commit(
        &self,
        table: &Table,
        events: &[Event],
        finished: Option<&MatchSummary>,
    ) -> Result<(), StoreError> {
        let ms = self.delay.load(Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(ms)).await;
        self.inner.commit(table, events, finished).await
    }

    async fn load(&self, id: i64) -> Result<Option<Table>, StoreError> {
        self.inner.load(id).await
    }

    async fn load_open(&self) -> Result<Vec<domino_core::store::Loaded>, StoreError> {
        self.inner.load_open().await
    }

    async fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.inner.meta(key).await
    }

    async fn set_meta(&self, key: &str, value: Option<&str>) -> Result<(), StoreError> {
        self.inner.set_meta(key, value).await
    }

    async fn meta_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        self.inner.meta_prefix(prefix).await
    }

    async fn meta_or(&self, key: &str, value: &str) -> Result<String, StoreError> {
        self.inner.meta_or(key, value).await
    }

    async fn swap_meta(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.inner.swap_meta(key, expected, new).await
    }

    async fn set_aside(&self, id: i64) -> Result<bool, StoreError> {
        self.inner.set_aside(id).await
    }

    async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        self.inner.latest_table(chat).await
    }

    async fn events(&self, id: i64) -> Result<Vec<(u64, Event)>, StoreError> {
        self.inner.events(id).await
    }

    async fn chat_settings(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        self.inner.chat_settings(chat).await
    }

    async fn set_chat_settings(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        self.inner.set_chat_settings(chat, settings).await
    }

    async fn season(&self, chat: &ChatId) -> Result<Season, StoreError> {
        self.inner.season(chat).await
    }

    async fn new_season(&self, chat: &ChatId, now: Millis) -> Result<Season, StoreError> {
        self.inner.new_season(chat, now).await
    }

    async fn start_season_after(
        &self,
        chat: &ChatId,
        current: u32,
        due: Millis,
        now: Millis,
    ) -> Result<Option<Season>, StoreError> {
        self.inner.start_season_after(chat, current, due, now).await
    }

    async fn scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        self.inner.scoreboard(chat, season, variant).await
    }

    async fn pair_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<PairRow>, StoreError> {
        self.inner.pair_scoreboard(chat, season, variant).await
    }

    async fn computer_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        self.inner.computer_scoreboard(chat, season, variant).await
    }

    async fn ratings(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<Rating>, StoreError> {
        self.inner.ratings(chat, span, variant).await
    }

    async fn rating_history(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        self.inner.rating_history(chat, span, variant).await
    }

    async fn person_tally(&self, chat: &ChatId, user: &UserId) -> Result<PersonTally, StoreError> {
        self.inner.person_tally(chat, user).await
    }

    async fn records_before(
        &self,
        chat: &ChatId,
        span: Span,
        before: Option<i64>,
        limit: u32,
    ) -> Result<Vec<(i64, serde_json::Value)>, StoreError> {
        self.inner.records_before(chat, span, before, limit).await
    }

    async fn history(
        &self,
        chat: &ChatId,
        variant: Option<Variant>,
        limit: u32,
    ) -> Result<Vec<PlayedMatch>, StoreError> {
        self.inner.history(chat, variant, limit).await
    }

    async fn set_message_ref(
        &self,
        table_id: i64,
        audience: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        self.inner.set_message_ref(table_id, audience, message).await
    }

    async fn message_refs(&self, table_id: i64) -> Result<Vec<(String, String)>, StoreError> {
        self.inner.message_refs(table_id).await
    }

    async fn last_record(&self, chat: &ChatId) -> Result<Option<serde_json::Value>, StoreError> {
        self.inner.last_record(chat).await
    }

    async fn season_records(
        &self,
        chat: &ChatId,
        span: Span,
        limit: u32,
    ) -> Result<Vec<serde_json::Value>, StoreError> {
        self.inner.season_records(chat, span, limit).await
    }

    async fn touched_since(&self, since: Millis) -> Result<Touched, StoreError> {
        self.inner.touched_since(since).await
    }

    async fn claim(
        &self,
        ids: &[i64],
        owner: &str,
        now: Millis,
        until: Millis,
    ) -> Result<Vec<i64>, StoreError> {
        self.inner.claim(ids, owner, now, until).await
    }

    async fn move_chat(&self, from: &ChatId, to: &ChatId) -> Result<u32, StoreError> {
        self.inner.move_chat(from, to).await
    }

    async fn create_tournament(&self, doc: &mut TournamentDoc) -> Result<(), StoreError> {
        self.inner.create_tournament(doc).await
    }

    async fn save_tournament(&self, doc: &TournamentDoc) -> Result<(), StoreError> {
        self.inner.save_tournament(doc).await
    }

    async fn tournament(&self, id: i64) -> Result<Option<TournamentDoc>, StoreError> {
        self.inner.tournament(id).await
    }

    async fn tournaments(
        &self,
        chat: Option<&ChatId>,
        open: bool,
    ) -> Result<Vec<TournamentDoc>, StoreError> {
        self.inner.tournaments(chat, open).await
    }

    async fn due_tournaments(&self, now: Millis, limit: u32) -> Result<Vec<i64>, StoreError> {
        self.inner.due_tournaments(now, limit).await
    }

    async fn set_tournament_due(&self, id: i64, due: Option<Millis>) -> Result<(), StoreError> {
        self.inner.set_tournament_due(id, due).await
    }
}
