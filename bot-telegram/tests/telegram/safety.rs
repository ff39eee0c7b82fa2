//! Safe in a public chat: join links are for members of the table's chat and cannot be made
//! up; posts as a channel are not players; long replies arrive whole.

use crate::fake::{Fake, User};
use crate::harness::*;
use domino_core::session::Phase;

const EVE: User = User::new(105, "Eve");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_link_is_for_members_of_the_tables_chat_and_cannot_be_made_up() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(GROUP, &ALICE, "/new kozel 2");
    let id = table_in(&service, GROUP).await.id;
    let msg = shown(&fake, &service, id, "public").await;
    let join = msg.button("✋").and_then(|b| b.url).expect("a join link");
    let payload = join.split("start=").nth(1).unwrap().to_owned();
    assert!(payload.len() > 8 && payload.contains('_'), "a signed link: {payload}");

    // Eve is in no group of the table: her link (shared with her) does not seat her.
    fake.outsider(GROUP, &EVE);
    fake.say(EVE.id, &EVE, &format!("/start {payload}"));
    fake.until("the refusal", |st| {
        st.bot_texts(EVE.id).into_iter().find(|t| t.contains("участники его чата"))
    })
    .await;
    // A link written by hand (the next table's id, the bare id of this one) is no link.
    fake.say(EVE.id, &EVE, &format!("/start j{}", id));
    fake.say(BOB.id, &BOB, &format!("/start j{}_AAAAAAAAAAAAAAAA", id));
    fake.until("two refusals", |st| {
        let told = |u: i64| {
            st.bot_texts(u).into_iter().filter(|t| t.contains("устарела или неверна")).count()
        };
        (told(EVE.id) == 1 && told(BOB.id) == 1).then_some(())
    })
    .await;
    let t = table(&service, id).await;
    assert_eq!(
        (t.phase.clone(), t.seats.iter().flatten().count()),
        (Phase::Lobby, 1),
        "nobody sat down"
    );

    // Bob is a member: the same link seats him, and the match starts.
    fake.open_link(&BOB, &join);
    eventually("Bob seated", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_as_a_channel_is_not_a_player() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say_as_channel(GROUP, &ALICE, "/new");
    fake.until("the answer", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.contains("от своего имени"))
    })
    .await;
    assert!(service.tables_in(&chat(GROUP)).await.is_empty(), "no table for a channel");
    bot.stop().await;
}
