//! The standings message a channel keeps (a chat setting): posted and pinned once, edited in
//! place after a finished match, posted anew when deleted, unpinned when turned off.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::{MemoryStore, Store};

/// Waits for `f` to hold (the bot works on its own tasks), at most 15 s.
async fn eventually<T, Fut: std::future::Future<Output = Option<T>>>(
    what: &str,
    f: impl Fn() -> Fut,
) -> T {
    for _ in 0..1500 {
        if let Some(t) = f().await {
            return t;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("timed out waiting for {what}");
}

async fn keep_standings(w: &World<MemoryStore>, on: bool) {
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let mut s = w.service().store().chat_settings(&chat).await.unwrap();
    s.standings_post = on;
    w.service().store().set_chat_settings(&chat, &s.next()).await.unwrap();
    w.service().standings_changed(&chat);
}

#[tokio::test]
async fn the_standings_message_is_pinned_edited_posted_anew_and_unpinned() {
    let w = World::start(MemoryStore::new()).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    keep_standings(&w, true).await;
    let pinned = |w: &World<MemoryStore>| {
        w.fake.channel_messages(CHANNEL).into_iter().find(|m| m.pinned && !m.deleted)
    };
    let first = eventually("the standings pinned", || async { pinned(&w) }).await;
    assert!(first.text().contains("📌 Сезон 1: таблица"), "{}", first.text());

    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let table = w.service().tables_in(&chat).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    eventually("the match", || async {
        (w.table(table).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let m = w.shown(table).await;
    w.press(ANNA, m.id, &button(&m, "Сдаться")).await;
    let edited = eventually("the standings edited", || async {
        pinned(&w).filter(|m| m.text().contains("🥇"))
    })
    .await;
    assert_eq!(edited.id, first.id, "edited in place");
    assert!(edited.text().contains("🥇 boris"), "{}", edited.text());

    w.fake.delete(first.id);
    w.service().standings_changed(&chat);
    let again =
        eventually("posted anew", || async { pinned(&w).filter(|m| m.id != first.id) }).await;
    assert!(again.text().contains("🥇 boris"), "{}", again.text());

    keep_standings(&w, false).await;
    eventually("unpinned", || async { pinned(&w).is_none().then_some(()) }).await;
}
