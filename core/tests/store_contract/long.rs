//! A long match on every backend: what each commit writes does not grow with the rounds already
//! played (finished rounds are written once, apart from the snapshot), and the table read back
//! is the table in memory — through a restart, a refused commit, a snapshot stored whole before
//! the split, and a rematch (whose rounds start again at 0).

use super::*;
use sqlx::Connection;
use std::path::PathBuf;

/// Where a backend's rows can be looked at from outside the store.
enum Probe {
    Memory(Arc<MemoryStore>),
    Sqlite(PathBuf),
    Postgres(String),
}

impl Probe {
    /// Bytes of a table's snapshot and of all its finished rounds kept apart.
    async fn bytes(&self, id: i64) -> (u64, u64) {
        match self {
            Probe::Memory(m) => m.stored_bytes(id).expect("a stored table"),
            Probe::Sqlite(path) => {
                let mut db = sqlx::SqliteConnection::connect(&sqlite_url(path)).await.unwrap();
                let (s, r): (i64, i64) = sqlx::query_as(
                    "SELECT length(CAST(snapshot AS BLOB)),
                        (SELECT COALESCE(SUM(length(CAST(moves AS BLOB))), 0)
                         FROM table_rounds WHERE table_id = ?1)
                     FROM tables WHERE id = ?1",
                )
                .bind(id)
                .fetch_one(&mut db)
                .await
                .unwrap();
                (s as u64, r as u64)
            }
            Probe::Postgres(url) => {
                let mut db = sqlx::PgConnection::connect(url).await.unwrap();
                let (s, r): (i64, i64) = sqlx::query_as(
                    "SELECT CAST(octet_length(snapshot) AS BIGINT),
                        (SELECT CAST(COALESCE(SUM(octet_length(moves)), 0) AS BIGINT)
                         FROM table_rounds WHERE table_id = $1)
                     FROM tables WHERE id = $1",
                )
                .bind(id)
                .fetch_one(&mut db)
                .await
                .unwrap();
                (s as u64, r as u64)
            }
        }
    }

    /// Stores the table whole, as snapshots were stored before finished rounds were kept apart,
    /// with no round rows (the SQL backends; the memory store has no old rows).
    async fn store_whole(&self, table: &Table) -> bool {
        let whole = serde_json::to_string(table).unwrap();
        match self {
            Probe::Memory(_) => return false,
            Probe::Sqlite(path) => {
                let mut db = sqlx::SqliteConnection::connect(&sqlite_url(path)).await.unwrap();
                sqlx::query("UPDATE tables SET snapshot = ?1 WHERE id = ?2")
                    .bind(whole)
                    .bind(table.id)
                    .execute(&mut db)
                    .await
                    .unwrap();
                sqlx::query("DELETE FROM table_rounds WHERE table_id = ?1")
                    .bind(table.id)
                    .execute(&mut db)
                    .await
                    .unwrap();
            }
            Probe::Postgres(url) => {
                let mut db = sqlx::PgConnection::connect(url).await.unwrap();
                sqlx::query("UPDATE tables SET snapshot = $1 WHERE id = $2")
                    .bind(whole)
                    .bind(table.id)
                    .execute(&mut db)
                    .await
                    .unwrap();
                sqlx::query("DELETE FROM table_rounds WHERE table_id = $1")
                    .bind(table.id)
                    .execute(&mut db)
                    .await
                    .unwrap();
            }
        }
        true
    }
}

fn sqlite_url(path: &std::path::Path) -> String {
    format!("sqlite://{}", path.display())
}

/// The move codes of a round as the store writes them.
fn round_bytes(table: &Table, round: usize) -> u64 {
    let game = table.game.as_ref().unwrap();
    let codes: Vec<String> = game.rounds[round].iter().map(|(s, m)| format!("{s}{m}")).collect();
    serde_json::to_string(&codes).unwrap().len() as u64
}

/// The move codes of the match's finished rounds.
fn finished_bytes(table: &Table) -> u64 {
    (0..rounds_of(table).max(1) - 1).map(|r| round_bytes(table, r)).sum()
}

fn rounds_of(table: &Table) -> usize {
    table.game.as_ref().map_or(0, |g| g.rounds.len())
}

/// The person to move makes a legal move picked by the version; returns the events.
fn step(table: &mut Table, now: Millis) -> Vec<Event> {
    let seat = table.to_move().expect("a person to move");
    let who = table.seats[seat].as_ref().unwrap().person().unwrap().clone();
    let legal = table.live().unwrap().legal_moves(seat);
    let mv = legal[(table.version as usize * 7 + seat) % legal.len()];
    table.apply(&command(&who, Action::Move { mv }, table.version), now).expect("a legal move")
}

/// What the store gives back is the table in memory, by `load` and among `load_open`.
async fn reads_back<S: Store>(store: &S, table: &Table) {
    let loaded = store.load(table.id).await.unwrap().expect("stored");
    assert_eq!(as_json(&loaded), as_json(table), "load at version {}", table.version);
    let open = open_tables(store).await;
    let found = open.iter().find(|t| t.id == table.id).expect("open");
    assert_eq!(as_json(found), as_json(table), "load_open at version {}", table.version);
}

