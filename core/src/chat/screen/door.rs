//! The screen through the door: what a page may read of a chat, typed. Each is one ask of
//! the gate (`Chat::screen`); an unreachable store is [`Unavailable`].

use super::{Ask, Board, Card, League, Period, Seen, Stamp, Standings};
use crate::chat::{Door, Unavailable};
use crate::ids::{ChatId, Lang, UserId};

/// An answer of the wrong kind: a bug in `Chat::screen`, never a user's doing.
fn mismatch(seen: Seen) -> Unavailable {
    Unavailable(format!("the screen answered out of turn: {seen:?}"))
}

macro_rules! ask {
    ($door:expr, $chat:expr, $ask:expr, $kind:ident) => {
        match $door.0.screen_read($chat, $ask).await? {
            Seen::$kind(v) => Ok(v),
            other => Err(mismatch(other)),
        }
    };
}

impl Door {
    /// The chat's language (its settings): the language of its screen.
    pub async fn screen_lang(&self, chat: &ChatId) -> Result<Lang, Unavailable> {
        ask!(self, chat, Ask::Lang, Lang)
    }

    /// The standings as `/top` (season) or `/top all` (all time) gives them, with the chart
    /// as SVG and the people they list.
    pub async fn screen_standings(
        &self,
        chat: &ChatId,
        period: Period,
    ) -> Result<Standings, Unavailable> {
        ask!(self, chat, Ask::Standings(period), Standings)
    }

    /// A person's card as `/me` gives it (`None`: nobody the chat's standings list).
    pub async fn screen_card(
        &self,
        chat: &ChatId,
        who: &UserId,
    ) -> Result<Option<Card>, Unavailable> {
        ask!(self, chat, Ask::Card(who.clone()), Card)
    }

    /// `first`'s head-to-head with `second` as `/vs` gives it (`None`: one of them is not in
    /// the chat's standings, or they are one person).
    pub async fn screen_versus(
        &self,
        chat: &ChatId,
        first: &UserId,
        second: &UserId,
    ) -> Result<Option<String>, Unavailable> {
        ask!(self, chat, Ask::Versus(first.clone(), second.clone()), Versus)
    }

    /// The chat's tables in play, each as its public message reads.
    pub async fn screen_boards(&self, chat: &ChatId) -> Result<Vec<Board>, Unavailable> {
        ask!(self, chat, Ask::Boards, Boards)
    }

    /// The picture (PNG) of the chat's table `number` in play, as the chat's is drawn.
    pub async fn screen_picture(
        &self,
        chat: &ChatId,
        number: u32,
    ) -> Result<Option<Vec<u8>>, Unavailable> {
        ask!(self, chat, Ask::Picture(number), Picture)
    }

    /// What changed on the chat's screen: its tables (from memory) and its league (one row
    /// read from the store).
    pub async fn screen_stamp(&self, chat: &ChatId) -> Result<Stamp, Unavailable> {
        ask!(self, chat, Ask::Stamp, Stamp)
    }

    /// [`Stamp::tables`] alone, from memory: what a live page polls.
    pub async fn screen_tables_stamp(&self, chat: &ChatId) -> Result<u64, Unavailable> {
        ask!(self, chat, Ask::TablesStamp, TablesStamp)
    }

    /// The season's story so far, the tournament and the recent matches.
    pub async fn screen_league(&self, chat: &ChatId) -> Result<League, Unavailable> {
        ask!(self, chat, Ask::League, League)
    }

    /// The GIF `/replay N` sends for the chat's `ago`th latest match (or why not, in the
    /// chat's words), within the screen's own rate of replays.
    pub async fn screen_replay(
        &self,
        chat: &ChatId,
        ago: u32,
    ) -> Result<Result<Vec<u8>, String>, Unavailable> {
        ask!(self, chat, Ask::Replay(ago), Replay)
    }
}
