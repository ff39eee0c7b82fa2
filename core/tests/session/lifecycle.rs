//! Tables' lifetimes and the service's health: lobbies that expire, matches left for a week,
//! finished tables out of memory, limits, a snapshot that no longer reads among good ones, a
//! store that fails on purpose, and tables of computers beside a table of people.

use domino_core::chat::Chat;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::robots::AiRobot;
use domino_core::service::{ManualClock, Options, OsSeeds, Service, ServiceError, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, CloseReason, Command, Event, Lang, Person, Phase, Platform,
    Rejection, Simple, UserId,
};
use domino_core::store::{ChatSettings, MemoryStore, SqliteStore, Store, TurnTimer};
use domino_core::view::notice::notices;
use domino_core::view::refusal::rejection_text;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("Player {n}"))
}

fn chat(n: u32) -> ChatId {
    ChatId::new(Platform::Telegram, format!("-{n}"))
}

fn cmd(p: &Person, action: Action) -> Command {
    Command { actor: Actor::person(p.clone()), action, version: None }
}

fn spec(chat: ChatId, size: u8) -> TableSpec {
    TableSpec::plain(chat, Rules::new(Variant::Kozel), size)
}

fn quick() -> Options {
    Options { robot_pause: Duration::ZERO, ..Options::default() }
}

async fn service<S: Store>(store: S, clock: Arc<ManualClock>, options: Options) -> Arc<Service<S>> {
    Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options).await.unwrap()
}

fn closed_by(events: &[Event]) -> Option<CloseReason> {
    events.iter().find_map(|e| match e {
        Event::Closed { reason } => Some(*reason),
        _ => None,
    })
}

#[tokio::test]
async fn a_lobby_nobody_starts_expires_with_a_notice() {
    let clock = Arc::new(ManualClock::new(1_000));
    let svc = service(MemoryStore::new(), clock.clone(), quick()).await;
    let lobby_ms = svc.options().lives.lobby_ms;
    let t = svc.create(spec(chat(1), 2), person(1)).await.unwrap().table;
    clock.advance(lobby_ms - 1);
    assert!(svc.fire_due().await.is_empty(), "a lobby lives its whole day");
    clock.advance(1);
    let closed = svc.fire_due().await;
    assert_eq!(closed.len(), 1);
    assert_eq!(closed_by(&closed[0].events), Some(CloseReason::LobbyExpired));
    let said = notices(&closed[0].table, &closed[0].events).join("\n");
    assert!(said.contains("Стол закрыт") && said.contains("вовремя"), "{said}");
    assert_eq!(svc.open_tables(), 0, "a closed lobby leaves memory");
    let stored = svc.store().load(t.id).await.unwrap().unwrap();
    assert_eq!(stored.phase, Phase::Closed { reason: CloseReason::LobbyExpired });
    assert!(svc.fire_due().await.is_empty(), "closed once");
}

#[tokio::test]
async fn an_untimed_match_left_for_a_week_is_abandoned_and_scores_nothing() {
    let clock = Arc::new(ManualClock::new(1_000));
    let svc = service(MemoryStore::new(), clock.clone(), quick()).await;
    let idle_ms = svc.options().lives.idle_ms;
    let (a, b) = (person(1), person(2));
    // A group's tables have a turn timer unless the chat turned it off, as this one did.
    let off = ChatSettings { timer: TurnTimer::Off, ..ChatSettings::default() }.next();
    svc.store().set_chat_settings(&chat(1), &off).await.unwrap();
    let t = svc.create(spec(chat(1), 2), a.clone()).await.unwrap().table;
    // A full table of two starts by itself.
    let t = svc.handle(t.id, cmd(&b, Action::Join { seat: None })).await.unwrap().table;
    assert_eq!((t.phase.clone(), t.deadline), (Phase::Playing, None), "no timer");
    clock.advance(idle_ms / 2);
    assert!(svc.fire_due().await.is_empty());
    // A move makes the table active again: the week counts from it.
    let seat = t.to_move().unwrap();
    let mover = if t.seats[seat].as_ref().unwrap().person() == Some(&a) { &a } else { &b };
    let mv = t.live().unwrap().legal_moves(seat)[0];
    svc.handle(t.id, cmd(mover, Action::Move { mv })).await.unwrap();
    clock.advance(idle_ms - 1);
    assert!(svc.fire_due().await.is_empty(), "a week from the last move, not from the start");
    clock.advance(1);
    let closed = svc.fire_due().await;
    assert_eq!(closed.len(), 1);
    assert_eq!(closed_by(&closed[0].events), Some(CloseReason::Abandoned));
    let said = notices(&closed[0].table, &closed[0].events).join("\n");
    assert!(said.contains("брошен"), "{said}");
    assert!(svc.store().scoreboard(&chat(1), None, None).await.unwrap().is_empty());
    assert_eq!(svc.open_tables(), 0);
}

