//! Spectators straight through the chat layer: `/watch N` is stored before it is answered and
//! listed on every show of the table, refused with why (no such table, seated, absurd number,
//! a private table, too many watchers) changing nothing, stopped by «⏹», by `/watch` alone or
//! by asking again, and kept across a restart of the chat layer over the same store, and by
//! two processes on one database changing them at once.

use crate::setup::{chat, tg};
use domino_core::bounds;
use domino_core::chat::{Answer, Args, Asker, Body, Chat, Cmd, Request};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::{ChatId, Platform, Simple};
use domino_core::store::{PgStore, SqliteStore, Store};
use domino_core::view::{ButtonAction, ButtonData, WatchView, Watching, render_watch};
use std::sync::Arc;

fn watch(n: Option<u32>) -> Request {
    Request::Command(Cmd::Watch, Args { table: n, ..Args::default() })
}

fn watched(answer: &Answer) -> &WatchView {
    match answer.reply.as_ref().map(|r| (&r.body, r.private)) {
        Some((Body::Watch(view), true)) => view,
        other => panic!("not a watcher's view: {other:?} {:?}", answer.text()),
    }
}

fn group() -> ChatId {
    ChatId::new(Platform::Telegram, "-100")
}

/// Ann and Bob at a two-seat table of the group, in play: its id.
async fn a_match<S: Store>(chat: &Chat<S>) -> i64 {
    let (ann, bob) = (Asker::member(group(), tg(1)), Asker::member(group(), tg(2)));
    let new = Args { players: Some(2), ..Args::default() };
    let opened = chat.handle(&ann, Request::Command(Cmd::New, new)).await;
    let table = opened.shows[0].table.clone();
    let join = ButtonData::new(table.id, table.version, ButtonAction::Join).encode();
    let joined = chat.handle(&bob, Request::press(&join)).await;
    assert!(joined.shows[0].table.playing, "{:?}", joined.text());
    table.id
}

#[tokio::test]
async fn a_watcher_follows_the_public_view_until_they_stop() {
    let chat = chat().await;
    let id = a_match(&chat).await;
    let carol = Asker::member(group(), tg(3));
    let key = format!("watch:{id}");

    let started = chat.handle(&carol, watch(Some(1))).await;
    let view = watched(&started);
    assert_eq!((view.watching, view.number), (Watching::On, 1));
    assert!(started.shows.is_empty(), "no table changed");
    let stored = chat.service().store().meta(&key).await.unwrap();
    assert_eq!(stored.as_deref(), Some("3"), "stored before it is answered");
    let text = render_watch(view, "/");
    assert!(text.starts_with("👀 Вы смотрите стол №1"), "{text}");
    let show = chat.show(id).await.unwrap();
    assert!(text.ends_with(&domino_core::view::render_table(&show.view)), "{text}");
    let actions: Vec<_> = view.buttons.iter().flatten().map(|(_, d)| d.action).collect();
    assert_eq!(actions, [ButtonAction::Watch, ButtonAction::Unwatch]);
    assert_eq!(show.watchers.len(), 1, "every show lists the watcher");
    assert_eq!(show.watchers[0].id, carol.person.id);

    // «🔄» from any version shows the table as it now is.
    let refresh = ButtonData::new(id, 0, ButtonAction::Watch).encode();
    let again = chat.handle(&carol, Request::press(&refresh)).await;
    assert_eq!(watched(&again).version, show.table.version);

    // «⏹»: stopped, stored, and the view shows no table any more.
    let stop = ButtonData::new(id, 0, ButtonAction::Unwatch).encode();
    let stopped = chat.handle(&carol, Request::press(&stop)).await;
    let view = watched(&stopped);
    assert_eq!(view.watching, Watching::Stopped);
    assert!(view.view.is_none() && view.buttons.is_empty());
    assert!(render_watch(view, "/").contains("/watch 1"), "{}", render_watch(view, "/"));
    assert_eq!(chat.service().store().meta(&key).await.unwrap(), None);
    assert!(chat.show(id).await.unwrap().watchers.is_empty());

    // `/watch 1` twice toggles; `/watch` alone stops; then it has nothing to stop.
    assert_eq!(watched(&chat.handle(&carol, watch(Some(1))).await).watching, Watching::On);
    assert_eq!(watched(&chat.handle(&carol, watch(Some(1))).await).watching, Watching::Stopped);
    assert_eq!(watched(&chat.handle(&carol, watch(Some(1))).await).watching, Watching::On);
    assert_eq!(watched(&chat.handle(&carol, watch(None)).await).watching, Watching::Stopped);
    let none = chat.handle(&carol, watch(None)).await;
    assert!(none.text().is_some_and(|t| t.contains("Вы не смотрите")), "{:?}", none.text());
}

