//! Worked examples of each format: helpers to enrol people and play fixtures.

mod arena;
mod night;
mod round_robin;

use super::*;
use crate::ids::{ChatId, Platform};
use crate::standings::{MatchSummary, SummaryPlayer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub const T0: Millis = 1_764_590_400_000; // 2025-12-01 12:00 UTC

pub fn person(name: &str) -> Person {
    Person::new(UserId::new(Platform::Telegram, name), name)
}

pub fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(28)
}

pub fn new(format: Format, game: Variant, deadline_days: Option<u32>) -> Tournament {
    let new = NewTournament {
        id: 1,
        format,
        game,
        options: serde_json::json!({}),
        max_entrants: 16,
        deadline_days,
    };
    Tournament::new(new, T0).expect("a valid tournament")
}

/// Applies a command that must be accepted.
pub fn ok(t: &mut Tournament, cmd: Command, now: Millis) -> Vec<Event> {
    t.apply(&cmd, now, &mut rng()).unwrap_or_else(|r| panic!("{cmd:?} refused: {r}"))
}

pub fn enroll(t: &mut Tournament, names: &[&str], now: Millis) {
    for n in names {
        ok(t, Command::Enroll { person: person(n), partner: None }, now);
    }
}

/// The match a table played for `fixture`: side 0's people on the match's side 0; `winner`
/// `None` for a match neither side won alone.
pub fn summary(
    t: &Tournament,
    fixture: FixtureNo,
    table: i64,
    winner: Option<u8>,
    points: [u32; 2],
) -> MatchSummary {
    let f = &t.fixtures[fixture];
    let mut players = Vec::new();
    for side in 0..2u8 {
        let people = f.sides[side as usize].iter().flat_map(|&e| t.entrants[e].people.clone());
        for (i, p) in people.enumerate() {
            players.push(SummaryPlayer {
                user: Some(p.id.clone()),
                name: p.name.clone(),
                seat: side + 2 * i as u8,
                side,
                won: winner == Some(side),
                goat: winner == Some(1 - side),
                points_for: points[side as usize],
                points_against: points[1 - side as usize],
                relieved: false,
            });
        }
    }
    MatchSummary {
        chat: ChatId::new(Platform::Telegram, "-100"),
        table_id: table,
        match_no: 1,
        variant: t.game,
        pairs: players.len() == 4,
        rounds: 3,
        finished_at: T0,
        players,
        record: serde_json::json!({}),
    }
}

/// Starts `fixture` at `table` and finishes it with `winner` and `points`.
pub fn play(
    t: &mut Tournament,
    fixture: FixtureNo,
    table: i64,
    winner: Option<u8>,
    points: [u32; 2],
    now: Millis,
) -> Vec<Event> {
    ok(t, Command::TableStarted { fixture, table }, now);
    let s = summary(t, fixture, table, winner, points);
    ok(t, Command::MatchFinished { summary: s }, now)
}

/// The entrants' names on each side of a fixture.
pub fn names(t: &Tournament, fixture: FixtureNo) -> [Vec<String>; 2] {
    t.fixtures[fixture].sides.clone().map(|s| s.iter().map(|&e| t.entrants[e].name()).collect())
}

/// The fixture between the entrants named `a` and `b` (one each side), and `a`'s side.
pub fn between(t: &Tournament, a: &str, b: &str) -> (FixtureNo, u8) {
    (0..t.fixtures.len())
        .find_map(|n| {
            let [s0, s1] = names(t, n);
            if s0 == [a] && s1 == [b] {
                Some((n, 0))
            } else if s0 == [b] && s1 == [a] {
                Some((n, 1))
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("no fixture {a}–{b}"))
}

/// Plays the fixture of `a` against `b`, `a` scoring `pa` and `b` `pb`; the more wins.
pub fn result(t: &mut Tournament, a: &str, b: &str, pa: u32, pb: u32, table: i64) {
    let (n, side) = between(t, a, b);
    let winner = match pa.cmp(&pb) {
        std::cmp::Ordering::Greater => Some(side),
        std::cmp::Ordering::Less => Some(1 - side),
        std::cmp::Ordering::Equal => None,
    };
    let points = if side == 0 { [pa, pb] } else { [pb, pa] };
    play(t, n, table, winner, points, T0 + table);
}

pub fn order(t: &Tournament) -> Vec<String> {
    t.standings().into_iter().map(|r| r.name).collect()
}
