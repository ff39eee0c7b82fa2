//! `domino bench flow`: whether a table keeps pace with people inside the platforms' limits.
//! The real adapters run against their fakes on loopback (which keep the platforms' limits and
//! record every breach) with production pacing, in tokio's paused time, so a simulated hour
//! takes seconds; seeded people play (`domino_telegram::fake::flow`, and on Discord
//! `domino_discord::fake::flow`: `dc-pairs`). Printed per move: the wait
//! for one's move buttons, taps, budgeted calls by kind, notifying messages, the table
//! message's lag, moves a minute, and every breach.

use domino_core::chat::flow::{FlowReport, render};
use domino_discord::fake::flow as dc;
use domino_telegram::fake::flow::{FlowSpec, run as telegram};
use std::process::ExitCode;
use std::time::Duration;

/// The scenarios, in the order `all` plays them.
const SCENARIOS: [&str; 6] =
    ["tg-admin", "tg-member", "tg-two-tables", "tg-watchers", "tg-office-hour", "dc-pairs"];

#[derive(clap::Args)]
pub struct Args {
    /// Which scenarios: `all`, or names separated by commas (tg-admin, tg-member,
    /// tg-two-tables, tg-watchers, tg-office-hour, dc-pairs).
    #[arg(long, default_value = "all")]
    scenario: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How long people think once their move buttons show, in seconds: `A..B` (uniform) or
    /// one number (`0`: they press at once).
    #[arg(long, default_value = "2..6")]
    think: String,
    #[arg(long)]
    json: bool,
}

fn think(text: &str) -> anyhow::Result<(Duration, Duration)> {
    let secs = |s: &str| -> anyhow::Result<Duration> {
        let v: f64 =
            s.trim().parse().map_err(|_| anyhow::anyhow!("--think: {s:?} is no number"))?;
        anyhow::ensure!((0.0..=600.0).contains(&v), "--think: {v} is not within 0..600 s");
        Ok(Duration::from_secs_f64(v))
    };
    let (from, to) = match text.split_once("..") {
        Some((a, b)) => (secs(a)?, secs(b)?),
        None => (secs(text)?, secs(text)?),
    };
    anyhow::ensure!(from <= to, "--think: {text} runs backwards");
    Ok((from, to))
}

/// A scenario on either platform.
enum Spec {
    Telegram(FlowSpec),
    Discord(dc::FlowSpec),
}

fn spec(name: &str, seed: u64, think: (Duration, Duration)) -> Option<Spec> {
    let tg = |spec: FlowSpec| Spec::Telegram(FlowSpec { seed, think, ..spec });
    Some(match name {
        "tg-admin" => tg(FlowSpec::pairs(true)),
        "tg-member" => tg(FlowSpec::pairs(false)),
        "tg-two-tables" => tg(FlowSpec::two_tables()),
        "tg-watchers" => tg(FlowSpec::watched()),
        "tg-office-hour" => tg(FlowSpec::office_hour()),
        "dc-pairs" => Spec::Discord(dc::FlowSpec { seed, think, ..dc::FlowSpec::pairs() }),
        _ => return None,
    })
}

pub fn run(args: Args) -> ExitCode {
    match flow(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino bench flow: {e}");
            ExitCode::FAILURE
        }
    }
}

fn flow(args: Args) -> anyhow::Result<()> {
    let think = think(&args.think)?;
    let names: Vec<&str> = match args.scenario.as_str() {
        "all" => SCENARIOS.to_vec(),
        list => list.split(',').map(str::trim).collect(),
    };
    let mut specs = Vec::new();
    for name in names {
        let spec = spec(name, args.seed, think).ok_or_else(|| {
            anyhow::anyhow!("no scenario {name:?}: one of all, {}", SCENARIOS.join(", "))
        })?;
        specs.push(spec);
    }
    let mut reports: Vec<FlowReport> = Vec::new();
    for spec in specs {
        // Paused time on one thread: the simulated hour passes as fast as the work allows.
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .start_paused(true)
            .build()?;
        let started = std::time::Instant::now();
        let report = match spec {
            Spec::Telegram(spec) => rt.block_on(telegram(spec)),
            Spec::Discord(spec) => rt.block_on(dc::run(spec)),
        };
        eprintln!("{}: {:.1} s", report.scenario, started.elapsed().as_secs_f64());
        reports.push(report);
    }
    if args.json {
        let all: Vec<serde_json::Value> = reports.iter().map(FlowReport::json).collect();
        println!("{}", serde_json::to_string_pretty(&all)?);
    } else {
        println!("flow (seed {}, think {}):", args.seed, args.think);
        print!("{}", render(&reports));
    }
    Ok(())
}
