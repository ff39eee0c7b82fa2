//! The running totals `/me` ([`Card`]) and `/vs` ([`HeadToHead`]) read, kept per chat as its
//! matches finish so that neither reads the chat's matches: a person's line per game, their
//! runs of wins, and every two people's head-to-head per game, as each sees it.
//!
//! [`MatchTally::of`] is the one place that decides what a finished match adds to them; the
//! stores add it in the transaction that records the match, and [`ChatTally`] adds up a chat's
//! matches in memory (the memory store; the SQL stores' rebuild of a chat's history).
//! [`Card::of`] is the same fold over a list of matches, so the kept totals and a
//! recomputation from the matches cannot disagree.

use super::card::{Card, Record};
use super::rows::PlayedMatch;
use super::summary::SummaryPlayer;
use super::versus::HeadToHead;
use crate::engine::rules::Variant;
use crate::session::UserId;
use std::collections::BTreeMap;

/// Wins in a row up to the newest match, and the longest such run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Runs {
    pub run: u32,
    pub best: u32,
}

impl Runs {
    /// The runs after a match won or not.
    pub fn after(self, won: bool) -> Runs {
        let run = if won { self.run + 1 } else { 0 };
        Runs { run, best: self.best.max(run) }
    }
}

/// Where two people first met: the match's place among the chat's matches (oldest first: the
/// SQL stores' `matches` row id) and the other's first seat's place among its seats. It orders
/// a card's people as the matches did.
pub type FirstMet = (i64, u32);

/// One person's head-to-head with another in one game, as the first sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meeting {
    pub other: UserId,
    /// The other's name in the first match they met in.
    pub name: String,
    pub first: FirstMet,
    pub variant: Variant,
    pub with: HeadToHead,
}

/// What one finished match adds to its chat's tallies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchTally {
    pub variant: Variant,
    /// Each person at the table once (their first seat): their match, won or not, goat or not.
    pub people: Vec<(UserId, Record)>,
    /// Each ordered pair of people at the table: who, and the meeting as they see it.
    pub meetings: Vec<(UserId, Meeting)>,
}

impl MatchTally {
    /// What the match of `variant` played by `players`, at place `seq` among its chat's
    /// matches, adds. A match kept without its seats adds nothing.
    pub fn of(variant: Variant, players: &[SummaryPlayer], seq: i64) -> MatchTally {
        let mut seated: Vec<(u32, &SummaryPlayer, &UserId)> = Vec::new();
        for (i, p) in players.iter().enumerate() {
            if let Some(u) = &p.user
                && !seated.iter().any(|(_, _, s)| *s == u)
            {
                seated.push((i as u32, p, u));
            }
        }
        let people = seated
            .iter()
            .map(|(_, p, u)| {
                let record =
                    Record { matches: 1, wins: u32::from(p.won), goats: u32::from(p.goat) };
                ((*u).clone(), record)
            })
            .collect();
        let mut meetings = Vec::new();
        for (_, _, me) in &seated {
            for (at, p, other) in seated.iter().filter(|(_, _, o)| o != me) {
                let mut with = HeadToHead::default();
                with.add(players, me, other);
                let meeting = Meeting {
                    other: (*other).clone(),
                    name: p.name.clone(),
                    first: (seq, *at),
                    variant,
                    with,
                };
                meetings.push(((*me).clone(), meeting));
            }
        }
        MatchTally { variant, people, meetings }
    }
}

/// A chat's tallies added up in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatTally {
    pub records: BTreeMap<(UserId, Variant), Record>,
    pub runs: BTreeMap<UserId, Runs>,
    /// By (who, the other, game).
    pub meetings: BTreeMap<(UserId, UserId, Variant), Meeting>,
}

impl ChatTally {
    /// The tallies of `matches`, newest first (as the store lists them).
    pub fn of(matches: &[PlayedMatch]) -> ChatTally {
        let mut tally = ChatTally::default();
        for (seq, m) in matches.iter().rev().enumerate() {
            tally.add(&MatchTally::of(m.variant, &m.players, seq as i64));
        }
        tally
    }

    /// Adds a match, the newest.
    pub fn add(&mut self, t: &MatchTally) {
        for (user, record) in &t.people {
            *self.records.entry((user.clone(), t.variant)).or_default() += *record;
            let runs = self.runs.entry(user.clone()).or_default();
            *runs = runs.after(record.wins > 0);
        }
        for (me, m) in &t.meetings {
            let key = (me.clone(), m.other.clone(), m.variant);
            match self.meetings.get_mut(&key) {
                Some(kept) => kept.with += m.with,
                None => {
                    self.meetings.insert(key, m.clone());
                }
            }
        }
    }

    /// One person's tallies.
    pub fn person(&self, me: &UserId) -> PersonTally {
        let games =
            self.records.iter().filter(|((u, _), _)| u == me).map(|((_, v), r)| (*v, *r)).collect();
        let meetings =
            self.meetings.iter().filter(|((u, _, _), _)| u == me).map(|(_, m)| m.clone()).collect();
        PersonTally { games, runs: self.runs.get(me).copied().unwrap_or_default(), meetings }
    }
}

/// One person's tallies in a chat, as a store keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PersonTally {
    /// Their line per game (any order; games they played only).
    pub games: Vec<(Variant, Record)>,
    pub runs: Runs,
    /// Their meetings with every other person, per game (any order).
    pub meetings: Vec<Meeting>,
}

impl PersonTally {
    /// Their head-to-head with `other`, in every game or one.
    pub fn versus(&self, other: &UserId, game: Option<Variant>) -> HeadToHead {
        let mut h = HeadToHead::default();
        let theirs = self.meetings.iter().filter(|m| &m.other == other);
        for m in theirs.filter(|m| game.is_none_or(|g| g == m.variant)) {
            h += m.with;
        }
        h
    }

    /// Their card.
    pub fn card(&self) -> Card {
        // The people met, in the order first met, each with their games added up.
        let mut met: Vec<&Meeting> = self.meetings.iter().collect();
        met.sort_by_key(|m| (m.first, m.variant));
        let mut people: Vec<(UserId, String, HeadToHead)> = Vec::new();
        for m in met {
            match people.iter_mut().find(|(u, _, _)| *u == m.other) {
                Some((_, _, with)) => *with += m.with,
                None => people.push((m.other.clone(), m.name.clone(), m.with)),
            }
        }
        let mut games = self.games.clone();
        games.sort_by_key(|(v, _)| Variant::ALL.iter().position(|w| w == v));
        Card::from_parts(&games, self.runs, people)
    }
}
