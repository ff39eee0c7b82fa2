//! Stamps: a small shape drawn once and then copied wherever the same shape falls at the same
//! place within a pixel. A picture repeats its shapes — every tile face of one orientation has
//! one size, every pip of a tile size one radius — and laying out an anti-aliased path costs far
//! more than copying the few hundred pixels it covers, so each shape is rasterized at most once
//! per picture and composited (source-over, premultiplied) after that.
//!
//! A stamp's key is the shape with every coordinate taken relative to the whole pixel at its
//! top-left corner and rounded to a sixteenth of a pixel (the SVG text keeps a tenth), so a
//! stamp is drawn at most 1/32 px away from where the scene put the shape.

use super::scene::Shape;
use super::style::Color;
use std::collections::HashMap;
use tiny_skia::Pixmap;

/// Sixteenths of a pixel.
const GRID: f32 = 16.0;

/// Shapes larger than this (in pixels, either way) are drawn directly: they are rare, and a
/// stamp of them would cost a large copy.
const MAX_SIDE: f32 = 160.0;

/// The stamps of one picture.
#[derive(Default)]
pub(super) struct Stamps {
    drawn: HashMap<Key, Option<Pixmap>>,
}

/// A shape relative to its anchor pixel, in sixteenths, with its colours.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    kind: u8,
    coords: Vec<i32>,
    colors: [(u8, u8, u8); 2],
}

fn q(v: f32) -> i32 {
    (v * GRID).round() as i32
}

fn uq(v: i32) -> f32 {
    v as f32 / GRID
}

/// The pixel box a shape can touch: (x0, y0, x1, y1).
fn bounds(shape: &Shape) -> Option<(f32, f32, f32, f32)> {
    match shape {
        Shape::Rect { x, y, w, h, stroke, .. } => {
            let m = stroke.map_or(0.0, |(_, width)| width / 2.0);
            Some((x - m, y - m, x + w + m, y + h + m))
        }
        Shape::Circle { cx, cy, r, .. } => Some((cx - r, cy - r, cx + r, cy + r)),
        // Only a single stroke (a tile's middle line): longer lines are drawn directly.
        Shape::Line { points, width, dash: None, .. } if points.len() == 2 => {
            let m = width / 2.0;
            let (a, b) = (points[0], points[1]);
            Some((a.0.min(b.0) - m, a.1.min(b.1) - m, a.0.max(b.0) + m, a.1.max(b.1) + m))
        }
        Shape::Line { .. } => None,
    }
}

/// The shape's key and its anchor pixel, or `None` for a shape drawn directly.
fn key(shape: &Shape) -> Option<(Key, i32, i32)> {
    let (x0, y0, x1, y1) = bounds(shape)?;
    if x1 - x0 > MAX_SIDE || y1 - y0 > MAX_SIDE || !x0.is_finite() || !y0.is_finite() {
        return None;
    }
    // One pixel of margin around the box for anti-aliasing.
    let (ax, ay) = (x0.floor() as i32 - 1, y0.floor() as i32 - 1);
    let (fx, fy) = (ax as f32, ay as f32);
    let c = |c: Color| (c.0, c.1, c.2);
    let none = (0, 0, 0);
    let key = match shape {
        Shape::Rect { x, y, w, h, rx, fill, stroke } => Key {
            kind: 0,
            coords: vec![
                q(x - fx),
                q(y - fy),
                q(*w),
                q(*h),
                q(*rx),
                stroke.map_or(-1, |(_, width)| q(width)),
            ],
            colors: [c(*fill), stroke.map_or(none, |(s, _)| c(s))],
        },
        Shape::Circle { cx, cy, r, fill, .. } => {
            Key { kind: 1, coords: vec![q(cx - fx), q(cy - fy), q(*r)], colors: [c(*fill), none] }
        }
        Shape::Line { points, stroke, width, .. } => Key {
            kind: 2,
            coords: vec![
                q(points[0].0 - fx),
                q(points[0].1 - fy),
                q(points[1].0 - fx),
                q(points[1].1 - fy),
                q(*width),
            ],
            colors: [c(*stroke), none],
        },
    };
    Some((key, ax, ay))
}

/// The shape a key stands for, placed in its stamp (anchor at the origin).
fn shape_of(key: &Key, like: &Shape) -> Shape {
    let k = &key.coords;
    match like {
        Shape::Rect { fill, stroke, .. } => Shape::Rect {
            x: uq(k[0]),
            y: uq(k[1]),
            w: uq(k[2]),
            h: uq(k[3]),
            rx: uq(k[4]),
            fill: *fill,
            stroke: stroke.map(|(c, _)| (c, uq(k[5]))),
        },
        Shape::Circle { fill, pip, .. } => {
            Shape::Circle { cx: uq(k[0]), cy: uq(k[1]), r: uq(k[2]), fill: *fill, pip: *pip }
        }
        Shape::Line { stroke, .. } => Shape::Line {
            points: vec![(uq(k[0]), uq(k[1])), (uq(k[2]), uq(k[3]))],
            stroke: *stroke,
            width: uq(k[4]),
            dash: None,
        },
    }
}

