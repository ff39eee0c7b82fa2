//! A round robin of four people: the schedule, a table of results, the tie-breaks; a deadline.

use super::*;

fn four() -> Tournament {
    let mut t = new(Format::RoundRobin { pairs: false }, Variant::Classic, Some(7));
    enroll(&mut t, &["Anna", "Boris", "Clara", "Dima"], T0);
    ok(&mut t, Command::Start, T0 + 1);
    t
}

#[test]
fn four_people_play_three_rounds_of_two_matches_each_pair_once() {
    let t = four();
    assert_eq!(t.state, State::Running { round: 1 });
    assert_eq!(t.deadline, Some(T0 + 1 + 7 * DAY));
    assert_eq!(t.fixtures.len(), 6);
    for round in 1..=3 {
        let seated: Vec<_> =
            t.fixtures.iter().filter(|f| f.round == round).flat_map(|f| f.entrants()).collect();
        assert_eq!(seated.len(), 4, "round {round}");
        assert!(t.byes(round).is_empty());
    }
    for (a, b) in [("Anna", "Boris"), ("Anna", "Clara"), ("Anna", "Dima")] {
        between(&t, a, b);
    }
    for (a, b) in [("Boris", "Clara"), ("Boris", "Dima"), ("Clara", "Dima")] {
        between(&t, a, b);
    }
    assert_eq!(t.next_pairings().len(), 2);
    assert_eq!(t.due_fixtures().len(), 6);
}

#[test]
fn head_to_head_comes_before_the_point_difference() {
    let mut t = four();
    result(&mut t, "Anna", "Boris", 101, 100, 1);
    result(&mut t, "Anna", "Clara", 0, 101, 2);
    result(&mut t, "Anna", "Dima", 101, 100, 3);
    result(&mut t, "Boris", "Clara", 101, 0, 4);
    result(&mut t, "Boris", "Dima", 101, 0, 5);
    let events = {
        let (n, side) = between(&t, "Dima", "Clara");
        let points = if side == 0 { [101, 0] } else { [0, 101] };
        play(&mut t, n, 6, Some(side), points, T0 + 6)
    };
    // Anna and Boris 4 points each: Anna beat Boris, though Boris's difference is far better.
    // Clara and Dima 2 each: Dima beat Clara.
    assert_eq!(order(&t), ["Anna", "Boris", "Dima", "Clara"]);
    let rows = t.standings();
    assert_eq!((rows[0].points, rows[0].won, rows[0].lost, rows[0].difference()), (4, 2, 1, -99));
    assert_eq!((rows[1].points, rows[1].difference()), (4, 201));
    assert_eq!(rows[3].points, 2);
    let anna = t.entrant_of(&person("Anna").id);
    assert_eq!(events.last(), Some(&Event::Closed { winner: anna }));
    assert!(matches!(t.state, State::Closed { winner, .. } if winner == anna));
}

#[test]
fn a_three_way_circle_falls_to_the_point_difference() {
    let mut t = four();
    result(&mut t, "Anna", "Boris", 101, 60, 1); // Anna +41
    result(&mut t, "Boris", "Clara", 101, 90, 2); // Boris +11
    result(&mut t, "Clara", "Anna", 101, 95, 3); // Clara +6
    result(&mut t, "Anna", "Dima", 101, 0, 4);
    result(&mut t, "Boris", "Dima", 101, 50, 5);
    result(&mut t, "Clara", "Dima", 101, 80, 6);
    // 4 points each, head-to-head 2 each, two wins each: Anna +136, Boris +21, Clara +16.
    assert_eq!(order(&t), ["Anna", "Boris", "Clara", "Dima"]);
}

