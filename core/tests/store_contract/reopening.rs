//! A store closed and opened again (SQLite file, PostgreSQL) answers as before, runs no
//! migration twice and goes on where it stopped.

use super::*;
use sqlx::Connection;
use std::path::Path;

/// After a contract run and a reopening, the store goes on where it stopped: the first table
/// takes a rematch, and a new table gets the next id and the chat's next number.
async fn goes_on_after_reopening<S: Store>(store: &S, ids: &[i64]) -> Table {
    let [alice, bob, ..] = people();
    let mut duel = store.load(ids[0]).await.unwrap().expect("the first table");
    let events = duel.apply(&command(&bob, Action::Rematch, duel.version), T0).unwrap();
    store.commit(&duel, &events, None).await.unwrap();
    let (mut next, created) = Table::create(
        NewTable {
            id: 0,
            chat: chat_a(),
            number: 0,
            rules: Rules::new(Variant::Osel),
            size: 3,
            lang: Lang::En,
            turn_secs: Some(30),
            bot_level: BotLevel::Random,
            seed: 5,
            clock: None,
        },
        alice,
        T0,
    )
    .unwrap();
    store.create(&mut next, &created).await.unwrap();
    assert_eq!((next.id, next.number), (ids[ids.len() - 1] + 1, 5));
    duel
}

/// How many migrations the repository has for a backend (`sqlite`, `postgres`).
fn migrations_of(backend: &str) -> usize {
    std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").join(backend))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "sql"))
        .count()
}

#[tokio::test]
async fn sqlite_file_keeps_everything_across_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let url = format!("sqlite://{}", path.display());
    let store = SqliteStore::open(&url).await.unwrap();
    let ids = ids(&contract(&store).await);
    let before = dump(&store, &ids).await;
    drop(store);

    let store = SqliteStore::open(&url).await.unwrap();
    assert_eq!(dump(&store, &ids).await, before);
    let duel = goes_on_after_reopening(&store, &ids).await;
    store.close().await;

    // Opening again runs no migration twice; the scoreboards are plain tables.
    let store = SqliteStore::open_path(&path).await.unwrap();
    assert_eq!(as_json(&store.load(ids[0]).await.unwrap()), as_json(&Some(&duel)));
    drop(store);
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(applied as usize, migrations_of("sqlite"));
    let classic: i64 = sqlx::query_scalar(
        "SELECT SUM(matches) FROM player_stats WHERE chat_id = '-1001' AND variant = 'classic'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(classic, 2 + 2 + 1 + 1, "Alice and Bob: two matches in season 1, one in season 2");
}

#[tokio::test]
async fn postgres_keeps_everything_across_reopening() {
    // A database that does not exist yet: opening creates it.
    let server = domino_pg_harness::server();
    let url = server.url(&server.unique_name("reopen"));
    let store = PgStore::open(&url).await.unwrap();
    let ids = ids(&contract(&store).await);
    let before = dump(&store, &ids).await;
    store.close().await;

    let store = PgStore::open(&url).await.unwrap();
    assert_eq!(dump(&store, &ids).await, before);
    let duel = goes_on_after_reopening(&store, &ids).await;
    store.close().await;

    let store = PgStore::open(&url).await.unwrap();
    assert_eq!(as_json(&store.load(ids[0]).await.unwrap()), as_json(&Some(&duel)));
    store.close().await;
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(applied as usize, migrations_of("postgres"));
    let classic: i64 = sqlx::query_scalar(
        "SELECT SUM(matches)::BIGINT FROM player_stats WHERE chat_id = '-1001' AND variant = 'classic'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(classic, 2 + 2 + 1 + 1, "Alice and Bob: two matches in season 1, one in season 2");
}
