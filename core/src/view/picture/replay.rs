//! A round replayed as an animated GIF: the board as the table picture draws it
//! ([`super::board_svg`]), a frame after the deal and one after each move (its tiles
//! outlined), the last held a while. Drawn from a match's record (`domino-record/1`), so any
//! finished match of the chat's history can be replayed. Public like the table picture: only
//! the tiles on the table and the bazaar's backs, never a hand.
//!
//! Encoding: one global palette of 256 colours (the scenes' own colours exactly, then a
//! 6×6×6 cube), each pixel the nearest of them (memoized per colour); each frame after the
//! first only the rectangle that changed, kept over the one before.

use super::scene::{Scene, Shape};
use super::table::board_scene;
use super::{PictureError, Style, raster};
use crate::engine::game::Match;
use crate::engine::moves::Move;
use crate::engine::record::{Record, RecordMove};
use crate::engine::tile::{Tile, TileSet};
use std::borrow::Cow;
use std::collections::HashMap;

/// A replay's GIF and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    pub gif: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// Frames: the deal, then one a move.
    pub frames: u32,
    /// How long it plays once, in milliseconds.
    pub millis: u32,
    /// The round shown (0-based) and the moves made in it.
    pub round: usize,
    pub moves: u32,
}

/// The moves' part of a replay, whatever their number: a few seconds.
const MOVES_CS: u32 = 500;
/// A move's frame: at least, at most (centiseconds).
const MOVE_CS: (u32, u32) = (12, 60);
/// The deal's frame and the last frame (centiseconds).
const FIRST_CS: u16 = 80;
const LAST_CS: u16 = 250;

/// Round `round` (0-based; `None`: the last dealt) of `record` as a GIF. A round the match
/// never reached is `NoSuchRound` (numbered from 1).
pub fn replay_gif(
    record: &Record,
    round: Option<usize>,
    style: &Style,
) -> Result<Animation, PictureError> {
    let index = round.unwrap_or(record.rounds.len().saturating_sub(1));
    let missing = PictureError::NoSuchRound(index as u32 + 1);
    if index >= record.rounds.len() {
        return Err(missing);
    }
    let seats = record.players.len();
    let mut m = Match::new(record.rules.clone(), seats).map_err(|_| missing.clone())?;
    for r in &record.rounds[..index] {
        if m.is_over() {
            return Err(missing);
        }
        m.start_round(&r.deal).map_err(|_| missing.clone())?;
        for mv in &r.moves {
            play(&mut m, mv);
        }
        if m.round_report().end.is_none() {
            m.abandon_round();
        }
    }
    if m.is_over() {
        return Err(missing);
    }
    m.start_round(&record.rounds[index].deal).map_err(|_| missing.clone())?;
    let rules = m.rules();
    let full = TileSet::full(rules.max_pip()).len() as usize;
    let has_bazaar = rules.deal_size(seats) * seats < full;
    let scene = |m: &Match, last: &[Tile]| {
        let r = m.round().expect("a round is dealt");
        board_scene(r.board(), last, has_bazaar.then(|| r.bazaar_len()), style)
    };
    let mut scenes = vec![scene(&m, &[])];
    for mv in &record.rounds[index].moves {
        if let Some(done) = play(&mut m, mv) {
            scenes.push(scene(&m, &laid(&done)));
        }
    }
    encode(&scenes, index)
}

/// Plays one move of a record; the move made, or `None` when the engine refused it (it
/// changes nothing, R8).
fn play(m: &mut Match, mv: &RecordMove) -> Option<Move> {
    let RecordMove::Move { seat, spec } = mv else { return None };
    let done = m.resolve(*seat, spec).ok()?;
    m.apply(*seat, done).ok().map(|_| done)
}

/// The tiles a move laid (none for a draw or a pass).
fn laid(mv: &Move) -> Vec<Tile> {
    match mv {
        Move::Lead { tile, .. } => vec![*tile],
        Move::Play(list) => list.as_slice().iter().map(|p| p.tile).collect(),
        Move::Draw | Move::Pass => Vec::new(),
    }
}

