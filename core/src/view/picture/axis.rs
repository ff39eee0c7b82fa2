//! What the charts share (the match tally, the ratings over time): the plot's frame, a round
//! step for the value scale, the grid's colour, a labelled rule across the plot, and the
//! values at the lines' ends pushed apart so none covers another.

use super::digits::{self, Anchor};
use super::scene::Shape;
use super::style::{Color, Palette};

/// A round step for a scale spanning `span`: 5, 10, 20, 25, 50, 100, … so that the span takes
/// at most five steps (six rules when the scale starts on a step).
pub(super) fn step(span: u64) -> u64 {
    [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|s| span / s <= 5)
        .unwrap_or(span.div_ceil(5).max(1))
}

/// The grid's colour: the chalk two thirds faded into the felt.
pub(super) fn dim(p: &Palette) -> Color {
    let mix = |a: u8, b: u8| ((a as u16 + 2 * b as u16) / 3) as u8;
    Color(mix(p.chalk.0, p.felt.0), mix(p.chalk.1, p.felt.1), mix(p.chalk.2, p.felt.2))
}

/// The plot inside a picture, in pixels, and the height of its digits.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Frame {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
    pub label: f32,
}

impl Frame {
    /// The plot of a `size` picture, with `left` and `right` margins in digit heights (the
    /// scale's numbers at the left, the lines' ends at the right).
    pub(super) fn new(size: (u32, u32), left: f32, right: f32) -> Frame {
        let (w, h) = (size.0 as f32, size.1 as f32);
        let label = (h * 0.06).round();
        Frame {
            left: label * left,
            right: w - label * right,
            top: label * 1.2,
            bottom: h - label * 2.2,
            label,
        }
    }

    /// A rule across the plot at `y` (dashed by `dash`), `text` written at its left end
    /// (nothing for "").
    pub(super) fn rule(
        &self,
        y: f32,
        text: &str,
        color: Color,
        width: f32,
        dash: Option<f32>,
    ) -> Vec<Shape> {
        let line = Shape::Line {
            points: vec![(self.left, y), (self.right, y)],
            stroke: color,
            width,
            dash,
        };
        let x = self.left - self.label * 0.6;
        let y = y - self.label / 2.0;
        let mut shapes = vec![line];
        shapes.extend(digits::draw(text, x, y, self.label, color, Anchor::End));
        shapes
    }

    /// `text` at the right of the plot, centred on `y` (a line's end value).
    pub(super) fn end_label(&self, y: f32, text: &str, color: Color) -> Vec<Shape> {
        let x = self.right + self.label * 0.8;
        digits::draw(text, x, y - self.label / 2.0, self.label, color, Anchor::Start)
    }

    /// The heights of the lines' ends `(line, y)` moved as little as they need to stand at
    /// least a label and a half apart, none below the plot; sorted from the top.
    pub(super) fn spread(&self, ends: &mut [(usize, f32)]) {
        ends.sort_by(|a, b| a.1.total_cmp(&b.1));
        let gap = self.label * 1.4;
        for i in 1..ends.len() {
            ends[i].1 = ends[i].1.max(ends[i - 1].1 + gap);
        }
        // Up to eight lines: what went past the axis is pushed back up, still apart.
        if let Some(last) = ends.last_mut() {
            last.1 = last.1.min(self.bottom);
        }
        for i in (0..ends.len().saturating_sub(1)).rev() {
            ends[i].1 = ends[i].1.min(ends[i + 1].1 - gap);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_has_at_most_six_lines() {
        for top in [1, 7, 25, 72, 101, 125, 260, 999, 4000] {
            let s = step(top);
            assert!(top.div_ceil(s) <= 6, "{top}: step {s}");
        }
        assert_eq!((step(0), step(101), step(72), step(4000)), (5, 20, 20, 1000));
        for top in [u64::from(u32::MAX), u64::from(u32::MAX) - 1, 4_000_000_000, u64::MAX] {
            let s = step(top);
            assert!(top.div_ceil(s) <= 6, "{top}: step {s}");
        }
    }

    #[test]
    fn ends_stand_apart_inside_the_plot() {
        let frame = Frame::new((1024, 512), 4.0, 4.5);
        let mut ends: Vec<(usize, f32)> = (0..8).map(|i| (i, frame.bottom - i as f32)).collect();
        frame.spread(&mut ends);
        for pair in ends.windows(2) {
            assert!(pair[1].1 - pair[0].1 >= frame.label * 1.4 - 0.01, "{ends:?}");
        }
        assert!(ends.last().unwrap().1 <= frame.bottom);
        assert_eq!(ends.last().unwrap().0, 0, "the lowest stays lowest");
    }
}
