//! A pair's resignation as Discord shows it: «🏳 Сдаться» asks the partner in the channel, the
//! table offers «✅ Сдаёмся» and «❌ Играем дальше», only the partner's press counts (anyone
//! else is told so, privately), and the partner's yes ends the match.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::MemoryStore;

#[tokio::test]
async fn a_pair_s_resignation_waits_for_the_partner_s_press() {
    let w = World::start(MemoryStore::new()).await;
    w.slash(ANNA, "new", vec![opt("game", "kozel"), opt("pairs", true)]).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let table = w.service().tables_in(&chat).await[0].id;
    for p in [BORIS, VERA, GLEB] {
        let msg = w.shown(table).await;
        w.press(p, msg.id, &button(&msg, "Сесть")).await;
    }
    let msg = w.shown(table).await;
    w.press(ANNA, msg.id, &button(&msg, "Начать")).await;
    // Anna and Vera (seats 1 and 3) against Boris and Gleb.
    let msg = w.shown(table).await;
    assert_eq!(w.press(ANNA, msg.id, &button(&msg, "Сдаться")).await.kind, 7);
    w.fake
        .until("the partner asked", |f| {
            f.channel_messages(CHANNEL)
                .into_iter()
                .find(|m| m.content.contains("предлагает сдаться"))
        })
        .await;
    let msg = w.shown(table).await;
    assert!(msg.text().contains("решает vera"), "{}", msg.text());
    let refused = w.press(BORIS, msg.id, &button(&msg, "Сдаёмся")).await;
    assert_eq!(refused.kind, 4, "told privately");
    assert!(refused.msg.text().contains("Отвечает только партнёр"), "{}", refused.msg.text());
    assert_eq!(w.table(table).await.phase, Phase::Playing);
    let msg = w.shown(table).await;
    assert_eq!(w.press(VERA, msg.id, &button(&msg, "Сдаёмся")).await.kind, 7);
    let t = w.table(table).await;
    assert_eq!(t.phase, Phase::Finished);
    assert_eq!(t.game.as_ref().unwrap().outcome.unwrap().loser, Some(0), "Anna's side resigned");
    w.bot.stop().await;
}
