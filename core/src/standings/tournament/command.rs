//! What the chat asks of a tournament, what came of it, and why a command is refused.

use super::{EntrantNo, FixtureNo, Format, Score};
use crate::bounds::OutOfRange;
use crate::engine::rules::Variant;
use crate::ids::{Millis, Person, UserId};
use crate::standings::MatchSummary;
use serde::{Deserialize, Serialize};

/// What a new tournament is made of. The numbers people type are checked against `bounds`.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    pub id: i64,
    pub format: Format,
    pub game: Variant,
    pub options: serde_json::Value,
    pub max_entrants: u32,
    /// Round robin, pairs night: days from the start to the deadline (none: no deadline).
    pub deadline_days: Option<u32>,
}

/// A command; every one is applied at a time `now` the caller passes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "command")]
pub enum Command {
    /// Enrol a person (with their partner in a round robin of pairs): while enrolling, or in an
    /// arena's window (an entrant who withdrew from the arena comes back this way).
    Enroll { person: Person, partner: Option<Person> },
    /// A round robin of pairs, while enrolling: `person` waits for a partner (whoever enrols
    /// naming them as the partner); not an entrant yet.
    AwaitPartner { person: Person },
    /// The entrant `user` is (or belongs to) leaves (or stops waiting for a partner): before the start they are struck off;
    /// after it they are drawn no more and their pending fixtures are settled (docs/rules.md).
    Withdraw { user: UserId },
    /// Draw the schedule (round robin), the first round (pairs night), or open the arena
    /// (not before its window).
    Start,
    /// A table started playing a pending fixture.
    TableStarted { fixture: FixtureNo, table: i64 },
    /// A table playing a fixture finished its match.
    MatchFinished { summary: MatchSummary },
    /// A table playing a fixture closed without a match that counts (ended, deserted, or its
    /// seats no longer the fixture's): the fixture waits for a table again.
    TableClosed { table: i64 },
    /// Time passed: opens and closes an arena's window, passes a deadline.
    Tick,
}

/// What an accepted command did, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    Enrolled {
        entrant: EntrantNo,
    },
    /// `user` waits for a partner (`waits`), or no longer does (paired, or left).
    Waiting {
        user: UserId,
        waits: bool,
    },
    /// A withdrawn arena entrant came back.
    Rejoined {
        entrant: EntrantNo,
    },
    Withdrew {
        entrant: EntrantNo,
    },
    Started {
        at: Millis,
    },
    /// Fixtures were drawn for `round` (round robin: each round at the start; arena: a wave of
    /// pairings), with who sits the round out (bye, sit-out).
    Drawn {
        round: u32,
        fixtures: Vec<FixtureNo>,
        sitting_out: Vec<EntrantNo>,
    },
    TableStarted {
        fixture: FixtureNo,
        table: i64,
    },
    /// A fixture's table closed without a result: it is pending again.
    TableClosed {
        fixture: FixtureNo,
    },
    Finished {
        fixture: FixtureNo,
        score: Score,
    },
    Forfeited {
        fixture: FixtureNo,
        winner: u8,
    },
    Unplayed {
        fixture: FixtureNo,
    },
    Closed {
        winner: Option<EntrantNo>,
    },
    /// The deadline nears and these fixtures are still open: who is due (told once).
    Due {
        fixtures: Vec<FixtureNo>,
    },
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("{0}")]
    OutOfRange(#[from] OutOfRange),
    #[error("this tournament plays pairs: a game of the Kozel family")]
    GameWithoutPairs,
    #[error("an arena has its window, not a deadline")]
    DeadlineInArena,
    #[error("the arena's window ends before it starts")]
    EmptyWindow,
    #[error("the tournament is closed")]
    Closed,
    #[error("enrolment is over")]
    NotEnrolling,
    #[error("the tournament has not started")]
    NotRunning,
    #[error("the tournament has already started")]
    AlreadyStarted,
    #[error("the arena opens at its window")]
    TooEarly,
    #[error("the arena's window is over")]
    WindowOver,
    #[error("already enrolled")]
    AlreadyEnrolled,
    #[error("not enrolled")]
    NotEnrolled,
    #[error("the tournament is full")]
    Full,
    #[error("a pair enrols with a partner, someone else")]
    PartnerNeeded,
    #[error("this tournament takes people one by one")]
    NoPartners,
    #[error("at least {need} entrants are needed")]
    TooFew { need: usize },
    #[error("no such fixture")]
    NoSuchFixture,
    #[error("that fixture is not waiting for a table")]
    NotPending,
    #[error("someone of that fixture is at another table")]
    Busy,
    #[error("that table already played a fixture")]
    TableInUse,
    #[error("no fixture is playing at that table")]
    NoSuchTable,
    #[error("that match was another game")]
    WrongGame,
    #[error("the match's seats are not the fixture's sides")]
    WrongPlayers,
    #[error("that match is not the fixture's own (its table's first)")]
    NotTheFixturesMatch,
    #[error("this chat already has {limit} open tournaments")]
    TooManyOpen { limit: usize },
}
