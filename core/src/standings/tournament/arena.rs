//! The arena: who is paired next, and what a match scores on a streak.
//!
//! Points: a win 2, a draw 1, a loss 0. With the streak bonus, an entrant who has won their last
//! two matches (or more) in a row is on a streak: while on it a win scores 4 and a draw 2; any
//! result but a win ends the streak (the Lichess arena's streak, without berserk).
//!
//! Pairing: among the waiting (enrolled, not withdrawn, in no pending or playing fixture), in
//! order of arena points (most first), then enrolment: the first is paired with a waiting
//! entrant who was not their last opponent, the closest in points (ties: the earlier in that
//! order). Their last opponent is taken only when nobody else is waiting for them and nobody
//! else in the arena is in a fixture (so nobody else can come free). Whoever is left waits.
use super::{EntrantNo, FixtureState, Format, Outcome, State, Tournament};
use crate::ids::Millis;

/// What one arena match scores for an entrant who had won `streak` matches in a row before it.
pub const fn match_points(outcome: Outcome, streak: u32, bonus: bool) -> u32 {
    let on_fire = bonus && streak >= 2;
    match outcome {
        Outcome::Win if on_fire => 4,
        Outcome::Win => 2,
        Outcome::Draw if on_fire => 2,
        Outcome::Draw => 1,
        Outcome::Loss => 0,
    }
}

/// Arena points and the current streak from results in the order they were scored.
pub(super) fn tally(results: impl Iterator<Item = Outcome>, bonus: bool) -> (u32, u32) {
    results.fold((0, 0), |(points, streak), o| {
        let points = points + match_points(o, streak, bonus);
        (points, if o == Outcome::Win { streak + 1 } else { 0 })
    })
}

impl Tournament {
    /// The last entrant `e` met in a finished arena match.
    fn last_opponent(&self, e: EntrantNo) -> Option<EntrantNo> {
        self.fixtures
            .iter()
            .filter(|f| matches!(f.state, FixtureState::Played { .. }))
            .filter_map(|f| Some((f.seq()?, f)))
            .filter_map(|(seq, f)| Some((seq, f.sides[1 - f.side_of(e)? as usize][0])))
            .max()
            .map(|(_, o)| o)
    }

    /// The pairings the arena makes now (see the module's rule); empty outside the window or
    /// for another format.
    pub fn pair_waiting(&self, now: Millis) -> Vec<[EntrantNo; 2]> {
        let Format::Arena { window_end, .. } = self.format else { return Vec::new() };
        if !matches!(self.state, State::Running { .. }) || now >= window_end {
            return Vec::new();
        }
        let points: Vec<u32> = {
            let mut p = vec![0; self.entrants.len()];
            for row in self.rows() {
                p[row.entrant] = row.points;
            }
            p
        };
        let mut waiting: Vec<EntrantNo> = (0..self.entrants.len())
            .filter(|&e| !self.entrants[e].withdrawn && !self.busy(e))
            .collect();
        let others_busy = waiting.len() < self.entrants.iter().filter(|e| !e.withdrawn).count();
        waiting.sort_by_key(|&e| (std::cmp::Reverse(points[e]), self.entrants[e].enrolled_at, e));
        let mut pairs = Vec::new();
        while let Some(&first) = waiting.first() {
            let last = self.last_opponent(first);
            let pick = waiting[1..]
                .iter()
                .enumerate()
                .filter(|&(_, &o)| !others_busy || Some(o) != last)
                .min_by_key(|&(i, &o)| (Some(o) == last, points[o].abs_diff(points[first]), i))
                .map(|(i, _)| i + 1);
            if let Some(i) = pick {
                pairs.push([first, waiting[i]]);
                waiting.remove(i);
            }
            waiting.remove(0);
        }
        pairs
    }
}
