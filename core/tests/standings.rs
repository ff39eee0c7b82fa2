//! A season of several matches in one chat — duels, three players, pairs, a match with a
//! computer — committed through the store (memory and SQLite), then the standings, the pair
//! table, the history and the ratings checked against what this test works out by itself:
//! the Weng-Lin update written here by hand from the paper (Weng & Lin 2011, Algorithm 1, the
//! Bradley-Terry model with full pairing), not by calling `skillratings`. `/top`, `/top pairs`
//! and `/history` are then asked through the chat layer.

use domino_core::chat::{Answer, Args, Body, Chat, Cmd, From, Request};
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::{
    BotLevel, ChatId, Lang, Millis, NewTable, Person, Platform, Simple, Table, UserId,
};
use domino_core::store::{
    MatchSummary, MemoryStore, PairRow, Rated, Rating, Span, SqliteStore, Store, SummaryPlayer,
};
use std::collections::BTreeMap;
use std::sync::Arc;

const T0: Millis = 1_764_590_400_000; // 2025-12-01 12:00 UTC

fn chat() -> ChatId {
    ChatId::new(Platform::Telegram, "-100777")
}

fn user(name: &str) -> UserId {
    UserId::new(Platform::Telegram, name.to_lowercase())
}

/// A seat of a match: a person by name, or `None` for a computer; its side; the result.
struct S(&'static str, u8, bool, bool, u32);

/// One match of the season: the game, pairs or not, the seats.
struct Played {
    variant: Variant,
    pairs: bool,
    seats: Vec<S>,
}

fn season() -> Vec<Played> {
    let kozel = Variant::Kozel;
    vec![
        // Anna beats Boris; Boris is the goat.
        Played {
            variant: kozel,
            pairs: false,
            seats: vec![S("Anna", 0, true, false, 12), S("Boris", 1, false, true, 104)],
        },
        // Three players: Vera is the goat, the others win.
        Played {
            variant: kozel,
            pairs: false,
            seats: vec![
                S("Anna", 0, true, false, 30),
                S("Boris", 1, true, false, 44),
                S("Vera", 2, false, true, 101),
            ],
        },
        // Anna + Vera against Boris + Gleb: Boris + Gleb are the goat.
        Played {
            variant: kozel,
            pairs: true,
            seats: vec![
                S("Anna", 0, true, false, 40),
                S("Boris", 1, false, true, 102),
                S("Vera", 0, true, false, 40),
                S("Gleb", 1, false, true, 102),
            ],
        },
        // With a computer: kept apart, rates nobody.
        Played {
            variant: kozel,
            pairs: false,
            seats: vec![S("Vera", 0, true, false, 20), S("bot", 1, false, true, 101)],
        },
        // Four players each alone: Gleb the goat.
        Played {
            variant: kozel,
            pairs: false,
            seats: vec![
                S("Anna", 0, true, false, 50),
                S("Boris", 1, true, false, 60),
                S("Vera", 2, true, false, 70),
                S("Gleb", 3, false, true, 101),
            ],
        },
        // Pairs again: Anna + Vera are the goat this time.
        Played {
            variant: kozel,
            pairs: true,
            seats: vec![
                S("Anna", 0, false, true, 110),
                S("Boris", 1, true, false, 80),
                S("Vera", 0, false, true, 110),
                S("Gleb", 1, true, false, 80),
            ],
        },
        // Another game: Gleb beats Anna at dominoes (Classic: a winner, no goat).
        Played {
            variant: Variant::Classic,
            pairs: false,
            seats: vec![S("Gleb", 0, true, false, 25), S("Anna", 1, false, false, 10)],
        },
    ]
}

fn summary(i: usize, p: &Played, table_id: i64) -> MatchSummary {
    let total: u32 = p.seats.iter().map(|s| s.4).sum::<u32>() / if p.pairs { 2 } else { 1 };
    MatchSummary {
        chat: chat(),
        table_id,
        variant: p.variant,
        pairs: p.pairs,
        rounds: 5,
        finished_at: T0 + i as Millis * 3_600_000,
        players: p
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| SummaryPlayer {
                user: (s.0 != "bot").then(|| user(s.0)),
                name: s.0.into(),
                seat: seat as u8,
                side: s.1,
                won: s.2,
                goat: s.3,
                points_for: s.4,
                points_against: total - s.4,
            })
            .collect(),
        record: serde_json::json!({"format": "domino-record/1", "match": i}),
    }
}