#[tokio::test]
async fn refusals_change_nothing() {
    let chat = chat().await;
    let id = a_match(&chat).await;
    let key = format!("watch:{id}");
    let (ann, carol) = (Asker::member(group(), tg(1)), Asker::member(group(), tg(3)));
    let told = |a: Answer| a.text().map(str::to_owned).unwrap_or_default();

    let t = told(chat.handle(&carol, watch(Some(7))).await);
    assert!(t.contains("Открытого стола №7 здесь нет"), "{t}");
    let t = told(chat.handle(&ann, watch(Some(1))).await);
    assert!(t.contains("Вы играете за столом №1"), "{t}");
    for absurd in [0, bounds::TABLE.max + 1, u32::MAX] {
        let t = told(chat.handle(&carol, watch(Some(absurd))).await);
        assert!(t.contains("Номер стола — от 1 до 999999"), "{absurd}: {t}");
    }
    // Another chat's table 1 is not this one.
    let elsewhere = Asker::member(ChatId::new(Platform::Telegram, "-200"), tg(3));
    let t = told(chat.handle(&elsewhere, watch(Some(1))).await);
    assert!(t.contains("Открытого стола №1 здесь нет"), "{t}");
    assert_eq!(chat.service().store().meta(&key).await.unwrap(), None, "nobody watches");

    // A forged «🔄» or «⏹» from one who watches nothing, for this table or for none: the same
    // answer, which names no table (no table's existence can be learned by it).
    for action in [ButtonAction::Watch, ButtonAction::Unwatch] {
        let mut answers = Vec::new();
        for table in [id, id + 1000] {
            let press = Request::press(ButtonData::new(table, 0, action).encode());
            answers.push(told(chat.handle(&elsewhere, press).await));
        }
        assert_eq!(answers[0], answers[1], "{action:?}");
        assert!(!answers[0].contains('1'), "{}", answers[0]);
        // Made on a message that does not offer it: the same.
        let data = ButtonData::new(id, 0, action).encode();
        let t = told(chat.handle(&carol, Request::press_on(data, [], Vec::new())).await);
        assert_eq!(t, answers[0]);
    }
    assert_eq!(chat.service().store().meta(&key).await.unwrap(), None, "nobody watches");

    // A host's private table cannot be watched.
    let own = ChatId::new(Platform::Telegram, "3");
    let alone = Asker { private: true, ..Asker::member(own, tg(3)) };
    let opened = chat.handle(&alone, Request::Command(Cmd::New, Args::default())).await;
    let private = opened.shows[0].table.clone();
    let visitor = Asker { person: tg(4), ..alone.clone() };
    let t = told(chat.handle(&visitor, watch(Some(private.number))).await);
    assert!(t.contains("личный стол"), "{t}");
    let key = format!("watch:{}", private.id);
    assert_eq!(chat.service().store().meta(&key).await.unwrap(), None);
}

#[tokio::test]
async fn a_table_has_at_most_its_watchers() {
    let chat = chat().await;
    let id = a_match(&chat).await;
    for n in 0..bounds::WATCHERS as u32 {
        let someone = Asker::member(group(), tg(100 + n));
        let view = watched(&chat.handle(&someone, watch(Some(1))).await).clone();
        assert_eq!(view.watching, Watching::On);
    }
    let one_more = Asker::member(group(), tg(999));
    let refused = chat.handle(&one_more, watch(Some(1))).await;
    let t = refused.text().unwrap_or_default();
    assert!(t.contains(&format!("уже смотрят {}", bounds::WATCHERS)), "{t}");
    let show = chat.show(id).await.unwrap();
    assert_eq!(show.watchers.len(), bounds::WATCHERS);
    assert!(show.watchers.iter().all(|w| w.id != one_more.person.id));
}

