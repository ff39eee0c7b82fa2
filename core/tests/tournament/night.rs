//! The pairs night's draw: one seat each, the fewest repeated partners possible, fair sit-outs.

use super::*;
use domino_core::standings::tournament::{EntrantNo, FixtureState, State};
use proptest::prelude::*;

/// The fewest repeated partnerships any pairing of `players` has (every pairing tried).
fn fewest_repeats(players: &[EntrantNo], partnered: &dyn Fn(EntrantNo, EntrantNo) -> bool) -> u32 {
    let Some((&first, rest)) = players.split_first() else { return 0 };
    (0..rest.len())
        .map(|i| {
            let mut others = rest.to_vec();
            let mate = others.remove(i);
            u32::from(partnered(first, mate)) + fewest_repeats(&others, partnered)
        })
        .min()
        .unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    /// Guaranteed: each round, the number of partnerships drawn again is the least any
    /// pairing of that round's players allows (none when a fresh pairing exists).
    #[test]
    fn one_seat_each_fewest_repeats_and_sit_outs_spread_evenly(
        n in 4usize..=13,
        rounds in 1u32..=7,
        seed in any::<u64>(),
        winners in proptest::collection::vec(0u8..3, 64),
    ) {
        let mut t = new(Format::PartnersNight { rounds }, Variant::Morskoy, None);
        let mut rng = rng(seed);
        enroll(&mut t, n, &mut rng);
        t.apply(&Command::Start, T0, &mut rng).expect("started");
        let mut table = 0;
        for round in 1..=rounds {
            let fixtures: Vec<FixtureNo> =
                (0..t.fixtures.len()).filter(|&i| t.fixtures[i].round == round).collect();
            prop_assert_eq!(fixtures.len(), n / 4);
            let players: Vec<_> = fixtures.iter().flat_map(|&i| t.fixtures[i].entrants()).collect();
            let mut distinct = players.clone();
            distinct.sort_unstable();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), players.len(), "a person in two seats");
            prop_assert_eq!(players.len(), n - n % 4);
            let before = |a: EntrantNo, b: EntrantNo| t.fixtures.iter().any(|f| {
                f.round < round && f.sides.iter().any(|s| s.contains(&a) && s.contains(&b))
            });
            let repeats = fixtures.iter().flat_map(|&i| t.fixtures[i].sides.clone())
                .filter(|s| before(s[0], s[1]))
                .count() as u32;
            prop_assert_eq!(repeats, fewest_repeats(&distinct, &before), "round {}", round);
            let sat: Vec<u32> = t.entrants.iter().map(|e| e.sat_out).collect();
            let (lo, hi) = (sat.iter().min().unwrap(), sat.iter().max().unwrap());
            prop_assert!(hi - lo <= 1, "sit-outs {:?}", sat);
            prop_assert_eq!(sat.iter().sum::<u32>() as usize, round as usize * (n % 4));
            for i in fixtures {
                table += 1;
                let w = winners[table as usize % winners.len()];
                let winner = (w < 2).then_some(w);
                t.apply(&Command::TableStarted { fixture: i, table }, T0 + table, &mut rng)
                    .expect("started");
                let s = summary(&t, i, table, winner, [table as u32, 50]);
                t.apply(&Command::MatchFinished { summary: s }, T0 + table, &mut rng)
                    .expect("finished");
                prop_assert!(check_invariants(&t).is_ok(), "{:?}", check_invariants(&t));
            }
        }
        let all_played = t.fixtures.iter().all(|f| matches!(f.state, FixtureState::Played { .. }));
        prop_assert!(all_played, "a fixture unplayed");
        let closed = matches!(t.state, State::Closed { winner: Some(_), .. });
        prop_assert!(closed, "not closed: {:?}", t.state);
    }
}
