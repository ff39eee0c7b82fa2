//! The table picture: the tiles on the table, the last move outlined, the hub, closed arms,
//! and under them the bazaar (one tile back per tile, and its count).

use super::PictureError;
use super::digits::{self, Anchor};
use super::layout::{BoardLayout, hub_of, lay_out};
use super::scene::{Group, Scene};
use super::style::{Palette, Style};
use super::tile::{Marks, back, closed_bar, face};
use crate::engine::board::Board;
use crate::engine::moves::Move;
use crate::engine::tile::{Tile, TileSet};
use crate::session::Table;

/// Share of the picture's height kept for the bazaar under the board.
const STRIP: f32 = 0.11;

pub(super) fn table_scene(table: &Table, style: &Style) -> Result<Scene, PictureError> {
    let game = table.game.as_ref().ok_or(PictureError::NoRound)?;
    let round = game.live.round().ok_or(PictureError::NoRound)?;
    let last: Vec<Tile> = match game.rounds.last().and_then(|moves| moves.last()) {
        Some((_, mv)) => last_tiles(mv),
        None => Vec::new(),
    };
    let bazaar = has_bazaar(table).then(|| round.bazaar_len());
    Ok(board_scene(round.board(), &last, bazaar, style))
}

/// The board with the tiles of `last` outlined, and the bazaar's count if there is one.
pub(super) fn board_scene(
    board: &Board,
    last: &[Tile],
    bazaar: Option<usize>,
    style: &Style,
) -> Scene {
    board_scene_in(board, None, last, bazaar, style)
}

/// The area of a picture `style.table` the board takes (the rest is the bazaar's strip).
pub(super) fn board_area(style: &Style) -> (f32, f32, f32, f32) {
    let (w, h) = style.table;
    (0.0, 0.0, w as f32, h as f32 - (h as f32 * STRIP).round())
}

/// [`board_scene`] with every tile where `fixed` (a layout of a board this one grows into:
/// a replay's last) puts it, rather than where `board` alone would.
pub(super) fn board_scene_in(
    board: &Board,
    fixed: Option<&BoardLayout>,
    last: &[Tile],
    bazaar: Option<usize>,
    style: &Style,
) -> Scene {
    let (w, h) = style.table;
    let p = &style.palette;
    let mut scene = Scene::new(w, h, p.felt);
    let area = board_area(style);
    match fixed {
        None => draw_board(&mut scene, board, last, area, p),
        Some(layout) => draw_laid(&mut scene, board, layout, last, p),
    }
    if let Some(count) = bazaar {
        let strip = h as f32 - area.3;
        draw_bazaar(&mut scene, count, area.3, strip, p);
    }
    scene
}

/// The tiles a move laid (none for a draw or a pass).
fn last_tiles(mv: &Move) -> Vec<Tile> {
    match mv {
        Move::Lead { tile, .. } => vec![*tile],
        Move::Play(list) => list.as_slice().iter().map(|p| p.tile).collect(),
        Move::Draw | Move::Pass => Vec::new(),
    }
}

/// Whether the variant and table size leave a bazaar.
fn has_bazaar(table: &Table) -> bool {
    let seats = table.seats.len();
    let tiles = TileSet::full(table.rules.max_pip()).len() as usize;
    table.rules.deal_size(seats) * seats < tiles
}

/// Draws every tile on `board` in `area` (x, y, w, h), the tiles of `last` outlined.
pub(super) fn draw_board(
    scene: &mut Scene,
    board: &Board,
    last: &[Tile],
    area: (f32, f32, f32, f32),
    palette: &Palette,
) {
    let (x, y, w, h) = area;
    let layout = lay_out(board, x, y, w, h);
    draw_laid(scene, board, &layout, last, palette);
}

/// Draws the tiles on `board` where `layout` puts them (a layout of `board`, or of a board it
/// grows into), the tiles of `last` outlined; the hub and the closed arms are `board`'s.
fn draw_laid(
    scene: &mut Scene,
    board: &Board,
    layout: &BoardLayout,
    last: &[Tile],
    palette: &Palette,
) {
    let on: TileSet = board.laid().map(|l| l.tile).collect();
    let closed: TileSet = board.laid().filter(|l| l.closed).map(|l| l.tile).collect();
    let hub = hub_of(board);
    for put in layout.puts.iter().filter(|p| on.contains(p.link.tile)) {
        let tile = put.link.tile;
        let marks = Marks { last: last.contains(&tile), hub: hub == Some(tile), playable: false };
        scene.groups.push(face(format!("t{}", tile.index()), put, layout.unit, palette, marks));
        if closed.contains(tile) {
            scene.groups.push(closed_bar(put, layout.unit, palette));
        }
    }
}

/// The bazaar: a tile back per tile in a row, then the count.
fn draw_bazaar(scene: &mut Scene, count: usize, top: f32, height: f32, p: &Palette) {
    let mut group = Group::new("bazaar");
    let (bh, left) = ((height * 0.62).round(), (height * 0.4).round());
    let room = scene.width as f32 * 0.7;
    let step = (bh * 0.62).min(room / count.max(1) as f32);
    let bw = (step * 0.8).max(2.0);
    let by = (top + (height - bh) / 2.0).round();
    for i in 0..count {
        group.shapes.push(back(left + i as f32 * step, by, bw, bh, p.back, p.chalk));
    }
    let dh = (height * 0.46).round();
    let dx = left + count as f32 * step + bh * 0.3;
    let dy = (top + (height - dh) / 2.0).round();
    group.shapes.extend(digits::draw(&count.to_string(), dx, dy, dh, p.chalk, Anchor::Start));
    scene.groups.push(group);
}
