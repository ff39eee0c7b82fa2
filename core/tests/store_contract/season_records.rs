//! The contract of `Store::season_records`, run on every backend: the records of a season's
//! finished matches (with a computer seat too), or of every season, the last `limit` of them,
//! oldest first; another chat's are not among them, and a chat that moves takes them along.

use super::*;

async fn records<S: Store>(store: &S, chat: &ChatId, span: Span, limit: u32) -> Vec<Value> {
    store.season_records(chat, span, limit).await.unwrap()
}

async fn keeps_every_record_of_a_season<S: Store>(store: &S) {
    let mut b = Bench::new(store);
    let a = chat_a();
    let [alice, bob, _, _, erin] = people();
    let classic = || rules(Variant::Classic, json!({"target": 25}));
    assert!(records(store, &a, Span::Season(1), 10).await.is_empty());

    // A duel, a match with a computer, the duel's rematch: three records, oldest first.
    let mut duel = b.open(&a, classic(), 2, &alice).await;
    b.act(&mut duel, &bob, Action::Join { seat: None }).await;
    let first = b.play_out(&mut duel).await;
    let mut solo = b.open(&a, classic(), 2, &erin).await;
    b.act(&mut solo, &erin, Action::Start).await;
    let resigned = b.act(&mut solo, &erin, Action::Resign).await.expect("resigning ends it");
    b.act(&mut duel, &alice, Action::Rematch).await;
    let second = b.play_out(&mut duel).await;
    let season1 = vec![first.record.clone(), resigned.record.clone(), second.record.clone()];
    assert_ne!(first.record, second.record, "a rematch deals again");
    assert_eq!(records(store, &a, Span::Season(1), 10).await, season1);
    assert_eq!(records(store, &a, Span::AllTime, 10).await, season1);
    // The last `limit` of them, still oldest first.
    assert_eq!(records(store, &a, Span::Season(1), 2).await, season1[1..]);
    assert!(records(store, &a, Span::Season(1), 0).await.is_empty());

    // A new season has its own; all time has both, and the limit counts from the newest.
    b.new_season(&a).await;
    assert!(records(store, &a, Span::Season(2), 10).await.is_empty());
    b.act(&mut duel, &bob, Action::Rematch).await;
    let third = b.play_out(&mut duel).await;
    assert_eq!(records(store, &a, Span::Season(2), 10).await, std::slice::from_ref(&third.record));
    assert_eq!(records(store, &a, Span::Season(1), 10).await, season1);
    let mut all = season1.clone();
    all.push(third.record.clone());
    assert_eq!(records(store, &a, Span::AllTime, 10).await, all);
    assert_eq!(records(store, &a, Span::AllTime, 2).await, all[2..]);
    assert_eq!(store.last_record(&a).await.unwrap(), Some(third.record.clone()));

    // Another chat has none; a chat that moves takes its records along, seasons kept.
    assert!(records(store, &chat_b(), Span::AllTime, 10).await.is_empty());
    let moved = ChatId::new(Platform::Telegram, "-1009");
    store.move_chat(&a, &moved).await.unwrap();
    assert!(records(store, &a, Span::AllTime, 10).await.is_empty());
    assert_eq!(records(store, &moved, Span::Season(1), 10).await, season1);
    assert_eq!(records(store, &moved, Span::AllTime, 10).await, all);
}

#[tokio::test]
async fn memory_store_keeps_every_record_of_a_season() {
    keeps_every_record_of_a_season(&MemoryStore::new()).await;
}

#[tokio::test]
async fn sqlite_store_keeps_every_record_of_a_season() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open_path(&dir.path().join("domino.db")).await.unwrap();
    keeps_every_record_of_a_season(&store).await;
}

#[tokio::test]
async fn postgres_store_keeps_every_record_of_a_season() {
    let url = domino_pg_harness::server().database("season_records");
    keeps_every_record_of_a_season(&PgStore::open(&url).await.unwrap()).await;
}
