//! Whole matches through the buttons: Kozel, pairs, duels, a restart mid-match, the timer.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::service::ManualClock;
use domino_core::session::Phase;
use domino_core::store::{SqliteStore, Store};
use domino_core::view::{render_table, round_history, table_view};
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_two_player_kozel_match() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    let id = lobby(&fake, &service, "kozel 2", &[BOB]).await;
    eventually("the match to start", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let moves = play(&fake, &service, id, &[ALICE, BOB], |_| false).await;
    assert!(moves > 10);
    let t = table(&service, id).await;
    assert_eq!(t.phase, Phase::Finished);
    let text = finished_text(&fake, &service, id).await;
    assert!(text.contains("🏁"), "{text}");
    // Every round's result and the match's end were announced in the group.
    let rounds = round_history(t.game.as_ref().unwrap()).len();
    let texts = fake
        .until("the end notice", |st| {
            let texts = st.bot_texts(GROUP);
            texts.iter().any(|t| t.contains("🏁 Матч окончен")).then_some(texts)
        })
        .await;
    assert_eq!(round_notices(&texts), rounds);
    // One table message, edited in place; each hand one message: Bob's in his private chat
    // (he joined there), Alice's in the group, seen by her alone.
    assert_eq!(texts.iter().filter(|t| t.starts_with("🎲 Козёл · стол №1\n")).count(), 1);
    let private =
        fake.with(|st| st.bot_texts(BOB.id).iter().filter(|t| t.starts_with("🎴")).count());
    assert_eq!(private, 1);
    let alices =
        fake.with(|st| st.bot_texts(ALICE.id).iter().filter(|t| t.starts_with("🎴")).count());
    assert_eq!(alices, 0, "no hand in Alice's private chat");
    let alone = fake.with(|st| st.ephemerals.values().filter(|e| e.user == ALICE.id).count());
    assert_eq!(alone, 1, "Alice's hand is one message, edited in place");
    // The scoreboard and the record.
    fake.say(GROUP, &BOB, "/top");
    fake.until("the scoreboard", |st| {
        st.bot_texts(GROUP)
            .into_iter()
            .find(|t| t.contains("🏆") && t.contains("Alice") && t.contains("Bob"))
    })
    .await;
    fake.say(GROUP, &BOB, "/export");
    let doc = fake.until("the record", |st| st.documents.first().cloned()).await;
    assert_eq!((doc.chat, doc.name.as_str()), (GROUP, "last-match.json"));
    let record: serde_json::Value = serde_json::from_slice(&doc.bytes).expect("JSON");
    assert!(record.to_string().contains("domino-record/1"), "{record}");
    let all = fake
        .until("every file", |st| (st.documents.len() >= 4).then(|| st.documents.clone()))
        .await;
    let names: Vec<&str> = all.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        ["last-match.json", "season-1-matches.jsonl", "standings.csv", "rating-history.csv"]
    );
    assert_eq!(String::from_utf8_lossy(&all[1].bytes).lines().count(), 1, "one match");
    assert!(all[3].bytes.starts_with(b"season,variant,platform,user_id"));
    // The last round replayed: a GIF sent as an animation, which plays in the chat.
    fake.say(GROUP, &BOB, "/повтор");
    let replay =
        |st: &crate::fake::St| st.documents.iter().find(|d| d.name == "replay-1.gif").cloned();
    let gif = fake.until("the replay", replay).await;
    assert_eq!(gif.chat, GROUP);
    assert!(gif.bytes.starts_with(b"GIF89a"), "a GIF");
    assert_eq!(fake.with(|st| st.count("sendAnimation")), 1);
    // Past the history's end: told so, nothing sent.
    fake.say(GROUP, &BOB, "/replay 2");
    fake.until("told", |st| st.bot_texts(GROUP).into_iter().find(|t| t.contains("матчей: 1")))
        .await;
    assert_eq!(fake.with(|st| st.count("sendAnimation")), 1);
    // No turn ping is left under the finished table.
    fake.until("no ping left", |st| {
        let left = st.messages_in(GROUP).into_iter().filter(|m| m.text.contains("ваш ход")).count();
        (left == 0).then_some(())
    })
    .await;
    fake.say(GROUP, &BOB, "/score");
    fake.until("the tally", |st| st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("📋")))
        .await;
    // Commands are registered in Russian and English.
    let langs = fake.with(|st| {
        st.requests
            .iter()
            .filter(|r| r.method == "setmycommands")
            .map(|r| r.body.get("language_code").cloned())
            .collect::<Vec<_>>()
    });
    assert_eq!(langs.len(), 2);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_pairs_round() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    let id = lobby(&fake, &service, "козёл пары", &[BOB, CAROL, DAVE]).await;
    eventually("four seated", || async {
        (table(&service, id).await.humans().count() == 4).then_some(())
    })
    .await;
    // A full pairs lobby waits for its host's start.
    eventually("the host to start the match", || async {
        let t = table(&service, id).await;
        if t.phase == Phase::Playing {
            return Some(());
        }
        let msg = shown(&fake, &service, id, "public").await;
        press(&fake, &ALICE, &msg, "Начать").await;
        None
    })
    .await;
    let t = table(&service, id).await;
    assert_eq!((t.size, t.humans().count()), (4, 4));
    play(&fake, &service, id, &everybody(), |t| {
        t.game.as_ref().is_some_and(|g| g.rounds.len() > 1)
    })
    .await;
    let result = fake
        .until("the round's result", |st| {
            st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("Раунд 1"))
        })
        .await;
    assert!(result.contains("🔵") || result.contains("🔴") || result.contains("ничья"), "{result}");
    // Each of the four got their hand privately.
    for user in everybody() {
        shown(&fake, &service, id, &hand(&user)).await;
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_with_the_computer_in_the_group_by_someone_who_never_opened_the_private_chat() {
    let fake = Fake::start().await;
    // The bot is a plain member: it may show a hand only right after its owner's press.
    fake.bot_admin(GROUP, false, false);
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    assert_eq!(table(&service, id).await.phase, Phase::Playing);
    fake.quiet().await;
    // Nothing went to her private chat, no «open the chat» notice went to the group.
    assert!(fake.with(|st| st.bot_texts(GROUP).iter().all(|t| !t.starts_with("🔒"))));
    assert!(fake.with(|st| st.requests.iter().all(|r| r.status != 403)));
    // «My tiles» shows her hand in the group, to her alone; Bob is not seated.
    let public = shown(&fake, &service, id, "public").await;
    let answer = press(&fake, &ALICE, &public, "🎴").await;
    assert_eq!(answer.text, None, "no popup: the hand shows");
    let hand = fake
        .until("her hand", |st| st.seen_by(GROUP, ALICE.id).first().map(|e| (*e).clone()))
        .await;
    assert!(hand.text.starts_with("🎴") && hand.text.contains('['), "{}", hand.text);
    let other = press(&fake, &BOB, &public, "🎴").await;
    assert_eq!(other.text.as_deref(), Some("Вы не сидите за этим столом."));
    assert!(fake.with(|st| st.seen_by(GROUP, BOB.id).is_empty()));
    // She plays to the end on that one message, edited as the game moves.
    play(&fake, &service, id, &[ALICE], |_| false).await;
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    finished_text(&fake, &service, id).await;
    let hands = fake.with(|st| st.ephemerals.values().filter(|e| e.user == ALICE.id).count());
    assert_eq!(hands, 1, "one hand, edited in place through every round");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_goes_on_where_it_was() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let store = SqliteStore::open_path(&path).await.expect("a store");
    let service = quick_service(store, Arc::new(domino_core::service::SystemClock)).await;
    let bot = start(&fake, service.clone()).await;
    fake.say(ALICE.id, &ALICE, "/start");
    let id = lobby(&fake, &service, "kozel 2", &[BOB]).await;
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= 8).await;
    let before = [
        where_shown(&service, id, "public").await.unwrap(),
        where_shown(&service, id, &hand(&ALICE)).await.unwrap(),
        where_shown(&service, id, &hand(&BOB)).await.unwrap(),
    ];
    let version = table(&service, id).await.version;
    drop(service);
    let store = bot.stop_for_store().await;
    store.close().await;

    let store = SqliteStore::open_path(&path).await.expect("the store again");
    let service = quick_service(store, Arc::new(domino_core::service::SystemClock)).await;
    assert_eq!(table(&service, id).await.version, version);
    let bot = start(&fake, service.clone()).await;
    play(&fake, &service, id, &[ALICE, BOB], |_| false).await;
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    finished_text(&fake, &service, id).await;
    let after = [
        where_shown(&service, id, "public").await.unwrap(),
        where_shown(&service, id, &hand(&ALICE)).await.unwrap(),
        where_shown(&service, id, &hand(&BOB)).await.unwrap(),
    ];
    assert_eq!(before, after, "the same messages are edited");
    assert_eq!(
        fake.with(|st| st
            .bot_texts(GROUP)
            .iter()
            .filter(|t| t.starts_with("🎲 Козёл · стол №1\n"))
            .count()),
        1
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_moves_for_an_absent_player_and_the_chat_sees_it() {
    let fake = Fake::start().await;
    let clock = Arc::new(ManualClock::new(1_000_000));
    let store = domino_core::store::MemoryStore::new();
    let settings = domino_core::store::ChatSettings {
        timer: domino_core::store::TurnTimer::Secs(30),
        ..Default::default()
    }
    .next();
    store.set_chat_settings(&chat(GROUP), &settings).await.unwrap();
    let service = quick_service(store, clock.clone()).await;
    let bot = start(&fake, service.clone()).await;
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    service.settled().await;
    let before = table(&service, id).await;
    assert!(before.deadline.is_some());
    shown(&fake, &service, id, "public").await;
    clock.advance(31_000);
    service.fire_due().await;
    service.settled().await;
    fake.until("the timeout notice", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("⏰ Alice"))
    })
    .await;
    let after = table(&service, id).await;
    assert!(after.version > before.version);
    let want = render_table(&table_view(&after));
    eventually("the table after the timer", || async {
        (shown(&fake, &service, id, "public").await.text == want).then_some(())
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_by_username_mentions_the_invitee_who_accepts() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/duel @carol");
    fake.until("who is that", |st| st.bot_texts(GROUP).into_iter().find(|t| t.contains("@carol")))
        .await;
    fake.say(GROUP, &BOB, "/help");
    fake.say(GROUP, &ALICE, "/duel @Bob telefon");
    let id = table_in(&service, GROUP).await.id;
    let call = fake
        .until("the challenge", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.text.starts_with("⚔️")).cloned()
        })
        .await;
    assert_eq!(call.entities[0]["type"], "text_mention");
    assert_eq!(call.entities[0]["user"]["id"], BOB.id);
    let public = shown(&fake, &service, id, "public").await;
    assert_eq!(
        press(&fake, &CAROL, &public, "✅").await.text.as_deref(),
        Some("Этот вызов не вам.")
    );
    assert_eq!(press(&fake, &BOB, &public, "✅").await.text, None);
    let t = table(&service, id).await;
    assert_eq!((t.phase, t.rules.variant().key()), (Phase::Playing, "telefon"));
    bot.stop().await;
}