fn encode(scenes: &[Scene], round: usize) -> Result<Animation, PictureError> {
    let first = scenes.first().ok_or(PictureError::NoRound)?;
    let (w, h) = (first.width, first.height);
    let bad = |e: gif::EncodingError| PictureError::Encode(e.to_string());
    let too_big = || PictureError::Encode(format!("{w}×{h} is too large for a GIF"));
    let (w16, h16) =
        (u16::try_from(w).map_err(|_| too_big())?, u16::try_from(h).map_err(|_| too_big())?);
    let mut palette = Palette::of(scenes);
    let moves = scenes.len() as u32 - 1;
    let move_cs = (MOVES_CS / moves.max(1)).clamp(MOVE_CS.0, MOVE_CS.1) as u16;
    let mut out = Vec::new();
    let mut millis = 0;
    {
        let mut encoder = gif::Encoder::new(&mut out, w16, h16, &palette.rgb).map_err(bad)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(bad)?;
        let mut before: Option<Vec<u8>> = None;
        for (i, scene) in scenes.iter().enumerate() {
            let pixmap = raster::draw(scene)?;
            let now = pixmap.data();
            let delay = match i {
                0 => FIRST_CS,
                _ if i + 1 == scenes.len() => LAST_CS,
                _ => move_cs,
            };
            millis += u32::from(delay) * 10;
            let (left, top, fw, fh) = match &before {
                None => (0, 0, w, h),
                // Nothing changed (a pass, where there is no bazaar): one pixel kept as it was.
                Some(b) => changed(b, now, w).unwrap_or((0, 0, 1, 1)),
            };
            // Only what changed is indexed and written.
            let mut buffer = Vec::with_capacity((fw * fh) as usize);
            for y in top..top + fh {
                let row = ((y * w + left) * 4) as usize;
                palette.index_into(&now[row..row + (fw * 4) as usize], &mut buffer);
            }
            let frame = gif::Frame {
                delay,
                dispose: gif::DisposalMethod::Keep,
                left: left as u16,
                top: top as u16,
                width: fw as u16,
                height: fh as u16,
                buffer: Cow::Owned(buffer),
                ..gif::Frame::default()
            };
            encoder.write_frame(&frame).map_err(bad)?;
            before = Some(now.to_vec());
        }
    }
    let frames = scenes.len() as u32;
    Ok(Animation { gif: out, width: w, height: h, frames, millis, round, moves })
}

/// The smallest rectangle (left, top, width, height) holding every pixel (RGBA, `w` a row)
/// that differs.
fn changed(a: &[u8], b: &[u8], w: u32) -> Option<(u32, u32, u32, u32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    let row = (w * 4) as usize;
    for (y, (ra, rb)) in a.chunks_exact(row).zip(b.chunks_exact(row)).enumerate() {
        if ra == rb {
            continue;
        }
        let differs = |(p, q): (&[u8], &[u8])| p != q;
        let pixels = || ra.chunks_exact(4).zip(rb.chunks_exact(4));
        let first = pixels().position(differs).unwrap_or(0) as u32;
        let last = (w as usize - 1 - pixels().rev().position(differs).unwrap_or(0)) as u32;
        (x0, x1) = (x0.min(first), x1.max(last));
        (y0, y1) = (y0.min(y as u32), y1.max(y as u32));
    }
    (x0 != u32::MAX).then(|| (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

/// The GIF's one palette and the nearest entry of each colour met.
struct Palette {
    rgb: Vec<u8>,
    nearest: HashMap<[u8; 3], u8>,
}

impl Palette {
    /// The scenes' own colours first (met exactly: the felt, the faces, the pips), then a
    /// 6×6×6 cube for the edges' blends, 256 in all.
    fn of(scenes: &[Scene]) -> Palette {
        let mut own: Vec<[u8; 3]> = Vec::new();
        let mut add = |c: super::Color| {
            let c = [c.0, c.1, c.2];
            if !own.contains(&c) {
                own.push(c);
            }
        };
        for scene in scenes {
            add(scene.background);
            for shape in scene.groups.iter().flat_map(|g| &g.shapes) {
                match shape {
                    Shape::Rect { fill, stroke, .. } => {
                        add(*fill);
                        if let Some((c, _)) = stroke {
                            add(*c);
                        }
                    }
                    Shape::Circle { fill, .. } => add(*fill),
                    Shape::Line { stroke, .. } => add(*stroke),
                }
            }
        }
        own.truncate(40);
        let level = |i: u32| (i * 51) as u8;
        let cube = (0..216u32).map(|i| [level(i / 36), level(i / 6 % 6), level(i % 6)]);
        let colors: Vec<[u8; 3]> = own.iter().copied().chain(cube).take(256).collect();
        let nearest = colors.iter().enumerate().map(|(i, c)| (*c, i as u8)).collect();
        Palette { rgb: colors.concat(), nearest }
    }

    /// Each RGBA pixel (opaque) as its nearest colour's index, onto `out` (a run of one
    /// colour looked up once).
    fn index_into(&mut self, rgba: &[u8], out: &mut Vec<u8>) {
        let mut last: Option<([u8; 3], u8)> = None;
        for p in rgba.chunks_exact(4) {
            let c = [p[0], p[1], p[2]];
            let i = match last {
                Some((l, i)) if l == c => i,
                _ => self.of_color(c),
            };
            last = Some((c, i));
            out.push(i);
        }
    }

    fn of_color(&mut self, c: [u8; 3]) -> u8 {
        if let Some(&i) = self.nearest.get(&c) {
            return i;
        }
        let distance = |p: &[u8]| -> u32 {
            p.iter().zip(c).map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2) as u32).sum()
        };
        let chunks = self.rgb.chunks_exact(3);
        let best = chunks.enumerate().min_by_key(|(_, p)| distance(p)).map_or(0, |(i, _)| i);
        self.nearest.insert(c, best as u8);
        best as u8
    }
}
