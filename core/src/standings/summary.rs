//! What a finished match adds to the scoreboards, taken from the table that played it.

use crate::engine::rules::Variant;
use crate::session::{ChatId, Millis, Occupant, Table, UserId};
use serde::{Deserialize, Serialize};

/// One seat of a finished match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryPlayer {
    /// `None` for a computer player (never on a scoreboard).
    pub user: Option<UserId>,
    pub name: String,
    pub seat: u8,
    pub side: u8,
    /// The player's side won (Kozel family: every side but the goat wins).
    pub won: bool,
    /// The player's side lost (the goat in Kozel).
    pub goat: bool,
    /// The side's final total.
    pub points_for: u32,
    /// The other sides' final totals together.
    pub points_against: u32,
    /// The computer played part of this seat for its person (they left, or were away or out
    /// of time): the match counts for them only as a loss, and only if their side lost
    /// (`user` is `None` otherwise, which makes it a match with a computer for everyone).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relieved: bool,
}

/// A finished match, ready for the scoreboards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSummary {
    pub chat: ChatId,
    pub table_id: i64,
    /// Which of its table's matches it is (1 for the first): with `table_id`, the match's own
    /// identity, since a table may play rematches.
    #[serde(default)]
    pub match_no: u32,
    pub variant: Variant,
    pub pairs: bool,
    pub rounds: u32,
    pub finished_at: Millis,
    pub players: Vec<SummaryPlayer>,
    /// The match as a `domino-record/1` record, for `/export`.
    pub record: serde_json::Value,
}

impl MatchSummary {
    /// In a pair game, the partners of each side who are both people, in user id order.
    pub fn partner_pairs(&self) -> Vec<[&SummaryPlayer; 2]> {
        if !self.pairs {
            return Vec::new();
        }
        (0..2u8)
            .filter_map(|side| {
                let mates: Vec<_> = self.players.iter().filter(|p| p.side == side).collect();
                let [a, b] = mates.as_slice() else { return None };
                let (ua, ub) = (a.user.as_ref()?, b.user.as_ref()?);
                Some(if ua <= ub { [*a, *b] } else { [*b, *a] })
            })
            .collect()
    }

    /// The summary of the match `table` just finished; `None` if no match has finished.
    pub fn of(table: &Table, now: Millis) -> Option<MatchSummary> {
        let game = table.game.as_ref()?;
        let outcome = game.outcome?;
        let rules = &table.rules;
        let sides = rules.sides(table.size as usize);
        let scores = &game.live.sheet().scores[..sides];
        let total: u32 = scores.iter().sum();
        let mut players = Vec::new();
        let mut names = Vec::new();
        for (seat, st) in table.seats.iter().enumerate() {
            let st = st.as_ref()?;
            let side = rules.side_of(seat);
            let won = match (outcome.winner, outcome.loser) {
                (Some(w), _) => w == side,
                (None, Some(l)) => l != side,
                (None, None) => false,
            };
            let goat = outcome.loser == Some(side);
            let lost = goat || (sides == 2 && outcome.winner.is_some_and(|w| w != side));
            // Whose seat it was: a person who left it is named by the seat, not the computer
            // that finished it.
            let person = st.person().or(st.left.as_ref());
            let relieved = st.relieved();
            let (user, name) = match (person, &st.occupant) {
                // Played by its person alone, or lost with the computer's help: theirs.
                (Some(p), _) if !relieved || lost => (Some(p.id.clone()), p.name.clone()),
                // A win, or no result, the computer had a hand in: nobody's.
                (Some(p), _) => (None, p.name.clone()),
                (None, Occupant::Bot(level)) => (None, format!("bot ({})", level.key())),
                (None, Occupant::Human(_)) => unreachable!("a person's seat names them"),
            };
            names.push(name.clone());
            players.push(SummaryPlayer {
                user,
                name,
                seat: seat as u8,
                side: side as u8,
                won,
                goat,
                points_for: scores[side],
                points_against: total - scores[side],
                relieved,
            });
        }
        Some(MatchSummary {
            chat: table.chat.clone(),
            table_id: table.id,
            match_no: table.matches_played,
            variant: rules.variant(),
            pairs: rules.teams() == crate::engine::rules::Teams::Pairs,
            rounds: game.live.rounds_scored(),
            finished_at: now,
            players,
            record: game.to_log(names).to_json(),
        })
    }
}
