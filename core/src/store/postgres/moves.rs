//! `Store::move_chat` in PostgreSQL: every row of one chat moved to another chat id in one
//! transaction, both chats locked (see the trait for what moves and how).

use super::super::codec::{chat_key, to_u32};
use super::super::{StoreError, moved_meta_key, moved_snapshot};
use super::{ChatLock, PgStore, db_now_ms, lock_chat};
use crate::session::ChatId;

/// Statements taking ($1, $2) the chat moved from and ($3, $4) the chat moved to, in order.
const MOVES: &[&str] = &[
    // Settings: the moved chat's replace the new id's.
    "DELETE FROM chat_settings WHERE chat_platform = $3 AND chat_id = $4
     AND EXISTS (SELECT 1 FROM chat_settings WHERE chat_platform = $1 AND chat_id = $2)",
    "UPDATE chat_settings SET chat_platform = $3, chat_id = $4
     WHERE chat_platform = $1 AND chat_id = $2",
    "INSERT INTO seasons (chat_platform, chat_id, number, started_at)
     SELECT $3, $4, number, started_at FROM seasons WHERE chat_platform = $1 AND chat_id = $2
     ON CONFLICT DO NOTHING",
    "DELETE FROM seasons WHERE chat_platform = $1 AND chat_id = $2 AND $3 = $3 AND $4 = $4",
    "INSERT INTO player_stats (chat_platform, chat_id, season, variant, user_platform, user_id,
         name, matches, wins, goats, rounds, points_for, points_against)
     SELECT $3, $4, season, variant, user_platform, user_id, name, matches, wins, goats, rounds,
         points_for, points_against
     FROM player_stats WHERE chat_platform = $1 AND chat_id = $2
     ON CONFLICT (chat_platform, chat_id, season, variant, user_platform, user_id) DO UPDATE SET
         matches = player_stats.matches + excluded.matches,
         wins = player_stats.wins + excluded.wins,
         goats = player_stats.goats + excluded.goats,
         rounds = player_stats.rounds + excluded.rounds,
         points_for = player_stats.points_for + excluded.points_for,
         points_against = player_stats.points_against + excluded.points_against",
    "DELETE FROM player_stats WHERE chat_platform = $1 AND chat_id = $2 AND $3 = $3 AND $4 = $4",
    "INSERT INTO pair_stats (chat_platform, chat_id, season, variant, user1_platform, user1_id,
         user2_platform, user2_id, name1, name2, matches, wins, goats)
     SELECT $3, $4, season, variant, user1_platform, user1_id, user2_platform, user2_id,
         name1, name2, matches, wins, goats
     FROM pair_stats WHERE chat_platform = $1 AND chat_id = $2
     ON CONFLICT (chat_platform, chat_id, season, variant, user1_platform, user1_id,
         user2_platform, user2_id) DO UPDATE SET
         matches = pair_stats.matches + excluded.matches,
         wins = pair_stats.wins + excluded.wins,
         goats = pair_stats.goats + excluded.goats",
    "DELETE FROM pair_stats WHERE chat_platform = $1 AND chat_id = $2 AND $3 = $3 AND $4 = $4",
    "UPDATE matches SET chat_platform = $3, chat_id = $4 WHERE chat_platform = $1 AND chat_id = $2",
    "INSERT INTO computer_stats (chat_platform, chat_id, season, variant, user_platform, user_id,
         name, matches, wins, goats, rounds, points_for, points_against)
     SELECT $3, $4, season, variant, user_platform, user_id, name, matches, wins, goats, rounds,
         points_for, points_against
     FROM computer_stats WHERE chat_platform = $1 AND chat_id = $2
     ON CONFLICT (chat_platform, chat_id, season, variant, user_platform, user_id) DO UPDATE SET
         matches = computer_stats.matches + excluded.matches,
         wins = computer_stats.wins + excluded.wins,
         goats = computer_stats.goats + excluded.goats,
         rounds = computer_stats.rounds + excluded.rounds,
         points_for = computer_stats.points_for + excluded.points_for,
         points_against = computer_stats.points_against + excluded.points_against",
    "DELETE FROM computer_stats WHERE chat_platform = $1 AND chat_id = $2 AND $3 = $3 AND $4 = $4",
    // A rating cannot be added up: the new id's own stands, the rest move.
    "INSERT INTO ratings (chat_platform, chat_id, season, variant, user1_platform, user1_id,
         user2_platform, user2_id, mu, sigma, matches)
     SELECT $3, $4, season, variant, user1_platform, user1_id, user2_platform, user2_id, mu,
         sigma, matches
     FROM ratings WHERE chat_platform = $1 AND chat_id = $2
     ON CONFLICT DO NOTHING",
    "DELETE FROM ratings WHERE chat_platform = $1 AND chat_id = $2 AND $3 = $3 AND $4 = $4",
    // A rating change belongs to its match (never another chat's): it moves as it is.
    "UPDATE rating_changes SET chat_platform = $3, chat_id = $4
     WHERE chat_platform = $1 AND chat_id = $2",
    "UPDATE tournaments SET chat_platform = $3, chat_id = $4
     WHERE chat_platform = $1 AND chat_id = $2",
];

