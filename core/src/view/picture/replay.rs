//! A round replayed as an animated GIF: the board as the table picture draws it
//! ([`super::board_svg`]), a frame after the deal and one after each move (its tiles
//! outlined), the last held a while. Every tile stands where the round's last board has it
//! (that board laid out once, each earlier one a part of it), so nothing moves or shrinks as
//! the line grows. Drawn from a match's record (`domino-record/1`), so any
//! finished match of the chat's history can be replayed. Public like the table picture: only
//! the tiles on the table and the bazaar's backs, never a hand.
//!
//! Encoding: one global palette of 256 colours (the scenes' own colours exactly, then a
//! 6×6×6 cube), each pixel the nearest of them (memoized per colour); each frame after the
//! first only the parts of the board that changed ([`dirty`]: the boxes of the shapes one
//! scene has and the other not), each drawn alone and kept over the frames before; a move
//! that changed places apart (the new tile at one end of the line, the last move's outline at
//! the other) is written as a frame a place, all but the last shown for a moment. So a frame
//! costs what the move changed, not the whole board.

use super::layout::lay_out;
use super::scene::{Group, Scene, Shape};
use super::stamp::Stamps;
use super::table::{board_area, board_scene_in};
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
    /// The GIF's frames: the deal, then one a move, in parts where a move changed places
    /// apart (all but the last shown for [`PART_CS`] centiseconds).
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
/// A move's part shown before its last (centiseconds): a moment, the least browsers keep.
pub const PART_CS: u16 = 2;
/// Boxes this close (pixels) are drawn as one part.
const NEAR: u32 = 24;

/// Round `round` (0-based; `None`: the last dealt) of `record` as a GIF. A round the match
/// never reached is `NoSuchRound` (numbered from 1).
pub fn replay_gif(
    record: &Record,
    round: Option<usize>,
    style: &Style,
) -> Result<Animation, PictureError> {
    let index = round.unwrap_or(record.rounds.len().saturating_sub(1));
    encode(&scenes(record, index, style)?, index)
}

/// The board after the deal of round `index` and after each of its moves, at the replay's
/// size.
fn scenes(record: &Record, index: usize, style: &Style) -> Result<Vec<Scene>, PictureError> {
    let style = &Style { table: style.replay, ..*style };
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
    // The board after each move, then each drawn with every tile where the round's last board
    // has it: a tile laid stays where it is, so a frame changes only where a move did.
    let state = |m: &Match, last: Vec<Tile>| {
        let r = m.round().expect("a round is dealt");
        (r.board().clone(), last, has_bazaar.then(|| r.bazaar_len()))
    };
    let mut states = vec![state(&m, Vec::new())];
    for mv in &record.rounds[index].moves {
        if let Some(done) = play(&mut m, mv) {
            states.push(state(&m, laid(&done)));
        }
    }
    let (x, y, w, h) = board_area(style);
    let fixed = lay_out(&states.last().expect("the deal's state").0, x, y, w, h);
    let scenes = states
        .iter()
        .map(|(board, last, bazaar)| board_scene_in(board, Some(&fixed), last, *bazaar, style))
        .collect();
    Ok(scenes)
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
    let frames = {
        let mut encoder = gif::Encoder::new(&mut out, w16, h16, &palette.rgb).map_err(bad)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(bad)?;
        // Each scene's groups told apart once, not once for each frame they border.
        let keys: Vec<Vec<String>> = scenes.iter().map(group_keys).collect();
        // The stamps of the tiles and pips, made once for every frame.
        let mut stamps = Stamps::default();
        let mut frames = 0;
        for (i, scene) in scenes.iter().enumerate() {
            let delay = match i {
                0 => FIRST_CS,
                _ if i + 1 == scenes.len() => LAST_CS,
                _ => move_cs,
            };
            let mut parts = match i {
                0 => vec![(0, 0, w, h)],
                _ => dirty_keyed((&scenes[i - 1], &keys[i - 1]), (scene, &keys[i])),
            };
            if parts.is_empty() {
                // Nothing changed (a pass, where there is no bazaar): one pixel kept as it was.
                parts.push((0, 0, 1, 1));
            }
            let last = parts.len() - 1;
            for (k, (left, top, fw, fh)) in parts.into_iter().enumerate() {
                // Only what changed is drawn, indexed and written; a move's parts but the last
                // are shown for a moment, the last for the rest of its time.
                let pixmap = raster::draw_region(scene, &mut stamps, (left, top, fw, fh))?;
                let mut buffer = Vec::with_capacity((fw * fh) as usize);
                palette.index_into(pixmap.data(), &mut buffer);
                let delay = match k < last {
                    true => PART_CS,
                    false => delay.saturating_sub(PART_CS * last as u16).max(PART_CS),
                };
                millis += u32::from(delay) * 10;
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
                frames += 1;
            }
        }
        frames
    };
    Ok(Animation { gif: out, width: w, height: h, frames, millis, round, moves })
}

