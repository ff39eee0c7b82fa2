//! The adapter's own words: deep links, private chats, command usage. Everything about the game
//! itself comes from `domino_core::view`.

use domino_core::session::Lang;

const fn tr(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

pub(crate) fn hello(lang: Lang) -> &'static str {
    tr(
        lang,
        "👋 Привет! Я веду партии в домино в групповых чатах. Добавьте меня в группу и наберите /new. \
         Свои кости вы будете видеть здесь.",
        "👋 Hi! I run domino games in group chats. Add me to a group and type /new. \
         Your tiles will show up here.",
    )
}

pub(crate) fn joined(lang: Lang, title: &str) -> String {
    match lang {
        Lang::Ru => format!("✅ Вы за столом «{title}». Кости придут сюда, когда начнётся матч."),
        Lang::En => {
            format!("✅ You are seated at «{title}». Your tiles come here when the match starts.")
        }
    }
}

pub(crate) fn bad_link(lang: Lang) -> &'static str {
    tr(lang, "Эта ссылка устарела или неверна.", "This link is out of date or wrong.")
}

pub(crate) fn open_private(lang: Lang, name: &str) -> String {
    match lang {
        Lang::Ru => format!(
            "🔒 {name}, я не могу написать вам в личку. Откройте чат со мной кнопкой ниже — там будут ваши кости и кнопки ходов. \
             Пока что кости видно по кнопке «Мои кости»."
        ),
        Lang::En => format!(
            "🔒 {name}, I cannot write to you privately. Open a chat with me with the button below: your tiles and move buttons go there. \
             Meanwhile «My tiles» shows them."
        ),
    }
}

pub(crate) fn open_chat_button(lang: Lang) -> &'static str {
    tr(lang, "💬 Открыть чат с ботом", "💬 Open the chat with the bot")
}

pub(crate) fn join_button(lang: Lang) -> &'static str {
    tr(lang, "✋ Сесть (в личке)", "✋ Join (private chat)")
}

pub(crate) fn private_tiles_button(lang: Lang) -> &'static str {
    tr(lang, "💬 Кости в личке", "💬 Tiles in private")
}

pub(crate) fn no_table(lang: Lang) -> &'static str {
    tr(
        lang,
        "В этом чате нет открытого стола. Откройте: /new",
        "No open table in this chat. Open one: /new",
    )
}

pub(crate) fn no_such_table(lang: Lang, number: &str) -> String {
    match lang {
        Lang::Ru => format!("Открытого стола №{number} здесь нет."),
        Lang::En => format!("There is no open table #{number} here."),
    }
}

pub(crate) fn no_record(lang: Lang) -> &'static str {
    tr(lang, "Здесь ещё ни один матч не доигран.", "No match has finished here yet.")
}

pub(crate) fn record_caption(lang: Lang) -> &'static str {
    tr(
        lang,
        "📄 Запись последнего матча (domino-record/1)",
        "📄 The record of the last match (domino-record/1)",
    )
}

pub(crate) fn csv_caption(lang: Lang) -> &'static str {
    tr(lang, "📄 Таблица чата (CSV)", "📄 The chat's scoreboard (CSV)")
}

pub(crate) fn duel_usage(lang: Lang) -> &'static str {
    tr(
        lang,
        "Кого вызвать? /duel @имя [игра], ответом на сообщение игрока, или /duel bot [игра] — с компьютером.",
        "Whom to challenge? /duel @name [game], as a reply to the player's message, or /duel bot [game] for the computer.",
    )
}

pub(crate) fn duel_unknown(lang: Lang, name: &str) -> String {
    match lang {
        Lang::Ru => format!(
            "Я пока не знаю {name}: пусть напишет здесь любую команду (например /help), или вызовите его ответом на его сообщение."
        ),
        Lang::En => format!(
            "I do not know {name} yet: ask them to send any command here (/help, say), or challenge them by replying to their message."
        ),
    }
}

pub(crate) fn bad_game(lang: Lang, word: &str) -> String {
    match lang {
        Lang::Ru => format!(
            "Не понимаю «{word}». Игры: classic (домино), kozel (козёл), morskoy (морской), osel (осёл), telefon (телефон); \
             ещё можно число мест 2–4 и «pairs» (пары)."
        ),
        Lang::En => format!(
            "I do not understand «{word}». Games: classic, kozel (goat), morskoy (sea goat), osel (donkey), telefon; \
             also a number of seats 2–4 and «pairs»."
        ),
    }
}

pub(crate) fn unknown_button(lang: Lang) -> &'static str {
    tr(
        lang,
        "Эта кнопка не отсюда или устарела.",
        "This button does not belong here or is out of date.",
    )
}

pub(crate) fn failed(lang: Lang) -> &'static str {
    tr(lang, "Не получилось, попробуйте ещё раз.", "That did not work; try again.")
}

pub(crate) fn season_started(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => {
            format!("🆕 Начат сезон {number}. Старые таблицы сохранены: /top {}", number - 1)
        }
        Lang::En => {
            format!("🆕 Season {number} has begun. Older ones are kept: /top {}", number - 1)
        }
    }
}

pub(crate) fn season_admins_only(lang: Lang) -> &'static str {
    tr(lang, "Новый сезон начинают админы чата.", "Only the chat's admins start a new season.")
}

pub(crate) fn season_header(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("Сезон {number}"),
        Lang::En => format!("Season {number}"),
    }
}
