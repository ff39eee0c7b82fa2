//! Row values shared by the SQL backends: chat and user keys, checked integer conversions, a
//! tally meeting's row, and the serde JSON text that snapshots, events, settings and records
//! are stored as.

use super::StoreError;
use crate::engine::rules::Variant;
use crate::session::{ChatId, Millis, Platform, UserId};
use crate::standings::{HeadToHead, Meeting};
use std::time::{SystemTime, UNIX_EPOCH};

pub(super) fn chat_key(chat: &ChatId) -> (&'static str, &str) {
    (chat.platform.key(), &chat.id)
}

pub(super) fn user(platform: &str, id: String) -> Result<UserId, StoreError> {
    let platform =
        Platform::from_key(platform).ok_or_else(|| corrupt(format!("platform {platform:?}")))?;
    Ok(UserId { platform, id })
}

pub(super) fn to_variant(s: &str) -> Result<Variant, StoreError> {
    s.parse().map_err(|_| corrupt(format!("variant {s:?}")))
}

pub(super) fn to_u32(v: i64) -> Result<u32, StoreError> {
    u32::try_from(v).map_err(|_| corrupt(format!("{v} out of range")))
}

pub(super) fn to_u64(v: i64) -> Result<u64, StoreError> {
    u64::try_from(v).map_err(|_| corrupt(format!("{v} out of range")))
}

pub(super) fn corrupt(what: String) -> StoreError {
    StoreError::Corrupt(what)
}

pub(super) fn json<T: serde::Serialize + ?Sized>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub(super) fn parse<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, StoreError> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub(in crate::store) fn now_millis() -> Millis {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as Millis)
}

/// The rows `(id, version, open)` of tables touched since a moment, read at the store's `now`,
/// as `Store::touched_since` answers (both SQL backends).
pub(in crate::store) fn touched(
    now: Millis,
    rows: Vec<(i64, i64, bool)>,
) -> Result<super::Touched, StoreError> {
    let tables = rows
        .into_iter()
        .map(|(id, version, open)| Ok(super::Stamp { id, version: to_u64(version)?, open }))
        .collect::<Result<_, StoreError>>()?;
    Ok(super::Touched { now, tables })
}

/// A row of `tally_meetings`: the other, the game, the name, where first met, then the eight
/// counts in [`HeadToHead`]'s order.
pub(super) type MeetingRow =
    (String, String, String, String, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64);

pub(super) fn meeting_of(row: MeetingRow) -> Result<Meeting, StoreError> {
    let (op, oid, v, name, at, seat, a, b, c, d, e, f, g, h) = row;
    let n: Vec<u32> = [a, b, c, d, e, f, g, h].into_iter().map(to_u32).collect::<Result<_, _>>()?;
    Ok(Meeting {
        other: user(&op, oid)?,
        name,
        first: (at, to_u32(seat)?),
        variant: to_variant(&v)?,
        with: HeadToHead {
            opposed: n[0],
            first_ahead: n[1],
            second_ahead: n[2],
            first_goats: n[3],
            second_goats: n[4],
            together: n[5],
            together_won: n[6],
            together_goats: n[7],
        },
    })
}
