//! Every format under random commands, most of them refused: a refusal changes nothing.

use super::*;
use domino_core::standings::tournament::{DAY, FixtureState, MINUTE};
use proptest::prelude::*;

fn format(kind: u8) -> (Format, Variant, Option<u32>) {
    match kind {
        0 => (Format::RoundRobin { pairs: false }, Variant::Classic, Some(2)),
        1 => (Format::RoundRobin { pairs: true }, Variant::Kozel, None),
        2 => (
            Format::Arena {
                window_start: T0 + 30 * MINUTE,
                window_end: T0 + 90 * MINUTE,
                streak_bonus: true,
            },
            Variant::Telefon,
            None,
        ),
        _ => (Format::PartnersNight { rounds: 4 }, Variant::Osel, Some(1)),
    }
}

/// Some command, sensible or not.
fn command(t: &Tournament, kind: u8, x: usize) -> Command {
    match kind {
        0 => {
            // Mostly the form the format takes; now and then the other.
            let pairs = (t.format.people_per_entrant() == 2) != x.is_multiple_of(5);
            Command::Enroll { person: person(x % 14), partner: pairs.then(|| person((x / 3) % 14)) }
        }
        1 => Command::Withdraw { user: person(x % 14).id },
        2 => Command::Start,
        3 | 6 => {
            // Mostly a fixture that may start, at a new table; now and then anything.
            let due = t.due_fixtures();
            let fresh = t.fixtures.iter().filter_map(|f| f.table()).max().unwrap_or(0) + 1;
            match due.get(x % (due.len() + 1)) {
                Some(&fixture) if !x.is_multiple_of(4) => {
                    Command::TableStarted { fixture, table: fresh }
                }
                _ => Command::TableStarted {
                    fixture: x % (t.fixtures.len() + 2),
                    table: (x % 9) as i64,
                },
            }
        }
        4 | 7 => {
            // Mostly a match at a table; now and then a pending one (refused).
            let at_table = |i: usize| t.fixtures[i].table().is_some() || x.is_multiple_of(4);
            let open: Vec<_> =
                (0..t.fixtures.len()).filter(|&i| t.fixtures[i].is_open() && at_table(i)).collect();
            let Some(&i) = open.get(x % (open.len() + 1)) else {
                return Command::Tick;
            };
            let table = match t.fixtures[i].state {
                FixtureState::Playing { table } => table,
                _ => (x % 9) as i64,
            };
            let mut s = summary(t, i, table, [Some(0), Some(1), None][x % 3], [x as u32 % 200, 60]);
            match x % 7 {
                0 => s.variant = Variant::Morskoy,
                1 => s.players.truncate(1),
                2 => s.players.iter_mut().for_each(|p| p.side = 0),
                _ => {}
            }
            Command::MatchFinished { summary: s }
        }
        _ => Command::Tick,
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn refusals_change_nothing_standings_list_everyone_and_json_round_trips(
        kind in 0u8..4,
        seed in any::<u64>(),
        steps in proptest::collection::vec((0u8..8, any::<u32>(), 0u8..64), 1..160),
    ) {
        let (format, game, deadline) = format(kind);
        let mut t = new(format, game, deadline);
        let mut rng = rng(seed);
        let mut now = T0;
        for (cmd_kind, x, step) in steps {
            now += match step {
                0..=29 => 0,
                30..=57 => MINUTE,
                58..=62 => 20 * MINUTE,
                _ => DAY,
            };
            let cmd = command(&t, cmd_kind, x as usize);
            let before = t.clone();
            if t.apply(&cmd, now, &mut rng).is_err() {
                prop_assert_eq!(&t, &before, "refused {:?} changed the tournament", cmd);
            }
            prop_assert!(check_invariants(&t).is_ok(), "{:?} after {:?}", check_invariants(&t), cmd);
        }
    }
}
