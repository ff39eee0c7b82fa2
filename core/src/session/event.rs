//! What happened at a table: appended to the table's log with every accepted command, and shown
//! to the chat as notices.

use super::game::Outcome;
use super::table::{BotLevel, CloseReason};
use crate::engine::game::RoundReport;
use crate::engine::moves::Move;
use crate::ids::Person;
use serde::{Deserialize, Serialize};

/// Who made a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MovedBy {
    /// The person in the seat.
    Player,
    /// Nothing else was possible: a draw when nothing fits, a knock when the bazaar is empty.
    Forced,
    /// A computer player in its own seat or standing in for someone away.
    Computer,
    /// The turn timer ran out and a computer player moved for the person.
    Timeout,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    Created {
        host: Person,
    },
    Challenged {
        invitee: Person,
    },
    Joined {
        seat: u8,
        person: Person,
    },
    Left {
        seat: u8,
        person: Person,
    },
    /// A person left the match in play: the computer at `level` plays the seat to its end.
    LeftMatch {
        seat: u8,
        person: Person,
        level: BotLevel,
    },
    BotSeated {
        seat: u8,
        level: BotLevel,
    },
    BotRemoved {
        seat: u8,
    },
    HostChanged {
        person: Person,
    },
    Configured,
    Started {
        match_no: u32,
    },
    RoundDealt {
        round: u32,
    },
    Moved {
        seat: u8,
        mv: Move,
        by: MovedBy,
        points: Option<u32>,
    },
    RoundEnded {
        round: u32,
        report: RoundReport,
    },
    Resigned {
        seat: u8,
    },
    /// A side's clock ran out: it lost the match, or the computer plays for it (`computer`).
    FlagFell {
        side: u8,
        computer: bool,
    },
    /// A person's turn timer ran out where that loses the match (`TimeUp::Lose`).
    TimeUp {
        seat: u8,
    },
    /// A person moved to another free seat (lobby).
    SeatChanged {
        from: u8,
        to: u8,
    },
    /// The host swapped two seats (lobby).
    SeatsSwapped {
        a: u8,
        b: u8,
    },
    /// The host shuffled the seats by lot (lobby); `seats` is where each old seat went.
    SeatsShuffled {
        seats: Vec<u8>,
    },
    /// In pairs, `seat` proposed to resign; `partner` is asked until `expires_at`.
    ResignProposed {
        seat: u8,
        partner: u8,
        expires_at: crate::ids::Millis,
    },
    /// The partner asked answered: `agreed` (the side resigns) or not (play goes on).
    ResignAnswered {
        seat: u8,
        agreed: bool,
    },
    /// Nobody answered `seat`'s proposal to resign in time.
    ResignLapsed {
        seat: u8,
    },
    /// `seat` voted to pause the match.
    PauseVote {
        seat: u8,
        votes: u8,
        needed: u8,
    },
    /// The match is paused, until `until` at most.
    Paused {
        until: crate::ids::Millis,
    },
    /// The match goes on: `seat` pressed «Resume», or (`None`) the pause was over.
    Resumed {
        seat: Option<u8>,
    },
    MatchEnded {
        outcome: Outcome,
    },
    /// `person` got in line for a seat, `place` (1-based).
    Queued {
        person: Person,
        place: u8,
    },
    /// `person` got out of line.
    Unqueued {
        person: Person,
    },
    /// The first in line sat down in `seat`, in place of `replaced` (a person who made room:
    /// back in line when `requeued`), or of a computer or nobody.
    NextUp {
        seat: u8,
        person: Person,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replaced: Option<Person>,
        #[serde(default)]
        requeued: bool,
    },
    /// The host set the table's queue: `None` is none.
    RotationSet {
        rotation: Option<super::queue::Rotation>,
    },
    WentAway {
        seat: u8,
    },
    /// The person in `seat` was warned that their time runs out in `left_ms`: the turn
    /// timer's, or their side's clock (`clock`).
    Warned {
        seat: u8,
        left_ms: crate::ids::Millis,
        #[serde(default)]
        clock: bool,
    },
    CameBack {
        seat: u8,
    },
    VoteCast {
        seat: u8,
        votes: u8,
        needed: u8,
    },
    Closed {
        reason: CloseReason,
    },
    /// The person in `seat` took the expert's hint in round `round` (1-based): kept for the
    /// round's result, never in a `domino-record/1` record.
    HintUsed {
        seat: u8,
        round: u32,
        mv: Move,
    },
}
