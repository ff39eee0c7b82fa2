//! The one press codec: every payload the bot writes into a button, a select menu or a link,
//! on both platforms, with one base 36. An adapter reads a press once ([`Press::read`]) into a
//! typed press and hands it to the core; nothing else decodes it again. Each format starts
//! with its own tag, so a payload is told apart by its tag, never by trying decoders:
//!
//! | tag | what | written by |
//! |---|---|---|
//! | `1:` | a table button (`table`): table, version, action | [`ButtonData::encode`] |
//! | `s2:` | a settings-menu press (`menu`): settings version, page, change | [`MenuPress::encode`] |
//! | `j`, `h` | a deep link's payload (`link`), signed | [`Links::encode`] |
//! | `t`, `d`, `p` | a chat's screen token (`screen_link`), signed, in a web address | [`Links::encode_screen`] |
//!
//! Reading accepts exactly what writing writes: anything else is refused, never a panic.

pub(crate) mod base36;
mod link;
mod menu;
mod screen_link;
mod table;

pub use super::menu::MenuPress;
pub use link::{Link, Links};
pub use screen_link::{SCREEN_TOKEN_MAX, ScreenLink};
pub use table::{BadButton, ButtonAction, ButtonData, MAX_LEN};

/// A press as the bot wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Press {
    /// A table's button (the table message, a hand, a ping).
    Table(ButtonData),
    /// The settings menu.
    Menu(MenuPress),
}

impl Press {
    /// Reads a pressed button's data, with the values chosen in a select menu (none for a
    /// button); `None` when it is not exactly what the bot writes.
    pub fn read(data: &str, values: &[String]) -> Option<Press> {
        let tagged = |tag: &str| data.strip_prefix(tag).is_some_and(|rest| rest.starts_with(':'));
        if tagged(table::TAG) {
            let button = ButtonData::decode(data).ok()?;
            return values.is_empty().then_some(Press::Table(button));
        }
        if tagged(menu::TAG) {
            return MenuPress::decode(data, values).map(Press::Menu);
        }
        None
    }

    /// The data the press was written as.
    pub fn encode(&self) -> String {
        match self {
            Press::Table(b) => b.encode(),
            Press::Menu(m) => m.encode(),
        }
    }

    /// The table a table button names.
    pub fn table(&self) -> Option<i64> {
        match self {
            Press::Table(b) => Some(b.table),
            Press::Menu(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::menu::{Change, Page};

    #[test]
    fn each_press_reads_back_by_its_tag_and_nothing_else_reads() {
        let table = Press::Table(ButtonData::new(-5, 7, ButtonAction::Start));
        let menu = Press::Menu(MenuPress { version: 3, page: Page::General, change: Change::Done });
        for p in [table.clone(), menu] {
            assert_eq!(Press::read(&p.encode(), &[]), Some(p));
        }
        assert_eq!(table.table(), Some(-5));
        // A table button carries no select values; a menu's tag is not a prefix of a word.
        assert_eq!(Press::read(&table.encode(), &["x".into()]), None);
        for bad in ["", "1", "1:", "s2", "s2x:1:g:done", "s20:1:g:done", "2:1:1:start", "jzz_x"] {
            assert_eq!(Press::read(bad, &[]), None, "{bad:?}");
        }
    }
}
