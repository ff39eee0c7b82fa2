//! Tables built through the session API, deterministically.

use domino_core::engine::moves::Move;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, Lang, NewTable, Person, Platform, Simple,
    Table, UserId,
};
use serde_json::Value;

pub const NOW: i64 = 1_700_000_000_000;

pub fn person(name: &str) -> Person {
    Person::new(UserId::new(Platform::Telegram, name.to_lowercase()), name)
}

pub fn rules(variant: Variant, options: Value) -> Rules {
    Rules::from_options(variant, &options, None).expect("valid rules")
}

/// What a table is made of (id 42, table №3 of a Telegram group).
pub fn new_table(rules: Rules, size: u8, lang: Lang, seed: u64) -> NewTable {
    NewTable {
        id: 42,
        chat: ChatId::new(Platform::Telegram, "-100123"),
        number: 3,
        rules,
        size,
        lang,
        turn_secs: None,
        bot_level: BotLevel::Greedy,
        seed,
        clock: None,
    }
}

/// A lobby hosted by `host` (seat 0).
pub fn lobby(rules: Rules, size: u8, lang: Lang, host: &Person, seed: u64) -> Table {
    Table::create(new_table(rules, size, lang, seed), host.clone(), NOW).expect("a valid table").0
}

pub fn apply(table: &mut Table, who: &Person, action: Action) -> Vec<Event> {
    let cmd = Command {
        actor: Actor::person(who.clone()),
        action: action.clone(),
        version: Some(table.version),
    };
    let mut events = table
        .apply(&cmd, NOW)
        .unwrap_or_else(|e| panic!("{action:?} by {} refused: {e}", who.name));
    events.extend(table.play_robots(NOW, &Simple));
    events
}

/// A started table: `people` take the first seats (the first is the host), bots the rest.
pub fn started(rules: Rules, size: u8, lang: Lang, people: &[Person], seed: u64) -> Table {
    let mut table = lobby(rules, size, lang, &people[0], seed);
    for p in &people[1..] {
        if table.phase == domino_core::session::Phase::Lobby {
            apply(&mut table, p, Action::Join { seat: None });
        }
    }
    if table.phase == domino_core::session::Phase::Lobby {
        let host = people[0].clone();
        apply(&mut table, &host, Action::Start);
    }
    table
}

/// The person to move, if a person is to move.
pub fn mover(table: &Table) -> Option<(usize, Person)> {
    let seat = table.to_move()?;
    Some((seat, table.seats[seat].as_ref()?.person()?.clone()))
}

/// Plays moves chosen by `choose` until `stop` holds (checked before each move) or the match
/// ends. Returns the events of every move.
pub fn play_until(
    table: &mut Table,
    mut choose: impl FnMut(&Table, &[Move]) -> Move,
    stop: impl Fn(&Table) -> bool,
) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..5000 {
        if stop(table) {
            return events;
        }
        let Some((seat, who)) = mover(table) else { return events };
        let moves = table.live().expect("a match").legal_moves(seat);
        let mv = choose(table, &moves);
        events.extend(apply(table, &who, Action::Move { mv }));
    }
    panic!("the match did not end");
}

pub fn first(_: &Table, moves: &[Move]) -> Move {
    moves[0]
}
