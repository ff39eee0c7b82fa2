//! Digits drawn as strokes (no font): `0`–`9`, `+`, `-` and `=`, in a seven-segment hand with
//! round ends, for the bazaar count, the points and the chart's labels.

use super::scene::Shape;
use super::style::Color;

/// Where a number stands relative to its `x`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Anchor {
    Start,
    Middle,
    End,
}

/// Width of a glyph and the gap after it, in glyph heights.
const WIDTH: f32 = 0.55;
const GAP: f32 = 0.3;

/// The width of `text` drawn `height` tall.
pub(super) fn width(text: &str, height: f32) -> f32 {
    let n = text.chars().count() as f32;
    if n == 0.0 { 0.0 } else { height * (n * WIDTH + (n - 1.0) * GAP) }
}

/// `text` drawn `height` tall, its top at `y`; characters other than the drawable ones are
/// skipped as spaces.
pub(super) fn draw(
    text: &str,
    x: f32,
    y: f32,
    height: f32,
    color: Color,
    anchor: Anchor,
) -> Vec<Shape> {
    let total = width(text, height);
    let mut left = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - total / 2.0,
        Anchor::End => x - total,
    };
    let stroke = (height * 0.15).max(1.0);
    let mut shapes = Vec::new();
    for ch in text.chars() {
        for stroke_points in glyph(ch) {
            let points = stroke_points
                .iter()
                .map(|&(gx, gy)| (left + gx * height * WIDTH, y + gy * height))
                .collect();
            shapes.push(Shape::Line { points, stroke: color, width: stroke, dash: None });
        }
        left += height * (WIDTH + GAP);
    }
    shapes
}

type Stroke = &'static [(f32, f32)];

const TL: (f32, f32) = (0.0, 0.0);
const TR: (f32, f32) = (1.0, 0.0);
const ML: (f32, f32) = (0.0, 0.5);
const MR: (f32, f32) = (1.0, 0.5);
const BL: (f32, f32) = (0.0, 1.0);
const BR: (f32, f32) = (1.0, 1.0);

/// The strokes of one character, in a unit box (x across, y down).
fn glyph(ch: char) -> &'static [Stroke] {
    match ch {
        '0' => &[&[TL, TR, BR, BL, TL]],
        '1' => &[&[(0.2, 0.2), (0.6, 0.0), (0.6, 1.0)]],
        '2' => &[&[TL, TR, MR, ML, BL, BR]],
        '3' => &[&[TL, TR, BR, BL], &[ML, MR]],
        '4' => &[&[TL, ML, MR], &[TR, BR]],
        '5' => &[&[TR, TL, ML, MR, BR, BL]],
        '6' => &[&[TR, TL, BL, BR, MR, ML]],
        '7' => &[&[TL, TR, BR]],
        '8' => &[&[TL, TR, BR, BL, TL], &[ML, MR]],
        '9' => &[&[MR, ML, TL, TR, BR, BL]],
        '+' => &[&[(0.0, 0.5), (1.0, 0.5)], &[(0.5, 0.2), (0.5, 0.8)]],
        '-' => &[&[(0.0, 0.5), (1.0, 0.5)]],
        '=' => &[&[(0.0, 0.35), (1.0, 0.35)], &[(0.0, 0.65), (1.0, 0.65)]],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_as_wide_as_promised_and_anchored() {
        let white = Color(255, 255, 255);
        let shapes = draw("+25", 100.0, 10.0, 20.0, white, Anchor::End);
        assert_eq!(shapes.len(), 2 + 1 + 1);
        let xs: Vec<f32> = shapes
            .iter()
            .flat_map(|s| match s {
                Shape::Line { points, .. } => points.iter().map(|p| p.0).collect::<Vec<_>>(),
                _ => Vec::new(),
            })
            .collect();
        let max = xs.iter().copied().fold(f32::MIN, f32::max);
        let min = xs.iter().copied().fold(f32::MAX, f32::min);
        assert!((max - 100.0).abs() < 0.01, "{max}");
        assert!((min - (100.0 - width("+25", 20.0))).abs() < 0.01, "{min}");
    }
}