impl Stamps {
    /// Draws `shape` onto `pixmap`, whose top-left pixel is `origin` of the picture, from its
    /// stamp (made with `draw` the first time); `false` if the shape is not one for stamps,
    /// and nothing was drawn.
    pub(super) fn draw(
        &mut self,
        pixmap: &mut Pixmap,
        shape: &Shape,
        origin: (i32, i32),
        draw: impl Fn(&mut Pixmap, &Shape),
    ) -> bool {
        let Some((key, ax, ay)) = key(shape) else { return false };
        let stamp = self.drawn.entry(key).or_insert_with_key(|key| {
            let placed = shape_of(key, shape);
            let (_, _, x1, y1) = bounds(&placed)?;
            let mut stamp = Pixmap::new(x1.ceil() as u32 + 2, y1.ceil() as u32 + 2)?;
            draw(&mut stamp, &placed);
            Some(stamp)
        });
        if let Some(stamp) = stamp {
            composite(pixmap, stamp, ax - origin.0, ay - origin.1);
        }
        true
    }
}

/// `src` over `dst` at (`x`, `y`), both premultiplied RGBA, clipped to `dst`.
fn composite(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let (c0, c1) = ((-x).max(0), sw.min(dw - x));
    let (r0, r1) = ((-y).max(0), sh.min(dh - y));
    if c0 >= c1 || r0 >= r1 {
        return;
    }
    let (d, s) = (dst.data_mut(), src.data());
    for row in r0..r1 {
        let so = ((row * sw + c0) * 4) as usize;
        let doff = (((row + y) * dw + x + c0) * 4) as usize;
        let n = ((c1 - c0) * 4) as usize;
        let (sp, dp) = (&s[so..so + n], &mut d[doff..doff + n]);
        for (sp, dp) in sp.chunks_exact(4).zip(dp.chunks_exact_mut(4)) {
            let a = sp[3];
            if a == 0 {
                continue;
            }
            if a == 255 {
                dp.copy_from_slice(sp);
                continue;
            }
            let inv = 255 - u16::from(a);
            for i in 0..4 {
                dp[i] = sp[i] + div255(u16::from(dp[i]) * inv);
            }
        }
    }
}

/// `v / 255` rounded, for `v` ≤ 255 · 255.
fn div255(v: u16) -> u8 {
    let v = u32::from(v) + 128;
    ((v + (v >> 8)) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{FillRule, Paint, PathBuilder, Transform};

    fn dot(pixmap: &mut Pixmap, shape: &Shape) {
        if let Shape::Circle { cx, cy, r, fill, .. } = shape {
            let mut pb = PathBuilder::new();
            pb.push_circle(*cx, *cy, *r);
            let mut paint = Paint::default();
            paint.set_color_rgba8(fill.0, fill.1, fill.2, 255);
            paint.anti_alias = true;
            let path = pb.finish().expect("a circle");
            pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
        }
    }

    #[test]
    fn a_stamp_draws_what_the_shape_draws_and_is_made_once() {
        let mut direct = Pixmap::new(64, 48).expect("a pixmap");
        direct.fill(tiny_skia::Color::from_rgba8(20, 90, 40, 255));
        let mut stamped = direct.clone();
        let mut stamps = Stamps::default();
        let ink = Color(10, 10, 10);
        // The same radius at the same place within a pixel: one stamp for both; the third
        // circle, a quarter pixel off, makes a second.
        let dots = [(10.25, 10.5), (40.25, 30.5), (20.5, 30.5), (63.0, 47.0)];
        for (cx, cy) in dots {
            let shape = Shape::Circle { cx, cy, r: 3.5, fill: ink, pip: true };
            dot(&mut direct, &shape);
            assert!(stamps.draw(&mut stamped, &shape, (0, 0), dot));
        }
        assert_eq!(stamps.drawn.len(), 3);
        let worst =
            direct.data().iter().zip(stamped.data()).map(|(a, b)| a.abs_diff(*b)).max().unwrap();
        // Blending a stamp rounds once more than drawing the path does: a few levels of 255.
        assert!(worst <= 8, "a stamped pixel differs by {worst}");
    }

    #[test]
    fn long_lines_and_large_shapes_are_not_stamped() {
        let mut pixmap = Pixmap::new(400, 400).expect("a pixmap");
        let mut stamps = Stamps::default();
        let ink = Color(0, 0, 0);
        let chart = Shape::Line {
            points: vec![(0.0, 0.0), (10.0, 10.0), (20.0, 0.0)],
            stroke: ink,
            width: 2.0,
            dash: None,
        };
        let felt =
            Shape::Rect { x: 0.0, y: 0.0, w: 300.0, h: 200.0, rx: 0.0, fill: ink, stroke: None };
        assert!(!stamps.draw(&mut pixmap, &chart, (0, 0), |_, _| ()));
        assert!(!stamps.draw(&mut pixmap, &felt, (0, 0), |_, _| ()));
        assert!(stamps.drawn.is_empty());
    }

    #[test]
    fn div255_rounds() {
        for v in [0u16, 1, 127, 128, 254, 255, 256, 32_767, 65_025] {
            let exact = (f64::from(v) / 255.0).round() as u8;
            assert_eq!(div255(v), exact, "{v}");
        }
    }
}
