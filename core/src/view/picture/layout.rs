//! Where every tile on the table goes in a picture area.
//!
//! A line (no hub, or a hub whose across sides are not open yet) is one snake from the left
//! end to the right end. A hub with its four arms stands in the middle, each arm running
//! straight out and then snaking in its own quarter, turning clockwise (right arm: out to the
//! right, then rows downward; down arm: down, then leftward; and so on), so the four never
//! meet. The tile size is the largest (in whole pixels) at which everything fits.

use super::snake::{Frame, Link, P, Put, Rect, snake};
use crate::engine::board::{Arm, Board, HubSite, Laid};
use crate::engine::tile::Tile;

/// The tiles on the table, placed in pixels.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct BoardLayout {
    /// Pixels per unit (half a tile's length).
    pub unit: f32,
    /// Cell centres in pixels.
    pub puts: Vec<Put>,
    /// The hub (Osel) or house (Telefon).
    pub hub: Option<Tile>,
}

/// The largest and smallest tile half, in pixels.
const MAX_UNIT: u32 = 72;
const MIN_UNIT: u32 = 6;
/// Free units kept around the tiles (room for a closed arm's bar).
const MARGIN: f32 = 0.5;

/// Where the hub may stand, as shares of the area's width and height, middle first.
const HUB_AT: [(f32, f32); 9] = [
    (0.5, 0.5),
    (0.4, 0.5),
    (0.6, 0.5),
    (0.5, 0.4),
    (0.5, 0.6),
    (0.4, 0.4),
    (0.6, 0.6),
    (0.4, 0.6),
    (0.6, 0.4),
];

/// Lays out `board` in an area `w` × `h` pixels at (`x`, `y`).
pub(super) fn lay_out(board: &Board, x: f32, y: f32, w: f32, h: f32) -> BoardLayout {
    let laid: Vec<Laid> = board.laid().collect();
    let hub = hub_tile(board, &laid);
    if laid.is_empty() {
        return BoardLayout { unit: MAX_UNIT as f32, puts: Vec::new(), hub };
    }
    let across = board.arm(Arm::Up).exists;
    let mut unit = MAX_UNIT.min((w.min(h) / 6.0) as u32).max(MIN_UNIT);
    loop {
        let (uw, uh) = (w / unit as f32 - 2.0 * MARGIN, h / unit as f32 - 2.0 * MARGIN);
        let puts = if across {
            HUB_AT
                .iter()
                .find_map(|&at| pinwheel(board, &laid, uw, uh, at).filter(|p| fits(p, uw, uh)))
        } else {
            Some(line(&laid, uw)).filter(|p| fits(p, uw, uh))
        };
        if let Some(puts) = puts {
            let u = unit as f32;
            let bbox = bounds(&puts);
            // Centre the tiles, on whole pixels.
            let dx = (x + (w - (bbox.x1 - bbox.x0) * u) / 2.0 - bbox.x0 * u).round();
            let dy = (y + (h - (bbox.y1 - bbox.y0) * u) / 2.0 - bbox.y0 * u).round();
            let px = |p: P| P::new(dx + p.x * u, dy + p.y * u);
            let puts = puts.into_iter().map(|p| Put { c1: px(p.c1), c2: px(p.c2), ..p }).collect();
            return BoardLayout { unit: u, puts, hub };
        }
        if unit == MIN_UNIT {
            // Not reached at the default sizes (the property tests would see an overlap): the
            // smallest size is drawn as laid out.
            let puts = if across {
                pinwheel(board, &laid, uw, uh, HUB_AT[0])
            } else {
                Some(line(&laid, uw))
            };
            let u = unit as f32;
            let px = |p: P| P::new(x + p.x * u, y + p.y * u);
            let puts = puts
                .unwrap_or_default()
                .into_iter()
                .map(|p| Put { c1: px(p.c1), c2: px(p.c2), ..p })
                .collect();
            return BoardLayout { unit: u, puts, hub };
        }
        unit -= 1;
    }
}

/// The hub (Osel) or house (Telefon) of `board`, if it has one yet.
pub(super) fn hub_of(board: &Board) -> Option<Tile> {
    let laid: Vec<Laid> = board.laid().collect();
    hub_tile(board, &laid)
}

fn hub_tile(board: &Board, laid: &[Laid]) -> Option<Tile> {
    let hub = board.hub()?;
    match hub.site {
        HubSite::Lead => laid.first().map(|l| l.tile),
        HubSite::On(arm) => outward(laid, arm).nth(hub.depth as usize - 1).map(|l| l.tile),
    }
}

/// The tiles of `arm`, from the lead (or hub) outward.
fn outward(laid: &[Laid], arm: Arm) -> impl DoubleEndedIterator<Item = Laid> + '_ {
    laid.iter().filter(move |l| l.arm == Some(arm)).copied()
}

/// A tile read outward: its outer half last.
fn out_link(l: Laid) -> Link {
    Link::new(l.tile, l.tile.other(l.outer))
}

/// A tile read inward (toward the lead): its outer half first.
fn in_link(l: Laid) -> Link {
    Link::new(l.tile, l.outer)
}

