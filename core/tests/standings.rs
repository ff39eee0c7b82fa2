//! A season of several matches in one chat — duels, three players, pairs, a match with a
//! computer — committed through the store (memory and SQLite), then the standings, the pair
//! table, the history and the ratings checked against what this test works out by itself:
//! the Weng-Lin update written here by hand from the paper (Weng & Lin 2011, Algorithm 1, the
//! Bradley-Terry model with full pairing), not by calling `skillratings`. `/top`, `/top pairs`
//! and `/history` are then asked through the chat layer, and `/export`'s files checked
//! (`standings/export.rs`).

use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    BotLevel, ChatId, Lang, Millis, NewTable, Person, Platform, Table, UserId,
};
use domino_core::standings::{MatchSummary, Rated, SummaryPlayer};
use domino_core::store::Store;

#[path = "standings/weng_lin.rs"]
mod weng_lin;

#[path = "standings/checks.rs"]
mod checks;

#[path = "standings/league.rs"]
mod league;

#[path = "standings/export.rs"]
mod export;

#[path = "standings/export_many.rs"]
mod export_many;

#[path = "standings/zones.rs"]
mod zones;

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
        match_no: 1,
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
                relieved: false,
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

#[path = "standings/tournament_news.rs"]
mod tournament_news;
