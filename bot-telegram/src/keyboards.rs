//! The views' button rows as Telegram inline keyboards. In the table message, «join» becomes a
//! deep link into the private chat (where the hand will live), and a match in play gets a link
//! to the private chat beside «my tiles».

use crate::texts;
use domino_core::chat::{Link, Links, TableRef};
use domino_core::view::{ButtonAction, Buttons, TableView};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// Callback buttons, row by row.
pub(crate) fn markup(rows: &Buttons) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(rows.iter().map(|row| {
        row.iter()
            .map(|(label, data)| InlineKeyboardButton::callback(label.clone(), data.encode()))
            .collect::<Vec<_>>()
    }))
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
    let mut rows: Vec<Vec<InlineKeyboardButton>> = view
        .buttons
        .iter()
        .map(|row| {
            row.iter()
                .map(|(label, data)| match data.action {
                    ButtonAction::Join => InlineKeyboardButton::url(
                        texts::join_button(lang).to_owned(),
                        deep_link(bot, links, Link::Join(table.id)),
                    ),
                    _ => InlineKeyboardButton::callback(label.clone(), data.encode()),
                })
                .collect()
        })
        .collect();
    if table.playing {
        let link = InlineKeyboardButton::url(
            texts::private_tiles_button(lang).to_owned(),
            deep_link(bot, links, Link::Hand(table.id)),
        );
        match rows.first_mut() {
            Some(first) => first.push(link),
            None => rows.push(vec![link]),
        }
    }
    InlineKeyboardMarkup::new(rows)
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
