//! What a person's turn timer running out does, as the table took it from its chat
//! (`TimeUp`): the computer moves for them, or their side loses the match. Each case: the
//! table's choice, its size, and what the moment after the deadline brings.

use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::session::{
    Action, Actor, ChatId, Command, Event, Lives, MovedBy, NewTable, Person, Phase, Platform,
    Rejection, Table, TimeUp, UserId,
};

const TURN_SECS: u32 = 30;
const DEADLINE: i64 = TURN_SECS as i64 * 1000;

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("P{n}"))
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

/// A match of `size` people (pairs for four) with a 30 s turn timer, started at 0.
fn started(size: u8, time_up: TimeUp) -> (Table, Vec<Person>) {
    let teams = if size == 4 { Teams::Pairs } else { Teams::None };
    let rules = Rules::builder(Variant::Kozel).teams(teams).build().unwrap();
    let people: Vec<Person> = (0..size as u32).map(person).collect();
    let new = NewTable {
        id: 1,
        chat: ChatId::new(Platform::Telegram, "-100"),
        number: 1,
        rules,
        size,
        lang: domino_core::session::Lang::En,
        turn_secs: Some(TURN_SECS),
        bot_level: Default::default(),
        seed: 7,
        clock: None,
    };
    let (mut table, _) = Table::create(new, people[0].clone(), 0).unwrap();
    table.time_up = time_up;
    for p in &people[1..] {
        table.apply(&cmd(p, Action::Join { seat: None }), 0).unwrap();
    }
    if table.phase == Phase::Lobby {
        table.apply(&cmd(&people[0], Action::Start), 0).unwrap();
    }
    assert_eq!(table.phase, Phase::Playing);
    (table, people)
}

#[test]
fn the_choice_decides_what_the_deadline_brings() {
    for (time_up, size) in [(TimeUp::Lose, 2), (TimeUp::Lose, 4), (TimeUp::Computer, 2)] {
        let case = format!("{time_up:?} at {size}");
        let (mut table, _) = started(size, time_up);
        let seat = table.to_move().expect("someone is to move");
        assert_eq!(table.deadline, Some(DEADLINE), "{case}");
        // Before the deadline, nothing of the kind is due.
        assert_eq!(table.time_up_due(DEADLINE - 1), None, "{case}");
        assert!(table.robot_turn(DEADLINE - 1).is_none(), "{case}");
        match time_up {
            TimeUp::Lose => {
                // No computer move: the timer's tick ends the match for the side.
                assert!(table.robot_turn(DEADLINE).is_none(), "{case}");
                assert_eq!(table.time_up_due(DEADLINE), Some(seat), "{case}");
                let events = table.apply(&tick(), DEADLINE).unwrap();
                assert!(events.contains(&Event::TimeUp { seat: seat as u8 }), "{case}: {events:?}");
                assert_eq!(table.phase, Phase::Finished, "{case}");
                let side = table.rules.side_of(seat);
                let outcome = table.game.as_ref().unwrap().outcome.unwrap();
                assert_eq!(outcome.loser, Some(side), "{case}");
                assert_eq!(outcome.flag, Some(side as u8), "{case}");
                assert_eq!(outcome.winner, Some(1 - side), "{case}");
            }
            TimeUp::Computer => {
                let turn = table.robot_turn(DEADLINE).expect("the computer moves for them");
                assert_eq!((turn.seat, turn.by), (seat, MovedBy::Timeout), "{case}");
                assert_eq!(table.time_up_due(DEADLINE), None, "{case}");
                assert_eq!(table.apply(&tick(), DEADLINE), Err(Rejection::NotDue), "{case}");
                assert_eq!(table.phase, Phase::Playing, "{case}");
            }
        }
    }
}

#[test]
fn a_move_after_a_losing_deadline_is_refused_and_changes_nothing() {
    let (mut table, people) = started(2, TimeUp::Lose);
    let seat = table.to_move().unwrap();
    let mv = table.live().unwrap().legal_moves(seat)[0];
    let who = people.iter().find(|p| table.seats[seat].as_ref().unwrap().person() == Some(p));
    let before = serde_json::to_string(&table).unwrap();
    let late = table.apply(&cmd(who.unwrap(), Action::Move { mv }), DEADLINE);
    assert_eq!(late, Err(Rejection::OutOfTime));
    assert_eq!(serde_json::to_string(&table).unwrap(), before);
    // A moment earlier the same move is taken, and the next turn has its own deadline.
    table.apply(&cmd(who.unwrap(), Action::Move { mv }), DEADLINE - 1).unwrap();
    assert_ne!(table.to_move(), Some(seat));
    assert_eq!(table.deadline, Some(DEADLINE - 1 + DEADLINE));
}
