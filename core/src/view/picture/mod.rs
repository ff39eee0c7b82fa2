//! The table as pictures: the board, the round's end and the match tally, and ratings over
//! time (standings, not a table), each one scene of
//! rectangles, circles and lines, written as SVG (snapshots, tests) or drawn with `tiny-skia`
//! into a PNG. Pure: a table in, text or bytes out; no I/O, no clock, no font.
//!
//! No text is drawn — names, scores in words and the rules go in the caption (the text view).
//! Numbers (the bazaar count, hand values, points written, the chart's scale) are drawn as
//! strokes. Sides have one colour each in every picture, [`SIDE_MARKS`] naming them for the
//! caption: side 0 🔵, side 1 🔴 (as the text view marks pairs), then 🟢 and 🟠.
//!
//! Like every public view, [`table_svg`] draws only the tiles on the table (the bazaar as
//! backs); [`round_end_svg`] shows every hand, and only once its round is over. Each tile is an
//! SVG group with the id `t{index}` on the table or `h{index}` in a hand.
//!
//! [`hand_svg`] draws one person's hand, from the tiles given (a `HandView`'s): it is shown
//! to its owner alone, never in a public message.
//!
//! Each kind of picture has one size ([`Style`]), whatever is on the table.

mod axis;
mod chart;
mod digits;
mod hand;
mod layout;
mod podium;
mod raster;
mod rating;
mod replay;
mod round_end;
pub(crate) use round_end::replayed;
pub mod samples;
mod scene;
mod snake;
mod stamp;
mod style;
mod table;
mod tile;

pub use podium::STANDINGS_BARS;
pub use rating::{RATING_LINES, RatingLine};
pub use replay::{Animation, PART_CS, replay_gif};
pub use style::{Color, Palette, Style};

/// The colour marks of sides 0–7 (up to eight players), for a caption that says which line or dot is whose.
pub const SIDE_MARKS: [&str; 8] = ["🔵", "🔴", "🟢", "🟠", "🟣", "🟡", "🟤", "⚪"];

/// A PNG and its size in pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Why a picture cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    #[error("no round has been dealt at this table")]
    NoRound,
    #[error("round {0} was not played at this table")]
    NoSuchRound(u32),
    #[error("round {0} is not over")]
    RoundNotOver(u32),
    #[error("the PNG cannot be written: {0}")]
    Encode(String),
}

/// The table now: the board of the round in play (or of the last round, once it ended), the
/// last move outlined, the bazaar's count. `Style::table` sized.
pub fn table_svg(table: &crate::session::Table, style: &Style) -> Result<String, PictureError> {
    Ok(table::table_scene(table, style)?.to_svg())
}

/// A board drawn as [`table_svg`] draws a table's: the tiles of `last` (the last move)
/// outlined, `bazaar` tiles face down under it when the variant has a bazaar.
pub fn board_svg(
    board: &crate::engine::board::Board,
    last: &[crate::engine::tile::Tile],
    bazaar: Option<usize>,
    style: &Style,
) -> String {
    table::board_scene(board, last, bazaar, style).to_svg()
}

/// [`board_svg`] as a PNG.
pub fn board_png(
    board: &crate::engine::board::Board,
    last: &[crate::engine::tile::Tile],
    bazaar: Option<usize>,
    style: &Style,
) -> Result<Picture, PictureError> {
    raster::scene_png(&table::board_scene(board, last, bazaar, style))
}

/// [`table_svg`] as a PNG.
pub fn table_png(table: &crate::session::Table, style: &Style) -> Result<Picture, PictureError> {
    raster::scene_png(&table::table_scene(table, style)?)
}

/// Round `round` (1-based) as it ended: the final board, every hand with its value, the points
/// written. Refused for a round still in play. `Style::round_end` sized.
pub fn round_end_svg(
    table: &crate::session::Table,
    round: u32,
    style: &Style,
) -> Result<String, PictureError> {
    Ok(round_end::round_end_scene(table, round, style)?.to_svg())
}

/// [`round_end_svg`] as a PNG.
pub fn round_end_png(
    table: &crate::session::Table,
    round: u32,
    style: &Style,
) -> Result<Picture, PictureError> {
    raster::scene_png(&round_end::round_end_scene(table, round, style)?)
}

/// The match so far: each side's running score per round as a chart, the target dashed.
/// `Style::tally` sized.
pub fn tally_svg(table: &crate::session::Table, style: &Style) -> Result<String, PictureError> {
    Ok(chart::tally_scene(table, style)?.to_svg())
}

/// [`tally_svg`] as a PNG.
pub fn tally_png(table: &crate::session::Table, style: &Style) -> Result<Picture, PictureError> {
    raster::scene_png(&chart::tally_scene(table, style)?)
}

/// Ratings over time, one line per person (`lines[i]` in `palette.sides[i]`, marked
/// `SIDE_MARKS[i]` in the caption), each point placed by its time and value, the last value
/// written at each line's end. Draws the first [`RATING_LINES`] lines only: more are the
/// caller's error. `Style::rating` sized; nothing to draw is an empty scale.
pub fn rating_svg(lines: &[RatingLine], style: &Style) -> String {
    rating::rating_scene(lines, style).to_svg()
}

/// [`rating_svg`] as a PNG.
pub fn rating_png(lines: &[RatingLine], style: &Style) -> Result<Picture, PictureError> {
    raster::scene_png(&rating::rating_scene(lines, style))
}

/// A person's hand (`tiles`, in the order given, as a `HandView` lists them), the ones in
/// `playable` lifted and outlined. Only `tiles` are drawn: give it one person's own hand, and
/// show it to them alone. `Style::hand` sized.
pub fn hand_svg(
    tiles: &[crate::engine::tile::Tile],
    playable: &[crate::engine::tile::Tile],
    style: &Style,
) -> String {
    hand::hand_scene(tiles, playable, style).to_svg()
}

/// [`hand_svg`] as a PNG.
pub fn hand_png(
    tiles: &[crate::engine::tile::Tile],
    playable: &[crate::engine::tile::Tile],
    style: &Style,
) -> Result<Picture, PictureError> {
    raster::scene_png(&hand::hand_scene(tiles, playable, style))
}

/// A tournament's final standings: `points[i]` is place `i + 1`'s points, drawn as bars in
/// order (the first [`STANDINGS_BARS`]), the first three on medal discs; the names go in the
/// caption. `Style::rating` sized.
pub fn standings_svg(points: &[u32], style: &Style) -> String {
    podium::standings_scene(points, style).to_svg()
}

/// [`standings_svg`] as a PNG.
pub fn standings_png(points: &[u32], style: &Style) -> Result<Picture, PictureError> {
    raster::scene_png(&podium::standings_scene(points, style))
}
