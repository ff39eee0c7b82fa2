//! The contract of `Store::move_chat` (a Telegram group upgraded to a supergroup), run on every
//! backend: everything of the old chat id is found under the new one, added to what the new one
//! already had, in one go; run again, it changes nothing.

use super::*;

fn old_chat() -> ChatId {
    ChatId::new(Platform::Telegram, "-5")
}

fn new_chat() -> ChatId {
    ChatId::new(Platform::Telegram, "-1005")
}

/// Lines by (user, variant), whatever order a backend lists them in.
fn by_player(rows: Vec<ScoreRow>) -> BTreeMap<(UserId, Variant), ScoreRow> {
    rows.into_iter().map(|r| ((r.user.clone(), r.variant), r)).collect()
}

fn by_pair(rows: Vec<PairRow>) -> BTreeMap<([UserId; 2], Variant), PairRow> {
    rows.into_iter().map(|r| ((r.users.clone(), r.variant), r)).collect()
}

/// A finished duel and a finished pair game of four people in `chat` (person-only: both count
/// in the standings).
async fn two_matches<S: Store>(b: &mut Bench<'_, S>, chat: &ChatId) -> Table {
    let [alice, bob, carol, dave, ..] = people();
    let mut duel = b.open(chat, rules(Variant::Classic, json!({"target": 25})), 2, &alice).await;
    b.act(&mut duel, &bob, Action::Join { seat: None }).await;
    b.play_out(&mut duel).await;
    let kozel = rules(Variant::Kozel, json!({"teams": "pairs", "target": 30}));
    let mut four = b.open(chat, kozel, 4, &alice).await;
    b.act(&mut four, &bob, Action::Join { seat: None }).await;
    b.act(&mut four, &carol, Action::Join { seat: None }).await;
    b.act(&mut four, &dave, Action::Join { seat: None }).await;
    b.act(&mut four, &alice, Action::Start).await;
    b.play_out(&mut four).await;
    duel
}

