//! The Telegram bot end to end: the real teloxide bot against a fake Bot API server on
//! loopback, driven through the messages and buttons people use.

mod fake;
mod fake_media;
mod fake_places;
mod harness;
mod instances;
mod monkey;
mod pictures;
mod places;
mod safety;
mod scenario;

use domino_core::service::{ManualClock, Service};
use domino_core::session::{ChatId, Lang, Phase, Platform};
use domino_core::store::{SqliteStore, Store};
use domino_core::view::{ButtonAction, ButtonData, render_table, round_history, table_view};
use fake::{Fake, Fault};
use harness::*;
use std::sync::Arc;
use std::time::Duration;

/// Opens a table with `/new <words>` in the group; the others join through the join link.
async fn lobby<S: Store>(
    fake: &Fake,
    service: &Service<S>,
    words: &str,
    joiners: &[fake::User],
) -> i64 {
    fake.say(GROUP, &ALICE, &format!("/new {words}"));
    let id = table_in(service, GROUP).await.id;
    let msg = shown(fake, service, id, "public").await;
    let join = msg.button("✋").and_then(|b| b.url).expect("a join link");
    assert!(join.starts_with("https://t.me/domino_test_bot?start=j"), "{join}");
    for user in joiners {
        fake.open_link(user, &join);
    }
    id
}

/// Round results announced in notices (not the table message, which shows the last one).
fn round_notices(texts: &[String]) -> usize {
    let notices = texts.iter().filter(|t| !t.starts_with("🎲 "));
    notices.flat_map(|t| t.lines()).filter(|l| l.starts_with("Раунд ")).count()
}

