//! Per-chat advisory locks: what numbers a chat's tables, its seasons, its settings and its
//! ratings is serialized per chat with a transaction-scoped `pg_advisory_xact_lock`.

use super::super::StoreError;
use crate::session::ChatId;
use sqlx::PgConnection;

/// What an advisory lock serializes, per chat (the first key of `pg_advisory_xact_lock`).
#[derive(Clone, Copy)]
pub(super) enum ChatLock {
    /// Numbering a chat's new tables.
    Numbers = 1,
    Seasons = 2,
    Settings = 3,
    /// Reading and writing a chat's ratings when a match finishes.
    Ratings = 4,
    /// A chat's tallies (`/me`, `/vs`): a finished match added, or all worked out again.
    Tallies = 5,
}

/// Holds `lock` for `chat` until the transaction ends.
pub(super) async fn lock_chat(
    conn: &mut PgConnection,
    lock: ChatLock,
    chat: &ChatId,
) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
        .bind(lock as i32)
        .bind(format!("{}:{}", chat.platform.key(), chat.id))
        .execute(&mut *conn)
        .await?;
    Ok(())
}
