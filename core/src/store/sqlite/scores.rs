//! The scoreboards of the SQLite store: seasons, players' and pairs' lines, finished matches
//! and their records.

use super::super::codec::{chat_key, json, parse, to_u32, to_u64, to_variant, user};
use super::super::{MatchSummary, PairRow, ScoreRow, Season, StoreError};
use super::SqliteStore;
use crate::engine::rules::Variant;
use crate::session::{ChatId, Millis};
use sqlx::{Sqlite, Transaction};

/// A chat's lines of one season (0: of every season, oldest first) from `player_stats` or
/// `computer_stats`.
macro_rules! lines_sql {
    ($table:literal) => {
        concat!(
            "SELECT user_platform, user_id, name, variant, matches, wins, goats, rounds, points_for, points_against
             FROM ", $table, "
             WHERE chat_platform = ?1 AND chat_id = ?2 AND (season = ?3 OR ?3 = 0)
               AND (?4 IS NULL OR variant = ?4)
             ORDER BY season"
        )
    };
}

/// Adds a match to a person's line in `player_stats` or `computer_stats`.
macro_rules! add_line_sql {
    ($table:literal) => {
        concat!(
            "INSERT INTO ", $table, " (chat_platform, chat_id, season, variant, user_platform, user_id, name,
                matches, wins, goats, rounds, points_for, points_against)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8, ?9, ?10, ?11, ?12)
             ON CONFLICT (chat_platform, chat_id, season, variant, user_platform, user_id) DO UPDATE SET
                name = excluded.name, matches = matches + 1, wins = wins + excluded.wins,
                goats = goats + excluded.goats, rounds = rounds + excluded.rounds,
                points_for = points_for + excluded.points_for,
                points_against = points_against + excluded.points_against"
        )
    };
}

impl SqliteStore {
    pub(super) async fn scores_season(&self, chat: &ChatId) -> Result<Season, StoreError> {
        let mut conn = self.pool.acquire().await?;
        current_season(&mut conn, chat).await
    }

    /// Starts the season after the current one, or (`after`: that one and the turn's due
    /// instant) after that one only if it is still the current one and began before the due
    /// instant; the write lock keeps anyone from starting one meanwhile.
    pub(super) async fn scores_start_season(
        &self,
        chat: &ChatId,
        after: Option<(u32, Millis)>,
        now: Millis,
    ) -> Result<Option<Season>, StoreError> {
        let (platform, id) = chat_key(chat);
        let mut w = self.write().await?;
        // Season 1 is implicit until a second one starts: write it down first.
        sqlx::query("INSERT OR IGNORE INTO seasons (chat_platform, chat_id, number, started_at) VALUES (?1, ?2, 1, 0)")
            .bind(platform)
            .bind(id)
            .execute(&mut *w.tx)
            .await?;
        let started: Option<(i64,)> = sqlx::query_as(
            "INSERT INTO seasons (chat_platform, chat_id, number, started_at)
             SELECT ?1, ?2, number + 1, ?3
             FROM (SELECT number, started_at FROM seasons WHERE chat_platform = ?1 AND chat_id = ?2
                   ORDER BY number DESC LIMIT 1)
             WHERE ?4 IS NULL OR (number = ?4 AND started_at < ?5)
             RETURNING number",
        )
        .bind(platform)
        .bind(id)
        .bind(now)
        .bind(after.map(|(n, _)| i64::from(n)))
        .bind(after.map(|(_, due)| due))
        .fetch_optional(&mut *w.tx)
        .await?;
        let Some((number,)) = started else {
            w.tx.rollback().await?;
            return Ok(None);
        };
        w.tx.commit().await?;
        Ok(Some(Season { number: to_u32(number)?, started_at: now }))
    }

