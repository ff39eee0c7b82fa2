//! The tallies `/me` and `/vs` read, in the PostgreSQL store: added to by the commit that records a
//! finished match, in its transaction; a chat's worked out again from its matches (a page at a
//! time) when its history moved, or once after the migration that made them (`tally_due`).

use super::super::codec::{MeetingRow, chat_key, meeting_of, parse, to_u32, to_variant};
use super::super::{MatchSummary, StoreError, SummaryPlayer};
use super::{ChatLock, PgStore, lock_chat};
use crate::engine::rules::Variant;
use crate::session::{ChatId, UserId};
use crate::standings::{ChatTally, MatchTally, Meeting, PersonTally, Record, Runs};
use sqlx::PgConnection;
use sqlx::postgres::PgPool;

/// Matches read at once when a chat's tallies are worked out again.
const PAGE: i64 = 500;

/// Adds the finished match `m`, the `matches` row `id`, to its chat's tallies.
pub(super) async fn add(
    conn: &mut PgConnection,
    m: &MatchSummary,
    id: i64,
) -> Result<(), StoreError> {
    // After the `matches` row is written: a rebuild holding the lock reads the match, or the
    // match is added after it (see `PgStore::tallies_due`).
    lock_chat(conn, ChatLock::Tallies, &m.chat).await?;
    let chat = chat_key(&m.chat);
    let tally = MatchTally::of(m.variant, &m.players, id);
    for (who, record) in &tally.people {
        put_record(conn, chat, who, m.variant, *record).await?;
        let runs = runs_of(conn, chat, who).await?.after(record.wins > 0);
        put_runs(conn, chat, who, runs).await?;
    }
    for (who, meeting) in &tally.meetings {
        put_meeting(conn, chat, who, meeting).await?;
    }
    Ok(())
}

/// Works the chat's tallies out again from its matches, replacing what was kept.
pub(super) async fn rebuild(conn: &mut PgConnection, chat: (&str, &str)) -> Result<(), StoreError> {
    for table in ["tally_people", "tally_runs", "tally_meetings"] {
        let sql = format!("DELETE FROM {table} WHERE chat_platform = $1 AND chat_id = $2");
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(chat.0).bind(chat.1).execute(&mut *conn).await?;
    }
    let mut tally = ChatTally::default();
    let mut after = 0;
    loop {
        let rows: Vec<(i64, String, String)> = sqlx::query_as(
            "SELECT id, variant, players FROM matches
             WHERE chat_platform = $1 AND chat_id = $2 AND id > $3 ORDER BY id LIMIT $4",
        )
        .bind(chat.0)
        .bind(chat.1)
        .bind(after)
        .bind(PAGE)
        .fetch_all(&mut *conn)
        .await?;
        let Some((last, _, _)) = rows.last() else { break };
        after = *last;
        for (id, variant, players) in rows {
            let players: Vec<SummaryPlayer> =
                if players.is_empty() { Vec::new() } else { parse(&players)? };
            tally.add(&MatchTally::of(to_variant(&variant)?, &players, id));
        }
    }
    for ((who, variant), record) in &tally.records {
        put_record(conn, chat, who, *variant, *record).await?;
    }
    for (who, runs) in &tally.runs {
        put_runs(conn, chat, who, *runs).await?;
    }
    for ((who, _, _), meeting) in &tally.meetings {
        put_meeting(conn, chat, who, meeting).await?;
    }
    Ok(())
}

impl PgStore {
    /// Works out the tallies of every chat still due (`tally_due`), one transaction a chat:
    /// processes opening at once share them out (a due row is taken by one), and each holds
    /// the chat's tallies lock, so a match finishing meanwhile is added after it, or before.
    pub(super) async fn tallies_due(&self) -> Result<(), StoreError> {
        loop {
            let mut tx = self.pool.begin().await?;
            let due: Option<(String, String)> = sqlx::query_as(
                "SELECT chat_platform, chat_id FROM tally_due LIMIT 1 FOR UPDATE SKIP LOCKED",
            )
            .fetch_optional(&mut *tx)
            .await?;
            let Some((platform, id)) = due else { return Ok(tx.rollback().await?) };
            let chat = ChatId::new(chat_of(&platform)?, id.clone());
            lock_chat(&mut tx, ChatLock::Tallies, &chat).await?;
            rebuild(&mut tx, (&platform, &id)).await?;
            sqlx::query("DELETE FROM tally_due WHERE chat_platform = $1 AND chat_id = $2")
                .bind(&platform)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            tracing::info!(%chat, "tallies worked out from the matches");
        }
    }
}

fn chat_of(platform: &str) -> Result<crate::session::Platform, StoreError> {
    crate::session::Platform::from_key(platform)
        .ok_or_else(|| StoreError::Corrupt(format!("platform {platform:?}")))
}

