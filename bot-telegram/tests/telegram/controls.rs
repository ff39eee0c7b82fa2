//! Who may do what: refused presses, the settings menu for admins, closing tables by `/stop`.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::session::{ChatId, Lang, Phase, Platform};
use domino_core::store::Store;
use domino_core::view::{ButtonAction, ButtonData};

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
    let cb = fake.forge(&BOB, &bob_hand, &end);
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
    let cb = fake.forge(&waiting, &waiting_hand, &buttons[0]);
    assert_eq!(fake.answer(&cb).await.text.as_deref(), Some("Сейчас не ваш ход."));
    assert_eq!(table(&service, id).await.version, version);

    // A move, then the same button again: stale.
    let cb = fake.forge(&mover_user, &mover_msg, &buttons[0]);
    let answer = fake.answer(&cb).await;
    assert!(answer.taken() && answer.text.is_some(), "taken, with its toast: {answer:?}");
    let cb = fake.forge(&mover_user, &mover_msg, &buttons[0]);
    assert_eq!(
        fake.answer(&cb).await.text.as_deref(),
        Some("Кнопка устарела — посмотрите на стол ещё раз.")
    );
    assert_eq!(table(&service, id).await.version, version + 1);

    // A double press: one is taken, the other is out of date.
    let (user, msg, buttons) = mover(&fake, &service, id, &players).await;
    let first = fake.forge(&user, &msg, &buttons[0]);
    let second = fake.forge(&user, &msg, &buttons[0]);
    let answers = [fake.answer(&first).await.text, fake.answer(&second).await.text];
    let taken = |a: &&Option<String>| a.as_deref().is_some_and(|t| t.starts_with('✓'));
    assert_eq!(answers.iter().filter(taken).count(), 1, "one toast: {answers:?}");
    assert_eq!(table(&service, id).await.version, version + 2);
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
    assert_eq!(
        (settings.lang.key(), settings.timer),
        ("en", domino_core::store::TurnTimer::Secs(60))
    );
    fake.say(GROUP, &ALICE, "/new");
    let id = table_in(&service, GROUP).await.id;
    let t = table(&service, id).await;
    assert!(t.rules.eggs() && t.turn_secs == Some(60));
    let public = shown(&fake, &service, id, "public").await;
    assert!(public.text.contains("Goat · table #1"), "{}", public.text);
    bot.stop().await;
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
