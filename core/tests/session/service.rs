//! The service end to end over the in-memory store: whole matches of every variant,
//! scoreboards, refusals, double presses, timers, duels and restarts.

use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::service::{
    Applied, ManualClock, Options, OsSeeds, Service, ServiceError, TableSpec,
};
use domino_core::session::{
    Action, Actor, ChatId, CloseReason, Command, Event, MovedBy, Person, Phase, Platform,
    Rejection, Simple, Table, UserId,
};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use std::sync::Arc;

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("Player {n}"))
}

fn chat() -> ChatId {
    ChatId::new(Platform::Telegram, "-100")
}

fn cmd(p: &Person, action: Action, version: Option<u64>) -> Command {
    Command { actor: Actor::person(p.clone()), action, version }
}

/// A service whose computer players move at once (no pause to watch them).
async fn service(store: MemoryStore, clock: Arc<ManualClock>) -> Arc<Service<MemoryStore>> {
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options).await.unwrap()
}

/// Plays the match at `table` to its end, each person choosing their first legal move.
async fn play_out<S: Store>(svc: &Service<S>, mut table: Table, people: &[Person]) -> Table {
    for _ in 0..100_000 {
        svc.settled().await;
        table = svc.table(table.id).await.unwrap().unwrap();
        if table.phase != Phase::Playing {
            return table;
        }
        let seat = table.to_move().expect("someone is to move");
        let who =
            table.seats[seat].as_ref().unwrap().person().expect("people move themselves").clone();
        assert!(people.contains(&who));
        let mv = table.live().unwrap().legal_moves(seat)[0];
        let reply = svc
            .handle(table.id, cmd(&who, Action::Move { mv }, Some(table.version)))
            .await
            .unwrap();
        table = reply.table;
    }
    panic!("the match did not end");
}

async fn full_table(svc: &Service<MemoryStore>, rules: Rules, people: &[Person]) -> Applied {
    let size = people.len() as u8;
    let spec = TableSpec::plain(chat(), rules, size);
    let mut reply = svc.create(spec, people[0].clone()).await.unwrap();
    for p in &people[1..] {
        reply =
            svc.handle(reply.table.id, cmd(p, Action::Join { seat: None }, None)).await.unwrap();
    }
    if reply.table.rules.teams() == Teams::Pairs {
        // A full pairs lobby waits for its host (partners are chosen first).
        assert_eq!(reply.table.phase, Phase::Lobby);
        reply = svc.handle(reply.table.id, cmd(&people[0], Action::Start, None)).await.unwrap();
    }
    reply
}

#[tokio::test]
async fn a_whole_match_of_each_variant_ends_on_the_scoreboard() {
    let clock = Arc::new(ManualClock::new(1_000));
    let svc = service(MemoryStore::new(), clock).await;
    let people: Vec<Person> = (1..=4).map(person).collect();
    let cases = [
        (Variant::Classic, Teams::None, 3),
        (Variant::Kozel, Teams::Pairs, 4),
        (Variant::Kozel, Teams::None, 2),
        (Variant::Morskoy, Teams::None, 3),
        (Variant::Osel, Teams::None, 2),
        (Variant::Telefon, Teams::None, 4),
    ];
    let mut played = std::collections::HashMap::new();
    for (variant, teams, n) in cases {
        let rules = Rules::builder(variant).teams(teams).build().unwrap();
        let reply = full_table(&svc, rules, &people[..n]).await;
        assert_eq!(reply.table.phase, Phase::Playing, "a full table starts (pairs: by its host)");
        let table = play_out(&svc, reply.table, &people[..n]).await;
        assert_eq!(table.phase, Phase::Finished);
        let outcome = table.game.as_ref().unwrap().outcome.unwrap();
        let rows = svc.store().scoreboard(&chat(), None, Some(variant)).await.unwrap();
        for (i, p) in people[..n].iter().enumerate() {
            *played.entry((variant, i)).or_insert(0) += 1;
            let row = rows.iter().find(|r| r.user == p.id).expect("a row per player");
            assert_eq!(row.matches, played[&(variant, i)], "{variant}");
            assert!(row.rounds >= table.live().unwrap().rounds_scored());
            assert!(row.wins + row.goats <= row.matches);
            let side = table.rules.side_of(i);
            if outcome.loser == Some(side) {
                assert!(row.goats >= 1, "{variant}: the loser's row counts a goat");
            }
        }
        let record = svc.store().last_record(&chat()).await.unwrap().expect("the record is kept");
        let replayed = domino_core::engine::record::replay(
            &domino_core::engine::record::Record::from_json(&record).unwrap(),
        );
        assert_eq!(
            replayed.result.map(|r| (r.winner, r.loser)),
            Some((outcome.winner, outcome.loser))
        );
    }
}

