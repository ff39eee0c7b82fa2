//! Chat tournaments (issue 28), the pure core: a [`Tournament`] is a value, and
//! [`Tournament::apply`] checks a [`Command`] against it, then changes a copy that replaces it
//! only when accepted, returning [`Event`]s or a [`Refusal`] (like `session::Table::apply`).
//! No I/O, no clock (times come in as `Millis`), no global RNG (draws come from the `Rng`
//! passed in); the chat layer keeps the value in the store as JSON and plays each fixture as an
//! ordinary table. The rules are docs/rules.md, «Tournaments».
//!
//! - `schedule`: the round robin's rounds by the circle method;
//! - `arena`: who is paired next in an arena, and the streak's points;
//! - `partners`: a pairs night's sit-outs and partners by lot;
//! - `command`: commands, events, refusals; `apply`: applying them; `table`: the standings and their tie-breaks;
//! - `remind`: who is due, told once as the deadline nears;
//! - `due`: when the service next has work on it, and when enrolment runs out;
//! - `waiting`: people waiting for a partner in a round robin of pairs;
//! - `score`: a finished match (`MatchSummary`) read as a fixture's result.

mod apply;
mod arena;
mod command;
mod due;
mod partners;
mod remind;
mod schedule;
mod score;
mod table;
#[cfg(test)]
mod tests;
mod waiting;

pub use apply::{DAY, MINUTE};
pub use arena::match_points;
pub use command::{Command, Event, NewTournament, Refusal};
pub use partners::draw_partners;
pub use schedule::circle;
pub use score::{Outcome, Score};
pub use table::Standing;

use crate::engine::rules::Variant;
use crate::ids::{Millis, Person, UserId};
use serde::{Deserialize, Serialize};

/// An entrant's place in [`Tournament::entrants`] (never reused once the tournament runs).
pub type EntrantNo = usize;
/// A fixture's place in [`Tournament::fixtures`].
pub type FixtureNo = usize;

/// How the tournament is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Format {
    /// Every entrant meets every other once, two sides a match: people in duels, or fixed
    /// pairs against pairs (`pairs`, a pair game of the Kozel family).
    RoundRobin { pairs: bool },
    /// Duels for a window of time: whoever is free is paired again at once.
    Arena { window_start: Millis, window_end: Millis, streak_bonus: bool },
    /// People drawn into new pairs by lot each round, pairs against pairs; standings per person.
    PartnersNight { rounds: u32 },
}

impl Format {
    /// People per entrant: two in a round robin of pairs, else one.
    pub const fn people_per_entrant(&self) -> usize {
        match self {
            Format::RoundRobin { pairs: true } => 2,
            _ => 1,
        }
    }

    /// Whether its matches are pair games (four seats, two sides of two).
    pub const fn plays_pairs(&self) -> bool {
        matches!(self, Format::RoundRobin { pairs: true } | Format::PartnersNight { .. })
    }
}

/// Where the tournament is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum State {
    /// Taking entrants; nothing scheduled yet.
    Enrolling,
    /// Fixtures drawn and being played; `round` is the current round (pairs night: the round
    /// being played; round robin: 1; arena: the last wave of pairings).
    Running { round: u32 },
    /// Over: `winner` is the top of the standings, `None` when nothing was played.
    Closed { at: Millis, winner: Option<EntrantNo> },
}

/// One entrant: a person, or a fixed pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub people: Vec<Person>,
    pub enrolled_at: Millis,
    /// Withdrew while the tournament ran (kept for the standings; drawn no more).
    pub withdrawn: bool,
    /// Rounds sat out (pairs night).
    pub sat_out: u32,
}

impl Entrant {
    /// The name to show: the people's names joined by « + ».
    pub fn name(&self) -> String {
        self.people.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(" + ")
    }

    pub fn has(&self, user: &UserId) -> bool {
        self.people.iter().any(|p| &p.id == user)
    }
}

/// Where a fixture is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum FixtureState {
    /// To be played: a table may start it.
    Pending,
    /// A table is playing it.
    Playing { table: i64 },
    /// Finished at `table`; `seq` orders finished fixtures (forfeits too) as they were scored.
    Played { table: i64, score: Score, seq: u32 },
    /// Scored without a match: `winner`'s side wins, the other side had withdrawn.
    Forfeit { winner: u8, seq: u32 },
    /// Never played (the deadline passed, the arena closed, a side withdrew on a pairs night):
    /// nobody scores and it counts as no match.
    Unplayed,
}

/// One match to play: two sides of entrants (one each, or two partners on a pairs night).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fixture {
    pub round: u32,
    pub sides: [Vec<EntrantNo>; 2],
    pub state: FixtureState,
}

