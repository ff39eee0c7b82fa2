//! `domino bench engine`: the checked engine's random play against the minimal bitmask
//! comparator (`engine::reference`), side by side in one run, on the same games; then random
//! traditional play with every set (or `--set`), its rounds per second by set and players.

use domino_core::engine::reference;
use domino_core::engine::rules::{Rules, SETS, Teams, Variant};
use domino_core::engine::sim::{SimStats, simulate};
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Matches of random 4-player pairs Kozel per run.
    #[arg(long, default_value_t = 300_000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Runs of each, alternating; the median rate of each is reported.
    #[arg(long, default_value_t = 3)]
    repeat: u32,
    #[arg(long)]
    json: bool,
    /// The sets whose traditional play is timed too (by highest double; default every set).
    #[arg(long, value_delimiter = ',')]
    set: Option<Vec<u8>>,
    /// Matches of traditional play per set and player count.
    #[arg(long, default_value_t = 20_000)]
    set_games: u64,
}

/// One timed run of random traditional play.
struct SetRate {
    set: u8,
    players: usize,
    rounds: u64,
    rounds_per_sec: f64,
}

/// Random traditional play with each set, at two players, four and (larger sets) eight.
fn set_rates(args: &Args) -> Result<Vec<SetRate>, String> {
    let sets = args.set.clone().unwrap_or_else(|| SETS.to_vec());
    let mut out = Vec::new();
    for set in sets {
        let rules = Rules::builder(Variant::Classic)
            .option("set", json!(set))
            .build()
            .map_err(|e| format!("--set {set}: {e}"))?;
        for players in [2, 4, 8].into_iter().filter(|&n| rules.check_table(n).is_ok()) {
            let (stats, rate) = timed(|| simulate(&rules, players, args.set_games, args.seed));
            out.push(SetRate { set, players, rounds: stats.rounds, rounds_per_sec: rate });
        }
    }
    Ok(out)
}

fn timed(run: impl Fn() -> SimStats) -> (SimStats, f64) {
    let start = Instant::now();
    let stats = run();
    let secs = start.elapsed().as_secs_f64();
    (stats, stats.rounds as f64 / secs.max(1e-9))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

pub fn run(args: Args) -> std::process::ExitCode {
    let rules = Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().expect("pairs Kozel");
    let (mut engine, mut bitmask) = (Vec::new(), Vec::new());
    let mut same = true;
    let mut rounds = 0;
    let mut progress =
        crate::cli::progress::Progress::new("bench engine", "runs", 2 * args.repeat.max(1) as u64);
    for _ in 0..args.repeat.max(1) {
        let (a, rate_a) = timed(|| simulate(&rules, 4, args.games, args.seed));
        progress.advance(1);
        let (b, rate_b) = timed(|| reference::simulate(args.games, args.seed));
        progress.advance(1);
        same &= a == b;
        rounds = a.rounds;
        engine.push(rate_a);
        bitmask.push(rate_b);
    }
    progress.finish();
    let (engine, bitmask) = (median(engine), median(bitmask));
    let ratio = engine / bitmask;
    let sets = match set_rates(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("domino bench engine: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    if args.json {
        let sets: Vec<_> = sets
            .iter()
            .map(|r| {
                json!({"set": r.set, "players": r.players, "rounds": r.rounds,
                       "rounds_per_sec": r.rounds_per_sec})
            })
            .collect();
        let out = json!({
            "games": args.games,
            "rounds": rounds,
            "engine_rounds_per_sec": engine,
            "reference_rounds_per_sec": bitmask,
            "ratio": ratio,
            "same_games": same,
            "classic_by_set": sets,
        });
        println!("{out}");
    } else {
        println!(
            "random kozel 4 players (pairs), {} matches, {rounds} rounds, median of {}: engine \
             {engine:.0} rounds/s, bitmask reference {bitmask:.0} rounds/s, ratio {ratio:.3}{}",
            args.games,
            args.repeat.max(1),
            if same { "" } else { " (the two played different games: a bug)" }
        );
        for r in &sets {
            println!(
                "random classic, double-{}, {} players: {} rounds, {:.0} rounds/s",
                r.set, r.players, r.rounds, r.rounds_per_sec
            );
        }
    }
    if same { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::FAILURE }
}
