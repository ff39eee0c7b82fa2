//! The in-memory store: for tests and `domino play`. Snapshots and events are kept as JSON, as
//! the SQLite store keeps them, so both read back the same way.

use super::codec::now_millis;
use super::{
    ChatSettings, Loaded, MatchSummary, PairRow, PlayedMatch, Rated, Rating, ScoreRow, Season,
    Span, Store, StoreError, Touched, loaded, rate, rated_in,
};
use crate::engine::rules::Variant;
use crate::session::{ChatId, Event, Millis, Table, UserId};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

mod shared;

#[derive(Default)]
struct Inner {
    next_id: i64,
    snapshots: BTreeMap<i64, (u64, bool, String)>,
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
    played: Vec<(ChatId, PlayedMatch)>,
    records: HashMap<ChatId, serde_json::Value>,
    refs: BTreeMap<(i64, String), String>,
    meta: BTreeMap<String, String>,
    /// When each table was last created or committed (the store's clock).
    touched: BTreeMap<i64, Millis>,
    /// Who holds each table's due work, until when.
    leases: HashMap<i64, (String, Millis)>,
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

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn parse<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, StoreError> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(e.to_string()))
}

impl Inner {
    fn current_season(&self, chat: &ChatId) -> Season {
        self.seasons
            .get(chat)
            .and_then(|s| s.last().cloned())
            .unwrap_or(Season { number: 1, started_at: 0 })
    }

    fn add_match(&mut self, m: &MatchSummary) {
        let season = self.current_season(&m.chat).number;
        let people_only = super::people_only(m);
        for p in &m.players {
            let Some(user) = &p.user else { continue };
            let key = (m.chat.clone(), season, user.clone(), m.variant);
            let lines = if people_only { &mut self.players } else { &mut self.computer_players };
            let row = lines.entry(key).or_insert_with(|| ScoreRow {
                user: user.clone(),
                name: p.name.clone(),
                variant: m.variant,
                matches: 0,
                wins: 0,
                goats: 0,
                rounds: 0,
                points_for: 0,
                points_against: 0,
            });
            row.name = p.name.clone();
            row.matches += 1;
            row.wins += p.won as u32;
            row.goats += p.goat as u32;
            row.rounds += m.rounds;
            row.points_for += p.points_for as u64;
            row.points_against += p.points_against as u64;
        }
        for [a, b] in m.partner_pairs().into_iter().filter(|_| people_only) {
            let users = [a.user.clone().expect("a person"), b.user.clone().expect("a person")];
            let names = [a.name.clone(), b.name.clone()];
            let key = (m.chat.clone(), season, users.clone(), m.variant);
            let row = self.pairs.entry(key).or_insert_with(|| PairRow {
                users,
                names: names.clone(),
                variant: m.variant,
                matches: 0,
                wins: 0,
                goats: 0,
            });
            row.names = names;
            row.matches += 1;
            row.wins += a.won as u32;
            row.goats += a.goat as u32;
        }
        for span in [Span::Season(season), Span::AllTime] {
            let key = |who: &Rated| (m.chat.clone(), span.key(), m.variant, who.clone());
            let before: Vec<Rating> = rated_in(m)
                .into_iter()
                .map(|who| {
                    self.ratings.get(&key(&who)).cloned().unwrap_or(Rating::new(who, m.variant))
                })
                .collect();
            for r in rate(m, &before) {
                self.ratings.insert(key(&r.who), r);
            }
        }
        let played = PlayedMatch {
            table_id: m.table_id,
            season,
            variant: m.variant,
            pairs: m.pairs,
            rounds: m.rounds,
            finished_at: m.finished_at,
            players: m.players.clone(),
        };
        self.played.push((m.chat.clone(), played));
        self.records.insert(m.chat.clone(), m.record.clone());
    }

