//! The in-memory store: for tests and `domino play`. Snapshots, finished rounds and events are
//! kept as JSON, as the SQLite store keeps them, so both read back the same way.

use super::codec::now_millis;
use super::rounds;
use super::{
    ChatSettings, Loaded, MatchSummary, PairRow, PersonTally, PlayedMatch, Rated, Rating,
    RatingChange, ScoreRow, Season, Span, Store, StoreError, Touched,
};
use crate::engine::rules::Variant;
use crate::session::{ChatId, Event, Millis, Table, UserId};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

mod lines;
mod rows;
mod shared;
mod tallies;
mod tournaments;

use rows::{json, parse};

type Res<T> = Result<T, StoreError>;
type Pairs = Vec<PairRow>;

#[derive(Default)]
struct Inner {
    next_id: i64,
    snapshots: BTreeMap<i64, (u64, bool, String)>,
    /// Finished rounds kept apart from the snapshots, by (table, match, round).
    rounds: BTreeMap<(i64, i64, i64), String>,
    events: HashMap<i64, Vec<(u64, String)>>,
    numbers: HashMap<ChatId, u32>,
    settings: HashMap<ChatId, ChatSettings>,
    seasons: HashMap<ChatId, Vec<Season>>,
    players: BTreeMap<(ChatId, u32, UserId, Variant), ScoreRow>,
    pairs: BTreeMap<(ChatId, u32, [UserId; 2], Variant), PairRow>,
    /// Lines from matches with a computer seat.
    computer_players: BTreeMap<(ChatId, u32, UserId, Variant), ScoreRow>,
    /// Ratings by (chat, season or 0 for all time, variant, whose).
    ratings: BTreeMap<(ChatId, u32, Variant, Rated), Rating>,
    /// Every rating change as (chat, season or 0, the match's place in `played` + 1, change).
    rating_changes: Vec<(ChatId, u32, i64, RatingChange)>,
    played: Vec<(ChatId, PlayedMatch)>,
    /// What `/me` and `/vs` read, per chat.
    tallies: HashMap<ChatId, crate::standings::ChatTally>,
    /// Each match's record, in `played`'s order.
    match_records: Vec<serde_json::Value>,
    records: HashMap<ChatId, serde_json::Value>,
    refs: BTreeMap<(i64, String), String>,
    meta: BTreeMap<String, String>,
    /// When each table was last created or committed (the store's clock).
    touched: BTreeMap<i64, Millis>,
    /// Who holds each table's due work, until when.
    leases: HashMap<i64, (String, Millis)>,
    /// Tournaments by id (ids from 1, apart from tables').
    tournaments: BTreeMap<i64, super::TournamentDoc>,
    /// The open tournaments by when they are due, then id (`due_at`, as the SQL stores index it).
    tournaments_due: std::collections::BTreeSet<(Millis, i64)>,
}

/// A [`Store`] in memory.
#[derive(Default)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
}

