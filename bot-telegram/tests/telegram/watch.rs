//! Spectators on Telegram (`/watch N`): the view goes to the watcher alone and is edited in
//! place as the table moves: an ephemeral message in the group for whoever has not chosen the
//! private chat (sent with their ephemeral command's grant where the bot is no administrator,
//! then edited without one), a message in the private chat for whoever has; «⏹» stops it; a
//! restarted bot edits the same view.

use crate::fake::{Fake, Msg, User};
use crate::harness::*;
use domino_core::chat::Chat;
use domino_core::chat::scenario;
use domino_core::service::SystemClock;
use domino_core::session::ChatId;
use domino_core::session::Phase;
use domino_core::store::{MemoryStore, SqliteStore, Store};
use domino_core::view::{ButtonAction, ButtonData};
use std::sync::Arc;

/// Alice and Bob at a two-seat table of the group, in play, their hands in their private
/// chats: its id.
async fn a_match<S: Store>(fake: &Fake, service: &domino_core::service::Service<S>) -> i64 {
    let id = lobby_private(fake, service, "telefon 2", &[BOB]).await;
    eventually("the match to start", || async {
        (table(service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    id
}

/// The watcher's view once it shows the table's version `v` or a newer one.
async fn view_at<S: Store>(
    fake: &Fake,
    service: &domino_core::service::Service<S>,
    id: i64,
    v: u64,
) -> Msg {
    eventually("the watcher's view of the table as it is", || async {
        let m = shown(fake, service, id, &format!("watch:{}", CAROL.id)).await;
        let drawn = m
            .buttons()
            .iter()
            .filter_map(|b| ButtonData::decode(b.data.as_deref()?).ok())
            .all(|d| d.version >= v);
        (drawn && !m.buttons().is_empty()).then_some(m)
    })
    .await
}

/// The watcher's view offers «🔄» and «⏹» only, and reads the table message's text.
fn a_spectators_view(view: &Msg, public: &Msg) {
    let actions: Vec<ButtonAction> = view
        .buttons()
        .iter()
        .filter_map(|b| ButtonData::decode(b.data.as_deref()?).ok())
        .map(|d| d.action)
        .collect();
    assert_eq!(actions, [ButtonAction::Watch, ButtonAction::Unwatch], "{:?}", view.markup);
    assert!(view.text.starts_with("👀 Вы смотрите стол №1"), "{}", view.text);
    let title = public.text.lines().next().unwrap();
    assert!(view.text.contains(title), "{}\n---\n{}", view.text, public.text);
}

/// Presses «⏹» on the view: it says so, without buttons, and the store forgets the watch.
async fn stop(
    fake: &Fake,
    service: &domino_core::service::Service<MemoryStore>,
    id: i64,
    view: &Msg,
) {
    let stop = view
        .buttons()
        .into_iter()
        .filter_map(|b| b.data)
        .find(|d| ButtonData::decode(d).is_ok_and(|d| d.action == ButtonAction::Unwatch));
    let cb = fake.forge(&CAROL, view, &stop.expect("«⏹»"));
    fake.answer(&cb).await;
    let stopped = eventually("the view stopped", || async {
        let m = shown(fake, service, id, &format!("watch:{}", CAROL.id)).await;
        m.text.starts_with("⏹ Вы больше не смотрите стол №1").then_some(m)
    })
    .await;
    assert!(stopped.buttons().is_empty(), "{:?}", stopped.markup);
    let kept = service.store().meta(&format!("watch:{id}")).await.unwrap();
    assert_eq!(kept, None, "the watch is forgotten");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_sees_the_table_alone_in_the_group_edited_in_place() {
    let fake = Fake::start().await;
    let bot = start(&fake, quick_service(MemoryStore::new(), Arc::new(SystemClock)).await).await;
    let service = bot.service.clone();
    // A bot that is no administrator: only the watcher's own ephemeral command lets it send.
    fake.bot_admin(GROUP, false, true);
    let id = a_match(&fake, &service).await;
    fake.say_ephemeral(GROUP, &CAROL, "/watch 1");
    let v = table(&service, id).await.version;
    let first = view_at(&fake, &service, id, v).await;
    assert!(first.ephemeral.is_some(), "a message only Carol sees: {first:?}");
    a_spectators_view(&first, &shown(&fake, &service, id, "public").await);

    // The table moves: the same message is edited, without a press of Carol's.
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= v + 3).await;
    let v = table(&service, id).await.version;
    let later = view_at(&fake, &service, id, v).await;
    assert_eq!(later.ephemeral, first.ephemeral, "edited in place");
    assert!(later.edits > 0 && later.text != first.text, "{}", later.text);
    a_spectators_view(&later, &shown(&fake, &service, id, "public").await);
    // Nobody else sees it: no message of the group itself says it.
    let leaked = fake.with(|st| st.bot_texts(GROUP).into_iter().any(|t| t.contains("Вы смотрите")));
    assert!(!leaked, "the view went to the group for all");
    stop(&fake, &service, id, &later).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_who_chose_the_private_chat_sees_the_table_there_edited_in_place() {
    let fake = Fake::start().await;
    let bot = start(&fake, quick_service(MemoryStore::new(), Arc::new(SystemClock)).await).await;
    let service = bot.service.clone();
    let id = a_match(&fake, &service).await;
    // Carol opened the private chat and chose it for her tiles (the core keeps that choice).
    fake.say(CAROL.id, &CAROL, "/start");
    let place = format!("hand-place:telegram:{}", CAROL.id);
    service.store().set_meta(&place, Some("private")).await.unwrap();
    fake.say(GROUP, &CAROL, "/watch 1");
    let v = table(&service, id).await.version;
    let first = view_at(&fake, &service, id, v).await;
    assert_eq!((first.chat, first.ephemeral), (CAROL.id, None), "in her private chat");
    a_spectators_view(&first, &shown(&fake, &service, id, "public").await);

    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= v + 3).await;
    let v = table(&service, id).await.version;
    let later = view_at(&fake, &service, id, v).await;
    assert_eq!((later.chat, later.id), (first.chat, first.id), "edited in place");
    assert!(later.edits > 0 && later.text != first.text, "{}", later.text);
    let sent = fake.with(|st| {
        st.messages_in(CAROL.id)
            .into_iter()
            .filter(|m| m.from_bot && m.text.contains("Вы смотрите"))
            .count()
    });
    assert_eq!(sent, 1, "one message, edited");
    stop(&fake, &service, id, &later).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_still_edits_a_watchers_view() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let store = SqliteStore::open_path(&path).await.expect("the store opens");
    let bot = start(&fake, quick_service(store, Arc::new(SystemClock)).await).await;
    let service = bot.service.clone();
    let id = a_match(&fake, &service).await;
    fake.say(GROUP, &CAROL, "/watch 1");
    let v = table(&service, id).await.version;
    let first = view_at(&fake, &service, id, v).await;
    drop(service);
    bot.stop().await;

    // The watch and where its view is were both kept: the same message follows the table.
    let store = SqliteStore::open_path(&path).await.expect("the store opens");
    let bot = start(&fake, quick_service(store, Arc::new(SystemClock)).await).await;
    let service = bot.service.clone();
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= v + 2).await;
    let v = table(&service, id).await.version;
    let later = view_at(&fake, &service, id, v).await;
    assert_eq!(later.ephemeral, first.ephemeral, "the same view, edited");
    assert!(later.edits > 0 && later.text != first.text, "{}", later.text);
    drop(service);
    bot.stop().await;
}

/// A watcher's view of the chat's latest table, as the fake shows it to them (an ephemeral
/// message in the group, or a message in their private chat), once it reads `want` (the chat
/// layer's) or after a while as it then reads.
pub async fn watch_view(
    fake: &Fake,
    chat: &Chat<MemoryStore>,
    at: &ChatId,
    who: &User,
    want: &str,
    people: &[(String, String, String)],
) -> String {
    let id = scenario::watched(chat, at).await;
    let audience = format!("watch:{}", who.id);
    let mut seen = String::new();
    for _ in 0..100 {
        let m = shown(fake, chat.service(), id, &audience).await;
        seen = scenario::watch_seen(&m.text, people);
        if seen == want {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    seen
}
