//! The chat's clock typed in Telegram: `/clock Europe/Berlin` (`/часы Берлин`) by an admin sets
//! the chat's zone and tells the group; a member's is refused, words that name no zone are
//! answered with examples; neither changes anything. (The league across a change of summer
//! time on this clock: `core/tests/scenarios/berlin.json`, run here by `scenario`.)

use crate::fake::Fake;
use crate::harness::*;
use domino_core::ids::{ChatId, Platform};
use domino_core::standings::Zone;
use domino_core::store::Store;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_sets_the_chat_s_clock_by_its_zone_or_a_city() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    let chat = ChatId::new(Platform::Telegram, GROUP.to_string());
    let zone = || async { service.store().chat_settings(&chat).await.unwrap().zone };

    // A member may not set it: nothing changes.
    fake.say(GROUP, &ALICE, "/clock Europe/Berlin");
    fake.quiet().await;
    assert_eq!(zone().await, None);

    fake.admin(GROUP, &CAROL);
    fake.say(GROUP, &CAROL, "/clock Europe/Berlin");
    let said = |part: &'static str| {
        move |st: &crate::fake::St| st.bot_texts(GROUP).into_iter().find(|t| t.contains(part))
    };
    let text = fake.until("the clock told to the group", said("Europe/Berlin")).await;
    assert!(text.starts_with("🕒 Часы чата: Берлин (Europe/Berlin); сейчас там "), "{text}");
    assert_eq!(zone().await, Zone::named("Europe/Berlin"));

    // Words that name no zone change nothing.
    fake.say(GROUP, &CAROL, "/clock Атлантида");
    fake.quiet().await;
    assert_eq!(zone().await, Zone::named("Europe/Berlin"));

    // A city in Russian, with the Russian command.
    fake.say(GROUP, &CAROL, "/часы Нью-Йорк");
    fake.until("New York's clock told", said("Нью-Йорк (America/New_York)")).await;
    assert_eq!(zone().await, Zone::named("America/New_York"));

    // An offset stays fixed; `сброс` goes back to the language's clock.
    fake.say(GROUP, &CAROL, "/clock UTC+5:30");
    fake.until("the offset told", said("Часы чата: UTC+5:30;")).await;
    assert_eq!(zone().await, Zone::of_minutes(330));
    fake.say(GROUP, &CAROL, "/clock сброс");
    fake.until("the language's clock told", said("UTC+3 (по языку чата)")).await;
    assert_eq!(zone().await, None);
}
