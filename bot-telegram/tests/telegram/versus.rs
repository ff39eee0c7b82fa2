//! `/vs @username` and `/me` through the real bot: after a duel Alice resigned, Bob asks how he
//! does against her and the group is told (Russian), asking with nobody named gives the usage,
//! and `/я` shows Alice's card.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::session::Phase;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vs_and_me_tell_a_head_to_head_and_a_card_after_a_match() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(BOB.id, &BOB, "/start");
    let id = lobby(&fake, &service, "kozel 2", &[BOB]).await;
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    let msg = eventually("the match's buttons", || async {
        let m = shown(&fake, &service, id, "public").await;
        m.button("Сдаться").is_some().then_some(m)
    })
    .await;
    press(&fake, &ALICE, &msg, "Сдаться").await;
    eventually("the resignation", || async {
        (table(&service, id).await.phase == Phase::Finished).then_some(())
    })
    .await;

    fake.say(GROUP, &BOB, "/vs @alice");
    let told = fake
        .until("the head-to-head", |st| {
            st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("⚔️ Bob и Alice"))
        })
        .await;
    assert!(told.contains("Соперниками: 1 матч — впереди Bob 1, Alice 0, вровень 0"), "{told}");
    assert!(told.contains("🐐 Bob 0, Alice 1") && !told.contains("Партнёрами"), "{told}");

    fake.say(GROUP, &BOB, "/против");
    let usage = fake
        .until("the usage", |st| {
            st.bot_texts(GROUP)
                .into_iter()
                .chain(st.bot_texts(BOB.id))
                .find(|t| t.starts_with("С кем сравнить?"))
        })
        .await;
    assert!(usage.contains("/vs @имя"), "{usage}");

    fake.say(GROUP, &ALICE, "/я");
    let card = fake
        .until("the card", |st| st.bot_texts(GROUP).into_iter().find(|t| t.starts_with("👤 Alice")))
        .await;
    assert!(card.contains("👤 Alice · 1 матч, 0 побед, 🐐 1"), "{card}");
    assert!(card.contains("Побед подряд: сейчас 0, лучшая серия 0"), "{card}");
}
