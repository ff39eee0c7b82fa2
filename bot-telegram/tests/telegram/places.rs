//! Where the game lives on Telegram: a table in a forum topic (every message of it there,
//! through a restart), a group upgraded to a supergroup (the chat moves, the table goes on),
//! and `/duel @username` from the people the store remembers, after a restart, with the duels
//! refused (oneself, someone not in the chat, nobody known).

use crate::fake::{Fake, Msg};
use crate::harness::*;
use domino_core::service::SystemClock;
use domino_core::session::{Lang, Phase};
use domino_core::store::{ChatSettings, SqliteStore, Store};
use std::sync::Arc;

/// A forum supergroup.
const FORUM: i64 = -1_000_500;
/// A plain group, and the supergroup it becomes.
const OLD: i64 = -3001;
const NEW: i64 = -1_003_001;

async fn sqlite_bot(fake: &Fake, path: &std::path::Path) -> Running<SqliteStore> {
    let store = SqliteStore::open_path(path).await.expect("the store opens");
    start(fake, quick_service(store, Arc::new(SystemClock)).await).await
}

/// The bot's messages in a chat, deleted ones too.
fn bot_messages(fake: &Fake, chat: i64) -> Vec<Msg> {
    fake.with(|st| st.messages.values().filter(|m| m.chat == chat && m.from_bot).cloned().collect())
}

/// Opens a table with `words` where `say` writes; Bob joins by its link; it starts.
async fn opened<S: Store>(
    fake: &Fake,
    service: &domino_core::service::Service<S>,
    chat: i64,
    say: impl Fn(&str),
) -> i64 {
    say("/new kozel 2");
    let id = table_in(service, chat).await.id;
    let join = shown(fake, service, id, "public").await.join_link();
    fake.open_link(&BOB, &join.expect("a join link"));
    eventually("the match to start", || async {
        (table(service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_in_a_forum_topic_keeps_every_message_there_through_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let bot = sqlite_bot(&fake, &path).await;
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    let topic = fake.topic(FORUM);
    // In a topic every message replies to the topic's first one: that names nobody.
    fake.say_in(FORUM, topic, &ALICE, "/duel");
    fake.until("whom to challenge", |st| {
        st.bot_texts(FORUM).into_iter().find(|t| t.starts_with("Кого вызвать?"))
    })
    .await;
    let service = bot.service.clone();
    let id = opened(&fake, &service, FORUM, |w| {
        fake.say_in(FORUM, topic, &ALICE, w);
    })
    .await;
    assert_eq!(table(&service, id).await.thread, Some(topic.to_string()));
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version > 6).await;
    let public = shown(&fake, &service, id, "public").await;
    drop(service);
    bot.stop().await;

    // A restart: the same table message is edited, and what is new goes to the topic too.
    let bot = sqlite_bot(&fake, &path).await;
    let service = bot.service.clone();
    play(&fake, &service, id, &[ALICE, BOB], |_| false).await;
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    assert_eq!(shown(&fake, &service, id, "public").await.id, public.id);
    fake.say_in(FORUM, topic, &BOB, "/score");
    fake.until("the score in the topic", |st| {
        st.messages_in(FORUM).into_iter().find(|m| m.from_bot && m.text.starts_with("📋")).cloned()
    })
    .await;
    fake.quiet().await;
    let sent = bot_messages(&fake, FORUM);
    assert!(sent.len() > 5, "the table, notices, pings, the score: {}", sent.len());
    for m in &sent {
        assert_eq!(m.thread, Some(topic), "outside the topic: {:?}", m.text);
    }
    // A command in General is answered in General.
    fake.say(FORUM, &BOB, "/help");
    let help = fake
        .until("the help", |st| {
            st.messages_in(FORUM).into_iter().find(|m| m.from_bot && m.thread.is_none()).cloned()
        })
        .await;
    assert!(help.text.contains("/new"), "{}", help.text);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_upgraded_to_a_supergroup_takes_its_table_settings_and_people_along() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    let english = ChatSettings { version: 1, lang: Lang::En, ..ChatSettings::default() };
    service.store().set_chat_settings(&chat(OLD), &english).await.unwrap();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    fake.say(OLD, &CAROL, "/help");
    let id = opened(&fake, &service, OLD, |w| {
        fake.say(OLD, &ALICE, w);
    })
    .await;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version > 4).await;
    fake.migrate(OLD, NEW, &ALICE);
    eventually("the table in the supergroup", || async {
        let t = table(&service, id).await;
        let (c, _) = where_shown(&service, id, "public").await?;
        (t.chat == chat(NEW) && c == NEW).then_some(())
    })
    .await;
    assert_eq!(service.store().chat_settings(&chat(NEW)).await.unwrap().lang, Lang::En);
    play(&fake, &service, id, &[ALICE, BOB], |_| false).await;
    assert_eq!(table(&service, id).await.phase, Phase::Finished);
    fake.until("the end told in the supergroup, in English", |st| {
        st.bot_texts(NEW).into_iter().find(|t| t.contains("🏁 The match is over"))
    })
    .await;
    assert_eq!(service.store().scoreboard(&chat(NEW), None, None).await.unwrap().len(), 2);
    // Carol was seen before the upgrade: she can be challenged by name in the supergroup.
    fake.say(NEW, &BOB, "/duel @carol");
    let call = fake
        .until("the challenge", |st| {
            st.messages_in(NEW).into_iter().find(|m| m.text.starts_with("⚔️")).cloned()
        })
        .await;
    assert_eq!(call.entities[0]["user"]["id"], CAROL.id);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_by_username_works_after_a_restart_and_bad_duels_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let fake = Fake::start().await;
    let bot = sqlite_bot(&fake, &path).await;
    for who in [&ALICE, &BOB, &CAROL] {
        fake.say(GROUP, who, "/help");
    }
    fake.until("three answers", |st| (st.bot_texts(GROUP).len() >= 3).then_some(())).await;
    bot.stop().await;

    let bot = sqlite_bot(&fake, &path).await;
    let service = bot.service.clone();
    let told = |fake: &Fake, start: &'static str| {
        let fake = fake.clone();
        async move {
            fake.until(start, |st| st.bot_texts(GROUP).into_iter().find(|t| t.starts_with(start)))
                .await
        }
    };
    fake.say(GROUP, &ALICE, "/duel @alice");
    let own = told(&fake, "С самим собой").await;
    assert!(own.contains("/duel бот"), "{own}");
    fake.outsider(GROUP, &CAROL);
    fake.say(GROUP, &ALICE, "/duel @Carol");
    let gone = told(&fake, "Carol не в этом чате").await;
    assert!(gone.contains("участника"), "{gone}");
    fake.say(GROUP, &ALICE, "/duel @nobody");
    told(&fake, "Я пока не знаю @nobody").await;
    assert!(service.tables_in(&chat(GROUP)).await.is_empty(), "no table for a refused duel");
    fake.say(GROUP, &ALICE, "/duel @bob");
    let call = fake
        .until("the challenge", |st| {
            st.messages_in(GROUP).into_iter().find(|m| m.text.starts_with("⚔️")).cloned()
        })
        .await;
    assert_eq!(call.entities[0]["user"]["id"], BOB.id);
    let t = table_in(&service, GROUP).await;
    assert!(
        matches!(&t.phase, Phase::Challenge { invitee, .. } if invitee.id.id == BOB.id.to_string())
    );
    bot.stop().await;
}
