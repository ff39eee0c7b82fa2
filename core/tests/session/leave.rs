//! Leaving a match: the computer at the table's level takes the seat to the match's end, the
//! person does not come back, and the match counts for them only as a loss their side took
//! (docs/rules.md «Leaving a match»); a seat the computer played part of for a person away is
//! no longer that person's win.

use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, Lang, Lives, NewTable, Occupant, Person,
    Phase, Platform, Rejection, Simple, Table, UserId,
};
use domino_core::standings::{MatchSummary, people_only, rated_in};
use domino_core::view::{ButtonAction, notices, render_table, table_view};

pub fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("P{n}"))
}

pub fn cmd(p: &Person, action: Action) -> Command {
    Command { actor: Actor::person(p.clone()), action, version: None }
}

/// A table of `size` seats with `rules` in an English chat, the computer `expert`, seed 1.
pub fn new_table(rules: Rules, size: u8) -> NewTable {
    NewTable {
        id: 1,
        chat: ChatId::new(Platform::Telegram, "-100"),
        number: 1,
        rules,
        size,
        lang: Lang::En,
        turn_secs: None,
        bot_level: BotLevel::Expert,
        seed: 1,
        clock: None,
    }
}

/// A Kozel match of `size` people (pairs at four) started at `now` 0, the computer `expert`.
pub fn started(size: u8, seed: u64) -> (Table, Vec<Person>) {
    let teams = if size == 4 { Teams::Pairs } else { Teams::None };
    let rules = Rules::builder(Variant::Kozel).teams(teams).build().unwrap();
    let people: Vec<Person> = (0..size as u32).map(person).collect();
    let new = NewTable { seed, ..new_table(rules, size) };
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

/// Plays the match out: computers as they are due, people their first legal move.
pub fn play_out(table: &mut Table, now: i64) {
    for _ in 0..2000 {
        table.play_robots(now, &Simple);
        if table.phase != Phase::Playing {
            return;
        }
        let seat = table.to_move().expect("someone to move");
        let who = table.seats[seat].as_ref().unwrap().person().expect("a person").clone();
        let mv = table.live().unwrap().legal_moves(seat)[0];
        table.apply(&cmd(&who, Action::Move { mv }), now).unwrap();
    }
    panic!("the match did not end");
}

#[test]
fn a_person_who_leaves_hands_the_seat_to_the_computer_for_good() {
    let (mut t, people) = started(3, 4);
    let buttons: Vec<ButtonAction> =
        table_view(&t).buttons.iter().flatten().map(|(_, d)| d.action).collect();
    assert!(buttons.contains(&ButtonAction::Leave), "{buttons:?}");
    let events = t.apply(&cmd(&people[1], Action::Leave), 5).unwrap();
    let left = Event::LeftMatch { seat: 1, person: people[1].clone(), level: BotLevel::Expert };
    assert!(events.contains(&left), "{events:?}");
    let seat = t.seats[1].as_ref().unwrap();
    assert_eq!(seat.occupant, Occupant::Bot(BotLevel::Expert), "the table's level");
    assert_eq!(seat.left.as_ref(), Some(&people[1]));
    assert_eq!(t.seat_of(&people[1].id), None, "no longer at the table");
    assert_eq!(t.phase, Phase::Playing);
    // Leaving is not being away: «I'm back» does not bring them back, nor does anything else.
    let before = t.clone();
    for action in [Action::Back, Action::Leave, Action::Resign, Action::VoteEnd] {
        assert_eq!(t.apply(&cmd(&people[1], action), 6), Err(Rejection::NotSeated));
    }
    assert_eq!(format!("{t:?}"), format!("{before:?}"), "refusals change nothing");
    let text = render_table(&table_view(&t));
    assert!(text.contains("P1 → 🤖"), "{text}");
    assert!(!text.contains("I'm back"), "{text}");
    let said = notices(&t, &events).join("\n");
    assert!(said.contains("P1 left the match: the computer (expert) plays"), "{said}");
    // A rematch keeps the computer in the seat, and forgets who left.
    play_out(&mut t, 7);
    assert_eq!(t.phase, Phase::Finished);
    t.apply(&cmd(&people[0], Action::Rematch), 8).unwrap();
    let seat = t.seats[1].as_ref().unwrap();
    assert_eq!((seat.occupant.clone(), seat.left.clone()), (Occupant::Bot(BotLevel::Expert), None));
}

#[test]
fn the_host_who_leaves_passes_the_table_on_and_computers_alone_are_a_deserted_table() {
    let (mut t, people) = started(2, 9);
    let events = t.apply(&cmd(&people[0], Action::Leave), 1).unwrap();
    assert!(events.contains(&Event::HostChanged { person: people[1].clone() }), "{events:?}");
    assert_eq!(t.host, people[1].id);
    assert_eq!(t.phase, Phase::Playing);
    let lives = Lives::default();
    assert_eq!(t.deserted_at(&lives), None, "P1 still plays");
    t.apply(&cmd(&people[1], Action::Leave), 2).unwrap();
    assert_eq!(t.deserted_at(&lives), Some(2 + lives.away_ms), "as when everybody is away");
}

/// The summary's line for seat `s`.
fn line(summary: &MatchSummary, s: u8) -> (Option<String>, bool, bool, bool) {
    let p = summary.players.iter().find(|p| p.seat == s).unwrap();
    (p.user.as_ref().map(|u| u.id.clone()), p.won, p.goat, p.relieved)
}

#[test]
fn a_leaver_whose_side_wins_counts_nothing_and_the_match_rates_nobody() {
    // Three each for himself: P1 leaves, P2 resigns: P2 is the goat, the others win.
    let (mut t, people) = started(3, 4);
    t.apply(&cmd(&people[1], Action::Leave), 1).unwrap();
    t.apply(&cmd(&people[2], Action::Resign), 2).unwrap();
    assert_eq!(t.phase, Phase::Finished);
    let summary = MatchSummary::of(&t, 3).unwrap();
    assert_eq!(line(&summary, 0), (Some("u0".into()), true, false, false));
    assert_eq!(line(&summary, 1), (None, true, false, true), "the computer's win is nobody's");
    assert_eq!(line(&summary, 2), (Some("u2".into()), false, true, false));
    assert_eq!(summary.players[1].name, "P1", "history still names whose seat it was");
    assert!(!people_only(&summary) && rated_in(&summary).is_empty(), "a match with a computer");
}

#[test]
fn a_leaver_whose_side_loses_counts_the_loss_and_the_match_is_rated() {
    // Pairs: P0 (N/S with P2) leaves; P2 resigns for the side (its partner is the computer now).
    let (mut t, people) = started(4, 2);
    t.apply(&cmd(&people[0], Action::Leave), 1).unwrap();
    t.apply(&cmd(&people[2], Action::Resign), 2).unwrap();
    assert_eq!(t.phase, Phase::Finished, "a computer partner agrees at once");
    let summary = MatchSummary::of(&t, 3).unwrap();
    assert_eq!(line(&summary, 0), (Some("u0".into()), false, true, true), "no escaping a loss");
    assert_eq!(line(&summary, 2), (Some("u2".into()), false, true, false));
    assert_eq!(line(&summary, 1), (Some("u1".into()), true, false, false));
    // Leaving a lost match is a loss like resigning: the match is everyone's and rated, and
    // the winners keep their rated win.
    assert!(summary.partner_pairs().len() == 2 && people_only(&summary));
    assert_eq!(rated_in(&summary).len(), 4 + 2, "four people and two pairs are rated");
}

#[test]
fn a_seat_the_computer_played_for_someone_away_is_not_their_win() {
    let (mut t, people) = started(2, 3);
    // P0 is away (three turns missed, say): the computer moves for them, and they come back.
    t.seats[0].as_mut().unwrap().away = true;
    t.play_robots(1, &Simple);
    if t.seats[0].as_ref().unwrap().stood_in == 0 {
        // P1 was to move first: one move, then the computer's for P0.
        let mv = t.live().unwrap().legal_moves(1)[0];
        t.apply(&cmd(&people[1], Action::Move { mv }), 1).unwrap();
        t.play_robots(1, &Simple);
    }
    assert!(t.seats[0].as_ref().unwrap().stood_in > 0, "the computer moved for P0");
    if t.phase == Phase::Playing {
        t.apply(&cmd(&people[0], Action::Back), 2).unwrap();
    }
    t.apply(&cmd(&people[1], Action::Resign), 3).unwrap();
    let summary = MatchSummary::of(&t, 4).unwrap();
    assert_eq!(line(&summary, 0), (None, true, false, true), "the win is not P0's alone");
    assert_eq!(line(&summary, 1), (Some("u1".into()), false, true, false));
    assert!(rated_in(&summary).is_empty());
    // Away and back before the computer moved: the match is theirs.
    let (mut t, people) = started(2, 3);
    let first = t.to_move().unwrap();
    let other = 1 - first;
    t.seats[other].as_mut().unwrap().away = true;
    t.apply(&cmd(&people[other], Action::Back), 1).unwrap();
    t.apply(&cmd(&people[first], Action::Resign), 2).unwrap();
    let summary = MatchSummary::of(&t, 3).unwrap();
    assert!(summary.players.iter().all(|p| p.user.is_some() && !p.relieved));
    assert_eq!(rated_in(&summary).len(), 2, "a person-only match rates both");
}
