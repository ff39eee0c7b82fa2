//! The state of one table in one chat: lobby, seats, the match in play, timers.

use super::clock::{ClockRule, Clocks};
use super::game::Game;
use crate::engine::game::Match;
use crate::engine::rules::Rules;
use crate::ids::{ChatId, Lang, Millis, Person, UserId};
use serde::{Deserialize, Serialize};

/// How strong a computer player is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    Random,
    #[default]
    Greedy,
    Expert,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Random, BotLevel::Greedy, BotLevel::Expert];

    pub const fn key(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Greedy => "greedy",
            BotLevel::Expert => "expert",
        }
    }

    pub fn from_key(s: &str) -> Option<BotLevel> {
        BotLevel::ALL.into_iter().find(|l| l.key() == s)
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    Human(Person),
    Bot(BotLevel),
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub occupant: Occupant,
    /// A computer player moves for this person until they come back.
    #[serde(default)]
    pub away: bool,
    /// Turn deadlines missed in a row.
    #[serde(default)]
    pub misses: u8,
    /// The person who held this seat in the match in play and left it («Leave»): the
    /// occupant is now the computer at the table's level, to the match's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<Person>,
    /// Moves the computer chose for this seat's person in the match in play (while they were
    /// away or out of time); a turn timer's move is the person's own. Decides how the match
    /// counts for them (`standings::MatchSummary::of`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stood_in: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Seat {
    pub fn human(person: Person) -> Seat {
        Seat { occupant: Occupant::Human(person), away: false, misses: 0, left: None, stood_in: 0 }
    }

    pub fn bot(level: BotLevel) -> Seat {
        Seat { occupant: Occupant::Bot(level), away: false, misses: 0, left: None, stood_in: 0 }
    }

    pub fn person(&self) -> Option<&Person> {
        match &self.occupant {
            Occupant::Human(p) => Some(p),
            Occupant::Bot(_) => None,
        }
    }

    /// Whether the computer played any part of this seat for a person in the match in play:
    /// they left it, or it moved for them while they were away or out of time.
    pub fn relieved(&self) -> bool {
        self.left.is_some() || (self.stood_in > 0 && self.person().is_some())
    }

    /// Whether a computer player makes this seat's moves.
    pub fn is_automatic(&self) -> bool {
        self.away || matches!(self.occupant, Occupant::Bot(_))
    }
}

/// Why a table closed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// The host or a chat admin ended it.
    Ended,
    /// Seated players voted to end it.
    Voted,
    /// Everybody left the lobby.
    Empty,
    /// A duel challenge was declined.
    Declined,
    /// A duel challenge expired.
    Expired,
    /// Nobody started the lobby in time.
    LobbyExpired,
    /// A match without a timer waited on a person for too long; nothing was scored.
    Abandoned,
    /// The stored table could not be restored and was set aside.
    Broken,
    /// Every person at the match was away for `Lives::away_ms`; nothing was scored.
    Deserted,
    /// The match reached `bounds::MAX_ROUNDS` rounds undecided; nothing was scored.
    RoundLimit,
    /// The bot was removed from the table's chat; nothing was scored.
    LeftChat,
}

/// Where the table is in its life.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Seats are being filled.
    Lobby,
    /// A duel challenge waits for the named person.
    Challenge {
        invitee: Person,
        expires_at: Millis,
    },
    /// A match is in play.
    Playing,
    /// The match is decided; a rematch may start another.
    Finished,
    Closed {
        reason: CloseReason,
    },
}

impl Phase {
    pub fn is_open(&self) -> bool {
        !matches!(self, Phase::Closed { .. })
    }

    /// Something is under way (a lobby, a challenge, a match): the table lives in memory and
    /// is restored at start. A finished table waits in the store for a rematch.
    pub fn is_active(&self) -> bool {
        matches!(self, Phase::Lobby | Phase::Challenge { .. } | Phase::Playing)
    }
}