    pub(super) async fn scores_scoreboard(
        &self,
        computers: bool,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<ScoreRow>, StoreError> {
        type Row = (String, String, String, String, i64, i64, i64, i64, i64, i64);
        let (platform, id) = chat_key(chat);
        let sql = if computers { lines_sql!("computer_stats") } else { lines_sql!("player_stats") };
        let rows: Vec<Row> = sqlx::query_as(sql)
            .bind(platform)
            .bind(id)
            .bind(self.season_or_current(chat, season).await?)
            .bind(variant.map(Variant::key))
            .fetch_all(&self.pool)
            .await?;
        let mut out = rows
            .into_iter()
            .map(|(up, uid, name, variant, matches, wins, goats, rounds, pf, pa)| {
                Ok(ScoreRow {
                    user: user(&up, uid)?,
                    name,
                    variant: to_variant(&variant)?,
                    matches: to_u32(matches)?,
                    wins: to_u32(wins)?,
                    goats: to_u32(goats)?,
                    rounds: to_u32(rounds)?,
                    points_for: to_u64(pf)?,
                    points_against: to_u64(pa)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        out.sort_by(|a, b| (&a.user, a.variant).cmp(&(&b.user, b.variant)));
        Ok(out)
    }

    pub(super) async fn scores_pair_scoreboard(
        &self,
        chat: &ChatId,
        season: Option<u32>,
        variant: Option<Variant>,
    ) -> Result<Vec<PairRow>, StoreError> {
        type Row = (String, String, String, String, String, String, String, i64, i64, i64);
        let (platform, id) = chat_key(chat);
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT user1_platform, user1_id, user2_platform, user2_id, name1, name2, variant, matches, wins, goats
             FROM pair_stats
             WHERE chat_platform = ?1 AND chat_id = ?2 AND (season = ?3 OR ?3 = 0)
               AND (?4 IS NULL OR variant = ?4)
             ORDER BY season",
        )
        .bind(platform)
        .bind(id)
        .bind(self.season_or_current(chat, season).await?)
        .bind(variant.map(Variant::key))
        .fetch_all(&self.pool)
        .await?;
        let mut out = rows
            .into_iter()
            .map(|(p1, id1, p2, id2, name1, name2, variant, matches, wins, goats)| {
                Ok(PairRow {
                    users: [user(&p1, id1)?, user(&p2, id2)?],
                    names: [name1, name2],
                    variant: to_variant(&variant)?,
                    matches: to_u32(matches)?,
                    wins: to_u32(wins)?,
                    goats: to_u32(goats)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        out.sort_by(|a, b| (&a.users, a.variant).cmp(&(&b.users, b.variant)));
        Ok(out)
    }

    pub(super) async fn scores_last_record(
        &self,
        chat: &ChatId,
    ) -> Result<Option<serde_json::Value>, StoreError> {
        let (platform, id) = chat_key(chat);
        let row: Option<(String,)> = sqlx::query_as(
            "SELECT record FROM matches WHERE chat_platform = ?1 AND chat_id = ?2 ORDER BY id DESC LIMIT 1",
        )
        .bind(platform)
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|(r,)| parse(&r)).transpose()
    }
}

impl SqliteStore {
    async fn season_or_current(
        &self,
        chat: &ChatId,
        season: Option<u32>,
    ) -> Result<i64, StoreError> {
        match season {
            Some(s) => Ok(s.into()),
            None => Ok(self.scores_season(chat).await?.number.into()),
        }
    }
}

/// The chat's current season, on any connection or inside a transaction.
pub(super) async fn current_season(
    conn: &mut sqlx::SqliteConnection,
    chat: &ChatId,
) -> Result<Season, StoreError> {
    let (platform, id) = chat_key(chat);
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT number, started_at FROM seasons WHERE chat_platform = ?1 AND chat_id = ?2 ORDER BY number DESC LIMIT 1",
    )
    .bind(platform)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some((number, started_at)) => Season { number: to_u32(number)?, started_at },
        None => Season { number: 1, started_at: 0 },
    })
}

/// Adds a finished match to the current season's scoreboards, as [`super::MemoryStore`] does:
/// a line per person (computer players have none), a line per pair of partners who are both
/// people, and the match itself.
pub(super) async fn add_match(
    tx: &mut Transaction<'static, Sqlite>,
    m: &MatchSummary,
) -> Result<(), StoreError> {
    let season = i64::from(current_season(tx, &m.chat).await?.number);
    let (platform, chat) = chat_key(&m.chat);
    let people_only = super::super::people_only(m);
    let lines =
        if people_only { add_line_sql!("player_stats") } else { add_line_sql!("computer_stats") };
    for p in &m.players {
        let Some(user) = &p.user else { continue };
        sqlx::query(lines)
            .bind(platform)
            .bind(chat)
            .bind(season)
            .bind(m.variant.key())
            .bind(user.platform.key())
            .bind(&user.id)
            .bind(&p.name)
            .bind(p.won)
            .bind(p.goat)
            .bind(i64::from(m.rounds))
            .bind(i64::from(p.points_for))
            .bind(i64::from(p.points_against))
            .execute(&mut **tx)
            .await?;
    }
    for [a, b] in m.partner_pairs().into_iter().filter(|_| people_only) {
        let (ua, ub) = (a.user.as_ref().expect("a person"), b.user.as_ref().expect("a person"));
        sqlx::query(
            "INSERT INTO pair_stats (chat_platform, chat_id, season, variant, user1_platform, user1_id,
                user2_platform, user2_id, name1, name2, matches, wins, goats)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11, ?12)
             ON CONFLICT (chat_platform, chat_id, season, variant, user1_platform, user1_id, user2_platform, user2_id)
             DO UPDATE SET name1 = excluded.name1, name2 = excluded.name2, matches = matches + 1,
                wins = wins + excluded.wins, goats = goats + excluded.goats",
        )
        .bind(platform)
        .bind(chat)
        .bind(season)
        .bind(m.variant.key())
        .bind(ua.platform.key())
        .bind(&ua.id)
        .bind(ub.platform.key())
        .bind(&ub.id)
        .bind(&a.name)
        .bind(&b.name)
        .bind(a.won)
        .bind(a.goat)
        .execute(&mut **tx)
        .await?;
    }
    let (match_id,): (i64,) = sqlx::query_as(
        "INSERT INTO matches (chat_platform, chat_id, season, table_id, variant, pairs, rounds, finished_at, record, players)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) RETURNING id",
    )
    .bind(platform)
    .bind(chat)
    .bind(season)
    .bind(m.table_id)
    .bind(m.variant.key())
    .bind(m.pairs)
    .bind(i64::from(m.rounds))
    .bind(m.finished_at)
    .bind(json(&m.record)?)
    .bind(json(&m.players)?)
    .fetch_one(&mut **tx)
    .await?;
    super::tallies::add(tx, m, match_id).await?;
    super::standings::rate_match(tx, m, season, match_id).await
}
