//! A bot removed from a group: noticed from the `my_chat_member` update or from the 403 of a
//! send; the group's tables close unscored, and nothing more is sent there.

use crate::fake::{Fake, St};
use crate::harness::*;
use domino_core::session::{CloseReason, Phase};
use domino_core::store::Store;

/// How many calls named `chat`, and how many of them Telegram answered with 200.
fn calls_to(st: &St, chat: i64) -> (usize, usize) {
    let to = |r: &&crate::fake::Req| r.body.get("chat_id").and_then(|c| c.as_i64()) == Some(chat);
    let all: Vec<_> = st.requests.iter().filter(to).collect();
    (all.len(), all.iter().filter(|r| r.status == 200).count())
}

fn closed_unscored(t: &domino_core::session::Table) -> bool {
    t.phase == Phase::Closed { reason: CloseReason::LeftChat }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_kicked_mid_match_closes_the_groups_tables_unscored_and_sends_there_no_more() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    // A match in play, and a lobby beside it, in the group; a lobby in another group.
    // Hands in private chats: the bot cannot edit an ephemeral one in a group it is out of.
    let id = lobby_private(&fake, &service, "kozel 2", &[BOB]).await;
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    play(&fake, &service, id, &[ALICE, BOB], |t| t.version >= 6).await;
    fake.say(GROUP, &CAROL, "/new kozel 2");
    fake.say(OTHER, &DAVE, "/new kozel 2");
    eventually("the lobbies", || async {
        let here = service.tables_in(&chat(GROUP)).await.len();
        (here == 2 && service.tables_in(&chat(OTHER)).await.len() == 1).then_some(())
    })
    .await;
    fake.quiet().await;
    let (player, hand_before, _) = mover(&fake, &service, id, &[ALICE, BOB]).await;

    fake.kick_bot(GROUP, &ALICE, true);
    eventually("the group's tables closed", || async {
        service.tables_in(&chat(GROUP)).await.is_empty().then_some(())
    })
    .await;
    assert!(closed_unscored(&table(&service, id).await), "{:?}", table(&service, id).await.phase);
    let store = service.store();
    assert!(store.scoreboard(&chat(GROUP), None, None).await.unwrap().is_empty(), "nothing scored");
    assert!(store.history(&chat(GROUP), None, 10).await.unwrap().is_empty(), "no match finished");
    // The players' hands show the table closed: no move buttons left.
    fake.until("the hand without moves", |st| {
        let m = st.message(hand_before.chat, hand_before.id)?;
        (m.edits > hand_before.edits && m.buttons().is_empty()).then_some(())
    })
    .await;

    // A press on the old hand is refused and nothing goes to the group, now or later.
    fake.quiet().await;
    let before = fake.with(|st| calls_to(st, GROUP));
    let old_move = hand_before.buttons().into_iter().find_map(|b| b.data).expect("a move");
    let cb = fake.forge(&player, &hand_before, &old_move);
    assert!(fake.answer(&cb).await.text.is_some(), "the press is refused");
    fake.say(OTHER, &DAVE, "/help");
    fake.until("the other group answered", |st| {
        st.bot_texts(OTHER).into_iter().find(|t| t.contains("/new"))
    })
    .await;
    fake.quiet().await;
    assert_eq!(fake.with(|st| calls_to(st, GROUP)), before, "a call to the group it left");
    assert_eq!(service.tables_in(&chat(OTHER)).await.len(), 1, "the other group's table stays");
    assert!(bot.alive());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_send_refused_as_kicked_closes_the_groups_tables() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    let id = lobby(&fake, &service, "kozel 2", &[BOB]).await;
    eventually("the match", || async {
        (table(&service, id).await.phase == Phase::Playing).then_some(())
    })
    .await;
    fake.quiet().await;
    // Removed without the update reaching the bot: the next move's table edit gets the 403.
    fake.kick_bot(GROUP, &ALICE, false);
    let before = fake.with(|st| calls_to(st, GROUP));
    let (user, msg, buttons) = mover(&fake, &service, id, &[ALICE, BOB]).await;
    let cb = fake.forge(&user, &msg, &buttons[0]);
    let answer = fake.answer(&cb).await;
    assert!(answer.taken(), "the move itself is made: {answer:?}");
    eventually("the table closed", || async {
        closed_unscored(&table(&service, id).await).then_some(())
    })
    .await;
    fake.quiet().await;
    let after = fake.with(|st| calls_to(st, GROUP));
    assert_eq!(after.1, before.1, "nothing reached the group");
    assert!((1..=2).contains(&(after.0 - before.0)), "{before:?} → {after:?}: calls kept going");
    assert!(service.store().scoreboard(&chat(GROUP), None, None).await.unwrap().is_empty());
    bot.stop().await;
}
