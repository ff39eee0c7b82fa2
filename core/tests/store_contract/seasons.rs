//! Seasons that start by themselves (`Store::start_season_after`), on every backend: of
//! callers starting the season after the same one, or the season due at the same instant, from
//! any process, exactly one starts it; a caller behind (or ahead of) the chat's season, or one
//! whose due turn was made (by another process, or before a restart), starts none.

use super::*;

/// Starts the season after `current`, due at `due`, in `chat` from `calls` tasks at once,
/// spread over `stores`; returns what each got. With `fresh`, each task reads the chat's
/// current season itself first, as a process that looks after another has turned it.
async fn race<S: Store>(
    stores: &[Arc<S>],
    chat: ChatId,
    current: Option<u32>,
    due: Millis,
    calls: usize,
) -> Vec<u32> {
    let tasks: Vec<_> = (0..calls)
        .map(|i| {
            let (store, chat) = (stores[i % stores.len()].clone(), chat.clone());
            let now = due + i as i64;
            tokio::spawn(async move {
                let current = match current {
                    Some(n) => n,
                    None => store.season(&chat).await?.number,
                };
                store.start_season_after(&chat, current, due, now).await
            })
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
    assert_eq!(race(stores, a.clone(), Some(1), T0, 4).await, [2]);
    let second = store.season(&a).await.unwrap();
    assert_eq!(second.number, 2);
    assert!((T0..T0 + 4).contains(&second.started_at));
    // Behind, or ahead of, the chat's season: nothing starts, nothing changes.
    assert_eq!(store.start_season_after(&a, 1, T0 + 10, T0 + 10).await.unwrap(), None);
    assert_eq!(store.start_season_after(&a, 3, T0 + 10, T0 + 10).await.unwrap(), None);
    assert_eq!(store.start_season_after(&a, 0, T0 + 10, T0 + 10).await.unwrap(), None);
    assert_eq!(store.season(&a).await.unwrap(), second);
    // From a season written down, again one of several; another chat is left alone.
    assert_eq!(race(stores, a.clone(), Some(2), T0 + 10, 3).await, [3]);
    assert_eq!(store.season(&b).await.unwrap(), Season { number: 1, started_at: 0 });
    assert_eq!(store.start_season_after(&b, 2, T0, T0).await.unwrap(), None);
    assert_eq!(store.season(&b).await.unwrap().number, 1);
    // `new_season` and the conditional start go on from each other.
    assert_eq!(store.new_season(&a, T0 + 20).await.unwrap().number, 4);
    assert_eq!(store.start_season_after(&a, 3, T0 + 21, T0 + 21).await.unwrap(), None);
    let fifth = store.start_season_after(&a, 4, T0 + 22, T0 + 22).await.unwrap();
    assert_eq!(fifth, Some(Season { number: 5, started_at: T0 + 22 }));
    assert_eq!(store.season(&a).await.unwrap(), fifth.unwrap());
}

/// The turn due at an instant is made once even by callers that read the chat's season after
/// another made it (a second process a moment late, a restart after a kill before the next
/// turn was planned): the season began at or after the due instant, so it is done.
async fn turns_each_due_instant_once<S: Store>(stores: &[Arc<S>]) {
    let store = &stores[0];
    let a = chat_a();
    let due = T0 + 1000;
    assert_eq!(store.start_season_after(&a, 1, due, due + 5).await.unwrap().unwrap().number, 2);
    // Late by a second, by a month: the current season (2) began after `due`.
    for later in [1000, 31 * 86_400_000] {
        let now = due + later;
        assert_eq!(store.start_season_after(&a, 2, due, now).await.unwrap(), None, "{later}");
    }
    assert_eq!(store.season(&a).await.unwrap(), Season { number: 2, started_at: due + 5 });
    // Callers that each read the season first, the same due instant: one turn in all.
    let next = due + 30 * 86_400_000;
    assert_eq!(race(stores, a.clone(), None, next, 6).await, [3]);
    assert_eq!(race(stores, a.clone(), None, next, 6).await, Vec::<u32>::new(), "done");
    assert_eq!(store.season(&a).await.unwrap().number, 3);
    // A season started by hand after a due instant stands for the turn due then; one started
    // before it does not.
    let manual = store.new_season(&a, next + 50).await.unwrap();
    assert_eq!(
        store.start_season_after(&a, manual.number, next + 40, next + 60).await.unwrap(),
        None
    );
    let turned = store.start_season_after(&a, manual.number, next + 51, next + 61).await.unwrap();
    assert_eq!(turned, Some(Season { number: manual.number + 1, started_at: next + 61 }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_store_starts_each_season_once() {
    starts_each_season_once(&[Arc::new(MemoryStore::new())]).await;
    turns_each_due_instant_once(&[Arc::new(MemoryStore::new())]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_starts_each_season_once_across_processes() {
    for run in ["a", "b"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("domino.db");
        let first = Arc::new(SqliteStore::open_path(&path).await.unwrap());
        let second = Arc::new(SqliteStore::open_path(&path).await.unwrap());
        match run {
            "a" => starts_each_season_once(&[first, second]).await,
            _ => turns_each_due_instant_once(&[first, second]).await,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_starts_each_season_once_across_processes() {
    for name in ["season_races", "season_due"] {
        let url = domino_pg_harness::server().database(name);
        let first = Arc::new(PgStore::open(&url).await.unwrap());
        let second = Arc::new(PgStore::open(&url).await.unwrap());
        match name {
            "season_races" => starts_each_season_once(&[first, second]).await,
            _ => turns_each_due_instant_once(&[first, second]).await,
        }
    }
}
