//! The `domino` binary: the bot, and tools around the engine.

mod cli;
mod heap;
mod ops;

#[global_allocator]
static ALLOC: heap::Counting = heap::Counting;

use domino_core::session::Robot;
use std::process::ExitCode;
use std::sync::Arc;

/// The computer players every command uses.
pub fn robot() -> Arc<dyn Robot> {
    Arc::new(domino_core::robots::AiRobot::default())
}

fn main() -> ExitCode {
    heap::tune();
    cli::main()
}
