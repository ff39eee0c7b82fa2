//! Spectators on Discord (`/domino watch table:N`): the view is the ephemeral answer to the
//! command, edited through its token as the table moves; once the token nears its 15 minutes
//! it is edited a last time with a note to press «🔄», and left alone after that; «🔄» (a new
//! interaction) brings it back to life, and «⏹» stops it.

use crate::fake::Msg;
use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::{ButtonAction, ButtonData};
use serde_json::json;

/// The custom id of the button of `m` that asks `action`.
fn id_of(m: &Msg, action: ButtonAction) -> String {
    let found = m
        .buttons()
        .into_iter()
        .map(|(_, id)| id)
        .find(|id| ButtonData::decode(id).is_ok_and(|d| d.action == action));
    found.unwrap_or_else(|| panic!("no {action:?} on {:?}", m.buttons()))
}

/// The version a spectator's view shows (its buttons carry it).
fn shows(m: &Msg) -> u64 {
    m.buttons()
        .iter()
        .filter_map(|(_, id)| ButtonData::decode(id).ok())
        .map(|d| d.version)
        .max()
        .unwrap_or(0)
}

/// Anna's and Boris's two-seat table, in play: its id.
async fn a_match(w: &World<MemoryStore>) -> i64 {
    w.slash(ANNA, "new", vec![opt("game", json!("telefon")), opt("players", json!(2))]).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let id = w.service().tables_in(&chat).await.last().expect("a table").id;
    let msg = w.shown(id).await;
    w.press(BORIS, msg.id, &id_of(&msg, ButtonAction::Join)).await;
    w.fake.quiet().await;
    assert_eq!(w.table(id).await.phase, Phase::Playing);
    id
}

/// Waits for message `m` to show the table's version `v` or a newer one.
async fn until_shows(w: &World<MemoryStore>, m: u64, v: u64) -> Msg {
    w.fake
        .until("the view brought up to date", |f| Some(f.message(m)).filter(|m| shows(m) >= v))
        .await
}

#[tokio::test]
async fn a_watchers_ephemeral_view_is_edited_while_its_token_lives() {
    let w = World::start(MemoryStore::new()).await;
    let id = a_match(&w).await;
    let view = w.slash(VERA, "watch", vec![opt("table", json!(1))]).await;
    assert!(view.ephemeral(), "only Vera sees it");
    assert!(view.text().contains("👀 Вы смотрите стол №1"), "{}", view.text());
    let actions: Vec<_> =
        view.buttons().iter().map(|(_, id)| ButtonData::decode(id).unwrap().action).collect();
    assert_eq!(actions, [ButtonAction::Watch, ButtonAction::Unwatch]);
    let kept = w.service().store().meta(&format!("watch:{id}")).await.unwrap();
    assert_eq!(kept, Some(VERA.id.to_string()), "stored");

    // The table moves: the same message is edited.
    let v = w.table(id).await.version;
    play(&w, id, &[ANNA, BORIS], |t| t.version >= v + 2).await;
    let v = w.table(id).await.version;
    let edited = until_shows(&w, view.id, v).await;
    assert!(edited.history.len() > 1 && edited.text() != view.text(), "{}", edited.text());

    // Fourteen minutes on: the next change edits it a last time, with the note.
    w.clock.advance(14 * 60 * 1000 + 1);
    play(&w, id, &[ANNA, BORIS], |t| t.version > v).await;
    let noted = w
        .fake
        .until("the last note", |f| {
            Some(f.message(view.id)).filter(|m| m.text().contains("нажмите «🔄»"))
        })
        .await;
    let edits = noted.history.len();
    let v = w.table(id).await.version;
    play(&w, id, &[ANNA, BORIS], |t| t.version > v).await;
    w.fake.quiet().await;
    assert_eq!(w.fake.message(view.id).history.len(), edits, "left alone after its note");

    // «🔄»: a new interaction shows it as it is and keeps it current again.
    let fresh = w.press(VERA, view.id, &id_of(&noted, ButtonAction::Watch)).await;
    assert_eq!(fresh.kind, 7, "the view itself is updated");
    assert!(!fresh.msg.text().contains("нажмите «🔄»"), "{}", fresh.msg.text());
    let v = w.table(id).await.version;
    assert_eq!(shows(&fresh.msg), v);
    play(&w, id, &[ANNA, BORIS], |t| t.version > v).await;
    until_shows(&w, view.id, v + 1).await;

    // «⏹»: stopped, without buttons, forgotten; the table's changes leave it alone.
    let stopped = w.press(VERA, view.id, &id_of(&fresh.msg, ButtonAction::Unwatch)).await;
    assert!(
        stopped.msg.text().contains("⏹ Вы больше не смотрите стол №1"),
        "{}",
        stopped.msg.text()
    );
    assert!(stopped.msg.buttons().is_empty());
    assert_eq!(w.service().store().meta(&format!("watch:{id}")).await.unwrap(), None);
    let edits = w.fake.message(view.id).history.len();
    let v = w.table(id).await.version;
    play(&w, id, &[ANNA, BORIS], |t| t.version > v || t.phase != Phase::Playing).await;
    w.fake.quiet().await;
    assert_eq!(w.fake.message(view.id).history.len(), edits, "a stopped view is not edited");
    w.bot.stop().await;
}

#[tokio::test]
async fn watch_refusals_are_ephemeral_texts_that_change_nothing() {
    let w = World::start(MemoryStore::new()).await;
    let none = w.slash(VERA, "watch", vec![opt("table", json!(3))]).await;
    assert!(
        none.ephemeral() && none.text().contains("Открытого стола №3 здесь нет"),
        "{}",
        none.text()
    );
    let id = a_match(&w).await;
    let seated = w.slash(ANNA, "watch", vec![opt("table", json!(1))]).await;
    assert!(seated.text().contains("Вы играете за столом №1"), "{}", seated.text());
    let absurd = w.slash(VERA, "watch", vec![opt("table", json!(5_000_000_000i64))]).await;
    assert!(absurd.text().contains("Номер стола — от 1 до 999999"), "{}", absurd.text());
    let alone = w.slash(VERA, "watch", vec![]).await;
    assert!(alone.text().contains("Вы не смотрите"), "{}", alone.text());
    assert_eq!(w.service().store().meta(&format!("watch:{id}")).await.unwrap(), None);
    w.bot.stop().await;
}
