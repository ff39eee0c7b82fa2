//! Member tags (a chat setting, off by default): after a Kozel duel the loser wears «Козёл» and
//! the season's Kozel leader «Чемпион»; turned off, both are taken off; where the bot may not
//! set tags, the group is told once what it would need.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::ids::{ChatId, Platform};
use domino_core::service::Service;
use domino_core::session::Phase;
use domino_core::store::{MemoryStore, Store};

async fn tags_on(service: &Service<MemoryStore>, on: bool) {
    let chat = ChatId::new(Platform::Telegram, GROUP.to_string());
    let mut s = service.store().chat_settings(&chat).await.unwrap();
    s.goat_tag = on;
    service.store().set_chat_settings(&chat, &s.next()).await.unwrap();
    service.standings_changed(&chat);
}

/// Alice resigns a Kozel duel against Bob.
async fn a_duel_alice_loses(fake: &Fake, service: &std::sync::Arc<Service<MemoryStore>>) {
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    let id = lobby(fake, service, "kozel 2", &[BOB]).await;
    eventually("the match", || async {
        (table(service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let msg = eventually("the match's buttons", || async {
        let m = shown(fake, service, id, "public").await;
        m.button("Сдаться").is_some().then_some(m)
    })
    .await;
    press(fake, &ALICE, &msg, "Сдаться").await;
    eventually("the resignation", || async {
        (table(service, id).await.phase == Phase::Finished).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_loser_wears_the_goat_s_tag_and_the_leader_the_champion_s() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    tags_on(&service, true).await;
    a_duel_alice_loses(&fake, &service).await;
    let tag = |user: i64| move |st: &crate::fake::St| st.tags.get(&(GROUP, user)).cloned();
    assert_eq!(fake.until("Alice's tag", tag(ALICE.id)).await, "Козёл");
    assert_eq!(fake.until("Bob's tag", tag(BOB.id)).await, "Чемпион");
    fake.quiet().await;
    let calls = fake.with(|st| st.count("setChatMemberTag"));
    assert_eq!(calls, 2, "one call a person");

    // The same standings again change nothing: no call.
    service.standings_changed(&ChatId::new(Platform::Telegram, GROUP.to_string()));
    fake.quiet().await;
    assert_eq!(fake.with(|st| st.count("setChatMemberTag")), calls);

    tags_on(&service, false).await;
    fake.until("the tags taken off", |st| st.tags.is_empty().then_some(())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_right_the_group_is_told_once_what_the_bot_needs() {
    let fake = Fake::start().await;
    fake.lock().member_only.insert(GROUP);
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    tags_on(&service, true).await;
    a_duel_alice_loses(&fake, &service).await;
    let told = |st: &crate::fake::St| {
        st.bot_texts(GROUP).into_iter().filter(|t| t.starts_with("🏷 Чтобы надевать метки")).count()
    };
    fake.until("told what is needed", |st| (told(st) == 1).then_some(())).await;
    fake.until("both tried", |st| (st.count("setChatMemberTag") == 2).then_some(())).await;
    fake.quiet().await;
    assert_eq!(fake.with(told), 1, "told once");
    assert!(fake.with(|st| st.tags.is_empty()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_gives_the_tags_the_chat_s_own_words() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    let chat = ChatId::new(Platform::Telegram, GROUP.to_string());
    tags_on(&service, true).await;
    a_duel_alice_loses(&fake, &service).await;
    let tag = |user: i64| move |st: &crate::fake::St| st.tags.get(&(GROUP, user)).cloned();
    assert_eq!(fake.until("Alice's tag", tag(ALICE.id)).await, "Козёл");
    let words = || async { service.store().chat_settings(&chat).await.unwrap().tag_words };

    // Not an admin: refused, nothing changes.
    fake.say(GROUP, &ALICE, "/метки козёл Рогатый");
    fake.quiet().await;
    assert_eq!(words().await, Default::default());

    fake.admin(GROUP, &CAROL);
    fake.say(GROUP, &CAROL, "/метки козёл Рогатый");
    let shown = |st: &crate::fake::St| {
        st.bot_texts(GROUP).into_iter().find(|t| t.contains("«Рогатый»")).map(|_| ())
    };
    fake.until("the words shown to the group", shown).await;
    let now = |w: &'static str| {
        move |st: &crate::fake::St| (st.tags.get(&(GROUP, ALICE.id))? == w).then_some(())
    };
    fake.until("Alice wears the chat's word", now("Рогатый")).await;
    assert_eq!(fake.with(tag(BOB.id)).as_deref(), Some("Чемпион"));

    // An emoji, or too long: refused, nothing changes.
    for bad in ["/метки чемпион 🐐", "/метки чемпион Гроссмейстерище-великий"]
    {
        fake.say(GROUP, &CAROL, bad);
        fake.quiet().await;
        assert_eq!(words().await.champion, None, "{bad}");
    }

    fake.say(GROUP, &CAROL, "/метки сброс");
    fake.until("the bot's word again", now("Козёл")).await;
    assert_eq!(words().await, Default::default());
}
