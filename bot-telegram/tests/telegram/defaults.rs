//! Defaults that fit a group, through the real adapter on the fake Bot API: a group's new
//! table has the group's turn timer (the warning sent before it runs out, then the computer
//! moves for the person), and after the fifth finished match the group is offered its league
//! once, a message whose buttons only an admin may press.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::chat::OFFER_AFTER;
use domino_core::ids::{Person, UserId};
use domino_core::service::ManualClock;
use domino_core::session::{Action, Actor, Command, Phase, Platform};
use domino_core::standings::{Cadence, Weekday};
use domino_core::store::{GROUP_TURN_SECS, MemoryStore, Store};
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_groups_table_has_the_group_timer_and_its_warning() {
    let fake = Fake::start().await;
    let clock = Arc::new(ManualClock::new(1_000_000));
    let service = quick_service(MemoryStore::new(), clock.clone()).await;
    let _bot = start(&fake, service.clone()).await;
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    service.settled().await;
    let before = table(&service, id).await;
    assert_eq!((before.turn_secs, before.phase.clone()), (Some(GROUP_TURN_SECS), Phase::Playing));
    assert!(before.deadline.is_some(), "a turn timer runs");
    shown(&fake, &service, id, "public").await;
    clock.advance(i64::from(GROUP_TURN_SECS) * 1000 - 30_000);
    service.fire_due().await;
    service.settled().await;
    fake.until("the warning", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("⏳ Alice, осталось 30 с"))
    })
    .await;
    clock.advance(30_000);
    service.fire_due().await;
    service.settled().await;
    fake.until("the timeout notice", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("⏰ Alice"))
    })
    .await;
    let after = table(&service, id).await;
    assert!(after.version > before.version, "the computer moved for Alice");
    assert_eq!(after.seats[0].as_ref().unwrap().misses, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_league_is_offered_once_and_only_an_admin_answers() {
    let fake = Fake::start().await;
    let service = memory_service().await;
    let _bot = start(&fake, service.clone()).await;
    fake.say(ALICE.id, &ALICE, "/start");
    let alice = Person::new(UserId::new(Platform::Telegram, ALICE.id.to_string()), "Alice");
    let offers = |st: &crate::fake::St| {
        let all = st.messages_in(GROUP).into_iter();
        all.filter(|m| m.text.contains("Включить лигу?")).cloned().collect::<Vec<_>>()
    };
    let mut last = 0;
    let finish = |last: i64| {
        let (fake, service, alice) = (fake.clone(), service.clone(), alice.clone());
        async move {
            fake.say(GROUP, &ALICE, "/duel bot");
            let id = eventually("a new duel", || async {
                service
                    .tables_in(&chat(GROUP))
                    .await
                    .into_iter()
                    .map(|t| t.id)
                    .find(|&id| id > last)
            })
            .await;
            service.settled().await;
            let resign =
                Command { actor: Actor::person(alice), action: Action::Resign, version: None };
            service.handle(id, resign).await.unwrap();
            service.settled().await;
            assert_eq!(table(&service, id).await.phase, Phase::Finished);
            id
        }
    };
    for _ in 0..OFFER_AFTER {
        last = finish(last).await;
    }
    let offer = fake.until("the offer", |st| offers(st).into_iter().next()).await;
    let before = service.store().chat_settings(&chat(GROUP)).await.unwrap();
    // Bob, no admin: told so, nothing changes.
    let refused = press(&fake, &BOB, &offer, "Включить всё").await;
    assert!(refused.text.as_deref().is_some_and(|t| t.contains("админы")), "{refused:?}");
    assert_eq!(service.store().chat_settings(&chat(GROUP)).await.unwrap(), before);
    // Alice, an admin, turns it all on: the offer's message answered in place, buttons gone.
    fake.admin(GROUP, &ALICE);
    assert_eq!(press(&fake, &ALICE, &offer, "Включить всё").await.text, None);
    let answered = fake
        .until("the offer answered", |st| {
            st.message(GROUP, offer.id).filter(|m| m.text.starts_with("✅ Лига включена")).cloned()
        })
        .await;
    assert!(answered.buttons().is_empty(), "{:?}", answered.buttons());
    let after = service.store().chat_settings(&chat(GROUP)).await.unwrap();
    assert_eq!(
        (after.seasons, after.standings_post, after.digest),
        (Cadence::Monthly, true, Some(Weekday::ALL[0]))
    );
    fake.until("the standings pinned", |st| st.pinned.get(&GROUP).copied()).await;
    // A stale press (the button as it was, on a message that no longer offers it): refused,
    // nothing changes.
    let stale = press(&fake, &ALICE, &offer, "Нет, спасибо").await;
    assert!(stale.text.as_deref().is_some_and(|t| t.contains("устарела")), "{stale:?}");
    assert_eq!(service.store().chat_settings(&chat(GROUP)).await.unwrap(), after);
    // A sixth match makes no second offer.
    finish(last).await;
    fake.quiet().await;
    // The one offer now reads as answered: no message offers the league any more.
    assert_eq!(fake.with(|st| offers(st).len()), 0, "offered once");
}
