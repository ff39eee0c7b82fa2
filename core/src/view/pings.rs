//! What `/pings` says: how a person's turn pings come, and how to change it.

use crate::session::Lang;

fn mode_name(lang: Lang, key: &str) -> &'static str {
    match (lang, key) {
        (Lang::Ru, "quiet") => "тихо (без упоминания и уведомления)",
        (Lang::Ru, "off") => "никак (пингов нет)",
        (Lang::Ru, _) => "с упоминанием",
        (Lang::En, "quiet") => "quietly (no mention, no notification)",
        (Lang::En, "off") => "not at all (no pings)",
        (Lang::En, _) => "by mention",
    }
}

/// The setting now (`key`: `mention`, `quiet` or `off`), and how to change it (`p`: how
/// commands are written).
pub fn pings_text(lang: Lang, key: &str, p: &str) -> String {
    let now = mode_name(lang, key);
    match lang {
        Lang::Ru => format!(
            "🔔 Пинги вашего хода и предупреждения о времени: {now}.\nИзменить: {p}pings упоминание | тихо | нет"
        ),
        Lang::En => format!(
            "🔔 Your turn pings and time warnings: {now}.\nChange: {p}pings mention | quiet | off"
        ),
    }
}

/// The setting, changed to `key`.
pub fn pings_set_text(lang: Lang, key: &str) -> String {
    let now = mode_name(lang, key);
    match lang {
        Lang::Ru => format!("🔔 Теперь пинги вашего хода: {now}."),
        Lang::En => format!("🔔 Your turn pings from now on: {now}."),
    }
}