async fn finished_text<S: Store>(fake: &Fake, service: &Service<S>, id: i64) -> String {
    let t = table(service, id).await;
    let want = render_table(&table_view(&t));
    eventually("the final table", || async {
        let msg = shown(fake, service, id, "public").await;
        (msg.text == want).then_some(msg.text)
    })
    .await
}

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
    // One table message, edited in place; each hand one message.
    assert_eq!(texts.iter().filter(|t| t.starts_with("🎲 Козёл · стол №1\n")).count(), 1);
    for user in [ALICE, BOB] {
        assert_eq!(
            fake.with(|st| st.bot_texts(user.id).iter().filter(|t| t.starts_with("🎴")).count()),
            1
        );
    }
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
    let csv = fake.until("the standings", |st| st.documents.get(1).cloned()).await;
    assert_eq!(csv.name, "standings.csv");
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
async fn a_duel_with_the_computer_and_a_closed_private_chat() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    // Alice never opened her private chat with the bot.
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    assert_eq!(table(&service, id).await.phase, Phase::Playing);
    // The hand could not be sent: she is told, with a button that opens the chat.
    let offer = fake
        .until("the offer", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.text.starts_with("🔒")).cloned()
        })
        .await;
    assert!(offer.text.contains("Alice"));
    assert!(
        fake.with(|st| st.requests.iter().any(|r| r.method == "sendmessage" && r.status == 403))
    );
    // Meanwhile «my tiles» shows her hand in a popup only she sees.
    let public = shown(&fake, &service, id, "public").await;
    let answer = press(&fake, &ALICE, &public, "🎴").await;
    assert!(answer.alert && answer.text.as_deref().is_some_and(|t| t.contains('[')), "{answer:?}");
    let other = press(&fake, &BOB, &public, "🎴").await;
    assert_eq!(other.text.as_deref(), Some("Вы не сидите за этим столом."));
    // She opens the chat; her hand arrives there and she plays to the end.
    fake.open_link(&ALICE, &offer.button("💬").and_then(|b| b.url).expect("a link"));
    play(&fake, &service, id, &[ALICE], |_| false).await;
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    finished_text(&fake, &service, id).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_presses_change_nothing() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    let id = lobby(&fake, &service, "kozel 2", &[BOB]).await;
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let public = shown(&fake, &service, id, "public").await;
    let players = [ALICE, BOB];
    let version = table(&service, id).await.version;

    // Forged data: not ours, no such table, another chat's table.
    for data in ["garbage", "1:zz:0:join", "1:1:0:m.P99l"] {
        let cb = fake.press(&ALICE, GROUP, public.id, data);
        let text = fake.answer(&cb).await.text.unwrap_or_default();
        assert!(!text.is_empty(), "{data} was accepted");
    }
    fake.say(-2002, &CAROL, "/new");
    let other = table_in(&service, -2002).await;
    let forged = ButtonData::new(other.id, other.version, ButtonAction::Start).encode();
    let cb = fake.press(&CAROL, GROUP, public.id, &forged);
    assert_eq!(fake.answer(&cb).await.text.as_deref(), Some("Эта кнопка не отсюда или устарела."));
    assert_eq!(table(&service, other.id).await.phase, Phase::Lobby);

    // A forged «close the table» on Bob's own hand: his private chat makes him no admin.
    let bob_hand = shown(&fake, &service, id, &hand(&BOB)).await;
    let end = ButtonData::new(id, version, ButtonAction::End).encode();
    let cb = fake.press(&BOB, bob_hand.chat, bob_hand.id, &end);
    assert_eq!(
        fake.answer(&cb).await.text.as_deref(),
        Some("Закрыть стол может хозяин или админ чата.")
    );

    // The wrong player: Carol is not seated (once the table message shows the match).
    let public = eventually("the match on the table message", || async {
        Some(shown(&fake, &service, id, "public").await).filter(|m| m.button("🏳").is_some())
    })
    .await;
    assert_eq!(
        press(&fake, &CAROL, &public, "🏳").await.text.as_deref(),
        Some("Вы не сидите за этим столом.")
    );

    // Out of turn: the other player presses the mover's move on their own hand.
    let (mover_user, mover_msg, buttons) = mover(&fake, &service, id, &players).await;
    let waiting = players.iter().find(|u| u.id != mover_user.id).unwrap().clone();
    let waiting_hand = shown(&fake, &service, id, &hand(&waiting)).await;
    let cb = fake.press(&waiting, waiting_hand.chat, waiting_hand.id, &buttons[0]);
    assert_eq!(fake.answer(&cb).await.text.as_deref(), Some("Сейчас не ваш ход."));
    assert_eq!(table(&service, id).await.version, version);

    // A move, then the same button again: stale.
    let cb = fake.press(&mover_user, mover_msg.chat, mover_msg.id, &buttons[0]);
    assert_eq!(fake.answer(&cb).await.text, None);
    let cb = fake.press(&mover_user, mover_msg.chat, mover_msg.id, &buttons[0]);
    assert_eq!(
        fake.answer(&cb).await.text.as_deref(),
        Some("Кнопка устарела — посмотрите на стол ещё раз.")
    );
    assert_eq!(table(&service, id).await.version, version + 1);

    // A double press: one is taken, the other is out of date.
    let (user, msg, buttons) = mover(&fake, &service, id, &players).await;
    let first = fake.press(&user, msg.chat, msg.id, &buttons[0]);
    let second = fake.press(&user, msg.chat, msg.id, &buttons[0]);
    let answers = [fake.answer(&first).await.text, fake.answer(&second).await.text];
    assert_eq!(answers.iter().filter(|a| a.is_none()).count(), 1, "{answers:?}");
    assert_eq!(table(&service, id).await.version, version + 2);
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
    let service = bot.stop().await;
    let store = Arc::into_inner(service).expect("the bot let go of the service").into_store();
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
async fn rate_limits_and_forbidden_chats_lose_nothing() {
    let fake = Fake::start().await;
    let limited = Fault::TooMany { retry_after: 1 };
    fake.fail("getMe", None, limited, 1);
    // The table message is a photo (the default): its edits are media edits.
    fake.fail("editMessageMedia", Some(GROUP), limited, 2);
    fake.fail("sendMessage", Some(GROUP), limited, 1);
    fake.fail("answerCallbackQuery", None, limited, 1);
    fake.fail("sendMessage", Some(ALICE.id), Fault::Forbidden, 1);
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    // Her private chat refuses the first message (the hello).
    fake.say(ALICE.id, &ALICE, "/start");
    fake.until("a 403", |st| st.requests.iter().any(|r| r.status == 403).then_some(())).await;
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    let offer = fake
        .until("the offer", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.text.starts_with("🔒")).cloned()
        })
        .await;
    fake.open_link(&ALICE, &offer.button("💬").and_then(|b| b.url).expect("a link"));
    play(&fake, &service, id, &[ALICE], |_| false).await;
    let t = table(&service, id).await;
    assert_eq!(t.phase, Phase::Finished);
    finished_text(&fake, &service, id).await;
    let rounds = round_history(t.game.as_ref().unwrap()).len();
    let texts = fake
        .until("the end notice", |st| {
            let texts = st.bot_texts(GROUP);
            texts.iter().any(|t| t.contains("🏁 Матч окончен")).then_some(texts)
        })
        .await;
    assert_eq!(round_notices(&texts), rounds);
    assert!(fake.with(|st| st.requests.iter().filter(|r| r.status == 429).count()) >= 5);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_by_buttons() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/settings");
    let menu = fake
        .until("the menu", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.text.starts_with("⚙️")).cloned()
        })
        .await;
    // Only the chat's admins change its settings (the core decides; Telegram says who is one).
    let refused = press(&fake, &ALICE, &menu, "English").await;
    assert!(refused.text.as_deref().is_some_and(|t| t.contains("админы")), "{refused:?}");
    assert_eq!(
        service
            .store()
            .chat_settings(&ChatId::new(Platform::Telegram, GROUP.to_string()))
            .await
            .unwrap()
            .lang,
        Lang::Ru
    );
    fake.admin(GROUP, &ALICE);
    assert_eq!(press(&fake, &ALICE, &menu, "English").await.text, None);
    let menu = fake
        .until("the menu in English", |st| {
            st.message(GROUP, menu.id).filter(|m| m.text.contains("Turn timer")).cloned()
        })
        .await;
    press(&fake, &ALICE, &menu, "1 min").await;
    let menu = fake
        .until("the timer", |st| {
            st.message(GROUP, menu.id).filter(|m| m.text.contains("⏱ Turn timer: 1 min")).cloned()
        })
        .await;
    press(&fake, &ALICE, &menu, "Game rules").await;
    let menu = fake
        .until("the game page", |st| {
            st.message(GROUP, menu.id).filter(|m| m.text.contains("📖 Goat")).cloned()
        })
        .await;
    press(&fake, &ALICE, &menu, "Eggs").await;
    fake.until("eggs on", |st| {
        st.message(GROUP, menu.id).filter(|m| m.text.contains("✅ Eggs")).cloned()
    })
    .await;
    let settings = service.store().chat_settings(&chat(GROUP)).await.unwrap();
    assert_eq!((settings.lang.key(), settings.turn_secs), ("en", Some(60)));
    fake.say(GROUP, &ALICE, "/new");
    let id = table_in(&service, GROUP).await.id;
    let t = table(&service, id).await;
    assert!(t.rules.eggs && t.turn_secs == Some(60));
    let public = shown(&fake, &service, id, "public").await;
    assert!(public.text.contains("Goat · table #1"), "{}", public.text);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_mode() {
    let fake = Fake::start().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let hook = domino_telegram::Webhook {
        url: url::Url::parse(&format!("http://127.0.0.1:{port}/hook")).unwrap(),
        listen: format!("127.0.0.1:{port}").parse().unwrap(),
        secret: Some("s3cret".into()),
    };
    let options = domino_telegram::RunOptions {
        mode: domino_telegram::Mode::Webhook(hook.clone()),
        ..options()
    };
    let bot = start_with(&fake, memory_service().await, options).await;
    fake.until("the webhook", |st| st.webhook.clone().filter(|u| u == hook.url.as_str())).await;
    let update = serde_json::json!({"update_id": 1, "message": {
        "message_id": 1, "date": 1, "chat": {"id": GROUP, "type": "group", "title": "Office"},
        "from": {"id": ALICE.id, "is_bot": false, "first_name": "Alice"}, "text": "/help",
        "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}});
    assert_eq!(post(port, "/hook", None, &update).await, 401);
    assert_eq!(post(port, "/hook", Some("s3cre"), &update).await, 401);
    assert_eq!(post(port, "/hook", Some("s3cret"), &update).await, 200);
    fake.until("the help", |st| st.bot_texts(GROUP).into_iter().find(|t| t.contains("/duel")))
        .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_without_a_configured_secret_makes_one_and_refuses_forged_updates() {
    let fake = Fake::start().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let hook = domino_telegram::Webhook {
        url: url::Url::parse(&format!("http://127.0.0.1:{port}/hook")).unwrap(),
        listen: format!("127.0.0.1:{port}").parse().unwrap(),
        secret: None,
    };
    let options =
        domino_telegram::RunOptions { mode: domino_telegram::Mode::Webhook(hook), ..options() };
    let bot = start_with(&fake, memory_service().await, options).await;
    let set = fake
        .until("the webhook", |st| st.requests.iter().find(|r| r.method == "setwebhook").cloned())
        .await;
    let secret = set.body["secret_token"].as_str().expect("a secret was registered").to_owned();
    assert!(secret.len() >= 32 && secret.chars().all(|c| c.is_ascii_alphanumeric()), "{secret}");
    // A forged update (anyone can POST to the URL) is refused and does nothing.
    let forged = serde_json::json!({"update_id": 7, "message": {
        "message_id": 1, "date": 1, "chat": {"id": GROUP, "type": "group", "title": "Office"},
        "from": {"id": ALICE.id, "is_bot": false, "first_name": "Alice"}, "text": "/new",
        "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}});
    assert_eq!(post(port, "/hook", None, &forged).await, 401);
    assert_eq!(post(port, "/hook", Some("guess"), &forged).await, 401);
    fake.quiet().await;
    assert!(bot.service.tables_in(&chat(GROUP)).await.is_empty(), "no table from a forged update");
    assert_eq!(post(port, "/hook", Some(&secret), &forged).await, 200);
    table_in(&bot.service, GROUP).await;
    bot.stop().await;
}

/// A bare HTTP/1.1 POST; returns the status.
async fn post(port: u16, path: &str, secret: Option<&str>, body: &serde_json::Value) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = body.to_string();
    let secret =
        secret.map(|s| format!("X-Telegram-Bot-Api-Secret-Token: {s}\r\n")).unwrap_or_default();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{secret}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut tcp = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    tcp.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    tokio::time::timeout(Duration::from_secs(5), tcp.read_to_string(&mut out))
        .await
        .unwrap()
        .unwrap();
    out.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_acts_on_the_latest_table_or_the_one_named() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/new");
    let first = table_in(&service, GROUP).await.id;
    shown(&fake, &service, first, "public").await;
    fake.say(GROUP, &BOB, "/new telefon 3");
    let second = eventually("a second table", || async {
        service.tables_in(&chat(GROUP)).await.into_iter().map(|t| t.id).find(|&id| id != first)
    })
    .await;
    // Carol is neither host nor admin: the latest table (Bob's) stays.
    fake.say(GROUP, &CAROL, "/stop");
    fake.until("the refusal", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("Закрыть стол может"))
    })
    .await;
    assert_eq!(table(&service, second).await.phase, Phase::Lobby);
    // As an admin she closes table 1 by its number.
    fake.admin(GROUP, &CAROL);
    fake.say(GROUP, &CAROL, "/stop 1");
    eventually("table 1 closed", || async {
        (!table(&service, first).await.phase.is_open()).then_some(())
    })
    .await;
    let closed = fake
        .until("the closed table", |st| {
            st.messages_in(GROUP)
                .into_iter()
                .find(|m| m.text.contains("Стол закрыт") && m.buttons().is_empty())
                .cloned()
        })
        .await;
    assert!(closed.text.starts_with("🎲 Козёл · стол №1\n"), "{}", closed.text);
    fake.say(GROUP, &BOB, "/stop");
    eventually("table 2 closed", || async {
        (!table(&service, second).await.phase.is_open()).then_some(())
    })
    .await;
    fake.say(GROUP, &BOB, "/stop");
    fake.until("nothing to stop", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("В этом чате нет открытого стола"))
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_group_stays_within_its_budget_and_shows_the_latest_state() {
    let fake = Fake::start().await;
    let pacing = domino_telegram::Pacing {
        chat_gap: Duration::ZERO,
        group_limit: 6,
        group_window: Duration::from_millis(400),
        overall_per_sec: 10_000,
    };
    // Text tables: messages as quick as they come, so that the budget is what holds them
    // (photos go through the same outbox; see `pictures`).
    let service = memory_service().await;
    let text = domino_core::store::ChatSettings {
        board: domino_core::store::BoardMode::Text,
        ..Default::default()
    };
    service.store().set_chat_settings(&chat(GROUP), &text.next()).await.unwrap();
    let bot = start_with(&fake, service, RunOptionsExt::paced(pacing)).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    play(&fake, &service, id, &[ALICE], |t| t.version >= 20).await;
    let t = table(&service, id).await;
    let want = render_table(&table_view(&t));
    eventually("the latest state", || async {
        (shown(&fake, &service, id, "public").await.text == want).then_some(())
    })
    .await;
    let times = fake.with(|st| {
        st.requests
            .iter()
            .filter(|r| {
                let method = r.method.as_str();
                matches!(
                    method,
                    "sendmessage" | "editmessagetext" | "sendphoto" | "editmessagemedia"
                )
            })
            .filter(|r| r.body.get("chat_id").and_then(|c| c.as_i64()) == Some(GROUP))
            .map(|r| r.at)
            .collect::<Vec<_>>()
    });
    // More than one window's worth went out, and fewer than one edit and one mention a move.
    assert!(times.len() > pacing.group_limit as usize, "{} group messages", times.len());
    assert!(times.len() < 2 * 20, "{} group messages", times.len());
    for (i, t) in times.iter().enumerate() {
        let within =
            times[i..].iter().filter(|u| u.duration_since(*t) < pacing.group_window).count();
        assert!(within <= pacing.group_limit as usize, "{within} group messages within one window");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_moves_for_an_absent_player_and_the_chat_sees_it() {
    let fake = Fake::start().await;
    let clock = Arc::new(ManualClock::new(1_000_000));
    let store = domino_core::store::MemoryStore::new();
    let settings =
        domino_core::store::ChatSettings { turn_secs: Some(30), ..Default::default() }.next();
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

struct RunOptionsExt;

impl RunOptionsExt {
    fn paced(pacing: domino_telegram::Pacing) -> domino_telegram::RunOptions {
        domino_telegram::RunOptions { pacing, ..options() }
    }
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
    assert_eq!((t.phase, t.rules.variant.key()), (Phase::Playing, "telefon"));
    bot.stop().await;
}
