//! Seats in the lobby: people pick a side in a pairs lobby and move between free seats, the
//! host swaps two seats and shuffles partners by lot (from the table's seed), the lobby view
//! says who plays with whom; two- and three-person lobbies fill and start as before.

use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::session::{
    Action, Actor, ChatId, Command, Event, Lang, NewTable, Person, Phase, Platform, Rejection,
    Table, UserId,
};
use domino_core::view::{ButtonAction, render_table, table_view};

fn person(n: u32) -> Person {
    Person::new(
        UserId::new(Platform::Discord, format!("u{n}")),
        ["Ann", "Bob", "Cat", "Dan", "Eve"][n as usize].to_owned(),
    )
}

fn cmd(p: &Person, action: Action) -> Command {
    Command { actor: Actor::person(p.clone()), action, version: None }
}

fn lobby(variant: Variant, size: u8, pairs: bool, seed: u64) -> Table {
    let teams = if pairs { Teams::Pairs } else { Teams::None };
    let rules = Rules::builder(variant).teams(teams).build().unwrap();
    let new = NewTable {
        id: 9,
        chat: ChatId::new(Platform::Discord, "g"),
        number: 1,
        rules,
        size,
        lang: Lang::En,
        turn_secs: None,
        bot_level: Default::default(),
        seed,
        clock: None,
    };
    Table::create(new, person(0), 0).unwrap().0
}

/// Who sits where, by name ("-" for an empty seat).
fn names(t: &Table) -> Vec<String> {
    t.seats
        .iter()
        .map(|s| match s {
            Some(st) => st.person().map_or("bot".to_owned(), |p| p.name.clone()),
            None => "-".to_owned(),
        })
        .collect()
}

/// Ann hosts in seat 1 (N); Bob and Cat sit N/S and E/W, Dan E/W: Ann+Bob vs Cat+Dan.
fn pairs_lobby(seed: u64) -> Table {
    let mut t = lobby(Variant::Kozel, 4, true, seed);
    t.apply(&cmd(&person(1), Action::SitSide { side: 0 }), 1).unwrap();
    t.apply(&cmd(&person(2), Action::SitSide { side: 1 }), 2).unwrap();
    assert_eq!(t.apply(&cmd(&person(3), Action::SitSide { side: 0 }), 3), Err(Rejection::SideFull));
    t.apply(&cmd(&person(3), Action::SitSide { side: 1 }), 3).unwrap();
    t
}

#[test]
fn in_a_pairs_lobby_people_pick_sides_and_the_host_swaps_two() {
    let mut t = pairs_lobby(1);
    assert_eq!(names(&t), ["Ann", "Cat", "Bob", "Dan"]);
    assert_eq!(t.phase, Phase::Lobby, "a full pairs lobby waits for its host");
    let text = render_table(&table_view(&t));
    assert!(text.contains("🤝 🔵 Ann + Bob vs 🔴 Cat + Dan"), "{text}");
    assert!(text.contains("the host starts the match"), "{text}");
    // Nobody takes a seat that is held; Bob is already N/S.
    assert_eq!(t.apply(&cmd(&person(1), Action::Sit { seat: 1 }), 4), Err(Rejection::SeatTaken));
    assert_eq!(
        t.apply(&cmd(&person(1), Action::SitSide { side: 0 }), 4),
        Err(Rejection::AlreadySeated)
    );
    assert_eq!(t.apply(&cmd(&person(4), Action::SitSide { side: 1 }), 4), Err(Rejection::SideFull));
    // Only the host swaps; a swap of Ann (N) and Cat (E) makes Cat Bob's partner.
    let swap = Action::SwapSeats { a: 0, b: 1 };
    assert_eq!(t.apply(&cmd(&person(1), swap.clone()), 5), Err(Rejection::NotHost));
    let events = t.apply(&cmd(&person(0), swap), 5).unwrap();
    assert_eq!(events, vec![Event::SeatsSwapped { a: 0, b: 1 }]);
    assert_eq!(names(&t), ["Cat", "Ann", "Bob", "Dan"]);
    assert!(render_table(&table_view(&t)).contains("🔵 Cat + Bob vs 🔴 Ann + Dan"));
    for bad in [(0, 0), (0, 4), (7, 1)] {
        let a = Action::SwapSeats { a: bad.0, b: bad.1 };
        assert_eq!(t.apply(&cmd(&person(0), a), 6), Err(Rejection::NoSuchSeat), "{bad:?}");
    }
    t.apply(&cmd(&person(0), Action::Start), 7).unwrap();
    assert_eq!(t.phase, Phase::Playing);
    assert_eq!(names(&t), ["Cat", "Ann", "Bob", "Dan"], "the match starts as seated");
    assert_eq!(
        t.apply(&cmd(&person(0), Action::SwapSeats { a: 0, b: 1 }), 8),
        Err(Rejection::AlreadyStarted)
    );
}

