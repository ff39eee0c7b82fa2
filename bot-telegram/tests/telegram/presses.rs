//! Presses read strictly through the real bot: junk after real data and buttons of an older
//! version (a resignation, a vote, a rematch) are refused with a popup and change nothing; a
//! table opened in a private chat seats nobody but its owner, whoever is sent its link.

use crate::fake::{Fake, User};
use crate::harness::*;
use domino_core::chat::{Chat, Link};
use domino_core::session::Phase;
use domino_core::view::{ButtonAction, ButtonData};

const EVE: User = User::new(105, "Eve");

/// Presses `data` on `msg` as `who` and checks the popup says `says` and the table is as it was.
async fn refused<S: domino_core::store::Store>(
    fake: &Fake,
    service: &domino_core::service::Service<S>,
    id: i64,
    who: &User,
    msg: &crate::fake::Msg,
    data: &str,
    says: &str,
) {
    let before = serde_json::to_string(&table(service, id).await).unwrap();
    let cb = fake.forge(who, msg, data);
    let answer = fake.answer(&cb).await;
    let text = answer.text.unwrap_or_default();
    assert!(text.contains(says), "{data:?}: {text:?} does not say {says:?}");
    let after = serde_json::to_string(&table(service, id).await).unwrap();
    assert_eq!(after, before, "{data:?} changed the table");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_and_old_presses_change_nothing() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    fake.say(GROUP, &ALICE, "/new kozel 2");
    let id = table_in(&service, GROUP).await.id;
    let lobby = shown(&fake, &service, id, "public").await;
    fake.open_link(&BOB, &lobby.join_link().unwrap());
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let v = table(&service, id).await.version;
    let msg = eventually("the match's buttons", || async {
        let m = shown(&fake, &service, id, "public").await;
        m.button("Сдаться").is_some().then_some(m)
    })
    .await;
    let data = |label: &str| msg.button(label).and_then(|b| b.data).unwrap();
    let (resign, vote, hand) = (data("Сдаться"), data("Закончить"), data("Мои кости"));
    for junk in [format!("{resign}999"), format!("{hand}\u{7}"), format!("{vote}\u{200b}")] {
        refused(&fake, &service, id, &BOB, &msg, &junk, "не отсюда").await;
    }
    // One vote of two moves the table on: the older buttons are out of date.
    let cb = fake.forge(&ALICE, &msg, &vote);
    assert_eq!(fake.answer(&cb).await.text, None);
    eventually("the vote", || async { (table(&service, id).await.version == v + 1).then_some(()) })
        .await;
    let first = ButtonData::new(id, 0, ButtonAction::Resign).encode();
    for old in [&resign, &vote, &first] {
        refused(&fake, &service, id, &BOB, &msg, old, "устарела").await;
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_in_a_private_chat_seats_nobody_but_its_owner() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(ALICE.id, &ALICE, "/new kozel 2");
    let id = table_in(&service, ALICE.id).await.id;
    let lobby = shown(&fake, &service, id, "public").await;
    assert!(lobby.text.contains("играете вы и компьютеры"), "{}", lobby.text);
    assert!(lobby.button("✋").is_none(), "no «Join» in a private chat");
    // Alice sends Eve the table's link: Eve is not seated.
    let link = Chat::new(service.clone()).links().await.unwrap().encode(Link::Join(id));
    let before = serde_json::to_string(&table(&service, id).await).unwrap();
    fake.say(EVE.id, &EVE, &format!("/start {link}"));
    fake.until("the refusal", |st| {
        st.bot_texts(EVE.id).into_iter().find(|t| t.contains("в личном чате"))
    })
    .await;
    assert_eq!(serde_json::to_string(&table(&service, id).await).unwrap(), before);
    bot.stop().await;
}
