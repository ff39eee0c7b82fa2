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

/// Two busy chats whose tables carry the same numbers: each chat's `/tables`, `/table N` and
/// `/watch N` read and touch its own tables only, and a table's chat moving takes it along.
#[tokio::test]
async fn each_chat_finds_only_its_own_tables_among_many() {
    let chat = chat().await;
    let (a, b) = (ChatId::new(Platform::Telegram, "-100"), ChatId::new(Platform::Telegram, "-200"));
    let mut ids = Vec::new();
    for (g, first) in [(&a, 31), (&b, 47)] {
        for n in first..first + 2 {
            let host = Asker::member(g.clone(), tg(n));
            let opened = chat.handle(&host, Request::Command(Cmd::New, Args::default())).await;
            ids.push((g.clone(), opened.shows[0].table.clone()));
        }
    }
    let store = chat.service().store();
    for (_, t) in &ids {
        store.set_message_ref(t.id, "public", &format!("{}:7", t.chat.id)).await.unwrap();
    }
    let (ann, zoe) = (Asker::member(a.clone(), tg(5)), Asker::member(b.clone(), tg(15)));

    let listed = chat.handle(&ann, Request::Command(Cmd::Tables, Args::default())).await;
    let text = listed.text().unwrap();
    assert!(text.contains("Player 31") && text.contains("Player 32"), "{text}");
    assert!(!text.contains("Player 47") && !text.contains("Player 48"), "{text}");
    let listed = chat.handle(&zoe, Request::Command(Cmd::Tables, Args::default())).await;
    let text = listed.text().unwrap();
    assert!(text.contains("Player 47") && text.contains("Player 48"), "{text}");
    assert!(!text.contains("Player 31") && !text.contains("Player 32"), "{text}");

    // `/table 2` in chat B moves B's table 2; A's table 2 keeps its message.
    let moved = chat.handle(&zoe, Request::Command(Cmd::Table, number(2))).await;
    let (a2, b2) = (&ids[1].1, &ids[3].1);
    assert_eq!(moved.shows[0].table.id, b2.id);
    let refs = store.message_refs(a2.id).await.unwrap();
    assert!(refs.contains(&("public".to_owned(), "-100:7".to_owned())), "{refs:?}");

    // `/watch 1` in chat B watches B's table 1, not A's.
    let watching = chat.handle(&zoe, Request::Command(Cmd::Watch, number(1))).await;
    assert!(watching.reply.as_ref().is_some_and(|r| matches!(r.body, Body::Watch(_))));
    let (a1, b1) = (&ids[0].1, &ids[2].1);
    assert_eq!(store.meta(&format!("watch:{}", b1.id)).await.unwrap().as_deref(), Some("15"));
    assert_eq!(store.meta(&format!("watch:{}", a1.id)).await.unwrap(), None);

    // Chat B moves to a new id: its tables are found there, and no longer under B.
    let c = ChatId::new(Platform::Telegram, "-300");
    assert_eq!(chat.move_chat(&b, &c).await.len(), 2);
    let there = Asker::member(c.clone(), tg(15));
    let listed = chat.handle(&there, Request::Command(Cmd::Tables, Args::default())).await;
    assert!(listed.text().unwrap().contains("Player 47"), "{:?}", listed.text());
    let listed = chat.handle(&zoe, Request::Command(Cmd::Tables, Args::default())).await;
    assert!(listed.text().unwrap().contains("нет открытых столов"), "{:?}", listed.text());
    let ids_in = async |g: &ChatId| {
        chat.service().tables_in(g).await.iter().map(|t| t.id).collect::<Vec<_>>()
    };
    assert_eq!(ids_in(&a).await, [a1.id, a2.id]);
    assert_eq!(ids_in(&c).await, [b1.id, b2.id]);
}
