//! `domino sim --ai`: computer players against each other over one seed or several pooled
//! (`--seeds`, on `--jobs` threads), their win rates with 95% intervals and their time per move.
//!
//! Each seed plays exactly what `--seed` alone would play; seeds are pooled in the order given,
//! so the counts do not depend on `--jobs` (only the times per move, measured under its load).

use crate::cli::progress::Progress;
use crate::cli::sim::Args;
use domino_core::engine::ai::{Budget, Level, choose_move_within};
use domino_core::engine::game::Match;
use domino_core::engine::rules::{MAX_SEATS, Rules};
use domino_core::engine::sim::MAX_ROUNDS_PER_MATCH;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Map, Value, json};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How often the progress line is fed while the seeds play on their threads.
const POLL: Duration = Duration::from_millis(100);

/// Counts of a run of computer players.
#[derive(Default)]
struct AiStats {
    matches: u64,
    rounds: u64,
    /// Rounds with a winner.
    decided: u64,
    /// Per side (up to eight, one a seat).
    rounds_won: [u64; MAX_SEATS],
    matches_won: [u64; MAX_SEATS],
    /// Milliseconds per move, per level (index: position in `Level::ALL`).
    move_ms: [Vec<f64>; 4],
    /// The same, counting only moves where the seat had more than one legal move.
    choice_ms: [Vec<f64>; 4],
}

impl AiStats {
    fn add(&mut self, other: AiStats) {
        self.matches += other.matches;
        self.rounds += other.rounds;
        self.decided += other.decided;
        for i in 0..MAX_SEATS {
            self.rounds_won[i] += other.rounds_won[i];
            self.matches_won[i] += other.matches_won[i];
        }
        for (mine, theirs) in self.move_ms.iter_mut().zip(other.move_ms) {
            mine.extend(theirs);
        }
        for (mine, theirs) in self.choice_ms.iter_mut().zip(other.choice_ms) {
            mine.extend(theirs);
        }
    }
}

