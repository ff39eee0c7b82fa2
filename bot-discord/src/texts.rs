//! The few texts only the Discord adapter says (everything else comes from the core's chat
//! layer and views), in Russian and English.

use domino_core::ids::Lang;

pub const fn tr(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

pub fn cannot_post(lang: Lang) -> &'static str {
    tr(
        lang,
        "Не получается написать в этот канал: дайте боту право отправлять сообщения.",
        "I cannot post in this channel: let the bot send messages here.",
    )
}

pub fn cannot_thread(lang: Lang) -> &'static str {
    tr(
        lang,
        "Не получается открыть ветку: дайте боту право создавать публичные ветки — или откройте стол без ветки.",
        "I cannot open a thread: let the bot create public threads, or open the table without one.",
    )
}

/// A spectator's view whose interaction token is about to lapse: its last edit.
pub fn watch_expired(lang: Lang) -> &'static str {
    tr(
        lang,
        "⏳ Этот вид больше не обновляется сам: нажмите «🔄» или снова /domino watch.",
        "⏳ This view no longer keeps up by itself: press «🔄» or /domino watch again.",
    )
}

pub fn done(lang: Lang) -> &'static str {
    tr(lang, "✅ Готово.", "✅ Done.")
}

/// The turn ping's second line: where the person's tiles are. `shown`: their hand (an
/// ephemeral message) is kept current, so they move on it; else they press «My tiles».
pub fn ping_hand(lang: Lang, shown: bool) -> &'static str {
    match shown {
        true => tr(
            lang,
            "Ваши кости выше уже обновлены: ходите прямо там.",
            "Your tiles above are up to date: move right there.",
        ),
        false => tr(
            lang,
            "Нажмите «🎴 Мои кости»: ваши кости появятся здесь и дальше будут обновляться сами.",
            "Press «🎴 My tiles»: your tiles appear here and keep up with the game from then on.",
        ),
    }
}