#[tokio::test]
async fn limits_on_open_tables_per_chat_and_lobbies_per_person() {
    let options = Options { tables_per_chat: 2, lobbies_per_person: 1, ..quick() };
    let svc = service(MemoryStore::new(), Arc::new(ManualClock::new(0)), options).await;
    svc.create(spec(chat(1), 2), person(1)).await.unwrap();
    let again = svc.create(spec(chat(2), 2), person(1)).await;
    assert!(matches!(again, Err(ServiceError::Rejected(Rejection::TooManyLobbies { limit: 1 }))));
    svc.create(spec(chat(1), 2), person(2)).await.unwrap();
    let third = svc.create(spec(chat(1), 2), person(3)).await;
    let Err(ServiceError::Rejected(r)) = third else { panic!("a third table: {third:?}") };
    assert_eq!(r, Rejection::TooManyTables { limit: 2 });
    assert_eq!(
        rejection_text(&r, Lang::Ru),
        "В чате уже 2 открытых стола: доиграйте или закройте один."
    );
    assert!(rejection_text(&r, Lang::En).contains("2 open tables"));
    assert_eq!(svc.open_tables(), 2, "nothing was opened by the refusals");
    // Another chat has its own count.
    svc.create(spec(chat(2), 2), person(3)).await.unwrap();
}

/// A store file with three lobbies, the second of which no longer reads.
async fn store_with_a_broken_table(path: &std::path::Path) {
    let svc = service(
        SqliteStore::open_path(path).await.unwrap(),
        Arc::new(ManualClock::new(0)),
        quick(),
    )
    .await;
    for n in 1..=3 {
        svc.create(spec(chat(1), 2), person(n)).await.unwrap();
    }
    let db = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display())).await.unwrap();
    sqlx::query(
        "UPDATE tables SET snapshot = json_set(snapshot, '$.seats', 'garbage') WHERE number = 2",
    )
    .execute(&db)
    .await
    .unwrap();
    db.close().await;
}

#[tokio::test]
async fn a_snapshot_that_no_longer_reads_is_set_aside_and_the_rest_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    store_with_a_broken_table(&path).await;
    let store = SqliteStore::open_path(&path).await.unwrap();
    let svc = service(store, Arc::new(ManualClock::new(0)), quick()).await;
    assert_eq!(svc.open_tables(), 2, "the good tables start");
    let aside: Vec<_> = svc.set_aside().iter().map(|b| (b.number, b.chat.clone())).collect();
    assert_eq!(aside, [(2, chat(1))]);
    let told = Chat::new(svc.clone()).set_aside_notices(Platform::Telegram).await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].0, chat(1));
    assert!(told[0].1.contains("Стол №2") && told[0].1.contains("не удалось"), "{}", told[0].1);
    assert!(Chat::new(svc.clone()).set_aside_notices(Platform::Discord).await.is_empty());
    drop(svc);
    // Set aside once: the next start neither loads it nor tells the chat again.
    let svc = service(
        SqliteStore::open_path(&path).await.unwrap(),
        Arc::new(ManualClock::new(0)),
        quick(),
    )
    .await;
    assert_eq!((svc.open_tables(), svc.set_aside().len()), (2, 0));
}

#[tokio::test]
async fn a_store_that_fails_acknowledges_nothing_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let store = SqliteStore::open_path(&path).await.unwrap();
    let svc = service(store, Arc::new(ManualClock::new(0)), quick()).await;
    let t = svc.create(spec(chat(1), 2), person(1)).await.unwrap().table;
    let db = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display())).await.unwrap();
    let fail = "CREATE TRIGGER fail BEFORE INSERT ON table_events BEGIN SELECT RAISE(ABORT, 'disk on fire'); END";
    sqlx::query(fail).execute(&db).await.unwrap();
    let join = svc.handle(t.id, cmd(&person(2), Action::Join { seat: None })).await;
    assert!(matches!(join, Err(ServiceError::Store(_))), "{join:?}");
    let now = svc.table(t.id).await.unwrap().unwrap();
    assert_eq!((now.version, now.seats.iter().flatten().count()), (t.version, 1));
    assert_eq!(svc.store().load(t.id).await.unwrap().unwrap().version, t.version);
    sqlx::query("DROP TRIGGER fail").execute(&db).await.unwrap();
    let joined = svc.handle(t.id, cmd(&person(2), Action::Join { seat: None })).await.unwrap();
    assert_eq!(joined.table.version, t.version + 1);
    assert_eq!(svc.store().load(t.id).await.unwrap().unwrap().version, t.version + 1);
    db.close().await;
}

