//! `DISCORD_SHARDS`: a process runs its share of the gateway shards. The fake sees the shard
//! each session identifies with, and the bot answers on it as on a single shard.

use crate::fake::Fake;
use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Platform};
use domino_core::store::MemoryStore;
use domino_discord::{DiscordConfig, Shards};
use serde_json::json;

#[tokio::test]
async fn a_process_runs_the_shard_it_is_given() {
    let fake = Fake::start().await;
    let clock = fake.clock();
    let mut config = DiscordConfig::new("test-token");
    config.shards = Some("1/2".parse::<Shards>().unwrap());
    let bot =
        Bot::start_with(&fake, service(MemoryStore::new(), clock.clone()).await, config).await;
    assert_eq!(fake.identified_shards(), vec![json!([1, 2])], "shard 1 of 2, and only it");
    let w = World { fake, bot, clock };
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    assert_eq!(w.service().tables_in(&chat).await.len(), 1, "the shard's guild is served");
    w.bot.stop().await;
}

#[test]
fn shard_settings_are_read_and_checked() {
    let s = |v: &str| v.parse::<Shards>();
    assert_eq!(s("0/1").unwrap(), Shards { first: 0, last: 0, total: 1 });
    assert_eq!(s(" 2-3/4 ").unwrap(), Shards { first: 2, last: 3, total: 4 });
    for bad in ["", "1", "2/2", "3-1/4", "0-4/4", "a/2", "-1/2", "1/0"] {
        assert!(s(bad).is_err(), "{bad:?} is refused");
    }
}