    fn lines(
        &self,
        computers: bool,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Vec<ScoreRow> {
        let season = season.unwrap_or_else(|| self.current_season(chat).number);
        let lines = if computers { &self.computer_players } else { &self.players };
        lines
            .iter()
            .filter(|((c, s, _, v), _)| {
                c == chat && *s == season && variant.is_none_or(|x| x == *v)
            })
            .map(|(_, r)| r.clone())
            .collect()
    }
}

impl Inner {
    /// `Store::move_chat` (one lock held: all or nothing).
    fn move_chat(&mut self, from: &ChatId, to: &ChatId) -> u32 {
        let top = self.numbers.get(to).copied().unwrap_or(0);
        let mut moved = 0;
        for (_, _, snapshot) in self.snapshots.values_mut() {
            let v: serde_json::Value = serde_json::from_str(snapshot).unwrap_or_default();
            let chat: Option<ChatId> = serde_json::from_value(v["chat"].clone()).ok();
            if chat.as_ref() != Some(from) {
                continue;
            }
            let number = v["number"].as_u64().unwrap_or(0) as u32 + top;
            *snapshot = super::moved_snapshot(snapshot, to, number);
            moved += 1;
        }
        if let Some(n) = self.numbers.remove(from) {
            self.numbers.insert(to.clone(), n + top);
        }
        if let Some(s) = self.settings.remove(from) {
            self.settings.insert(to.clone(), s);
        }
        if let Some(list) = self.seasons.remove(from) {
            let theirs = self.seasons.entry(to.clone()).or_default();
            for s in list {
                if !theirs.iter().any(|t| t.number == s.number) {
                    theirs.push(s);
                }
            }
            theirs.sort_by_key(|s| s.number);
        }
        move_lines(&mut self.players, from, to);
        let pairs: Vec<_> = self.pairs.keys().filter(|k| &k.0 == from).cloned().collect();
        for key in pairs {
            let row = self.pairs.remove(&key).expect("listed");
            let (_, season, users, variant) = key;
            let into = self
                .pairs
                .entry((to.clone(), season, users, variant))
                .or_insert_with(|| PairRow { matches: 0, wins: 0, goats: 0, ..row.clone() });
            into.matches += row.matches;
            into.wins += row.wins;
            into.goats += row.goats;
        }
        move_lines(&mut self.computer_players, from, to);
        // A rating cannot be added up: the new id's own stands, the rest move.
        let rated: Vec<_> = self.ratings.keys().filter(|k| &k.0 == from).cloned().collect();
        for key in rated {
            let rating = self.ratings.remove(&key).expect("listed");
            let (_, season, variant, whose) = key;
            self.ratings.entry((to.clone(), season, variant, whose)).or_insert(rating);
        }
        for (chat, _) in &mut self.played {
            if chat == from {
                *chat = to.clone();
            }
        }
        if let Some(r) = self.records.remove(from) {
            self.records.entry(to.clone()).or_insert(r);
        }
        let keys: Vec<String> = self
            .meta
            .keys()
            .filter(|k| super::moved_meta_key(k, from, to).is_some())
            .cloned()
            .collect();
        for key in keys {
            let value = self.meta.remove(&key).expect("listed");
            let moved = super::moved_meta_key(&key, from, to).expect("a key of the chat");
            self.meta.insert(moved, value);
        }
        moved
    }
}

/// Player lines of `from` moved to `to`, added to the lines `to` already has.
fn move_lines(
    lines: &mut BTreeMap<(ChatId, u32, UserId, Variant), ScoreRow>,
    from: &ChatId,
    to: &ChatId,
) {
    let keys: Vec<_> = lines.keys().filter(|k| &k.0 == from).cloned().collect();
    for key in keys {
        let row = lines.remove(&key).expect("listed");
        let (_, season, user, variant) = key;
        let into = lines.entry((to.clone(), season, user, variant)).or_insert_with(|| ScoreRow {
            matches: 0,
            wins: 0,
            goats: 0,
            rounds: 0,
            points_for: 0,
            points_against: 0,
            ..row.clone()
        });
        into.matches += row.matches;
        into.wins += row.wins;
        into.goats += row.goats;
        into.rounds += row.rounds;
        into.points_for += row.points_for;
        into.points_against += row.points_against;
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
        let snapshot = json(table)?;
        let evs = events
            .iter()
            .map(|e| Ok((table.version, json(e)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        g.snapshots.insert(table.id, (table.version, table.phase.is_active(), snapshot));
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
        let snapshot = json(table)?;
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
        g.snapshots.insert(table.id, (table.version, table.phase.is_active(), snapshot));
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
        g.snapshots.get(&id).map(|(_, _, s)| parse(s)).transpose()
    }

    async fn load_open(&self) -> Result<Vec<Loaded>, StoreError> {
        let g = self.lock();
        let open = g.snapshots.iter().filter(|(_, (_, open, _))| *open);
        Ok(open.map(|(&id, (_, _, s))| loaded(id, s)).collect())
    }

    async fn set_aside(&self, id: i64) -> Result<(), StoreError> {
        let mut g = self.lock();
        let row = g.snapshots.get_mut(&id).ok_or(StoreError::NotFound(id))?;
        row.1 = false;
        g.touched.insert(id, now_millis());
        Ok(())
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

    async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, StoreError> {
        let g = self.lock();
        let mut best: Option<Table> = None;
        for (_, _, s) in g.snapshots.values() {
            let Ok(t) = parse::<Table>(s) else { continue };
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
        let mut g = self.lock();
        let next = Season { number: g.current_season(chat).number + 1, started_at: now };
        let list = g.seasons.entry(chat.clone()).or_default();
        if list.is_empty() {
            list.push(Season { number: 1, started_at: 0 });
        }
        list.push(next.clone());
        Ok(next)
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
        let g = self.lock();
        let mut out: Vec<Rating> = g
            .ratings
            .iter()
            .filter(|((c, s, v, _), _)| {
                c == chat && *s == span.key() && variant.is_none_or(|x| x == *v)
            })
            .map(|(_, r)| r.clone())
            .collect();
        out.sort_by(|a, b| (&a.who, a.variant).cmp(&(&b.who, b.variant)));
        Ok(out)
    }

    async fn history(
        &self,
        chat: &ChatId,
        variant: Option<Variant>,
        limit: u32,
    ) -> Result<Vec<PlayedMatch>, StoreError> {
        let g = self.lock();
        Ok(g.played
            .iter()
            .rev()
            .filter(|(c, m)| c == chat && variant.is_none_or(|v| v == m.variant))
            .take(limit as usize)
            .map(|(_, m)| m.clone())
            .collect())
    }

    async fn pair_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<PairRow>, StoreError> {
        let g = self.lock();
        let season = season.unwrap_or_else(|| g.current_season(chat).number);
        Ok(g.pairs
            .iter()
            .filter(|((c, s, _, v), _)| {
                c == chat && *s == season && variant.is_none_or(|x| x == *v)
            })
            .map(|(_, r)| r.clone())
            .collect())
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
}