#[tokio::test]
async fn finished_tables_leave_memory_and_come_back_for_a_rematch() {
    let svc = service(MemoryStore::new(), Arc::new(ManualClock::new(0)), quick()).await;
    let (a, b) = (person(1), person(2));
    let t = svc.create(spec(chat(1), 2), a.clone()).await.unwrap().table;
    svc.handle(t.id, cmd(&b, Action::Join { seat: None })).await.unwrap();
    // Bob leaves at once and the computer takes his seat; Ann resigns to it.
    svc.handle(t.id, cmd(&b, Action::Leave)).await.unwrap();
    svc.handle(t.id, cmd(&a, Action::Resign)).await.unwrap();
    svc.settled().await;
    let done = svc.table(t.id).await.unwrap().unwrap();
    assert_eq!(done.phase, Phase::Finished);
    assert_eq!(svc.open_tables(), 0, "a finished table is not kept in memory");
    let again = svc.handle(t.id, cmd(&a, Action::Rematch)).await.unwrap().table;
    assert!(again.phase.is_active());
    assert_eq!(svc.open_tables(), 1, "the rematch brought it back");
}

/// Tables where everybody went away, played by experts, beside a table of two people: the
/// people's presses are answered at once whatever the computers are thinking.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_of_computers_leave_a_live_table_fast() {
    let store = MemoryStore::new();
    let options = Options { thinkers: 1, ..quick() };
    let clock = Arc::new(domino_core::service::SystemClock);
    let svc =
        Service::start_with(store, Arc::new(AiRobot::default()), clock, Arc::new(OsSeeds), options)
            .await
            .unwrap();
    let expert =
        ChatSettings { version: 1, bot_level: BotLevel::Expert, ..ChatSettings::default() };
    let mut away = Vec::new();
    for n in 0..12 {
        svc.store().set_chat_settings(&chat(100 + n), &expert).await.unwrap();
        let who = person(100 + n);
        let t = svc.duel(spec(chat(100 + n), 2), who.clone(), None, 60_000).await.unwrap().table;
        svc.handle(t.id, cmd(&who, Action::Leave)).await.unwrap();
        away.push(t.id);
    }
    let base = versions(&svc, &away).await;
    let (a, b) = (person(1), person(2));
    let t = svc.create(spec(chat(1), 2), a.clone()).await.unwrap().table;
    let mut t = svc.handle(t.id, cmd(&b, Action::Join { seat: None })).await.unwrap().table;
    let mut slowest = Duration::ZERO;
    let mut presses = 0;
    while t.phase == Phase::Playing && presses < 60 {
        let seat = t.to_move().unwrap();
        let mover = t.seats[seat].as_ref().unwrap().person().unwrap().clone();
        let mv = t.live().unwrap().legal_moves(seat)[0];
        let started = Instant::now();
        t = svc.handle(t.id, cmd(&mover, Action::Move { mv })).await.unwrap().table;
        slowest = slowest.max(started.elapsed());
        presses += 1;
    }
    assert!(presses >= 10, "the people's match went on");
    // Experts think up to 250 ms a move; a press waiting on them would take that long or more.
    assert!(slowest < Duration::from_millis(150), "slowest press {slowest:?} of {presses}");
    // And the computers' tables go on meanwhile, one thinker at a time.
    let mut more = 0;
    let until = Instant::now() + Duration::from_secs(20);
    while more < 6 && Instant::now() < until {
        more = versions(&svc, &away).await - base;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(more >= 6, "the computers' tables made {more} moves");
}

async fn versions<S: Store>(svc: &Service<S>, ids: &[i64]) -> u64 {
    let mut n = 0;
    for id in ids {
        n += svc.table(*id).await.unwrap().unwrap().version;
    }
    n
}
