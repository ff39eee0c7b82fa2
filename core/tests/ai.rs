//! Computer players: a legal move in every position, levels ordered by strength, no peeking at
//! hidden tiles, the same move for the same seed.

use domino_core::engine::ai::{Budget, Level, choose_move, choose_move_within, review, takes_end};
use domino_core::engine::game::{Deal, Match};
use domino_core::engine::moves::Move;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::engine::tile::Tile;
use proptest::prelude::*;

mod common;
use common::table;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// Small budgets keep debug builds fast.
const TEST_BUDGET: Budget = Budget { playouts: 60 };

/// The seat to move, or any seat when anyone may lead.
fn mover(game: &Match, rng: &mut impl Rng) -> usize {
    let round = game.round().expect("dealt");
    round.to_move().map_or_else(|| rng.random_range(0..game.seats()), usize::from)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    /// After random play, every level gives the seat to move a move `Match::check` accepts, and
    /// a seat that may not move gets none.
    #[test]
    fn every_level_moves_legally(
        (rules, seats) in table(),
        seed in any::<u64>(),
        steps in 0..80usize,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Match::new(rules, seats).unwrap();
        game.start_random_round(&mut rng);
        for _ in 0..steps {
            if game.is_over() {
                return Ok(());
            }
            if game.round().unwrap().is_over() {
                game.start_random_round(&mut rng);
            }
            let seat = mover(&game, &mut rng);
            let legal = game.legal_moves(seat);
            game.apply(seat, legal[rng.random_range(0..legal.len())]).unwrap();
        }
        if game.is_over() {
            return Ok(());
        }
        if game.round().unwrap().is_over() {
            game.start_random_round(&mut rng);
        }
        let seat = mover(&game, &mut rng);
        for level in Level::ALL {
            let mv = choose_move_within(level, &game, seat, &mut rng, TEST_BUDGET, &|| false);
            prop_assert!(mv.is_some(), "{} made no move", level);
            prop_assert_eq!(game.check(seat, &mv.unwrap()), Ok(()), "{}", level);
        }
        if let Some(to_move) = game.round().unwrap().to_move() {
            let other = (to_move as usize + 1) % seats;
            prop_assert_eq!(choose_move(Level::Greedy, &game, other, &mut rng), None);
        }
    }
}

/// Rounds won per side and rounds with a winner, `levels` by side, whole matches from `seed`.
fn play(
    rules: &Rules,
    seats: usize,
    levels: &[Level],
    rounds: u32,
    budget: Budget,
    seed: u64,
) -> ([u32; 4], u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut won, mut decided, mut played) = ([0; 4], 0, 0);
    while played < rounds {
        let mut game = Match::new(rules.clone(), seats).unwrap();
        while !game.is_over() && played < rounds {
            game.start_random_round(&mut rng);
            while !game.round().unwrap().is_over() && !game.is_over() {
                let seat = mover(&game, &mut rng);
                let level = levels[rules.side_of(seat)];
                let mv = choose_move_within(level, &game, seat, &mut rng, budget, &|| false);
                game.apply(seat, mv.unwrap()).unwrap();
            }
            played += 1;
            if let Some(w) = game.round_report().winner {
                won[w] += 1;
                decided += 1;
            }
        }
    }
    (won, decided)
}

#[test]
fn greedy_beats_random_at_two_player_kozel() {
    let rules = Rules::new(Variant::Kozel);
    let (won, decided) = play(&rules, 2, &[Level::Greedy, Level::Random], 1000, TEST_BUDGET, 11);
    let rate = won[0] as f64 / decided as f64;
    assert!(rate > 0.56, "greedy won {rate:.3} of {decided} rounds");
}

#[test]
fn expert_beats_greedy_at_two_player_kozel() {
    let rules = Rules::new(Variant::Kozel);
    let (won, decided) =
        play(&rules, 2, &[Level::Expert, Level::Greedy], 240, Budget { playouts: 150 }, 12);
    let rate = won[0] as f64 / decided as f64;
    assert!(rate > 0.6, "expert won {rate:.3} of {decided} rounds");
}

/// Pairs without a bazaar: `game` as dealt, then `moves` replayed; `None` if one is refused.
fn replayed(rules: &Rules, deal: &Deal, moves: &[(usize, Move)]) -> Option<Match> {
    let mut game = Match::new(rules.clone(), 4).unwrap();
    game.start_round(deal).unwrap();
    for &(seat, mv) in moves {
        game.apply(seat, mv).ok()?;
    }
    Some(game)
}

