//! The tiles on the table as lines of text: the line from the left end through the lead to the
//! right end, then the hub's up and down arms (Osel, Telefon). Only tiles on the table.

use super::text::{arm_arrow, tile_text};
use crate::engine::board::{Arm, Board, HubSite, Laid};
use crate::engine::rules::Variant;

/// Marks the hub (Osel) or house (Telefon) in the line and starts its up/down lines.
pub const HUB: &str = "✳";
/// Marks a closed arm (Osel): the double laid face down.
pub const CLOSED: &str = "🔒";

/// The table as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The line first (left end … lead … right end, the hub marked `✳`), then the hub's up arm
    /// (`✳▲ …`) and down arm (`✳▼ …`) once they are open; a closed arm ends with `🔒` on its
    /// outer side. Empty before the lead.
    pub lines: Vec<String>,
    /// Every arm on the table, in arm order.
    pub ends: Vec<EndView>,
    /// Telefon: the count of the ends (what the next play is scored on).
    pub count: Option<u32>,
}

/// One arm end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndView {
    pub arm: Arm,
    /// The pip a tile must show to be laid here.
    pub value: u8,
    pub closed: bool,
}

impl EndView {
    /// "◀ 3" or "◀ 🔒".
    pub fn text(&self) -> String {
        if self.closed {
            format!("{} {CLOSED}", arm_arrow(self.arm))
        } else {
            format!("{} {}", arm_arrow(self.arm), self.value)
        }
    }
}

/// The text of `board` (of a round of `variant`).
pub fn board_view(board: &Board, variant: Variant) -> BoardView {
    let laid: Vec<Laid> = board.laid().collect();
    let Some(lead) = laid.first() else {
        return BoardView { lines: Vec::new(), ends: Vec::new(), count: None };
    };
    let arm = |a: Arm| -> Vec<Laid> { laid.iter().filter(|l| l.arm == Some(a)).copied().collect() };
    let hub = board.hub();
    // The index (in its arm's list) of the tile that is the hub, when it stands on an arm.
    let hub_at = |a: Arm| match hub.map(|h| h.site) {
        Some(HubSite::On(site)) if site == a => hub.map(|h| h.depth as usize - 1),
        _ => None,
    };
    let mark = |hub: bool| if hub { HUB } else { "" };

    let mut line = String::new();
    let left = arm(Arm::Left);
    for (i, l) in left.iter().enumerate().rev() {
        if l.closed {
            line.push_str(CLOSED);
        }
        line.push_str(mark(hub_at(Arm::Left) == Some(i)));
        line.push_str(&tile_text(l.outer, l.tile.other(l.outer)));
    }
    line.push_str(mark(hub.is_some_and(|h| h.site == HubSite::Lead)));
    line.push_str(&tile_text(lead.tile.other(lead.outer), lead.outer));
    line.push_str(&outward(&arm(Arm::Right), hub_at(Arm::Right)));
    let mut lines = vec![line];
    for a in [Arm::Up, Arm::Down] {
        if board.arm(a).exists {
            let tiles = arm(a);
            let body = if tiles.is_empty() { "—".to_owned() } else { outward(&tiles, None) };
            lines.push(format!("{HUB}{} {body}", arm_arrow(a)));
        }
    }
    let ends = Arm::ALL
        .into_iter()
        .filter(|&a| board.arm(a).exists)
        .map(|a| EndView { arm: a, value: board.arm(a).value, closed: board.arm(a).closed })
        .collect();
    let count = (variant == Variant::Telefon).then(|| board.count());
    BoardView { lines, ends, count }
}

/// An arm read outward from the lead or hub: each tile `[inner|outer]`.
fn outward(tiles: &[Laid], hub_at: Option<usize>) -> String {
    let mut out = String::new();
    for (i, l) in tiles.iter().enumerate() {
        if hub_at == Some(i) {
            out.push_str(HUB);
        }
        out.push_str(&tile_text(l.tile.other(l.outer), l.outer));
        if l.closed {
            out.push_str(CLOSED);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Layout;
    use crate::engine::tile::Tile;

    #[test]
    fn a_line_reads_from_the_left_end_to_the_right_end() {
        let mut b = Board::new(Layout::Line);
        b.place_lead(Tile::new(6, 4), 6);
        b.place(Tile::new(4, 4), Arm::Right, false);
        b.place(Tile::new(6, 1), Arm::Left, false);
        b.place(Tile::new(4, 2), Arm::Right, false);
        let v = board_view(&b, Variant::Kozel);
        assert_eq!(v.lines, ["[1|6][6|4][4|4][4|2]"]);
        assert_eq!(v.ends.iter().map(EndView::text).collect::<Vec<_>>(), ["◀ 1", "▶ 2"]);
    }

    #[test]
    fn a_hub_on_an_arm_with_a_closed_end() {
        let mut b = Board::new(Layout::Hub { sides_first: false });
        b.place_lead(Tile::new(2, 5), 2);
        b.place(Tile::new(2, 2), Arm::Left, true);
        b.place(Tile::new(5, 5), Arm::Right, false);
        b.place(Tile::new(5, 3), Arm::Up, false);
        let v = board_view(&b, Variant::Osel);
        assert_eq!(v.lines, ["🔒[2|2][2|5]✳[5|5]", "✳▲ [5|3]", "✳▼ —"]);
        assert_eq!(
            v.ends.iter().map(EndView::text).collect::<Vec<_>>(),
            ["◀ 🔒", "▶ 5", "▲ 3", "▼ 5"]
        );
    }
}