/// One person's tallies.
pub(super) async fn person(
    pool: &PgPool,
    chat: &ChatId,
    who: &UserId,
) -> Result<PersonTally, StoreError> {
    type Line = (String, i64, i64, i64);
    let (platform, id) = chat_key(chat);
    let lines: Vec<Line> = sqlx::query_as(
        "SELECT variant, matches, wins, goats FROM tally_people
         WHERE chat_platform = $1 AND chat_id = $2 AND user_platform = $3 AND user_id = $4",
    )
    .bind(platform)
    .bind(id)
    .bind(who.platform.key())
    .bind(&who.id)
    .fetch_all(pool)
    .await?;
    let games = lines
        .into_iter()
        .map(|(v, matches, wins, goats)| {
            let record =
                Record { matches: to_u32(matches)?, wins: to_u32(wins)?, goats: to_u32(goats)? };
            Ok((to_variant(&v)?, record))
        })
        .collect::<Result<_, StoreError>>()?;
    let mut conn = pool.acquire().await?;
    let runs = runs_of(&mut conn, (platform, id), who).await?;
    let rows: Vec<MeetingRow> = sqlx::query_as(
        "SELECT other_platform, other_id, variant, other_name, first_match, first_seat,
            opposed, first_ahead, second_ahead, first_goats, second_goats, together,
            together_won, together_goats
         FROM tally_meetings
         WHERE chat_platform = $1 AND chat_id = $2 AND user_platform = $3 AND user_id = $4",
    )
    .bind(platform)
    .bind(id)
    .bind(who.platform.key())
    .bind(&who.id)
    .fetch_all(&mut *conn)
    .await?;
    let meetings = rows.into_iter().map(meeting_of).collect::<Result<_, StoreError>>()?;
    Ok(PersonTally { games, runs, meetings })
}

async fn runs_of(
    conn: &mut PgConnection,
    (platform, id): (&str, &str),
    who: &UserId,
) -> Result<Runs, StoreError> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT run, best FROM tally_runs
         WHERE chat_platform = $1 AND chat_id = $2 AND user_platform = $3 AND user_id = $4",
    )
    .bind(platform)
    .bind(id)
    .bind(who.platform.key())
    .bind(&who.id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some((run, best)) => Runs { run: to_u32(run)?, best: to_u32(best)? },
        None => Runs::default(),
    })
}

/// Adds `record` to the person's line of `variant`.
async fn put_record(
    conn: &mut PgConnection,
    (platform, id): (&str, &str),
    who: &UserId,
    variant: Variant,
    r: Record,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tally_people AS t (chat_platform, chat_id, user_platform, user_id, variant,
            matches, wins, goats)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (chat_platform, chat_id, user_platform, user_id, variant) DO UPDATE SET
            matches = t.matches + excluded.matches, wins = t.wins + excluded.wins,
            goats = t.goats + excluded.goats",
    )
    .bind(platform)
    .bind(id)
    .bind(who.platform.key())
    .bind(&who.id)
    .bind(variant.key())
    .bind(i64::from(r.matches))
    .bind(i64::from(r.wins))
    .bind(i64::from(r.goats))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Sets the person's runs.
async fn put_runs(
    conn: &mut PgConnection,
    (platform, id): (&str, &str),
    who: &UserId,
    runs: Runs,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tally_runs (chat_platform, chat_id, user_platform, user_id, run, best)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (chat_platform, chat_id, user_platform, user_id) DO UPDATE SET
            run = excluded.run, best = excluded.best",
    )
    .bind(platform)
    .bind(id)
    .bind(who.platform.key())
    .bind(&who.id)
    .bind(i64::from(runs.run))
    .bind(i64::from(runs.best))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Adds a meeting's counts to the person's row of it; its name and first place are those of
/// the row's first write.
async fn put_meeting(
    conn: &mut PgConnection,
    (platform, id): (&str, &str),
    who: &UserId,
    m: &Meeting,
) -> Result<(), StoreError> {
    let h = m.with;
    sqlx::query(
        "INSERT INTO tally_meetings AS t (chat_platform, chat_id, user_platform, user_id,
            other_platform, other_id, variant, other_name, first_match, first_seat, opposed,
            first_ahead, second_ahead, first_goats, second_goats, together, together_won,
            together_goats)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         ON CONFLICT (chat_platform, chat_id, user_platform, user_id, other_platform, other_id,
            variant) DO UPDATE SET
            opposed = t.opposed + excluded.opposed,
            first_ahead = t.first_ahead + excluded.first_ahead,
            second_ahead = t.second_ahead + excluded.second_ahead,
            first_goats = t.first_goats + excluded.first_goats,
            second_goats = t.second_goats + excluded.second_goats,
            together = t.together + excluded.together,
            together_won = t.together_won + excluded.together_won,
            together_goats = t.together_goats + excluded.together_goats",
    )
    .bind(platform)
    .bind(id)
    .bind(who.platform.key())
    .bind(&who.id)
    .bind(m.other.platform.key())
    .bind(&m.other.id)
    .bind(m.variant.key())
    .bind(&m.name)
    .bind(m.first.0)
    .bind(i64::from(m.first.1))
    .bind(i64::from(h.opposed))
    .bind(i64::from(h.first_ahead))
    .bind(i64::from(h.second_ahead))
    .bind(i64::from(h.first_goats))
    .bind(i64::from(h.second_goats))
    .bind(i64::from(h.together))
    .bind(i64::from(h.together_won))
    .bind(i64::from(h.together_goats))
    .execute(&mut *conn)
    .await?;
    Ok(())
}