/// Two matches that differ only in tiles seat 0 cannot see (the other hands, reshuffled
/// consistently with every play and pass seen) give seat 0 the same move for the same seed.
#[test]
fn hidden_tiles_do_not_change_decisions() {
    let mut checked = 0;
    for (case, variant) in
        [Variant::Kozel, Variant::Morskoy, Variant::Osel].iter().cycle().take(12).enumerate()
    {
        let rules = Rules::from_options(*variant, &Value::Null, Some(&json!("pairs"))).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(100 + case as u64);
        let deal = Deal::random(&rules, 4, &mut rng);
        // Play greedily until seat 0 is to move with a choice, a few turns in.
        let mut game = replayed(&rules, &deal, &[]).unwrap();
        let mut moves = Vec::new();
        let turns = rng.random_range(4..14);
        loop {
            let round = game.round().unwrap();
            if round.is_over() {
                break;
            }
            let seat = mover(&game, &mut rng);
            if seat == 0 && moves.len() >= turns && game.legal_moves(0).len() > 1 {
                break;
            }
            let mv = choose_move(Level::Greedy, &game, seat, &mut rng).unwrap();
            game.apply(seat, mv).unwrap();
            moves.push((seat, mv));
        }
        if game.round().unwrap().is_over() {
            continue;
        }
        // Deal the other seats' current hands anew until every move replays (passes included).
        let round = game.round().unwrap();
        let laid_by = |seat: usize| -> Vec<Tile> {
            moves
                .iter()
                .filter(|m| m.0 == seat)
                .flat_map(|m| m.1.tiles().collect::<Vec<_>>())
                .collect()
        };
        let mut pool: Vec<Tile> = (1..4).flat_map(|s| round.hand(s).iter()).collect();
        let mut other = None;
        for _ in 0..200 {
            pool.shuffle(&mut rng);
            let mut hands = vec![deal.hands[0].clone()];
            let mut at = 0;
            for s in 1..4 {
                let n = round.hand(s).len() as usize;
                let mut hand = pool[at..at + n].to_vec();
                at += n;
                hand.extend(laid_by(s));
                hands.push(hand);
            }
            let shuffled = Deal { hands, bazaar: Vec::new() };
            if let Some(g) = replayed(&rules, &shuffled, &moves) {
                let r = g.round().unwrap();
                if (1..4).any(|s| r.hand(s) != round.hand(s)) {
                    other = Some(g);
                    break;
                }
            }
        }
        let Some(other) = other else { continue };
        assert_eq!(other.round().unwrap().hand(0), round.hand(0));
        for level in [Level::Greedy, Level::Expert] {
            let a = choose_move_within(
                level,
                &game,
                0,
                &mut ChaCha8Rng::seed_from_u64(7),
                TEST_BUDGET,
                &|| false,
            );
            let b = choose_move_within(
                level,
                &other,
                0,
                &mut ChaCha8Rng::seed_from_u64(7),
                TEST_BUDGET,
                &|| false,
            );
            assert_eq!(a, b, "{level} in {variant} case {case} saw hidden tiles");
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} positions had another consistent deal");
}

#[test]
fn the_expert_is_deterministic_for_a_seed() {
    let rules = Rules::new(Variant::Telefon);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut game = Match::new(rules, 3).unwrap();
    game.start_random_round(&mut rng);
    for _ in 0..6 {
        let seat = mover(&game, &mut rng);
        let mv = choose_move(Level::Greedy, &game, seat, &mut rng).unwrap();
        game.apply(seat, mv).unwrap();
    }
    let seat = mover(&game, &mut rng);
    let pick = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        choose_move_within(Level::Expert, &game, seat, &mut rng, TEST_BUDGET, &|| false)
    };
    assert_eq!(pick(9), pick(9));
    // Out of time at once: still a legal move.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mv = choose_move_within(Level::Expert, &game, seat, &mut rng, Budget::DEFAULT, &|| true);
    assert_eq!(game.check(seat, &mv.unwrap()), Ok(()));
}

#[test]
fn levels_parse_from_their_keys() {
    for level in Level::ALL {
        assert_eq!(level.key().parse::<Level>(), Ok(level));
    }
    assert!("strong".parse::<Level>().is_err());
}

/// A review lists the reviewed seat's moves that took an end («взять конца»), by their place in
/// the round, and no other move.
#[test]
fn a_review_names_the_moves_that_took_an_end() {
    let rules = Rules::new(Variant::Classic);
    let mut seen = 0;
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Match::new(rules.clone(), 2).unwrap();
        game.start_random_round(&mut rng);
        let start = game.clone();
        let (mut moves, mut want) = (Vec::new(), Vec::new());
        while let Some(round) = game.round().filter(|r| !r.is_over()) {
            let seat = mover(&game, &mut rng);
            let mv = choose_move(Level::Greedy, &game, seat, &mut rng).unwrap();
            if seat == 0
                && let Some(x) = takes_end(round.board(), round.hand(0), &mv, rules.max_pip())
            {
                want.push((moves.len(), x));
            }
            game.apply(seat, mv).unwrap();
            moves.push((seat as u8, mv));
        }
        let budget = Budget { playouts: 8 };
        let review = review(&start, &moves, 0, 3, 0.0, &mut rng, budget);
        assert_eq!(review.took, want, "seed {seed}");
        seen += want.len();
    }
    assert!(seen >= 3, "only {seen} moves took an end");
}
