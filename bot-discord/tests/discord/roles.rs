//! The goat's and the champion's roles (a chat setting, off by default, Discord's counterpart
//! of Telegram's member tags): after a Kozel match the loser has the «Козёл» role and the
//! season's Kozel leader «Чемпион», each role created once in the server and moved as the
//! standings move; without Manage Roles the channel is told once what the bot needs.

use crate::harness::*;
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

fn chat() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

async fn roles_on(w: &World<MemoryStore>, on: bool) {
    let mut s = w.service().store().chat_settings(&chat()).await.unwrap();
    s.goat_roles = on;
    w.service().store().set_chat_settings(&chat(), &s.next()).await.unwrap();
    w.service().standings_changed(&chat());
}

/// A Kozel match of Anna and Boris that `loser` resigns.
async fn a_match(w: &World<MemoryStore>, loser: Player) {
    w.slash(ANNA, "new", vec![crate::payloads::opt("game", "kozel")]).await;
    let table = w.service().tables_in(&chat()).await[0].id;
    let lobby = w.shown(table).await;
    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    eventually("the match", || async {
        (w.table(table).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let m = w.shown(table).await;
    w.press(loser, m.id, &button(&m, "Сдаться")).await;
    eventually("the resignation", || async {
        (w.table(table).await.phase == Phase::Finished).then_some(())
    })
    .await;
    let stop = vec![crate::payloads::opt("table", w.table(table).await.number)];
    w.slash(ANNA, "stop", stop).await;
    eventually("the table closed", || async {
        w.service().tables_in(&chat()).await.is_empty().then_some(())
    })
    .await;
}

/// How many roles the bot asked Discord to create.
fn created(w: &World<MemoryStore>) -> usize {
    let made = |r: &crate::fake::Request| r.method == "POST" && r.path.ends_with("/roles");
    w.fake.requests().iter().filter(|r| made(r)).count()
}

#[tokio::test]
async fn the_loser_and_the_leader_get_roles_created_once_and_moved() {
    let w = World::start(MemoryStore::new()).await;
    // Off by default: a match gives nobody a role.
    a_match(&w, ANNA).await;
    w.fake.quiet().await;
    assert!(w.fake.roles().is_empty() && w.fake.roles_of(ANNA.id).is_empty());

    roles_on(&w, true).await;
    eventually("Anna's and Boris's roles", || async {
        let want = (w.fake.roles_of(ANNA.id), w.fake.roles_of(BORIS.id));
        (want == (vec!["Козёл".to_owned()], vec!["Чемпион".to_owned()])).then_some(())
    })
    .await;
    let once = [("Козёл".to_owned(), 1), ("Чемпион".to_owned(), 1)].into_iter().collect();
    assert_eq!(w.fake.roles(), once, "one role of each name");
    assert_eq!(created(&w), 2);

    // Boris loses the next: the goat's role moves to him; no role is made again.
    a_match(&w, BORIS).await;
    eventually("the goat's role moved", || async {
        let goat = |p: Player| w.fake.roles_of(p.id).contains(&"Козёл".to_owned());
        (goat(BORIS) && !goat(ANNA)).then_some(())
    })
    .await;
    w.fake.quiet().await;
    assert_eq!(w.fake.roles_of(BORIS.id), ["Козёл"], "the goat's role alone");
    assert_eq!(w.fake.roles(), once, "the same two roles");
    assert_eq!(created(&w), 2, "none created again");

    // Turned off: taken from everybody; the roles stay in the server.
    roles_on(&w, false).await;
    eventually("no roles worn", || async {
        (w.fake.roles_of(ANNA.id).is_empty() && w.fake.roles_of(BORIS.id).is_empty()).then_some(())
    })
    .await;
}

#[tokio::test]
async fn without_manage_roles_the_channel_is_told_once() {
    let w = World::start(MemoryStore::new()).await;
    w.fake.manage_roles(false);
    roles_on(&w, true).await;
    let told = |w: &World<MemoryStore>| {
        let said = |m: &crate::fake::Msg| m.text().contains("Управлять ролями");
        w.fake.channel_messages(CHANNEL).iter().filter(|m| said(m)).count()
    };
    a_match(&w, ANNA).await;
    eventually("the channel told", || async { (told(&w) == 1).then_some(()) }).await;
    a_match(&w, BORIS).await;
    w.fake.quiet().await;
    assert!(created(&w) >= 2, "tried again as the standings moved");
    assert_eq!(told(&w), 1, "told once");
    assert!(w.fake.roles().is_empty());
}
