//! Several writers on one database at once: one wins each race, numbers stay distinct.

use super::*;

/// Several writers at once, through `stores` (two stores on one database act as two
/// processes): of commits carrying the same version exactly one wins; tables created in one
/// chat at once get distinct numbers; of settings changes made on the same version one wins;
/// seasons started at once get distinct numbers.
async fn one_writer_wins_each_race<S: Store>(stores: &[Arc<S>]) {
    let [alice, bob, carol, dave, erin] = people();
    let mut bench = Bench::new(&*stores[0]);
    let lobby = bench.open(&chat_a(), rules(Variant::Classic, json!({})), 4, &alice).await;
    let store = |i: usize| stores[i % stores.len()].clone();
    let joins: Vec<_> = [bob, carol, dave, erin]
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let (store, mut table) = (store(i), lobby.clone());
            tokio::spawn(async move {
                let cmd = command(&p, Action::Join { seat: None }, 0);
                let events = table.apply(&cmd, T0).unwrap();
                store.commit(&table, &events, None).await
            })
        })
        .collect();
    let mut results = Vec::new();
    for t in joins {
        results.push(t.await.unwrap());
    }
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
    assert!(results.iter().all(
        |r| r.is_ok() || matches!(r, Err(StoreError::Conflict { stored: 1, expected: 0, .. }))
    ));
    let log = stores[0].events(lobby.id).await.unwrap();
    assert_eq!(log.len(), 2);
    assert!(matches!(log[1], (1, Event::Joined { seat: 1, .. })));

    let creates: Vec<_> = (0..6)
        .map(|i| {
            let (store, host) = (store(i), alice.clone());
            tokio::spawn(async move {
                let new = NewTable {
                    id: 0,
                    chat: chat_b(),
                    number: 0,
                    rules: Rules::new(Variant::Kozel),
                    size: 2,
                    lang: Lang::Ru,
                    turn_secs: None,
                    bot_level: BotLevel::Greedy,
                    seed: i as u64,
                    clock: None,
                };
                let (mut table, events) = Table::create(new, host, T0).unwrap();
                store.create(&mut table, &events).await.map(|()| table.number)
            })
        })
        .collect();
    let mut numbers = Vec::new();
    for t in creates {
        numbers.push(t.await.unwrap().expect("every table is created"));
    }
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);

    let changes: Vec<_> = [Lang::En, Lang::Ru, Lang::En, Lang::Ru]
        .into_iter()
        .enumerate()
        .map(|(i, lang)| {
            let store = store(i);
            tokio::spawn(async move {
                let settings = ChatSettings {
                    lang,
                    timer: domino_core::store::TurnTimer::Secs(10 + i as u32),
                    ..ChatSettings::default()
                };
                store.set_chat_settings(&chat_a(), &settings.next()).await.map(|()| settings)
            })
        })
        .collect();
    let mut won = Vec::new();
    for t in changes {
        match t.await.unwrap() {
            Ok(settings) => won.push(settings),
            Err(e) => assert!(
                matches!(e, StoreError::SettingsConflict { stored: 1, expected: 1 }),
                "{e:?}"
            ),
        }
    }
    assert_eq!(won.len(), 1, "one change of version 1 is kept");
    assert_eq!(stores[0].chat_settings(&chat_a()).await.unwrap(), won[0].next());

    let seasons: Vec<_> = (0..3)
        .map(|i| {
            let store = store(i);
            tokio::spawn(async move { store.new_season(&chat_a(), T0 + i as i64).await })
        })
        .collect();
    let mut numbers = Vec::new();
    for t in seasons {
        numbers.push(t.await.unwrap().expect("a new season").number);
    }
    numbers.sort();
    assert_eq!(numbers, [2, 3, 4]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_lets_one_writer_win_each_race() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let first = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    let second = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    one_writer_wins_each_race(&[first, second]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_lets_one_writer_win_each_race() {
    let url = domino_pg_harness::server().database("races");
    let first = Arc::new(PgStore::open(&url).await.unwrap());
    let second = Arc::new(PgStore::open(&url).await.unwrap());
    one_writer_wins_each_race(&[first, second]).await;
}
