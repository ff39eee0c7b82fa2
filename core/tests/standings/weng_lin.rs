//! Weng-Lin by hand: the rating update written from the paper, and the ratings the season
//! must leave.

use super::*;
use domino_core::standings::Rating;
use std::collections::BTreeMap;

const BETA: f64 = 25.0 / 6.0;
const KAPPA: f64 = 1e-6;

/// One update of Algorithm 1 (Bradley-Terry, full pairing): teams of (μ, σ) with their ranks
/// (lower is better, equal ranks tie).
fn weng_lin(teams: &[(Vec<(f64, f64)>, u32)]) -> Vec<Vec<(f64, f64)>> {
    let mu: Vec<f64> = teams.iter().map(|(t, _)| t.iter().map(|p| p.0).sum()).collect();
    let var: Vec<f64> = teams.iter().map(|(t, _)| t.iter().map(|p| p.1 * p.1).sum()).collect();
    let mut out = Vec::new();
    for (i, (team, rank)) in teams.iter().enumerate() {
        let (mut omega, mut delta) = (0.0, 0.0);
        for (q, (_, other)) in teams.iter().enumerate() {
            if q == i {
                continue;
            }
            let c = (var[i] + var[q] + 2.0 * BETA * BETA).sqrt();
            let p_iq = (mu[i] / c).exp() / ((mu[i] / c).exp() + (mu[q] / c).exp());
            let s = match rank.cmp(other) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            let gamma = var[i].sqrt() / c;
            omega += var[i] / c * (s - p_iq);
            delta += gamma * var[i] / (c * c) * p_iq * (1.0 - p_iq);
        }
        out.push(
            team.iter()
                .map(|&(m, sd)| {
                    let share = sd * sd / var[i];
                    (m + share * omega, (sd * sd * (1.0 - share * delta).max(KAPPA)).sqrt())
                })
                .collect(),
        );
    }
    out
}

/// The ratings the season must leave, worked out match by match with [`weng_lin`]: sides
/// ranked winners, then neither, then the goat; pairs also rated as one player each.
pub(super) fn expected_ratings() -> BTreeMap<(Rated, Variant), (f64, f64, u32)> {
    let mut now: BTreeMap<(Rated, Variant), (f64, f64, u32)> = BTreeMap::new();
    for p in season() {
        if p.seats.iter().any(|s| s.0 == "bot") {
            continue;
        }
        let rank = |s: &S| {
            if s.2 {
                1
            } else if s.3 {
                3
            } else {
                2
            }
        };
        let get = |now: &BTreeMap<_, (f64, f64, u32)>, who: &Rated| {
            now.get(&(who.clone(), p.variant)).copied().unwrap_or((25.0, 25.0 / 3.0, 0))
        };
        // Sides as teams: each player alone, or the two partners.
        let sides: Vec<u8> = {
            let mut v: Vec<u8> = p.seats.iter().map(|s| s.1).collect();
            v.sort();
            v.dedup();
            v
        };
        let members = |side: u8| p.seats.iter().filter(move |s| s.1 == side);
        let teams: Vec<(Vec<(f64, f64)>, u32)> = sides
            .iter()
            .map(|&side| {
                let ratings = members(side)
                    .map(|s| {
                        let (m, sd, _) = get(&now, &Rated::Player(user(s.0)));
                        (m, sd)
                    })
                    .collect();
                (ratings, rank(members(side).next().unwrap()))
            })
            .collect();
        let after = weng_lin(&teams);
        for (k, &side) in sides.iter().enumerate() {
            for (s, &(m, sd)) in members(side).zip(&after[k]) {
                let who = Rated::Player(user(s.0));
                let n = get(&now, &who).2;
                now.insert((who, p.variant), (m, sd, n + 1));
            }
        }
        if p.pairs {
            let pair_of = |side: u8| {
                let mut u: Vec<UserId> = members(side).map(|s| user(s.0)).collect();
                u.sort();
                Rated::Pair([u[0].clone(), u[1].clone()])
            };
            let whos: Vec<Rated> = sides.iter().map(|&s| pair_of(s)).collect();
            let teams: Vec<(Vec<(f64, f64)>, u32)> = sides
                .iter()
                .zip(&whos)
                .map(|(&side, who)| {
                    let (m, sd, _) = get(&now, who);
                    (vec![(m, sd)], rank(members(side).next().unwrap()))
                })
                .collect();
            let after = weng_lin(&teams);
            for (who, team) in whos.into_iter().zip(after) {
                let n = get(&now, &who).2;
                now.insert((who, p.variant), (team[0].0, team[0].1, n + 1));
            }
        }
    }
    now
}

pub(super) fn assert_ratings(got: &[Rating], span: &str) {
    let want = expected_ratings();
    assert_eq!(got.len(), want.len(), "{span}: {got:?}");
    for r in got {
        let (mu, sigma, n) = want[&(r.who.clone(), r.variant)];
        let close = (r.mu - mu).abs() < 1e-9 && (r.sigma - sigma).abs() < 1e-9;
        assert!(close && r.matches == n, "{span}: {r:?}, expected μ {mu}, σ {sigma}, {n}");
    }
}
