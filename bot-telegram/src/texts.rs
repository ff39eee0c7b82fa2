//! The adapter's own words: deep links, private chats, hands in the group. Everything else comes from the core
//! (`domino_core::chat::texts` and `domino_core::view`).

use domino_core::ids::Lang;

const fn tr(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
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

pub(crate) fn post_as_yourself(lang: Lang) -> &'static str {
    tr(
        lang,
        "🙈 Это сообщение пришло от имени канала или анонимного админа — таких игроков я не различаю. Напишите от своего имени.",
        "🙈 This came from a channel or an anonymous admin, and I cannot tell such players apart. Please post as yourself.",
    )
}

pub(crate) fn overflow(lang: Lang) -> &'static str {
    tr(
        lang,
        "⚠️ Здесь сейчас слишком много сообщений — часть ответов я пропустил. Столы показываю как есть.",
        "⚠️ Too many messages at once here: I left some replies out. The tables show as they are.",
    )
}

pub(crate) fn open_chat_button(lang: Lang) -> &'static str {
    tr(lang, "💬 Открыть чат с ботом", "💬 Open the chat with the bot")
}

pub(crate) fn join_button(lang: Lang) -> &'static str {
    tr(lang, "💬 Сесть в личке", "💬 Join in private")
}

pub(crate) fn private_tiles_button(lang: Lang) -> &'static str {
    tr(lang, "💬 Кости в личке", "💬 Tiles in private")
}

pub(crate) fn press_my_tiles(lang: Lang) -> &'static str {
    tr(
        lang,
        "🎴 Нажмите «Мои кости» на столе — я покажу их здесь, видно будет только вам.",
        "🎴 Press «My tiles» on the table: I will show them here, to you alone.",
    )
}

/// `/watch N` typed in a group where the bot may not show a message to one person unasked
/// (it is no administrator), for someone whose private chat it cannot write to.
pub(crate) fn watch_from_menu(lang: Lang) -> &'static str {
    tr(
        lang,
        "👀 Чтобы смотреть стол, выберите /watch в меню команд (эту команду видите только вы) или откройте личный чат с ботом.",
        "👀 To watch a table, pick /watch from the command menu (only you see it) or open a private chat with the bot.",
    )
}
