//! The arena over random evenings: people come and go, tables start and finish in any order.

use super::*;
use domino_core::standings::tournament::{FixtureState, MINUTE, State};
use proptest::prelude::*;

const W0: Millis = T0 + 10 * MINUTE;
const W1: Millis = W0 + 60 * MINUTE;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn nobody_is_paired_while_at_a_table_and_points_are_the_documented_sum(
        streak_bonus in any::<bool>(),
        seed in any::<u64>(),
        steps in proptest::collection::vec((0u8..6, any::<u16>()), 1..160),
    ) {
        let format = Format::Arena { window_start: W0, window_end: W1, streak_bonus };
        let mut t = new(format, Variant::Classic, None);
        let mut rng = rng(seed);
        enroll(&mut t, 3, &mut rng);
        t.apply(&Command::Tick, W0, &mut rng).expect("opens");
        let mut now = W0;
        let mut table = 100;
        for (kind, x) in steps {
            now = (now + i64::from(x % 90) * 1_000).min(W1 - 1);
            let x = x as usize;
            let before = t.clone();
            let cmd = match kind {
                0 => Command::Enroll { person: person(x % 12), partner: None },
                1 => Command::Withdraw { user: person(x % 12).id },
                2 | 3 => {
                    table += 1;
                    let due = t.due_fixtures();
                    if due.is_empty() { continue }
                    Command::TableStarted { fixture: due[x % due.len()], table }
                }
                _ => {
                    let playing: Vec<_> = (0..t.fixtures.len())
                        .filter(|&i| matches!(t.fixtures[i].state, FixtureState::Playing { .. }))
                        .collect();
                    if playing.is_empty() { continue }
                    let i = playing[x % playing.len()];
                    let winner = [Some(0), Some(1), None][x % 3];
                    let at = t.fixtures[i].table().expect("at a table");
                    Command::MatchFinished { summary: summary(&t, i, at, winner, [x as u32 % 101, 40]) }
                }
            };
            match t.apply(&cmd, now, &mut rng) {
                Ok(_) => {
                    // A fixture drawn by this command names only entrants at no other
                    // table or pairing, and still in.
                    for f in &t.fixtures[before.fixtures.len()..] {
                        for e in f.entrants() {
                            let open = t.fixtures.iter().filter(|g| g.is_open() && g.side_of(e).is_some());
                            prop_assert_eq!(open.count(), 1, "{} paired twice", e);
                            prop_assert!(!t.entrants[e].withdrawn);
                        }
                    }
                }
                Err(_) => prop_assert_eq!(&t, &before),
            }
            prop_assert!(check_invariants(&t).is_ok(), "{:?}", check_invariants(&t));
        }
        // The close: no pairing after the window; tables at play still finish and count.
        let drawn = t.fixtures.len();
        t.apply(&Command::Tick, W1, &mut rng).expect("tick");
        prop_assert!(t.fixtures.iter().all(|f| f.state != FixtureState::Pending));
        let playing: Vec<_> = (0..t.fixtures.len()).filter(|&i| t.fixtures[i].is_open()).collect();
        for i in playing {
            let at = t.fixtures[i].table().expect("at a table");
            let s = summary(&t, i, at, Some(1), [3, 9]);
            t.apply(&Command::MatchFinished { summary: s }, W1 + 1, &mut rng).expect("counts");
            let played = matches!(t.fixtures[i].state, FixtureState::Played { .. });
            prop_assert!(played, "fixture {} not counted", i);
        }
        prop_assert_eq!(t.fixtures.len(), drawn);
        let State::Closed { winner, .. } = t.state else { panic!("not closed: {:?}", t.state) };
        prop_assert_eq!(winner, (t.scored > 0).then(|| t.standings()[0].entrant));
        prop_assert!(check_invariants(&t).is_ok());
    }
}
