//! `/domino screen` in a channel: an admin alone gets the chat's page (an ephemeral answer),
//! `new:True` revokes the old link; a member is refused, also to them alone, and nothing
//! changes.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::chat::{Door, texts};
use domino_core::ids::Lang;
use domino_core::service::{Options, OsSeeds, Service};
use domino_core::session::{ChatId, Platform, Simple};
use domino_core::store::MemoryStore;
use std::sync::Arc;

const PUBLIC: &str = "https://domino.example.org";

fn token_in(text: &str) -> Option<String> {
    // Discord's text escapes markdown (`_` → `\_`); the token's alphabet has `_` in it.
    let text = &text.replace('\\', "");
    let at = text.find(&format!("{PUBLIC}/screen/"))? + PUBLIC.len() + "/screen/".len();
    Some(text[at..].split_whitespace().next()?.to_owned())
}

#[tokio::test]
async fn an_admin_alone_gets_the_page_and_a_member_is_refused() {
    let fake = crate::fake::Fake::start().await;
    let options = Options {
        robot_pause: std::time::Duration::ZERO,
        public_url: Some(PUBLIC.into()),
        ..Options::default()
    };
    let clock = fake.clock();
    let store = MemoryStore::new();
    let service =
        Service::start_with(store, Arc::new(Simple), clock.clone(), Arc::new(OsSeeds), options)
            .await
            .unwrap();
    let bot = Bot::start(&fake, service.clone()).await;
    let w = World { fake, bot, clock };
    let door = Door::new(service);
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let posted = |w: &World<MemoryStore>| {
        w.fake.channel_messages(CHANNEL).iter().filter(|m| !m.ephemeral()).count()
    };

    let first = w.slash(ADMIN, "screen", vec![]).await;
    assert!(first.ephemeral(), "only the admin sees it");
    let old = token_in(&first.text()).expect("a link");
    assert_eq!(door.screen_chat(&old).await.unwrap(), Some(chat.clone()));

    let renewed = w.slash(ADMIN, "screen", vec![opt("new", true)]).await;
    assert!(renewed.ephemeral());
    let new = token_in(&renewed.text()).expect("a new link");
    assert_ne!(new, old);
    assert_eq!(door.screen_chat(&old).await.unwrap(), None, "revoked");
    assert_eq!(door.screen_chat(&new).await.unwrap(), Some(chat.clone()));

    for options in [vec![], vec![opt("new", true)]] {
        let refused = w.slash(ANNA, "screen", options).await;
        assert!(refused.ephemeral());
        let told = [texts::admins_only(Lang::Ru), texts::admins_only(Lang::En)];
        assert!(told.contains(&refused.text().as_str()), "{}", refused.text());
    }
    assert_eq!(door.screen_token(&chat).await.unwrap(), new, "nothing changed");
    w.fake.quiet().await;
    assert_eq!(posted(&w), 0, "nothing posted in the channel");
    w.bot.stop().await;
}
