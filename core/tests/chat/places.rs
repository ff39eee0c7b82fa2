//! Where the game lives, straight through the chat layer: tables in a topic or thread of a
//! chat, the people a chat has seen by @username (kept in the store, bounded, written only when
//! something changed), duels by name and the duels refused, and a chat moved to a new id.

use domino_core::chat::{Asker, Chat, Cmd, PEOPLE_KEPT, Presence, Request};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::{ChatId, Lang, Person, Phase, Platform, Simple, UserId};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::PhaseView;
use std::sync::Arc;

const DAY: i64 = 24 * 60 * 60 * 1000;

fn tg(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, n.to_string()), format!("Player {n}"))
}

fn group() -> ChatId {
    ChatId::new(Platform::Telegram, "-100")
}

async fn chat() -> (Chat<MemoryStore>, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let service = Service::start_with(
        MemoryStore::new(),
        Arc::new(Simple),
        clock.clone(),
        Arc::new(OsSeeds),
        options,
    )
    .await
    .unwrap();
    (Chat::new(service), clock)
}

async fn kept(chat: &Chat<MemoryStore>, at: &ChatId) -> Option<String> {
    chat.service().store().meta(&format!("people:{at}")).await.unwrap()
}

#[tokio::test]
async fn people_seen_are_kept_bounded_and_written_only_when_something_changed() {
    let (chat, clock) = chat().await;
    let g = group();
    for n in 0..=PEOPLE_KEPT as u32 {
        clock.advance(1000);
        chat.saw(&g, &format!("@User{n}"), &tg(n)).await;
    }
    // The longest unseen is forgotten first; names are read without case or @.
    assert_eq!(chat.person_named(&g, "user0").await, None);
    assert_eq!(chat.person_named(&g, "@USER1").await, Some(tg(1)));
    assert_eq!(chat.person_named(&g, "user200").await, Some(tg(200)));
    let list: serde_json::Value = serde_json::from_str(&kept(&chat, &g).await.unwrap()).unwrap();
    assert_eq!(list.as_array().unwrap().len(), PEOPLE_KEPT);
    // Seen again unchanged the same day: nothing written; a day later, written again.
    let before = kept(&chat, &g).await;
    clock.advance(1000);
    chat.saw(&g, "user1", &tg(1)).await;
    assert_eq!(kept(&chat, &g).await, before);
    clock.advance(DAY);
    chat.saw(&g, "user1", &tg(1)).await;
    assert_ne!(kept(&chat, &g).await, before);
    // A new name is written at once; a username names one person, a person has one username.
    chat.saw(&g, "user1", &Person { name: "Renamed".into(), ..tg(1) }).await;
    assert_eq!(chat.person_named(&g, "user1").await.unwrap().name, "Renamed");
    chat.saw(&g, "user1", &tg(7)).await;
    assert_eq!(chat.person_named(&g, "user1").await, Some(tg(7)));
    assert_eq!(chat.person_named(&g, "user7").await, None, "user 7 is now @user1");
    // Another chat knows nobody.
    assert_eq!(chat.person_named(&ChatId::new(Platform::Telegram, "-200"), "user1").await, None);
}

#[tokio::test]
async fn duels_by_name_and_the_duels_refused_on_both_platforms() {
    let (chat, _) = chat().await;
    let g = group();
    let (ann, bob) = (tg(1), tg(2));
    chat.saw(&g, "ann", &ann).await;
    chat.saw(&g, "bob", &bob).await;
    let duel = |from: Asker, words: &[&str]| {
        let chat = chat.clone();
        let request = Request::words(Cmd::Duel, words);
        async move { chat.handle(&from, request).await.text().unwrap_or_default().to_owned() }
    };
    let own = duel(Asker::member(g.clone(), ann.clone()), &["@Ann"]).await;
    assert!(own.starts_with("С самим собой") && own.contains("/duel бот"), "{own}");
    let away =
        Asker { invitee_in_chat: Some(Presence::Out), ..Asker::member(g.clone(), ann.clone()) };
    let gone = duel(away, &["@bob"]).await;
    assert_eq!(gone, "Player 2 не в этом чате: вызвать можно только участника чата.");
    // Whether Bob is in the chat could not be asked: no challenge either, and the text says so.
    let unknown =
        Asker { invitee_in_chat: Some(Presence::Unknown), ..Asker::member(g.clone(), ann.clone()) };
    let unchecked = duel(unknown, &["@bob"]).await;
    assert!(unchecked.starts_with("Не удалось проверить, есть ли Player 2"), "{unchecked}");
    let unknown_en = Asker {
        invitee_in_chat: Some(Presence::Unknown),
        lang: Some(Lang::En),
        ..Asker::member(g.clone(), ann.clone())
    };
    let unchecked = duel(unknown_en, &["@bob"]).await;
    assert!(unchecked.starts_with("Could not check whether Player 2"), "{unchecked}");
    assert!(duel(Asker::member(g.clone(), ann.clone()), &["@carol"]).await.contains("@carol"));
    assert!(chat.service().tables_in(&g).await.is_empty(), "refused: nothing opened");
    let here =
        Asker { invitee_in_chat: Some(Presence::In), ..Asker::member(g.clone(), ann.clone()) };
    chat.handle(&here, Request::words(Cmd::Duel, &["@bob"])).await;
    let t = chat.service().tables_in(&g).await.pop().expect("a challenge");
    assert!(matches!(&t.phase, Phase::Challenge { invitee, .. } if invitee == &bob));
    // Discord's hint names Discord's command words.
    let d = ChatId::new(Platform::Discord, "77");
    let erin = Person::new(UserId::new(Platform::Discord, "9"), "Erin");
    let words = Request::Command(
        Cmd::Duel,
        domino_core::chat::Args {
            opponent: Some(domino_core::chat::Opponent::Person(erin.clone())),
            ..Default::default()
        },
    );
    let own = chat.handle(&Asker::member(d.clone(), erin.clone()), words).await;
    let own = own.text().unwrap_or_default();
    assert!(own.contains("/domino дуэль компьютер:True") && !own.contains("duel бот"), "{own}");
    let usage = duel(Asker::member(d, erin), &[]).await;
    assert!(usage.contains("/domino дуэль соперник:@"), "{usage}");
}

