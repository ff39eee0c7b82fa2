//! Hints and reviews for people: deterministic for a seed, blind to hidden tiles (the other
//! hands, and the bazaar once tiles were drawn from it), and a review names only the reviewed
//! seat's own moves and tiles it held.

use domino_core::engine::ai::{
    Budget, Level, Observation, choose_move, choose_move_within, hint, review,
};
use domino_core::engine::game::{Deal, Match};
use domino_core::engine::moves::Move;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::engine::tile::{Tile, TileSet};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// Small budgets keep debug builds fast.
const BUDGET: Budget = Budget { playouts: 60 };

fn pairs(variant: Variant) -> Rules {
    Rules::from_options(variant, &Value::Null, Some(&json!("pairs"))).unwrap()
}

/// The match dealt `deal`, then `moves` replayed; `None` if one is refused.
fn replayed(rules: &Rules, deal: &Deal, moves: &[(u8, Move)]) -> Option<Match> {
    let mut game = Match::new(rules.clone(), 4).unwrap();
    game.start_round(deal).unwrap();
    for &(seat, mv) in moves {
        game.apply(seat as usize, mv).ok()?;
    }
    Some(game)
}

/// A pairs position with seat 0 to move with a choice a few turns in, and the same position
/// with the other hands dealt otherwise (consistently with every move seen).
fn twin_positions(rules: &Rules, seed: u64) -> Option<(Match, Match)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = Deal::random(rules, 4, &mut rng);
    let mut game = replayed(rules, &deal, &[])?;
    let mut moves: Vec<(u8, Move)> = Vec::new();
    let turns = rng.random_range(4..12);
    loop {
        let round = game.round()?;
        if round.is_over() {
            return None;
        }
        let seat = round.to_move()? as usize;
        if seat == 0 && moves.len() >= turns && game.legal_moves(0).len() > 1 {
            break;
        }
        let mv = choose_move(Level::Greedy, &game, seat, &mut rng)?;
        game.apply(seat, mv).unwrap();
        moves.push((seat as u8, mv));
    }
    let round = game.round()?;
    let laid_by = |seat: usize| -> Vec<Tile> {
        moves
            .iter()
            .filter(|m| m.0 as usize == seat)
            .flat_map(|m| m.1.tiles().collect::<Vec<_>>())
            .collect()
    };
    let mut pool: Vec<Tile> = (1..4).flat_map(|s| round.hand(s).iter()).collect();
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
        let other = Deal { hands, bazaar: Vec::new() };
        if let Some(g) = replayed(rules, &other, &moves) {
            let r = g.round().unwrap();
            if (1..4).any(|s| r.hand(s) != round.hand(s)) {
                return Some((game, g));
            }
        }
    }
    None
}

#[test]
fn a_hint_is_the_same_whatever_the_hidden_tiles() {
    let mut checked = 0;
    for (case, variant) in
        [Variant::Kozel, Variant::Morskoy, Variant::Osel].iter().cycle().take(12).enumerate()
    {
        let rules = pairs(*variant);
        let Some((a, b)) = twin_positions(&rules, 200 + case as u64) else { continue };
        let (oa, ob) = (Observation::new(&a, 0).unwrap(), Observation::new(&b, 0).unwrap());
        assert_eq!(format!("{oa:?}"), format!("{ob:?}"), "the observations differ");
        let ha = hint(&oa, &mut ChaCha8Rng::seed_from_u64(3), BUDGET);
        let hb = hint(&ob, &mut ChaCha8Rng::seed_from_u64(3), BUDGET);
        assert_eq!(ha, hb, "{variant} case {case}: the hint saw hidden tiles");
        assert!(ha.estimates.len() > 1 && ha.estimates.iter().any(|e| e.0 == ha.best));
        assert_eq!(a.check(0, &ha.best), Ok(()));
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} positions had another consistent deal");
}

