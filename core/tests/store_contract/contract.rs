//! The contract itself, one run through every part of a store on tables and matches played
//! to the end, and its runs on the in-memory store, SQLite and PostgreSQL.

use super::*;

/// The contract. Returns the bench, whose logs name every table created.
pub(super) async fn contract<S: Store>(store: &S) -> Bench<'_, S> {
    let mut b = Bench::new(store);
    let (a, chat_b) = (chat_a(), chat_b());
    let [alice, bob, carol, dave, erin] = people();
    let classic = || rules(Variant::Classic, json!({"target": 25}));

    // Tables are numbered per chat; the stored snapshot holds the id and number given.
    let mut duel = b.open(&a, classic(), 2, &alice).await;
    let kozel = rules(Variant::Kozel, json!({"teams": "pairs", "target": 30}));
    let mut four = b.open(&a, kozel, 4, &alice).await;
    let mut solo = b.open(&chat_b, classic(), 2, &erin).await;
    assert_eq!((duel.number, four.number, solo.number), (1, 2, 1));
    assert!(duel.id != four.id && four.id != solo.id && duel.id != solo.id);
    for t in [&duel, &four, &solo] {
        let stored = store.load(t.id).await.unwrap().expect("stored");
        assert_eq!(as_json(&stored), as_json(t));
    }
    assert_eq!(store.events(duel.id).await.unwrap(), [(0, Event::Created { host: alice.clone() })]);

    // A commit carries the next version; an older or a skipped one is refused, nothing written.
    let stale = duel.clone();
    b.act(&mut duel, &bob, Action::Join { seat: None }).await;
    assert_eq!((duel.version, &duel.phase), (1, &Phase::Playing));
    let mut late = stale.clone();
    let late_events = late.apply(&command(&carol, Action::Join { seat: None }, 0), b.now).unwrap();
    let refused = store.commit(&late, &late_events, None).await;
    assert!(
        matches!(refused, Err(StoreError::Conflict { table, stored: 1, expected: 0 }) if table == duel.id),
        "{refused:?}"
    );
    let mut ahead = duel.clone();
    ahead.version = 3;
    let refused = store.commit(&ahead, &[Event::Configured], None).await;
    assert!(
        matches!(refused, Err(StoreError::Conflict { stored: 1, expected: 2, .. })),
        "{refused:?}"
    );
    assert_eq!(as_json(&store.load(duel.id).await.unwrap()), as_json(&Some(&duel)));
    assert_eq!(store.events(duel.id).await.unwrap(), b.logs[&duel.id]);
    let mut ghost = duel.clone();
    ghost.id = 999_999;
    assert!(matches!(store.commit(&ghost, &[], None).await, Err(StoreError::NotFound(999_999))));
    assert!(matches!(store.events(999_999).await, Err(StoreError::NotFound(999_999))));
    assert!(store.load(999_999).await.unwrap().is_none());

    // Message references: set, replaced, listed per table; unknown tables refused.
    store.set_message_ref(duel.id, "public", "-100:7").await.unwrap();
    store.set_message_ref(duel.id, "hand:u1", "u1:8").await.unwrap();
    store.set_message_ref(duel.id, "public", "-100:9").await.unwrap();
    store.set_message_ref(four.id, "public", "-100:10").await.unwrap();
    assert_eq!(
        store.message_refs(duel.id).await.unwrap(),
        [("hand:u1".to_owned(), "u1:8".to_owned()), ("public".to_owned(), "-100:9".to_owned())]
    );
    assert!(store.message_refs(solo.id).await.unwrap().is_empty());
    assert!(matches!(
        store.set_message_ref(999_999, "public", "x").await,
        Err(StoreError::NotFound(_))
    ));

    // Matches played to the end: a duel and its rematch, a pair game with a computer player,
    // and a match against the computer that the person resigns.
    let first = b.play_out(&mut duel).await;
    assert_eq!(store.last_record(&a).await.unwrap(), Some(first.record.clone()));
    b.act(&mut four, &bob, Action::Join { seat: None }).await;
    b.act(&mut four, &carol, Action::Join { seat: None }).await;
    b.act(&mut four, &alice, Action::Start).await;
    let paired = b.play_out(&mut four).await;
    assert!(paired.pairs && paired.players[3].user.is_none(), "seat 3 went to the computer");
    b.act(&mut duel, &bob, Action::Rematch).await;
    let rematch = b.play_out(&mut duel).await;
    assert_eq!(store.last_record(&a).await.unwrap(), Some(rematch.record.clone()));
    b.act(&mut solo, &erin, Action::Start).await;
    let resigned = b.act(&mut solo, &erin, Action::Resign).await.expect("resigning ends the match");
    assert!(resigned.players[0].goat);

    // A pair game of four people (Alice and Carol against Bob and Dave).
    let kozel = rules(Variant::Kozel, json!({"teams": "pairs", "target": 30}));
    let mut full = b.open(&a, kozel, 4, &alice).await;
    for who in [&bob, &carol, &dave] {
        b.act(&mut full, who, Action::Join { seat: None }).await;
    }
    if full.phase == Phase::Lobby {
        b.act(&mut full, &alice, Action::Start).await;
    }
    let people_pairs = b.play_out(&mut full).await;
    assert!(people_pairs.pairs && people_only(&people_pairs));

    // Scoreboards: a line per person and variant from person-only matches, variant filter;
    // the matches with a computer seat kept apart.
    let season1 = store.scoreboard(&a, None, None).await.unwrap();
    assert_eq!(season1, b.expected_scores(&a, 1, None));
    let lines: Vec<_> = season1.iter().map(|r| (r.name.as_str(), r.variant, r.matches)).collect();
    assert_eq!(
        lines,
        [
            ("Alice", Variant::Classic, 2),
            ("Alice", Variant::Kozel, 1),
            ("Bob", Variant::Classic, 2),
            ("Bob", Variant::Kozel, 1),
            ("Carol", Variant::Kozel, 1),
            ("Dave", Variant::Kozel, 1),
        ]
    );
    let apart = store.computer_scoreboard(&a, None, None).await.unwrap();
    assert_eq!(apart, b.expected_lines(true, &a, 1, None));
    let lines: Vec<_> = apart.iter().map(|r| (r.name.as_str(), r.variant, r.matches)).collect();
    assert_eq!(
        lines,
        [("Alice", Variant::Kozel, 1), ("Bob", Variant::Kozel, 1), ("Carol", Variant::Kozel, 1)]
    );
    assert!(store.computer_scoreboard(&a, None, Some(Variant::Classic)).await.unwrap().is_empty());
    for v in [Variant::Classic, Variant::Kozel, Variant::Osel] {
        assert_eq!(
            store.scoreboard(&a, None, Some(v)).await.unwrap(),
            b.expected_scores(&a, 1, Some(v))
        );
    }
    assert!(store.scoreboard(&a, None, Some(Variant::Osel)).await.unwrap().is_empty());
    assert!(store.scoreboard(&chat_b, None, None).await.unwrap().is_empty());
    let erin_line = store.computer_scoreboard(&chat_b, None, None).await.unwrap();
    assert_eq!(erin_line, b.expected_lines(true, &chat_b, 1, None));
    assert_eq!((erin_line.len(), erin_line[0].goats, erin_line[0].wins), (1, 1, 0));

    // Pairs: only person-only pair games, partners in id order.
    let side = |user: &UserId| people_pairs.players.iter().find(|p| p.user.as_ref() == Some(user));
    let pair = |x: &Person, y: &Person| {
        let first = side(&x.id).unwrap();
        PairRow {
            users: [x.id.clone(), y.id.clone()],
            names: [x.name.clone(), y.name.clone()],
            variant: Variant::Kozel,
            matches: 1,
            wins: u32::from(first.won),
            goats: u32::from(first.goat),
        }
    };
    let pairs = [pair(&alice, &carol), pair(&bob, &dave)];
    assert_eq!(store.pair_scoreboard(&a, None, None).await.unwrap(), pairs);
    assert_eq!(store.pair_scoreboard(&a, Some(1), Some(Variant::Kozel)).await.unwrap(), pairs);
    assert!(store.pair_scoreboard(&a, None, Some(Variant::Classic)).await.unwrap().is_empty());
    assert!(store.pair_scoreboard(&chat_b, None, None).await.unwrap().is_empty());

    // Ratings: every person-only match rated in the order it finished, the players' and the
    // pairs' (a match with a computer rates nobody), per season and all time, variant filter.
    let rated = store.ratings(&a, Span::Season(1), None).await.unwrap();
    assert_eq!(rated, b.expected_ratings(&a, Span::Season(1)));
    assert_eq!(store.ratings(&a, Span::AllTime, None).await.unwrap(), rated);
    let whose: Vec<(&Rated, u32)> = rated.iter().map(|r| (&r.who, r.matches)).collect();
    assert_eq!(whose.len(), 6 + 2, "Alice and Bob twice, four in pairs, and the two pairs");
    assert!(rated.iter().any(|r| r.who == Rated::Pair([bob.id.clone(), dave.id.clone()])));
    let kozel_only = store.ratings(&a, Span::Season(1), Some(Variant::Kozel)).await.unwrap();
    assert_eq!(kozel_only.len(), 6);
    assert!(store.ratings(&chat_b, Span::AllTime, None).await.unwrap().is_empty());

    // A finishing commit that comes again (a retry after a `Conflict`) is refused whole: no
    // rating, line or history row counted twice.
    let ratings_before = store.ratings(&a, Span::AllTime, None).await.unwrap();
    let refused = store.commit(&full, &[Event::Configured], Some(&people_pairs)).await;
    assert!(matches!(refused, Err(StoreError::Conflict { .. })), "{refused:?}");
    assert_eq!(store.ratings(&a, Span::AllTime, None).await.unwrap(), ratings_before);
    assert_eq!(store.scoreboard(&a, None, None).await.unwrap(), season1);
    assert_eq!(store.history(&a, None, 100).await.unwrap(), b.expected_history(&a, 100));

    // History: newest first, limited, variant filter, per chat.
    let history = store.history(&a, None, 10).await.unwrap();
    assert_eq!(history, b.expected_history(&a, 10));
    assert_eq!(history.len(), 4);
    assert_eq!(history[0].table_id, full.id);
    assert_eq!(store.history(&a, None, 2).await.unwrap(), b.expected_history(&a, 2));
    let duels = store.history(&a, Some(Variant::Classic), 10).await.unwrap();
    assert_eq!(duels.iter().map(|m| m.table_id).collect::<Vec<_>>(), [duel.id, duel.id]);
    assert_eq!(store.history(&chat_b, None, 10).await.unwrap(), b.expected_history(&chat_b, 10));

    // The record of each chat's latest match.
    assert_eq!(store.last_record(&a).await.unwrap(), Some(people_pairs.record.clone()));
    assert_eq!(store.last_record(&chat_b).await.unwrap(), Some(resigned.record.clone()));
    assert_eq!(store.last_record(&ChatId::new(Platform::Terminal, "x")).await.unwrap(), None);

    // Only active tables (lobbies, matches in play) are loaded at start; finished and closed
    // ones are loaded by id; the chat's newest table is found whatever its phase.
    let mut ended = b.open(&a, classic(), 2, &dave).await;
    assert_eq!(ended.number, 4);
    b.act(&mut ended, &dave, Action::End).await;
    let active: Vec<&Table> =
        [&duel, &four, &solo].into_iter().filter(|t| t.phase.is_active()).collect();
    assert_eq!(as_json(&open_tables(store).await), as_json(&active));
    assert_eq!(as_json(&store.load(ended.id).await.unwrap()), as_json(&Some(&ended)));
    assert_eq!(as_json(&store.latest_table(&a).await.unwrap()), as_json(&Some(&ended)));
    assert_eq!(
        store.latest_table(&ChatId::new(Platform::Terminal, "x")).await.unwrap().map(|t| t.id),
        None
    );

    // Every log reads back whole, in order, each event with its version.
    for (id, log) in &b.logs {
        assert_eq!(&store.events(*id).await.unwrap(), log);
    }
    let versions: Vec<u64> = b.logs[&duel.id].iter().map(|(v, _)| *v).collect();
    assert!(versions.is_sorted() && versions.len() > duel.version as usize);

    // Chat settings: the default until set, then what was set; each change must be made on the
    // version stored, so an older menu or a second admin cannot overwrite a change.
    assert_eq!(store.chat_settings(&a).await.unwrap(), ChatSettings::default());
    let presets = json!({"kozel": {"preset": "troshin"}});
    let custom = ChatSettings {
        lang: Lang::En,
        timer: domino_core::store::TurnTimer::Secs(60),
        bot_level: BotLevel::Expert,
        default_variant: Variant::Osel,
        presets: presets.as_object().unwrap().clone(),
        ..ChatSettings::default()
    }
    .next();
    store.set_chat_settings(&chat_b, &custom).await.unwrap();
    assert_eq!(store.chat_settings(&chat_b).await.unwrap(), custom);
    let calmer = ChatSettings { timer: domino_core::store::TurnTimer::Off, ..custom.next() };
    store.set_chat_settings(&chat_b, &calmer).await.unwrap();
    assert_eq!(store.chat_settings(&chat_b).await.unwrap(), calmer);
    let late = ChatSettings { lang: Lang::Ru, ..custom.next() };
    assert!(matches!(
        store.set_chat_settings(&chat_b, &late).await,
        Err(StoreError::SettingsConflict { stored: 2, expected: 2 })
    ));
    assert_eq!(store.chat_settings(&chat_b).await.unwrap(), calmer);
    assert_eq!(store.chat_settings(&a).await.unwrap(), ChatSettings::default());

    // What the bot keeps for itself: set, replaced, removed, found by prefix; the first of two
    // values offered for a key is the one everybody gets.
    assert_eq!(store.meta("secret:links").await.unwrap(), None);
    assert_eq!(store.meta_or("secret:links", "first").await.unwrap(), "first");
    assert_eq!(store.meta_or("secret:links", "second").await.unwrap(), "first");
    store.set_meta("pace:telegram:-5", Some("[1,2]")).await.unwrap();
    store.set_meta("pace:telegram:-6", Some("[3]")).await.unwrap();
    store.set_meta("pace:telegram:-5", Some("[2,4]")).await.unwrap();
    store.set_meta("pacer", Some("not in the window prefix")).await.unwrap();
    let windows = store.meta_prefix("pace:").await.unwrap();
    assert_eq!(
        windows,
        [
            ("pace:telegram:-5".to_owned(), "[2,4]".to_owned()),
            ("pace:telegram:-6".to_owned(), "[3]".to_owned())
        ]
    );
    store.set_meta("pace:telegram:-6", None).await.unwrap();
    assert_eq!(store.meta("pace:telegram:-6").await.unwrap(), None);
    assert_eq!(store.meta_prefix("pace:").await.unwrap().len(), 1);

    // Seasons: 1 until a new one; the old season's lines are kept and can be asked for.
    assert_eq!(store.season(&a).await.unwrap(), Season { number: 1, started_at: 0 });
    let second = b.new_season(&a).await;
    assert_eq!(second, Season { number: 2, started_at: b.now });
    assert_eq!(store.season(&a).await.unwrap(), second);
    assert_eq!(store.season(&chat_b).await.unwrap().number, 1);
    assert!(store.scoreboard(&a, None, None).await.unwrap().is_empty());
    assert!(store.pair_scoreboard(&a, None, None).await.unwrap().is_empty());
    b.act(&mut duel, &alice, Action::Rematch).await;
    b.play_out(&mut duel).await;
    let season2 = store.scoreboard(&a, None, None).await.unwrap();
    assert_eq!(season2, b.expected_scores(&a, 2, None));
    assert!(season2.iter().all(|r| r.matches == 1 && r.variant == Variant::Classic));
    assert_eq!(store.scoreboard(&a, Some(2), None).await.unwrap(), season2);
    let rated2 = store.ratings(&a, Span::Season(2), None).await.unwrap();
    assert_eq!(rated2, b.expected_ratings(&a, Span::Season(2)));
    assert!(rated2.iter().all(|r| r.matches == 1), "season 2 rates from scratch");
    assert_eq!(
        store.ratings(&a, Span::AllTime, None).await.unwrap(),
        b.expected_ratings(&a, Span::AllTime)
    );
    assert_eq!(store.ratings(&a, Span::Season(1), None).await.unwrap(), rated);
    assert_eq!(store.scoreboard(&a, Some(1), None).await.unwrap(), season1);
    assert_eq!(store.pair_scoreboard(&a, Some(1), None).await.unwrap(), pairs);
    assert_eq!(b.new_season(&chat_b).await.number, 2);
    assert_eq!(b.new_season(&chat_b).await.number, 3);
    assert_eq!(store.computer_scoreboard(&chat_b, Some(1), None).await.unwrap(), erin_line);
    // Season 0 (as all time is keyed): every season's lines at once, oldest season first
    // within each player and game (`/top all` adds them up from one query).
    let mut every = [season1.clone(), season2.clone()].concat();
    every.sort_by(|x, y| (&x.user, x.variant).cmp(&(&y.user, y.variant)));
    assert!(every.len() > season1.len() && every.len() > season2.len());
    assert_eq!(store.scoreboard(&a, Some(0), None).await.unwrap(), every);
    let classic: Vec<ScoreRow> =
        every.iter().filter(|r| r.variant == Variant::Classic).cloned().collect();
    assert_eq!(store.scoreboard(&a, Some(0), Some(Variant::Classic)).await.unwrap(), classic);
    assert_eq!(store.pair_scoreboard(&a, Some(0), None).await.unwrap(), pairs);
    assert_eq!(store.computer_scoreboard(&chat_b, Some(0), None).await.unwrap(), erin_line);
    b
}

