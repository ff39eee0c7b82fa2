//! Handlers are contained: a panic and then a hang injected into one chat's handling (the
//! core's test hook) are told to that chat's person as "nothing changed", change nothing, and
//! hold up no other chat; the bot stays up and answers the chat again once the fault is gone.

use crate::fake::{Fake, Msg, User};
use crate::harness::{ALICE, BOB, GROUP, OTHER, chat, memory_service, options, shown, start_with};
use domino_core::chat::faults::{Fault, Faults};
use domino_core::chat::texts;
use domino_core::service::Written;
use domino_core::session::Lang;
use domino_telegram::RunOptions;
use std::time::{Duration, Instant};

/// The work limit of these tests: a hang is cancelled after it.
const LIMIT: Duration = Duration::from_millis(1500);
const IN_TIME: Duration = Duration::from_secs(3);

/// The bot's reply to message `asked` of `chat`, and when it was seen.
async fn reply(fake: &Fake, chat: i64, asked: i32) -> (Msg, Instant) {
    let msg = fake
        .until("the reply", |st| {
            st.messages_in(chat)
                .into_iter()
                .find(|m| m.from_bot && m.reply_to == Some(asked))
                .cloned()
        })
        .await;
    (msg, Instant::now())
}

/// Opens a lobby in `chat`: its table message.
async fn lobby<S: domino_core::store::Store>(
    fake: &Fake,
    service: &domino_core::service::Service<S>,
    chat_id: i64,
    host: &User,
) -> Msg {
    fake.say(chat_id, host, "/new");
    let table = crate::harness::table_in(service, chat_id).await;
    shown(fake, service, table.id, "public").await
}

/// The versions of a chat's tables.
async fn versions<S: domino_core::store::Store>(
    service: &domino_core::service::Service<S>,
    chat_id: i64,
) -> Vec<(i64, u64)> {
    service.tables_in(&chat(chat_id)).await.iter().map(|t| (t.id, t.version)).collect()
}

fn data(msg: &Msg) -> String {
    msg.buttons().into_iter().find_map(|b| b.data).expect("a button with data")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_or_a_hang_in_one_chat_holds_up_no_other() {
    let fake = Fake::start().await;
    let service = memory_service().await;
    let faults = Faults::of(&service);
    let bot =
        start_with(&fake, service.clone(), RunOptions { work_limit: LIMIT, ..options() }).await;
    let a_table = lobby(&fake, &service, GROUP, &ALICE).await;
    let b_table = lobby(&fake, &service, OTHER, &BOB).await;
    let nothing = texts::contained(Lang::Ru, Written::Nothing);
    for fault in [Fault::Panic, Fault::Hang] {
        let before = versions(&service, GROUP).await;
        faults.set(&chat(GROUP), Some(fault));
        let asked = fake.say(GROUP, &ALICE, "/help");
        // Meanwhile the other chat is answered in time: a command and a press.
        let sent = Instant::now();
        let other = fake.say(OTHER, &BOB, "/help");
        let (help, other_at) = reply(&fake, OTHER, other).await;
        assert!(
            other_at - sent < IN_TIME,
            "{fault:?}: the other chat answered after {:?}",
            other_at - sent
        );
        assert_ne!(help.text, nothing);
        let cb = fake.forge(&BOB, &b_table, &data(&b_table));
        let answer = fake.answer(&cb).await;
        let handed = fake.with(|st| st.handed[&cb]);
        assert!(
            answer.at - handed < IN_TIME,
            "{fault:?}: a press answered after {:?}",
            answer.at - handed
        );
        assert_ne!(answer.text.as_deref(), Some(nothing));
        // The faulty chat's person is told that nothing changed.
        let (told, told_at) = reply(&fake, GROUP, asked).await;
        assert_eq!(told.text, nothing, "{fault:?}");
        if fault == Fault::Hang {
            assert!(told_at - sent >= LIMIT - Duration::from_millis(100), "told before the limit");
            assert!(other_at < told_at, "the other chat waited for the hung one");
        }
        let cb = fake.forge(&ALICE, &a_table, &data(&a_table));
        let answer = fake.answer(&cb).await;
        assert_eq!(answer.text.as_deref(), Some(nothing), "{fault:?}: the press's answer");
        assert!(answer.alert);
        assert!(bot.alive(), "{fault:?}: the bot stopped");
        assert_eq!(versions(&service, GROUP).await, before, "{fault:?} changed a table");
    }
    faults.set(&chat(GROUP), None);
    let asked = fake.say(GROUP, &ALICE, "/help");
    let (help, _) = reply(&fake, GROUP, asked).await;
    assert!(help.text.contains("/new"), "answered again: {}", help.text);
    let cb = fake.forge(&ALICE, &a_table, &data(&a_table));
    assert_ne!(fake.answer(&cb).await.text.as_deref(), Some(nothing));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_press_is_answered_within_three_seconds() {
    // The default work limit (15 s): a press in a hung chat is told it takes long within
    // Telegram's 3 s, and that nothing changed once it is cancelled.
    let fake = Fake::start().await;
    let service = memory_service().await;
    let faults = Faults::of(&service);
    let bot = start_with(
        &fake,
        service.clone(),
        RunOptions { work_limit: Duration::from_secs(4), ..options() },
    )
    .await;
    let a_table = lobby(&fake, &service, GROUP, &ALICE).await;
    faults.set(&chat(GROUP), Some(Fault::Hang));
    let cb = fake.forge(&ALICE, &a_table, &data(&a_table));
    let answer = fake.answer(&cb).await;
    let handed = fake.with(|st| st.handed[&cb]);
    assert!(answer.at - handed < IN_TIME, "answered after {:?}", answer.at - handed);
    assert_eq!(answer.text.as_deref(), Some(texts::taking_long(Lang::Ru)));
    let nothing = texts::contained(Lang::Ru, Written::Nothing);
    fake.until("told that nothing changed", |st| {
        st.messages_in(GROUP).into_iter().find(|m| m.from_bot && m.text == nothing).map(drop)
    })
    .await;
    faults.set(&chat(GROUP), None);
    assert!(bot.alive());
    bot.stop().await;
}
