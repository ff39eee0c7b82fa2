//! Properties of chat tournaments (`standings::tournament`) on a fixed seed: the round robin's
//! schedule, the pairs night's draw, the arena's pairings and points, and for every format
//! under random commands (many of them refused): a refusal changes nothing, the standings list
//! every entrant once, the points are the documented sum, the state round-trips through JSON.

mod arena;
mod night;
mod random;
mod round_robin;
mod waiting;

use domino_core::engine::rules::Variant;
use domino_core::ids::{ChatId, Millis, Person, Platform, UserId};
use domino_core::standings::tournament::{
    Command, FixtureNo, Format, NewTournament, Outcome, Tournament,
};
use domino_core::standings::{MatchSummary, SummaryPlayer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub const T0: Millis = 1_764_590_400_000;

pub fn person(n: usize) -> Person {
    let name = format!("p{n:02}");
    Person::new(UserId::new(Platform::Discord, name.clone()), name)
}

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

pub fn new(format: Format, game: Variant, deadline_days: Option<u32>) -> Tournament {
    let new = NewTournament {
        id: 7,
        format,
        game,
        options: serde_json::json!({ "target": 51 }),
        max_entrants: 64,
        deadline_days,
    };
    Tournament::new(new, T0).expect("valid")
}

/// Enrols people `0..n` one by one (pairs `2i, 2i+1` when the format takes pairs).
pub fn enroll(t: &mut Tournament, n: usize, rng: &mut ChaCha8Rng) {
    let pairs = t.format.people_per_entrant() == 2;
    for i in 0..n {
        let (person, partner) =
            if pairs { (person(2 * i), Some(person(2 * i + 1))) } else { (person(i), None) };
        t.apply(&Command::Enroll { person, partner }, T0, rng).expect("enrolled");
    }
}

/// The match a table played for `fixture`, side 0's people on the match's side 0.
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
                user: Some(p.id),
                name: p.name,
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
        chat: ChatId::new(Platform::Discord, "42"),
        table_id: table,
        match_no: 1,
        variant: t.game,
        pairs: players.len() == 4,
        rounds: 2,
        finished_at: T0,
        players,
        record: serde_json::Value::Null,
    }
}

/// Each entrant's points worked out here from the rules as docs/rules.md states them: 2 a win,
/// 1 a draw; in an arena with the bonus, after two wins in a row a win is 4 and a draw 2.
pub fn expected_points(t: &Tournament) -> Vec<u32> {
    let bonus = matches!(t.format, Format::Arena { streak_bonus: true, .. });
    let mut scored: Vec<_> = t.fixtures.iter().filter_map(|f| Some((f.seq()?, f))).collect();
    scored.sort_by_key(|(seq, _)| *seq);
    let mut points = vec![0; t.entrants.len()];
    let mut run = vec![0; t.entrants.len()];
    for (_, f) in scored {
        for side in 0..2u8 {
            let outcome = f.outcome_for(side).expect("scored");
            for &e in &f.sides[side as usize] {
                let on_fire = bonus && run[e] >= 2;
                points[e] += match outcome {
                    Outcome::Win => 2 * (1 + on_fire as u32),
                    Outcome::Draw => 1 + on_fire as u32,
                    Outcome::Loss => 0,
                };
                run[e] = if outcome == Outcome::Win { run[e] + 1 } else { 0 };
            }
        }
    }
    points
}

/// What must hold of any tournament at any time.
pub fn check_invariants(t: &Tournament) -> Result<(), String> {
    let rows = t.standings();
    let mut listed: Vec<_> = rows.iter().map(|r| r.entrant).collect();
    listed.sort_unstable();
    if listed != (0..t.entrants.len()).collect::<Vec<_>>() {
        return Err(format!("standings list {listed:?}"));
    }
    let expected = expected_points(t);
    for r in &rows {
        if r.points != expected[r.entrant] {
            return Err(format!("{} has {} points, not {}", r.name, r.points, expected[r.entrant]));
        }
    }
    for e in 0..t.entrants.len() {
        let playing = t.fixtures.iter().filter(|f| f.table().is_some() && f.is_open());
        if playing.filter(|f| f.side_of(e).is_some()).count() > 1 {
            return Err(format!("entrant {e} at two tables"));
        }
        let exclusive = !matches!(t.format, Format::RoundRobin { .. });
        if exclusive
            && t.fixtures.iter().filter(|f| f.is_open() && f.side_of(e).is_some()).count() > 1
        {
            return Err(format!("entrant {e} in two open fixtures"));
        }
    }
    let json = serde_json::to_string(t).map_err(|e| e.to_string())?;
    let back: Tournament = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    if &back != t {
        return Err("the JSON round trip changed the tournament".into());
    }
    Ok(())
}
