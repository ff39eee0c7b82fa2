//! Defaults that fit a group, through the real adapter on the fake Discord: a channel's new
//! table has the group's turn timer (the warning posted before it runs out, then the computer
//! moves for the person), and after the fifth finished match the channel is offered its
//! league once, a message whose buttons only an admin may press.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::chat::OFFER_AFTER;
use domino_core::ids::{Person, UserId};
use domino_core::session::{Action, Actor, ChatId, Command, Phase, Platform};
use domino_core::standings::{Cadence, Weekday};
use domino_core::store::{GROUP_TURN_SECS, MemoryStore, Store};

fn chat() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

/// Anna's duel with the computer: its table, once it waits on her.
async fn duel(w: &World<MemoryStore>) -> i64 {
    w.slash(ANNA, "duel", vec![opt("computer", true)]).await;
    w.service().settled().await;
    let tables = w.service().tables_in(&chat()).await;
    tables.last().expect("the duel's table").id
}

#[tokio::test]
async fn a_channels_table_has_the_group_timer_and_its_warning() {
    let w = World::start(MemoryStore::new()).await;
    let table = duel(&w).await;
    let t = w.table(table).await;
    assert_eq!((t.turn_secs, t.phase.clone()), (Some(GROUP_TURN_SECS), Phase::Playing));
    assert!(t.deadline.is_some(), "a turn timer runs");
    w.shown(table).await;
    w.clock.advance(i64::from(GROUP_TURN_SECS) * 1000 - 30_000);
    w.service().fire_due().await;
    w.service().settled().await;
    w.fake
        .until("the warning", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.text().contains("⏳ anna"))
        })
        .await;
    w.clock.advance(30_000);
    w.service().fire_due().await;
    w.service().settled().await;
    let moved = w.table(table).await;
    assert!(moved.version > t.version, "the computer moved for anna out of time");
    assert_eq!(moved.seats[0].as_ref().unwrap().misses, 1);
    w.fake
        .until("the timeout notice", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.content.contains("время вышло"))
        })
        .await;
}

#[tokio::test]
async fn the_league_is_offered_once_and_only_an_admin_answers() {
    let w = World::start(MemoryStore::new()).await;
    let anna = Person::new(UserId::new(Platform::Discord, ANNA.id.to_string()), ANNA.name);
    let offers = |w: &World<MemoryStore>| {
        let all = w.fake.channel_messages(CHANNEL);
        all.into_iter().filter(|m| m.text().contains("Включить лигу?")).collect::<Vec<_>>()
    };
    for _ in 0..OFFER_AFTER {
        let table = duel(&w).await;
        let resign =
            Command { actor: Actor::person(anna.clone()), action: Action::Resign, version: None };
        w.service().handle(table, resign).await.unwrap();
        w.service().settled().await;
        assert_eq!(w.table(table).await.phase, Phase::Finished);
    }
    let offer = w.fake.until("the offer", |_| offers(&w).into_iter().next()).await;
    let before = w.service().store().chat_settings(&chat()).await.unwrap();
    // Boris, no admin: told so, nothing changes.
    let refused = w.press(BORIS, offer.id, &button(&offer, "Включить всё")).await;
    assert_eq!(refused.kind, 4, "a private answer");
    assert!(refused.msg.text().contains("админы"), "{}", refused.msg.text());
    assert_eq!(w.service().store().chat_settings(&chat()).await.unwrap(), before);
    // The admin turns it all on: the offer's message is answered in place, buttons gone.
    let taken = w.press(ADMIN, offer.id, &button(&offer, "Включить всё")).await;
    assert_eq!(taken.msg.id, offer.id);
    assert!(taken.msg.text().contains("Лига включена"), "{}", taken.msg.text());
    assert!(taken.msg.buttons().is_empty(), "{:?}", taken.msg.buttons());
    let after = w.service().store().chat_settings(&chat()).await.unwrap();
    assert_eq!(
        (after.seasons, after.standings_post, after.digest),
        (Cadence::Monthly, true, Some(Weekday::ALL[0]))
    );
    w.fake
        .until("the standings pinned", |f| {
            f.channel_messages(CHANNEL).into_iter().find(|m| m.pinned && !m.deleted)
        })
        .await;
    // A stale press (the old button): nothing changes.
    let stale = w.press(ADMIN, offer.id, &button(&offer, "Нет, спасибо")).await;
    assert_eq!(stale.kind, 4, "a private answer");
    assert_eq!(w.service().store().chat_settings(&chat()).await.unwrap(), after);
    // A sixth match makes no second offer.
    let table = duel(&w).await;
    let resign = Command { actor: Actor::person(anna), action: Action::Resign, version: None };
    w.service().handle(table, resign).await.unwrap();
    w.service().settled().await;
    w.fake.quiet().await;
    // The one offer now reads as answered: no message offers the league any more.
    assert_eq!(offers(&w).len(), 0, "offered once");
}
