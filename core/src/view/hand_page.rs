//! A hand's buttons in pages: the one place that decides what fits one message. A
//! double-eighteen hand holds up to 18 tiles (95 with `deal`), each of which may go on two
//! ends; no platform shows that many buttons readably (Discord: 25 components a message,
//! Telegram: a keyboard of readable rows). A page holds at most [`MOVES_PER_PAGE`] move
//! buttons, two to a row (a move of several doubles alone on its row), then a row with «◀»
//! and «▶» (which wrap around; of two pages, the one to the other) and the hint. The page is carried in the arrows' button data
//! (`page.N`, taken from any version, like «My tiles»), so a press shows the page it names;
//! a hand brought up to date by itself shows its first page. Disabled tiles (Telegram's
//! «idle» row) are only drawn while there are at most [`IDLE_MAX`] of them: the text lists
//! every tile anyway.
//!
//! On Discord a page is at most 12 moves (three rows of five once repacked) and a row of
//! three, within its five rows; on Telegram at most six rows of two, the arrows, and six
//! rows of four disabled tiles: within its eight buttons a row and a hundred a keyboard.

use super::table::Buttons;
use crate::chat::press::ButtonData;
use crate::ids::Lang;

/// Move buttons on one page.
pub const MOVES_PER_PAGE: usize = 12;
/// The most disabled tiles a hand draws (more: none, the text lists them).
pub const IDLE_MAX: usize = 24;

/// One move button, and whether it lays several tiles (a row of its own).
pub(super) type MoveButton = ((String, ButtonData), bool);

/// The buttons of page `want` (clamped to the last; `None`: the first) of `moves`, with the
/// arrows and `extra` (the hint) after them; the page shown and the number of pages.
pub(super) fn paged(
    moves: Vec<MoveButton>,
    want: Option<u8>,
    extra: Option<(String, ButtonData)>,
    arrow: impl Fn(u8) -> ButtonData,
) -> (Buttons, u8, u8) {
    let pages = moves.len().div_ceil(MOVES_PER_PAGE).clamp(1, u8::MAX as usize) as u8;
    let page = want.unwrap_or(0).min(pages - 1);
    let start = page as usize * MOVES_PER_PAGE;
    let shown: Vec<MoveButton> = moves.into_iter().skip(start).take(MOVES_PER_PAGE).collect();
    let (singles, multis): (Vec<MoveButton>, Vec<MoveButton>) =
        shown.into_iter().partition(|(_, multi)| !multi);
    let mut rows: Buttons =
        singles.chunks(2).map(|c| c.iter().map(|(b, _)| b.clone()).collect()).collect();
    rows.extend(multis.into_iter().map(|(b, _)| vec![b]));
    let mut last = Vec::new();
    // Two pages: the one arrow to the other (a message never offers one press twice, which
    // Discord refuses).
    let (prev, next) = ((page + pages - 1) % pages, (page + 1) % pages);
    if pages > 2 || (pages == 2 && page == 1) {
        last.push((format!("◀ {}/{pages}", prev + 1), arrow(prev)));
    }
    if pages > 2 || (pages == 2 && page == 0) {
        last.push((format!("{}/{pages} ▶", next + 1), arrow(next)));
    }
    last.extend(extra);
    if !last.is_empty() {
        rows.push(last);
    }
    (rows, page, pages)
}

/// "Стр. 2 из 3 (◀ ▶)", when there are several pages.
pub(super) fn page_line(page: u8, pages: u8, lang: Lang) -> Option<String> {
    (pages > 1).then(|| {
        let (p, n) = (page + 1, pages);
        match lang {
            Lang::Ru => format!("📄 Ходы: страница {p} из {n} (◀ ▶)"),
            Lang::En => format!("📄 Moves: page {p} of {n} (◀ ▶)"),
        }
    })
}