/// The whole line as one snake, from the left end to the right end.
fn line(laid: &[Laid], width: f32) -> Vec<Put> {
    let lead = laid[0];
    let mut chain: Vec<Link> = outward(laid, Arm::Left).rev().map(in_link).collect();
    chain.push(Link::new(lead.tile, lead.tile.other(lead.outer)));
    chain.extend(outward(laid, Arm::Right).map(out_link));
    let frame = Frame { origin: P::new(0.0, 1.0), ax: P::new(1.0, 0.0), ay: P::new(0.0, 1.0) };
    snake(&chain, 0.0, width).into_iter().map(|p| frame.put(p)).collect()
}

/// The hub in the middle and its four arms, each from the hub outward.
fn pinwheel(board: &Board, laid: &[Laid], w: f32, h: f32, at: (f32, f32)) -> Option<Vec<Put>> {
    let lead = laid[0];
    let hub = board.hub()?;
    let (hub_tile, east, west): (Tile, Vec<Link>, Vec<Link>) = match hub.site {
        HubSite::Lead => (
            lead.tile,
            outward(laid, Arm::Right).map(out_link).collect(),
            outward(laid, Arm::Left).map(out_link).collect(),
        ),
        HubSite::On(arm) => {
            let depth = hub.depth as usize;
            let own: Vec<Laid> = outward(laid, arm).collect();
            let other = if arm == Arm::Left { Arm::Right } else { Arm::Left };
            // From the hub back to the lead, through it, then out along the other arm.
            let mut back: Vec<Link> = own[..depth - 1].iter().rev().map(|&l| in_link(l)).collect();
            let lead_first =
                if arm == Arm::Left { lead.tile.other(lead.outer) } else { lead.outer };
            back.push(Link::new(lead.tile, lead_first));
            back.extend(outward(laid, other).map(out_link));
            let beyond: Vec<Link> = own[depth..].iter().map(|&l| out_link(l)).collect();
            let hub_tile = own[depth - 1].tile;
            if arm == Arm::Left { (hub_tile, back, beyond) } else { (hub_tile, beyond, back) }
        }
    };
    let (hx, hy) = ((w * at.0).round(), (h * at.1).round());
    let value = hub.value;
    let mut puts = vec![Put {
        link: Link::new(hub_tile, value),
        c1: P::new(hx, hy - 0.5),
        c2: P::new(hx, hy + 0.5),
        dir: P::new(1.0, 0.0),
    }];
    let up: Vec<Link> = outward(laid, Arm::Up).map(out_link).collect();
    let down: Vec<Link> = outward(laid, Arm::Down).map(out_link).collect();
    let (e, s, wd, n) = (P::new(1.0, 0.0), P::new(0.0, 1.0), P::new(-1.0, 0.0), P::new(0.0, -1.0));
    // (chain, origin, out, clockwise, room out, room clockwise).
    let arms = [
        (east, P::new(hx + 0.5, hy), e, s, w - hx - 0.5, h - hy),
        (down, P::new(hx, hy + 1.0), s, wd, h - hy - 1.0, hx),
        (west, P::new(hx - 0.5, hy), wd, n, hx - 0.5, hy),
        (up, P::new(hx, hy - 1.0), n, e, hy - 1.0, w - hx),
    ];
    for (chain, origin, out, cw, along, across) in arms {
        puts.extend(arm(&chain, origin, out, cw, along, across));
    }
    Some(puts)
}

/// One arm of a hub from `origin` running `out`, with `along` units of room that way and
/// `across` units clockwise (`cw`). Where there is more room out, rows run out and back,
/// stacked clockwise; else a straight stem runs out, then rows run clockwise and back,
/// stacked toward the hub.
fn arm(chain: &[Link], origin: P, out: P, cw: P, along: f32, across: f32) -> Vec<Put> {
    let frame = Frame { origin, ax: out, ay: cw };
    let mut stem = 0;
    let mut x = 0.0;
    if along < across {
        for link in chain {
            let len = if link.tile.is_double() { 1.0 } else { 2.0 };
            if x + len > along - 0.5 {
                break;
            }
            x += len;
            stem += 1;
        }
    }
    if stem == 0 {
        return snake(chain, 0.5, along).into_iter().map(|p| frame.put(p)).collect();
    }
    let mut puts: Vec<Put> =
        snake(&chain[..stem], 0.0, f32::MAX).into_iter().map(|p| frame.put(p)).collect();
    let Some(&last) = chain[..stem].last() else { return puts };
    // The rows start at the side of the stem's last half (a double: at its end).
    let half = if last.tile.is_double() { 1.0 } else { 0.5 };
    let start = frame.point(P::new(x - 0.5, half));
    let rows = Frame { origin: start, ax: cw, ay: P::new(-out.x, -out.y) };
    let room = across - half;
    puts.extend(snake(&chain[stem..], 0.5, room).into_iter().map(|p| rows.put(p)));
    puts
}

fn bounds(puts: &[Put]) -> Rect {
    puts.iter().map(Put::rect).reduce(|a, b| a.union(&b)).unwrap_or(Rect {
        x0: 0.0,
        y0: 0.0,
        x1: 0.0,
        y1: 0.0,
    })
}

/// Everything fits in `w` × `h` units and no two tiles overlap.
fn fits(puts: &[Put], w: f32, h: f32) -> bool {
    let b = bounds(puts);
    if b.x1 - b.x0 > w + 1e-3 || b.y1 - b.y0 > h + 1e-3 {
        return false;
    }
    let rects: Vec<Rect> = puts.iter().map(Put::rect).collect();
    rects.iter().enumerate().all(|(i, r)| rects[i + 1..].iter().all(|q| !r.overlaps(q)))
}
