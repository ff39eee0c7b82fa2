//! A finished match read as a fixture's result: which of the fixture's two sides won, and the
//! sides' final totals.

use super::{Fixture, Tournament};
use crate::standings::MatchSummary;
use serde::{Deserialize, Serialize};

/// One side's result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// A fixture's result, in the fixture's side order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// The side that won; `None` for a draw (neither side alone won).
    pub winner: Option<u8>,
    /// Each side's final total.
    pub points: [u32; 2],
}

impl Score {
    pub fn outcome_for(&self, side: u8) -> Outcome {
        match self.winner {
            None => Outcome::Draw,
            Some(w) if w == side => Outcome::Win,
            Some(_) => Outcome::Loss,
        }
    }

    /// The fixture's result from the match its table finished: every person of the fixture
    /// must sit on their own side of the match (partners together, opponents apart) and
    /// nobody else may play. A side wins when its players won and the other's did not; any
    /// other end (both or neither) is a draw. `None` when the seats do not fit the fixture.
    pub fn of(summary: &MatchSummary, fixture: &Fixture, t: &Tournament) -> Option<Score> {
        let people: [Vec<_>; 2] = fixture.sides.clone().map(|side| {
            side.iter().flat_map(|&e| t.entrants[e].people.iter().map(|p| p.id.clone())).collect()
        });
        if summary.players.len() != people[0].len() + people[1].len() {
            return None;
        }
        let mut match_side = [None::<u8>; 2];
        let mut won = [false; 2];
        let mut points = [0u32; 2];
        let mut seen = Vec::new();
        for p in &summary.players {
            let user = p.user.as_ref()?;
            if seen.contains(&user) {
                return None;
            }
            seen.push(user);
            let side = (0..2).find(|&s| people[s].contains(user))?;
            if *match_side[side].get_or_insert(p.side) != p.side {
                return None;
            }
            won[side] = p.won;
            points[side] = p.points_for;
        }
        if match_side[0] == match_side[1] {
            return None;
        }
        let winner = match won {
            [true, false] => Some(0),
            [false, true] => Some(1),
            _ => None,
        };
        Some(Score { winner, points })
    }
}
