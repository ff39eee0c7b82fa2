//! The queue at a table («очередь», «на вылет»): people get in line and out of it, the first
//! in line takes a seat freed in a lobby, and at each rematch the people in line sit in the
//! computers' seats and then the losing side's; who made room goes to the back of the line or
//! leaves the table. And a rematch with other rules, the host's.

use super::leave::{cmd, person, started};
use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::session::{
    Action, Event, MAX_QUEUE, Person, Phase, Rejection, Rotation, Table, UserId,
};
use domino_core::view::{ButtonAction, render_table, table_view};

fn refused(t: &mut Table, who: &Person, action: Action, why: Rejection) {
    let before = serde_json::to_value(&*t).unwrap();
    assert_eq!(t.apply(&cmd(who, action.clone()), 5), Err(why), "{action:?} by {}", who.name);
    assert_eq!(serde_json::to_value(&*t).unwrap(), before, "a refusal changes nothing");
}

fn seated(t: &Table) -> Vec<String> {
    let name = |s: &Option<domino_core::session::Seat>| match s.as_ref().and_then(|s| s.person()) {
        Some(p) => p.name.clone(),
        None => "bot".to_owned(),
    };
    t.seats.iter().map(name).collect()
}

fn line(t: &Table) -> Vec<String> {
    t.queue.iter().map(|p| p.name.clone()).collect()
}

fn buttons(t: &Table) -> Vec<ButtonAction> {
    table_view(t).buttons.iter().flatten().map(|(_, d)| d.action).collect()
}

fn resign(t: &mut Table, p: &Person) {
    t.apply(&cmd(p, Action::Resign), 10).unwrap();
    assert_eq!(t.phase, Phase::Finished);
}

#[test]
fn knockout_three_matches_with_a_line_of_two() {
    let (mut t, p) = started(2, 3);
    let (p2, p3) = (person(2), person(3));
    refused(&mut t, &p2, Action::Queue, Rejection::QueueOff);
    assert!(!buttons(&t).contains(&ButtonAction::Queue), "no queue, no button");
    refused(&mut t, &p[1], Action::SetRotation { rotation: None }, Rejection::NotHost);
    // The host keeps a queue «на вылет» in the middle of the match: it goes on as it is.
    let set = Action::SetRotation { rotation: Some(Rotation::Knockout) };
    let events = t.apply(&cmd(&p[0], set), 1).unwrap();
    assert_eq!(events, vec![Event::RotationSet { rotation: Some(Rotation::Knockout) }]);
    assert!(buttons(&t).contains(&ButtonAction::Queue));
    // In line, out of it, in again: behind whoever came meanwhile.
    let events = t.apply(&cmd(&p2, Action::Queue), 2).unwrap();
    assert_eq!(events, vec![Event::Queued { person: p2.clone(), place: 1 }]);
    t.apply(&cmd(&p3, Action::Queue), 2).unwrap();
    let events = t.apply(&cmd(&p2, Action::Queue), 3).unwrap();
    assert_eq!(events, vec![Event::Unqueued { person: p2.clone() }]);
    t.apply(&cmd(&p2, Action::Queue), 3).unwrap();
    assert_eq!(line(&t), ["P3", "P2"]);
    refused(&mut t, &p[0], Action::Queue, Rejection::AlreadySeated);
    let shown = render_table(&table_view(&t));
    assert!(shown.contains("🔄 Knockout · in line: 1. P3, 2. P2"), "{shown}");
    // Match 1: P1 loses; the first in line will take P1's seat.
    resign(&mut t, &p[1]);
    assert_eq!(t.making_room(), vec![1]);
    let shown = render_table(&table_view(&t));
    assert!(shown.contains("⏭ Next match, making room: P1 → P3"), "{shown}");
    // Nobody jumps the line by «Join».
    refused(&mut t, &person(9), Action::Join { seat: None }, Rejection::QueueAhead);
    let events = t.apply(&cmd(&p[1], Action::Rematch), 20).unwrap();
    let next = Event::NextUp {
        seat: 1,
        person: p3.clone(),
        replaced: Some(p[1].clone()),
        requeued: false,
    };
    assert_eq!(events[0], next);
    assert_eq!((seated(&t), line(&t)), (vec!["P0".into(), "P3".into()], vec!["P2".to_owned()]));
    assert_eq!(t.phase, Phase::Playing);
    refused(&mut t, &p[1], Action::Resign, Rejection::NotSeated);
    // Match 2: the host loses, P2 sits in, P3 hosts.
    resign(&mut t, &p[0]);
    let events = t.apply(&cmd(&p3, Action::Rematch), 30).unwrap();
    assert!(events.contains(&Event::HostChanged { person: p3.clone() }), "{events:?}");
    assert_eq!((seated(&t), line(&t)), (vec!["P2".into(), "P3".into()], Vec::<String>::new()));
    assert_eq!(t.host, p3.id);
    // Match 3: with nobody in line, the seats stay.
    resign(&mut t, &p3);
    assert!(t.making_room().is_empty());
    t.apply(&cmd(&p2, Action::Rematch), 40).unwrap();
    assert_eq!(seated(&t), ["P2", "P3"]);
}

