//! Where the game lives on Discord: `/domino new thread:True` opens the table in a thread of its
//! own, and everything of it — the table message, notices, pings, hands — happens there; the
//! thread is a place of its channel's chat. Duels with oneself or with someone who is not a
//! member are refused in Discord's words.

use crate::harness::*;
use crate::payloads::{opt, resolved_user, user_opt};
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::MemoryStore;
use serde_json::json;

fn chat() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

#[tokio::test]
async fn a_table_opened_in_a_thread_of_its_own_lives_there() {
    let w = World::start(MemoryStore::new()).await;
    let opened = w
        .slash(ANNA, "new", vec![opt("game", "kozel"), opt("players", 2), opt("thread", true)])
        .await;
    assert!(opened.ephemeral(), "{}", opened.text());
    let threads = w.fake.threads();
    let (&thread, &parent) = threads.iter().next().expect("a thread made");
    assert_eq!((threads.len(), parent), (1, CHANNEL));
    let t = w.service().tables_in(&chat()).await.pop().expect("a table of the channel's chat");
    assert_eq!(t.thread, Some(thread.to_string()));
    let msg = w.shown(t.id).await;
    assert_eq!(msg.channel, thread, "the table message is in the thread");
    // A press on it seen from the channel is not this table's place.
    let forged = w.press_in(CHANNEL, BORIS, msg.id, &button(&msg, "Сесть")).await;
    assert!(forged.msg.ephemeral(), "{}", forged.msg.text());
    assert_eq!(w.table(t.id).await.phase, Phase::Lobby);
    let joined = w.press(BORIS, msg.id, &button(&msg, "Сесть")).await;
    assert_eq!(joined.kind, 7, "{}", joined.msg.text());
    assert_eq!(w.table(t.id).await.phase, Phase::Playing);
    play(&w, t.id, &[ANNA, BORIS], |t| t.phase != Phase::Playing).await;
    assert_eq!(w.table(t.id).await.phase, Phase::Finished);
    // A command in the thread means the thread's table.
    let score = w.slash_in(thread, BORIS, "score", vec![], serde_json::Value::Null).await;
    assert!(score.text().contains("стол №1"), "{}", score.text());
    w.fake.quiet().await;
    let posted = |channel: u64| {
        let path = format!("/channels/{channel}/messages");
        w.fake.requests().into_iter().filter(|r| r.method == "POST" && r.path == path).count()
    };
    assert!(posted(thread) > 3, "the table, notices and pings: {}", posted(thread));
    assert_eq!(posted(CHANNEL), 0, "nothing of the table in the channel itself");
    // A table opened without the option stays in the channel.
    w.slash(VERA, "new", vec![]).await;
    let plain = w.service().tables_in(&chat()).await.pop().unwrap();
    assert_eq!((plain.thread, w.fake.threads().len()), (None, 1));
    w.bot.stop().await;
}

#[tokio::test]
async fn a_duel_with_oneself_or_a_non_member_is_refused_in_discords_words() {
    let w = World::start(MemoryStore::new()).await;
    let myself = vec![user_opt("opponent", ANNA.id)];
    let own = w.slash_in(CHANNEL, ANNA, "duel", myself, resolved_user(ANNA.user())).await;
    assert!(
        own.ephemeral() && own.text().contains("/domino дуэль компьютер:True"),
        "{}",
        own.text()
    );
    assert!(!own.text().contains("duel бот"), "{}", own.text());
    // Discord resolves a member only for a member of the server.
    let id = BORIS.id.to_string();
    let stranger = json!({"users": {id: BORIS.user()}});
    let options = vec![user_opt("opponent", BORIS.id)];
    let gone = w.slash_in(CHANNEL, ANNA, "duel", options, stranger).await;
    assert!(gone.ephemeral() && gone.text().contains("не в этом чате"), "{}", gone.text());
    let usage = w.slash_in(CHANNEL, ANNA, "duel", vec![], serde_json::Value::Null).await;
    assert!(usage.text().contains("/domino дуэль соперник:"), "{}", usage.text());
    assert!(w.service().tables_in(&chat()).await.is_empty(), "nothing opened");
    w.bot.stop().await;
}
