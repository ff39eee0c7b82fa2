//! Warnings before a person's time runs out: once a turn, at 30 s left or half a shorter
//! limit, for the turn timer or the clock, whichever runs out first; a new turn may be warned
//! again. Session tests pass `now` in.

use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    Action, Actor, ChatId, ClockRule, Command, Event, Lives, NewTable, OnFlag, Person, Platform,
    Rejection, Table, UserId, warn_lead,
};
use proptest::prelude::*;

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("P{n}"))
}

fn tick(table: &mut Table, now: i64) -> Result<Vec<Event>, Rejection> {
    let lives = Lives::default();
    table.apply(
        &Command { actor: Actor::System, action: Action::Tick { lives }, version: None },
        now,
    )
}

/// A two-person Kozel match started at 0, with a turn timer and a clock as given.
fn started(turn_secs: Option<u32>, clock: Option<ClockRule>) -> Table {
    let new = NewTable {
        id: 1,
        chat: ChatId::new(Platform::Telegram, "-100"),
        number: 1,
        rules: Rules::builder(Variant::Kozel).build().unwrap(),
        size: 2,
        lang: domino_core::session::Lang::Ru,
        turn_secs,
        bot_level: Default::default(),
        seed: 7,
        clock,
    };
    let (mut table, _) = Table::create(new, person(0), 0).unwrap();
    let join = Command {
        actor: Actor::person(person(1)),
        action: Action::Join { seat: None },
        version: None,
    };
    table.apply(&join, 0).unwrap();
    assert!(table.to_move().is_some(), "a match in play");
    table
}

fn warnings(events: &[Event]) -> Vec<(u8, i64, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Warned { seat, left_ms, clock } => Some((*seat, *left_ms, *clock)),
            _ => None,
        })
        .collect()
}

const ONE_MINUTE: ClockRule = ClockRule { bank_secs: 60, increment_secs: 0, on_flag: OnFlag::Lose };

#[test]
fn the_lead_is_thirty_seconds_or_half_a_shorter_limit() {
    assert_eq!(warn_lead(600_000), 30_000);
    assert_eq!(warn_lead(60_000), 30_000);
    assert_eq!(warn_lead(40_000), 20_000);
    assert_eq!(warn_lead(10_000), 5_000);
}

#[test]
fn a_clock_warns_once_at_thirty_seconds_left_and_a_new_turn_again() {
    let mut table = started(None, Some(ONE_MINUTE));
    let seat = table.to_move().unwrap() as u8;
    assert_eq!(table.warn_at().map(|(at, _)| at), Some(30_000));
    assert_eq!(table.next_due(&Lives::default()), Some(30_000), "the timers come for it");
    assert_eq!(tick(&mut table, 29_999), Err(Rejection::NotDue));
    let events = tick(&mut table, 30_000).unwrap();
    assert_eq!(warnings(&events), vec![(seat, 30_000, true)]);
    assert_eq!(tick(&mut table, 31_000), Err(Rejection::NotDue), "once a turn");
    assert_eq!(table.warn_at(), None);
    // The next turn (the other person's, a full minute in their bank) is warned again.
    let who = table.seats[seat as usize].as_ref().unwrap().person().unwrap().clone();
    let mv = table.live().unwrap().legal_moves(seat as usize)[0];
    let moved = Command { actor: Actor::person(who), action: Action::Move { mv }, version: None };
    table.apply(&moved, 40_000).unwrap();
    if let Some(next) = table.to_move().filter(|&s| s as u8 != seat) {
        assert_eq!(table.warn_at().map(|(at, _)| at), Some(70_000));
        let events = tick(&mut table, 70_500).unwrap();
        assert_eq!(warnings(&events), vec![(next as u8, 29_500, true)]);
    }
}

#[test]
fn a_short_turn_timer_warns_at_half_its_time_before_a_later_flag() {
    let mut table = started(Some(40), Some(ONE_MINUTE));
    let seat = table.to_move().unwrap() as u8;
    // The timer runs out at 40 s, before the flag at 60 s: its warning, at 20 s left.
    assert_eq!(table.warn_at().map(|(at, w)| (at, w.clock)), Some((20_000, false)));
    let events = tick(&mut table, 25_000).unwrap();
    assert_eq!(warnings(&events), vec![(seat, 15_000, false)]);
    assert_eq!(tick(&mut table, 26_000), Err(Rejection::NotDue));
}

#[test]
fn a_warning_past_its_deadline_is_not_given() {
    let mut table = started(Some(40), None);
    // The deadline passed: the computer's move for the person is due, not a warning.
    assert_eq!(tick(&mut table, 40_000), Err(Rejection::NotDue));
    assert!(table.robot_turn(40_000).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xA11),
        ..ProptestConfig::default()
    })]

    /// However the timers happen to fire within a turn, the person is warned at most once,
    /// and exactly once when a round fires between the warning and the flag.
    #[test]
    fn a_turn_is_warned_once_however_the_timers_fire(mut at in proptest::collection::vec(0i64..60_000, 1..40)) {
        at.sort_unstable();
        let mut table = started(None, Some(ONE_MINUTE));
        let mut given = 0;
        for now in &at {
            if let Ok(events) = tick(&mut table, *now) {
                given += warnings(&events).len();
            }
        }
        let due = at.iter().any(|now| (30_000..60_000).contains(now));
        prop_assert_eq!(given, usize::from(due));
    }
}
