//! One contract for every [`Store`], run against the in-memory store, SQLite (a file, and
//! `sqlite::memory:`) and PostgreSQL (a server the tests start, see `domino-pg-harness`), on
//! tables and matches played through the session API.
//!
//! The bench that plays the tables is in `store_contract/bench.rs`, the contract itself in
//! `store_contract/contract.rs`; the other modules there check one part each (`long.rs`: a long
//! match, its snapshot per round; `rating_history.rs`: every rating change kept; `seasons.rs`:
//! seasons that start by themselves; `season_records.rs`: a season's match records;
//! `tournaments.rs`: tournaments kept, saved once per version, moved with their chat;
//! `tournament_due.rs`: which tournaments are due, read through the index; `tallies.rs`: what
//! `/me` and `/vs` read equals a recomputation from the matches).

use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, Lang, Millis, NewTable, Person, Phase,
    Platform, Robot, Simple, Table, UserId,
};
use domino_core::store::{
    ChatSettings, MatchSummary, MemoryStore, PairRow, PgStore, PlayedMatch, Rated, Rating,
    RatingChange, ScoreRow, Season, Span, SqliteStore, Store, StoreError, people_only, rate,
    rated_in,
};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

use bench::Bench;
use contract::contract;

#[path = "store_contract/bench.rs"]
mod bench;

#[path = "store_contract/contract.rs"]
mod contract;

#[path = "store_contract/reopening.rs"]
mod reopening;

#[path = "store_contract/races.rs"]
mod races;

#[path = "store_contract/moves.rs"]
mod moves;

#[path = "store_contract/shared.rs"]
mod shared;

#[path = "store_contract/long.rs"]
mod long;

#[path = "store_contract/rating_history.rs"]
mod rating_history;

#[path = "store_contract/seasons.rs"]
mod seasons;

#[path = "store_contract/season_records.rs"]
mod season_records;

#[path = "store_contract/tournaments.rs"]
mod tournaments;

#[path = "store_contract/tournament_due.rs"]
mod tournament_due;

#[path = "store_contract/tallies.rs"]
mod tallies;

const T0: Millis = 1_700_000_000_000;

fn chat_a() -> ChatId {
    ChatId::new(Platform::Telegram, "-1001")
}

fn chat_b() -> ChatId {
    ChatId::new(Platform::Discord, "guild-7")
}

fn people() -> [Person; 5] {
    let tg = |id: &str, name: &str| Person::new(UserId::new(Platform::Telegram, id), name);
    let erin = Person::new(UserId::new(Platform::Discord, "9"), "Erin");
    [tg("1", "Alice"), tg("2", "Bob"), tg("3", "Carol"), tg("4", "Dave"), erin]
}

fn rules(variant: Variant, options: Value) -> Rules {
    Rules::from_options(variant, &options, None).expect("valid rules")
}

fn as_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("serializable")
}

fn command(who: &Person, action: Action, version: u64) -> Command {
    Command { actor: Actor::person(who.clone()), action, version: Some(version) }
}

/// The active tables, every one of which reads.
async fn open_tables<S: Store>(store: &S) -> Vec<Table> {
    store.load_open().await.unwrap().into_iter().map(|t| t.expect("a table that reads")).collect()
}

/// Everything a store answers about the tables and chats of a contract run.
async fn dump<S: Store>(store: &S, ids: &[i64]) -> Value {
    let mut out = Vec::new();
    for &id in ids {
        out.push(json!({
            "table": as_json(&store.load(id).await.unwrap()),
            "events": as_json(&store.events(id).await.unwrap()),
        }));
    }
    out.push(as_json(&open_tables(store).await));
    for chat in [chat_a(), chat_b()] {
        for season in [None, Some(0), Some(1), Some(2), Some(3)] {
            out.push(json!([
                as_json(&store.scoreboard(&chat, season, None).await.unwrap()),
                as_json(&store.pair_scoreboard(&chat, season, None).await.unwrap()),
                as_json(&store.computer_scoreboard(&chat, season, None).await.unwrap()),
            ]));
        }
        for span in [Span::AllTime, Span::Season(1), Span::Season(2), Span::Season(3)] {
            out.push(as_json(&store.ratings(&chat, span, None).await.unwrap()));
            out.push(as_json(&store.rating_history(&chat, span, None).await.unwrap()));
            out.push(Value::Array(store.season_records(&chat, span, 100).await.unwrap()));
        }
        out.push(json!([
            as_json(&store.chat_settings(&chat).await.unwrap()),
            as_json(&store.season(&chat).await.unwrap()),
            store.last_record(&chat).await.unwrap(),
            as_json(&store.history(&chat, None, 100).await.unwrap()),
        ]));
    }
    Value::Array(out)
}

fn ids<S>(bench: &Bench<'_, S>) -> Vec<i64> {
    bench.logs.keys().copied().collect()
}
