//! What people (and the service) ask of a table, and why a request is refused.

use super::table::BotLevel;
use crate::engine::moves::{Move, MoveError};
use crate::engine::rules::{Rules, RulesError};
use crate::ids::{Lang, Person};
use serde::{Deserialize, Serialize};

/// Who asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// A person; `admin` when the platform says they administer the chat.
    Person { person: Person, admin: bool },
    /// The service itself: timers and computer players.
    System,
}

impl Actor {
    pub fn person(person: Person) -> Actor {
        Actor::Person { person, admin: false }
    }

    pub fn as_person(&self) -> Option<&Person> {
        match self {
            Actor::Person { person, .. } => Some(person),
            Actor::System => None,
        }
    }
}

/// What is asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action")]
pub enum Action {
    /// Sit down, in a given seat or the first free one.
    Join { seat: Option<u8> },
    /// Sit in this seat: join there, or move there from another seat (lobby).
    Sit { seat: u8 },
    /// Pairs: sit on this side (0: seats 1 and 3, N/S; 1: seats 2 and 4, E/W), joining or
    /// moving to its first free seat (lobby).
    SitSide { side: u8 },
    /// Swap the occupants of two seats, people or computers (host, lobby).
    SwapSeats { a: u8, b: u8 },
    /// Shuffle the seats (partners, in pairs) by lot from the table's seed (host, lobby).
    Shuffle,
    /// Set the match clock or turn it off (host, lobby).
    SetClock { clock: Option<super::clock::ClockRule> },
    /// Stand up (in the lobby), or hand the seat to a computer player (in a match).
    Leave,
    /// Seat a computer player (host, lobby).
    AddBot { seat: Option<u8> },
    /// Empty a seat held by a computer player (host, lobby).
    RemoveBot { seat: u8 },
    /// Start the match; empty seats get computer players (host, lobby).
    Start,
    /// A move by the seat to move.
    Move { mv: Move },
    /// Give up the match: the other side wins. In pairs the partner is asked first.
    Resign,
    /// The partner asked agrees to resign the pair's match.
    AgreeResign,
    /// The partner asked refuses to resign: play goes on.
    RefuseResign,
    /// Vote to pause the match; a majority of the people seated pauses it.
    VotePause,
    /// Resume a paused match (any person seated).
    Resume,
    /// End the table (host or chat admin).
    End,
    /// Vote to end the table; a majority of the people seated ends it.
    VoteEnd,
    /// Start another match with the same seats (after a match); with a queue, the people in
    /// line sit down first (`session::queue`).
    Rematch,
    /// The host starts another match with other rules (and clock: `Some(None)` is none) with
    /// the same seats (after a match).
    RematchWith {
        rules: Rules,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<Option<super::clock::ClockRule>>,
    },
    /// Get in line for a seat, or out of it when waiting (a table with a queue).
    Queue,
    /// Keep a queue at the table, of either kind, or none (host, at any time but a challenge).
    SetRotation { rotation: Option<super::queue::Rotation> },
    /// Take back a seat a computer player held while the person was away.
    Back,
    /// Accept a duel challenge (the person challenged).
    Accept,
    /// Decline a duel challenge (the person challenged, or the challenger withdrawing).
    Decline,
    /// Lobby settings (host).
    Configure {
        rules: Option<Rules>,
        size: Option<u8>,
        turn_secs: Option<Option<u32>>,
        lang: Option<Lang>,
        bot_level: Option<BotLevel>,
    },
    /// Timers: expires a challenge or a lobby, closes a match left waiting too long.
    Tick { lives: super::life::Lives },
    /// The bot is no longer in the table's chat (removed from the group): the table closes,
    /// nothing scored (service).
    LeftChat,
    /// A computer player's move for the seat [`super::Table::robot_turn`] names (service).
    RobotMove { mv: Move },
    /// The person to move took the expert's hint, `mv` (worked out by the service from that
    /// seat's observation on the version the command carries): noted, nothing played.
    Hint { mv: Move },
}