impl MemoryStore {
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// What a table's rows hold, in bytes: its snapshot and all its finished rounds kept apart
    /// (as the SQL stores' `snapshot` and `table_rounds.moves` columns would).
    pub fn stored_bytes(&self, id: i64) -> Option<(u64, u64)> {
        let g = self.lock();
        let (_, _, snapshot) = g.snapshots.get(&id)?;
        let rounds = g.rounds.range((id, i64::MIN, 0)..=(id, i64::MAX, i64::MAX));
        Some((snapshot.len() as u64, rounds.map(|(_, m)| m.len() as u64).sum()))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Store for MemoryStore {
    async fn create(&self, table: &mut Table, events: &[Event]) -> Result<(), StoreError> {
        let mut g = self.lock();
        g.next_id += 1;
        table.id = g.next_id;
        let n = g.numbers.entry(table.chat.clone()).or_insert(0);
        *n += 1;
        table.number = *n;
        let split = rounds::split(table)?;
        let evs = events
            .iter()
            .map(|e| Ok((table.version, json(e)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        g.add_rounds(table.id, split.rounds.as_ref())?;
        g.snapshots.insert(table.id, (table.version, table.phase.is_active(), split.snapshot));
        g.events.insert(table.id, evs);
        g.touched.insert(table.id, now_millis());
        Ok(())
    }

    async fn commit(
        &self,
        table: &Table,
        events: &[Event],
        finished: Option<&MatchSummary>,
    ) -> Result<(), StoreError> {
        let split = rounds::split(table)?;
        let evs = events.iter().map(json).collect::<Result<Vec<_>, _>>()?;
        let mut g = self.lock();
        let (stored, _, was) = g.snapshots.get(&table.id).ok_or(StoreError::NotFound(table.id))?;
        // A copy of the table from before its chat moved is refused like an older version.
        let moved = serde_json::from_str::<serde_json::Value>(was).ok().map(|v| v["chat"].clone())
            != Some(serde_json::to_value(&table.chat).unwrap_or_default());
        let stored = *stored;
        if stored + 1 != table.version || moved {
            return Err(StoreError::Conflict {
                table: table.id,
                stored,
                expected: table.version.saturating_sub(1),
            });
        }
        g.add_rounds(table.id, split.rounds.as_ref())?;
        g.snapshots.insert(table.id, (table.version, table.phase.is_active(), split.snapshot));
        g.touched.insert(table.id, now_millis());
        let log = g.events.entry(table.id).or_default();
        log.extend(evs.into_iter().map(|e| (table.version, e)));
        if let Some(m) = finished {
            g.add_match(m);
        }
        Ok(())
    }

    async fn load(&self, id: i64) -> Result<Option<Table>, StoreError> {
        let g = self.lock();
        g.snapshots.get(&id).map(|(_, _, s)| g.table(id, s)).transpose()
    }

    async fn load_open(&self) -> Result<Vec<Loaded>, StoreError> {
        let g = self.lock();
        let open = g.snapshots.iter().filter(|(_, (_, open, _))| *open);
        Ok(open.map(|(&id, (_, _, s))| rounds::loaded(id, s, &g.rows(id, s))).collect())
    }

    async fn set_aside(&self, id: i64) -> Result<bool, StoreError> {
        let mut g = self.lock();
        let row = g.snapshots.get_mut(&id).ok_or(StoreError::NotFound(id))?;
        if !row.1 {
            return Ok(false);
        }
        row.1 = false;
        g.touched.insert(id, now_millis());
        Ok(true)
    }

    async fn load_checked(&self, id: i64) -> Result<Option<Loaded>, StoreError> {
        let g = self.lock();
        Ok(g.snapshots.get(&id).map(|(_, _, s)| rounds::loaded(id, s, &g.rows(id, s))))
    }

    async fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.lock().meta.get(key).cloned())
    }

    async fn set_meta(&self, key: &str, value: Option<&str>) -> Result<(), StoreError> {
        let mut g = self.lock();
        match value {
            Some(v) => g.meta.insert(key.to_owned(), v.to_owned()),
            None => g.meta.remove(key),
        };
        Ok(())
    }

    async fn meta_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        let g = self.lock();
        let found = g.meta.range(prefix.to_owned()..).take_while(|(k, _)| k.starts_with(prefix));
        Ok(found.map(|(k, v)| (k.clone(), v.clone())).collect())
    }

    async fn meta_or(&self, key: &str, value: &str) -> Result<String, StoreError> {
        Ok(self.lock().meta.entry(key.to_owned()).or_insert_with(|| value.to_owned()).clone())
    }

    async fn swap_meta(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
    ) -> Result<bool, StoreError> {
        Ok(self.lock().swap_meta(key, expected, new))
    }

    async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        let g = self.lock();
        let mut best: Option<Table> = None;
        for (&id, (_, _, s)) in &g.snapshots {
            let Ok(t) = g.table(id, s) else { continue };
            if &t.chat == chat && best.as_ref().is_none_or(|b| b.number < t.number) {
                best = Some(t);
            }
        }
        Ok(best)
    }

    async fn events(&self, id: i64) -> Result<Vec<(u64, Event)>, StoreError> {
        let g = self.lock();
        let log = g.events.get(&id).ok_or(StoreError::NotFound(id))?;
        log.iter().map(|(v, e)| Ok((*v, parse(e)?))).collect()
    }

    async fn chat_settings(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        Ok(self.lock().settings.get(chat).cloned().unwrap_or_default())
    }

    async fn set_chat_settings(
        &self,
        chat: &ChatId,
        settings: &ChatSettings,
    ) -> Result<(), StoreError> {
        let mut g = self.lock();
        let stored = g.settings.get(chat).map_or(0, |s| s.version);
        if settings.version != stored + 1 {
            return Err(StoreError::SettingsConflict { stored, expected: settings.version });
        }
        // Kept as the SQLite store keeps it: the document read back, the version beside it.
        let doc: ChatSettings = parse(&json(settings)?)?;
        g.settings.insert(chat.clone(), ChatSettings { version: settings.version, ..doc });
        Ok(())
    }

    async fn season(&self, chat: &ChatId) -> Result<Season, StoreError> {
        Ok(self.lock().current_season(chat))
    }

    async fn new_season(&self, chat: &ChatId, now: Millis) -> Result<Season, StoreError> {
        let started = self.lock().start_season(chat, None, now);
        started.ok_or_else(|| StoreError::Corrupt("no season to start after".into()))
    }

    async fn start_season_after(
        &self,
        chat: &ChatId,
        current: u32,
        due: Millis,
        now: Millis,
    ) -> Result<Option<Season>, StoreError> {
        Ok(self.lock().start_season(chat, Some((current, due)), now))
    }

    async fn scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        Ok(self.lock().lines(false, chat, season, variant))
    }