#[tokio::test]
async fn memory_store_keeps_the_contract() {
    contract(&MemoryStore::new()).await;
}

#[tokio::test]
async fn sqlite_store_keeps_the_contract_and_answers_as_memory_does() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::open_path(&dir.path().join("domino.db")).await.unwrap();
    let memory = MemoryStore::new();
    let (on_sqlite, in_memory) = (ids(&contract(&sqlite).await), ids(&contract(&memory).await));
    assert_eq!(on_sqlite, in_memory);
    assert_eq!(dump(&sqlite, &on_sqlite).await, dump(&memory, &in_memory).await);
}

#[tokio::test]
async fn sqlite_in_memory_keeps_the_contract() {
    let store = SqliteStore::open("sqlite::memory:").await.unwrap();
    contract(&store).await;
}

#[tokio::test]
async fn postgres_store_keeps_the_contract_and_answers_as_memory_does() {
    let url = domino_pg_harness::server().database("contract");
    let pg = PgStore::open(&url).await.unwrap();
    let memory = MemoryStore::new();
    let (on_pg, in_memory) = (ids(&contract(&pg).await), ids(&contract(&memory).await));
    assert_eq!(on_pg, in_memory);
    assert_eq!(dump(&pg, &on_pg).await, dump(&memory, &in_memory).await);
}