async fn moves_a_chat<S: Store>(store: &S) {
    let mut b = Bench::new(store);
    let (old, new) = (old_chat(), new_chat());
    let [alice, ..] = people();
    // The old chat: two finished matches, season 2, an open lobby, settings, its keys.
    let duel = two_matches(&mut b, &old).await;
    store.set_message_ref(duel.id, "public", "-5:77").await.unwrap();
    b.new_season(&old).await;
    let lobby = b.open(&old, rules(Variant::Kozel, json!({})), 2, &alice).await;
    let settings = ChatSettings { version: 1, lang: Lang::En, ..ChatSettings::default() };
    store.set_chat_settings(&old, &settings).await.unwrap();
    store.set_meta("pace:telegram:-5", Some("[1,2]")).await.unwrap();
    store.set_meta("people:telegram:-5", Some("[]")).await.unwrap();
    store.set_meta("pace:telegram:-55", Some("[3]")).await.unwrap();
    store.set_meta("pace:discord:-5", Some("[4]")).await.unwrap();
    // The new chat already has a table and the same players' matches (the upgrade raced them).
    two_matches(&mut b, &new).await;
    store.set_meta("pace:telegram:-1005", Some("[9]")).await.unwrap();
    let record = store.last_record(&old).await.unwrap().expect("a record");
    let newest = store.last_record(&new).await.unwrap().expect("a record");
    let mut players = by_player(store.scoreboard(&new, Some(1), None).await.unwrap());
    for row in store.scoreboard(&old, Some(1), None).await.unwrap() {
        let into = players.get_mut(&(row.user.clone(), row.variant)).expect("the same people");
        into.matches += row.matches;
        into.wins += row.wins;
        into.goats += row.goats;
        into.rounds += row.rounds;
        into.points_for += row.points_for;
        into.points_against += row.points_against;
    }
    let mut pairs = by_pair(store.pair_scoreboard(&new, Some(1), None).await.unwrap());
    for row in store.pair_scoreboard(&old, Some(1), None).await.unwrap() {
        let into = pairs.get_mut(&(row.users.clone(), row.variant)).expect("the same pair");
        into.matches += row.matches;
        into.wins += row.wins;
        into.goats += row.goats;
    }
    assert!(players.values().all(|r| r.matches == 2) && !pairs.is_empty());
    // Rating changes move as they are, beside the new chat's own, in time order.
    let mut changes = BTreeMap::new();
    for span in [Span::Season(1), Span::AllTime] {
        let old_changes = store.rating_history(&old, span, None).await.unwrap();
        let mut all = store.rating_history(&new, span, None).await.unwrap();
        assert_eq!((old_changes.len(), all.len()), (2 + 6, 2 + 6));
        all.extend(old_changes);
        all.sort_by_key(|c| c.at);
        changes.insert(span, all);
    }

    assert_eq!(store.move_chat(&old, &new).await.unwrap(), 3);

    // Tables: numbered after the new chat's two, in the new chat, logs and references kept.
    let moved = store.load(duel.id).await.unwrap().expect("the duel");
    assert_eq!((&moved.chat, moved.number), (&new, 3));
    assert_eq!(store.load(lobby.id).await.unwrap().expect("the lobby").number, 5);
    assert_eq!(store.events(duel.id).await.unwrap(), b.logs[&duel.id]);
    assert_eq!(store.message_refs(duel.id).await.unwrap(), [("public".into(), "-5:77".into())]);
    let open = open_tables(store).await;
    assert_eq!(
        open.iter().map(|t| (t.id, &t.chat, t.number)).collect::<Vec<_>>(),
        [(lobby.id, &new, 5)]
    );
    assert!(store.latest_table(&old).await.unwrap().is_none());
    assert_eq!(store.latest_table(&new).await.unwrap().map(|t| t.id), Some(lobby.id));
    // Settings, seasons, scoreboards, the last record.
    assert_eq!(store.chat_settings(&new).await.unwrap(), settings);
    assert_eq!(store.chat_settings(&old).await.unwrap(), ChatSettings::default());
    assert_eq!(store.season(&new).await.unwrap().number, 2);
    assert_eq!(store.season(&old).await.unwrap().number, 1);
    assert_eq!(by_player(store.scoreboard(&new, Some(1), None).await.unwrap()), players);
    assert_eq!(by_pair(store.pair_scoreboard(&new, Some(1), None).await.unwrap()), pairs);
    assert!(store.scoreboard(&old, Some(1), None).await.unwrap().is_empty());
    assert!(store.pair_scoreboard(&old, Some(1), None).await.unwrap().is_empty());
    assert!(store.last_record(&old).await.unwrap().is_none());
    for (span, all) in &changes {
        assert_eq!(&store.rating_history(&new, *span, None).await.unwrap(), all);
        assert!(store.rating_history(&old, *span, None).await.unwrap().is_empty());
    }
    // The newest finished match of either (the new chat's, here) is the new chat's last.
    assert_eq!(store.last_record(&new).await.unwrap(), Some(newest));
    assert_ne!(record, store.last_record(&new).await.unwrap().unwrap());
    // The chat's own keys moved (the old chat's replacing the new one's); others stayed.
    let keys = store.meta_prefix("p").await.unwrap();
    assert_eq!(
        keys,
        [
            ("pace:discord:-5".into(), "[4]".into()),
            ("pace:telegram:-1005".into(), "[1,2]".into()),
            ("pace:telegram:-55".into(), "[3]".into()),
            ("people:telegram:-1005".into(), "[]".into()),
        ]
    );
    // A new table goes on from the highest number.
    let next = b.open(&new, rules(Variant::Classic, json!({})), 2, &alice).await;
    assert_eq!(next.number, 6);

    // Again: nothing to move, nothing changes.
    let ids: Vec<i64> = b.logs.keys().copied().collect();
    let before = (dump_chat(store, &new, &ids).await, store.meta_prefix("").await.unwrap());
    assert_eq!(store.move_chat(&old, &new).await.unwrap(), 0);
    assert_eq!(store.move_chat(&new, &new).await.unwrap(), 0);
    let after = (dump_chat(store, &new, &ids).await, store.meta_prefix("").await.unwrap());
    assert_eq!(before, after);
}

/// What a store answers about a chat and some tables.
async fn dump_chat<S: Store>(store: &S, chat: &ChatId, ids: &[i64]) -> Value {
    let mut out = Vec::new();
    for &id in ids {
        out.push(as_json(&store.load(id).await.unwrap()));
    }
    for season in [Some(1), Some(2)] {
        let players = by_player(store.scoreboard(chat, season, None).await.unwrap());
        let pairs = by_pair(store.pair_scoreboard(chat, season, None).await.unwrap());
        out.push(as_json(&players.into_values().collect::<Vec<_>>()));
        out.push(as_json(&pairs.into_values().collect::<Vec<_>>()));
    }
    for span in [Span::Season(1), Span::Season(2), Span::AllTime] {
        out.push(as_json(&store.rating_history(chat, span, None).await.unwrap()));
    }
    out.push(as_json(&store.chat_settings(chat).await.unwrap()));
    out.push(as_json(&store.season(chat).await.unwrap()));
    out.push(store.last_record(chat).await.unwrap().unwrap_or_default());
    Value::Array(out)
}

#[tokio::test]
async fn memory_store_moves_a_chat() {
    moves_a_chat(&MemoryStore::new()).await;
}

#[tokio::test]
async fn sqlite_store_moves_a_chat() {
    let dir = tempfile::tempdir().unwrap();
    moves_a_chat(&SqliteStore::open_path(&dir.path().join("domino.db")).await.unwrap()).await;
}

#[tokio::test]
async fn postgres_store_moves_a_chat() {
    let url = domino_pg_harness::server().database("moves");
    moves_a_chat(&PgStore::open(&url).await.unwrap()).await;
}
