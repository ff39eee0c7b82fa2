//! A match's new controls as Telegram shows them: «⏸ Pause» on the table message, the vote and
//! the pause told in the group, the table offering «▶️ Resume» and refusing a move meanwhile;
//! then «🚪 Leave», told in the group, the seat shown as the computer's.

use crate::fake::Fake;
use crate::harness::*;
use domino_core::session::Phase;
use domino_core::view::{ButtonAction, ButtonData};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pause_resume_and_leave_from_the_table_message() {
    let fake = Fake::start().await;
    let bot = start(&fake, memory_service().await).await;
    let service = bot.service.clone();
    fake.say(ALICE.id, &ALICE, "/start");
    let id = lobby(&fake, &service, "kozel 2", &[BOB]).await;
    let with = |label: &'static str| {
        let (fake, service) = (&fake, &service);
        async move {
            eventually(label, || async {
                Some(shown(fake, service, id, "public").await).filter(|m| m.button(label).is_some())
            })
            .await
        }
    };
    let public = with("⏸").await;
    assert_eq!(press(&fake, &ALICE, &public, "⏸").await.text, None);
    fake.until("the vote told", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.contains("За паузу: 1 из 2"))
    })
    .await;
    let public = with("⏸").await;
    assert_eq!(press(&fake, &BOB, &public, "⏸").await.text, None);
    fake.until("the pause told", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.contains("⏸ Стол на паузе"))
    })
    .await;
    let paused = with("▶️").await;
    assert!(paused.text.contains("⏸ Пауза"), "{}", paused.text);
    assert!(table(&service, id).await.is_paused());
    // The mover's legal move, pressed on the table message, is refused while paused.
    let t = table(&service, id).await;
    let seat = t.to_move().expect("somebody to move");
    let mv = t.live().unwrap().legal_moves(seat)[0];
    let mover = t.seats[seat].as_ref().and_then(|s| s.person()).unwrap().id.id.clone();
    let user = [ALICE, BOB].into_iter().find(|u| u.id.to_string() == mover).unwrap();
    let data = ButtonData::new(id, t.version, ButtonAction::Move(mv)).encode();
    let cb = fake.forge(&user, &paused, &data);
    let told = fake.answer(&cb).await.text.unwrap_or_default();
    assert!(told.contains("Стол на паузе"), "{told}");
    assert_eq!(table(&service, id).await.version, t.version, "nothing moved");
    assert_eq!(press(&fake, &BOB, &paused, "▶️").await.text, None);
    fake.until("the resume told", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.contains("▶️ Игра продолжается"))
    })
    .await;
    let public = with("🚪").await;
    assert_eq!(press(&fake, &BOB, &public, "🚪").await.text, None);
    fake.until("the leave told", |st| {
        st.bot_texts(GROUP).into_iter().find(|t| t.contains("выходит из матча"))
    })
    .await;
    let t = table(&service, id).await;
    let left = t.seats.iter().flatten().find_map(|s| s.left.as_ref()).expect("a seat left");
    assert_eq!((left.id.id.as_str(), t.phase.clone()), ("102", Phase::Playing));
    let public = with("🚪").await;
    assert!(public.text.contains("Bob → 🤖"), "{}", public.text);
    bot.stop().await;
}
