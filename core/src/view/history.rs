//! The rounds of a match so far, rebuilt from the table's game: each finished round's report
//! (who won, what was written), for the last round's result and the `/score` tally.
//!
//! The live match keeps only the current round's scoring, so the finished rounds are replayed
//! from the seed and the stored moves, exactly as a stored game is loaded.

use super::table::LastRoundView;
use super::text::{seat_name, side_label};
use crate::engine::game::{Match, RoundReport};
use crate::engine::round::EndKind;
use crate::session::game::Replayed;
use crate::session::{Game, Lang, Table};

/// One finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundLine {
    /// 1-based.
    pub round: u32,
    pub report: RoundReport,
}

/// Every round of `game` that ended (was scored), oldest first.
pub fn round_history(game: &Game) -> Vec<RoundLine> {
    let mut lines = Vec::new();
    let Some(last) = game.rounds.len().checked_sub(1) else { return lines };
    let seen = |i: usize, at: Replayed, m: &Match| {
        let report = m.round_report();
        if at == Replayed::Played && report.end.is_some() {
            lines.push(RoundLine { round: i as u32 + 1, report });
        }
    };
    // A round that does not replay ends the history there.
    let _ = game.replay_through(last, seen);
    lines
}

/// The last round that ended, if any.
pub fn last_round(game: &Game) -> Option<RoundLine> {
    let report = game.live.round_report();
    if report.end.is_some() {
        return Some(RoundLine { round: game.rounds.len() as u32, report });
    }
    if game.rounds.len() < 2 {
        return None;
    }
    round_history(game).pop()
}

/// A finished round as its result shows it: who won, what each side wrote and carries, and
/// who took the expert's hints.
pub(crate) fn last_round_view(table: &Table, line: &RoundLine, lang: Lang) -> LastRoundView {
    let RoundReport { end, winner, written, remembered, .. } = &line.report;
    let listed = |values: &[u32]| -> Vec<(String, u32)> {
        values
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v > 0)
            .map(|(s, &v)| (side_label(table, s, lang), v))
            .collect()
    };
    LastRoundView {
        round: line.round,
        end: end.unwrap_or(EndKind::Domino),
        winner: winner.map(|s| side_label(table, s, lang)),
        written: listed(written),
        remembered: listed(remembered),
        hints: table
            .hints_in(line.round)
            .into_iter()
            .enumerate()
            .filter(|&(_, n)| n > 0)
            .map(|(s, n)| (seat_name(table, s, lang).unwrap_or_else(|| "?".to_owned()), n))
            .collect(),
    }
}