#[tokio::test]
async fn two_identical_presses_apply_once() {
    let svc = service(MemoryStore::new(), Arc::new(ManualClock::new(0))).await;
    let (a, b) = (person(1), person(2));
    let reply = full_table(&svc, Rules::new(Variant::Kozel), &[a.clone(), b.clone()]).await;
    let table = reply.table;
    let seat = table.to_move().unwrap();
    let who = table.seats[seat].as_ref().unwrap().person().unwrap().clone();
    let mv = table.live().unwrap().legal_moves(seat)[0];
    let press = cmd(&who, Action::Move { mv }, Some(table.version));
    let (x, y) =
        tokio::join!(svc.handle(table.id, press.clone()), svc.handle(table.id, press.clone()));
    let ok = [&x, &y].iter().filter(|r| r.is_ok()).count();
    assert_eq!(ok, 1, "{x:?} {y:?}");
    let refused = if x.is_err() { x } else { y };
    assert!(matches!(refused, Err(ServiceError::Rejected(Rejection::Stale))));
    let events = svc.store().events(table.id).await.unwrap();
    let moved = events
        .iter()
        .filter(|(_, e)| matches!(e, Event::Moved { by: MovedBy::Player, .. }))
        .count();
    assert_eq!(moved, 1);
}

#[tokio::test]
async fn refused_commands_change_nothing() {
    let svc = service(MemoryStore::new(), Arc::new(ManualClock::new(0))).await;
    let (a, b, stranger) = (person(1), person(2), person(9));
    let table = full_table(&svc, Rules::new(Variant::Kozel), &[a.clone(), b.clone()]).await.table;
    let before = svc.store().events(table.id).await.unwrap().len();
    let seat = table.to_move().unwrap();
    let mover = table.seats[seat].as_ref().unwrap().person().unwrap().clone();
    let other = if mover == a { b.clone() } else { a.clone() };
    let mv = table.live().unwrap().legal_moves(seat)[0];
    let cases = [
        (cmd(&stranger, Action::Move { mv }, None), Rejection::NotSeated),
        (cmd(&other, Action::Move { mv }, None), Rejection::NotYourTurn),
        (cmd(&mover, Action::Move { mv }, Some(table.version + 5)), Rejection::Stale),
        (cmd(&stranger, Action::Resign, None), Rejection::NotSeated),
        (cmd(&b, Action::Start, None), Rejection::NotHost),
        (cmd(&a, Action::Start, None), Rejection::AlreadyStarted),
        (cmd(&mover, Action::RobotMove { mv }, None), Rejection::SystemOnly),
        (cmd(&mover, Action::Tick { lives: Default::default() }, None), Rejection::SystemOnly),
    ];
    for (c, want) in cases {
        match svc.handle(table.id, c).await {
            Err(ServiceError::Rejected(r)) => assert_eq!(r, want),
            other => panic!("expected {want:?}, got {other:?}"),
        }
    }
    let after = svc.table(table.id).await.unwrap().unwrap();
    assert_eq!(after.version, table.version);
    assert_eq!(svc.store().events(table.id).await.unwrap().len(), before);
    // A finished table refuses moves with a reason.
    let done = svc.handle(table.id, cmd(&a, Action::Resign, None)).await.unwrap().table;
    assert_eq!(done.phase, Phase::Finished);
    let late = svc.handle(done.id, cmd(&b, Action::Move { mv }, None)).await;
    assert!(matches!(late, Err(ServiceError::Rejected(Rejection::MatchOver))), "{late:?}");
    // Refused, it stays among the finished: not back among the chat's active tables.
    let closing = svc.handle(done.id, cmd(&stranger, Action::End, None)).await;
    assert!(matches!(closing, Err(ServiceError::Rejected(_))), "{closing:?}");
    assert!(svc.tables_in(&chat()).await.is_empty(), "a refused press brought it back");
    // A rematch brings it back.
    svc.handle(done.id, cmd(&a, Action::Rematch, None)).await.unwrap();
    assert_eq!(svc.tables_in(&chat()).await.len(), 1);
}