impl PgStore {
    pub(super) async fn chat_move(&self, from: &ChatId, to: &ChatId) -> Result<u32, StoreError> {
        if from == to {
            return Ok(0);
        }
        let ((fp, fc), (tp, tc)) = (chat_key(from), chat_key(to));
        let mut tx = self.pool.begin().await?;
        // Both chats' numbering, seasons and settings, in one order whoever moves what.
        let mut chats = [from, to];
        chats.sort();
        for lock in [ChatLock::Numbers, ChatLock::Seasons, ChatLock::Settings] {
            for chat in chats {
                lock_chat(&mut tx, lock, chat).await?;
            }
        }
        let (top,): (i64,) = sqlx::query_as(
            "SELECT COALESCE(MAX(number), 0) FROM tables WHERE chat_platform = $1 AND chat_id = $2",
        )
        .bind(tp)
        .bind(tc)
        .fetch_one(&mut *tx)
        .await?;
        let rows: Vec<(i64, i64, String)> = sqlx::query_as(
            "SELECT id, number, snapshot FROM tables WHERE chat_platform = $1 AND chat_id = $2",
        )
        .bind(fp)
        .bind(fc)
        .fetch_all(&mut *tx)
        .await?;
        for (id, number, snapshot) in &rows {
            let number = number + top;
            // `updated_at` too: other processes see a moved table as they see a commit.
            sqlx::query(concat!(
                "UPDATE tables SET chat_platform = $1, chat_id = $2, number = $3, snapshot = $4,
                 updated_at = ",
                db_now_ms!(),
                " WHERE id = $5"
            ))
            .bind(tp)
            .bind(tc)
            .bind(number)
            .bind(moved_snapshot(snapshot, to, to_u32(number)?))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        for &sql in MOVES {
            sqlx::query(sql).bind(fp).bind(fc).bind(tp).bind(tc).execute(&mut *tx).await?;
        }
        // Runs and first meetings cannot be added up: `to`'s are worked out again, both
        // chats' tallies locked (after every row above, as a commit takes it after its own).
        for chat in chats {
            lock_chat(&mut tx, ChatLock::Tallies, chat).await?;
        }
        super::tallies::rebuild(&mut tx, (fp, fc)).await?;
        super::tallies::rebuild(&mut tx, (tp, tc)).await?;
        let suffix = format!(":{from}");
        let keys: Vec<(String, String)> = sqlx::query_as(
            "SELECT key, value FROM meta WHERE substr(key, length(key) - length($1) + 1) = $1",
        )
        .bind(&suffix)
        .fetch_all(&mut *tx)
        .await?;
        for (key, value) in keys {
            let Some(moved) = moved_meta_key(&key, from, to) else { continue };
            sqlx::query(
                "INSERT INTO meta (key, value) VALUES ($1, $2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            )
            .bind(moved)
            .bind(value)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM meta WHERE key = $1").bind(key).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(rows.len() as u32)
    }
}
