//! A round robin of pairs enrols pairs through a waiting list, and the reminder of who is due
//! comes once as the deadline nears.

use super::*;
use domino_core::standings::tournament::{DAY, Event, Refusal, State};

fn pairs() -> Tournament {
    new(Format::RoundRobin { pairs: true }, Variant::Kozel, Some(4))
}

#[test]
fn a_person_waits_for_a_partner_and_whoever_names_them_makes_the_pair() {
    let mut r = rng(1);
    let mut t = pairs();
    let wait = |n| Command::AwaitPartner { person: person(n) };
    assert_eq!(
        t.apply(&wait(0), T0, &mut r),
        Ok(vec![Event::Waiting { user: person(0).id, waits: true }])
    );
    let before = t.clone();
    assert_eq!(t.apply(&wait(0), T0, &mut r), Err(Refusal::AlreadyEnrolled));
    assert_eq!(t, before, "a refusal changes nothing");
    t.apply(&wait(1), T0, &mut r).expect("a second person waits");
    assert!(t.entrants.is_empty(), "two people waiting are no pair by themselves");
    assert_eq!(t.apply(&Command::Start, T0, &mut r), Err(Refusal::TooFew { need: 2 }));

    let pair = Command::Enroll { person: person(0), partner: Some(person(2)) };
    let events = t.apply(&pair, T0, &mut r).expect("a pair");
    assert!(events.contains(&Event::Waiting { user: person(0).id, waits: false }));
    assert_eq!(t.entrants.len(), 1);
    assert_eq!(t.entrants[0].people, vec![person(0), person(2)]);
    assert_eq!(t.waiting, vec![person(1)]);
    assert_eq!(t.apply(&wait(2), T0, &mut r), Err(Refusal::AlreadyEnrolled));

    // Leaving the list, then the start takes the rest off it.
    t.apply(&Command::Withdraw { user: person(1).id }, T0, &mut r).expect("left");
    assert!(t.waiting.is_empty());
    t.apply(&wait(1), T0, &mut r).unwrap();
    t.apply(&Command::Enroll { person: person(3), partner: Some(person(4)) }, T0, &mut r).unwrap();
    let events = t.apply(&Command::Start, T0, &mut r).expect("started");
    assert!(events.contains(&Event::Waiting { user: person(1).id, waits: false }));
    assert!(t.waiting.is_empty() && t.entrant_of(&person(1).id).is_none());
    assert_eq!(t.fixtures.len(), 1);
    assert_eq!(t.apply(&wait(5), T0, &mut r), Err(Refusal::NotEnrolling));
}

#[test]
fn people_one_by_one_wait_for_no_partner() {
    let mut r = rng(2);
    let mut t = new(Format::RoundRobin { pairs: false }, Variant::Kozel, None);
    let before = t.clone();
    let wait = Command::AwaitPartner { person: person(0) };
    assert_eq!(t.apply(&wait, T0, &mut r), Err(Refusal::NoPartners));
    assert_eq!(t, before);
}

#[test]
fn who_is_due_is_told_once_as_the_deadline_nears() {
    let mut r = rng(3);
    let mut t = pairs();
    enroll(&mut t, 3, &mut r);
    t.apply(&Command::Start, T0, &mut r).expect("started");
    let deadline = t.deadline.expect("four days");
    assert_eq!(t.remind_at(), Some(deadline - DAY));
    let due = |e: &Vec<Event>| e.iter().any(|e| matches!(e, Event::Due { .. }));
    let early = t.apply(&Command::Tick, deadline - DAY - 1, &mut r).unwrap();
    assert!(!due(&early), "not yet: {early:?}");
    let told = t.apply(&Command::Tick, deadline - DAY, &mut r).unwrap();
    assert_eq!(told, vec![Event::Due { fixtures: vec![0, 1, 2] }]);
    for at in [deadline - DAY + 1, deadline - 1] {
        let again = t.apply(&Command::Tick, at, &mut r).unwrap();
        assert!(!due(&again), "told once: {again:?}");
    }
    // The deadline passes: nothing was played, nobody wins.
    t.apply(&Command::Tick, deadline, &mut r).unwrap();
    assert!(matches!(t.state, State::Closed { winner: None, .. }));
}
