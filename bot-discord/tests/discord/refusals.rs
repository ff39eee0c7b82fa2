//! Presses that must change nothing: the wrong player, a stale or double press, forged data.
//! Each is answered with a message only the presser sees.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Platform};
use domino_core::store::MemoryStore;
use domino_core::view::{ButtonAction, ButtonData};
use std::time::Duration;

/// Presses `custom_id` on `on` and checks the private answer says `says`, and that neither the
/// table nor any channel message changed.
async fn refused(
    w: &World<MemoryStore>,
    table: i64,
    who: Player,
    on: u64,
    custom_id: &str,
    says: &str,
) {
    refused_in(w, CHANNEL, table, who, on, custom_id, says).await;
}

async fn refused_in(
    w: &World<MemoryStore>,
    channel: u64,
    table: i64,
    who: Player,
    on: u64,
    custom_id: &str,
    says: &str,
) {
    w.fake.quiet_for(150).await;
    let version = w.table(table).await.version;
    let channel_calls = |w: &World<MemoryStore>| {
        w.fake.requests().iter().filter(|r| r.path.starts_with("/channels")).count()
    };
    let before = channel_calls(w);
    let r = w.press_in(channel, who, on, custom_id).await;
    assert_eq!(r.kind, 4, "{custom_id}: answered with a message");
    assert!(r.msg.ephemeral(), "{custom_id}: only the presser sees it");
    assert!(r.msg.text().contains(says), "{custom_id}: {:?} does not say {says:?}", r.msg.text());
    assert!(r.msg.buttons().is_empty());
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(w.table(table).await.version, version, "{custom_id}: the table did not change");
    assert_eq!(channel_calls(w), before, "{custom_id}: nothing was sent to the channel");
}

#[tokio::test]
async fn refused_presses_answer_privately_and_change_nothing() {
    let w = World::start(MemoryStore::new()).await;
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let table = w.service().tables_in(&chat).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    let msg = w.shown(table).await;
    let mover = if mention(&msg) == Some(ANNA.id) { ANNA } else { BORIS };
    let other = if mover == ANNA { BORIS } else { ANNA };
    let hand = w.press(mover, msg.id, &button(&msg, "Мои кости")).await.msg;
    let first_move = hand.buttons()[0].1.clone();

    // The wrong player presses the mover's button; someone not seated presses the table's.
    refused(&w, table, other, hand.id, &first_move, "Сейчас не ваш ход").await;
    refused(&w, table, VERA, msg.id, &button(&msg, "Сдаться"), "Вы не сидите за этим столом").await;
    let other_hand = w.press(other, msg.id, &button(&msg, "Мои кости")).await.msg;
    assert!(other_hand.buttons().is_empty(), "not their turn: no moves offered");
    assert!(other_hand.text().contains("Ходит"), "{}", other_hand.text());

    // The move, then the same button again (double press), then the old table message's
    // button (stale).
    let moved = w.press(mover, hand.id, &first_move).await;
    assert_eq!(moved.kind, 7);
    refused(&w, table, mover, hand.id, &first_move, "Кнопка устарела").await;
    refused(&w, table, other, msg.id, &button(&msg, "Сдаться"), "Кнопка устарела").await;

    // Forged data: not ours, a table that does not exist, a move written two ways, another
    // channel's table.
    let now = w.shown(table).await;
    let t = w.table(table).await;
    refused(&w, table, other, now.id, "hello", "не отсюда").await;
    refused(&w, table, other, now.id, "1:zzzz:0:join", "не отсюда").await;
    let forged = format!(
        "{}m.P53r",
        ButtonData::new(t.id, t.version, ButtonAction::Join).encode().trim_end_matches("join")
    );
    refused(&w, table, other, now.id, &forged, "не отсюда").await;
    w.slash_in(OTHER_CHANNEL, VERA, "new", vec![opt("game", "classic")], serde_json::Value::Null)
        .await;
    let elsewhere =
        w.service().tables_in(&ChatId::new(Platform::Discord, OTHER_CHANNEL.to_string())).await[0]
            .clone();
    let join_there = ButtonData::new(elsewhere.id, elsewhere.version, ButtonAction::Join).encode();
    refused(&w, elsewhere.id, GLEB, now.id, &join_there, "не отсюда").await;
    // And this channel's table, pressed from the other channel.
    let there = w.shown(elsewhere.id).await;
    refused_in(&w, OTHER_CHANNEL, table, GLEB, there.id, &button(&now, "Сдаться"), "не отсюда")
        .await;
    w.bot.stop().await;
}

#[tokio::test]
async fn a_slow_press_is_acknowledged_first_and_answered_after() {
    let store = crate::slow::Slow::new(MemoryStore::new());
    let delay = store.delay.clone();
    let fake = crate::fake::Fake::start().await;
    let clock = fake.clock();
    let bot = Bot::start(&fake, service(store, clock.clone()).await).await;
    let w = World { fake, bot, clock };
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let table = w.service().tables_in(&chat).await[0].id;
    let lobby = w.shown(table).await;
    delay.store(2600, std::sync::atomic::Ordering::SeqCst);
    let started = std::time::Instant::now();
    let r = w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    assert!(r.late, "acknowledged before the work was done");
    assert_eq!(r.msg.id, lobby.id, "then the table message itself is edited");
    assert!(started.elapsed() >= Duration::from_millis(2500));
    let a = w.fake.requests();
    let ack = a.iter().rposition(|r| r.path.ends_with("/callback") && r.body["type"] == 6).unwrap();
    let edit = a
        .iter()
        .rposition(|r| r.path.ends_with("/messages/@original") && r.method == "PATCH")
        .unwrap();
    assert!(ack < edit);
    delay.store(0, std::sync::atomic::Ordering::SeqCst);
    assert!(mention(&w.shown(table).await).is_some());
    w.bot.stop().await;
}

/// Junk after real data, an old resignation, vote or rematch (of this match or the one before):
/// each refused privately, the table unchanged.
#[tokio::test]
async fn old_and_forged_presses_of_a_match_change_nothing() {
    let w = World::start(MemoryStore::new()).await;
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let table = w.service().tables_in(&chat).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    let msg = w.shown(table).await;
    let (resign, vote) = (button(&msg, "Сдаться"), button(&msg, "Закончить"));
    let hand = button(&msg, "Мои кости");
    for junk in [format!("{resign}999"), format!("{hand}\u{7}"), format!("{vote}\u{200b}")] {
        refused(&w, table, ANNA, msg.id, &junk, "не отсюда").await;
    }
    // One vote of two: the table moves on, and the first message's buttons are out of date.
    assert_eq!(w.press(ANNA, msg.id, &vote).await.kind, 7);
    let first_resign = ButtonData::new(table, 0, ButtonAction::Resign).encode();
    for old in [&resign, &vote, &first_resign] {
        refused(&w, table, BORIS, msg.id, old, "Кнопка устарела").await;
    }
    let now = w.shown(table).await;
    assert_eq!(w.press(ANNA, now.id, &button(&now, "Сдаться")).await.kind, 7);
    let done = w.shown(table).await;
    let rematch = button(&done, "Ещё матч");
    assert_eq!(w.press(BORIS, done.id, &rematch).await.kind, 7);
    // The next match: the rematch again, and a resignation from the first match, refused.
    for old in [&rematch, &resign, &first_resign] {
        refused(&w, table, ANNA, done.id, old, "Кнопка устарела").await;
    }
    w.bot.stop().await;
}
