//! How long `SqliteStore::load_open` takes at start-up with many open tables: fills a temporary
//! database with lobbies and started matches (half each), reopens it and times `load_open`.
//!
//! `cargo run --release -p domino-core --example load_open [tables]` (10,000 by default).

use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Lang, NewTable, Person, Platform, Simple, Table,
    UserId,
};
use domino_core::store::{SqliteStore, Store};
use std::time::Instant;

const T0: i64 = 1_700_000_000_000;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let count: usize = std::env::args().nth(1).map_or(Ok(10_000), |a| a.parse())?;
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("domino.db");
    let store = SqliteStore::open_path(&path).await?;

    let started = Instant::now();
    for i in 0..count {
        let host =
            Person::new(UserId::new(Platform::Telegram, format!("{i}")), format!("Player {i}"));
        let (variant, size) =
            [(Variant::Classic, 2), (Variant::Kozel, 3), (Variant::Telefon, 4)][i % 3];
        let new = NewTable {
            id: 0,
            chat: ChatId::new(Platform::Telegram, format!("-100{}", i % 500)),
            number: 0,
            rules: Rules::new(variant),
            size,
            lang: Lang::Ru,
            turn_secs: Some(60),
            bot_level: BotLevel::Greedy,
            seed: i as u64,
            clock: None,
        };
        let (mut table, events) = Table::create(new, host.clone(), T0)?;
        store.create(&mut table, &events).await?;
        if i % 2 == 1 {
            // A started match: the computer players fill the seats and move until the host's turn.
            let start =
                Command { actor: Actor::person(host), action: Action::Start, version: Some(0) };
            let mut events = table.apply(&start, T0 + 1000)?;
            events.extend(table.play_robots(T0 + 1000, &Simple));
            store.commit(&table, &events, None).await?;
        }
    }
    println!("created {count} open tables in {:.2?}", started.elapsed());
    store.close().await;

    let store = SqliteStore::open_path(&path).await?;
    for run in 1..=3 {
        let t = Instant::now();
        let tables = store.load_open().await?;
        assert_eq!(tables.len(), count);
        println!("load_open run {run}: {} tables in {:.2?}", tables.len(), t.elapsed());
    }
    let bytes = std::fs::metadata(&path)?.len()
        + std::fs::metadata(path.with_extension("db-wal")).map_or(0, |m| m.len());
    println!("database: {:.1} MB", bytes as f64 / 1e6);
    store.close().await;
    Ok(())
}
