//! Seasons, scoreboards and finished matches in PostgreSQL.

use super::super::codec::{chat_key, json, to_u32, to_u64, to_variant, user};
use super::super::{MatchSummary, PairRow, ScoreRow, Season, StoreError};
use super::{ChatLock, lock_chat};
use crate::engine::rules::Variant;
use crate::session::{ChatId, Millis};
use sqlx::{PgConnection, PgPool};

/// A chat's lines of one season (0: of every season, oldest first) from `player_stats` or
/// `computer_stats`.
macro_rules! lines_sql {
    ($table:literal) => {
        concat!(
            "SELECT user_platform, user_id, name, variant, matches, wins, goats, rounds, points_for, points_against
             FROM ", $table, "
             WHERE chat_platform = $1 AND chat_id = $2 AND (season = $3 OR $3 = 0)
               AND ($4::TEXT IS NULL OR variant = $4)
             ORDER BY season"
        )
    };
}

/// Adds a match to a person's line in `player_stats` or `computer_stats`.
macro_rules! add_line_sql {
    ($table:literal) => {
        concat!(
            "INSERT INTO ", $table, " AS s (chat_platform, chat_id, season, variant, user_platform, user_id,
                name, matches, wins, goats, rounds, points_for, points_against)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11, $12)
             ON CONFLICT (chat_platform, chat_id, season, variant, user_platform, user_id) DO UPDATE SET
                name = excluded.name, matches = s.matches + 1, wins = s.wins + excluded.wins,
                goats = s.goats + excluded.goats, rounds = s.rounds + excluded.rounds,
                points_for = s.points_for + excluded.points_for,
                points_against = s.points_against + excluded.points_against"
        )
    };
}

/// The chat's current season, on any connection or inside a transaction.
pub(super) async fn current_season(
    conn: &mut PgConnection,
    chat: &ChatId,
) -> Result<Season, StoreError> {
    let (platform, id) = chat_key(chat);
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT number, started_at FROM seasons WHERE chat_platform = $1 AND chat_id = $2
         ORDER BY number DESC LIMIT 1",
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

/// Starts the season after the chat's current one, or (`after`: that one and the turn's due
/// instant) after that one only if it is still the current one and began before the due
/// instant. Serialized per chat with `new_season`; across processes the seasons' primary key
/// alone lets one of two starting the same season through.
pub(super) async fn start_season(
    pool: &PgPool,
    chat: &ChatId,
    after: Option<(u32, Millis)>,
    now: Millis,
) -> Result<Option<Season>, StoreError> {
    let (platform, id) = chat_key(chat);
    let mut tx = pool.begin().await?;
    lock_chat(&mut tx, ChatLock::Seasons, chat).await?;
    // Season 1 is implicit until a second one starts: written down first.
    sqlx::query(
        "INSERT INTO seasons (chat_platform, chat_id, number, started_at) VALUES ($1, $2, 1, 0)
         ON CONFLICT DO NOTHING",
    )
    .bind(platform)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let started: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO seasons (chat_platform, chat_id, number, started_at)
         SELECT $1, $2, s.number + 1, $3
         FROM (SELECT number, started_at FROM seasons WHERE chat_platform = $1 AND chat_id = $2
               ORDER BY number DESC LIMIT 1) AS s
         WHERE $4::BIGINT IS NULL OR (s.number = $4 AND s.started_at < $5)
         ON CONFLICT DO NOTHING
         RETURNING number",
    )
    .bind(platform)
    .bind(id)
    .bind(now)
    .bind(after.map(|(n, _)| i64::from(n)))
    .bind(after.map(|(_, due)| due))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((number,)) = started else {
        tx.rollback().await?;
        return Ok(None);
    };
    tx.commit().await?;
    Ok(Some(Season { number: to_u32(number)?, started_at: now }))
}

/// Adds a finished match to the current season's scoreboards, as the other stores do: a line
/// per person (computer players have none), a line per pair of partners who are both people,
/// and the match itself.
pub(super) async fn add_match(conn: &mut PgConnection, m: &MatchSummary) -> Result<(), StoreError> {
    let season = i64::from(current_season(conn, &m.chat).await?.number);
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
            .bind(i64::from(p.won))
            .bind(i64::from(p.goat))
            .bind(i64::from(m.rounds))
            .bind(i64::from(p.points_for))
            .bind(i64::from(p.points_against))
            .execute(&mut *conn)
            .await?;
    }
    for [a, b] in m.partner_pairs().into_iter().filter(|_| people_only) {
        let (ua, ub) = (a.user.as_ref().expect("a person"), b.user.as_ref().expect("a person"));
        sqlx::query(
            "INSERT INTO pair_stats AS s (chat_platform, chat_id, season, variant, user1_platform, user1_id,
                user2_platform, user2_id, name1, name2, matches, wins, goats)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $12)
             ON CONFLICT (chat_platform, chat_id, season, variant, user1_platform, user1_id, user2_platform, user2_id)
             DO UPDATE SET name1 = excluded.name1, name2 = excluded.name2, matches = s.matches + 1,
                wins = s.wins + excluded.wins, goats = s.goats + excluded.goats",
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
        .bind(i64::from(a.won))
        .bind(i64::from(a.goat))
        .execute(&mut *conn)
        .await?;
    }
    let (match_id,): (i64,) = sqlx::query_as(
        "INSERT INTO matches (chat_platform, chat_id, season, table_id, variant, pairs, rounds, finished_at, record, players)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
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
    .fetch_one(&mut *conn)
    .await?;
    super::tallies::add(conn, m, match_id).await?;
    super::standings::rate_match(conn, m, season, match_id).await
}

pub(super) async fn scoreboard(
    computers: bool,
    pool: &PgPool,
    chat: &ChatId,
    season: i64,
    variant: Option<Variant>,
) -> Result<Vec<ScoreRow>, StoreError> {
    type Row = (String, String, String, String, i64, i64, i64, i64, i64, i64);
    let (platform, id) = chat_key(chat);
    let rows: Vec<Row> = sqlx::query_as(if computers {
        lines_sql!("computer_stats")
    } else {
        lines_sql!("player_stats")
    })
    .bind(platform)
    .bind(id)
    .bind(season)
    .bind(variant.map(Variant::key))
    .fetch_all(pool)
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

pub(super) async fn pair_scoreboard(
    pool: &PgPool,
    chat: &ChatId,
    season: i64,
    variant: Option<Variant>,
) -> Result<Vec<PairRow>, StoreError> {
    type Row = (String, String, String, String, String, String, String, i64, i64, i64);
    let (platform, id) = chat_key(chat);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT user1_platform, user1_id, user2_platform, user2_id, name1, name2, variant, matches, wins, goats
         FROM pair_stats
         WHERE chat_platform = $1 AND chat_id = $2 AND (season = $3 OR $3 = 0)
               AND ($4::TEXT IS NULL OR variant = $4)
             ORDER BY season",
    )
    .bind(platform)
    .bind(id)
    .bind(season)
    .bind(variant.map(Variant::key))
    .fetch_all(pool)
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