impl Action {
    /// Whether the person asking takes a seat by it (joining, sitting down, accepting a duel):
    /// what the limit of open tables per person counts.
    pub fn seats_someone(&self) -> bool {
        matches!(
            self,
            Action::Join { .. } | Action::Sit { .. } | Action::SitSide { .. } | Action::Accept
        )
    }
}

/// One request to one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Command {
    pub actor: Actor,
    pub action: Action,
    /// The table version the button was drawn for; an older one is stale.
    pub version: Option<u64>,
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    #[error("this button is out of date")]
    Stale,
    #[error("the table is closed")]
    Closed,
    #[error("you are not seated at this table")]
    NotSeated,
    #[error("you are already seated")]
    AlreadySeated,
    #[error("that seat is taken")]
    SeatTaken,
    #[error("no such seat")]
    NoSuchSeat,
    #[error("the table is full")]
    Full,
    #[error("only the host can do that")]
    NotHost,
    #[error("only the host or a chat admin can end the table")]
    NotHostOrAdmin,
    #[error("the match has not started")]
    NotStarted,
    #[error("the match is already under way")]
    AlreadyStarted,
    #[error("the match is over")]
    MatchOver,
    #[error("not your turn")]
    NotYourTurn,
    #[error("a computer player is moving for you: press «back» first")]
    Away,
    #[error("you are not away")]
    NotAway,
    #[error("this challenge is not for you")]
    NotInvited,
    #[error("the table is in its host's private chat: only they play at it")]
    PrivateTable,
    #[error("there is no challenge to answer")]
    NoChallenge,
    #[error("at least one person must play")]
    NoHumans,
    #[error("nothing to do yet")]
    NotDue,
    #[error("you already voted")]
    AlreadyVoted,
    #[error("a resignation is waiting for the partner's answer")]
    ResignPending,
    #[error("there is no resignation to answer")]
    NoResignVote,
    #[error("only the partner of whoever proposed to resign answers")]
    NotPartner,
    #[error("the match is paused")]
    Paused,
    #[error("the match is not paused")]
    NotPaused,
    #[error("a tournament's table plays its fixture and nothing else: no rematch")]
    FixtureTable,
    #[error("this chat already has {limit} open tables")]
    TooManyTables { limit: usize },
    #[error("you already host {limit} open lobbies")]
    TooManyLobbies { limit: usize },
    #[error("you already sit at {limit} open tables")]
    TooManySeats { limit: usize },
    /// The rules asked for do not work (the engine says why).
    #[error("{0}")]
    Rules(#[from] RulesError),
    #[error("seats past {size} are taken")]
    SeatsTaken { size: u8 },
    #[error("a turn timer is 10 s to 1 h")]
    BadTimer,
    #[error("{0}")]
    Move(#[from] MoveError),
    #[error("only the service does that")]
    SystemOnly,
    #[error("only the chat's admins can do that")]
    AdminsOnly,
    #[error("your time is up")]
    OutOfTime,
    #[error("this table keeps no queue")]
    QueueOff,
    #[error("a seat is free: sit down")]
    SeatFree,
    #[error("the line is full ({limit} people)")]
    QueueFull { limit: usize },
    #[error("people are in line before you")]
    QueueAhead,
    #[error("this table does not play in pairs")]
    NotPairs,
    #[error("that side is full")]
    SideFull,
    #[error("a clock is 1 to 180 minutes plus 0 to 60 seconds a move")]
    BadClock,
    #[error("hints are off at this table")]
    HintsOff,
    #[error("there is nothing to choose: the move is forced")]
    NoChoice,
    #[error("you already have the hint for this move")]
    HintGiven,
    /// A person asked for the expert's help (hints, reviews) more often than the service
    /// allows (`service::AdviceLimits`): they may ask again in `secs` seconds.
    #[error("you asked for help too often: try again in {secs} s")]
    AdviceLater { secs: u32 },
}