#[test]
fn a_person_moves_to_another_free_seat_or_side() {
    let mut t = lobby(Variant::Kozel, 4, true, 2);
    t.apply(&cmd(&person(1), Action::SitSide { side: 0 }), 1).unwrap();
    assert_eq!(names(&t), ["Ann", "-", "Bob", "-"]);
    let events = t.apply(&cmd(&person(1), Action::SitSide { side: 1 }), 2).unwrap();
    assert_eq!(events, vec![Event::SeatChanged { from: 2, to: 1 }]);
    t.apply(&cmd(&person(1), Action::Sit { seat: 3 }), 3).unwrap();
    assert_eq!(names(&t), ["Ann", "-", "-", "Bob"]);
    // Seats 2 and 3 of a three-person table; sides only in pairs.
    let mut three = lobby(Variant::Classic, 3, false, 2);
    assert_eq!(
        three.apply(&cmd(&person(1), Action::SitSide { side: 0 }), 1),
        Err(Rejection::NotPairs)
    );
    three.apply(&cmd(&person(1), Action::Join { seat: None }), 1).unwrap();
    three.apply(&cmd(&person(1), Action::Sit { seat: 2 }), 2).unwrap();
    assert_eq!(names(&three), ["Ann", "-", "Bob"]);
    assert_eq!(
        three.apply(&cmd(&person(1), Action::Sit { seat: 5 }), 3),
        Err(Rejection::NoSuchSeat)
    );
    // Three and two fill and start as before: the last person in starts the match.
    three.apply(&cmd(&person(2), Action::Join { seat: None }), 4).unwrap();
    assert_eq!(three.phase, Phase::Playing);
    let mut two = lobby(Variant::Kozel, 2, false, 2);
    two.apply(&cmd(&person(1), Action::Sit { seat: 1 }), 1).unwrap();
    assert_eq!(two.phase, Phase::Playing);
}

#[test]
fn shuffling_by_lot_is_fixed_by_the_seed_and_keeps_everyone_once() {
    let mut partnerships = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let mut t = pairs_lobby(seed);
        let again = t.clone();
        assert_eq!(t.apply(&cmd(&person(1), Action::Shuffle), 5), Err(Rejection::NotHost));
        t.apply(&cmd(&person(0), Action::Shuffle), 5).unwrap();
        let mut replay = again;
        replay.apply(&cmd(&person(0), Action::Shuffle), 5).unwrap();
        assert_eq!(names(&t), names(&replay), "the same seed and version, the same lot");
        let mut seated = names(&t);
        seated.sort();
        assert_eq!(seated, ["Ann", "Bob", "Cat", "Dan"]);
        // Ann's partner after the lot.
        let ann = names(&t).iter().position(|n| n == "Ann").unwrap();
        partnerships.insert(names(&t)[(ann + 2) % 4].clone());
    }
    assert_eq!(partnerships.len(), 3, "every partner comes up by lot: {partnerships:?}");
}

#[test]
fn the_lobby_buttons_fit_both_platforms() {
    let mut t = pairs_lobby(3);
    t.apply(&cmd(&person(3), Action::Leave), 4).unwrap();
    t.apply(&cmd(&person(0), Action::AddBot { seat: None }), 5).unwrap();
    let view = table_view(&t);
    assert!(view.buttons.len() <= 5 && view.buttons.iter().all(|r| r.len() <= 5));
    let actions: Vec<ButtonAction> = view.buttons.iter().flatten().map(|(_, d)| d.action).collect();
    for a in [
        ButtonAction::Side(0),
        ButtonAction::Side(1),
        ButtonAction::Shuffle,
        ButtonAction::Swap(3, 0),
    ] {
        assert!(actions.contains(&a), "{a:?} in {actions:?}");
    }
    for (_, data) in view.buttons.iter().flatten() {
        assert!(data.encode().len() <= 64);
    }
    // The host swaps a computer too.
    let bot =
        t.seats.iter().position(|s| s.as_ref().is_some_and(|s| s.person().is_none())).unwrap();
    t.apply(&cmd(&person(0), Action::SwapSeats { a: bot as u8, b: 0 }), 6).unwrap();
    assert_eq!(names(&t)[0], "bot");
}
