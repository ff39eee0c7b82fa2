//! The match clock (RULES.md §6): each side's bank runs only on its own turn, gains the
//! increment with every move, and when it runs out the side loses (or the computer plays for
//! it); the snapshot keeps absolute flags, so a restart gives no time back. Session tests pass
//! `now` in; the service tests drive a `ManualClock` and `fire_due`.

use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::service::{CountingSeeds, ManualClock, Options, Service, TableSpec};
use domino_core::session::{
    Action, Actor, ChatId, ClockRule, Command, Event, Lives, NewTable, OnFlag, Outcome, Person,
    Phase, Platform, Rejection, Simple, Table, UserId,
};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::{render_table, table_view};
use std::sync::Arc;

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("P{n}"))
}

fn chat() -> ChatId {
    ChatId::new(Platform::Telegram, "-100")
}

fn cmd(p: &Person, action: Action) -> Command {
    Command { actor: Actor::person(p.clone()), action, version: None }
}

fn tick() -> Command {
    Command {
        actor: Actor::System,
        action: Action::Tick { lives: Lives::default() },
        version: None,
    }
}

const ONE_PLUS_FIVE: ClockRule =
    ClockRule { bank_secs: 60, increment_secs: 5, on_flag: OnFlag::Lose };

/// A match of `size` people at `now` 0 (pairs for four), with `clock`.
fn started(size: u8, clock: ClockRule, seed: u64) -> (Table, Vec<Person>) {
    let teams = if size == 4 { Teams::Pairs } else { Teams::None };
    let rules = Rules::builder(Variant::Kozel).teams(teams).build().unwrap();
    let people: Vec<Person> = (0..size as u32).map(person).collect();
    let new = NewTable {
        id: 1,
        chat: chat(),
        number: 1,
        rules,
        size,
        lang: domino_core::session::Lang::En,
        turn_secs: None,
        bot_level: Default::default(),
        seed,
        clock: Some(clock),
    };
    let (mut table, _) = Table::create(new, people[0].clone(), 0).unwrap();
    for p in &people[1..] {
        table.apply(&cmd(p, Action::Join { seat: None }), 0).unwrap();
    }
    if table.phase == Phase::Lobby {
        table.apply(&cmd(&people[0], Action::Start), 0).unwrap();
    }
    assert_eq!(table.phase, Phase::Playing);
    (table, people)
}

/// The person to move makes their first legal move at `now`.
fn move_at(table: &mut Table, now: i64) -> Result<Vec<Event>, Rejection> {
    let seat = table.to_move().expect("someone is to move");
    let who = table.seats[seat].as_ref().unwrap().person().unwrap().clone();
    let mv = table.live().unwrap().legal_moves(seat)[0];
    table.apply(&cmd(&who, Action::Move { mv }), now)
}

fn banks(table: &Table) -> Vec<i64> {
    table.clocks.as_ref().unwrap().banks.clone()
}

#[test]
fn a_bank_runs_only_on_its_own_turn_and_gains_the_increment() {
    for seed in 0..20 {
        let (mut table, _) = started(2, ONE_PLUS_FIVE, seed);
        assert_eq!(banks(&table), vec![60_000, 60_000]);
        let mut now = 0;
        for step in 0..12 {
            if table.phase != Phase::Playing {
                break;
            }
            let running = table.clocks.as_ref().unwrap().running.expect("a person is to move");
            let side = table.rules.side_of(table.to_move().unwrap());
            assert_eq!(running.side as usize, side, "the clock of the side to move runs");
            assert_eq!(running.flag_at, running.since + banks(&table)[side]);
            let before = banks(&table);
            let think = 1_000 + 700 * step;
            now += think;
            move_at(&mut table, now).unwrap();
            let after = banks(&table);
            assert_eq!(after[side], before[side] - think + 5_000, "seed {seed} step {step}");
            assert_eq!(after[1 - side], before[1 - side], "the other side's bank stood still");
        }
    }
}

#[test]
fn the_table_shows_each_sides_time() {
    let (mut table, _) = started(2, ONE_PLUS_FIVE, 2);
    let first = table.to_move().unwrap();
    move_at(&mut table, 10_000).unwrap();
    let text = render_table(&table_view(&table));
    let line = text.lines().find(|l| l.starts_with("⏱")).expect("a clock line");
    let (mover, other) = (format!("P{first} 0:55"), format!("P{} 1:00", 1 - first));
    assert!(line.starts_with("⏱ Clock 1+5: "), "{line}");
    assert!(line.contains(&mover) && line.contains(&other), "{line}");
    if table.to_move() == Some(1 - first) {
        assert!(line.contains(&format!("{other} ▶")), "{line}");
    }
}

