//! `domino bench hints`: how long the expert's hint and round review take for a person, over
//! rounds of greedy play (hints at every choice of seat 0, a review of seat 0 after each round);
//! with `--askers N`, computer moves' delay while `N` people ask for hints (`bench_askers`).

use crate::cli::progress::Progress;
use domino_core::engine::ai::{Budget, Level, Observation, choose_move, hint, review};
use domino_core::engine::game::Match;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::BotLevel;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = "kozel")]
    variant: String,
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// "pairs" for two pairs of partners, "none" for each on their own. Unset: pairs where
    /// they seat the players (4-player Kozel), else each on their own.
    #[arg(long)]
    teams: Option<String>,
    #[arg(long, default_value_t = 100)]
    rounds: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The expert's playouts per hint or judged move.
    #[arg(long, default_value_t = Budget::DEFAULT.playouts)]
    budget: u32,
    #[arg(long)]
    json: bool,
    /// People asking for hints at once, each at a duel of their own: instead of timing hints,
    /// measure the delay of computer moves on `--tables` computers' tables, without the askers
    /// and then beside them.
    #[arg(long)]
    askers: Option<u32>,
    /// With `--askers`: tables where only computers play.
    #[arg(long, default_value_t = 4)]
    tables: u32,
    /// With `--askers`: seconds each of the two runs lasts.
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// With `--askers`: the pause before each computer move (the bot's default is 800).
    #[arg(long, default_value_t = 800)]
    pause_ms: u64,
    /// With `--askers`: the computers' level on their tables (random, greedy, expert).
    #[arg(long, default_value = "greedy")]
    level: String,
}

/// `--askers N`: the computers' delay without and beside `N` people asking for hints.
fn askers_run(args: &Args, askers: u32) -> ExitCode {
    let level = match args.level.as_str() {
        "random" => BotLevel::Random,
        "greedy" => BotLevel::Greedy,
        "expert" => BotLevel::Expert,
        other => {
            eprintln!("domino bench hints: --level {other}: random, greedy or expert");
            return ExitCode::from(2);
        }
    };
    let setup = crate::cli::bench_askers::Setup {
        askers,
        tables: args.tables,
        seconds: args.seconds,
        pause_ms: args.pause_ms,
        budget: Budget { playouts: args.budget },
        level,
    };
    match crate::cli::bench_askers::run(setup, args.json) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino bench hints: {e}");
            ExitCode::FAILURE
        }
    }
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// The rules of the benched table: the teams asked for, else pairs where they seat the
/// players (the defaults, 4-player Kozel, are the usual pairs game), else each on his own.
fn table_rules(variant: Variant, teams: Option<&str>, players: usize) -> Result<Rules, String> {
    let with = |teams: Option<&str>| {
        let teams = teams.map(|t| json!(t));
        Rules::from_options(variant, &Value::Null, teams.as_ref())
            .map_err(|e| e.to_string())
            .and_then(|r| r.check_table(players).map(|_| r).map_err(|e| e.to_string()))
    };
    match teams {
        Some(t) => with(Some(t)),
        None => with(Some("pairs")).or_else(|_| with(None)),
    }
}

pub fn run(args: Args) -> ExitCode {
    if let Some(askers) = args.askers {
        return askers_run(&args, askers);
    }
    let variant: Variant = match args.variant.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("domino bench hints: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = match table_rules(variant, args.teams.as_deref(), args.players) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("domino bench hints: {e}");
            return ExitCode::from(2);
        }
    };
    let budget = Budget { playouts: args.budget };
    let mut rng = StdRng::seed_from_u64(args.seed);
    let (mut hint_ms, mut review_ms) = (Vec::new(), Vec::new());
    let mut progress = Progress::new("bench hints", "rounds", args.rounds);
    let mut done = 0;
    while done < args.rounds {
        let mut game = Match::new(rules.clone(), args.players).expect("rules checked");
        while !game.is_over() && done < args.rounds {
            game.start_random_round(&mut rng);
            let start = game.clone();
            let mut moves = Vec::new();
            while !game.round().expect("dealt").is_over() && !game.is_over() {
                let round = game.round().expect("dealt");
                let seat = round.to_move().map_or(0, usize::from);
                if seat == 0 && game.legal_moves(0).len() > 1 {
                    let obs = Observation::new(&game, 0).expect("seat 0 moves");
                    let t = Instant::now();
                    let _ = hint(&obs, &mut rng, budget);
                    hint_ms.push(t.elapsed().as_secs_f64() * 1e3);
                }
                let mv = choose_move(Level::Greedy, &game, seat, &mut rng).expect("a move");
                game.apply(seat, mv).expect("legal");
                moves.push((seat as u8, mv));
            }
            let t = Instant::now();
            let _ = review(&start, &moves, 0, 3, 0.0, &mut rng, budget);
            review_ms.push(t.elapsed().as_secs_f64() * 1e3);
            done += 1;
            progress.set(done);
        }
    }
    progress.finish();
    hint_ms.sort_by(f64::total_cmp);
    review_ms.sort_by(f64::total_cmp);
    let (hm, hp) = (quantile(&hint_ms, 0.5), quantile(&hint_ms, 0.99));
    let (rm, rp) = (quantile(&review_ms, 0.5), quantile(&review_ms, 0.99));
    if args.json {
        let out = json!({
            "variant": rules.variant().key(), "players": args.players, "teams": rules.teams().key(),
            "rounds": done, "budget": args.budget, "hints": hint_ms.len(),
            "hint_ms_median": hm, "hint_ms_p99": hp,
            "review_ms_median": rm, "review_ms_p99": rp,
        });
        println!("{out}");
    } else {
        println!(
            "{} {} players ({}), {done} rounds: {} hints, {hm:.2} ms median, {hp:.2} ms p99; \
             {done} reviews of seat 0, {rm:.1} ms median, {rp:.1} ms p99",
            rules.variant(),
            args.players,
            rules.teams().key(),
            hint_ms.len()
        );
    }
    ExitCode::SUCCESS
}
