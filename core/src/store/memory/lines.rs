//! The in-memory store's bookkeeping under one lock: a finished match written into the lines
//! and ratings, the lines read back, and a chat's history moved to another chat id.

use super::Inner;
use crate::engine::rules::Variant;
use crate::session::Millis;
use crate::session::{ChatId, UserId};
use crate::store::{
    MatchSummary, PairRow, PlayedMatch, Rated, Rating, RatingChange, ScoreRow, Season, Span,
    in_history_order, rate, rated_in,
};
use std::collections::BTreeMap;

impl Inner {
    pub(super) fn current_season(&self, chat: &ChatId) -> Season {
        self.seasons
            .get(chat)
            .and_then(|s| s.last().cloned())
            .unwrap_or(Season { number: 1, started_at: 0 })
    }

    /// Starts the season after the current one, or (`after`: that one and the turn's due
    /// instant) after that one only if it is still the current one and began before the due
    /// instant.
    pub(super) fn start_season(
        &mut self,
        chat: &ChatId,
        after: Option<(u32, Millis)>,
        now: Millis,
    ) -> Option<Season> {
        let Season { number: current, started_at } = self.current_season(chat);
        if after.is_some_and(|(n, due)| n != current || started_at >= due) {
            return None;
        }
        let next = Season { number: current + 1, started_at: now };
        let list = self.seasons.entry(chat.clone()).or_default();
        if list.is_empty() {
            list.push(Season { number: 1, started_at: 0 });
        }
        list.push(next.clone());
        Some(next)
    }

