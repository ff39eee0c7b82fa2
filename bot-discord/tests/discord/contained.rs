//! Handlers are contained: a panic and then a hang injected into one channel's handling (the
//! core's test hook) are told to that channel's person as "nothing changed", change nothing,
//! and hold up no other channel; the bot stays up and answers the channel again once the fault
//! is gone.

use crate::fake::{Fake, Msg};
use crate::harness::*;
use domino_core::chat::faults::{Fault, Faults};
use domino_core::chat::texts;
use domino_core::service::Written;
use domino_core::session::{ChatId, Lang, Platform};
use domino_core::store::MemoryStore;
use domino_discord::DiscordConfig;
use serde_json::Value;
use std::time::{Duration, Instant};

const IN_TIME: Duration = Duration::from_secs(3);

fn chat(channel: u64) -> ChatId {
    ChatId::new(Platform::Discord, channel.to_string())
}

async fn world(work_limit: Duration) -> World<MemoryStore> {
    let fake = Fake::start().await;
    let clock = fake.clock();
    let service = service(MemoryStore::new(), clock.clone()).await;
    let config = DiscordConfig { work_limit, ..DiscordConfig::new("test-token") };
    let bot = Bot::start_with(&fake, service, config).await;
    World { fake, bot, clock }
}

/// A lobby opened in `channel`: its table message.
async fn lobby(w: &World<MemoryStore>, channel: u64, host: Player) -> Msg {
    w.slash_in(channel, host, "new", vec![], Value::Null).await;
    let id = w.service().tables_in(&chat(channel)).await.last().expect("a table").id;
    w.shown(id).await
}

async fn versions(w: &World<MemoryStore>, channel: u64) -> Vec<(i64, u64)> {
    w.service().tables_in(&chat(channel)).await.iter().map(|t| (t.id, t.version)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_or_a_hang_in_one_channel_holds_up_no_other() {
    let w = world(Duration::from_millis(1500)).await;
    let faults = Faults::of(&w.bot.service);
    let a_table = lobby(&w, CHANNEL, ANNA).await;
    let b_table = lobby(&w, OTHER_CHANNEL, BORIS).await;
    let nothing = texts::contained(Lang::Ru, Written::Nothing);
    for fault in [Fault::Panic, Fault::Hang] {
        let before = versions(&w, CHANNEL).await;
        faults.set(&chat(CHANNEL), Some(fault));
        let started = Instant::now();
        let faulty = async {
            let m = w.slash(ANNA, "help", vec![]).await;
            (m, Instant::now())
        };
        let other = async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            let m = w.slash_in(OTHER_CHANNEL, BORIS, "help", vec![], Value::Null).await;
            let pressed = Instant::now();
            let p = w.press(BORIS, b_table.id, &b_table.buttons()[0].1).await;
            (m, pressed, p, Instant::now())
        };
        let ((told, told_at), (help, help_at, press, press_at)) = tokio::join!(faulty, other);
        assert!(help_at - started < IN_TIME, "{fault:?}: the other channel waited");
        assert!(!help.text().contains(nothing));
        assert!(press_at - help_at < IN_TIME, "{fault:?}: the other channel's press waited");
        assert!(!press.msg.text().contains(nothing));
        assert!(told.text().contains(nothing), "{fault:?}: told {:?}", told.text());
        assert!(told.ephemeral());
        if fault == Fault::Hang {
            assert!(help_at < told_at, "the other channel waited for the hung one");
        }
        let pressed = w.press(ANNA, a_table.id, &a_table.buttons()[0].1).await;
        assert!(pressed.msg.text().contains(nothing), "{fault:?}: {:?}", pressed.msg.text());
        assert!(w.bot.alive(), "{fault:?}: the bot stopped");
        assert_eq!(versions(&w, CHANNEL).await, before, "{fault:?} changed a table");
    }
    faults.set(&chat(CHANNEL), None);
    let help = w.slash(ANNA, "help", vec![]).await;
    assert!(help.text().contains("/domino"), "answered again: {}", help.text());
    w.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hang_past_three_seconds_is_acknowledged_then_told() {
    // The work limit past Discord's 3 s: acknowledged in time, then told nothing changed.
    let w = world(Duration::from_millis(2600)).await;
    let faults = Faults::of(&w.bot.service);
    let a_table = lobby(&w, CHANNEL, ANNA).await;
    faults.set(&chat(CHANNEL), Some(Fault::Hang));
    let nothing = texts::contained(Lang::Ru, Written::Nothing);
    let told = w.slash(ANNA, "help", vec![]).await;
    assert!(told.text().contains(nothing), "told {:?}", told.text());
    let pressed = w.press(ANNA, a_table.id, &a_table.buttons()[0].1).await;
    assert!(pressed.late, "acknowledged first");
    assert!(pressed.msg.text().contains(nothing), "told {:?}", pressed.msg.text());
    assert!(pressed.msg.ephemeral());
    for (token, a) in w.fake.all_answered() {
        if let (Some(handed), Some(at)) = (a.handed, a.answered) {
            assert!(at - handed < IN_TIME, "{token} answered after {:?}", at - handed);
        }
    }
    faults.set(&chat(CHANNEL), None);
    assert!(w.bot.alive());
    w.bot.stop().await;
}
