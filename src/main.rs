//! The `domino` binary: the bot, and tools around the engine.

mod cli;
mod heap;

#[global_allocator]
static ALLOC: heap::Counting = heap::Counting;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
