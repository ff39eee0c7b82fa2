//! The slash command `/domino` (`/домино`), generated from the core's catalog: one subcommand
//! per command, one option per argument (its kind gives the Discord type and the choices),
//! Russian and English names and descriptions.

use domino_core::chat::{ArgKind, COMMANDS, CommandSpec};
use domino_core::ids::{Lang, Platform};
use serenity::builder::{CreateCommand, CreateCommandOption};
use serenity::model::application::{CommandOptionType, InteractionContext};

/// The top-level command's name.
pub const NAME: &str = "domino";

/// `/domino` with every subcommand.
pub fn command() -> CreateCommand {
    CreateCommand::new(NAME)
        .name_localized("ru", "домино")
        .description("Russian dominoes: Kozel, Morskoy, Osel, Telefon")
        .description_localized("ru", "Домино: «Козёл», «Морской козёл», «Осёл», «Телефон»")
        .contexts(vec![InteractionContext::Guild])
        .set_options(
            COMMANDS.iter().filter(|c| c.offered_on(Platform::Discord)).map(subcommand).collect(),
        )
}

fn subcommand(c: &CommandSpec) -> CreateCommandOption {
    let mut sub = CreateCommandOption::new(CommandOptionType::SubCommand, c.key, c.help(Lang::En))
        .name_localized("ru", c.ru)
        .description_localized("ru", c.help(Lang::Ru));
    for a in c.args {
        let mut o = CreateCommandOption::new(kind(a.kind), a.key, a.help.en)
            .name_localized("ru", a.ru)
            .description_localized("ru", a.help.ru);
        o = match a.kind {
            ArgKind::Game
            | ArgKind::Preset
            | ArgKind::Set
            | ArgKind::TourFormat
            | ArgKind::Pings => a
                .kind
                .choices()
                .into_iter()
                .fold(o, |o, c| o.add_string_choice_localized(c.en, c.key, [("ru", c.ru)])),
            kind => match kind.bound() {
                Some(b) => o.min_int_value(u64::from(b.min)).max_int_value(u64::from(b.max)),
                None => o,
            },
        };
        sub = sub.add_sub_option(o);
    }
    sub
}

/// The Discord type of an argument.
pub fn kind(kind: ArgKind) -> CommandOptionType {
    match kind {
        ArgKind::Game
        | ArgKind::Preset
        | ArgKind::Options
        | ArgKind::Set
        | ArgKind::TourFormat
        | ArgKind::TagWords
        | ArgKind::Zone => CommandOptionType::String,
        ArgKind::Pings => CommandOptionType::String,
        ArgKind::Players
        | ArgKind::Target
        | ArgKind::Table
        | ArgKind::Season
        | ArgKind::Count
        | ArgKind::Ago
        | ArgKind::Days
        | ArgKind::Minutes
        | ArgKind::Rounds
        | ArgKind::Round => CommandOptionType::Integer,
        ArgKind::Pairs
        | ArgKind::Computer
        | ArgKind::PairsTable
        | ArgKind::AllTime
        | ArgKind::NewSeason
        | ArgKind::NewLink
        | ArgKind::Thread
        | ArgKind::Streak => CommandOptionType::Boolean,
        ArgKind::Opponent => CommandOptionType::User,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_descriptions_fit_discord_rules() {
        let v = serde_json::to_value(command()).unwrap();
        fn check(v: &serde_json::Value) {
            let name = v["name"].as_str().unwrap();
            let ok = |n: &str| {
                (1..=32).contains(&n.chars().count())
                    && n.chars().all(|c| c == '-' || c == '_' || c.is_lowercase() || c.is_numeric())
            };
            assert!(ok(name), "{name}");
            assert!(ok(v["name_localizations"]["ru"].as_str().unwrap()), "{v}");
            for d in [&v["description"], &v["description_localizations"]["ru"]] {
                let d = d.as_str().unwrap();
                assert!((1..=100).contains(&d.chars().count()), "{d}");
            }
            let options = v["options"].as_array().map_or(0, Vec::len);
            assert!(options <= 25);
            for o in v["options"].as_array().into_iter().flatten() {
                check(o);
            }
            let choices = v["choices"].as_array().map_or(0, Vec::len);
            assert!(choices <= 25);
        }
        check(&v);
        // One subcommand per command of the catalog Discord offers (member tags are
        // Telegram's), one option per argument.
        let subs = v["options"].as_array().unwrap();
        let offered: Vec<_> = COMMANDS.iter().filter(|c| c.offered_on(Platform::Discord)).collect();
        assert_eq!(subs.len(), offered.len());
        assert!(offered.len() < COMMANDS.len() && !subs.iter().any(|s| s["name"] == "tags"));
        for (sub, spec) in subs.iter().zip(offered) {
            assert_eq!(sub["name"], spec.key);
            assert_eq!(sub["options"].as_array().map_or(0, Vec::len), spec.args.len());
        }
    }
}
