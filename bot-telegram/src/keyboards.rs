//! The views' button rows as Telegram inline keyboards. In the table message, «join» gets a
//! deep link beside it for those who want their hand in the private chat, and so does «my
//! tiles» in a match in play. A hand shown in the group is drawn as raw JSON (teloxide's types
//! know neither button colours nor disabled buttons): every tile, the unplayable ones
//! disabled.

use crate::texts;
use domino_core::chat::{Link, Links, TableRef};
use domino_core::view::{ButtonAction, ButtonData, Buttons, HandView, TableView};
use serde_json::{Value, json};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// Callback buttons, row by row.
pub(crate) fn markup(rows: &Buttons) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(rows.iter().map(|row| {
        row.iter()
            .map(|(label, data)| InlineKeyboardButton::callback(label.clone(), data.encode()))
            .collect::<Vec<_>>()
    }))
}

/// Callback buttons as Bot API JSON (for raw calls: a spectator's view in the group).
pub(crate) fn buttons_json(rows: &Buttons) -> Value {
    let rows: Vec<Value> = rows
        .iter()
        .map(|row| {
            let row = row.iter().map(|(l, d)| json!({"text": l, "callback_data": d.encode()}));
            Value::Array(row.collect())
        })
        .collect();
    json!({"inline_keyboard": rows})
}

/// Callback buttons from (label, data) rows.
pub(crate) fn callbacks(rows: Vec<Vec<(String, String)>>) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(rows.into_iter().map(|row| {
        row.into_iter()
            .map(|(label, data)| InlineKeyboardButton::callback(label, data))
            .collect::<Vec<_>>()
    }))
}

/// `https://t.me/<bot>?start=<payload>`.
pub(crate) fn deep_link(bot: &str, links: &Links, payload: Link) -> url::Url {
    let mut url = url::Url::parse("https://t.me/").expect("a valid base");
    url.set_path(bot);
    url.query_pairs_mut().append_pair("start", &links.encode(payload));
    url
}

/// A single button that opens a URL.
pub(crate) fn link_button(label: &str, url: url::Url) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new([[InlineKeyboardButton::url(label.to_owned(), url)]])
}

/// The table message's keyboard.
pub(crate) fn table_markup(
    table: &TableRef,
    view: &TableView,
    bot: &str,
    links: &Links,
) -> InlineKeyboardMarkup {
    let lang = table.lang;
    let private = |label: &str, link| InlineKeyboardButton::url(label, deep_link(bot, links, link));
    let mut rows: Vec<Vec<InlineKeyboardButton>> = view
        .buttons
        .iter()
        .map(|row| {
            let mut out = Vec::new();
            for (label, data) in row {
                out.push(InlineKeyboardButton::callback(label.clone(), data.encode()));
                if data.action == ButtonAction::Join {
                    out.push(private(texts::join_button(lang), Link::Join(table.id)));
                }
            }
            out
        })
        .collect();
    if table.playing {
        let link = private(texts::private_tiles_button(lang), Link::Hand(table.id));
        match rows.first_mut() {
            Some(first) => first.push(link),
            None => rows.push(vec![link]),
        }
    }
    InlineKeyboardMarkup::new(rows)
}

/// Tiles per row of disabled buttons.
const IDLE_PER_ROW: usize = 4;

/// A hand's keyboard as Bot API JSON: its buttons (coloured where it helps), then every tile
/// no button plays now, disabled.
pub(crate) fn hand_json(view: &HandView) -> Value {
    let mut rows: Vec<Value> = view
        .buttons
        .iter()
        .map(|row| Value::Array(row.iter().map(|(label, data)| button_json(label, data)).collect()))
        .collect();
    // A disabled button still carries data: «my tiles» (taken from any version, so that the
    // keyboard changes only when the hand does), harmless should a client press it.
    let shown = ButtonData::new(view.table, 0, ButtonAction::Hand).encode();
    for chunk in view.idle.chunks(IDLE_PER_ROW) {
        let row = chunk.iter().map(|t| {
            let label = format!("{}|{}", t.high(), t.low());
            json!({"text": label, "callback_data": shown, "disabled": {}})
        });
        rows.push(Value::Array(row.collect()));
    }
    json!({"inline_keyboard": rows})
}

fn button_json(label: &str, data: &ButtonData) -> Value {
    let mut b = json!({"text": label, "callback_data": data.encode()});
    let style = match data.action {
        ButtonAction::Resign | ButtonAction::ResignYes | ButtonAction::VoteEnd => Some("danger"),
        ButtonAction::Back | ButtonAction::ResignNo | ButtonAction::Resume => Some("success"),
        ButtonAction::Hint => Some("primary"),
        ButtonAction::Move(_) if label.starts_with('💡') => Some("success"),
        _ => None,
    };
    if let Some(style) = style {
        b["style"] = json!(style);
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_links_open_the_bot_with_a_payload() {
        let links = Links::new(b"k".to_vec());
        let url = deep_link("domino_bot", &links, Link::Join(1295));
        let payload = url.as_str().strip_prefix("https://t.me/domino_bot?start=").unwrap();
        assert!(payload.starts_with("jzz_"), "{url}");
        assert_eq!(links.decode(payload), Some(Link::Join(1295)));
    }
}
