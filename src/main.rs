//! The `domino` binary: the bot, and tools around the engine.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
