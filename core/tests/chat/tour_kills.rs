//! A fixture's opening killed at each of its commit boundaries (issue 43): the table's commit,
//! then the tournament's `TableStarted`. What a kill leaves is the store as it was at that
//! boundary; a process started anew over the same SQLite file then drives the tournament.
//! Whatever the boundary, the fixture ends up with exactly one table, the one it records, and
//! is never opened again.

use crate::tour_kit::*;
use domino_core::chat::Chat;
use domino_core::engine::rules::Rules;
use domino_core::service::ManualClock;
use domino_core::session::{FixtureOf, Lang, NewTable, Table};
use domino_core::standings::tournament::FixtureState;
use domino_core::store::{SqliteStore, Store};
use std::path::Path;
use std::sync::Arc;

/// Where the kill falls.
#[derive(Copy, Clone, Debug)]
enum Kill {
    /// Before the table's commit: nothing of the opening is stored.
    BeforeTable,
    /// After the table's commit, before `TableStarted`: a table the tournament does not know.
    BeforeStarted,
    /// After both.
    AfterStarted,
}

async fn process(path: &Path, clock: &Arc<ManualClock>) -> Chat<SqliteStore> {
    chat_over(SqliteStore::open_path(path).await.unwrap(), clock.clone()).await
}

/// The open tables that play `of`.
async fn tables_of(chat: &Chat<SqliteStore>, of: FixtureOf) -> Vec<i64> {
    let open = chat.service().store().load_open().await.unwrap();
    open.into_iter().flatten().filter(|t| t.fixture == Some(of)).map(|t| t.id).collect()
}

/// Commits the fixture's table as the service's opening does, and nothing after it.
async fn commit_table_only(chat: &Chat<SqliteStore>, id: i64, now: i64) -> i64 {
    let d = doc(chat, id).await;
    let t = &d.tournament;
    let people: Vec<_> =
        t.fixtures[0].entrants().map(|e| t.entrants[e].people[0].clone()).collect();
    let new = NewTable {
        id: 0,
        chat: d.chat.clone(),
        number: 0,
        rules: Rules::from_options(t.game, &t.options, None).unwrap(),
        size: 2,
        lang: Lang::Ru,
        turn_secs: None,
        bot_level: Default::default(),
        seed: 99,
        clock: None,
    };
    let of = FixtureOf { tournament: id, fixture: 0 };
    let (mut table, events) = Table::fixture(new, of, people, now).unwrap();
    chat.service().store().create(&mut table, &events).await.unwrap();
    table.id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_at_each_boundary_of_a_fixture_s_opening_leaves_one_table() {
    for kill in [Kill::BeforeTable, Kill::BeforeStarted, Kill::AfterStarted] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("domino.db");
        let clock = Arc::new(ManualClock::new(T0));
        let first = process(&path, &clock).await;
        let id = started_duel(&first, Lang::Ru).await;
        let of = FixtureOf { tournament: id, fixture: 0 };
        let orphan = match kill {
            Kill::BeforeTable => None,
            Kill::BeforeStarted => Some(commit_table_only(&first, id, clock.now_ms()).await),
            Kill::AfterStarted => {
                first.service().fire_due().await;
                None
            }
        };
        let before = tables_of(&first, of).await;
        drop(first);
        // Started anew: the timer rounds that follow.
        let second = process(&path, &clock).await;
        for _ in 0..3 {
            clock.advance(11_000);
            second.service().fire_due().await;
        }
        let tables = tables_of(&second, of).await;
        assert_eq!(tables.len(), 1, "{kill:?}: tables {tables:?}");
        let d = doc(&second, id).await;
        assert_eq!(d.tournament.fixtures[0].state, FixtureState::Playing { table: tables[0] });
        match kill {
            Kill::BeforeTable => assert!(before.is_empty()),
            // The table committed before the kill is the one recorded, none opened beside it.
            Kill::BeforeStarted => assert_eq!(Some(tables[0]), orphan),
            Kill::AfterStarted => assert_eq!(tables, before),
        }
    }
}
