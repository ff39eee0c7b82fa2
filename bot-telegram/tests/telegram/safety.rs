//! Safe in a public chat: join links are for members of the table's chat and cannot be made
//! up, and a membership that could not be checked (a 5xx, a timeout) refuses a join or a duel; posts as a channel are not players; long replies arrive whole; a table that no longer
//! reads is set aside and its chat told.

use crate::fake::{Fake, Fault, User};
use crate::harness::*;
use domino_core::session::Phase;

const EVE: User = User::new(105, "Eve");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_link_is_for_members_of_the_tables_chat_and_cannot_be_made_up() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/new kozel 2");
    let id = table_in(&service, GROUP).await.id;
    let msg = shown(&fake, &service, id, "public").await;
    let join = msg.join_link().expect("a join link");
    let payload = join.split("start=").nth(1).unwrap().to_owned();
    assert!(payload.len() > 8 && payload.contains('_'), "a signed link: {payload}");

    // Eve is in no group of the table: her link (shared with her) does not seat her.
    fake.outsider(GROUP, &EVE);
    fake.say(EVE.id, &EVE, &format!("/start {payload}"));
    fake.until("the refusal", |st| {
        st.bot_texts(EVE.id).into_iter().find(|t| t.contains("участники его чата"))
    })
    .await;
    // A link written by hand (the next table's id, the bare id of this one) is no link.
    fake.say(EVE.id, &EVE, &format!("/start j{}", id));
    fake.say(BOB.id, &BOB, &format!("/start j{}_AAAAAAAAAAAAAAAA", id));
    fake.until("two refusals", |st| {
        let told = |u: i64| {
            st.bot_texts(u).into_iter().filter(|t| t.contains("устарела или неверна")).count()
        };
        (told(EVE.id) == 1 && told(BOB.id) == 1).then_some(())
    })
    .await;
    let t = table(&service, id).await;
    assert_eq!(
        (t.phase.clone(), t.seats.iter().flatten().count()),
        (Phase::Lobby, 1),
        "nobody sat down"
    );

    // Bob is a member: the same link seats him, and the match starts.
    fake.open_link(&BOB, &join);
    eventually("Bob seated", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_membership_that_could_not_be_checked_refuses_the_join_and_the_duel() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    let late = Fault::Slow(std::time::Duration::from_millis(2500));
    // A join link: Telegram answers getChatMember with a 502, then too late; then it answers.
    fake.say(GROUP, &ALICE, "/new kozel 2");
    let id = table_in(&service, GROUP).await.id;
    let join = shown(&fake, &service, id, "public").await.join_link().unwrap();
    for (n, fault) in [(1, Fault::Unavailable), (2, late)] {
        fake.fail("getChatMember", Some(GROUP), fault, 1);
        fake.open_link(&BOB, &join);
        fake.until("the refusal", |st| {
            let told =
                st.bot_texts(BOB.id).into_iter().filter(|t| t.contains("участники его чата"));
            (told.count() == n).then_some(())
        })
        .await;
        assert_eq!(table(&service, id).await.phase, Phase::Lobby, "nobody sat down");
    }
    fake.open_link(&BOB, &join);
    eventually("Bob seated", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;

    // A duel by @username: the same failures refuse it, in the chat's language, and say why.
    fake.say(GROUP, &CAROL, "/help");
    let unchecked = |fake: &Fake, n: usize| {
        let fake = fake.clone();
        async move {
            fake.until("the duel refused", |st| {
                let told = st
                    .bot_texts(GROUP)
                    .into_iter()
                    .filter(|t| t.starts_with("Не удалось проверить, есть ли Carol в этом чате"));
                (told.count() == n).then_some(())
            })
            .await
        }
    };
    for (n, fault) in [(1, Fault::Unavailable), (2, late)] {
        fake.fail("getChatMember", Some(GROUP), fault, 1);
        fake.say(GROUP, &ALICE, "/duel @carol");
        unchecked(&fake, n).await;
        assert_eq!(service.tables_in(&chat(GROUP)).await.len(), 1, "no challenge");
    }
    fake.say(GROUP, &ALICE, "/duel @carol");
    eventually("the challenge", || async {
        (service.tables_in(&chat(GROUP)).await.len() == 2).then_some(())
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_as_a_channel_is_not_a_player() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say_as_channel(GROUP, &ALICE, "/new");
    fake.until("the answer", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.contains("от своего имени"))
    })
    .await;
    assert!(service.tables_in(&chat(GROUP)).await.is_empty(), "no table for a channel");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_spell_of_502s_holds_up_nothing_and_loses_nothing() {
    let fake = Fake::start().await;
    let quick = domino_telegram::RunOptions {
        call_timeout: std::time::Duration::from_millis(300),
        ..options()
    };
    let bot = start_with(&fake, memory_service().await, quick).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    fake.say(GROUP, &ALICE, "/new kozel 2");
    let id = table_in(&service, GROUP).await.id;
    let msg = shown(&fake, &service, id, "public").await;
    fake.open_link(&BOB, &msg.join_link().unwrap());
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let (mover, hand, moves) = mover(&fake, &service, id, &[ALICE, BOB]).await;
    // The answer to the press fails once, the group's next messages fail three times.
    fake.fail("answerCallbackQuery", None, Fault::Unavailable, 1);
    // The table message is a photo (the default): its edits are media edits.
    fake.fail("editMessageMedia", Some(GROUP), Fault::Unavailable, 3);
    let cb = fake.forge(&mover, &hand, &moves[0]);
    let answer = fake.answer(&cb).await;
    assert!(answer.taken(), "the press is answered (the second try) and taken: {answer:?}");
    // Another group is not held up by the first one's failures.
    fake.say(OTHER, &CAROL, "/help");
    fake.until("help in the other group", |st| {
        st.bot_texts(OTHER).into_iter().find(|t| t.contains("/duel"))
    })
    .await;
    // The table message catches up once Telegram answers again.
    let t = table(&service, id).await;
    let want = domino_core::view::render_caption(&domino_core::view::table_view(&t), 1024);
    eventually("the table message up to date", || async {
        (shown(&fake, &service, id, "public").await.text == want).then_some(())
    })
    .await;
    let failed = fake.with(|st| st.requests.iter().filter(|r| r.status == 502).count());
    assert_eq!(failed, 4, "every failure was answered by a retry");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_a_burst_keeps_the_groups_limit() {
    let fake = Fake::start().await;
    let pacing = domino_telegram::Pacing {
        chat_gap: std::time::Duration::ZERO,
        group_limit: 6,
        group_window: std::time::Duration::from_secs(2),
        ephemeral_limit: 6,
        overall_per_sec: 1000,
        ..domino_telegram::Pacing::FAST
    };
    let store = domino_core::store::MemoryStore::new();
    let service =
        quick_service(store, std::sync::Arc::new(domino_core::service::SystemClock)).await;
    let options =
        || domino_telegram::RunOptions { pacing, drain: std::time::Duration::ZERO, ..options() };
    let bot = start_with(&fake, service, options()).await;
    for _ in 0..10 {
        fake.say(GROUP, &ALICE, "/help");
    }
    // Stopped mid-burst: what was queued is lost with the process, what was sent counts.
    fake.until("some sent", |st| (st.bot_texts(GROUP).len() >= 6).then_some(())).await;
    let store = bot.stop_for_store().await;
    let service =
        quick_service(store, std::sync::Arc::new(domino_core::service::SystemClock)).await;
    let bot = start_with(&fake, service, options()).await;
    for _ in 0..4 {
        fake.say(GROUP, &BOB, "/help");
    }
    fake.until("the second run's answers", |st| (st.bot_texts(GROUP).len() >= 10).then_some(()))
        .await;
    let sends: Vec<tokio::time::Instant> = fake.with(|st| {
        st.requests
            .iter()
            .filter(|r| r.method == "sendmessage" && r.status == 200 && r.body["chat_id"] == GROUP)
            .map(|r| r.at)
            .collect()
    });
    for (i, t) in sends.iter().enumerate() {
        let within =
            sends[i..].iter().filter(|u| u.duration_since(*t) < pacing.group_window).count();
        assert!(within <= 6, "{within} messages within one window across the restart");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_that_no_longer_reads_is_set_aside_and_its_chat_told() {
    use domino_core::engine::rules::{Rules, Variant};
    use domino_core::service::{SystemClock, TableSpec};
    use domino_core::session::{ChatId, Person, Platform, UserId};
    use domino_core::store::SqliteStore;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    {
        let store = SqliteStore::open_path(&path).await.unwrap();
        let service = quick_service(store, std::sync::Arc::new(SystemClock)).await;
        for user in [ALICE, BOB] {
            let spec = TableSpec {
                chat: ChatId::new(Platform::Telegram, GROUP.to_string()),
                thread: None,
                rules: Rules::new(Variant::Kozel),
                size: 2,
                clock: None,
                rotation: None,
            };
            let host = Person::new(UserId::new(Platform::Telegram, user.id.to_string()), user.name);
            service.create(spec, host).await.unwrap();
        }
    }
    let db = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display())).await.unwrap();
    sqlx::query("UPDATE tables SET snapshot = '{\"chat\":' || json_extract(snapshot, '$.chat') || ',\"number\":1}' WHERE number = 1")
        .execute(&db)
        .await
        .unwrap();
    db.close().await;
    let fake = Fake::start().await;
    let store = SqliteStore::open_path(&path).await.unwrap();
    let bot = start(&fake, quick_service(store, std::sync::Arc::new(SystemClock)).await).await;
    let told = fake
        .until("the notice", |st| {
            st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("⚠️ Стол №1 "))
        })
        .await;
    assert!(told.contains("не удалось восстановить"), "{told}");
    // The good table is shown again; the broken one is not.
    let tables = fake.until("table №2", |st| {
        let texts = st.bot_texts(GROUP);
        texts.iter().any(|t| t.contains("стол №2")).then_some(texts)
    });
    let texts = tables.await;
    assert!(!texts.iter().any(|t| t.contains("стол №1\n")), "{texts:?}");
    assert_eq!(bot.service.open_tables(), 1);
    bot.stop().await;
}
