//! The chat's clock through `/domino clock zone:`: an admin sets it by a zone or a city and the
//! channel is told; a member's is refused and words that name no zone are answered with
//! examples, both changing nothing. (The league across a change of summer time on this clock:
//! `core/tests/scenarios/berlin.json`, run here by `scenario`.)

use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Platform};
use domino_core::standings::Zone;
use domino_core::store::{MemoryStore, Store};

#[tokio::test]
async fn an_admin_sets_the_chat_s_clock_by_its_zone_or_a_city() {
    let w = World::start(MemoryStore::new()).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let zone = || async { w.service().store().chat_settings(&chat).await.unwrap().zone };

    let shown = w.slash(ANNA, "clock", vec![]).await;
    assert!(shown.text().contains("Часы чата: UTC+3 (по языку чата)"), "{}", shown.text());
    let refused = w.slash(ANNA, "clock", vec![opt("zone", "Europe/Berlin")]).await;
    assert!(refused.ephemeral() && refused.text().contains("админы"), "{}", refused.text());
    assert_eq!(zone().await, None);

    let set = w.slash(ADMIN, "clock", vec![opt("zone", "Europe/Berlin")]).await;
    assert!(!set.ephemeral(), "the channel is told");
    assert!(
        set.text().starts_with("🕒 Часы чата: Берлин (Europe/Berlin); сейчас там "),
        "{}",
        set.text()
    );
    assert_eq!(zone().await, Zone::named("Europe/Berlin"));

    let unknown = w.slash(ADMIN, "clock", vec![opt("zone", "Атлантида")]).await;
    let text = unknown.text();
    assert!(unknown.ephemeral() && text.contains("«Атлантида»"), "{text}");
    assert!(text.contains("/domino clock Europe/Berlin"), "an example, the Discord way: {text}");
    assert_eq!(zone().await, Zone::named("Europe/Berlin"));

    let city = w.slash(ADMIN, "clock", vec![opt("zone", "new york")]).await;
    // Discord's markdown escaped: «New\_York».
    let text = city.text().replace("\\_", "_");
    assert!(text.contains("Нью-Йорк (America/New_York)"), "{text}");
    assert_eq!(zone().await, Zone::named("America/New_York"));
    w.bot.stop().await;
}
