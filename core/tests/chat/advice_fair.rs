//! People's help thinks fairly: a person asking too often is refused with when to ask again and
//! nothing changes; the same hint or review asked again is the same and is not thought again;
//! and computer players keep moving while many people's hints wait (their permits are apart).

use domino_core::chat::{Asker, Chat, Request};
use domino_core::engine::ai::Budget;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{
    AdviceLimits, CountingSeeds, ManualClock, Options, Rate, Service, ServiceError, TableSpec,
};
use domino_core::session::{
    Action, Actor, ChatId, Command, Event, Lang, MovedBy, Person, Phase, Platform, Rejection,
    Simple, Table, UserId,
};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use std::sync::Arc;
use std::time::Duration;

fn options(advice: Budget, limits: AdviceLimits) -> Options {
    Options {
        robot_pause: Duration::ZERO,
        tables_per_chat: 100,
        thinkers: 1,
        advice,
        advice_limits: limits,
        ..Options::default()
    }
}

async fn service(options: Options) -> (Arc<Service<MemoryStore>>, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(1_000));
    let seeds = Arc::new(CountingSeeds::new(7));
    let svc =
        Service::start_with(MemoryStore::new(), Arc::new(Simple), clock.clone(), seeds, options)
            .await
            .expect("a service");
    (svc, clock)
}

fn chat(n: u32) -> ChatId {
    ChatId::new(Platform::Telegram, format!("-{}", 500 + n))
}

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("{}", 900 + n)), format!("P{n}"))
}

fn cmd(who: &Person, action: Action, version: u64) -> Command {
    Command { actor: Actor::person(who.clone()), action, version: Some(version) }
}

/// A duel of person `n` against the computer in chat `n` with hints on, at the person's turn
/// with a real choice.
async fn at_a_choice(svc: &Service<MemoryStore>, n: u32) -> Table {
    let settings = ChatSettings { version: 1, lang: Lang::Ru, hints: true, ..Default::default() };
    svc.store().set_chat_settings(&chat(n), &settings).await.unwrap();
    let spec = TableSpec::plain(chat(n), Rules::new(Variant::Kozel), 2);
    let id = svc.duel(spec, person(n), None, 60_000).await.unwrap().table.id;
    next_choice(svc, id, n).await
}

/// Plays person `n`'s first legal move until they have a real choice again.
async fn next_choice(svc: &Service<MemoryStore>, id: i64, n: u32) -> Table {
    for _ in 0..300 {
        svc.settled().await;
        let t = svc.table(id).await.unwrap().unwrap();
        assert_eq!(t.phase, Phase::Playing, "the match goes on");
        let moves = t.live().unwrap().legal_moves(0);
        if t.to_move() == Some(0) {
            if moves.len() > 1 && t.hint_now(0).is_none() {
                return t;
            }
            svc.handle(id, cmd(&person(n), Action::Move { mv: moves[0] }, t.version))
                .await
                .unwrap();
        }
    }
    panic!("no choice came");
}

/// A table's whole state, to compare.
fn json(t: &Table) -> serde_json::Value {
    serde_json::to_value(t).unwrap()
}

async fn state(svc: &Service<MemoryStore>, id: i64) -> serde_json::Value {
    json(&svc.table(id).await.unwrap().unwrap())
}

fn hints_logged(events: &[(u64, Event)]) -> usize {
    events.iter().filter(|(_, e)| matches!(e, Event::HintUsed { .. })).count()
}

#[tokio::test]
async fn a_hint_over_the_rate_is_refused_with_when_and_changes_nothing() {
    let limits =
        AdviceLimits { hints: Rate { most: 1, per_ms: 60_000 }, ..AdviceLimits::default() };
    let (svc, clock) = service(options(Budget { playouts: 8 }, limits)).await;
    let t = at_a_choice(&svc, 1).await;
    let hinted = svc.hint(t.id, &person(1), t.version).await.unwrap();
    clock.advance(15_000);
    let t = next_choice(&svc, t.id, 1).await;
    let events = svc.store().events(t.id).await.unwrap();
    let thought = svc.advice_thought();
    match svc.hint(t.id, &person(1), t.version).await {
        Err(ServiceError::Rejected(Rejection::AdviceLater { secs: 45 })) => {}
        other => panic!("refused for 45 s more: {other:?}"),
    }
    assert_eq!(state(&svc, t.id).await, json(&t), "the table is as it was");
    assert_eq!(svc.store().events(t.id).await.unwrap(), events, "nothing logged");
    assert_eq!(svc.advice_thought(), thought, "nothing thought");
    assert_eq!(hints_logged(&events), 1, "the first hint only: {:?}", hinted.mv);

    // Through the chat: the refusal says when, in the chat's language, privately.
    let chat_layer = Chat::new(svc.clone());
    let from = Asker { lang: Some(Lang::Ru), ..Asker::member(chat(1), person(1)) };
    let data =
        domino_core::view::ButtonData::new(t.id, t.version, domino_core::view::ButtonAction::Hint);
    let a = chat_layer.handle(&from, Request::press(data.encode())).await;
    let text = a.text().unwrap_or_default().to_owned();
    assert!(text.contains("через 45 секунд"), "{text}");
    assert_eq!(state(&svc, t.id).await, json(&t), "still as it was");

    // Once the first hint leaves the window, the next one is worked out.
    clock.advance(45_000);
    let again = svc.hint(t.id, &person(1), t.version).await.expect("a hint a minute later");
    assert_eq!(again.reply.table.version, t.version + 1);
    assert_eq!(svc.advice_thought(), thought + 1);
}