pub fn run(args: &Args, rules: &Rules, levels: &[Level], seeds: &[u64]) -> ExitCode {
    let start = Instant::now();
    let (unit, per_seed) = match args.rounds {
        Some(n) => ("rounds", n),
        None => ("matches", args.games),
    };
    let mut progress = Progress::new("sim --ai", unit, per_seed * seeds.len() as u64);
    let done = AtomicU64::new(0);
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<AiStats>>> = seeds.iter().map(|_| Mutex::new(None)).collect();
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&seed) = seeds.get(i) else { break };
            // Counted even if the seed panics, so that the progress loop below ends and the
            // scope passes the panic on.
            let _counted = Counted(&finished);
            let stats = run_seed(args, rules, levels, seed, &done);
            *results[i].lock().expect("no worker panics holding it") = Some(stats);
        }
    };
    let jobs = args.jobs.clamp(1, seeds.len());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(work);
        }
        while finished.load(Ordering::Acquire) < seeds.len() {
            progress.set(done.load(Ordering::Relaxed));
            std::thread::sleep(POLL);
        }
    });
    progress.finish();
    let mut stats = AiStats::default();
    for r in results {
        stats.add(r.into_inner().expect("no worker panicked").expect("every seed played"));
    }
    report(args, rules, levels, seeds, &stats, start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// Adds one to its counter when dropped, panicking or not.
struct Counted<'a>(&'a AtomicUsize);

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// One seed's run, adding the rounds (or matches) it finishes to `done`.
fn run_seed(args: &Args, rules: &Rules, levels: &[Level], seed: u64, done: &AtomicU64) -> AiStats {
    let seats = args.players;
    // Deals and leaders from one stream, the players' choices from another: the same seed
    // deals the same first round whatever the levels.
    let mut table = StdRng::seed_from_u64(seed);
    let mut players = StdRng::seed_from_u64(seed ^ 0x5eed_a1a1_5eed_a1a1);
    let budget = Budget { playouts: args.budget };
    let mut stats = AiStats::default();
    let enough = |s: &AiStats| match args.rounds {
        Some(n) => s.rounds >= n,
        None => s.matches >= args.games,
    };
    while !enough(&stats) {
        let mut game = Match::new(rules.clone(), seats).expect("rules checked");
        let mut rounds = 0;
        while !game.is_over() && rounds < MAX_ROUNDS_PER_MATCH && !enough(&stats) {
            game.start_random_round(&mut table);
            rounds += 1;
            let before = stats.rounds;
            play_round(
                &mut game,
                levels,
                &mut table,
                &mut players,
                budget,
                args.cap_ms,
                &mut stats,
            );
            if args.rounds.is_some() {
                done.fetch_add(stats.rounds - before, Ordering::Relaxed);
            }
        }
        if let Some(result) = game.result() {
            stats.matches += 1;
            for side in 0..levels.len() {
                let won = result.winner == Some(side)
                    || (result.winner.is_none() && result.loser.is_some_and(|l| l != side));
                stats.matches_won[side] += won as u64;
            }
            if args.rounds.is_none() {
                done.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    stats
}

/// Plays the dealt round to its end (or the match's), timing every move.
fn play_round(
    game: &mut Match,
    levels: &[Level],
    table: &mut impl Rng,
    players: &mut impl Rng,
    budget: Budget,
    cap_ms: Option<u64>,
    stats: &mut AiStats,
) {
    loop {
        let round = game.round().expect("dealt");
        if round.is_over() || game.is_over() {
            break;
        }
        let seat = match round.to_move() {
            Some(s) => s as usize,
            None => table.random_range(0..game.seats()),
        };
        let level = levels[game.rules().side_of(seat)];
        let choice = game.legal_moves(seat).len() > 1;
        let started = Instant::now();
        let deadline = cap_ms.map(|ms| started + Duration::from_millis(ms));
        let out_of_time = || deadline.is_some_and(|d| Instant::now() >= d);
        let mv = choose_move_within(level, game, seat, players, budget, &out_of_time)
            .expect("the seat to move has a move");
        let ms = started.elapsed().as_secs_f64() * 1e3;
        stats.move_ms[level_index(level)].push(ms);
        if choice {
            stats.choice_ms[level_index(level)].push(ms);
        }
        game.apply(seat, mv).expect("computer players make legal moves");
    }
    if game.round().is_some_and(|r| r.is_over()) {
        stats.rounds += 1;
        if let Some(w) = game.round_report().winner {
            stats.decided += 1;
            stats.rounds_won[w] += 1;
        }
    }
}

fn level_index(level: Level) -> usize {
    Level::ALL.iter().position(|&l| l == level).expect("listed")
}

/// The 95% Wilson score interval of `k` successes in `n`.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.96f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// The `q` quantile (0..=1) of sorted values, nearest rank.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn report(
    args: &Args,
    rules: &Rules,
    levels: &[Level],
    seeds: &[u64],
    stats: &AiStats,
    seconds: f64,
) {
    let ratio = |k: u64, n: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let sides = levels.len();
    let win_rate: Vec<f64> =
        (0..sides).map(|s| ratio(stats.rounds_won[s], stats.decided)).collect();
    let ci95: Vec<(f64, f64)> =
        (0..sides).map(|s| wilson(stats.rounds_won[s], stats.decided)).collect();
    let match_rate: Vec<f64> =
        (0..sides).map(|s| ratio(stats.matches_won[s], stats.matches)).collect();
    let (mut median, mut p99, mut moves) = (Map::new(), Map::new(), Map::new());
    let (mut choice_median, mut choice_p99) = (Map::new(), Map::new());
    for level in Level::ALL.into_iter().filter(|l| levels.contains(l)) {
        let key = level.key().to_owned();
        let mut ms = stats.move_ms[level_index(level)].clone();
        ms.sort_by(f64::total_cmp);
        median.insert(key.clone(), json!(quantile(&ms, 0.5)));
        p99.insert(key.clone(), json!(quantile(&ms, 0.99)));
        moves.insert(key.clone(), json!(ms.len()));
        let mut ms = stats.choice_ms[level_index(level)].clone();
        ms.sort_by(f64::total_cmp);
        choice_median.insert(key.clone(), json!(quantile(&ms, 0.5)));
        choice_p99.insert(key, json!(quantile(&ms, 0.99)));
    }
    if args.json {
        let out = json!({
            "variant": rules.variant().key(),
            "players": args.players,
            "teams": rules.teams().key(),
            "levels": levels.iter().map(|l| l.key()).collect::<Vec<_>>(),
            "budget": args.budget,
            "seeds": seeds,
            "games": stats.matches,
            "rounds": stats.rounds,
            "rounds_decided": stats.decided,
            "win_rate": win_rate,
            "ci95": ci95.iter().map(|&(lo, hi)| json!([lo, hi])).collect::<Vec<_>>(),
            "match_win_rate": match_rate,
            "moves": moves,
            "move_ms_median": median,
            "move_ms_p99": p99,
            "choice_ms_median": choice_median,
            "choice_ms_p99": choice_p99,
            "seconds": seconds,
        });
        println!("{out}");
        return;
    }
    let seeds: Vec<String> = seeds.iter().map(u64::to_string).collect();
    println!(
        "{} {} players ({}), seed {}: {} matches, {} rounds ({} decided) in {:.1} s",
        rules.variant(),
        args.players,
        rules.teams().key(),
        seeds.join(","),
        stats.matches,
        stats.rounds,
        stats.decided,
        seconds
    );
    for (side, level) in levels.iter().enumerate() {
        let (lo, hi) = ci95[side];
        println!(
            "side {side} ({level}): rounds won {}/{} = {:.1}% [95%: {:.1}-{:.1}], matches won {:.1}%",
            stats.rounds_won[side],
            stats.decided,
            100.0 * win_rate[side],
            100.0 * lo,
            100.0 * hi,
            100.0 * match_rate[side]
        );
    }
    for level in Level::ALL.into_iter().filter(|l| levels.contains(l)) {
        let ms = |m: &Map<String, Value>| m[level.key()].as_f64().unwrap_or(0.0);
        println!(
            "{level}: {} moves, {:.3} ms median, {:.3} ms p99 per move; with a choice: {:.3} ms \
             median, {:.3} ms p99",
            moves[level.key()],
            ms(&median),
            ms(&p99),
            ms(&choice_median),
            ms(&choice_p99)
        );
    }
}
