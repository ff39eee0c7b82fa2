//! The bot removed from a server: the first call Discord refuses on a channel (403, code
//! 50001 «Missing Access») closes that channel's open tables, nothing scored, as on Telegram;
//! another channel's tables play on.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, CloseReason, Phase, Platform};
use domino_core::store::MemoryStore;
use serde_json::Value;

const OTHER: u64 = CHANNEL + 1;

#[tokio::test]
async fn a_channel_out_of_reach_closes_its_tables_and_no_other() {
    let w = World::start(MemoryStore::new()).await;
    let here = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let there = ChatId::new(Platform::Discord, OTHER.to_string());
    w.slash(ANNA, "new", vec![opt("game", "kozel")]).await;
    w.slash_in(OTHER, ANNA, "new", vec![opt("game", "kozel")], Value::Null).await;
    let table = w.service().tables_in(&here).await[0].id;
    let lobby = w.shown(table).await;
    assert_eq!(w.service().tables_in(&there).await.len(), 1);

    w.press(BORIS, lobby.id, &button(&lobby, "Сесть")).await;
    w.fake.remove_from(CHANNEL);
    // The next thing the bot posts there (here the table posted anew) is refused.
    w.slash(ANNA, "table", vec![opt("number", 1)]).await;
    for _ in 0..1000 {
        if w.service().tables_in(&here).await.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(w.service().tables_in(&here).await.is_empty(), "the channel's tables closed");
    let closed = w.table(table).await;
    assert_eq!(closed.phase, Phase::Closed { reason: CloseReason::LeftChat });
    assert_eq!(closed.seats.iter().flatten().count(), 2, "Boris's seat was kept till then");
    assert_eq!(w.service().tables_in(&there).await.len(), 1, "another channel plays on");
    let refused = w.fake.requests().into_iter().filter(|r| r.status == 403).count();
    assert!(refused >= 1, "Discord refused the edit");
}