#[test]
fn in_pairs_partners_share_one_bank() {
    let (mut table, _) = started(4, ONE_PLUS_FIVE, 3);
    assert_eq!(banks(&table).len(), 2, "one bank per side");
    let mut now = 0;
    let mut moved_sides = std::collections::BTreeSet::new();
    for _ in 0..8 {
        if table.phase != Phase::Playing {
            break;
        }
        let seat = table.to_move().unwrap();
        let side = table.rules.side_of(seat);
        let before = banks(&table);
        now += 2_000;
        move_at(&mut table, now).unwrap();
        assert_eq!(banks(&table)[side], before[side] + 3_000, "seat {seat} spends its side's bank");
        moved_sides.insert(seat);
    }
    assert!(moved_sides.len() >= 3, "partners moved on one clock: {moved_sides:?}");
}

#[test]
fn the_flag_falls_at_its_time_and_the_side_loses() {
    let (mut table, _) = started(2, ONE_PLUS_FIVE, 7);
    let seat = table.to_move().unwrap();
    let side = table.rules.side_of(seat);
    let flag = table.flag_at().unwrap();
    assert_eq!(flag, 60_000);
    // First the warning at 30 s left (`warn`), then the flag.
    assert_eq!(table.next_due(&Lives::default()), Some(flag - 30_000), "the warning is due first");
    let warned = table.apply(&tick(), flag - 30_000).unwrap();
    assert!(matches!(warned[..], [Event::Warned { clock: true, .. }]), "{warned:?}");
    assert_eq!(table.next_due(&Lives::default()), Some(flag), "the timer is set for the flag");
    assert_eq!(table.apply(&tick(), flag - 1), Err(Rejection::NotDue));
    let before = table.clone();
    assert_eq!(move_at(&mut table, flag), Err(Rejection::OutOfTime), "too late to move");
    assert_eq!(table.version, before.version);
    assert!(table.robot_turn(flag).is_none(), "no computer move gives the time back");
    let events = table.apply(&tick(), flag).unwrap();
    assert!(events.contains(&Event::FlagFell { side: side as u8, computer: false }));
    assert_eq!(table.phase, Phase::Finished);
    let outcome = table.game.as_ref().unwrap().outcome.unwrap();
    assert_eq!(
        outcome,
        Outcome {
            winner: Some(1 - side),
            loser: Some(side),
            resigned: None,
            flag: Some(side as u8)
        }
    );
    // The scoreboards take it as any lost match: the loser's side is the goat.
    let summary = domino_core::store::MatchSummary::of(&table, flag).unwrap();
    let loser = summary.players.iter().find(|p| p.side as usize == side).unwrap();
    let winner = summary.players.iter().find(|p| p.side as usize != side).unwrap();
    assert!(!loser.won && loser.goat && winner.won && !winner.goat);
    // Records keep the rules and the moves only (S1): nothing of the clock.
    let record = summary.record.to_string();
    assert!(!record.contains("clock") && !record.contains("flag"), "{record}");
    let text = render_table(&table_view(&table));
    assert!(text.contains("out of time"), "{text}");
    assert!(text.contains("⏱ Clock 1+5"), "{text}");
}

#[test]
fn with_auto_the_computer_plays_for_a_side_out_of_time() {
    let auto = ClockRule { on_flag: OnFlag::Computer, ..ONE_PLUS_FIVE };
    let (mut table, people) = started(2, auto, 11);
    let seat = table.to_move().unwrap();
    let side = table.rules.side_of(seat);
    let flag = table.flag_at().unwrap();
    let events = table.apply(&tick(), flag).unwrap();
    assert!(events.contains(&Event::FlagFell { side: side as u8, computer: true }));
    assert_eq!(table.phase, Phase::Playing, "the match goes on");
    assert!(table.seats[seat].as_ref().unwrap().away);
    assert_eq!(table.apply(&cmd(&people[seat], Action::Back), flag), Err(Rejection::OutOfTime));
    let mut now = flag;
    for _ in 0..400 {
        table.play_robots(now, &Simple);
        if table.phase != Phase::Playing {
            break;
        }
        let running = table.clocks.as_ref().unwrap().running.expect("the other person moves");
        assert_ne!(running.side as usize, side, "the fallen side's clock never runs again");
        now += 1_000;
        move_at(&mut table, now).unwrap();
    }
    assert_eq!(table.phase, Phase::Finished, "the match was played out");
    assert_eq!(banks(&table)[side], 0);
    assert!(table.game.as_ref().unwrap().outcome.unwrap().flag.is_none(), "decided by play");
}

