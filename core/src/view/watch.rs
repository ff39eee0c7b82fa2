//! A spectator's view (`/watch N`): the table's public view, exactly what its table message
//! shows, under a line that says whose view it is, with only «🔄» and «⏹ Stop watching» as
//! buttons (never a seat's). Built from a [`TableView`], so it can hold no hidden tile; the
//! refusals of `/watch` are here too, in Russian and English.

use super::render::render_table;
use super::table::{Buttons, TableView};
use super::text::tr;
use crate::chat::press::{ButtonAction, ButtonData};
use crate::ids::Lang;

/// Where a watcher stands with the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Watching {
    /// Watching: the view follows the table.
    On,
    /// Not (or no longer) watching: the view says so and shows no table.
    Stopped,
    /// The table closed while they watched: its last view, saying why, without buttons.
    Closed,
}

/// What a watcher is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchView {
    pub lang: Lang,
    pub table: i64,
    /// The table's number in its chat.
    pub number: u32,
    /// The table's version shown.
    pub version: u64,
    pub watching: Watching,
    /// The table's public view (`None` once the watcher stopped); boxed, as the view is large
    /// beside the other replies.
    pub view: Option<Box<TableView>>,
    /// «🔄» and «⏹ Stop watching» while watching; none otherwise.
    pub buttons: Buttons,
}

impl WatchView {
    /// The view of a table whose public view is `view` (table `table`, version `version`).
    pub fn new(
        table: i64,
        version: u64,
        number: u32,
        view: &TableView,
        watching: Watching,
    ) -> Self {
        let lang = view.lang;
        let buttons = match watching {
            Watching::On => vec![vec![
                (tr(lang, "🔄 Обновить", "🔄 Refresh").to_owned(), data(table, version, true)),
                (
                    tr(lang, "⏹ Не смотреть", "⏹ Stop watching").to_owned(),
                    data(table, version, false),
                ),
            ]],
            Watching::Stopped | Watching::Closed => Vec::new(),
        };
        let view = (watching != Watching::Stopped).then(|| Box::new(view.clone()));
        WatchView { lang, table, number, version, watching, view, buttons }
    }
}

fn data(table: i64, version: u64, refresh: bool) -> ButtonData {
    let action = if refresh { ButtonAction::Watch } else { ButtonAction::Unwatch };
    ButtonData::new(table, version, action)
}

/// The first line of a watcher's view.
pub fn watch_header(view: &WatchView, p: &str) -> String {
    let n = view.number;
    match (view.watching, view.lang) {
        (Watching::On, Lang::Ru) => format!("👀 Вы смотрите стол №{n} (без места за ним)."),
        (Watching::On, Lang::En) => format!("👀 You are watching table #{n} (without a seat)."),
        (Watching::Stopped, Lang::Ru) => {
            format!("⏹ Вы больше не смотрите стол №{n}. Смотреть снова: {p}watch {n}")
        }
        (Watching::Stopped, Lang::En) => {
            format!("⏹ You are no longer watching table #{n}. To watch again: {p}watch {n}")
        }
        (Watching::Closed, Lang::Ru) => format!("🔒 Стол №{n} закрыт: смотреть больше нечего."),
        (Watching::Closed, Lang::En) => format!("🔒 Table #{n} is closed: nothing more to watch."),
    }
}

/// A watcher's view as text: the header, then the table message's text (`p`: how commands are
/// written on the platform).
pub fn render_watch(view: &WatchView, p: &str) -> String {
    let header = watch_header(view, p);
    match &view.view {
        Some(table) => format!("{header}\n\n{}", render_table(table)),
        None => header,
    }
}

/// `/watch N` where the asker sits at table N.
pub fn watch_seated(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("Вы играете за столом №{number}: свои кости — кнопкой «Мои кости»."),
        Lang::En => format!("You are playing at table #{number}: «My tiles» shows your tiles."),
    }
}

/// `/watch N` of a table in its host's private chat.
pub fn watch_private(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("Стол №{number} — личный стол хозяина: его нельзя смотреть."),
        Lang::En => {
            format!("Table #{number} is its host's own private table: it cannot be watched.")
        }
    }
}

/// `/watch N` of a table that has as many watchers as it may.
pub fn watch_full(lang: Lang, number: u32, max: usize) -> String {
    match lang {
        Lang::Ru => format!(
            "Стол №{number} уже смотрят {max} человек — больше нельзя; ничего не изменилось."
        ),
        Lang::En => format!(
            "Table #{number} already has {max} watchers, the most it may have; nothing changed."
        ),
    }
}

/// `/watch` without a number from someone who watches no table of the chat.
pub fn watch_none(lang: Lang, p: &str) -> String {
    match lang {
        Lang::Ru => format!("Вы не смотрите ни один стол этого чата. Смотреть стол: {p}watch N"),
        Lang::En => {
            format!("You are not watching any table of this chat. To watch one: {p}watch N")
        }
    }
}
