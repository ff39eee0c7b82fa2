//! Ratings that account for who you beat: Weng-Lin (Bayesian Bradley-Terry, the `skillratings`
//! crate) over person-only matches, per chat, per variant, per season and all time.
//!
//! - Pairs: the two sides are two teams of two; each pair of partners also has a rating of its
//!   own, the pair rated as one player against the other pair.
//! - Three or four players without pairs: a free-for-all ranked by the result: the winners first
//!   (in Kozel everybody but the goat), then whoever neither won nor lost, then the goat.
//! - Two players: one against one.
//!
//! A match with a computer seat, or a seat the computer played part of for a person who left
//! or was away, changes no rating. What `/top` shows is the conservative value
//! μ − 3σ (0 for a newcomer: 25 − 3 · 25/3), rounded.

use super::{MatchSummary, SummaryPlayer};
use crate::engine::rules::Variant;
use crate::session::{Millis, UserId};
use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{
    WengLinConfig, WengLinRating, weng_lin, weng_lin_multi_team, weng_lin_two_teams,
};

/// Whose rating: a person, or a pair of partners (in id order).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rated {
    Player(UserId),
    Pair([UserId; 2]),
}

/// Which ratings: one season's, or all time's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Span {
    Season(u32),
    AllTime,
}

impl Span {
    /// As the SQL stores key it: the season's number, 0 for all time.
    pub fn key(self) -> u32 {
        match self {
            Span::Season(n) => n,
            Span::AllTime => 0,
        }
    }
}

/// A rating: the skill's mean μ and its uncertainty σ, after `matches` rated matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub who: Rated,
    pub variant: Variant,
    pub mu: f64,
    pub sigma: f64,
    pub matches: u32,
}

/// A rating as a finished match left it (`Store::rating_history`): the rating after the
/// change, the table that played the match and when the match finished.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub rating: Rating,
    pub table_id: i64,
    pub at: Millis,
}

/// A newcomer's μ.
pub const MU0: f64 = 25.0;
/// A newcomer's σ.
pub const SIGMA0: f64 = 25.0 / 3.0;

impl Rating {
    /// A newcomer's rating.
    pub fn new(who: Rated, variant: Variant) -> Rating {
        Rating { who, variant, mu: MU0, sigma: SIGMA0, matches: 0 }
    }

    /// What a newcomer shows.
    pub fn new_shown() -> f64 {
        MU0 - 3.0 * SIGMA0
    }

    /// The value shown: μ − 3σ, which needs many matches to be high.
    pub fn shown(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    fn weng_lin(&self) -> WengLinRating {
        WengLinRating { rating: self.mu, uncertainty: self.sigma }
    }

    fn after(&self, r: &WengLinRating) -> Rating {
        Rating { mu: r.rating, sigma: r.uncertainty, matches: self.matches + 1, ..self.clone() }
    }
}

/// Whether a match changes ratings and counts in the people's standings: every seat is a
/// person's. A seat the computer played part of is its person's only when their side lost
/// (`SummaryPlayer::relieved`): leaving a lost match is a loss like resigning, and the others
/// keep their rated result. Where the computer had a hand in a seat that won or drew, the
/// seat is nobody's and the match is one with a computer.
pub fn people_only(m: &MatchSummary) -> bool {
    m.players.iter().all(|p| p.user.is_some())
}

/// Whose ratings a finished match changes: every person, and in a pair game both pairs
/// (first the players in seat order, then the pairs by side); nobody's with a computer seat.
pub fn rated_in(m: &MatchSummary) -> Vec<Rated> {
    if !people_only(m) {
        return Vec::new();
    }
    let mut out: Vec<Rated> =
        m.players.iter().filter_map(|p| p.user.clone().map(Rated::Player)).collect();
    if m.pairs {
        out.extend(pairs_by_side(m).into_iter().map(|(_, pair)| pair));
    }
    out
}

/// The pairs of a pair game by side: (side, the pair in id order).
fn pairs_by_side(m: &MatchSummary) -> Vec<(u8, Rated)> {
    m.partner_pairs()
        .into_iter()
        .map(|[a, b]| {
            let users = [a.user.clone().expect("a person"), b.user.clone().expect("a person")];
            (a.side, Rated::Pair(users))
        })
        .collect()
}

/// A seat's place in a free-for-all: the winners, then whoever neither won nor lost, then the
/// goat (a draw: all tied).
fn place(p: &SummaryPlayer) -> usize {
    match (p.won, p.goat) {
        (true, _) => 1,
        (false, false) => 2,
        (false, true) => 3,
    }
}

/// The ratings after a person-only match, given the ratings before (in [`rated_in`]'s order,
/// a newcomer's as [`Rating::new`]). Returns them in the same order; empty for a match with a
/// computer seat.
pub fn rate(m: &MatchSummary, before: &[Rating]) -> Vec<Rating> {
    let rated = rated_in(m);
    if rated.is_empty() || before.len() != rated.len() {
        return Vec::new();
    }
    let config = WengLinConfig::new();
    let players = &m.players;
    let mut out: Vec<Rating> = before.to_vec();
    if m.pairs && players.len() == 4 {
        let team = |side: u8| -> (Vec<usize>, Vec<WengLinRating>) {
            let idx: Vec<usize> = (0..players.len()).filter(|&i| players[i].side == side).collect();
            let ratings = idx.iter().map(|&i| before[i].weng_lin()).collect();
            (idx, ratings)
        };
        let ((i0, t0), (i1, t1)) = (team(0), team(1));
        let outcome = outcome_of(&players[i0[0]], &players[i1[0]]);
        let (n0, n1) = weng_lin_two_teams(&t0, &t1, &outcome, &config);
        for (i, r) in i0.iter().zip(&n0).chain(i1.iter().zip(&n1)) {
            out[*i] = before[*i].after(r);
        }
        // The pairs, each as one player against the other.
        let base = players.len();
        if before.len() == base + 2 {
            let sides: Vec<u8> = pairs_by_side(m).into_iter().map(|(s, _)| s).collect();
            let first = |side: u8| players.iter().find(|p| p.side == side).expect("a side");
            let outcome = outcome_of(first(sides[0]), first(sides[1]));
            let (a, b) =
                weng_lin(&before[base].weng_lin(), &before[base + 1].weng_lin(), &outcome, &config);
            out[base] = before[base].after(&a);
            out[base + 1] = before[base + 1].after(&b);
        }
    } else if players.len() == 2 {
        let outcome = outcome_of(&players[0], &players[1]);
        let (a, b) = weng_lin(&before[0].weng_lin(), &before[1].weng_lin(), &outcome, &config);
        out[0] = before[0].after(&a);
        out[1] = before[1].after(&b);
    } else {
        let teams: Vec<Vec<WengLinRating>> =
            (0..players.len()).map(|i| vec![before[i].weng_lin()]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(players)
            .map(|(t, p)| (t.as_slice(), MultiTeamOutcome::new(place(p))))
            .collect();
        let after = weng_lin_multi_team(&ranked, &config);
        for (i, team) in after.iter().enumerate() {
            out[i] = before[i].after(&team[0]);
        }
    }
    out
}

/// The result for the first of two seats.
fn outcome_of(a: &SummaryPlayer, b: &SummaryPlayer) -> skillratings::Outcomes {
    use skillratings::Outcomes;
    match place(a).cmp(&place(b)) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
    }
}