#[test]
fn the_hint_a_table_gives_is_the_same_whatever_the_hidden_tiles() {
    // What the service runs for a hint press (`service::suggest`), for several table seeds.
    let mut checked = 0;
    for (case, variant) in
        [Variant::Kozel, Variant::Osel, Variant::Morskoy].iter().cycle().take(9).enumerate()
    {
        let rules = pairs(*variant);
        let Some((a, b)) = twin_positions(&rules, 400 + case as u64) else { continue };
        for seed in [1, 77, u64::MAX] {
            let sa = domino_core::service::suggest(&a, 0, seed, BUDGET).expect("a move");
            let sb = domino_core::service::suggest(&b, 0, seed, BUDGET).expect("a move");
            assert_eq!(sa, sb, "{variant} case {case} seed {seed}: the hint saw hidden tiles");
            let obs = Observation::new(&a, 0).unwrap();
            assert_eq!(sa, hint(&obs, &mut ChaCha8Rng::seed_from_u64(seed), BUDGET).best);
        }
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} positions had another consistent deal");
}

/// 2-player Kozel played greedily until seat 0 is to move with a choice after seat 1 drew from
/// the bazaar; and the same moves on a deal where the tiles seat 0 has not seen (seat 1's hand
/// and the bazaar left) sit elsewhere among those places, so that some tile still in the
/// bazaar in one is in seat 1's hand in the other. `None` if no such twin replays.
fn twin_positions_with_a_bazaar(seed: u64) -> Option<(Match, Match)> {
    let rules = Rules::new(Variant::Kozel);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = Deal::random(&rules, 2, &mut rng);
    let replay = |deal: &Deal, moves: &[(usize, Move)]| -> Option<Match> {
        let mut game = Match::new(rules.clone(), 2).unwrap();
        game.start_round(deal).ok()?;
        for &(seat, mv) in moves {
            game.apply(seat, mv).ok()?;
        }
        Some(game)
    };
    let mut game = replay(&deal, &[])?;
    let mut moves: Vec<(usize, Move)> = Vec::new();
    loop {
        let round = game.round()?;
        if round.is_over() {
            return None;
        }
        let seat = round.to_move()? as usize;
        let drew = moves.iter().any(|&(s, mv)| s == 1 && mv == Move::Draw);
        if seat == 0 && drew && game.legal_moves(0).len() > 1 {
            break;
        }
        let mv = choose_move(Level::Greedy, &game, seat, &mut rng)?;
        game.apply(seat, mv).unwrap();
        moves.push((seat, mv));
    }
    let round = game.round()?;
    let unseen: Vec<Tile> = round.hand(1).iter().chain(round.bazaar().iter().copied()).collect();
    // The places in the deal that hold an unseen tile: in seat 1's dealt hand, or in the
    // bazaar (drawn by seat 1 since, or still there).
    let in_hand: Vec<usize> =
        (0..deal.hands[1].len()).filter(|&i| unseen.contains(&deal.hands[1][i])).collect();
    let in_bazaar: Vec<usize> =
        (0..deal.bazaar.len()).filter(|&j| unseen.contains(&deal.bazaar[j])).collect();
    let mut tiles = unseen.clone();
    for _ in 0..400 {
        tiles.shuffle(&mut rng);
        let mut other = deal.clone();
        let mut next = tiles.iter().copied();
        for &i in &in_hand {
            other.hands[1][i] = next.next().unwrap();
        }
        for &j in &in_bazaar {
            other.bazaar[j] = next.next().unwrap();
        }
        let Some(g) = replay(&other, &moves) else { continue };
        if g.round().unwrap().hand(1) != round.hand(1) {
            return Some((game, g));
        }
    }
    None
}

