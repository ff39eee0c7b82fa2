//! The few texts only the Discord adapter says (everything about games comes from the core's
//! views), in Russian and English.

use domino_core::session::Lang;
use domino_core::store::{ChatSettings, Season};
use domino_core::view::text::bot_level_name;

pub const fn tr(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

pub fn table_opened(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("🎲 Стол №{number} открыт — он ниже в канале."),
        Lang::En => format!("🎲 Table #{number} is open: see it below in the channel."),
    }
}

pub fn no_table(lang: Lang) -> &'static str {
    tr(lang, "В этом канале нет открытых столов.", "There is no open table in this channel.")
}

pub fn no_such_table(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("Открытого стола №{number} в этом канале нет."),
        Lang::En => format!("There is no open table #{number} in this channel."),
    }
}

pub fn foreign_button(lang: Lang) -> &'static str {
    tr(
        lang,
        "Эта кнопка не от стола этого канала.",
        "This button is not from a table of this channel.",
    )
}

pub fn failed(lang: Lang) -> &'static str {
    tr(lang, "Что-то пошло не так. Попробуйте ещё раз.", "Something went wrong. Please try again.")
}

pub fn no_hand(lang: Lang) -> &'static str {
    tr(lang, "Кости ещё не розданы.", "No tiles have been dealt yet.")
}

pub fn cannot_post(lang: Lang) -> &'static str {
    tr(
        lang,
        "Не получается написать в этот канал: дайте боту право отправлять сообщения.",
        "I cannot post in this channel: let the bot send messages here.",
    )
}

pub fn admins_only(lang: Lang) -> &'static str {
    tr(
        lang,
        "Настройки канала меняет администратор сервера (право «Управлять сервером» или «Управлять каналами»).",
        "Only a server admin (Manage Server or Manage Channels) can change this channel's settings.",
    )
}

pub fn no_record(lang: Lang) -> &'static str {
    tr(lang, "Здесь ещё никто не доиграл матч.", "Nobody has finished a match here yet.")
}

pub fn export_note(lang: Lang) -> &'static str {
    tr(
        lang,
        "📦 Запись последнего матча (domino-record/1) и таблица чата (CSV).",
        "📦 The record of the last match (domino-record/1) and the chat's scoreboard (CSV).",
    )
}

pub fn bad_rules(lang: Lang, detail: &str) -> String {
    match lang {
        Lang::Ru => format!("Такие правила не подходят: {detail}"),
        Lang::En => format!("These rules do not work: {detail}"),
    }
}

pub fn new_season(lang: Lang, season: &Season) -> String {
    match lang {
        Lang::Ru => format!("🏁 Начат сезон {}: таблица чата с нуля.", season.number),
        Lang::En => format!("🏁 Season {} has begun: the scoreboard starts afresh.", season.number),
    }
}

/// "⚙️ Настройки канала: …" — what new tables here start with.
pub fn settings(s: &ChatSettings, season: &Season, lang: Lang) -> String {
    let timer = match (s.turn_secs, lang) {
        (None, _) => tr(lang, "нет", "off").to_owned(),
        (Some(n), Lang::Ru) => format!("{n} с"),
        (Some(n), Lang::En) => format!("{n} s"),
    };
    let presets = if s.presets.is_empty() {
        tr(lang, "нет", "none").to_owned()
    } else {
        s.presets.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join("; ")
    };
    let level = bot_level_name(s.bot_level, lang);
    match lang {
        Lang::Ru => format!(
            "⚙️ Настройки канала (для новых столов)\nЯзык: русский\nТаймер хода: {timer}\nКомпьютер: {level}\nПравила по умолчанию: {presets}\nСезон таблицы: {}",
            season.number
        ),
        Lang::En => format!(
            "⚙️ This channel's settings (for new tables)\nLanguage: English\nTurn timer: {timer}\nComputer: {level}\nDefault rules: {presets}\nScoreboard season: {}",
            season.number
        ),
    }
}

/// `/help` for Discord: the core's help with the commands written as `/domino …`.
pub fn help(lang: Lang) -> String {
    domino_core::view::help_text(lang)
        .lines()
        .map(|line| match line.strip_prefix('/') {
            Some(rest) => format!("/domino {}", rest.replacen("duel bot", "duel-bot", 1)),
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