#[tokio::test]
async fn the_same_hint_asked_again_is_the_same_and_not_thought_again() {
    let (svc, _clock) = service(options(Budget { playouts: 64 }, AdviceLimits::default())).await;
    let t = at_a_choice(&svc, 2).await;
    // Pressed twice at once (a double tap): one thinking, one hint noted, both answered with it.
    let me = person(2);
    let (x, y) = tokio::join!(svc.hint(t.id, &me, t.version), svc.hint(t.id, &me, t.version));
    let (x, y) = (x.unwrap(), y.unwrap());
    assert_eq!(x.mv, y.mv, "the same hint");
    assert_eq!(svc.advice_thought(), 1, "thought once");
    let after = svc.table(t.id).await.unwrap().unwrap();
    assert_eq!(after.version, t.version + 1, "noted once");
    assert_eq!(after.hint_now(0), Some(x.mv));
    assert_eq!(hints_logged(&svc.store().events(t.id).await.unwrap()), 1);
    // Pressed again later on the same hand: the same hint, nothing thought or changed.
    let z = svc.hint(t.id, &person(2), t.version).await.unwrap();
    assert_eq!((z.mv, z.reply.events.len()), (x.mv, 0));
    assert_eq!(svc.advice_thought(), 1);
    assert_eq!(state(&svc, t.id).await, json(&after));
}

#[tokio::test]
async fn the_same_review_asked_again_is_the_same_and_not_thought_again() {
    let (svc, _clock) = service(options(Budget { playouts: 16 }, AdviceLimits::default())).await;
    let t = at_a_choice(&svc, 3).await;
    // Play on (first moves) until the first round is over.
    let mut now = t;
    for _ in 0..300 {
        if now.game.as_ref().is_some_and(|g| g.rounds.len() > 1) || now.phase != Phase::Playing {
            break;
        }
        if now.to_move() == Some(0) {
            let mv = now.live().unwrap().legal_moves(0)[0];
            svc.handle(now.id, cmd(&person(3), Action::Move { mv }, now.version)).await.unwrap();
        }
        svc.settled().await;
        now = svc.table(now.id).await.unwrap().unwrap();
    }
    let first = svc.review(&now, 0, &person(3)).await.unwrap().expect("a finished round");
    assert_eq!(svc.advice_thought(), 1);
    let second = svc.review(&now, 0, &person(3)).await.unwrap().expect("the same round");
    assert_eq!((second.round, &second.review), (first.round, &first.review));
    assert_eq!(svc.advice_thought(), 1, "answered from the memo");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_moves_while_many_hints_wait() {
    const ASKERS: u32 = 24;
    const MOVES: usize = 12;
    let limits = AdviceLimits { thinkers: 1, ..AdviceLimits::default() };
    let (svc, _clock) = service(options(Budget { playouts: 1_500 }, limits)).await;
    let mut tables = Vec::new();
    for n in 0..ASKERS {
        tables.push(at_a_choice(&svc, n).await);
    }
    // The computers' table, and its person, who will go away.
    let settings = ChatSettings { version: 1, ..Default::default() };
    svc.store().set_chat_settings(&chat(99), &settings).await.unwrap();
    let spec = TableSpec::plain(chat(99), Rules::new(Variant::Kozel), 2);
    let robots = svc.duel(spec, person(99), None, 60_000).await.unwrap().table;
    svc.settled().await;

    let asks: Vec<_> = tables
        .iter()
        .enumerate()
        .map(|(n, t)| {
            let (svc, t) = (svc.clone(), t.clone());
            tokio::spawn(async move { svc.hint(t.id, &person(n as u32), t.version).await })
        })
        .collect();
    while svc.advice_thought() == 0 {
        tokio::task::yield_now().await;
    }
    // The person goes away: from now on every move there is a computer's, each thought on a
    // computers' permit while the hints queue for theirs.
    let mut updates = svc.subscribe();
    let leave = Command { actor: Actor::person(person(99)), action: Action::Leave, version: None };
    svc.handle(robots.id, leave).await.unwrap();
    let mut moved = 0;
    while moved < MOVES {
        let reply = tokio::time::timeout(Duration::from_secs(60), updates.recv())
            .await
            .expect("the computers keep moving")
            .unwrap();
        let computer = |e: &Event| matches!(e, Event::Moved { by: MovedBy::Computer, .. });
        if reply.table.id == robots.id && reply.events.iter().any(computer) {
            moved += 1;
        }
    }
    let waiting = asks.iter().filter(|a| !a.is_finished()).count();
    assert!(waiting > ASKERS as usize / 2, "most hints still wait: {waiting} of {ASKERS}");
    for a in asks {
        a.await.unwrap().expect("every hint is answered in turn");
    }
}