#[tokio::test]
async fn timers_play_for_the_absent_and_survive_a_restart() {
    let clock = Arc::new(ManualClock::new(10_000));
    let store = MemoryStore::new();
    let settings =
        ChatSettings { timer: domino_core::store::TurnTimer::Secs(30), ..ChatSettings::default() }
            .next();
    store.set_chat_settings(&chat(), &settings).await.unwrap();
    let svc = service(store, clock.clone()).await;
    let table = svc
        .duel(TableSpec::plain(chat(), Rules::new(Variant::Kozel), 2), person(1), None, 0)
        .await
        .unwrap()
        .table;
    assert_eq!(table.phase, Phase::Playing);
    svc.settled().await;
    let table = svc.table(table.id).await.unwrap().unwrap();
    let deadline = table.deadline.expect("a person is to move with a timer");
    assert_eq!(deadline, clock.now_ms() + 30_000);
    assert!(svc.fire_due().await.is_empty(), "nothing is due yet");
    // Restart: a new service on the same store keeps the deadline.
    let store = Arc::into_inner(svc).expect("nothing else holds the service").into_store();
    let svc = service(store, clock.clone()).await;
    assert_eq!(svc.table(table.id).await.unwrap().unwrap().deadline, Some(deadline));
    // Computer moves (for the absent person too) are shown from what the service broadcasts.
    let mut shown = svc.subscribe();
    let mut timeouts = 0;
    for _ in 0..200 {
        clock.advance(31_000);
        svc.fire_due().await;
        svc.settled().await;
        let mut replies = Vec::new();
        while let Ok(reply) = shown.try_recv() {
            replies.push(reply);
        }
        for reply in replies {
            timeouts += reply
                .events
                .iter()
                .filter(|e| matches!(e, Event::Moved { by: MovedBy::Timeout, .. }))
                .count();
            if reply.events.iter().any(|e| matches!(e, Event::WentAway { .. })) {
                assert_eq!(timeouts, 3, "the seat goes to a computer after three misses");
                let t = reply.table;
                assert!(t.seats[0].as_ref().unwrap().away || t.phase == Phase::Finished);
                return;
            }
        }
    }
    panic!("no computer took the seat");
}

#[tokio::test]
async fn duels_are_accepted_declined_or_expire() {
    let clock = Arc::new(ManualClock::new(0));
    let svc = service(MemoryStore::new(), clock.clone()).await;
    let spec = || TableSpec::plain(chat(), Rules::new(Variant::Kozel), 2);
    let (a, b, c) = (person(1), person(2), person(3));
    let t = svc.duel(spec(), a.clone(), Some(b.clone()), 60_000).await.unwrap().table;
    assert!(matches!(
        svc.handle(t.id, cmd(&c, Action::Accept, None)).await,
        Err(ServiceError::Rejected(Rejection::NotInvited))
    ));
    let t = svc.handle(t.id, cmd(&b, Action::Accept, None)).await.unwrap().table;
    assert_eq!(t.phase, Phase::Playing);

    let t = svc.duel(spec(), a.clone(), Some(b.clone()), 60_000).await.unwrap().table;
    let t = svc.handle(t.id, cmd(&b, Action::Decline, None)).await.unwrap().table;
    assert_eq!(t.phase, Phase::Closed { reason: CloseReason::Declined });

    let t = svc.duel(spec(), a.clone(), Some(b.clone()), 60_000).await.unwrap().table;
    clock.advance(60_001);
    let fired = svc.fire_due().await;
    assert!(
        fired.iter().any(|r| r.table.id == t.id
            && r.table.phase == Phase::Closed { reason: CloseReason::Expired })
    );
    let late = svc.handle(t.id, cmd(&b, Action::Accept, None)).await;
    assert!(matches!(late, Err(ServiceError::Rejected(Rejection::Closed))), "{late:?}");
}

#[tokio::test]
async fn a_lobby_fills_with_computers_and_ends_by_vote() {
    let svc = service(MemoryStore::new(), Arc::new(ManualClock::new(0))).await;
    let (a, b) = (person(1), person(2));
    let rules = Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().unwrap();
    let t = svc.create(TableSpec::plain(chat(), rules, 4), a.clone()).await.unwrap().table;
    let t = svc.handle(t.id, cmd(&b, Action::Join { seat: Some(2) }, None)).await.unwrap().table;
    assert!(matches!(
        svc.handle(t.id, cmd(&b, Action::Start, None)).await,
        Err(ServiceError::Rejected(Rejection::NotHost))
    ));
    let reply = svc.handle(t.id, cmd(&a, Action::Start, None)).await.unwrap();
    let bots = reply.events.iter().filter(|e| matches!(e, Event::BotSeated { .. })).count();
    assert_eq!(bots, 2);
    let t = svc.handle(t.id, cmd(&a, Action::VoteEnd, None)).await.unwrap().table;
    assert_eq!(t.phase, Phase::Playing, "one vote of two is not a majority");
    let t = svc.handle(t.id, cmd(&b, Action::VoteEnd, None)).await.unwrap().table;
    assert_eq!(t.phase, Phase::Closed { reason: CloseReason::Voted });
    assert_eq!(svc.open_tables(), 0);
}