#[test]
fn hints_and_computer_moves_are_blind_to_a_bazaar_that_was_drawn_from() {
    let mut checked = 0;
    for seed in 0..40 {
        let Some((a, b)) = twin_positions_with_a_bazaar(900 + seed) else { continue };
        let (ra, rb) = (a.round().unwrap(), b.round().unwrap());
        assert_eq!(ra.hand(0), rb.hand(0));
        assert_eq!(ra.bazaar_len(), rb.bazaar_len());
        assert_ne!(ra.bazaar(), rb.bazaar(), "the bazaar holds other tiles");
        let (oa, ob) = (Observation::new(&a, 0).unwrap(), Observation::new(&b, 0).unwrap());
        assert_eq!(format!("{oa:?}"), format!("{ob:?}"), "the observations differ");
        for rng_seed in [3, 41] {
            let ha = hint(&oa, &mut ChaCha8Rng::seed_from_u64(rng_seed), BUDGET);
            let hb = hint(&ob, &mut ChaCha8Rng::seed_from_u64(rng_seed), BUDGET);
            assert_eq!(ha, hb, "seed {seed}: the hint saw the hidden tiles");
            assert_eq!(a.check(0, &ha.best), Ok(()));
        }
        let sa = domino_core::service::suggest(&a, 0, 77, BUDGET);
        assert_eq!(
            sa,
            domino_core::service::suggest(&b, 0, 77, BUDGET),
            "seed {seed}: a table's hint"
        );
        for level in [Level::Greedy, Level::Expert] {
            let mv = |g: &Match| {
                let mut rng = ChaCha8Rng::seed_from_u64(7);
                choose_move_within(level, g, 0, &mut rng, BUDGET, &|| false)
            };
            assert_eq!(mv(&a), mv(&b), "{level} at seed {seed} saw the hidden tiles");
        }
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} positions had another consistent deal");
}

#[test]
fn a_hint_is_deterministic_for_a_seed_and_an_observation() {
    let rules = Rules::new(Variant::Telefon);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut game = Match::new(rules, 3).unwrap();
    game.start_random_round(&mut rng);
    let mut seen = 0;
    while !game.round().unwrap().is_over() && seen < 4 {
        let seat = game.round().unwrap().to_move().unwrap() as usize;
        let obs = Observation::new(&game, seat).unwrap();
        let first = hint(&obs, &mut ChaCha8Rng::seed_from_u64(9), BUDGET);
        let again = hint(&obs.clone(), &mut ChaCha8Rng::seed_from_u64(9), BUDGET);
        assert_eq!(first, again);
        seen += (first.estimates.len() > 1) as u32;
        game.apply(seat, first.best).unwrap();
    }
    assert!(seen > 0, "no position with a choice");
}

/// One round of 2-player Kozel: seat 0 plays at random (it makes mistakes), seat 1 greedily.
fn random_round(seed: u64) -> (Match, Vec<(u8, Move)>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Match::new(Rules::new(Variant::Kozel), 2).unwrap();
    game.start_random_round(&mut rng);
    let start = game.clone();
    let mut moves = Vec::new();
    while !game.round().unwrap().is_over() && !game.is_over() {
        let seat = game.round().unwrap().to_move().unwrap() as usize;
        let level = if seat == 0 { Level::Random } else { Level::Greedy };
        let mv = choose_move(level, &game, seat, &mut rng).unwrap();
        game.apply(seat, mv).unwrap();
        moves.push((seat as u8, mv));
    }
    (start, moves)
}

#[test]
fn a_review_names_only_the_seats_own_moves_and_tiles() {
    let mut slips = 0;
    for seed in 0..6 {
        let (start, moves) = random_round(seed);
        let r = review(&start, &moves, 0, 3, 0.0, &mut ChaCha8Rng::seed_from_u64(1), BUDGET);
        assert!(r.slips.len() <= 3 && r.slips.len() <= r.judged);
        assert!(r.slips.windows(2).all(|w| w[0].loss >= w[1].loss));
        // The seat's hand before each of its moves, replayed.
        let mut game = start.clone();
        let mut hands = Vec::new();
        for &(seat, mv) in &moves {
            hands.push(game.round().unwrap().hand(seat as usize));
            game.apply(seat as usize, mv).unwrap();
        }
        for slip in &r.slips {
            let (seat, played) = moves[slip.index];
            assert_eq!(seat, 0, "a slip of another seat");
            assert_eq!(slip.played, played);
            assert!(slip.loss > 0.0 && slip.better != slip.played);
            let held: TileSet = hands[slip.index];
            assert!(slip.better.tiles().all(|t| held.contains(t)), "a tile it did not hold");
        }
        let again = review(&start, &moves, 0, 3, 0.0, &mut ChaCha8Rng::seed_from_u64(1), BUDGET);
        assert_eq!(r, again, "a review is deterministic for a seed");
        slips += r.slips.len();
    }
    assert!(slips > 0, "a random player made no slip the expert saw");
}
