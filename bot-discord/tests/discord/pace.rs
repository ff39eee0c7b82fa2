//! The channel's pace: a channel's sends and edits are rate limited per channel, so a move
//! should cost the table's channel about one call, and a burst of changes (the computers'
//! moves after a person's) one edit of the table message, not one a change; and the table
//! message always ends showing the table's last state. The calls of whole matches are counted
//! and printed (`cargo test -p domino-discord --test discord pace -- --nocapture`).

use crate::fake::Fake;
use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use serde_json::json;

/// What the bot asked of the channel: table message edits and posts, other messages sent
/// (turn pings, notices), messages deleted (old pings).
#[derive(Debug, Default)]
struct Calls {
    table: usize,
    sends: usize,
    deletes: usize,
}

fn calls(fake: &Fake, table_message: u64, from: usize) -> Calls {
    let mut c = Calls::default();
    let messages = format!("/channels/{CHANNEL}/messages");
    for r in &fake.requests()[from..] {
        if !r.path.starts_with(&messages) {
            continue;
        }
        match r.method.as_str() {
            "PATCH" if r.path.ends_with(&table_message.to_string()) => c.table += 1,
            "POST" if r.body["embeds"].as_array().is_some_and(|e| !e.is_empty()) => c.table += 1,
            "POST" => c.sends += 1,
            "DELETE" => c.deletes += 1,
            _ => {}
        }
    }
    c
}

/// A pairs Kozel table to `target` of `people` (the host first), the seats left to computers.
async fn pairs(w: &World<MemoryStore>, people: &[Player], target: u32) -> i64 {
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let mut settings = ChatSettings::default().next();
    settings.presets.insert("kozel".into(), json!({ "target": target }));
    w.service().store().set_chat_settings(&chat, &settings).await.unwrap();
    w.slash(people[0], "new", vec![opt("game", "kozel"), opt("pairs", true)]).await;
    let table = w.service().tables_in(&chat).await[0].id;
    for &p in &people[1..] {
        let msg = w.shown(table).await;
        w.press(p, msg.id, &button(&msg, "Сесть")).await;
    }
    let msg = w.shown(table).await;
    w.press(people[0], msg.id, &button(&msg, "Начать")).await;
    assert_eq!(w.table(table).await.phase, Phase::Playing);
    table
}

/// Plays a whole match of `people` (computers in the other seats) and counts the channel's
/// calls a move; checks that the table message ends at the table's last state.
async fn whole_match(people: &[Player], what: &str) -> f64 {
    let w = World::start(MemoryStore::new()).await;
    let table = pairs(&w, people, 61).await;
    w.service().settled().await;
    w.fake.quiet().await;
    let mid = w.table_message_id(table).await;
    let (from, version) = (w.fake.requests().len(), w.table(table).await.version);
    play(&w, table, people, |t| t.phase != Phase::Playing).await;
    w.service().settled().await;
    w.fake.quiet_for(100).await;
    let end = w.table(table).await;
    assert_eq!(end.phase, Phase::Finished, "the match was played out");
    // Every version after the start is one move, a vote or a round's deal: a change.
    let changes = (end.version - version) as f64;
    let c = calls(&w.fake, mid, from);
    let per = |n: usize| n as f64 / changes;
    eprintln!(
        "Discord pace, {what}: {changes} changes; table edits {} ({:.2} a change), other sends \
         {} ({:.2}), deletes {} ({:.2}); sends+edits {:.2} a change",
        c.table,
        per(c.table),
        c.sends,
        per(c.sends),
        c.deletes,
        per(c.deletes),
        per(c.table + c.sends)
    );
    // The table message ends showing the last state: what the table message would be now.
    let door = domino_core::chat::Door::new(w.bot.service.clone());
    let now = door.show(table).await.expect("the finished table is still shown");
    let want = domino_discord::render::table_message(&now, None);
    let want = serde_json::to_value(want.embeds()).unwrap();
    let shown = w.fake.message(mid);
    assert_eq!(shown.embeds[0]["description"], want[0]["description"], "the last state");
    w.bot.stop().await;
    per(c.table)
}

#[tokio::test]
async fn four_people_cost_the_table_one_edit_a_move_at_most() {
    let per = whole_match(&[ANNA, BORIS, VERA, GLEB], "pairs Kozel to 61, four people").await;
    assert!(per <= 1.2, "table edits a change: {per:.2}");
}

#[tokio::test]
async fn the_computers_moves_after_a_person_are_one_burst() {
    let per = whole_match(&[ANNA], "pairs Kozel to 61, one person and three computers").await;
    assert!(per <= 1.2, "table edits a change: {per:.2}");
}
