//! A chat's screen: what its web page shows (the `domino-web` crate draws it), read through
//! the [`Door`](super::Door) and nothing else. Read-only: nothing here changes a game.
//!
//! Every part is what a chat command shows, from the same code: the standings and their
//! chart are `/top`'s (`Chat::top_of`), a person's card `/me`'s (`Chat::card_of`), a
//! head-to-head `/vs`'s (`Chat::versus_of`), the tournament `/tournament`'s message, the
//! recent matches `/history`'s lines and their replays `/replay`'s GIFs (`Chat::replay_of`,
//! within the screen's own rate of replays). The tables in play (`tables`) are their public
//! views and pictures, as the chat sees them: never a hidden tile. The page's own words are
//! `words`.
//!
//! The door's methods are in `door.rs`; behind it, one method of the gate (`Ask` in, `Seen`
//! out), so that the door holds one type whatever the store.

mod door;
mod league;
mod tables;
mod words;
pub use words::{Words, words};

use crate::ids::{Lang, Person, UserId};

/// A chart of ratings over time as SVG (sharp at any size), and whose each line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    pub svg: String,
    /// «🔵 Анна · 🔴 Борис»: the chart's caption, as the chat's chart has it.
    pub caption: String,
}

/// Which standings: the current season's or all time's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Period {
    Season,
    AllTime,
}

/// The standings as `/top` (or `/top all`) gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// «Сезон 3» or «За всё время».
    pub head: String,
    /// `/top`'s standings, line for line.
    pub text: String,
    /// The leaders' ratings over the period (the game named, or the one played most).
    pub chart: Option<Chart>,
    /// The people the standings list, in their order (their cards a click away).
    pub people: Vec<Person>,
}

/// A person's card as `/me` gives it, with their rating over the season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub person: Person,
    pub text: String,
    pub chart: Option<Chart>,
}

/// A table in play, as the chat sees it: its public view's text (its picture is asked for
/// apart). Nothing of a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The table's number in its chat.
    pub number: u32,
    /// Its version: a page shows a newer one over an older.
    pub version: u64,
    /// A match is in play.
    pub playing: bool,
    /// The table's public message, as the chat reads it.
    pub text: String,
}

/// A recent match, as `/history` lists it, with the number `/replay` takes for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// 1: the latest.
    pub ago: u32,
    pub text: String,
}

/// The season's story so far, the running tournament and the recent matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct League {
    pub story: Option<String>,
    /// `/tournament`'s message: the current tournament's standings, schedule and results.
    pub tournament: Option<String>,
    pub played: Vec<Played>,
}

/// What a page asks of the chat (through the gate).
#[derive(Clone, Debug)]
pub(in crate::chat) enum Ask {
    Lang,
    Standings(Period),
    Card(UserId),
    Versus(UserId, UserId),
    Boards,
    Picture(u32),
    Stamp,
    TablesStamp,
    League,
    Replay(u32),
}

/// What it is given.
#[derive(Clone, Debug)]
pub(in crate::chat) enum Seen {
    Lang(Lang),
    Standings(Standings),
    Card(Option<Card>),
    Versus(Option<String>),
    Boards(Vec<Board>),
    Picture(Option<Vec<u8>>),
    Stamp(Stamp),
    TablesStamp(u64),
    League(League),
    Replay(Result<Vec<u8>, String>),
}

/// What changed on a chat's screen, cheaply known: a page polls it and fetches anew only
/// what moved on. Each is a hash of 53 bits, exact as a JavaScript number.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stamp {
    /// The chat's tables in play and their versions, hashed: moves by any process (a
    /// process sharing the store reads them within a timer round).
    pub tables: u64,
    /// The chat's newest finished match and its season, hashed: the standings, the story,
    /// the tournament and the recent matches follow it.
    pub league: u64,
}

/// The person whose rate the screen's replays are drawn within: one per chat, so that a page
/// left open cannot take more of the drawing permits than one person asking.
fn screen_asker(chat: &crate::ids::ChatId) -> UserId {
    UserId::new(chat.platform, format!("screen:{}", chat.id))
}

use super::Chat;
use crate::ids::ChatId;
use crate::store::{Store, StoreError};

impl<S: Store> Chat<S> {
    /// What a page asks of `chat`.
    pub(in crate::chat) async fn screen_ask(
        &self,
        chat: &ChatId,
        ask: Ask,
    ) -> Result<Seen, StoreError> {
        let lang = self.lang(chat).await;
        Ok(match ask {
            Ask::Lang => Seen::Lang(lang),
            Ask::Standings(period) => {
                Seen::Standings(self.screen_standings(chat, period, lang).await?)
            }
            Ask::Card(who) => Seen::Card(self.screen_card(chat, &who, lang).await?),
            Ask::Versus(a, b) => Seen::Versus(self.screen_versus(chat, (&a, &b), lang).await?),
            Ask::Boards => Seen::Boards(self.screen_boards(chat).await),
            Ask::Picture(number) => Seen::Picture(self.screen_picture(chat, number).await),
            Ask::Stamp => Seen::Stamp(self.screen_stamp(chat).await?),
            Ask::TablesStamp => Seen::TablesStamp(self.screen_tables_stamp(chat)),
            Ask::League => Seen::League(self.screen_league(chat, lang).await?),
            Ask::Replay(ago) if !crate::bounds::REPLAY_AGO.contains(u64::from(ago)) => {
                let bound = &crate::bounds::REPLAY_AGO;
                Seen::Replay(Err(format!("🎞 {}–{}", bound.min, bound.max)))
            }
            Ask::Replay(ago) => {
                let who = screen_asker(chat);
                let drawn = self.replay_of(chat, &who, (ago, None), lang).await?;
                Seen::Replay(drawn.map(|(gif, _)| gif))
            }
        })
    }
}
