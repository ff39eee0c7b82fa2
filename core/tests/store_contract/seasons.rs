//! Seasons that start by themselves (`Store::start_season_after`), on every backend: of
//! callers starting the season after the same one, from any process, exactly one starts it;
//! a caller behind (or ahead of) the chat's season starts none.

use super::*;

/// Starts the season after `current` in `chat` from `calls` tasks at once, spread over
/// `stores`; returns what each got.
async fn race<S: Store>(stores: &[Arc<S>], chat: ChatId, current: u32, calls: usize) -> Vec<u32> {
    let tasks: Vec<_> = (0..calls)
        .map(|i| {
            let (store, chat) = (stores[i % stores.len()].clone(), chat.clone());
            let now = T0 + i as i64;
            tokio::spawn(async move { store.start_season_after(&chat, current, now).await })
        })
        .collect();
    let mut started = Vec::new();
    for t in tasks {
        if let Some(season) = t.await.unwrap().expect("no store error") {
            started.push(season.number);
        }
    }
    started
}

async fn starts_each_season_once<S: Store>(stores: &[Arc<S>]) {
    let store = &stores[0];
    let (a, b) = (chat_a(), chat_b());
    // Season 1 is implicit: of four starting the one after it, one does.
    assert_eq!(race(stores, a.clone(), 1, 4).await, [2]);
    let second = store.season(&a).await.unwrap();
    assert_eq!(second.number, 2);
    assert!((T0..T0 + 4).contains(&second.started_at));
    // Behind, or ahead of, the chat's season: nothing starts, nothing changes.
    assert_eq!(store.start_season_after(&a, 1, T0 + 10).await.unwrap(), None);
    assert_eq!(store.start_season_after(&a, 3, T0 + 10).await.unwrap(), None);
    assert_eq!(store.start_season_after(&a, 0, T0 + 10).await.unwrap(), None);
    assert_eq!(store.season(&a).await.unwrap(), second);
    // From a season written down, again one of several; another chat is left alone.
    assert_eq!(race(stores, a.clone(), 2, 3).await, [3]);
    assert_eq!(store.season(&b).await.unwrap(), Season { number: 1, started_at: 0 });
    assert_eq!(store.start_season_after(&b, 2, T0).await.unwrap(), None);
    assert_eq!(store.season(&b).await.unwrap().number, 1);
    // `new_season` and the conditional start go on from each other.
    assert_eq!(store.new_season(&a, T0 + 20).await.unwrap().number, 4);
    assert_eq!(store.start_season_after(&a, 3, T0 + 21).await.unwrap(), None);
    let fifth = store.start_season_after(&a, 4, T0 + 22).await.unwrap();
    assert_eq!(fifth, Some(Season { number: 5, started_at: T0 + 22 }));
    assert_eq!(store.season(&a).await.unwrap(), fifth.unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_store_starts_each_season_once() {
    starts_each_season_once(&[Arc::new(MemoryStore::new())]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_starts_each_season_once_across_processes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let first = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    let second = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    starts_each_season_once(&[first, second]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_starts_each_season_once_across_processes() {
    let url = domino_pg_harness::server().database("season_races");
    let first = Arc::new(PgStore::open(&url).await.unwrap());
    let second = Arc::new(PgStore::open(&url).await.unwrap());
    starts_each_season_once(&[first, second]).await;
}