/// Plays `rounds` more rounds, committing every move; checks what each commit wrote (the table's
/// round rows are `other`'s — earlier matches' — and this match's finished rounds, each once)
/// and reads the table back every ten rounds. Returns the largest snapshot seen, less the round
/// in play.
async fn play<S: Store>(
    store: &S,
    probe: &Probe,
    table: &mut Table,
    rounds: usize,
    other: u64,
) -> u64 {
    let until = rounds_of(table) + rounds;
    let mut largest = 0;
    let mut now = T0 + table.version as i64 * 1000;
    while rounds_of(table) < until {
        now += 1000;
        let dealt = rounds_of(table);
        let before = table.clone();
        let events = step(table, now);
        store.commit(table, &events, None).await.unwrap();
        let (snapshot, rows) = probe.bytes(table.id).await;
        assert_eq!(rows, other + finished_bytes(table), "round rows at version {}", table.version);
        // The snapshot holds the round in play, not the match.
        let in_play = round_bytes(table, rounds_of(table) - 1);
        largest = largest.max(snapshot.saturating_sub(in_play));
        if rounds_of(table) > dealt && rounds_of(table).is_multiple_of(10) {
            reads_back(store, table).await;
            // A commit refused on its version writes no round rows.
            let mut stale = before;
            let again = step(&mut stale, now);
            assert!(matches!(
                store.commit(&stale, &again, None).await,
                Err(StoreError::Conflict { .. })
            ));
            assert_eq!(probe.bytes(table.id).await, (snapshot, rows), "a refused commit");
        }
    }
    largest
}

async fn long_match<S: Store, F: std::future::Future<Output = Arc<S>>>(
    store: Arc<S>,
    probe: Probe,
    reopen: impl Fn() -> F,
) {
    let [alice, bob, ..] = people();
    let mut bench = Bench::new(&*store);
    let long = rules(Variant::Kozel, json!({"target": 1_000_000}));
    let mut table = bench.open(&chat_a(), long, 2, &alice).await;
    bench.act(&mut table, &bob, Action::Join { seat: None }).await;
    assert_eq!(table.phase, Phase::Playing);

    // The bytes past the round in play stay what they were in the first rounds.
    let early = play(&*store, &probe, &mut table, 5, 0).await;
    let late = play(&*store, &probe, &mut table, 30, 0).await;
    assert!(late <= early + 64, "the snapshot grew with the match: {early} then {late}");
    let whole = serde_json::to_string(&table).unwrap().len() as u64;
    let (snapshot, _) = probe.bytes(table.id).await;
    assert!(snapshot * 4 < whole, "snapshot {snapshot} bytes, the whole match {whole}");

    // A restart reads the same table, and play goes on from what it read.
    drop(bench);
    drop(store);
    let store = reopen().await;
    reads_back(&*store, &table).await;
    let mut table = store.load(table.id).await.unwrap().unwrap();
    play(&*store, &probe, &mut table, 3, 0).await;

    // A snapshot stored whole (before the split) reads, and its next commit moves its rounds out.
    if probe.store_whole(&table).await {
        reads_back(&*store, &table).await;
        play(&*store, &probe, &mut table, 1, 0).await;
        reads_back(&*store, &table).await;
        assert!(probe.bytes(table.id).await.0 * 4 < whole);
    }

    // A rematch: a new match whose rounds start again at 0, beside the first one's.
    let events = table.apply(&command(&alice, Action::Resign, table.version), T0).unwrap();
    let summary = MatchSummary::of(&table, T0).unwrap();
    store.commit(&table, &events, Some(&summary)).await.unwrap();
    let mut table = store.load(table.id).await.unwrap().unwrap();
    assert_eq!(table.phase, Phase::Finished);
    let first = probe.bytes(table.id).await.1;
    assert_eq!(first, finished_bytes(&table));
    let events = table.apply(&command(&bob, Action::Rematch, table.version), T0).unwrap();
    store.commit(&table, &events, None).await.unwrap();
    play(&*store, &probe, &mut table, 12, first).await;
    reads_back(&*store, &table).await;
    let log = store.events(table.id).await.unwrap();
    domino_core::store::log_replays(&table, &log).expect("the log replays to the table");
}

#[tokio::test]
async fn memory_store_writes_each_round_once() {
    let store = Arc::new(MemoryStore::new());
    let again = store.clone();
    long_match(store.clone(), Probe::Memory(store), || {
        let again = again.clone();
        async move { again }
    })
    .await;
}

#[tokio::test]
async fn sqlite_writes_each_round_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let store = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    let reopen = || async { Arc::new(SqliteStore::open_path(&path).await.unwrap()) };
    long_match(store, Probe::Sqlite(path.clone()), reopen).await;
}

#[tokio::test]
async fn postgres_writes_each_round_once() {
    let url = domino_pg_harness::server().database("long");
    let store = Arc::new(PgStore::open(&url).await.unwrap());
    let reopen = || async { Arc::new(PgStore::open(&url).await.unwrap()) };
    long_match(store, Probe::Postgres(url.clone()), reopen).await;
}
