//! The standings: a line per entrant, and the order with its tie-breaks.
//!
//! Points per fixture scored: a win 2, a draw 1, a loss 0 (the arena's streak aside: `arena`);
//! a forfeit is a win for the side that stayed and a loss for the side that withdrew, with no
//! match points; an unplayed fixture counts for nobody. On a pairs night each person of a side
//! scores the side's result. Order:
//! 1. points;
//! 2. round robin only: head-to-head, the points from the fixtures among the entrants tied on
//!    points (worked out once per tied group);
//! 3. matches won; 4. point difference (the match totals for, less against);
//! 5. fewer matches played; 6. name; 7. who enrolled first.

use super::arena::tally;
use super::{EntrantNo, Format, Outcome, Tournament};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;

/// One entrant's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub entrant: EntrantNo,
    pub name: String,
    pub points: u32,
    /// Fixtures scored (forfeits included).
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Fixtures left unplayed.
    pub unplayed: u32,
    pub points_for: u64,
    pub points_against: u64,
    /// Wins in a row up to the last fixture scored.
    pub streak: u32,
    pub withdrawn: bool,
}

impl Standing {
    pub fn difference(&self) -> i64 {
        self.points_for as i64 - self.points_against as i64
    }
}

/// What one fixture scored: side result and each side's points, in scoring order.
struct Line {
    seq: u32,
    outcome: Outcome,
    points: [u32; 2],
}

impl Tournament {
    /// Each entrant's scored fixtures in the order they were scored, with (for, against).
    fn lines(&self) -> Vec<Vec<Line>> {
        let mut lines: Vec<Vec<Line>> = self.entrants.iter().map(|_| Vec::new()).collect();
        for f in &self.fixtures {
            let Some(seq) = f.seq() else { continue };
            let totals = match &f.state {
                super::FixtureState::Played { score, .. } => score.points,
                _ => [0, 0],
            };
            for side in 0..2u8 {
                let outcome = f.outcome_for(side).expect("scored");
                let points = [totals[side as usize], totals[1 - side as usize]];
                for &e in &f.sides[side as usize] {
                    lines[e].push(Line { seq, outcome, points });
                }
            }
        }
        for l in &mut lines {
            l.sort_by_key(|l| l.seq);
        }
        lines
    }

    /// Every entrant's line, in entrant order.
    pub fn rows(&self) -> Vec<Standing> {
        let bonus = matches!(self.format, Format::Arena { streak_bonus: true, .. });
        let mut unplayed = vec![0; self.entrants.len()];
        for f in self.fixtures.iter().filter(|f| f.state == super::FixtureState::Unplayed) {
            f.entrants().for_each(|e| unplayed[e] += 1);
        }
        let lines = self.lines();
        (0..self.entrants.len())
            .map(|e| {
                let l = &lines[e];
                let count = |o: Outcome| l.iter().filter(|x| x.outcome == o).count() as u32;
                let (points, streak) = tally(l.iter().map(|x| x.outcome), bonus);
                Standing {
                    entrant: e,
                    name: self.entrants[e].name(),
                    points,
                    played: l.len() as u32,
                    won: count(Outcome::Win),
                    drawn: count(Outcome::Draw),
                    lost: count(Outcome::Loss),
                    unplayed: unplayed[e],
                    points_for: l.iter().map(|x| u64::from(x.points[0])).sum(),
                    points_against: l.iter().map(|x| u64::from(x.points[1])).sum(),
                    streak,
                    withdrawn: self.entrants[e].withdrawn,
                }
            })
            .collect()
    }

    /// Head-to-head points of `e` against the others of `group` (round robin's sides are
    /// single entrants).
    fn head_to_head(&self, e: EntrantNo, group: &[EntrantNo]) -> u32 {
        self.fixtures
            .iter()
            .filter_map(|f| {
                let side = f.side_of(e)?;
                let other = f.sides[1 - side as usize].first()?;
                if !group.contains(other) {
                    return None;
                }
                Some(match f.outcome_for(side)? {
                    Outcome::Win => 2,
                    Outcome::Draw => 1,
                    Outcome::Loss => 0,
                })
            })
            .sum()
    }

    /// The standings, best first: every entrant once, withdrawn ones too (see the module for
    /// the order).
    pub fn standings(&self) -> Vec<Standing> {
        let mut rows = self.rows();
        rows.sort_by_key(|r| Reverse(r.points));
        let h2h = matches!(self.format, Format::RoundRobin { .. });
        let mut start = 0;
        while start < rows.len() {
            let end =
                start + rows[start..].iter().take_while(|r| r.points == rows[start].points).count();
            let group: Vec<EntrantNo> = rows[start..end].iter().map(|r| r.entrant).collect();
            rows[start..end].sort_by_cached_key(|r| {
                let hh = if h2h { self.head_to_head(r.entrant, &group) } else { 0 };
                (
                    Reverse(hh),
                    Reverse(r.won),
                    Reverse(r.difference()),
                    r.played,
                    r.name.clone(),
                    r.entrant,
                )
            });
            start = end;
        }
        rows
    }
}
