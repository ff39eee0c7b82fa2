//! The slash command `/domino` (`/домино`) and its subcommands, with Russian and English names
//! and descriptions; variants, presets, languages and computer levels as choices.

use domino_core::engine::rules::{Preset, Variant};
use domino_core::session::{BotLevel, Lang};
use domino_core::view::text::bot_level_name;
use domino_core::view::variant_name;
use serenity::builder::{CreateCommand, CreateCommandOption};
use serenity::model::application::{CommandOptionType, InteractionContext};

/// The top-level command's name.
pub const NAME: &str = "domino";

/// Turn timer choices, in seconds (0: no timer).
pub const TIMERS: [u32; 6] = [0, 30, 60, 120, 300, 600];

/// `/domino` with every subcommand.
pub fn command() -> CreateCommand {
    CreateCommand::new(NAME)
        .name_localized("ru", "домино")
        .description("Russian dominoes: Kozel, Morskoy, Osel, Telefon")
        .description_localized("ru", "Домино: «Козёл», «Морской козёл», «Осёл», «Телефон»")
        .contexts(vec![InteractionContext::Guild])
        .set_options(vec![
            sub("new", "стол", "Open a table in this channel", "Открыть стол в этом канале")
                .add_sub_option(variant(true))
                .add_sub_option(preset(false))
                .add_sub_option(
                    opt(
                        CommandOptionType::Integer,
                        "players",
                        "игроков",
                        "Seats at the table (2–4)",
                        "Мест за столом (2–4)",
                    )
                    .min_int_value(2)
                    .max_int_value(4),
                )
                .add_sub_option(opt(
                    CommandOptionType::Boolean,
                    "pairs",
                    "пары",
                    "Play in pairs (4 players; Kozel, Morskoy, Osel)",
                    "Играть парами (4 игрока; «Козёл», «Морской», «Осёл»)",
                )),
            sub(
                "duel",
                "дуэль",
                "Challenge someone to a one-on-one game",
                "Вызвать на партию один на один",
            )
            .add_sub_option(
                opt(CommandOptionType::User, "user", "игрок", "Whom to challenge", "Кого вызвать")
                    .required(true),
            )
            .add_sub_option(variant(false))
            .add_sub_option(preset(false)),
            sub(
                "duel-bot",
                "с-компьютером",
                "Play the computer one on one",
                "Сыграть с компьютером",
            )
            .add_sub_option(variant(false))
            .add_sub_option(preset(false)),
            sub("rules", "правила", "The rules of a game", "Правила игры")
                .add_sub_option(variant(false)),
            settings(),
            sub("score", "счёт", "The score of the match in play", "Счёт текущего матча")
                .add_sub_option(table()),
            sub("top", "таблица", "This channel's scoreboard", "Таблица канала")
                .add_sub_option(variant(false)),
            sub(
                "export",
                "экспорт",
                "The record of the last match and the scoreboard",
                "Запись последнего матча и таблица",
            ),
            sub(
                "stop",
                "стоп",
                "Close a table (the host or an admin)",
                "Закрыть стол (хозяин или админ)",
            )
            .add_sub_option(table()),
            sub("help", "помощь", "What the bot does", "Что умеет бот"),
        ])
}

fn settings() -> CreateCommandOption {
    let mut lang = opt(
        CommandOptionType::String,
        "language",
        "язык",
        "Language of new tables",
        "Язык новых столов",
    );
    for (l, en, ru) in [(Lang::Ru, "Russian", "Русский"), (Lang::En, "English", "Английский")]
    {
        lang = lang.add_string_choice_localized(en, l.key(), [("ru", ru)]);
    }
    let mut timer =
        opt(CommandOptionType::Integer, "timer", "таймер", "Seconds per turn", "Секунд на ход");
    for secs in TIMERS {
        let (en, ru) = match secs {
            0 => ("no timer".to_owned(), "без таймера".to_owned()),
            s if s < 60 => (format!("{s} s"), format!("{s} с")),
            s => (format!("{} min", s / 60), format!("{} мин", s / 60)),
        };
        timer = timer.add_int_choice_localized(en, secs as i32, [("ru", ru)]);
    }
    let mut level = opt(
        CommandOptionType::String,
        "level",
        "компьютер",
        "Strength of computer players",
        "Сила компьютера",
    );
    for l in BotLevel::ALL {
        level = level.add_string_choice_localized(
            bot_level_name(l, Lang::En),
            l.key(),
            [("ru", bot_level_name(l, Lang::Ru))],
        );
    }
    let preset = preset(false).add_string_choice_localized(
        "default rules",
        "none",
        [("ru", "обычные правила")],
    );
    sub(
        "settings",
        "настройки",
        "This channel's settings for new tables",
        "Настройки канала для новых столов",
    )
    .add_sub_option(lang)
    .add_sub_option(timer)
    .add_sub_option(level)
    .add_sub_option(variant(false))
    .add_sub_option(preset)
    .add_sub_option(opt(
        CommandOptionType::Boolean,
        "new-season",
        "новый-сезон",
        "Start a new scoreboard season",
        "Начать новый сезон таблицы",
    ))
}

fn sub(name: &str, ru: &str, en_desc: &str, ru_desc: &str) -> CreateCommandOption {
    opt(CommandOptionType::SubCommand, name, ru, en_desc, ru_desc)
}

fn opt(
    kind: CommandOptionType,
    name: &str,
    ru: &str,
    en_desc: &str,
    ru_desc: &str,
) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, en_desc)
        .name_localized("ru", ru)
        .description_localized("ru", ru_desc)
}

fn variant(required: bool) -> CreateCommandOption {
    let mut o =
        opt(CommandOptionType::String, "variant", "игра", "The game", "Игра").required(required);
    for v in Variant::ALL {
        o = o.add_string_choice_localized(
            variant_name(v, Lang::En),
            v.key(),
            [("ru", variant_name(v, Lang::Ru))],
        );
    }
    o
}

fn preset(required: bool) -> CreateCommandOption {
    let mut o = opt(
        CommandOptionType::String,
        "preset",
        "пресет",
        "A named set of house rules",
        "Набор домашних правил",
    )
    .required(required);
    for p in Preset::ALL {
        let (en, ru) = match p {
            Preset::Troshin => ("Troshin", "Трошин"),
            Preset::Plain => ("plain", "простые"),
            Preset::Sport => ("sport", "спортивные"),
        };
        o = o.add_string_choice_localized(en, p.key(), [("ru", ru)]);
    }
    o
}

fn table() -> CreateCommandOption {
    opt(
        CommandOptionType::Integer,
        "table",
        "стол",
        "Table number in this channel",
        "Номер стола в канале",
    )
    .min_int_value(1)
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
            for o in v["options"].as_array().into_iter().flatten() {
                check(o);
            }
            let choices = v["choices"].as_array().map_or(0, Vec::len);
            assert!(choices <= 25);
        }
        check(&v);
        assert_eq!(v["options"].as_array().unwrap().len(), 10);
    }
}
