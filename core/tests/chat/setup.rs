//! What the chat tests share: a person on Telegram, and the chat layer over a memory store on
//! a manual clock with computers that move at once.

use domino_core::chat::Chat;
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::{Person, Platform, Simple, UserId};
use domino_core::store::MemoryStore;
use std::sync::Arc;

pub fn tg(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, n.to_string()), format!("Player {n}"))
}

pub async fn chat() -> Chat<MemoryStore> {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let service = Service::start_with(
        MemoryStore::new(),
        Arc::new(Simple),
        clock,
        Arc::new(OsSeeds),
        options,
    )
    .await
    .unwrap();
    Chat::new(service)
}
