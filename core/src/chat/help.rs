//! `/help` and `/start`: the few commands a newcomer needs, and with «all» every command of
//! the catalog, as each platform writes them (`/` in Telegram, `/domino ` in Discord).

use super::texts::duel_computer;
use super::words::catalog::spec;
use super::{COMMANDS, Cmd};
use crate::session::{Lang, Platform};
use crate::view::text::tr;

fn games(lang: Lang) -> String {
    tr(
        lang,
        "🎲 Домино в чате: «Домино», «Козёл», «Морской козёл», «Осёл», «Телефон».",
        "🎲 Dominoes in your chat: Dominoes, Goat, Sea goat, Donkey, Telephone.",
    )
    .to_owned()
}

fn own_tiles(lang: Lang) -> String {
    tr(
        lang,
        "Свои кости смотрите кнопкой «Мои кости» — их видите только вы.",
        "Press «My tiles» to see your tiles: only you see them.",
    )
    .to_owned()
}

/// How «/help all» is typed on a platform, in the names a person of `lang` sees there.
fn help_all_typed(platform: Platform, lang: Lang) -> &'static str {
    match (platform, lang) {
        (Platform::Discord, Lang::Ru) => "/domino помощь всё:True",
        (Platform::Discord, Lang::En) => "/domino help all:True",
        (Platform::Telegram, Lang::Ru) => "/help всё",
        (Platform::Telegram, Lang::En) => "/help all",
        (Platform::Terminal, Lang::Ru) => "help всё",
        (Platform::Terminal, Lang::En) => "help all",
    }
}

/// `/help` (and `/start`): what the bot plays and the three commands a newcomer needs: how to
/// open a table, a duel, and every command.
pub fn help(lang: Lang, platform: Platform) -> String {
    let p = super::prefix(platform);
    let new = spec(Cmd::New);
    let duel = spec(Cmd::Duel);
    let (example, duel_with) = match lang {
        Lang::Ru => ("козёл 4", "@игрок"),
        Lang::En => ("goat 4", "@player"),
    };
    let bot = duel_computer(platform, lang);
    // Discord takes a command's arguments as its options: no words after it there.
    let (game, example, duel_with) = match platform {
        Platform::Discord => (String::new(), String::new(), String::new()),
        _ => (
            format!(" [{}]", tr(lang, "игра", "game")),
            format!(" ({p}{} {example})", new.key),
            format!(" {duel_with}"),
        ),
    };
    let lines = [
        games(lang),
        format!("{p}{}{game} — {}{example}", new.key, new.help(lang)),
        match lang {
            Lang::Ru => {
                format!("{p}{}{duel_with} — {}; {bot} — с компьютером", duel.key, duel.help(lang))
            }
            Lang::En => {
                format!(
                    "{p}{}{duel_with} — {}; {bot} against the computer",
                    duel.key,
                    duel.help(lang)
                )
            }
        },
        format!(
            "{} — {}",
            help_all_typed(platform, lang),
            tr(lang, "все команды", "every command")
        ),
        own_tiles(lang),
    ];
    lines.join("\n")
}

/// «/help all»: what the bot plays and every command of the catalog.
pub fn help_all(lang: Lang, platform: Platform) -> String {
    let prefix = super::prefix(platform);
    let mut out = vec![games(lang)];
    for c in COMMANDS.iter().filter(|c| c.offered_on(platform)) {
        let usage = c.usage(lang);
        let sep = if usage.is_empty() { "" } else { " " };
        out.push(format!("{prefix}{}{sep}{usage} — {}", c.key, c.help(lang)));
    }
    out.push(own_tiles(lang));
    out.join("\n")
}
