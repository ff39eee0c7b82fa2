//! Ratings, their changes and the match history in PostgreSQL: ratings are read and written,
//! and their changes kept, inside the transaction of the commit that finished the match (so a
//! refused commit changes none).

use super::super::codec::{chat_key, parse, to_u32, to_variant, user};
use super::super::{
    MatchSummary, PlayedMatch, Rated, Rating, RatingChange, Span, StoreError, in_history_order,
    rate, rated_in,
};
use crate::engine::rules::Variant;
use crate::session::{ChatId, UserId};
use sqlx::PgConnection;
use sqlx::postgres::PgPool;

/// The two users of a rating's key (a person's second is empty).
fn key_users(who: &Rated) -> [(&'static str, &str); 2] {
    match who {
        Rated::Player(u) => [(u.platform.key(), &u.id), ("", "")],
        Rated::Pair([a, b]) => [(a.platform.key(), &a.id), (b.platform.key(), &b.id)],
    }
}

fn rated_of(p1: &str, id1: String, p2: &str, id2: String) -> Result<Rated, StoreError> {
    let first: UserId = user(p1, id1)?;
    Ok(if p2.is_empty() { Rated::Player(first) } else { Rated::Pair([first, user(p2, id2)?]) })
}

/// Updates the ratings a person-only match (the `matches` row `match_id`) changes, for its
/// season and for all time, and keeps each change.
pub(super) async fn rate_match(
    conn: &mut PgConnection,
    m: &MatchSummary,
    season: i64,
    match_id: i64,
) -> Result<(), StoreError> {
    let rated = rated_in(m);
    if rated.is_empty() {
        return Ok(());
    }
    // Read, rated and written with the chat's ratings locked: two matches finishing at once
    // in one chat are rated one after the other.
    super::lock_chat(conn, super::ChatLock::Ratings, &m.chat).await?;
    let (platform, chat) = chat_key(&m.chat);
    for span in [season, 0] {
        let mut before = Vec::with_capacity(rated.len());
        for who in &rated {
            let [(p1, id1), (p2, id2)] = key_users(who);
            let row: Option<(f64, f64, i64)> = sqlx::query_as(
                "SELECT mu, sigma, matches FROM ratings WHERE chat_platform = $1 AND chat_id = $2
                 AND season = $3 AND variant = $4 AND user1_platform = $5 AND user1_id = $6
                 AND user2_platform = $7 AND user2_id = $8",
            )
            .bind(platform)
            .bind(chat)
            .bind(span)
            .bind(m.variant.key())
            .bind(p1)
            .bind(id1)
            .bind(p2)
            .bind(id2)
            .fetch_optional(&mut *conn)
            .await?;
            let mut r = Rating::new(who.clone(), m.variant);
            if let Some((mu, sigma, matches)) = row {
                (r.mu, r.sigma, r.matches) = (mu, sigma, to_u32(matches)?);
            }
            before.push(r);
        }
        for r in rate(m, &before) {
            let [(p1, id1), (p2, id2)] = key_users(&r.who);
            sqlx::query(
                "INSERT INTO ratings (chat_platform, chat_id, season, variant, user1_platform, user1_id,
                    user2_platform, user2_id, mu, sigma, matches)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                 ON CONFLICT (chat_platform, chat_id, season, variant, user1_platform, user1_id,
                    user2_platform, user2_id)
                 DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches",
            )
            .bind(platform)
            .bind(chat)
            .bind(span)
            .bind(m.variant.key())
            .bind(p1)
            .bind(id1)
            .bind(p2)
            .bind(id2)
            .bind(r.mu)
            .bind(r.sigma)
            .bind(i64::from(r.matches))
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "INSERT INTO rating_changes (match_id, season, user1_platform, user1_id,
                    user2_platform, user2_id, chat_platform, chat_id, variant, table_id, at, mu,
                    sigma, matches)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
            )
            .bind(match_id)
            .bind(span)
            .bind(p1)
            .bind(id1)
            .bind(p2)
            .bind(id2)
            .bind(platform)
            .bind(chat)
            .bind(m.variant.key())
            .bind(m.table_id)
            .bind(m.finished_at)
            .bind(r.mu)
            .bind(r.sigma)
            .bind(i64::from(r.matches))
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

pub(super) async fn rating_history(
    pool: &PgPool,
    chat: &ChatId,
    span: Span,
    variant: Option<Variant>,
) -> Result<Vec<RatingChange>, StoreError> {
    type Row = (i64, i64, i64, String, String, String, String, String, f64, f64, i64);
    let (platform, id) = chat_key(chat);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT match_id, table_id, at, variant, user1_platform, user1_id, user2_platform,
            user2_id, mu, sigma, matches
         FROM rating_changes
         WHERE chat_platform = $1 AND chat_id = $2 AND season = $3
           AND ($4::TEXT IS NULL OR variant = $4)
         ORDER BY at, match_id",
    )
    .bind(platform)
    .bind(id)
    .bind(i64::from(span.key()))
    .bind(variant.map(Variant::key))
    .fetch_all(pool)
    .await?;
    let changes = rows
        .into_iter()
        .map(|(match_id, table_id, at, variant, p1, id1, p2, id2, mu, sigma, matches)| {
            let rating = Rating {
                who: rated_of(&p1, id1, &p2, id2)?,
                variant: to_variant(&variant)?,
                mu,
                sigma,
                matches: to_u32(matches)?,
            };
            Ok((match_id, RatingChange { rating, table_id, at }))
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(in_history_order(changes))
}

pub(super) async fn ratings(
    pool: &PgPool,
    chat: &ChatId,
    span: Span,
    variant: Option<Variant>,
) -> Result<Vec<Rating>, StoreError> {
    type Row = (String, String, String, String, String, f64, f64, i64);
    let (platform, id) = chat_key(chat);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT variant, user1_platform, user1_id, user2_platform, user2_id, mu, sigma, matches
         FROM ratings
         WHERE chat_platform = $1 AND chat_id = $2 AND season = $3 AND ($4::TEXT IS NULL OR variant = $4)",
    )
    .bind(platform)
    .bind(id)
    .bind(i64::from(span.key()))
    .bind(variant.map(Variant::key))
    .fetch_all(pool)
    .await?;
    let mut out = rows
        .into_iter()
        .map(|(variant, p1, id1, p2, id2, mu, sigma, matches)| {
            Ok(Rating {
                who: rated_of(&p1, id1, &p2, id2)?,
                variant: to_variant(&variant)?,
                mu,
                sigma,
                matches: to_u32(matches)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    out.sort_by(|a, b| (&a.who, a.variant).cmp(&(&b.who, b.variant)));
    Ok(out)
}

pub(super) async fn history(
    pool: &PgPool,
    chat: &ChatId,
    variant: Option<Variant>,
    limit: u32,
) -> Result<Vec<PlayedMatch>, StoreError> {
    type Row = (i64, i64, String, bool, i64, i64, String);
    let (platform, id) = chat_key(chat);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT table_id, season, variant, pairs, rounds, finished_at, players FROM matches
         WHERE chat_platform = $1 AND chat_id = $2 AND ($3::TEXT IS NULL OR variant = $3)
         ORDER BY id DESC LIMIT $4",
    )
    .bind(platform)
    .bind(id)
    .bind(variant.map(Variant::key))
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|(table_id, season, variant, pairs, rounds, finished_at, players)| {
            Ok(PlayedMatch {
                table_id,
                season: to_u32(season)?,
                variant: to_variant(&variant)?,
                pairs,
                rounds: to_u32(rounds)?,
                finished_at,
                players: if players.is_empty() { Vec::new() } else { parse(&players)? },
            })
        })
        .collect()
}

/// `Store::season_records`: the last `limit` records of the chat's matches in `span`, oldest
/// first.
pub(super) async fn records(
    pool: &PgPool,
    chat: &ChatId,
    span: Span,
    limit: u32,
) -> Result<Vec<serde_json::Value>, StoreError> {
    let (platform, id) = chat_key(chat);
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT record FROM matches
         WHERE chat_platform = $1 AND chat_id = $2 AND ($3 = 0 OR season = $3)
         ORDER BY id DESC LIMIT $4",
    )
    .bind(platform)
    .bind(id)
    .bind(i64::from(span.key()))
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await?;
    rows.iter().rev().map(|(r,)| parse(r)).collect()
}

/// `Store::last_record`.
pub(super) async fn last_record(
    pool: &PgPool,
    chat: &ChatId,
) -> Result<Option<serde_json::Value>, StoreError> {
    let (platform, id) = chat_key(chat);
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT record FROM matches WHERE chat_platform = $1 AND chat_id = $2 ORDER BY id DESC LIMIT 1",
    )
    .bind(platform)
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.map(|(r,)| parse(&r)).transpose()
}

/// `Store::records_before`: a page of the chat's records in `span`, newest first, keyed by
/// their `matches` row.
pub(super) async fn records_before(
    pool: &PgPool,
    chat: &ChatId,
    span: Span,
    before: Option<i64>,
    limit: u32,
) -> Result<Vec<(i64, serde_json::Value)>, StoreError> {
    let (platform, id) = chat_key(chat);
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT id, record FROM matches
         WHERE chat_platform = $1 AND chat_id = $2 AND ($3 = 0 OR season = $3)
           AND ($4::BIGINT IS NULL OR id < $4)
         ORDER BY id DESC LIMIT $5",
    )
    .bind(platform)
    .bind(id)
    .bind(i64::from(span.key()))
    .bind(before)
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await?;
    rows.iter().map(|(key, r)| Ok((*key, parse(r)?))).collect()
}
