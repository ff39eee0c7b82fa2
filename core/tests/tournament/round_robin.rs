//! The round robin's schedule for 2..=16 entrants, people or fixed pairs.

use super::*;
use domino_core::standings::tournament::circle;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_pair_meets_once_nobody_plays_twice_a_round_and_byes_are_fair(
        n in 2usize..=16,
        pairs in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let game = if pairs { Variant::Kozel } else { Variant::Telefon };
        let mut t = new(Format::RoundRobin { pairs }, game, Some(3));
        let mut rng = rng(seed);
        enroll(&mut t, n, &mut rng);
        t.apply(&Command::Start, T0, &mut rng).expect("started");
        let mut met = vec![vec![0u32; n]; n];
        for f in &t.fixtures {
            prop_assert_eq!(f.sides[0].len(), 1);
            prop_assert_eq!(f.sides[1].len(), 1);
            let (a, b) = (f.sides[0][0], f.sides[1][0]);
            met[a][b] += 1;
            met[b][a] += 1;
        }
        for (a, row) in met.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                prop_assert_eq!(times, u32::from(a != b), "{} and {} met {} times", a, b, times);
            }
        }
        let rounds = t.rounds_drawn();
        prop_assert_eq!(rounds as usize, if n % 2 == 0 { n - 1 } else { n });
        let mut byes = vec![0u32; n];
        for round in 1..=rounds {
            let mut seated: Vec<_> =
                t.fixtures.iter().filter(|f| f.round == round).flat_map(|f| f.entrants()).collect();
            let count = seated.len();
            seated.sort_unstable();
            seated.dedup();
            prop_assert_eq!(seated.len(), count, "someone plays twice in round {}", round);
            for e in t.byes(round) {
                byes[e] += 1;
            }
        }
        let (lo, hi) = (byes.iter().min().unwrap(), byes.iter().max().unwrap());
        prop_assert!(hi - lo <= 1, "byes {:?}", byes);
        prop_assert!(check_invariants(&t).is_ok());
    }

    #[test]
    fn the_circle_alone_meets_every_pair_once(order in Just((0..16).collect::<Vec<usize>>()).prop_shuffle(), n in 0usize..=16) {
        let order = &order[..n];
        let rounds = circle(order);
        let mut pairs: Vec<_> =
            rounds.iter().flatten().map(|&[a, b]| (a.min(b), a.max(b))).collect();
        let count = pairs.len();
        pairs.sort_unstable();
        pairs.dedup();
        prop_assert_eq!(pairs.len(), count);
        prop_assert_eq!(count, n * n.saturating_sub(1) / 2);
    }
}

/// A fixture's result is its table's first match (the match's own identity): a later match at
/// that table is refused, the fixture still playing, and the first one scores.
#[test]
fn only_the_table_s_first_match_is_the_fixture_s_result() {
    use domino_core::standings::tournament::{FixtureState, Refusal};
    let mut t = new(Format::RoundRobin { pairs: false }, Variant::Classic, None);
    let mut rng = rng(3);
    enroll(&mut t, 2, &mut rng);
    t.apply(&Command::Start, T0, &mut rng).expect("started");
    t.apply(&Command::TableStarted { fixture: 0, table: 5 }, T0, &mut rng).expect("at a table");
    let before = t.clone();
    let mut later = summary(&t, 0, 5, Some(1), [10, 51]);
    later.match_no = 2;
    let refused = t.apply(&Command::MatchFinished { summary: later }, T0 + 1, &mut rng);
    assert_eq!(refused, Err(Refusal::NotTheFixturesMatch));
    assert_eq!(t, before, "a refused result changed the tournament");
    let first = summary(&t, 0, 5, Some(0), [51, 10]);
    t.apply(&Command::MatchFinished { summary: first }, T0 + 2, &mut rng).expect("scored");
    assert!(matches!(
        t.fixtures[0].state,
        FixtureState::Played { table: 5, score, .. } if score.winner == Some(0)
    ));
}

/// An enrolment never started closes by itself `bounds::ENROLMENT_DAYS` after it was made,
/// with nobody winning; an arena has its window instead.
#[test]
fn an_enrolment_runs_out_after_its_days() {
    use domino_core::bounds::ENROLMENT_DAYS;
    use domino_core::standings::tournament::{DAY, Event, State};
    let mut t = new(Format::RoundRobin { pairs: false }, Variant::Classic, None);
    let mut rng = rng(4);
    enroll(&mut t, 1, &mut rng);
    let end = T0 + Millis::from(ENROLMENT_DAYS) * DAY;
    assert_eq!((t.enrol_until(), t.due_at()), (Some(end), Some(end)));
    assert_eq!(t.apply(&Command::Tick, end - 1, &mut rng), Ok(vec![]));
    assert_eq!(t.state, State::Enrolling);
    assert_eq!(t.apply(&Command::Tick, end, &mut rng), Ok(vec![Event::Closed { winner: None }]));
    assert!(matches!(t.state, State::Closed { .. }) && t.due_at().is_none());
}
