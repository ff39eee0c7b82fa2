//! A person's turn-ping setting, straight through the chat layer: kept in the store per person
//! (the default kept as nothing), read back the same, and applied to every table's ping.

use crate::setup::{chat, tg};
use domino_core::chat::{Args, Asker, Cmd, PingMode, Request};
use domino_core::session::{ChatId, Platform};
use domino_core::store::Store;

#[tokio::test]
async fn the_ping_setting_round_trips_and_shapes_the_turn_ping() {
    let chat = chat().await;
    let g = ChatId::new(Platform::Telegram, "-100");
    let ann = Asker::member(g.clone(), tg(1));
    let key = "turn-pings:telegram:1";
    let set = |mode| Request::Command(Cmd::Pings, Args { pings: Some(mode), ..Args::default() });
    // A duel with the computer: Ann is to move at once or after its move.
    let duel = Args { computer: true, ..Args::default() };
    let opened = chat.handle(&ann, Request::Command(Cmd::Duel, duel)).await;
    let id = opened.shows[0].table.id;
    chat.service().settled().await;
    let ping = |show: Option<domino_core::chat::Show>| show.and_then(|s| s.turn);
    assert!(ping(chat.show(id).await).is_some_and(|t| !t.quiet), "by mention by default");

    for mode in PingMode::ALL {
        let told = chat.handle(&ann, set(mode)).await;
        assert!(told.text().is_some_and(|t| t.contains("Теперь")), "{:?}", told.text());
        assert_eq!(chat.ping_mode(&ann.person.id).await, mode);
        let kept = chat.service().store().meta(key).await.unwrap();
        assert_eq!(kept.as_deref(), (mode != PingMode::Mention).then_some(mode.key()));
        let turn = ping(chat.show(id).await);
        match mode {
            PingMode::Mention => assert!(turn.is_some_and(|t| !t.quiet)),
            PingMode::Quiet => assert!(turn.is_some_and(|t| t.quiet)),
            PingMode::Off => assert!(turn.is_none()),
        }
    }
    // Another person's setting is their own.
    assert_eq!(chat.ping_mode(&tg(2).id).await, PingMode::Mention);
}
