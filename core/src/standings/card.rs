//! A person's card (`/me`): their finished matches in a chat added up — per game, streaks,
//! the partner they win most with and the opponent they do worst against.

use super::rows::PlayedMatch;
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

impl Card {
    /// The card of `me` from `matches`, newest first (as the store lists them).
    pub fn of(matches: &[PlayedMatch], me: &UserId) -> Card {
        let mut card = Card::default();
        let mut per = [Record::default(); Variant::ALL.len()];
        let mut met: Vec<(UserId, String)> = Vec::new();
        let mut run = 0;
        // Oldest first for the runs; the current streak counts back from the newest.
        for m in matches.iter().rev() {
            let Some(mine) = m.players.iter().find(|p| p.user.as_ref() == Some(me)) else {
                continue;
            };
            let v = Variant::ALL.iter().position(|&v| v == m.variant).expect("a variant");
            for r in [&mut card.total, &mut per[v]] {
                r.matches += 1;
                r.wins += u32::from(mine.won);
                r.goats += u32::from(mine.goat);
            }
            run = if mine.won { run + 1 } else { 0 };
            card.best_streak = card.best_streak.max(run);
            for p in &m.players {
                if let Some(u) = p.user.as_ref().filter(|u| *u != me)
                    && !met.iter().any(|(w, _)| w == u)
                {
                    met.push((u.clone(), p.name.clone()));
                }
            }
        }
        for m in matches {
            let Some(mine) = m.players.iter().find(|p| p.user.as_ref() == Some(me)) else {
                continue;
            };
            if !mine.won {
                break;
            }
            card.streak += 1;
        }
        card.games = Variant::ALL.into_iter().zip(per).filter(|(_, r)| r.matches > 0).collect();
        let people: Vec<Met> = met
            .into_iter()
            .map(|(user, name)| {
                let with = HeadToHead::of(matches, me, &user);
                Met { user, name, with }
            })
            .collect();
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
