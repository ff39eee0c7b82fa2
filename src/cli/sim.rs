//! `domino sim`: random legal play, many rounds, and the throughput it reached; with `--ai`,
//! computer players against each other, their win rates and the time they take per move.

use crate::cli::progress::Progress;
use crate::cli::sim_ai;
use domino_core::engine::ai::{Budget, Level};
use domino_core::engine::rules::{Rules, Variant};
use domino_core::engine::sim::simulate_with;
use serde_json::{Value, json};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// classic, kozel, morskoy, osel or telefon.
    #[arg(long)]
    variant: String,
    /// Players at the table (2-4; up to 8 in classic with a larger --set).
    #[arg(long, default_value_t = 4)]
    pub(super) players: usize,
    /// The set by its highest double: 6 (the default), 9, 12, 15 or 18 (classic only beyond 6).
    #[arg(long)]
    set: Option<u8>,
    /// "pairs" for two pairs of partners (Kozel family, 4 players).
    #[arg(long)]
    teams: Option<String>,
    /// Rule options as a JSON object, e.g. '{"preset":"troshin"}'.
    #[arg(long)]
    rules: Option<String>,
    /// Matches to play.
    #[arg(long, default_value_t = 1000)]
    pub(super) games: u64,
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// With --ai: several seeds, pooled ("21..24", both ends included, or "3,5,8"); each plays
    /// --rounds (or --games) as --seed would, and the counts and times add up.
    #[arg(long, conflicts_with = "seed")]
    seeds: Option<String>,
    /// With --seeds: how many seeds play at once, one thread each (the result is the same
    /// whatever the number; times per move are measured under that load).
    #[arg(long, default_value_t = 1)]
    pub(super) jobs: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub(super) json: bool,
    /// Computer players, one level per side (random, greedy, expert), e.g. "expert,greedy" (the
    /// regression ladder against the frozen expert@baseline is `cargo run -p domino-ladder`).
    #[arg(long, value_delimiter = ',')]
    ai: Option<Vec<String>>,
    /// With --ai: play until this many rounds are scored instead of --games matches.
    #[arg(long)]
    pub(super) rounds: Option<u64>,
    /// With --ai: the expert's playouts per move.
    #[arg(long, default_value_t = Budget::DEFAULT.playouts)]
    pub(super) budget: u32,
    /// With --ai: a wall-clock cap per expert move in milliseconds (a safety net; moves cut
    /// short by it make the run depend on the machine's speed).
    #[arg(long)]
    pub(super) cap_ms: Option<u64>,
}

pub fn run(args: Args) -> ExitCode {
    let rules = match parse_rules(&args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("domino sim: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(names) = &args.ai {
        let levels = parse_levels(names, rules.sides(args.players));
        let seeds = parse_seeds(args.seeds.as_deref(), args.seed);
        return match (levels, seeds) {
            (Ok(levels), Ok(seeds)) => sim_ai::run(&args, &rules, &levels, &seeds),
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("domino sim: {e}");
                ExitCode::from(2)
            }
        };
    }
    if args.seeds.is_some() {
        eprintln!("domino sim: --seeds pools the runs of computer players: use it with --ai");
        return ExitCode::from(2);
    }
    let start = Instant::now();
    let mut progress = Progress::new("sim", "matches", args.games);
    let stats = simulate_with(&rules, args.players, args.games, args.seed, &mut |s| {
        progress.set(s.matches)
    });
    progress.finish();
    let seconds = start.elapsed().as_secs_f64();
    let per_sec = stats.rounds as f64 / seconds.max(1e-9);
    if args.json {
        let out = json!({
            "variant": rules.variant().key(),
            "players": args.players,
            "teams": rules.teams().key(),
            "games": stats.matches,
            "rounds": stats.rounds,
            "moves": stats.moves,
            "seconds": seconds,
            "rounds_per_sec": per_sec,
        });
        println!("{out}");
    } else {
        println!(
            "{} {} players ({}): {} matches, {} rounds, {} moves in {:.3} s: {:.0} rounds/s",
            rules.variant(),
            args.players,
            rules.teams().key(),
            stats.matches,
            stats.rounds,
            stats.moves,
            seconds,
            per_sec
        );
    }
    ExitCode::SUCCESS
}

fn parse_rules(args: &Args) -> Result<Rules, String> {
    let variant: Variant = args.variant.parse().map_err(|e| format!("{e}"))?;
    let mut options: Value = match &args.rules {
        Some(text) => serde_json::from_str(text).map_err(|e| format!("--rules: {e}"))?,
        None => json!({}),
    };
    if let (Some(set), Value::Object(m)) = (args.set, &mut options) {
        m.insert("set".into(), json!(set));
    }
    let teams = args.teams.as_ref().map(|t| json!(t));
    let rules =
        Rules::from_options(variant, &options, teams.as_ref()).map_err(|e| e.to_string())?;
    rules.check_table(args.players).map_err(|e| e.to_string())?;
    Ok(rules)
}

fn parse_levels(names: &[String], sides: usize) -> Result<Vec<Level>, String> {
    let levels = names
        .iter()
        .map(|n| n.trim().parse::<Level>().map_err(|e| format!("--ai: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    if levels.len() != sides {
        return Err(format!("--ai: {} levels for {sides} sides", levels.len()));
    }
    Ok(levels)
}

/// The seeds to pool: `--seeds` ("a..b" with both ends, or "a,b,c"), else `--seed` alone.
fn parse_seeds(seeds: Option<&str>, seed: u64) -> Result<Vec<u64>, String> {
    let Some(text) = seeds else { return Ok(vec![seed]) };
    let bad = || format!("--seeds: {text:?} is neither a range like 21..24 nor a list like 3,5,8");
    let number = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
    let list: Vec<u64> = match text.split_once("..") {
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b)?);
            if a > b || b - a >= 10_000 {
                return Err(bad());
            }
            (a..=b).collect()
        }
        None => text.split(',').map(number).collect::<Result<_, _>>()?,
    };
    let mut unique = list.clone();
    unique.sort_unstable();
    unique.dedup();
    if unique.len() != list.len() {
        return Err(format!("--seeds: {text:?} names a seed twice"));
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::parse_seeds;

    #[test]
    fn seeds_are_a_range_or_a_list_and_default_to_the_seed() {
        assert_eq!(parse_seeds(None, 7), Ok(vec![7]));
        assert_eq!(parse_seeds(Some("21..24"), 1), Ok(vec![21, 22, 23, 24]));
        assert_eq!(parse_seeds(Some("5..5"), 1), Ok(vec![5]));
        assert_eq!(parse_seeds(Some("3, 5,8"), 1), Ok(vec![3, 5, 8]));
        for bad in ["", "4..2", "a..b", "1,,2", "1..", "3,3", "0..20000"] {
            assert!(parse_seeds(Some(bad), 1).is_err(), "{bad:?}");
        }
    }
}
