//! `domino sim`: random legal play, many rounds, and the throughput it reached; with `--ai`,
//! computer players against each other, their win rates and the time they take per move.

use crate::cli::progress::Progress;
use domino_core::engine::ai::{Budget, Level, choose_move_within};
use domino_core::engine::game::Match;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::engine::sim::{MAX_ROUNDS_PER_MATCH, simulate_with};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Map, Value, json};
use std::process::ExitCode;
use std::time::{Duration, Instant};

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
    /// Computer players, one level per side (random, greedy, expert, expert@baseline), e.g.
    /// "expert,greedy"; "expert,expert@baseline" is the regression ladder.
    #[arg(long, value_delimiter = ',')]
    ai: Option<Vec<String>>,
    /// With --ai: play until this many rounds are scored instead of --games matches.
    #[arg(long)]
    rounds: Option<u64>,
    /// With --ai: the expert's playouts per move.
    #[arg(long, default_value_t = Budget::DEFAULT.playouts)]
    budget: u32,
    /// With --ai: a wall-clock cap per expert move in milliseconds (a safety net; moves cut
    /// short by it make the run depend on the machine's speed).
    #[arg(long)]
    cap_ms: Option<u64>,
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
        return match parse_levels(names, rules.sides(args.players)) {
            Ok(levels) => run_ai(&args, &rules, &levels),
            Err(e) => {
                eprintln!("domino sim: {e}");
                ExitCode::from(2)
            }
        };
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

/// Counts of a run of computer players.
#[derive(Default)]
struct AiStats {
    matches: u64,
    rounds: u64,
    /// Rounds with a winner.
    decided: u64,
    rounds_won: [u64; 4],
    matches_won: [u64; 4],
    /// Milliseconds per move, per level (index: position in `Level::ALL`).
    move_ms: [Vec<f64>; 4],
    /// The same, counting only moves where the seat had more than one legal move.
    choice_ms: [Vec<f64>; 4],
}

fn run_ai(args: &Args, rules: &Rules, levels: &[Level]) -> ExitCode {
    let seats = args.players;
    // Deals and leaders from one stream, the players' choices from another: the same seed
    // deals the same first round whatever the levels.
    let mut table = StdRng::seed_from_u64(args.seed);
    let mut players = StdRng::seed_from_u64(args.seed ^ 0x5eed_a1a1_5eed_a1a1);
    let budget = Budget { playouts: args.budget };
    let start = Instant::now();
    let mut progress = match args.rounds {
        Some(n) => Progress::new("sim --ai", "rounds", n),
        None => Progress::new("sim --ai", "matches", args.games),
    };
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
            play_round(
                &mut game,
                levels,
                &mut table,
                &mut players,
                budget,
                args.cap_ms,
                &mut stats,
            );
            progress.set(if args.rounds.is_some() { stats.rounds } else { stats.matches });
        }
        if let Some(result) = game.result() {
            stats.matches += 1;
            for side in 0..levels.len() {
                let won = result.winner == Some(side)
                    || (result.winner.is_none() && result.loser.is_some_and(|l| l != side));
                stats.matches_won[side] += won as u64;
            }
        }
    }
    progress.finish();
    report(args, rules, levels, &stats, start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
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

fn report(args: &Args, rules: &Rules, levels: &[Level], stats: &AiStats, seconds: f64) {
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
            "variant": rules.variant.key(),
            "players": args.players,
            "teams": rules.teams.key(),
            "levels": levels.iter().map(|l| l.key()).collect::<Vec<_>>(),
            "budget": args.budget,
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
    println!(
        "{} {} players ({}): {} matches, {} rounds ({} decided) in {:.1} s",
        rules.variant,
        args.players,
        rules.teams.key(),
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
