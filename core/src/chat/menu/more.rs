//! The page of more defaults: what a chat changes less often than its game, timer, language
//! and seasons (the first page) — the turn reminder, what the turn timer running out does, the
//! computer's strength, how the board is shown, hints, and the match clock of new tables.

use super::draw::{HINTS_LABEL, NUDGE_LABEL, nudge_text};
use super::{CLOCKS, Change, Control, ControlKind, Item, MenuPress, Page};
use crate::engine::rules::{Preset, Words};
use crate::session::{BotLevel, ClockRule, Lang, TimeUp};
use crate::store::{BoardMode, ChatSettings, NUDGES, TableClock};
use crate::view::text::{bot_level_name, pick, preset_word, tr};

/// The match clock new tables take: «по пресету (sport: 10+5)», «нет», «10+5».
pub fn clock_text(c: TableClock, lang: Lang) -> String {
    match c {
        TableClock::Preset => {
            let sport = preset_word(Preset::Sport, lang);
            format!(
                "{} ({sport}: {})",
                tr(lang, "по пресету", "by the preset"),
                ClockRule::SPORT.text()
            )
        }
        TableClock::Off => tr(lang, "нет", "none").to_owned(),
        TableClock::Rule(rule) => {
            format!("{} ({})", rule.text(), tr(lang, "мин + с за ход", "min + s a move"))
        }
    }
}

/// What the turn timer running out does: «ходит компьютер» / «матч проигран».
pub fn time_up_text(t: TimeUp, lang: Lang) -> &'static str {
    match t {
        TimeUp::Computer => tr(lang, "ходит компьютер", "the computer moves"),
        TimeUp::Lose => tr(lang, "матч проигран", "the match is lost"),
    }
}

/// The label of the control and of the settings' line.
pub const TIME_UP_LABEL: Words =
    Words { ru: "Когда время хода вышло", en: "When the turn timer runs out" };

/// The page's controls.
pub(super) fn more_controls(s: &ChatSettings, lang: Lang) -> Vec<Control> {
    let m = Page::More;
    let item = |label: String, change, selected| Item {
        label,
        press: MenuPress { version: s.version, page: m, change },
        selected,
    };
    let choice = |label: &str, items: Vec<Item>| Control {
        label: label.to_owned(),
        kind: ControlKind::Choice,
        items,
        all: None,
    };
    let nudges = NUDGES
        .map(|t| item(format!("🔔 {}", nudge_text(t, lang)), Change::Nudge(t), t == s.ping_after));
    let time_ups = TimeUp::ALL.map(|t| {
        let mark = if t == TimeUp::Computer { "🤖" } else { "🏳" };
        item(format!("{mark} {}", time_up_text(t, lang)), Change::TimeUp(t), t == s.time_up)
    });
    let levels = BotLevel::ALL.map(|l| {
        item(format!("🤖 {}", bot_level_name(l, lang)), Change::Level(l), l == s.bot_level)
    });
    let boards = BoardMode::ALL.map(|b| {
        let mark = if b == BoardMode::Picture { "🖼" } else { "📝" };
        item(format!("{mark} {}", board_label(b, lang)), Change::Board(b), b == s.board)
    });
    let hints = [(true, tr(lang, "💡 Вкл", "💡 On")), (false, tr(lang, "Выкл", "Off"))]
        .map(|(on, label)| item(label.to_owned(), Change::Hints(on), on == s.hints));
    let clock = |label: String, c: TableClock| item(label, Change::Clock(c), c == s.clock);
    let mut clocks = vec![
        clock(tr(lang, "⏲ по пресету", "⏲ by preset").to_owned(), TableClock::Preset),
        clock(tr(lang, "⏲ нет", "⏲ none").to_owned(), TableClock::Off),
    ];
    clocks.extend(CLOCKS.map(|r| clock(format!("⏲ {}", r.text()), TableClock::Rule(r))));
    vec![
        choice(pick(NUDGE_LABEL, lang), nudges.to_vec()),
        choice(pick(TIME_UP_LABEL, lang), time_ups.to_vec()),
        choice(tr(lang, "Сила компьютера", "Computer strength"), levels.to_vec()),
        choice(tr(lang, "Стол", "Board"), boards.to_vec()),
        choice(pick(HINTS_LABEL, lang), hints.to_vec()),
        choice(tr(lang, "Часы матча", "Match clock"), clocks),
    ]
}

/// A board choice on the menu: "Картинка" / "Picture".
fn board_label(b: BoardMode, lang: Lang) -> &'static str {
    match b {
        BoardMode::Picture => tr(lang, "Картинка", "Picture"),
        BoardMode::Text => tr(lang, "Текст", "Text"),
    }
}
