//! The round's end: the final board, and under it every hand face up with its value, and the
//! points each side wrote («+N» in the side's colour).

use super::PictureError;
use super::digits::{self, Anchor};
use super::scene::{Group, Scene, Shape};
use super::snake::{Link, P, Put};
use super::style::Style;
use super::table::draw_board;
use super::tile::{Marks, face};
use crate::engine::game::Match;
use crate::session::{Game, Table};
use std::borrow::Cow;

/// Share of the picture's height the board takes: less with more than four hands under it.
const BOARD: f32 = 0.56;
const BOARD_MANY: f32 = 0.44;
/// Hands the rows under the board are sized for at least (more: each row is lower).
const ROWS: usize = 4;

/// The match as it stood when round `round` (1-based) ended, replayed from the seed.
pub(crate) fn replayed(game: &Game, round: u32) -> Result<Cow<'_, Match>, PictureError> {
    let index = (round as usize).checked_sub(1).filter(|&i| i < game.rounds.len());
    let index = index.ok_or(PictureError::NoSuchRound(round))?;
    if index + 1 == game.rounds.len() {
        return Ok(Cow::Borrowed(&game.live));
    }
    let m = game.replay_through(index, |_, _, _| {});
    Ok(Cow::Owned(m.map_err(|_| PictureError::NoSuchRound(round))?))
}

pub(super) fn round_end_scene(
    table: &Table,
    round: u32,
    style: &Style,
) -> Result<Scene, PictureError> {
    let game = table.game.as_ref().ok_or(PictureError::NoRound)?;
    let m = replayed(game, round)?;
    let r = m.round().ok_or(PictureError::NoSuchRound(round))?;
    // A hand is shown only once its round is over (or the match was won in it).
    let last_round = round as usize == game.rounds.len();
    if !(r.is_over() || last_round && m.is_over()) {
        return Err(PictureError::RoundNotOver(round));
    }
    let report = m.round_report();
    let (w, h) = style.round_end;
    let (wf, hf) = (w as f32, h as f32);
    let p = &style.palette;
    let mut scene = Scene::new(w, h, p.felt);
    let seats = r.seats();
    let board_h = (hf * if seats > ROWS { BOARD_MANY } else { BOARD }).round();
    draw_board(&mut scene, r.board(), &[], (0.0, 0.0, wf, board_h), p);
    let rules = m.rules();
    let room = hf - board_h;
    let exact = room / seats.max(ROWS) as f32;
    // Rounded as ever, but never so that the rows overflow the picture (eight hands).
    let row_h = if exact.round() * seats as f32 <= room { exact.round() } else { exact.floor() };
    let top = board_h + ((hf - board_h) - row_h * seats as f32) / 2.0;
    // Seats by side, so partners are next to each other.
    let mut order: Vec<usize> = (0..seats).collect();
    order.sort_by_key(|&s| (rules.side_of(s), s));
    let most = order.iter().map(|&s| r.hand(s).len()).max().unwrap_or(0).max(1) as f32;
    let (left, right) = ((row_h * 1.5).round(), (row_h * 3.2).round());
    let unit = (row_h * 0.4).min((wf - left - right) / (most * 1.12)).floor().max(4.0);
    let mut sides_done = [false; crate::engine::rules::MAX_SEATS];
    for (k, &seat) in order.iter().enumerate() {
        let side = rules.side_of(seat);
        let y = top + row_h * k as f32;
        let mid = (y + row_h / 2.0).round();
        let mut label = Group::new("seat");
        let dot = row_h * 0.16;
        label.shapes.push(Shape::Circle {
            cx: row_h * 0.35,
            cy: mid,
            r: dot,
            fill: p.sides[side],
            pip: false,
        });
        let dh = (row_h * 0.36).round();
        let no = (seat + 1).to_string();
        label.shapes.extend(digits::draw(
            &no,
            row_h * 0.7,
            mid - dh / 2.0,
            dh,
            p.chalk,
            Anchor::Start,
        ));
        let hand = r.hand(seat);
        let value = rules.hand_value(hand);
        let vx = wf - row_h * 1.7;
        label.shapes.extend(digits::draw(
            &value.to_string(),
            vx,
            mid - dh / 2.0,
            dh,
            p.chalk,
            Anchor::End,
        ));
        let written = report.written.get(side).copied().unwrap_or(0);
        if !sides_done[side] && written > 0 {
            let text = format!("+{written}");
            label.shapes.extend(digits::draw(
                &text,
                wf - row_h * 0.25,
                mid - dh / 2.0,
                dh,
                p.sides[side],
                Anchor::End,
            ));
        }
        sides_done[side] = true;
        scene.groups.push(label);
        for (i, tile) in hand.iter().enumerate() {
            let cx = (left + unit * (0.5 + 1.12 * i as f32)).round();
            let put = Put {
                link: Link::new(tile, tile.low()),
                c1: P::new(cx, mid - unit / 2.0),
                c2: P::new(cx, mid + unit / 2.0),
                dir: P::new(0.0, 1.0),
            };
            scene.groups.push(face(format!("h{}", tile.index()), &put, unit, p, Marks::default()));
        }
    }
    Ok(scene)
}
