//! Finding a table again, straight through the chat layer: `/table N` forgets the table's old
//! message as its public one before it answers (the next showing is a new message), keeps
//! taking presses made on the old one while people find the new one, and a number that names
//! no table of the asker's chat changes nothing.

use crate::setup::{chat, tg};
use domino_core::chat::{Args, Asker, Body, Cmd, MessageAt, Request};
use domino_core::session::{ChatId, Platform};
use domino_core::store::Store;
use domino_core::view::{ButtonAction, ButtonData};

fn number(n: u32) -> Args {
    Args { table: Some(n), ..Args::default() }
}

#[tokio::test]
async fn a_table_posted_anew_still_takes_presses_on_its_old_message() {
    let chat = chat().await;
    let g = ChatId::new(Platform::Telegram, "-100");
    let (ann, bob) = (Asker::member(g.clone(), tg(1)), Asker::member(g.clone(), tg(2)));
    let opened = chat.handle(&ann, Request::Command(Cmd::New, Args::default())).await;
    let table = opened.shows[0].table.clone();
    // The adapter posted the table as message 7.
    let store = chat.service().store();
    let old = MessageAt::new(-100, 7, "");
    store.set_message_ref(table.id, "public", &old.encode()).await.unwrap();

    let moved = chat.handle(&bob, Request::Command(Cmd::Table, number(table.number))).await;
    let show = &moved.shows[0];
    let left = show.moved.as_ref().expect("the old message is left behind");
    assert_eq!(left.from.as_ref(), Some(&old));
    assert!(left.text.contains("перенесён"), "{}", left.text);
    assert!(moved.reply.as_ref().is_some_and(|r| r.ack), "the table itself answers");
    // Forgotten before the answer: the table's next showing is a new message.
    let refs = store.message_refs(table.id).await.unwrap();
    assert!(refs.iter().all(|(a, m)| a != "public" || m.is_empty()), "{refs:?}");

    // «Join» pressed on the old message before people find the new one: taken.
    let join = ButtonData::new(table.id, table.version, ButtonAction::Join).encode();
    let pressed = chat.handle(&bob, Request::press(&join).at(old.clone())).await;
    assert_eq!(pressed.shows.len(), 1, "{:?}", pressed.text());
    let now = chat.service().table(table.id).await.unwrap().unwrap();
    assert_eq!(now.version, table.version + 1);
    // On the new message too; a message that never was the table's is refused.
    let new = MessageAt::new(-100, 9, "");
    store.set_message_ref(table.id, "public", &new.encode()).await.unwrap();
    let hand = ButtonData::new(table.id, now.version, ButtonAction::Hand).encode();
    let pressed = chat.handle(&bob, Request::press(&hand).at(new)).await;
    assert!(pressed.reply.is_some_and(|r| matches!(r.body, Body::Hand(_))));
    let leave = ButtonData::new(table.id, now.version, ButtonAction::Leave).encode();
    let elsewhere = MessageAt::new(-100, 8, "");
    let pressed = chat.handle(&bob, Request::press(&leave).at(elsewhere)).await;
    assert!(pressed.shows.is_empty(), "{:?}", pressed.text());
    let after = chat.service().table(table.id).await.unwrap().unwrap();
    assert_eq!(after.version, now.version, "nothing changed");
}

#[tokio::test]
async fn another_chat_cannot_find_or_move_a_table() {
    let chat = chat().await;
    let g = ChatId::new(Platform::Telegram, "-100");
    let other = ChatId::new(Platform::Telegram, "-200");
    let ann = Asker::member(g.clone(), tg(1));
    let stranger = Asker::member(other.clone(), tg(3));
    let opened = chat.handle(&ann, Request::Command(Cmd::New, Args::default())).await;
    let id = opened.shows[0].table.id;
    let store = chat.service().store();
    store.set_message_ref(id, "public", "-100:7").await.unwrap();

    let listed = chat.handle(&stranger, Request::Command(Cmd::Tables, Args::default())).await;
    assert!(listed.text().unwrap().contains("нет открытых столов"), "{:?}", listed.text());
    let moved = chat.handle(&stranger, Request::Command(Cmd::Table, number(1))).await;
    assert!(moved.shows.is_empty());
    assert!(moved.text().unwrap().contains("нет"), "{:?}", moved.text());
    let absurd = chat.handle(&ann, Request::Command(Cmd::Table, number(0))).await;
    assert!(absurd.shows.is_empty());
    assert!(absurd.text().unwrap().contains("от 1 до"), "{:?}", absurd.text());
    let refs = store.message_refs(id).await.unwrap();
    assert!(refs.contains(&("public".to_owned(), "-100:7".to_owned())), "{refs:?}");

    let listed = chat.handle(&ann, Request::Command(Cmd::Tables, Args::default())).await;
    let text = listed.text().unwrap();
    assert!(text.contains("№1") && text.contains("Player 1"), "{text}");
    assert!(text.contains("ждёт игроков (1 из"), "{text}");
}