async fn sqlite_chat(path: &std::path::Path) -> Chat<SqliteStore> {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let store = SqliteStore::open_path(path).await.unwrap();
    let service =
        Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options).await;
    Chat::new(service.unwrap())
}

#[tokio::test]
async fn a_watch_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("watch.db");
    let carol = Asker::member(group(), tg(3));
    let id = {
        let chat = sqlite_chat(&path).await;
        let id = a_match(&chat).await;
        chat.handle(&carol, watch(Some(1))).await;
        id
    };
    // A new chat layer over the same store still lists Carol on the table's shows.
    let chat = sqlite_chat(&path).await;
    let show = chat.show(id).await.unwrap();
    assert_eq!(show.watchers.iter().map(|w| &w.id).collect::<Vec<_>>(), [&carol.person.id]);
    assert_eq!(show.watch_view(&carol.person.id).watching, Watching::On);
    // And «⏹» there ends it.
    let stop = ButtonData::new(id, 0, ButtonAction::Unwatch).encode();
    chat.handle(&carol, Request::press(&stop)).await;
    assert!(chat.show(id).await.unwrap().watchers.is_empty());
}

#[tokio::test]
async fn a_closed_table_shows_its_watchers_why() {
    let chat = chat().await;
    a_match(&chat).await;
    let carol = Asker::member(group(), tg(3));
    chat.handle(&carol, watch(Some(1))).await;
    // The host closes the table: Carol's last view says so, without buttons.
    let ann = Asker { admin: true, ..Asker::member(group(), tg(1)) };
    let closed = chat.handle(&ann, Request::Command(Cmd::Stop, Args::default())).await;
    let show = closed.shows.first().expect("the closed table is shown");
    assert!(!show.table.open);
    let view = show.watch_view(&carol.person.id);
    assert_eq!(view.watching, Watching::Closed);
    assert!(view.buttons.is_empty());
    let text = render_watch(&view, "/");
    assert!(text.starts_with("🔒 Стол №1 закрыт"), "{text}");
    assert!(text.contains(&domino_core::view::render_table(&show.view)), "{text}");
}

async fn pg_chat(url: &str) -> Chat<PgStore> {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let options =
        Options { robot_pause: std::time::Duration::ZERO, shared: true, ..Options::default() };
    let store = PgStore::open(url).await.unwrap();
    let service =
        Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options).await;
    Chat::new(service.unwrap())
}

/// Two processes on one PostgreSQL database change one table's watchers at once: people
/// starting to watch and people pressing «⏹», split between them. No change is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watches_and_stops_from_two_processes_at_once_are_all_kept() {
    let url = domino_pg_harness::server().database("watchers_at_once");
    let a = pg_chat(&url).await;
    let id = a_match(&a).await;
    let b = pg_chat(&url).await;
    for n in 10..16 {
        a.handle(&Asker::member(group(), tg(n)), watch(Some(1))).await;
    }
    let stop = ButtonData::new(id, 0, ButtonAction::Unwatch).encode();
    let mut tasks = Vec::new();
    for n in 10..28 {
        let chat = if n % 2 == 0 { a.clone() } else { b.clone() };
        let request = if n < 16 { Request::press(&stop) } else { watch(Some(1)) };
        let asker = Asker::member(group(), tg(n));
        tasks.push(tokio::spawn(async move { chat.handle(&asker, request).await }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let mut kept: Vec<_> = a.show(id).await.unwrap().watchers.into_iter().map(|w| w.id).collect();
    kept.sort();
    let mut expected: Vec<_> = (16..28).map(|n| tg(n).id).collect();
    expected.sort();
    assert_eq!(kept, expected, "every watch kept, every «⏹» taken");
}
