//! `domino run`: start the bot on every platform whose token is set.

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {}

/// The chat adapters arrive with their own issues; until then this names what it would need.
pub fn run(_args: Args) -> ExitCode {
    let telegram = std::env::var_os("TELOXIDE_TOKEN").is_some_and(|t| !t.is_empty());
    let discord = std::env::var_os("DISCORD_TOKEN").is_some_and(|t| !t.is_empty());
    if !telegram && !discord {
        eprintln!(
            "domino run: no bot token set. Set TELOXIDE_TOKEN (Telegram) and/or DISCORD_TOKEN \
             (Discord) in the environment or in .env. Without a token, try `domino sim` or \
             `domino replay`."
        );
        return ExitCode::from(2);
    }
    let named: Vec<&str> = [(telegram, "Telegram"), (discord, "Discord")]
        .iter()
        .filter(|p| p.0)
        .map(|p| p.1)
        .collect();
    eprintln!(
        "domino run: {} support is not built yet in this version; nothing was started.",
        named.join(" and ")
    );
    ExitCode::from(2)
}
