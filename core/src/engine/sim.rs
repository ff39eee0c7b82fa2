//! Random legal play over many matches: the engine's throughput benchmark and a source of
//! random games for tests. Deterministic for a seed.

use crate::engine::game::{Deal, Match};
use crate::engine::moves::Move;
use crate::engine::record::MatchLog;
use crate::engine::rules::Rules;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A match never needs this many rounds; reaching it means a rule bug, not bad luck.
pub const MAX_ROUNDS_PER_MATCH: u32 = 100_000;

/// Totals of a simulation run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SimStats {
    pub matches: u64,
    pub rounds: u64,
    pub moves: u64,
    /// Matches each side won (index: side).
    pub wins: [u64; crate::engine::rules::MAX_SEATS],
}

/// Plays `games` matches of random legal moves from `seed`.
pub fn simulate(rules: &Rules, seats: usize, games: u64, seed: u64) -> SimStats {
    simulate_with(rules, seats, games, seed, &mut |_| {})
}

/// Matches between two calls of the progress closure of [`simulate_with`].
pub const PROGRESS_EVERY: u64 = 4_096;

/// As [`simulate`], telling `progress` the totals so far every [`PROGRESS_EVERY`] matches.
pub fn simulate_with(
    rules: &Rules,
    seats: usize,
    games: u64,
    seed: u64,
    progress: &mut dyn FnMut(&SimStats),
) -> SimStats {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = SimStats::default();
    let mut moves = Vec::with_capacity(64);
    let mut game = Match::new(rules.clone(), seats).expect("rules checked by the caller");
    for game_number in 0..games {
        if game_number % PROGRESS_EVERY == 0 {
            progress(&stats);
        }
        game.next_match();
        play_match(&mut game, &mut rng, &mut moves, &mut stats, None);
        stats.matches += 1;
        if let Some(w) = game.result().and_then(|r| r.winner) {
            stats.wins[w] += 1;
        }
    }
    stats
}

/// Plays one random match to its end, writing its record.
pub fn random_match(rules: &Rules, players: Vec<String>, rng: &mut impl Rng) -> (Match, MatchLog) {
    let mut game = Match::new(rules.clone(), players.len()).expect("rules checked by the caller");
    let mut log = MatchLog::new(rules.clone(), players);
    let mut stats = SimStats::default();
    play_match(&mut game, rng, &mut Vec::new(), &mut stats, Some(&mut log));
    (game, log)
}

fn play_match(
    game: &mut Match,
    rng: &mut impl Rng,
    moves: &mut Vec<Move>,
    stats: &mut SimStats,
    mut log: Option<&mut MatchLog>,
) {
    let seats = game.seats();
    let mut rounds = 0;
    while !game.is_over() && rounds < MAX_ROUNDS_PER_MATCH {
        if let Some(log) = log.as_deref_mut() {
            let deal = Deal::random(game.rules(), seats, rng);
            game.start_round(&deal).expect("a random deal is complete");
            log.start_round(&deal);
        } else {
            game.start_random_round(rng);
        }
        let mut round_over = false;
        while !round_over {
            let round = game.round().expect("dealt");
            let seat = match round.to_move() {
                Some(s) => s as usize,
                None => rng.random_range(0..seats),
            };
            let (mv, outcome) =
                game.apply_random(seat, rng, moves).expect("the seat to move has a move");
            if let Some(log) = log.as_deref_mut() {
                log.push(seat, mv);
            }
            round_over = outcome.round_over;
            stats.moves += 1;
        }
        rounds += 1;
        stats.rounds += 1;
    }
}