/// Commits each match of the season as the finishing commit of a table of its own.
async fn play_season<S: Store>(store: &S) -> Vec<i64> {
    let mut ids = Vec::new();
    for (i, p) in season().iter().enumerate() {
        let new = NewTable {
            id: 0,
            chat: chat(),
            number: 0,
            rules: Rules::new(p.variant),
            size: 2,
            lang: Lang::Ru,
            turn_secs: None,
            bot_level: BotLevel::Greedy,
            seed: i as u64,
            clock: None,
        };
        let host = Person::new(user("Anna"), "Anna");
        let (mut table, events): (Table, _) = Table::create(new, host, T0).unwrap();
        store.create(&mut table, &events).await.unwrap();
        table.version += 1;
        let m = summary(i, p, table.id);
        store.commit(&table, &[], Some(&m)).await.unwrap();
        ids.push(table.id);
    }
    ids
}

// --- Weng-Lin by hand -------------------------------------------------------------------

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
fn expected_ratings() -> BTreeMap<(Rated, Variant), (f64, f64, u32)> {
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

fn assert_ratings(got: &[Rating], span: &str) {
    let want = expected_ratings();
    assert_eq!(got.len(), want.len(), "{span}: {got:?}");
    for r in got {
        let (mu, sigma, n) = want[&(r.who.clone(), r.variant)];
        let close = (r.mu - mu).abs() < 1e-9 && (r.sigma - sigma).abs() < 1e-9;
        assert!(close && r.matches == n, "{span}: {r:?}, expected μ {mu}, σ {sigma}, {n}");
    }
}

async fn check_season<S: Store>(store: S) {
    let ids = play_season(&store).await;
    let a = chat();

    // Standings: person-only matches, one line per person and game.
    let lines: Vec<(String, Variant, u32, u32, u32)> = store
        .scoreboard(&a, None, None)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.name, r.variant, r.matches, r.wins, r.goats))
        .collect();
    let line = |n: &str, v, m, w, g| (n.to_owned(), v, m, w, g);
    assert_eq!(
        lines,
        [
            line("Anna", Variant::Classic, 1, 0, 0),
            line("Anna", Variant::Kozel, 5, 4, 1),
            line("Boris", Variant::Kozel, 5, 3, 2),
            line("Gleb", Variant::Classic, 1, 1, 0),
            line("Gleb", Variant::Kozel, 3, 1, 2),
            line("Vera", Variant::Kozel, 4, 2, 2),
        ]
    );
    // The match with a computer, apart.
    let apart = store.computer_scoreboard(&a, None, None).await.unwrap();
    assert_eq!(apart.len(), 1);
    assert_eq!((apart[0].name.as_str(), apart[0].matches, apart[0].wins), ("Vera", 1, 1));

    // The pair table: partners in id order.
    let pair = |x: &str, y: &str, m, w, g| PairRow {
        users: [user(x), user(y)],
        names: [x.into(), y.into()],
        variant: Variant::Kozel,
        matches: m,
        wins: w,
        goats: g,
    };
    assert_eq!(
        store.pair_scoreboard(&a, None, None).await.unwrap(),
        [pair("Anna", "Vera", 2, 1, 1), pair("Boris", "Gleb", 2, 1, 1)]
    );

    // History: newest first, with its seats.
    let history = store.history(&a, None, 10).await.unwrap();
    let order: Vec<i64> = history.iter().map(|m| m.table_id).collect();
    assert_eq!(order, ids.iter().rev().copied().collect::<Vec<_>>());
    assert_eq!(history[0].variant, Variant::Classic);
    assert_eq!(history[1].players.iter().filter(|p| p.goat).count(), 2);
    assert_eq!(store.history(&a, Some(Variant::Classic), 10).await.unwrap().len(), 1);

    // Ratings, season and all time alike (one season), against the hand computation.
    assert_ratings(&store.ratings(&a, Span::Season(1), None).await.unwrap(), "season 1");
    assert_ratings(&store.ratings(&a, Span::AllTime, None).await.unwrap(), "all time");

    // The chat layer draws them: `/top` in rating order, `/top pairs`, `/history`.
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let clock = Arc::new(ManualClock::new(T0 + 86_400_000));
    let svc = Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap();
    let door = Chat::new(svc);
    let from =
        From { member_of: None, ..From::member(a.clone(), Person::new(user("Anna"), "Anna")) };
    let ask = |args: Args, cmd: Cmd| {
        let door = &door;
        let from = &from;
        async move { text(door.handle(from, Request::Command(cmd, args)).await) }
    };
    let top = ask(Args { game: Some(Variant::Kozel), ..Args::default() }, Cmd::Top).await;
    let want = expected_ratings();
    let mut kozel: Vec<(&str, f64)> = ["Anna", "Boris", "Vera", "Gleb"]
        .into_iter()
        .map(|n| {
            let (mu, sigma, _) = want[&(Rated::Player(user(n)), Variant::Kozel)];
            (n, mu - 3.0 * sigma)
        })
        .collect();
    kozel.sort_by(|x, y| y.1.total_cmp(&x.1));
    let places: Vec<usize> =
        kozel.iter().map(|(n, _)| top.find(&format!(" {n} — ")).unwrap()).collect();
    assert!(places.is_sorted(), "/top in rating order {kozel:?}:\n{top}");
    let (first, value) = kozel[0];
    assert!(
        top.contains(&format!("{first} — "))
            && top.contains(&format!("рейтинг {}", value.round() as i64)),
        "{top}"
    );
    assert!(top.contains("Порядок — по рейтингу"), "{top}");

    let pairs = ask(Args { pairs_table: true, ..Args::default() }, Cmd::Top).await;
    assert!(pairs.contains("Anna + Vera — 2 матча, 1 победа, 🐐 1, рейтинг"), "{pairs}");
    let bots = ask(Args { computer: true, ..Args::default() }, Cmd::Top).await;
    assert!(bots.contains("Vera — 1 матч, 1 победа, 🐐 0") && !bots.contains("Anna"), "{bots}");

    let listed = ask(Args { count: Some(3), ..Args::default() }, Cmd::History).await;
    assert!(listed.starts_with("📜 Последние матчи: 3"), "{listed}");
    assert!(listed.contains("Anna + Vera 110 · Boris + Gleb 80 — 🐐 Anna + Vera"), "{listed}");
    assert!(listed.contains("Gleb 25 · Anna 10 — 🏆 Gleb"), "{listed}");
    assert!(listed.contains("01.12.2025 18:00 UTC · Домино"), "{listed}");
    let refused = ask(Args { count: Some(99), ..Args::default() }, Cmd::History).await;
    assert!(refused.contains("от 1 до 30"), "{refused}");
}

fn text(answer: Answer) -> String {
    match answer.reply.map(|r| r.body) {
        Some(Body::Text(t) | Body::Long(t)) => t,
        other => panic!("a text, not {other:?}"),
    }
}

#[tokio::test]
async fn a_season_gives_the_standings_pairs_history_and_ratings_in_memory() {
    check_season(MemoryStore::new()).await;
}

#[tokio::test]
async fn a_season_gives_the_standings_pairs_history_and_ratings_in_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    check_season(SqliteStore::open_path(&dir.path().join("season.db")).await.unwrap()).await;
}
