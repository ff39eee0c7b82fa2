//! The contract of `Store::rating_history`, run on every backend: the commit that finishes a
//! person-only match keeps a change per rating it updates (players and pairs, the season and
//! all time), with the values `ratings` then gives; nothing else adds one.

use super::*;

/// The last change of each rating: what `ratings` must give.
fn latest(changes: &[RatingChange]) -> Vec<Rating> {
    let mut last: BTreeMap<(Rated, Variant), Rating> = BTreeMap::new();
    for c in changes {
        last.insert((c.rating.who.clone(), c.rating.variant), c.rating.clone());
    }
    last.into_values().collect()
}

async fn history<S: Store>(store: &S, span: Span) -> Vec<RatingChange> {
    store.rating_history(&chat_a(), span, None).await.unwrap()
}

async fn keeps_every_rating_change<S: Store>(store: &S) {
    let mut b = Bench::new(store);
    let a = chat_a();
    let [alice, bob, carol, dave, erin] = people();
    let classic = || rules(Variant::Classic, json!({"target": 25}));
    assert!(history(store, Span::AllTime).await.is_empty());

    // A duel: one change for each player, in the season and all time, with `ratings`' values.
    let mut duel = b.open(&a, classic(), 2, &alice).await;
    b.act(&mut duel, &bob, Action::Join { seat: None }).await;
    let first = b.play_out(&mut duel).await;
    for span in [Span::Season(1), Span::AllTime] {
        let changes = history(store, span).await;
        assert_eq!(changes, b.expected_rating_history(&a, span, None));
        assert_eq!(changes.len(), 2, "Alice and Bob");
        assert!(changes.iter().all(|c| (c.table_id, c.at) == (duel.id, first.finished_at)));
        assert!(
            changes
                .iter()
                .all(|c| c.rating.matches == 1 && c.rating.sigma < domino_core::store::SIGMA0)
        );
        assert_eq!(store.ratings(&a, span, None).await.unwrap(), latest(&changes));
    }

    // A match with a computer seat changes no rating and keeps no change.
    let mut solo = b.open(&a, classic(), 2, &erin).await;
    b.act(&mut solo, &erin, Action::Start).await;
    let resigned = b.act(&mut solo, &erin, Action::Resign).await.expect("resigning ends it");
    assert!(!people_only(&resigned));
    assert_eq!(history(store, Span::AllTime).await.len(), 2);

    // The rematch on the same table: a second match of one table keeps changes of its own.
    b.act(&mut duel, &alice, Action::Rematch).await;
    let second = b.play_out(&mut duel).await;
    assert_eq!(second.table_id, first.table_id);
    let changes = history(store, Span::Season(1)).await;
    assert_eq!(changes, b.expected_rating_history(&a, Span::Season(1), None));
    let alices: Vec<u32> = changes
        .iter()
        .filter(|c| c.rating.who == Rated::Player(alice.id.clone()))
        .map(|c| c.rating.matches)
        .collect();
    assert_eq!(alices, [1, 2]);

    // A pair game of four people: four players and two pairs, each span.
    let kozel = rules(Variant::Kozel, json!({"teams": "pairs", "target": 30}));
    let mut full = b.open(&a, kozel, 4, &alice).await;
    for who in [&bob, &carol, &dave] {
        b.act(&mut full, who, Action::Join { seat: None }).await;
    }
    if full.phase == Phase::Lobby {
        b.act(&mut full, &alice, Action::Start).await;
    }
    let paired = b.play_out(&mut full).await;
    let changes = history(store, Span::AllTime).await;
    assert_eq!(changes.len(), 2 + 2 + 6);
    let pairs = changes.iter().filter(|c| matches!(c.rating.who, Rated::Pair(_))).count();
    assert_eq!(pairs, 2);
    assert!(changes[4..].iter().all(|c| c.at == paired.finished_at && c.table_id == full.id));
    assert!(changes.windows(2).all(|w| w[0].at <= w[1].at), "oldest first");
    assert_eq!(changes, b.expected_rating_history(&a, Span::AllTime, None));
    assert_eq!(store.ratings(&a, Span::AllTime, None).await.unwrap(), latest(&changes));
    let kozel = store.rating_history(&a, Span::AllTime, Some(Variant::Kozel)).await.unwrap();
    assert_eq!(kozel, b.expected_rating_history(&a, Span::AllTime, Some(Variant::Kozel)));
    assert_eq!(kozel.len(), 6);
    assert!(store.rating_history(&a, Span::AllTime, Some(Variant::Osel)).await.unwrap().is_empty());

    // A finishing commit that comes again is refused whole: no change kept twice.
    let refused = store.commit(&full, &[Event::Configured], Some(&paired)).await;
    assert!(matches!(refused, Err(StoreError::Conflict { .. })), "{refused:?}");
    assert_eq!(history(store, Span::AllTime).await, changes);
    assert_eq!(history(store, Span::Season(1)).await, changes);

    // A new season starts its ratings, and their history, from scratch; all time goes on.
    b.new_season(&a).await;
    b.act(&mut duel, &bob, Action::Rematch).await;
    b.play_out(&mut duel).await;
    let season2 = history(store, Span::Season(2)).await;
    assert_eq!(season2.len(), 2);
    assert!(season2.iter().all(|c| c.rating.matches == 1));
    assert_eq!(history(store, Span::Season(1)).await, changes);
    let all = history(store, Span::AllTime).await;
    assert_eq!(all, b.expected_rating_history(&a, Span::AllTime, None));
    assert_eq!(all.len(), changes.len() + 2);
    assert_eq!(store.ratings(&a, Span::Season(2), None).await.unwrap(), latest(&season2));
    assert_eq!(store.ratings(&a, Span::AllTime, None).await.unwrap(), latest(&all));
    assert!(store.rating_history(&chat_b(), Span::AllTime, None).await.unwrap().is_empty());
}

#[tokio::test]
async fn memory_store_keeps_every_rating_change() {
    keeps_every_rating_change(&MemoryStore::new()).await;
}

#[tokio::test]
async fn sqlite_store_keeps_every_rating_change() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open_path(&dir.path().join("domino.db")).await.unwrap();
    keeps_every_rating_change(&store).await;
}

#[tokio::test]
async fn postgres_store_keeps_every_rating_change() {
    let url = domino_pg_harness::server().database("rating_history");
    keeps_every_rating_change(&PgStore::open(&url).await.unwrap()).await;
}
