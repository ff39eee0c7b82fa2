//! An arena of an hour: pairings, a streak, a late entrant, the close.

use super::*;

const W0: Millis = T0 + 3_600_000;
const W1: Millis = W0 + 60 * MINUTE;

fn arena(streak_bonus: bool) -> Tournament {
    let format = Format::Arena { window_start: W0, window_end: W1, streak_bonus };
    let mut t = new(format, Variant::Classic, None);
    enroll(&mut t, &["Anna", "Boris", "Clara"], T0);
    t
}

fn last(t: &Tournament) -> FixtureNo {
    t.fixtures.len() - 1
}

fn play_last(t: &mut Tournament, table: i64, winner: Option<u8>, points: [u32; 2], now: Millis) {
    let fixture = last(t);
    play(t, fixture, table, winner, points, now);
}

fn pairing(t: &Tournament) -> [Vec<String>; 2] {
    names(t, last(t))
}

fn vs(a: &str, b: &str) -> [Vec<String>; 2] {
    [vec![a.to_owned()], vec![b.to_owned()]]
}

#[test]
fn an_hour_with_a_streak_a_rematch_refused_and_a_match_finished_after_the_close() {
    let mut t = arena(true);
    assert_eq!(t.apply(&Command::Start, T0, &mut rng()), Err(Refusal::TooEarly));
    let events = ok(&mut t, Command::Tick, W0);
    assert_eq!(events[0], Event::Started { at: W0 });
    assert_eq!(pairing(&t), vs("Anna", "Boris")); // all at 0: in enrolment order
    play_last(&mut t, 1, Some(0), [100, 20], W0 + 1);
    assert_eq!(pairing(&t), vs("Anna", "Clara")); // not Boris again: Clara is waiting
    play_last(&mut t, 2, Some(0), [100, 30], W0 + 2);
    assert_eq!(pairing(&t), vs("Anna", "Boris"));
    play_last(&mut t, 3, Some(0), [100, 0], W0 + 3); // a third win in a row: 4 points
    assert_eq!(t.rows()[0].points, 8);
    assert_eq!(t.rows()[0].streak, 3);
    assert_eq!(pairing(&t), vs("Anna", "Clara"));
    play_last(&mut t, 4, Some(1), [40, 100], W0 + 4); // Clara ends the streak
    assert_eq!(pairing(&t), vs("Anna", "Boris"));
    play_last(&mut t, 5, None, [90, 90], W0 + 5); // a draw off the streak: 1 each
    assert_eq!(pairing(&t), vs("Anna", "Clara"));
    let fixture = last(&t);
    ok(&mut t, Command::TableStarted { fixture, table: 6 }, W0 + 6);
    // The window closes with a match at its table: it still counts when it ends.
    assert_eq!(ok(&mut t, Command::Tick, W1), vec![]);
    let s = summary(&t, last(&t), 6, Some(1), [30, 100]);
    let events = ok(&mut t, Command::MatchFinished { summary: s }, W1 + 60_000);
    assert_eq!(events.last(), Some(&Event::Closed { winner: Some(0) }));
    assert_eq!(t.fixtures.len(), 6, "no pairing after the window");
    let rows = t.standings();
    let line = |r: &Standing| (r.name.clone(), r.points, r.won, r.drawn, r.lost, r.streak);
    assert_eq!(
        rows.iter().map(line).collect::<Vec<_>>(),
        [
            ("Anna".to_owned(), 2 + 2 + 4 + 1, 3, 1, 2, 0),
            ("Clara".to_owned(), 2 + 2, 2, 0, 1, 2),
            ("Boris".to_owned(), 1, 0, 1, 2, 0),
        ]
    );
}

#[test]
fn without_the_bonus_every_win_is_two() {
    let mut t = arena(false);
    ok(&mut t, Command::Start, W0);
    for table in 1..=3 {
        let f = last(&t);
        let anna = t.fixtures[f].side_of(0).expect("Anna plays every match");
        play(&mut t, f, table, Some(anna), [100, 0], W0 + table);
    }
    assert_eq!((t.rows()[0].points, t.rows()[0].streak), (6, 3));
}

#[test]
fn a_late_entrant_is_paired_at_once_and_a_pairing_not_started_by_the_close_is_unplayed() {
    let mut t = arena(true);
    ok(&mut t, Command::Tick, W0);
    ok(&mut t, Command::TableStarted { fixture: 0, table: 1 }, W0 + 1);
    let events = ok(&mut t, Command::Enroll { person: person("Dima"), partner: None }, W0 + 2);
    assert_eq!(events[1], Event::Drawn { round: 2, fixtures: vec![1], sitting_out: vec![] });
    assert_eq!(pairing(&t), vs("Clara", "Dima"));
    // Anna–Boris finish: no rematch while Clara and Dima (paired, not yet at a table) may come
    // free. Clara–Dima never sit down.
    let s = summary(&t, 0, 1, Some(1), [0, 100]);
    ok(&mut t, Command::MatchFinished { summary: s }, W0 + 3);
    assert_eq!(t.fixtures.len(), 2);
    assert_eq!(t.due_fixtures(), vec![1]);
    let events = ok(&mut t, Command::Tick, W1);
    assert_eq!(events[..2], [Event::Unplayed { fixture: 1 }, Event::Closed { winner: Some(1) }]);
    let late = Command::Enroll { person: person("Egor"), partner: None };
    assert_eq!(t.apply(&late, W1, &mut rng()), Err(Refusal::Closed));
}

#[test]
fn an_entrant_who_withdraws_is_paired_no_more_until_they_come_back() {
    let mut t = arena(true);
    ok(&mut t, Command::Tick, W0);
    let events = ok(&mut t, Command::Withdraw { user: person("Boris").id }, W0 + 1);
    assert_eq!(events[..2], [Event::Unplayed { fixture: 0 }, Event::Withdrew { entrant: 1 }]);
    assert_eq!(pairing(&t), vs("Anna", "Clara"));
    let back = ok(&mut t, Command::Enroll { person: person("Boris"), partner: None }, W0 + 2);
    assert_eq!(back, vec![Event::Rejoined { entrant: 1 }]);
    assert!(!t.entrants[1].withdrawn);
}
