//! A person's card (`/me`): their finished matches in a chat added up — per game, streaks,
//! the partner they win most with and the opponent they do worst against.

use super::rows::PlayedMatch;
use super::tally::{ChatTally, Runs};
use super::versus::HeadToHead;
use crate::engine::rules::Variant;
use crate::session::UserId;

/// Matches, wins and goats (the losing side) of one game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub matches: u32,
    pub wins: u32,
    pub goats: u32,
}

/// Another person met at the table, with what the card says of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Met {
    pub user: UserId,
    pub name: String,
    pub with: HeadToHead,
}

/// One person's card.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Card {
    pub total: Record,
    /// Per game, in [`Variant::ALL`] order, the games played only.
    pub games: Vec<(Variant, Record)>,
    /// Wins in a row up to the newest match, and the longest such run.
    pub streak: u32,
    pub best_streak: u32,
    /// The partner of the most wins together (then the most matches, then the name).
    pub partner: Option<Met>,
    /// The opponent the person is furthest behind (ahead of them most often, net; then the
    /// most matches, then the name); `None` when nobody is ahead of the person on balance.
    pub nemesis: Option<Met>,
}

impl std::ops::AddAssign for Record {
    fn add_assign(&mut self, other: Record) {
        self.matches += other.matches;
        self.wins += other.wins;
        self.goats += other.goats;
    }
}

impl Card {
    /// The card of `me` from `matches`, newest first (as the store lists them): the kept
    /// tallies' fold (`standings::tally`) over them.
    pub fn of(matches: &[PlayedMatch], me: &UserId) -> Card {
        ChatTally::of(matches).person(me).card()
    }

    /// The card of a person's lines per game (in [`Variant::ALL`] order), runs, and the people
    /// they met (in the order first met, each with their name then and the head-to-head).
    pub(super) fn from_parts(
        games: &[(Variant, Record)],
        runs: Runs,
        met: Vec<(UserId, String, HeadToHead)>,
    ) -> Card {
        let mut card = Card {
            games: games.to_vec(),
            streak: runs.run,
            best_streak: runs.best,
            ..Card::default()
        };
        for (_, r) in games {
            card.total += *r;
        }
        let people: Vec<Met> =
            met.into_iter().map(|(user, name, with)| Met { user, name, with }).collect();
        card.partner = people
            .iter()
            .filter(|p| p.with.together_won > 0)
            .max_by(|a, b| {
                (a.with.together_won, a.with.together)
                    .cmp(&(b.with.together_won, b.with.together))
                    .then_with(|| b.name.cmp(&a.name))
            })
            .cloned();
        let behind = |p: &Met| i64::from(p.with.second_ahead) - i64::from(p.with.first_ahead);
        card.nemesis = people
            .iter()
            .filter(|p| behind(p) > 0)
            .max_by(|a, b| {
                (behind(a), a.with.opposed)
                    .cmp(&(behind(b), b.with.opposed))
                    .then_with(|| b.name.cmp(&a.name))
            })
            .cloned();
        card
    }
}
