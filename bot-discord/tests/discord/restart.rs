//! A restart in the middle of a game: the tables come back from SQLite, the buttons already in
//! the channel keep working, and the restarted bot edits the same table message (also when a
//! turn timer moves for someone).

use crate::fake::Fake;
use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::{ChatSettings, SqliteStore, Store};

#[tokio::test]
async fn a_restart_in_the_middle_of_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let clock = fake.clock();
    let store = SqliteStore::open_path(&path).await.unwrap();
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let timer =
        ChatSettings { timer: domino_core::store::TurnTimer::Secs(30), ..ChatSettings::default() }
            .next();
    store.set_chat_settings(&chat, &timer).await.unwrap();
    let bot = Bot::start(&fake, service(store, clock.clone()).await).await;
    let w = World { fake, bot, clock: clock.clone() };

    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let table = w.service().tables_in(&chat).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    let moved = play(&w, table, &[ANNA, BORIS], |t| {
        t.game.as_ref().is_some_and(|g| g.rounds[0].len() >= 4)
    })
    .await;
    // Forced draws may follow the lead by themselves, so one press can be enough.
    assert!(moved >= 1);
    let before = w.shown(table).await;
    let version = w.table(table).await.version;

    // Stop the bot and the service; start both again on the same database and the same Discord.
    let World { fake, bot, clock } = w;
    bot.stop().await;
    let posts = |f: &Fake| {
        f.requests()
            .iter()
            .filter(|r| r.method == "POST" && r.path == format!("/channels/{CHANNEL}/messages"))
            .count()
    };
    let posted = posts(&fake);
    let store = SqliteStore::open_path(&path).await.unwrap();
    let svc = service(store, clock.clone()).await;
    assert_eq!(svc.open_tables(), 1, "the table came back");
    let bot = Bot::start(&fake, svc).await;
    assert_eq!(fake.identifies(), 2, "a second gateway session");
    let w = World { fake, bot, clock };
    assert_eq!(w.table(table).await.version, version);
    assert_eq!(w.table_message_id(table).await, before.id, "the same message is remembered");

    // The buttons of the message in the channel still work.
    let moves = play(&w, table, &[ANNA, BORIS], |t| t.version > version + 2).await;
    assert!(moves >= 1);
    let now = w.shown(table).await;
    assert_eq!(now.id, before.id);

    // The turn timer runs out: the computer moves for the player, the same message is edited.
    let t = w.table(table).await;
    assert_eq!(t.phase, Phase::Playing);
    assert!(t.deadline.is_some(), "a 30 s turn timer");
    let edits = |f: &Fake| {
        let path = format!("/channels/{CHANNEL}/messages/{}", before.id);
        f.requests().into_iter().filter(|r| r.method == "PATCH" && r.path == path).count()
    };
    let edited = edits(&w.fake);
    w.clock.advance(31_000);
    w.service().fire_due().await;
    w.service().settled().await;
    let moved = w.table(table).await;
    assert!(moved.version > t.version, "the computer moved for the player out of time");
    let after = w.shown(table).await;
    assert_eq!(after.id, before.id);
    assert!(edits(&w.fake) > edited, "the timer's change edits the table message by REST");
    w.fake
        .until("the timeout notice", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.content.contains("время вышло"))
        })
        .await;
    let table_posts = w
        .fake
        .requests()
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.path == format!("/channels/{CHANNEL}/messages")
                && r.body["embeds"].as_array().is_some_and(|e| !e.is_empty())
        })
        .count();
    assert_eq!(table_posts, 1, "no second table message was ever posted");
    assert!(posts(&w.fake) > posted, "pings and notices went on");
    let refs = w.service().store().message_refs(table).await.unwrap();
    assert!(refs.iter().any(|(a, _)| a == "public"));
    w.bot.stop().await;
}
