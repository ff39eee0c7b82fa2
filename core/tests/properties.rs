//! Invariants of the engine over random rule sets and random games (proptest).

use domino_core::engine::board::Arm;
use domino_core::engine::game::Match;
use domino_core::engine::moves::{Move, Placement, Placements};
use domino_core::engine::record::{MoveReport, Record, replay};
use domino_core::engine::sim::{MAX_ROUNDS_PER_MATCH, random_match};
use domino_core::engine::tile::{Tile, TileSet};
use proptest::prelude::*;

mod common;
use common::table;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn conserved(game: &Match) -> bool {
    let round = game.round().expect("dealt");
    let mut all = round.board().on_table();
    let mut count = all.len();
    for hand in round.hands() {
        count += hand.len();
        all = all.union(*hand);
    }
    for t in round.bazaar() {
        count += 1;
        all.insert(*t);
    }
    let full = TileSet::full(game.rules().max_pip());
    all == full && count == full.len()
}

/// Some move, legal or not, for a seat to try.
fn any_move(rng: &mut ChaCha8Rng) -> Move {
    let tile = Tile::from_index(rng.random_range(0..28));
    let arm = Arm::ALL[rng.random_range(0..4)];
    match rng.random_range(0..6) {
        0 => Move::Draw,
        1 => Move::Pass,
        2 => Move::Lead { tile, left: tile.low(), na_sto: rng.random_bool(0.2) },
        3 => {
            let other = Tile::double(rng.random_range(0..7));
            let arm2 = Arm::ALL[rng.random_range(0..4)];
            Move::Play(Placements::from_slice(&[
                Placement { tile, arm, close: rng.random_bool(0.3) },
                Placement { tile: other, arm: arm2, close: false },
            ]))
        }
        _ => Move::Play(Placements::from_slice(&[Placement {
            tile,
            arm,
            close: rng.random_bool(0.2),
        }])),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    /// Tiles are conserved after every move; every listed legal move is accepted; every refused
    /// move leaves the match as it was; the match ends.
    #[test]
    fn random_play_keeps_the_invariants((rules, seats) in table(), seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Match::new(rules, seats).unwrap();
        let mut rounds = 0;
        while !game.is_over() && rounds < MAX_ROUNDS_PER_MATCH {
            game.start_random_round(&mut rng);
            rounds += 1;
            prop_assert!(conserved(&game));
            while !game.round().unwrap().is_over() && !game.is_over() {
                let round = game.round().unwrap();
                let seat = round.to_move().map_or_else(|| rng.random_range(0..seats), usize::from);
                // A random attempt by a random seat: refused ones change nothing.
                let other = rng.random_range(0..seats);
                let attempt = any_move(&mut rng);
                let before = game.clone();
                if game.apply(other, attempt).is_err() {
                    prop_assert_eq!(&game, &before);
                } else {
                    prop_assert!(conserved(&game));
                    continue;
                }
                let legal = game.legal_moves(seat);
                prop_assert!(!legal.is_empty(), "the seat to move has no legal move");
                for mv in &legal {
                    prop_assert_eq!(game.check(seat, mv), Ok(()), "{:?}", mv);
                }
                let mv = legal[rng.random_range(0..legal.len())];
                game.apply(seat, mv).unwrap();
                prop_assert!(conserved(&game));
            }
        }
        prop_assert!(game.is_over(), "no result after {} rounds", rounds);
    }

    /// A played match written as a record replays to the same results.
    #[test]
    fn a_written_match_replays_to_the_same_results((rules, seats) in table(), seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players: Vec<String> = (0..seats).map(|i| format!("P{i}")).collect();
        let (game, log) = random_match(&rules, players, &mut rng);
        let text = serde_json::to_string(&log.to_json()).unwrap();
        let record = Record::from_json_str(&text).unwrap();
        prop_assert_eq!(&record.rules, &rules);
        let out = replay(&record);
        let refused = out.rounds.iter().flat_map(|(m, _)| m).filter(|m| !matches!(m, MoveReport::Ok { .. })).count();
        prop_assert_eq!(refused, 0);
        prop_assert_eq!(out.result, game.result());
        let last = &out.rounds.last().unwrap().1;
        prop_assert_eq!(&last.scores[..], &game.sheet().scores[..game.sides()]);
    }
}
