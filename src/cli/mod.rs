//! Command-line interface (clap).

mod bench;
mod bench_askers;
mod bench_engine;
mod bench_hints;
mod bench_leaders;
mod bench_standings;
mod bench_tournament;
pub mod checks;
mod migrate;
mod play;
mod progress;
mod replay;
mod run;
pub mod settings;
mod sim;
mod sim_ai;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The version and the commit it was built from (build.rs).
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("DOMINO_COMMIT"), ")");

#[derive(Parser)]
#[command(name = "domino", version = VERSION, about = "Russian domino for Telegram and Discord group chats")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot on every platform whose token is set (TELOXIDE_TOKEN, DISCORD_TOKEN). Every
    /// setting below is read from its environment variable (or `.env`) or its flag, and all are
    /// checked before anything is opened.
    Run(Box<settings::RunArgs>),
    /// Play a game in the terminal against computer players.
    Play(play::Args),
    /// Replay a domino-record/1 file (or - for standard input) and print the results as JSON.
    Replay(replay::Args),
    /// Play random legal games and report throughput.
    Sim(sim::Args),
    /// Create the database if needed and run its migrations (DATABASE_URL), saying which it
    /// applied; --status shows the schema version; --from copies a SQLite store into PostgreSQL.
    Migrate(migrate::MigrateArgs),
    /// Measure the service: actions per second into SQLite or PostgreSQL, resuming tables, memory per table.
    Bench(bench::Args),
}

pub fn main() -> ExitCode {
    // `.env` first: its variables are read like the environment's.
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    match cli.command {
        Command::Run(args) => run::run(*args),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Sim(args) => sim::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Migrate(args) => migrate::migrate(args),
    }
}