#[test]
fn a_draw_scores_one_and_fewer_matches_played_breaks_a_tie() {
    let mut t = four();
    result(&mut t, "Anna", "Boris", 50, 50, 1);
    result(&mut t, "Clara", "Dima", 70, 70, 2);
    result(&mut t, "Clara", "Anna", 101, 101, 3);
    let rows = t.standings();
    // Anna and Clara have two draws (2 points), Boris and Dima one (1 point).
    assert_eq!(rows.iter().map(|r| r.points).collect::<Vec<_>>(), [2, 2, 1, 1]);
    assert_eq!(rows[0].drawn, 2);
    // Anna–Clara drew their head-to-head; same wins and difference; then the name.
    assert_eq!(order(&t), ["Anna", "Clara", "Boris", "Dima"]);
}

#[test]
fn after_the_deadline_unplayed_matches_count_for_nobody_and_tables_at_play_still_count() {
    let mut t = four();
    result(&mut t, "Anna", "Boris", 101, 10, 1);
    let (playing, _) = between(&t, "Clara", "Dima");
    ok(&mut t, Command::TableStarted { fixture: playing, table: 2 }, T0 + 10);
    let events = ok(&mut t, Command::Tick, T0 + 1 + 7 * DAY);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Unplayed { .. })).count(), 4);
    assert_eq!(t.state, State::Running { round: 1 });
    // The match at the table finishes after the deadline and counts; then the tournament closes.
    let s = summary(&t, playing, 2, Some(0), [101, 0]);
    let events = ok(&mut t, Command::MatchFinished { summary: s }, T0 + 8 * DAY);
    assert!(matches!(events.last(), Some(Event::Closed { .. })));
    let rows = t.rows();
    let anna = &rows[t.entrant_of(&person("Anna").id).unwrap()];
    assert_eq!((anna.points, anna.played, anna.unplayed), (2, 1, 2));
    let refused = t.apply(&Command::Tick, T0 + 9 * DAY, &mut rng());
    assert_eq!(refused, Err(Refusal::Closed));
}

#[test]
fn a_withdrawal_forfeits_the_pending_matches_to_the_opponents() {
    let mut t = four();
    result(&mut t, "Anna", "Dima", 101, 10, 1);
    let events = ok(&mut t, Command::Withdraw { user: person("Dima").id }, T0 + 5);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Forfeited { .. })).count(), 2);
    let rows = t.rows();
    let boris = &rows[t.entrant_of(&person("Boris").id).unwrap()];
    assert_eq!((boris.points, boris.won, boris.points_for), (2, 1, 0));
    assert!(rows[t.entrant_of(&person("Dima").id).unwrap()].withdrawn);
}

#[test]
fn fixed_pairs_enrol_together_and_play_a_pair_game() {
    let mut t = new(Format::RoundRobin { pairs: true }, Variant::Kozel, None);
    let pair = |a: &str, b: &str| Command::Enroll { person: person(a), partner: Some(person(b)) };
    ok(&mut t, pair("Anna", "Boris"), T0);
    ok(&mut t, pair("Clara", "Dima"), T0);
    ok(&mut t, pair("Egor", "Fedya"), T0);
    let lone = Command::Enroll { person: person("Gleb"), partner: None };
    assert_eq!(t.apply(&lone, T0, &mut rng()), Err(Refusal::PartnerNeeded));
    assert_eq!(t.apply(&pair("Gleb", "Anna"), T0, &mut rng()), Err(Refusal::AlreadyEnrolled));
    ok(&mut t, Command::Start, T0);
    // Three pairs: three rounds of one match, each pair sitting one out.
    assert_eq!(t.fixtures.len(), 3);
    for round in 1..=3 {
        assert_eq!(t.byes(round).len(), 1);
    }
    let (n, side) = between(&t, "Anna + Boris", "Clara + Dima");
    play(&mut t, n, 1, Some(side), [101, 40], T0 + 1);
    assert_eq!(t.standings()[0].name, "Anna + Boris");
    let wrong = Tournament::new(
        NewTournament {
            id: 2,
            format: Format::RoundRobin { pairs: true },
            game: Variant::Classic,
            options: serde_json::json!({}),
            max_entrants: 8,
            deadline_days: None,
        },
        T0,
    );
    assert_eq!(wrong, Err(Refusal::GameWithoutPairs));
}