#[tokio::test]
async fn tables_live_in_their_topic_and_a_moved_chat_takes_them_along() {
    let (chat, _) = chat().await;
    let g = group();
    let (ann, bob) = (tg(1), tg(2));
    let in_topic = |p: &Person, topic: Option<&str>| Asker {
        thread: topic.map(str::to_owned),
        ..Asker::member(g.clone(), p.clone())
    };
    chat.handle(&in_topic(&ann, Some("7")), Request::words(Cmd::New, &[])).await;
    chat.handle(&in_topic(&bob, None), Request::words(Cmd::New, &[])).await;
    let tables = chat.service().tables_in(&g).await;
    let threads: Vec<_> = tables.iter().map(|t| (t.number, t.thread.clone())).collect();
    assert_eq!(threads, [(1, Some("7".to_owned())), (2, None)]);
    // A command without a number means the topic's table; a press from elsewhere is refused.
    let score = chat.handle(&in_topic(&bob, Some("7")), Request::words(Cmd::Score, &[])).await;
    assert!(score.text().unwrap_or_default().contains("стол №1"), "{:?}", score.text());
    let join = domino_core::view::ButtonData::new(
        tables[0].id,
        tables[0].version,
        domino_core::view::ButtonAction::Join,
    );
    let elsewhere = chat.handle(&in_topic(&bob, None), Request::press(join.encode())).await;
    assert!(elsewhere.shows.is_empty(), "{:?}", elsewhere.text());
    let there = chat.handle(&in_topic(&bob, Some("7")), Request::press(join.encode())).await;
    assert!(there.shows[0].table.playing);
    // The chat moves: its tables go along, keep their topic, and go on there.
    let to = ChatId::new(Platform::Telegram, "-100200");
    let shows = chat.move_chat(&g, &to).await;
    assert_eq!(shows.len(), 2);
    assert!(chat.service().tables_in(&g).await.is_empty());
    let moved = chat.service().tables_in(&to).await;
    assert_eq!(moved.iter().map(|t| &t.thread).collect::<Vec<_>>(), [&Some("7".into()), &None]);
    assert!(chat.move_chat(&g, &to).await.is_empty(), "moved once");
    let stop = Asker { thread: Some("7".into()), ..Asker::member(to.clone(), ann.clone()) };
    let stopped = chat.handle(&stop, Request::words(Cmd::Stop, &[])).await;
    assert_eq!(stopped.shows[0].table.number, 1);
}

#[tokio::test]
async fn a_chat_the_bot_left_has_its_tables_closed_and_nothing_scored() {
    use domino_core::engine::rules::{Rules, Variant};
    use domino_core::service::{ServiceError, TableSpec};
    use domino_core::session::{Action, Actor, CloseReason, Command, Rejection};
    let (chat, _) = chat().await;
    let (g, other) = (group(), ChatId::new(Platform::Telegram, "-200"));
    let svc = chat.service().clone();
    let open = |at: &ChatId, host: Person| {
        let spec = TableSpec::plain(at.clone(), Rules::new(Variant::Kozel), 2);
        let svc = svc.clone();
        async move { svc.create(spec, host).await.unwrap().table.id }
    };
    let playing = open(&g, tg(1)).await;
    let join =
        Command { actor: Actor::person(tg(2)), action: Action::Join { seat: None }, version: None };
    assert_eq!(svc.handle(playing, join).await.unwrap().table.phase, Phase::Playing);
    let lobby = open(&g, tg(3)).await;
    let elsewhere = open(&other, tg(4)).await;
    // Only the service says the bot left: a person cannot.
    let forged = Command { actor: Actor::person(tg(1)), action: Action::LeftChat, version: None };
    let refused = svc.handle(playing, forged).await;
    assert!(matches!(refused, Err(ServiceError::Rejected(Rejection::SystemOnly))), "{refused:?}");

    let shows = chat.left_chat(&g).await;
    let mut closed: Vec<i64> = shows.iter().map(|s| s.table.id).collect();
    closed.sort();
    assert_eq!(closed, vec![playing, lobby]);
    for s in &shows {
        assert_eq!(s.view.phase, PhaseView::Closed { reason: CloseReason::LeftChat });
        let notice = &s.notice.as_ref().expect("a notice").text;
        assert!(notice.contains("бота убрали из чата"), "{notice}");
    }
    let en = domino_core::view::text::close_reason_text(CloseReason::LeftChat, Lang::En);
    assert!(en.contains("the bot was removed") && en.contains("nothing scored"), "{en}");
    assert!(svc.tables_in(&g).await.is_empty());
    assert_eq!(svc.tables_in(&other).await.iter().map(|t| t.id).collect::<Vec<_>>(), [elsewhere]);
    let store = svc.store();
    assert!(store.scoreboard(&g, None, None).await.unwrap().is_empty(), "nothing scored");
    assert!(store.history(&g, None, 10).await.unwrap().is_empty(), "no match finished");
    assert!(chat.left_chat(&g).await.is_empty(), "nothing left to close the second time");
}