#[test]
fn the_snapshot_keeps_the_flag_so_a_restart_gives_no_time_back() {
    let (mut table, _) = started(2, ONE_PLUS_FIVE, 5);
    move_at(&mut table, 20_000).unwrap();
    let flag = table.flag_at().unwrap();
    let json = serde_json::to_string(&table).unwrap();
    // Read back long after: the flag is where it was, and falls at once.
    let mut back: Table = serde_json::from_str(&json).unwrap();
    assert_eq!(back.flag_at(), Some(flag));
    assert_eq!(back.clocks, table.clocks);
    let late = flag + 3_600_000;
    // Its warning was due first, but a turn past its flag gets none: the flag falls.
    assert_eq!(back.next_due(&Lives::default()), Some(flag - 30_000));
    let events = back.apply(&tick(), late).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Warned { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::FlagFell { .. })));
    assert_eq!(back.phase, Phase::Finished);
}

#[test]
fn a_table_without_a_clock_writes_none_and_the_setting_is_checked() {
    let rules = Rules::new(Variant::Kozel);
    let new = NewTable {
        id: 1,
        chat: chat(),
        number: 1,
        rules,
        size: 2,
        lang: domino_core::session::Lang::Ru,
        turn_secs: None,
        bot_level: Default::default(),
        seed: 1,
        clock: None,
    };
    let (mut table, _) = Table::create(new, person(0), 0).unwrap();
    let json = serde_json::to_value(&table).unwrap();
    assert!(json.get("clock").is_none() && json.get("clocks").is_none());
    let host = person(0);
    let bad = ClockRule { bank_secs: 30, ..ONE_PLUS_FIVE };
    let asked = |c| cmd(&host, Action::SetClock { clock: c });
    assert_eq!(table.apply(&asked(Some(bad)), 0), Err(Rejection::BadClock));
    let other = cmd(&person(1), Action::SetClock { clock: Some(ONE_PLUS_FIVE) });
    assert_eq!(table.apply(&other, 0), Err(Rejection::NotHost));
    table.apply(&asked(Some(ONE_PLUS_FIVE)), 0).unwrap();
    assert_eq!(table.clock, Some(ONE_PLUS_FIVE));
    assert!(render_table(&table_view(&table)).contains("⏱ Часы 1+5"));
    table.apply(&cmd(&person(1), Action::Join { seat: None }), 0).unwrap();
    assert!(table.flag_at().is_some(), "the match started with the clock");
}

async fn service(store: MemoryStore, clock: Arc<ManualClock>) -> Arc<Service<MemoryStore>> {
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let seeds = Arc::new(CountingSeeds::new(40));
    Service::start_with(store, Arc::new(Simple), clock, seeds, options).await.unwrap()
}

#[tokio::test]
async fn the_service_fires_the_flag_also_right_after_a_restart() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let svc = service(MemoryStore::new(), clock.clone()).await;
    let (a, b) = (person(1), person(2));
    let spec = TableSpec {
        chat: chat(),
        thread: None,
        rules: Rules::new(Variant::Kozel),
        size: 2,
        clock: Some(ONE_PLUS_FIVE),
        rotation: None,
    };
    let id = svc.create(spec, a.clone()).await.unwrap().table.id;
    svc.handle(id, cmd(&b, Action::Join { seat: None })).await.unwrap();
    let table = svc.table(id).await.unwrap().unwrap();
    let flag = table.flag_at().expect("the clock runs");
    assert_eq!(flag, clock.now_ms() + 60_000);
    clock.advance(59_000);
    // A second is left: only the warning (at 30 s left) was due, and it is kept.
    let warned = svc.fire_due().await;
    assert_eq!(warned.len(), 1, "the warning");
    assert!(matches!(warned[0].events[..], [Event::Warned { clock: true, .. }]));
    assert!(svc.fire_due().await.is_empty(), "once");
    // The bot goes down with the clock running and comes back after the flag.
    let store = Arc::into_inner(svc).expect("nothing else holds the service").into_store();
    clock.advance(600_000);
    let svc = service(store, clock.clone()).await;
    let restored = svc.table(id).await.unwrap().unwrap();
    assert_eq!(restored.flag_at(), Some(flag), "no time given back");
    let seat = restored.to_move().unwrap();
    let who = restored.seats[seat].as_ref().unwrap().person().unwrap().clone();
    let mv = restored.live().unwrap().legal_moves(seat)[0];
    let late = svc.handle(id, cmd(&who, Action::Move { mv })).await;
    assert!(matches!(
        late,
        Err(domino_core::service::ServiceError::Rejected(Rejection::OutOfTime))
    ));
    let fired = svc.fire_due().await;
    assert_eq!(fired.len(), 1, "the flag fell at the first round of timers");
    assert!(fired[0].events.iter().any(|e| matches!(e, Event::FlagFell { computer: false, .. })));
    let rows = svc.store().scoreboard(&chat(), None, None).await.unwrap();
    let loser = rows.iter().find(|r| r.user == who.id).expect("on the scoreboard");
    assert_eq!((loser.matches, loser.wins, loser.goats), (1, 0, 1));
    let other = rows.iter().find(|r| r.user != who.id).unwrap();
    assert_eq!((other.matches, other.wins, other.goats), (1, 1, 0));
}
