//! One tile drawn: its face, its middle line and its pips (0 to 9 per half; 10 to 18, in the
//! larger sets, as a numeral: more pips than nine do not read at a glance on a square half),
//! its outline telling the last move and the hub; the bar that closes an arm; a tile's back.

use super::digits::{self, Anchor};
use super::scene::{Group, Shape};
use super::snake::{P, Put};
use super::style::{Color, Palette};

/// What a tile's outline tells.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Marks {
    /// Laid by the last move.
    pub last: bool,
    /// The hub (Osel) or house (Telefon).
    pub hub: bool,
    /// In a hand: a move can lay it now (outlined as the last move is).
    pub playable: bool,
}

/// Pip places in a half, in thirds of its width: (along the tile, across it).
fn pips(value: u8) -> &'static [(i8, i8)] {
    match value {
        1 => &[(0, 0)],
        2 => &[(-1, -1), (1, 1)],
        3 => &[(-1, -1), (0, 0), (1, 1)],
        4 => &[(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5 => &[(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6 => &[(-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)],
        7 => &[(-1, -1), (0, -1), (1, -1), (0, 0), (-1, 1), (0, 1), (1, 1)],
        8 => &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)],
        9 => &[(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)],
        _ => &[],
    }
}

/// The gap around a tile's face, in pixels, for a tile half `unit` pixels long.
fn inset(unit: f32) -> f32 {
    (unit * 0.05).round().max(1.0)
}

/// A tile face up, its cells centred at `put.c1` and `put.c2` (pixels), in a group `id`.
pub(super) fn face(id: String, put: &Put, unit: f32, palette: &Palette, marks: Marks) -> Group {
    // Each cell reaches half a unit around its centre.
    let (x0, y0, x1, y1) = (
        put.c1.x.min(put.c2.x) - unit / 2.0,
        put.c1.y.min(put.c2.y) - unit / 2.0,
        put.c1.x.max(put.c2.x) + unit / 2.0,
        put.c1.y.max(put.c2.y) + unit / 2.0,
    );
    let g = inset(unit);
    let mut group = Group::new("tile");
    group.id = Some(id);
    let rx = unit * 0.14;
    // Felt shows between tiles; only a marked tile has an outline, a ring drawn behind it.
    let ring = if marks.last || marks.playable {
        Some((palette.last, (unit * 0.09).round().max(2.0)))
    } else if marks.hub {
        Some((palette.hub, (unit * 0.07).round().max(2.0)))
    } else {
        None
    };
    let (x0, y0, x1, y1) = (x0 + g, y0 + g, x1 - g, y1 - g);
    let pad = ring.map_or(0.0, |(_, w)| w);
    group.shapes.push(Shape::Rect {
        x: x0 + pad,
        y: y0 + pad,
        w: x1 - x0 - 2.0 * pad,
        h: y1 - y0 - 2.0 * pad,
        rx: (rx - pad).max(rx / 2.0),
        fill: palette.face,
        stroke: None,
    });
    if let Some((color, _)) = ring {
        group.shapes.insert(
            0,
            Shape::Rect { x: x0, y: y0, w: x1 - x0, h: y1 - y0, rx, fill: color, stroke: None },
        );
    }
    // The middle line, across the tile between its halves.
    let mid = P::new((put.c1.x + put.c2.x) / 2.0, (put.c1.y + put.c2.y) / 2.0);
    let along = unit_dir(put.c1, put.c2);
    let across = P::new(-along.y, along.x);
    let half = unit * 0.36;
    group.shapes.push(Shape::Line {
        points: vec![
            (mid.x - across.x * half, mid.y - across.y * half),
            (mid.x + across.x * half, mid.y + across.y * half),
        ],
        stroke: palette.ink,
        width: (unit * 0.04).max(1.0),
        dash: None,
    });
    for (centre, value) in [(put.c1, put.link.first), (put.c2, put.link.second)] {
        if value > 9 {
            group.shapes.extend(numeral(value, centre, unit, palette.ink));
            continue;
        }
        let step = unit * 0.27;
        let radius = if value > 6 { unit * 0.075 } else { unit * 0.095 };
        for &(a, b) in pips(value) {
            let (a, b) = (a as f32 * step, b as f32 * step);
            group.shapes.push(Shape::Circle {
                cx: centre.x + along.x * a + across.x * b,
                cy: centre.y + along.y * a + across.y * b,
                r: radius,
                fill: palette.ink,
                pip: true,
            });
        }
    }
    group
}

/// A half's value past nine as a numeral, upright, centred on the half at `centre`.
fn numeral(value: u8, centre: P, unit: f32, ink: Color) -> Vec<Shape> {
    let height = unit * 0.42;
    let top = centre.y - height / 2.0;
    digits::draw(&value.to_string(), centre.x, top, height, ink, Anchor::Middle)
}

/// The bar across the far side of a double that closed its arm.
pub(super) fn closed_bar(put: &Put, unit: f32, palette: &Palette) -> Group {
    let centre = P::new((put.c1.x + put.c2.x) / 2.0, (put.c1.y + put.c2.y) / 2.0);
    let along = unit_dir(put.c1, put.c2);
    // Half the tile's extent in the arm's direction, then a little beyond.
    let reach =
        if (along.x * put.dir.x + along.y * put.dir.y).abs() > 0.5 { unit } else { unit / 2.0 };
    let at = P::new(
        centre.x + put.dir.x * (reach + unit * 0.12),
        centre.y + put.dir.y * (reach + unit * 0.12),
    );
    let across = P::new(-put.dir.y, put.dir.x);
    let len = unit * 1.1;
    let mut group = Group::new("closed");
    group.shapes.push(Shape::Line {
        points: vec![
            (at.x - across.x * len, at.y - across.y * len),
            (at.x + across.x * len, at.y + across.y * len),
        ],
        stroke: palette.closed,
        width: (unit * 0.16).max(2.0),
        dash: None,
    });
    group
}

/// A tile face down, `w` × `h` pixels at (`x`, `y`).
pub(super) fn back(x: f32, y: f32, w: f32, h: f32, color: Color, edge: Color) -> Shape {
    Shape::Rect { x, y, w, h, rx: w.min(h) * 0.18, fill: color, stroke: Some((edge, 1.0)) }
}

fn unit_dir(a: P, b: P) -> P {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-6);
    P::new(dx / len, dy / len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tile::Tile;
    use crate::view::picture::snake::Link;

    fn strokes(shapes: &[Shape]) -> Vec<Vec<(f32, f32)>> {
        let lines = shapes.iter().filter_map(|s| match s {
            Shape::Line { points, .. } => Some(points.clone()),
            _ => None,
        });
        lines.collect()
    }

    #[test]
    fn a_half_past_nine_shows_its_numeral_and_no_pips() {
        let palette = Palette::default();
        let (c1, c2) = (P::new(40.0, 40.0), P::new(80.0, 40.0));
        for (first, second) in [(3, 12), (18, 18), (9, 10)] {
            let link = Link { tile: Tile::new(first, second), first, second };
            let put = Put { link, c1, c2, dir: P::new(1.0, 0.0) };
            let group = face("t0".into(), &put, 40.0, &palette, Marks::default());
            let pips = group.shapes.iter().filter(|s| matches!(s, Shape::Circle { .. })).count();
            let shown = |v: u8| if v > 9 { 0 } else { usize::from(v) };
            assert_eq!(pips, shown(first) + shown(second), "{first}-{second}");
            let drawn = strokes(&group.shapes);
            for (centre, v) in [(c1, first), (c2, second)].into_iter().filter(|(_, v)| *v > 9) {
                let want = strokes(&numeral(v, centre, 40.0, palette.ink));
                assert!(want.iter().all(|s| drawn.contains(s)), "{v} is drawn as its numeral");
                let inside = want.iter().flatten().all(|&(x, _)| (x - centre.x).abs() < 20.0);
                assert!(inside, "{v}'s numeral stays on its half");
            }
        }
    }
}