impl Fixture {
    pub fn entrants(&self) -> impl Iterator<Item = EntrantNo> + '_ {
        self.sides.iter().flatten().copied()
    }

    /// The side `entrant` plays on, if they play in it.
    pub fn side_of(&self, entrant: EntrantNo) -> Option<u8> {
        (0..2u8).find(|&s| self.sides[s as usize].contains(&entrant))
    }

    /// Pending or at a table.
    pub const fn is_open(&self) -> bool {
        matches!(self.state, FixtureState::Pending | FixtureState::Playing { .. })
    }

    /// The result for `side`, once scored.
    pub fn outcome_for(&self, side: u8) -> Option<Outcome> {
        match &self.state {
            FixtureState::Played { score, .. } => Some(score.outcome_for(side)),
            FixtureState::Forfeit { winner, .. } => {
                Some(if *winner == side { Outcome::Win } else { Outcome::Loss })
            }
            _ => None,
        }
    }

    /// The order it was scored in (`None` while open or unplayed).
    pub const fn seq(&self) -> Option<u32> {
        match self.state {
            FixtureState::Played { seq, .. } | FixtureState::Forfeit { seq, .. } => Some(seq),
            _ => None,
        }
    }
}

/// A chat tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub id: i64,
    pub format: Format,
    pub game: Variant,
    /// The rule options of every match, as the chat passes them through (`Rules::from_options`).
    pub options: serde_json::Value,
    pub max_entrants: u32,
    pub entrants: Vec<Entrant>,
    pub state: State,
    pub created_at: Millis,
    pub started_at: Option<Millis>,
    /// The arena's window end; else when the tournament closed.
    pub ends_at: Option<Millis>,
    /// Days from the start to the deadline (round robin, pairs night), as typed.
    pub deadline_days: Option<u32>,
    /// After it, a fixture no table has started is unplayed.
    pub deadline: Option<Millis>,
    pub fixtures: Vec<Fixture>,
    /// Fixtures scored so far (the next `seq`).
    pub scored: u32,
    /// A round robin of pairs while enrolling: people waiting for a partner, first come first.
    #[serde(default)]
    pub waiting: Vec<Person>,
    /// The reminder of who is due was given (once per tournament).
    #[serde(default)]
    pub reminded: bool,
}

impl Tournament {
    /// The entrant `user` is (or is part of).
    pub fn entrant_of(&self, user: &UserId) -> Option<EntrantNo> {
        self.entrants.iter().position(|e| e.has(user))
    }

    /// The open fixture `entrant` is at a table for.
    pub fn playing(&self, entrant: EntrantNo) -> Option<FixtureNo> {
        self.fixtures.iter().position(|f| {
            matches!(f.state, FixtureState::Playing { .. }) && f.side_of(entrant).is_some()
        })
    }

    /// Whether `entrant` is in a fixture that is pending or at a table.
    pub fn busy(&self, entrant: EntrantNo) -> bool {
        self.fixtures.iter().any(|f| f.is_open() && f.side_of(entrant).is_some())
    }

    /// Pending fixtures whose every entrant is free of tables now: what may start at once, in
    /// round order (for reminders: who is due).
    pub fn due_fixtures(&self) -> Vec<FixtureNo> {
        let mut due: Vec<_> = (0..self.fixtures.len())
            .filter(|&i| {
                let f = &self.fixtures[i];
                f.state == FixtureState::Pending && f.entrants().all(|e| self.playing(e).is_none())
            })
            .collect();
        due.sort_by_key(|&i| self.fixtures[i].round);
        due
    }

    /// The pending fixtures of the earliest round that still has any: what comes next.
    pub fn next_pairings(&self) -> Vec<FixtureNo> {
        let pending = |f: &Fixture| f.state == FixtureState::Pending;
        let Some(round) = self.fixtures.iter().filter(|f| pending(f)).map(|f| f.round).min() else {
            return Vec::new();
        };
        (0..self.fixtures.len())
            .filter(|&i| pending(&self.fixtures[i]) && self.fixtures[i].round == round)
            .collect()
    }

    /// The entrants not in any fixture of `round` (round robin: the bye; pairs night: who sat
    /// out), among those not withdrawn before it was drawn.
    pub fn byes(&self, round: u32) -> Vec<EntrantNo> {
        let mut in_round = vec![false; self.entrants.len()];
        for f in self.fixtures.iter().filter(|f| f.round == round) {
            for e in f.entrants() {
                in_round[e] = true;
            }
        }
        (0..self.entrants.len()).filter(|&e| !in_round[e]).collect()
    }

    /// Rounds drawn so far.
    pub fn rounds_drawn(&self) -> u32 {
        self.fixtures.iter().map(|f| f.round).max().unwrap_or(0)
    }
}
