//! `domino sim`: random legal play, many rounds, and the throughput it reached.

use domino_core::engine::rules::{Rules, Variant};
use domino_core::engine::sim::simulate;
use serde_json::{Value, json};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// classic, kozel, morskoy, osel or telefon.
    #[arg(long)]
    variant: String,
    /// Players at the table (2-4).
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// "pairs" for two pairs of partners (Kozel family, 4 players).
    #[arg(long)]
    teams: Option<String>,
    /// Rule options as a JSON object, e.g. '{"preset":"troshin"}'.
    #[arg(long)]
    rules: Option<String>,
    /// Matches to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> ExitCode {
    let rules = match parse_rules(&args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("domino sim: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let stats = simulate(&rules, args.players, args.games, args.seed);
    let seconds = start.elapsed().as_secs_f64();
    let per_sec = stats.rounds as f64 / seconds.max(1e-9);
    if args.json {
        let out = json!({
            "variant": rules.variant.key(),
            "players": args.players,
            "teams": rules.teams.key(),
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
            rules.variant,
            args.players,
            rules.teams.key(),
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
    let options: Value = match &args.rules {
        Some(text) => serde_json::from_str(text).map_err(|e| format!("--rules: {e}"))?,
        None => Value::Null,
    };
    let teams = args.teams.as_ref().map(|t| json!(t));
    let rules =
        Rules::from_options(variant, &options, teams.as_ref()).map_err(|e| e.to_string())?;
    rules.check_table(args.players).map_err(|e| e.to_string())?;
    Ok(rules)
}
