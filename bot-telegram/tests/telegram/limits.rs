//! Telegram's limits: 429s and closed private chats lose nothing; a busy group keeps its budget.

use crate::fake::{Fake, Fault};
use crate::harness::*;
use domino_core::session::Phase;
use domino_core::store::Store;
use domino_core::view::{render_table, round_history, table_view};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_and_forbidden_chats_lose_nothing() {
    let fake = Fake::start().await;
    let limited = Fault::TooMany { retry_after: 1 };
    fake.fail("getMe", None, limited, 1);
    // The table message is a photo (the default): its edits are media edits.
    fake.fail("editMessageMedia", Some(GROUP), limited, 2);
    fake.fail("sendMessage", Some(GROUP), limited, 1);
    fake.fail("answerCallbackQuery", None, limited, 1);
    fake.fail("editEphemeralMessageText", Some(GROUP), limited, 1);
    fake.fail("sendMessage", Some(ALICE.id), Fault::Forbidden, 1);
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    // Her private chat refuses the first message (the hello).
    fake.say(ALICE.id, &ALICE, "/start");
    fake.until("a 403", |st| st.requests.iter().any(|r| r.status == 403).then_some(())).await;
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    // She plays on her hand in the group (the bot is an administrator there: it is pushed).
    play(&fake, &service, id, &[ALICE], |_| false).await;
    let t = table(&service, id).await;
    assert_eq!(t.phase, Phase::Finished);
    finished_text(&fake, &service, id).await;
    let rounds = round_history(t.game.as_ref().unwrap()).len();
    let texts = fake
        .until("the end notice", |st| {
            let texts = st.bot_texts(GROUP);
            texts.iter().any(|t| t.contains("🏁 Матч окончен")).then_some(texts)
        })
        .await;
    assert_eq!(round_notices(&texts), rounds);
    assert!(fake.with(|st| st.requests.iter().filter(|r| r.status == 429).count()) >= 5);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_group_stays_within_its_budget_and_shows_the_latest_state() {
    let fake = Fake::start().await;
    let pacing = domino_telegram::Pacing {
        chat_gap: Duration::ZERO,
        group_limit: 6,
        group_window: Duration::from_millis(400),
        ephemeral_limit: 6,
        overall_per_sec: 10_000,
        ..domino_telegram::Pacing::FAST
    };
    // Text tables: messages as quick as they come, so that the budget is what holds them
    // (photos go through the same outbox; see `pictures`).
    let service = memory_service().await;
    let text = domino_core::store::ChatSettings {
        board: domino_core::store::BoardMode::Text,
        ..Default::default()
    };
    service.store().set_chat_settings(&chat(GROUP), &text.next()).await.unwrap();
    let bot = start_with(&fake, service, RunOptionsExt::paced(pacing)).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    fake.say(GROUP, &ALICE, "/duel bot");
    let id = table_in(&service, GROUP).await.id;
    play(&fake, &service, id, &[ALICE], |t| t.version >= 20).await;
    let t = table(&service, id).await;
    let want = render_table(&table_view(&t));
    eventually("the latest state", || async {
        (shown(&fake, &service, id, "public").await.text == want).then_some(())
    })
    .await;
    let times = fake.with(|st| {
        st.requests
            .iter()
            .filter(|r| {
                let method = r.method.as_str();
                matches!(
                    method,
                    "sendmessage" | "editmessagetext" | "sendphoto" | "editmessagemedia"
                )
            })
            .filter(|r| r.body.get("chat_id").and_then(|c| c.as_i64()) == Some(GROUP))
            // Hands only their owner sees are paced apart (`Pacing::ephemeral_limit`).
            .filter(|r| r.body.get("ephemeral_message_parameters").is_none())
            .map(|r| r.at)
            .collect::<Vec<_>>()
    });
    // More than one window's worth went out, and fewer than one edit and one mention a move.
    assert!(times.len() > pacing.group_limit as usize, "{} group messages", times.len());
    assert!(times.len() < 2 * 20, "{} group messages", times.len());
    for (i, t) in times.iter().enumerate() {
        let within =
            times[i..].iter().filter(|u| u.duration_since(*t) < pacing.group_window).count();
        assert!(within <= pacing.group_limit as usize, "{within} group messages within one window");
    }
    bot.stop().await;
}

struct RunOptionsExt;

impl RunOptionsExt {
    fn paced(pacing: domino_telegram::Pacing) -> domino_telegram::RunOptions {
        domino_telegram::RunOptions { pacing, ..options() }
    }
}