/// The parts (left, top, width, height) of the picture where `b` draws differently from
/// `a`: the boxes of the groups of shapes one has and the other not (a tile laid, the last
/// move's outline moved, the bazaar's row and count), each with two pixels around it for the
/// anti-aliasing, those that touch or nearly merged into one; none where they draw the
/// same. The whole picture when the two differ in anything else (size, felt, the order of
/// the groups they share). Parts apart keep a frame small when a move changes both ends of
/// the line.
#[cfg(test)]
fn dirty(a: &Scene, b: &Scene) -> Vec<(u32, u32, u32, u32)> {
    dirty_keyed((a, &group_keys(a)), (b, &group_keys(b)))
}

/// What tells a scene's groups apart: each drawn the same is written the same.
fn group_keys(scene: &Scene) -> Vec<String> {
    scene.groups.iter().map(|g: &Group| format!("{g:?}")).collect()
}

/// [`dirty`] with each scene's [`group_keys`].
fn dirty_keyed(
    (a, ka): (&Scene, &[String]),
    (b, kb): (&Scene, &[String]),
) -> Vec<(u32, u32, u32, u32)> {
    let (w, h) = (b.width, b.height);
    let whole = vec![(0, 0, w, h)];
    if (a.width, a.height, a.background) != (w, h, b.background) {
        return whole;
    }
    let mut count: HashMap<&str, i32> = HashMap::new();
    for k in ka {
        *count.entry(k).or_default() += 1;
    }
    for k in kb {
        *count.entry(k).or_default() -= 1;
    }
    let shared = |keys: &[String]| -> Vec<usize> {
        (0..keys.len()).filter(|&i| count[keys[i].as_str()] == 0).collect()
    };
    let (sa, sb) = (shared(ka), shared(kb));
    if sa.len() != sb.len() || sa.iter().zip(&sb).any(|(&i, &j)| ka[i] != kb[j]) {
        return whole;
    }
    let clamp = |v: f32, most: u32| (v.max(0.0) as u32).min(most);
    let mut boxes: Vec<(u32, u32, u32, u32)> = Vec::new();
    let differing = a.groups.iter().zip(ka).chain(b.groups.iter().zip(kb));
    for (g, _) in differing.filter(|(_, k)| count[k.as_str()] != 0) {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for s in &g.shapes {
            let (l, t, r, d) = s.extent();
            (x0, y0, x1, y1) = (x0.min(l), y0.min(t), x1.max(r), y1.max(d));
        }
        if x0 <= x1 {
            let (l, t) = (clamp(x0.floor() - 2.0, w), clamp(y0.floor() - 2.0, h));
            let (r, d) = (clamp(x1.ceil() + 2.0, w), clamp(y1.ceil() + 2.0, h));
            if l < r && t < d {
                boxes.push((l, t, r, d));
            }
        }
    }
    // Boxes that touch or nearly, merged until none does.
    let near = |p: &(u32, u32, u32, u32), q: &(u32, u32, u32, u32)| {
        p.0 <= q.2 + NEAR && q.0 <= p.2 + NEAR && p.1 <= q.3 + NEAR && q.1 <= p.3 + NEAR
    };
    let mut merged = true;
    while merged {
        merged = false;
        'pairs: for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                if near(&boxes[i], &boxes[j]) {
                    let q = boxes.swap_remove(j);
                    let p = &mut boxes[i];
                    *p = (p.0.min(q.0), p.1.min(q.1), p.2.max(q.2), p.3.max(q.3));
                    merged = true;
                    break 'pairs;
                }
            }
        }
    }
    boxes.into_iter().map(|(l, t, r, d)| (l, t, r - l, d - t)).collect()
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

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
