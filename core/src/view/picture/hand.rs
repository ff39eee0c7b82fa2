//! A person's hand: their tiles upright in rows on the felt, heaviest first as the text lists
//! them, the ones a move can lay now lifted and outlined. Drawn from the tiles given (a
//! [`HandView`](crate::view::HandView)'s): nothing of the table, nobody else's tiles.

use super::scene::Scene;
use super::snake::{Link, P, Put};
use super::style::Style;
use super::tile::{Marks, face};
use crate::engine::tile::Tile;

/// Tiles in a row at most; a larger hand takes more rows, its tiles smaller.
const ROW: usize = 10;
/// A tile's width and its gap to the next, in tile halves.
const STEP: f32 = 1.2;
/// A row's height in tile halves: the tile, its lift and the gap.
const ROW_H: f32 = 2.5;
/// How far a playable tile is lifted, in tile halves.
const LIFT: f32 = 0.25;
/// The largest tile half, in pixels (a short hand is not drawn huge).
const UNIT_MAX: f32 = 72.0;

/// The rows a hand of `n` tiles takes, and the tiles in the widest.
fn rows(n: usize) -> (usize, usize) {
    let rows = n.div_ceil(ROW).max(1);
    (rows, n.div_ceil(rows).max(1))
}

pub(super) fn hand_scene(tiles: &[Tile], playable: &[Tile], style: &Style) -> Scene {
    let (w, h) = style.hand;
    let (wf, hf) = (w as f32, h as f32);
    let p = &style.palette;
    let mut scene = Scene::new(w, h, p.felt);
    let (rows, per_row) = rows(tiles.len());
    let unit = (wf / (per_row as f32 * STEP + 0.4))
        .min(hf / (rows as f32 * ROW_H + 0.2))
        .min(UNIT_MAX)
        .floor()
        .max(4.0);
    let top = ((hf - unit * ROW_H * rows as f32) / 2.0).max(0.0);
    for (row, chunk) in tiles.chunks(per_row).enumerate() {
        let width = unit * STEP * chunk.len() as f32 - unit * (STEP - 1.0);
        let left = (wf - width) / 2.0;
        // Each row's tile tops sit a lift under the row's top, so a lifted tile stays inside.
        let y0 = top + unit * ROW_H * row as f32 + unit * (LIFT + 0.1);
        for (i, &tile) in chunk.iter().enumerate() {
            let lay = playable.contains(&tile);
            let cx = (left + unit * (0.5 + STEP * i as f32)).round();
            let y = if lay { y0 - unit * LIFT } else { y0 };
            let put = Put {
                link: Link::new(tile, tile.high()),
                c1: P::new(cx, (y + unit / 2.0).round()),
                c2: P::new(cx, (y + unit * 1.5).round()),
                dir: P::new(0.0, 1.0),
            };
            let marks = Marks { playable: lay, ..Marks::default() };
            scene.groups.push(face(format!("h{}", tile.index()), &put, unit, p, marks));
        }
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_hold_at_most_ten_and_split_evenly() {
        assert_eq!(rows(0), (1, 1));
        assert_eq!(rows(7), (1, 7));
        assert_eq!(rows(10), (1, 10));
        assert_eq!(rows(18), (2, 9));
        assert_eq!(rows(21), (3, 7));
    }
}