/// A pair's resignation proposed by `seat`, waiting for the partner until `expires_at`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResignVote {
    pub seat: u8,
    pub expires_at: Millis,
}

/// A paused match: since when, until when at most, and what the turn had left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paused {
    pub since: Millis,
    /// It resumes by itself then.
    pub until: Millis,
    /// The turn deadline's time left when it paused (the clock's is in its bank).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_left: Option<Millis>,
}

/// One table in one chat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table {
    /// Global id, given by the store.
    pub id: i64,
    pub chat: ChatId,
    /// Where in its chat the table lives, when not in the chat itself: a Telegram forum
    /// topic (`message_thread_id`) or a Discord thread (its channel id). Every message of the
    /// table goes there; settings and scoreboards stay the chat's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    /// The table's number within its chat (several tables per chat).
    pub number: u32,
    /// Bumped by every accepted command; buttons carry it.
    pub version: u64,
    pub rules: Rules,
    /// Seats at the table (2–4).
    pub size: u8,
    pub lang: Lang,
    /// Seconds a person has for a turn; `None` is no timer (office play).
    pub turn_secs: Option<u32>,
    pub bot_level: BotLevel,
    /// People may ask for the expert's hint on their hand (the chat's setting when the table
    /// opened; a later change of the setting does not reach a table already open).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// What the turn timer running out does (the chat's setting when the table opened).
    #[serde(default, skip_serializing_if = "super::TimeUp::is_default")]
    pub time_up: super::TimeUp,
    /// Opened in a chat of one (a private chat with the bot): only its host plays at it, with
    /// computers; nobody else is seated, by a link or otherwise, and no person is challenged.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    pub host: UserId,
    pub seats: Vec<Option<Seat>>,
    pub phase: Phase,
    pub game: Option<Game>,
    /// When the player to move runs out of time.
    pub deadline: Option<Millis>,
    /// The warning given this turn before its time runs out (`warn`); cleared as a turn begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warned: Option<super::warn::Warning>,
    /// The match clock (RULES.md §6), when the table plays with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRule>,
    /// The clock of the match in play: each side's bank, the running flag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Clocks>,
    /// Seats that voted to end the table.
    #[serde(default)]
    pub end_votes: Vec<u8>,
    /// A pair's resignation waiting for the partner's answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign_vote: Option<ResignVote>,
    /// Seats that voted to pause the match.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pause_votes: Vec<u8>,
    /// The match is paused: no clock, no turn timer, no move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused: Option<Paused>,
    /// The queue at the table («очередь», «на вылет»), when it keeps one (`session::queue`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<super::queue::Rotation>,
    /// People waiting in line for a seat, first first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queue: Vec<Person>,
    /// Matches finished at this table.
    #[serde(default)]
    pub matches_played: u32,
    /// Seed of this table, from which every match's seed is derived.
    pub seed: u64,
    pub created_at: Millis,
    /// When a person last did something here (`None` in tables stored before it was kept:
    /// their creation counts).
    #[serde(default)]
    pub active_at: Option<Millis>,
    /// The tournament fixture this table plays (`Table::fixture`): it plays that one match
    /// and nothing else (no rematch), and names it so a table opened but not yet recorded by
    /// its tournament is found again rather than opened twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixture: Option<super::fixture::FixtureOf>,
}

impl Table {
    /// The seat of a person, if seated.
    pub fn seat_of(&self, user: &UserId) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.as_ref().and_then(Seat::person).is_some_and(|p| &p.id == user))
    }

    pub fn is_full(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    pub fn humans(&self) -> impl Iterator<Item = (usize, &Person)> {
        self.seats.iter().enumerate().filter_map(|(i, s)| Some((i, s.as_ref()?.person()?)))
    }

    /// When a person last did something here.
    pub fn last_active(&self) -> Millis {
        self.active_at.unwrap_or(self.created_at)
    }

    /// The live match, when one is in play or just finished.
    pub fn live(&self) -> Option<&Match> {
        self.game.as_ref().map(|g| &g.live)
    }
}
