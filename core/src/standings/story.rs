//! A season's story, told when it ends: the champion of each game, the season's goat, and a
//! few lines of what happened (most matches, the longest winning run, the biggest climb).

use super::card::Card;
use super::ranking::{rated_order, rating_of};
use super::rating::{Rated, Rating, RatingChange};
use super::rows::{PlayedMatch, ScoreRow};
use super::tally::ChatTally;
use crate::engine::rules::Variant;
use crate::ids::UserId;

/// Someone the story names, with their number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub user: UserId,
    pub name: String,
    pub value: i64,
}

/// What a season came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeasonStory {
    /// Finished matches of the season (with a computer seat or not).
    pub matches: u32,
    /// The top of each game's person-only standings (`/top`'s first line), with their rating
    /// shown, in [`Variant::ALL`] order, the games played only.
    pub champions: Vec<(Variant, Named)>,
    /// The most goats (the losing side) of the season, in any game; ties go to fewer matches,
    /// then the name.
    pub goat: Option<Named>,
    pub most_matches: Option<Named>,
    /// The longest run of matches won in a row within the season (two at least).
    pub longest_run: Option<Named>,
    /// The biggest rise of a person's all-time rating (as shown, μ − 3σ) over the season, in
    /// any game; only a rise.
    pub climb: Option<Named>,
}

impl SeasonStory {
    /// The story of a season from its matches (newest first, as the store lists them), its
    /// person-only lines and ratings, and the all-time rating changes (oldest first) up to its
    /// end: those before `started_at` give where each person stood when it began.
    pub fn of(
        matches: &[PlayedMatch],
        rows: &[ScoreRow],
        ratings: &[Rating],
        changes: &[RatingChange],
        started_at: i64,
    ) -> SeasonStory {
        let mut story = SeasonStory { matches: matches.len() as u32, ..SeasonStory::default() };
        for v in Variant::ALL {
            let mut lines: Vec<ScoreRow> =
                rows.iter().filter(|r| r.variant == v).cloned().collect();
            rated_order(&mut lines, ratings);
            if let Some(top) = lines.first() {
                let shown = rating_of(ratings, top).map_or(0.0, Rating::shown);
                story.champions.push((v, named(&top.user, &top.name, shown.round() as i64)));
            }
        }
        let mut people: Vec<(UserId, String)> = Vec::new();
        for p in matches.iter().rev().flat_map(|m| &m.players) {
            if let Some(u) = &p.user {
                match people.iter_mut().find(|(w, _)| w == u) {
                    Some(known) => known.1 = p.name.clone(),
                    None => people.push((u.clone(), p.name.clone())),
                }
            }
        }
        let tally = ChatTally::of(matches);
        let cards: Vec<(&UserId, &String, Card)> =
            people.iter().map(|(u, n)| (u, n, tally.person(u).card())).collect();
        // The highest value, then the given tie-break (larger first), then the name.
        let best = |value: &dyn Fn(&Card) -> i64, tie: &dyn Fn(&Card) -> i64| {
            cards
                .iter()
                .filter(|(_, _, c)| value(c) > 0)
                .max_by(|a, b| {
                    (value(&a.2), tie(&a.2)).cmp(&(value(&b.2), tie(&b.2))).then(b.1.cmp(a.1))
                })
                .map(|(u, n, c)| named(u, n, value(c)))
        };
        let total = |c: &Card| i64::from(c.total.matches);
        story.goat = best(&|c| i64::from(c.total.goats), &|c| -total(c));
        story.most_matches = best(&total, &|c| i64::from(c.total.wins));
        // A run of one win is no story.
        story.longest_run = best(&|c| i64::from(c.best_streak), &total).filter(|r| r.value > 1);
        story.climb = climb(&people, changes, started_at);
        story
    }
}

fn named(user: &UserId, name: &str, value: i64) -> Named {
    Named { user: user.clone(), name: name.to_owned(), value }
}

/// The biggest rise of a person's all-time rating over the season: their last shown rating
/// less the one they had when it began (a newcomer's 0), in the game they rose most in.
fn climb(people: &[(UserId, String)], changes: &[RatingChange], started_at: i64) -> Option<Named> {
    let mut rises: Vec<(i64, &UserId, &String)> = Vec::new();
    for (user, name) in people {
        for v in Variant::ALL {
            let mine = changes.iter().filter(|c| {
                c.rating.variant == v && matches!(&c.rating.who, Rated::Player(u) if u == user)
            });
            let (mut before, mut after) = (Rating::new_shown(), None);
            for c in mine {
                if c.at < started_at {
                    before = c.rating.shown();
                } else {
                    after = Some(c.rating.shown());
                }
            }
            if let Some(after) = after {
                rises.push(((after - before).round() as i64, user, name));
            }
        }
    }
    rises
        .into_iter()
        .filter(|r| r.0 > 0)
        .max_by(|a, b| a.0.cmp(&b.0).then(b.2.cmp(a.2)))
        .map(|(rise, u, n)| named(u, n, rise))
}