    async fn computer_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        Ok(self.lock().lines(true, chat, season, variant))
    }

    async fn ratings(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<Rating>, StoreError> {
        Ok(self.lock().ratings(chat, span, variant))
    }

    async fn rating_history(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        Ok(self.lock().rating_history(chat, span, variant))
    }

    async fn person_tally(&self, chat: &ChatId, user: &UserId) -> Result<PersonTally, StoreError> {
        Ok(self.lock().person_tally(chat, user))
    }

    async fn records_before(
        &self,
        chat: &ChatId,
        span: Span,
        before: Option<i64>,
        limit: u32,
    ) -> Result<Vec<(i64, serde_json::Value)>, StoreError> {
        Ok(self.lock().records_before(chat, span, before, limit))
    }

    async fn history(&self, c: &ChatId, v: Option<Variant>, n: u32) -> Res<Vec<PlayedMatch>> {
        Ok(self.lock().history(c, v, n))
    }

    async fn pair_scoreboard(&self, c: &ChatId, s: Option<u32>, v: Option<Variant>) -> Res<Pairs> {
        Ok(self.lock().pair_lines(c, s, v))
    }

    async fn set_message_ref(
        &self,
        table_id: i64,
        audience: &str,
        message: &str,
    ) -> Result<(), StoreError> {
        let mut g = self.lock();
        if !g.snapshots.contains_key(&table_id) {
            return Err(StoreError::NotFound(table_id));
        }
        g.refs.insert((table_id, audience.to_owned()), message.to_owned());
        Ok(())
    }

    async fn message_refs(&self, table_id: i64) -> Result<Vec<(String, String)>, StoreError> {
        let g = self.lock();
        Ok(g.refs
            .range((table_id, String::new())..)
            .take_while(|((t, _), _)| *t == table_id)
            .map(|((_, a), m)| (a.clone(), m.clone()))
            .collect())
    }

    async fn last_record(&self, chat: &ChatId) -> Result<Option<serde_json::Value>, StoreError> {
        Ok(self.lock().records.get(chat).cloned())
    }

    async fn season_records(
        &self,
        chat: &ChatId,
        span: Span,
        limit: u32,
    ) -> Result<Vec<serde_json::Value>, StoreError> {
        Ok(self.lock().season_records(chat, span, limit))
    }

    async fn move_chat(&self, from: &ChatId, to: &ChatId) -> Result<u32, StoreError> {
        if from == to {
            return Ok(0);
        }
        Ok(self.lock().move_chat(from, to))
    }

    async fn touched_since(&self, since: Millis) -> Result<Touched, StoreError> {
        Ok(self.lock().touched_since(since))
    }

    async fn claim(
        &self,
        ids: &[i64],
        owner: &str,
        now: Millis,
        until: Millis,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(self.lock().claim(ids, owner, now, until))
    }

    async fn create_tournament(&self, doc: &mut super::TournamentDoc) -> Result<(), StoreError> {
        self.lock().create_tournament(doc);
        Ok(())
    }

    async fn save_tournament(&self, doc: &super::TournamentDoc) -> Result<(), StoreError> {
        self.lock().save_tournament(doc)
    }

    async fn tournament(&self, id: i64) -> Result<Option<super::TournamentDoc>, StoreError> {
        Ok(self.lock().tournaments.get(&id).cloned())
    }

    async fn tournaments(
        &self,
        chat: Option<&ChatId>,
        open: bool,
    ) -> Result<Vec<super::TournamentDoc>, StoreError> {
        Ok(self.lock().tournaments_of(chat, open))
    }

    async fn due_tournaments(&self, now: Millis, limit: u32) -> Result<Vec<i64>, StoreError> {
        Ok(self.lock().due_tournaments(now, limit))
    }

    async fn set_tournament_due(&self, id: i64, due: Option<Millis>) -> Result<(), StoreError> {
        self.lock().set_tournament_due(id, due)
    }
}