    pub(super) fn rating_history(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Vec<RatingChange> {
        let changes = self.rating_changes.iter().filter(|(c, s, _, change)| {
            c == chat && *s == span.key() && variant.is_none_or(|v| v == change.rating.variant)
        });
        in_history_order(changes.map(|(_, _, id, change)| (*id, change.clone())).collect())
    }

    pub(super) fn ratings(
        &self,
        chat: &ChatId,
        span: Span,
        variant: Option<Variant>,
    ) -> Vec<Rating> {
        let mut out: Vec<Rating> = self
            .ratings
            .iter()
            .filter(|((c, s, v, _), _)| {
                c == chat && *s == span.key() && variant.is_none_or(|x| x == *v)
            })
            .map(|(_, r)| r.clone())
            .collect();
        out.sort_by(|a, b| (&a.who, a.variant).cmp(&(&b.who, b.variant)));
        out
    }

    /// `Store::season_records`: the chat's last `limit` records of the span, oldest first.
    pub(super) fn season_records(
        &self,
        chat: &ChatId,
        span: Span,
        limit: u32,
    ) -> Vec<serde_json::Value> {
        let of = |(c, m): &(ChatId, PlayedMatch)| {
            c == chat && (span.key() == 0 || m.season == span.key())
        };
        let found = self.played.iter().zip(&self.match_records).rev().filter(|(p, _)| of(p));
        let mut out: Vec<serde_json::Value> =
            found.take(limit as usize).map(|(_, r)| r.clone()).collect();
        out.reverse();
        out
    }

    pub(super) fn add_match(&mut self, m: &MatchSummary) {
        let season = self.current_season(&m.chat).number;
        let people_only = crate::store::people_only(m);
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
        // The match's id, as the SQL stores number their `matches` rows.
        let match_id = self.played.len() as i64 + 1;
        for span in [Span::Season(season), Span::AllTime] {
            let key = |who: &Rated| (m.chat.clone(), span.key(), m.variant, who.clone());
            let before: Vec<Rating> = rated_in(m)
                .into_iter()
                .map(|who| {
                    self.ratings.get(&key(&who)).cloned().unwrap_or(Rating::new(who, m.variant))
                })
                .collect();
            for r in rate(m, &before) {
                let change =
                    RatingChange { rating: r.clone(), table_id: m.table_id, at: m.finished_at };
                self.rating_changes.push((m.chat.clone(), span.key(), match_id, change));
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
        self.add_tally(&m.chat, &played, match_id);
        self.played.push((m.chat.clone(), played));
        self.match_records.push(m.record.clone());
        self.records.insert(m.chat.clone(), m.record.clone());
    }

    pub(super) fn lines(
        &self,
        computers: bool,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Vec<ScoreRow> {
        let season = season.unwrap_or_else(|| self.current_season(chat).number);
        let lines = if computers { &self.computer_players } else { &self.players };
        // Season-major keys: every season's lines come oldest first, as the SQL stores give them.
        let mut out: Vec<ScoreRow> = lines
            .iter()
            .filter(|((c, s, _, v), _)| {
                c == chat && (*s == season || season == 0) && variant.is_none_or(|x| x == *v)
            })
            .map(|(_, r)| r.clone())
            .collect();
        out.sort_by(|a, b| (&a.user, a.variant).cmp(&(&b.user, b.variant)));
        out
    }
}

impl Inner {
    /// `Store::history`: the chat's last `limit` matches, newest first.
    pub(super) fn history(
        &self,
        chat: &ChatId,
        variant: Option<Variant>,
        limit: u32,
    ) -> Vec<PlayedMatch> {
        self.played
            .iter()
            .rev()
            .filter(|(c, m)| c == chat && variant.is_none_or(|v| v == m.variant))
            .take(limit as usize)
            .map(|(_, m)| m.clone())
            .collect()
    }

    /// `Store::pair_scoreboard`.
    pub(super) fn pair_lines(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Vec<PairRow> {
        let season = season.unwrap_or_else(|| self.current_season(chat).number);
        let mut out: Vec<PairRow> = self
            .pairs
            .iter()
            .filter(|((c, s, _, v), _)| {
                c == chat && (*s == season || season == 0) && variant.is_none_or(|x| x == *v)
            })
            .map(|(_, r)| r.clone())
            .collect();
        out.sort_by(|a, b| (&a.users, a.variant).cmp(&(&b.users, b.variant)));
        out
    }

    /// `Store::move_chat` (one lock held: all or nothing).
    pub(super) fn move_chat(&mut self, from: &ChatId, to: &ChatId) -> u32 {
        let top = self.numbers.get(to).copied().unwrap_or(0);
        let mut moved = 0;
        for (&id, (_, _, snapshot)) in self.snapshots.iter_mut() {
            let v: serde_json::Value = serde_json::from_str(snapshot).unwrap_or_default();
            let chat: Option<ChatId> = serde_json::from_value(v["chat"].clone()).ok();
            if chat.as_ref() != Some(from) {
                continue;
            }
            let number = v["number"].as_u64().unwrap_or(0) as u32 + top;
            *snapshot = crate::store::moved_snapshot(snapshot, to, number);
            // Others see a moved table as they see a commit (`touched_since`).
            self.touched.insert(id, crate::store::codec::now_millis());
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
        // A change belongs to its match: it moves as it is.
        for (chat, ..) in &mut self.rating_changes {
            if chat == from {
                *chat = to.clone();
            }
        }
        for (chat, _) in &mut self.played {
            if chat == from {
                *chat = to.clone();
            }
        }
        // A chat's runs and first meetings cannot be added up: `to`'s are worked out again.
        self.tallies.remove(from);
        self.rebuild_tally(to);
        for doc in self.tournaments.values_mut().filter(|d| &d.chat == from) {
            doc.chat = to.clone();
        }
        if let Some(r) = self.records.remove(from) {
            self.records.entry(to.clone()).or_insert(r);
        }
        let keys: Vec<String> = self
            .meta
            .keys()
            .filter(|k| crate::store::moved_meta_key(k, from, to).is_some())
            .cloned()
            .collect();
        for key in keys {
            let value = self.meta.remove(&key).expect("listed");
            let moved = crate::store::moved_meta_key(&key, from, to).expect("a key of the chat");
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
