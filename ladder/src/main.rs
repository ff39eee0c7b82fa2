//! The regression ladder: the live expert against the expert as it was before issue 14, frozen
//! here (`baseline`), on fixed seeds pooled. Not part of the bot: the production crate has no
//! baseline level. Run it as
//!
//! ```text
//! cargo run --release -p domino-ladder -- --rounds 200 --seeds 1..4
//! cargo run --release -p domino-ladder -- --rounds 200 --seeds 1..4 --swap
//! ```
//!
//! Each seed is played as `domino sim --ai expert,expert@baseline --rounds N --seed S` played it
//! before the baseline left the bot (deals and leaders from one stream, the players' choices from
//! another), so its numbers compare with the ladder's earlier runs.

mod baseline;

use clap::Parser;
use domino_core::engine::ai::{Budget, Level, Observation, decide};
use domino_core::engine::game::Match;
use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::engine::sim::MAX_ROUNDS_PER_MATCH;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::process::ExitCode;

/// The expert against the frozen baseline: round and match win rates with 95% intervals.
#[derive(Parser, Debug)]
struct Args {
    #[arg(long, default_value = "kozel")]
    variant: String,
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Kozel family with four players: two pairs.
    #[arg(long)]
    pairs: bool,
    /// Rounds per seed.
    #[arg(long, default_value_t = 200)]
    rounds: u64,
    /// Seeds, a range with both ends (`1..4`).
    #[arg(long, default_value = "1..4")]
    seeds: String,
    /// Playouts per decision, for both rungs.
    #[arg(long, default_value_t = Budget::DEFAULT.playouts)]
    budget: u32,
    /// The baseline plays side 0 (the expert the other sides).
    #[arg(long)]
    swap: bool,
}

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Rung {
    Expert,
    Baseline,
}

#[derive(Default)]
struct Tally {
    rounds: u64,
    decided: u64,
    matches: u64,
    rounds_won: [u64; 4],
    matches_won: [u64; 4],
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino-ladder: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let variant: Variant = args.variant.parse().map_err(|e| format!("{e}"))?;
    let teams = if args.pairs { Teams::Pairs } else { Teams::None };
    let rules = Rules::builder(variant).teams(teams).build().map_err(|e| e.to_string())?;
    rules.check_table(args.players).map_err(|e| e.to_string())?;
    // The baseline is frozen as it was: double-six (the rules' default set) at up to four seats.
    if args.players > 4 {
        return Err("the baseline plays at most four seats".into());
    }
    let (from, to) = args.seeds.split_once("..").ok_or("--seeds: expected A..B")?;
    let parse = |s: &str| s.trim().parse::<u64>().map_err(|e| format!("--seeds: {e}"));
    let seeds = parse(from)?..=parse(to)?;
    let sides = rules.sides(args.players);
    let rungs: Vec<Rung> = (0..sides)
        .map(|s| if (s == 0) == args.swap { Rung::Baseline } else { Rung::Expert })
        .collect();
    let mut tally = Tally::default();
    for seed in seeds {
        run_seed(args, &rules, &rungs, seed, &mut tally);
    }
    println!(
        "{variant} {} players ({}), expert against expert@baseline, budget {}: {} rounds ({} decided), {} matches",
        args.players,
        rules.teams().key(),
        args.budget,
        tally.rounds,
        tally.decided,
        tally.matches
    );
    for (side, rung) in rungs.iter().enumerate() {
        let (lo, hi) = wilson(tally.rounds_won[side], tally.decided);
        println!(
            "  side {side} ({rung:?}): rounds won {:.3} [{lo:.3}, {hi:.3}], matches won {}",
            ratio(tally.rounds_won[side], tally.decided),
            tally.matches_won[side]
        );
    }
    Ok(())
}

/// One seed: deals and leaders from one stream, choices from another (as `domino sim --ai`).
fn run_seed(args: &Args, rules: &Rules, rungs: &[Rung], seed: u64, tally: &mut Tally) {
    let mut table = StdRng::seed_from_u64(seed);
    let mut players = StdRng::seed_from_u64(seed ^ 0x5eed_a1a1_5eed_a1a1);
    let budget = Budget { playouts: args.budget };
    let goal = tally.rounds + args.rounds;
    while tally.rounds < goal {
        let mut game = Match::new(rules.clone(), args.players).expect("rules checked");
        let mut rounds = 0;
        while !game.is_over() && rounds < MAX_ROUNDS_PER_MATCH && tally.rounds < goal {
            game.start_random_round(&mut table);
            rounds += 1;
            play_round(&mut game, rungs, &mut table, &mut players, budget, tally);
        }
        if let Some(result) = game.result() {
            tally.matches += 1;
            for side in 0..rungs.len() {
                let won = result.winner == Some(side)
                    || (result.winner.is_none() && result.loser.is_some_and(|l| l != side));
                tally.matches_won[side] += won as u64;
            }
        }
    }
}

fn play_round(
    game: &mut Match,
    rungs: &[Rung],
    table: &mut impl Rng,
    players: &mut impl Rng,
    budget: Budget,
    tally: &mut Tally,
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
        let obs = Observation::new(game, seat).expect("the seat to move observes");
        let mv = match rungs[game.rules().side_of(seat)] {
            Rung::Expert => decide(Level::Expert, &obs, players, budget, &|| false),
            Rung::Baseline => {
                baseline::search(&obs, &obs.legal_moves(), players, budget, &|| false)
            }
        };
        game.apply(seat, mv).expect("computer players make legal moves");
    }
    if game.round().is_some_and(|r| r.is_over()) {
        tally.rounds += 1;
        if let Some(w) = game.round_report().winner {
            tally.decided += 1;
            tally.rounds_won[w] += 1;
        }
    }
}

fn ratio(k: u64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { k as f64 / n as f64 }
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
