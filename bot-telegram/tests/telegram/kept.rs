//! The standings message a group keeps (a chat setting): posted and pinned once, edited in
//! place when a match finishes, posted anew when someone deleted it, unpinned and forgotten
//! when the setting is turned off; in a group where the bot may not pin, kept unpinned.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::ids::{ChatId, Platform};
use domino_core::service::Service;
use domino_core::session::Phase;
use domino_core::store::{MemoryStore, Store};

async fn keep_standings(service: &Service<MemoryStore>, on: bool) {
    let chat = ChatId::new(Platform::Telegram, GROUP.to_string());
    let mut s = service.store().chat_settings(&chat).await.unwrap();
    s.standings_post = on;
    service.store().set_chat_settings(&chat, &s.next()).await.unwrap();
    service.standings_changed(&chat);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standings_message_is_pinned_edited_posted_anew_and_taken_down() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    keep_standings(&service, true).await;
    let pinned = |st: &crate::fake::St| {
        let id = *st.pinned.get(&GROUP)?;
        Some((id, st.message(GROUP, id).filter(|m| !m.deleted)?.text.clone()))
    };
    let (first, text) = fake.until("the standings pinned", pinned).await;
    assert!(text.starts_with("📌 Сезон 1: таблица\n\n🏆 Таблица пуста"), "{text}");

    // Alice resigns a duel: the same message now ranks Bob first.
    let id = lobby(&fake, &service, "kozel 2", &[BOB]).await;
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let msg = eventually("the match's buttons", || async {
        let m = shown(&fake, &service, id, "public").await;
        m.button("Сдаться").is_some().then_some(m)
    })
    .await;
    press(&fake, &ALICE, &msg, "Сдаться").await;
    let text =
        fake.until("the standings edited", |st| pinned(st).filter(|(_, t)| t.contains("🥇"))).await;
    assert_eq!(text.0, first, "edited in place");
    assert!(text.1.contains("🥇 Bob") && text.1.contains("🥈 Alice"), "{}", text.1);
    assert!(text.1.contains("🕒 Обновлено "), "{}", text.1);

    // Someone deleted it: the next change posts it anew, pinned.
    fake.lock().messages.get_mut(&(GROUP, first)).unwrap().deleted = true;
    service.standings_changed(&ChatId::new(Platform::Telegram, GROUP.to_string()));
    let (again, text) =
        fake.until("posted anew", |st| pinned(st).filter(|(id, _)| *id != first)).await;
    assert!(text.contains("🥇 Bob"), "{text}");

    // Turned off: unpinned and forgotten.
    keep_standings(&service, false).await;
    fake.until("unpinned", |st| (!st.pinned.contains_key(&GROUP)).then_some(())).await;
    let key = format!("post:standings:{}", ChatId::new(Platform::Telegram, GROUP.to_string()));
    eventually("forgotten", || async {
        service.store().meta(&key).await.unwrap().is_none().then_some(())
    })
    .await;
    assert!(fake.with(|st| st.message(GROUP, again).is_some_and(|m| !m.deleted)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_bot_may_not_pin_the_standings_message_is_kept_unpinned() {
    let fake = Fake::start().await;
    fake.lock().member_only.insert(GROUP);
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    keep_standings(&service, true).await;
    let posted = |st: &crate::fake::St| {
        st.messages_in(GROUP).into_iter().filter(|m| m.text.starts_with("📌 Сезон 1")).count()
    };
    fake.until("the standings posted", |st| (posted(st) == 1).then_some(())).await;
    fake.until("a pin tried", |st| (st.count("pinChatMessage") == 1).then_some(())).await;
    assert!(fake.with(|st| st.pinned.is_empty()));
    // A later change edits the same message: still one, still unpinned.
    service.standings_changed(&ChatId::new(Platform::Telegram, GROUP.to_string()));
    fake.until("edited", |st| (st.count("editMessageText") >= 1).then_some(())).await;
    fake.quiet().await;
    assert_eq!(fake.with(posted), 1);
    assert_eq!(fake.with(|st| st.count("pinChatMessage")), 1);
}