#[test]
fn in_turn_the_losing_pair_goes_to_the_back_of_the_line() {
    let (mut t, p) = started(4, 5);
    t.apply(&cmd(&p[0], Action::SetRotation { rotation: Some(Rotation::Queue) }), 1).unwrap();
    let (p4, p5, p6) = (person(4), person(5), person(6));
    for q in [&p4, &p5, &p6] {
        t.apply(&cmd(q, Action::Queue), 2).unwrap();
    }
    // N/S (seats 1 and 3) resign together.
    t.apply(&cmd(&p[0], Action::Resign), 3).unwrap();
    t.apply(&cmd(&p[2], Action::AgreeResign), 4).unwrap();
    assert_eq!(t.making_room(), vec![0, 2]);
    let events = t.apply(&cmd(&p[1], Action::Rematch), 5).unwrap();
    let up: Vec<_> = events.iter().filter(|e| matches!(e, Event::NextUp { .. })).collect();
    assert_eq!(up.len(), 2, "{events:?}");
    assert_eq!(seated(&t), ["P4", "P1", "P5", "P3"]);
    assert_eq!(line(&t), ["P6", "P0", "P2"], "who made room waits behind P6");
    assert_eq!(t.host, p[1].id, "the host made room: the next person seated hosts");
}

#[test]
fn people_in_line_take_the_computers_seats_first() {
    let (mut t, p) = started(3, 7);
    t.apply(&cmd(&p[0], Action::SetRotation { rotation: Some(Rotation::Knockout) }), 1).unwrap();
    t.apply(&cmd(&p[1], Action::Leave), 2).unwrap();
    t.apply(&cmd(&person(4), Action::Queue), 3).unwrap();
    // P2 resigns and loses, but the computer in P1's seat makes room first.
    resign(&mut t, &p[2]);
    assert_eq!(t.making_room(), vec![1]);
    let events = t.apply(&cmd(&p[2], Action::Rematch), 4).unwrap();
    let up = Event::NextUp { seat: 1, person: person(4), replaced: None, requeued: false };
    assert!(events.contains(&up), "{events:?}");
    assert_eq!(seated(&t), ["P0", "P4", "P2"]);
}

#[test]
fn a_seat_freed_in_a_full_lobby_goes_to_the_first_in_line() {
    let rules = Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().unwrap();
    let p: Vec<Person> = (0..6).map(person).collect();
    let (mut t, _) = Table::create(super::leave::new_table(rules, 4), p[0].clone(), 0).unwrap();
    t.apply(&cmd(&p[0], Action::SetRotation { rotation: Some(Rotation::Queue) }), 0).unwrap();
    refused(&mut t, &p[4], Action::Queue, Rejection::SeatFree);
    for q in &p[1..4] {
        t.apply(&cmd(q, Action::Join { seat: None }), 0).unwrap();
    }
    assert_eq!(t.phase, Phase::Lobby, "a pairs lobby waits for its host");
    t.apply(&cmd(&p[4], Action::Queue), 1).unwrap();
    let events = t.apply(&cmd(&p[2], Action::Leave), 2).unwrap();
    let up = Event::NextUp { seat: 2, person: p[4].clone(), replaced: None, requeued: false };
    assert!(events.contains(&up), "{events:?}");
    assert!(t.queue.is_empty());
    // Turned off, the line is gone.
    t.apply(&cmd(&p[5], Action::Queue), 3).unwrap();
    t.apply(&cmd(&p[0], Action::SetRotation { rotation: None }), 4).unwrap();
    assert!(t.queue.is_empty() && !buttons(&t).contains(&ButtonAction::Queue));
}

#[test]
fn the_line_is_bounded() {
    let (mut t, p) = started(2, 9);
    t.apply(&cmd(&p[0], Action::SetRotation { rotation: Some(Rotation::Queue) }), 1).unwrap();
    for n in 0..MAX_QUEUE as u32 {
        t.apply(&cmd(&person(100 + n), Action::Queue), 2).unwrap();
    }
    let late = Person::new(UserId::new(p[0].id.platform, "late"), "Late");
    refused(&mut t, &late, Action::Queue, Rejection::QueueFull { limit: MAX_QUEUE });
}

#[test]
fn the_host_rematches_with_other_rules() {
    let (mut t, p) = started(2, 11);
    resign(&mut t, &p[1]);
    let target = |n: u32| Rules::builder(Variant::Kozel).target(n).build().unwrap();
    let with = |rules| Action::RematchWith { rules, clock: None };
    refused(&mut t, &p[1], with(target(51)), Rejection::NotHost);
    let pairs = Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().unwrap();
    assert!(matches!(t.apply(&cmd(&p[0], with(pairs)), 5), Err(Rejection::Rules(_))));
    t.apply(&cmd(&p[0], with(target(51))), 6).unwrap();
    assert_eq!((t.phase.clone(), t.rules.target()), (Phase::Playing, 51));
    assert_eq!(t.game.as_ref().unwrap().live.rules().target(), 51);
    refused(&mut t, &p[0], with(target(25)), Rejection::AlreadyStarted);
}
