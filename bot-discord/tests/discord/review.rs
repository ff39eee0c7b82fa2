//! `/domino review` and `/domino replay N round R` asked in the channel: the review is for its
//! asker alone (an ephemeral answer), the replay of the round asked for is the channel's, and a
//! round the match did not have is told to the asker alone with the match's range.

use crate::harness::*;
use crate::payloads::opt;
use domino_core::session::{ChatId, Phase, Platform};
use domino_core::store::MemoryStore;

#[tokio::test]
async fn a_review_is_for_its_asker_alone_and_a_replay_shows_the_round_asked_for() {
    let w = World::start(MemoryStore::new()).await;
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let duel = vec![opt("computer", true), opt("game", "kozel"), opt("target", 1)];
    w.slash(ANNA, "duel", duel).await;
    let table = w.service().tables_in(&chat).await[0].id;
    play(&w, table, &[ANNA], |t| t.phase != Phase::Playing).await;
    w.fake.quiet().await;
    let posted = |w: &World<MemoryStore>| {
        w.fake.channel_messages(CHANNEL).iter().filter(|m| !m.ephemeral()).count()
    };
    let before = posted(&w);

    let review = w.slash(ANNA, "review", vec![]).await;
    assert!(review.ephemeral(), "only Anna sees her review");
    assert!(review.text().contains("🔎 Разбор ваших ходов"), "{}", review.text());

    let replay = w.slash(ANNA, "replay", vec![opt("match", 1), opt("round", 1)]).await;
    assert!(!replay.ephemeral(), "a replay is the channel's");
    assert!(replay.text().contains("раунд 1 из"), "{}", replay.text());
    assert!(replay.files.iter().any(|f| f.name == "replay-1-1.gif"), "the round's GIF");
    let over = w.slash(ANNA, "replay", vec![opt("match", 1), opt("round", 99)]).await;
    assert!(over.ephemeral(), "told to the asker alone");
    assert!(over.text().contains("Раунда 99 в этом матче не было"), "{}", over.text());
    w.fake.quiet().await;
    // The answers are the interactions' own messages: nothing else was posted for them.
    assert_eq!(posted(&w), before, "no review posted in the channel");
}
