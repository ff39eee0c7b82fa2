//! Chat tournaments as the store keeps them: the state machine (`standings::tournament`) as
//! JSON, with the chat it runs in, who made it and a version bumped by every accepted command
//! (a save on any other version is [`StoreError::TournamentConflict`], from any process).

use super::StoreError;
use super::codec::{chat_key, corrupt, json, parse, to_u64, user};
use crate::ids::{ChatId, Platform, UserId};
use crate::standings::tournament::{State, Tournament};

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentDoc {
    pub chat: ChatId,
    /// 0 when created; each save is the stored version plus one.
    pub version: u64,
    /// Who made it: they (and the chat's admins) may start it.
    pub creator: UserId,
    pub tournament: Tournament,
}

impl TournamentDoc {
    /// Not closed yet.
    pub fn open(&self) -> bool {
        !matches!(self.tournament.state, State::Closed { .. })
    }
}

/// The `due_at` column of `doc`: when the service next has work on it
/// (`Tournament::due_at`), `NEVER` once closed.
pub(super) fn due_key(doc: &TournamentDoc) -> i64 {
    doc.tournament.due_at().unwrap_or(NEVER)
}

/// `due_at` of a tournament with no work to come.
pub(super) const NEVER: i64 = i64::MAX;

/// Tournaments a timer round drives at most (the most overdue first); the rest wait a round.
pub const DUE_PER_ROUND: u32 = 64;

/// A row as both SQL backends read it: (id, chat platform, chat id, version, creator platform,
/// creator id, doc).
pub(super) type Row = (i64, String, String, i64, String, String, String);

/// The columns a row is read from, in [`Row`]'s order.
pub(super) const COLUMNS: &str =
    "id, chat_platform, chat_id, version, creator_platform, creator_id, doc";

pub(super) fn from_row(row: Row) -> Result<TournamentDoc, StoreError> {
    let (id, platform, chat, version, creator_platform, creator_id, doc) = row;
    let platform = Platform::from_key(&platform).ok_or_else(|| corrupt(platform.clone()))?;
    let mut tournament: Tournament = parse(&doc)?;
    tournament.id = id;
    Ok(TournamentDoc {
        chat: ChatId::new(platform, chat),
        version: to_u64(version)?,
        creator: user(&creator_platform, creator_id)?,
        tournament,
    })
}

/// What a row is written from: (chat platform, chat id, creator platform, creator id, doc).
pub(super) fn to_row(
    doc: &TournamentDoc,
) -> Result<(&'static str, &str, &'static str, &str, String), StoreError> {
    let (platform, chat) = chat_key(&doc.chat);
    Ok((platform, chat, doc.creator.platform.key(), &doc.creator.id, json(&doc.tournament)?))
}
