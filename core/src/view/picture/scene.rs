//! What a picture is made of — rectangles, circles, lines in named groups — and its SVG text.
//!
//! The SVG is regular on purpose: one element per line, coordinates in pixels with at most one
//! decimal, each tile a `<g>` whose `id` names it (`t{index}` on the table, `h{index}` in a
//! hand) with its outline as the group's first `<rect>` and its pips as `<circle class="pip">`.
//! Tests read that structure back.

use super::style::Color;
use std::fmt::Write;

/// One shape, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Shape {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        rx: f32,
        fill: Color,
        stroke: Option<(Color, f32)>,
    },
    /// A pip when `pip` is set (class `pip`), else a plain dot.
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
        fill: Color,
        pip: bool,
    },
    /// A stroked polyline with round caps and joins; `dash` for a dashed line.
    Line {
        points: Vec<(f32, f32)>,
        stroke: Color,
        width: f32,
        dash: Option<f32>,
    },
}

impl Shape {
    /// The box (x0, y0, x1, y1) in pixels the shape can touch, its stroke and round caps
    /// included (not the anti-aliasing's pixel around it).
    pub(super) fn extent(&self) -> (f32, f32, f32, f32) {
        match self {
            Shape::Rect { x, y, w, h, stroke, .. } => {
                let m = stroke.map_or(0.0, |(_, width)| width / 2.0);
                (x - m, y - m, x + w + m, y + h + m)
            }
            Shape::Circle { cx, cy, r, .. } => (cx - r, cy - r, cx + r, cy + r),
            Shape::Line { points, width, .. } => {
                let m = width / 2.0;
                let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
                for &(x, y) in points {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
                (x0 - m, y0 - m, x1 + m, y1 + m)
            }
        }
    }
}

/// Shapes drawn together, with an optional `id` and a `class`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Group {
    pub id: Option<String>,
    pub class: &'static str,
    pub shapes: Vec<Shape>,
}

impl Group {
    pub(super) fn new(class: &'static str) -> Group {
        Group { id: None, class, shapes: Vec::new() }
    }
}

/// A whole picture.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Scene {
    pub width: u32,
    pub height: u32,
    pub background: Color,
    pub groups: Vec<Group>,
}

impl Scene {
    pub(super) fn new(width: u32, height: u32, background: Color) -> Scene {
        Scene { width, height, background, groups: Vec::new() }
    }

    /// The SVG text of the scene.
    pub(super) fn to_svg(&self) -> String {
        let mut out = String::with_capacity(256 + 80 * self.groups.len() * 4);
        let (w, h) = (self.width, self.height);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
        );
        let _ =
            writeln!(out, r#"<rect width="{w}" height="{h}" fill="{}"/>"#, self.background.hex());
        for g in &self.groups {
            match &g.id {
                Some(id) => {
                    let _ = writeln!(out, r#"<g id="{id}" class="{}">"#, g.class);
                }
                None => {
                    let _ = writeln!(out, r#"<g class="{}">"#, g.class);
                }
            }
            for s in &g.shapes {
                shape(&mut out, s);
            }
            out.push_str("</g>\n");
        }
        out.push_str("</svg>\n");
        out
    }
}

/// A number with at most one decimal, without a trailing `.0`.
pub(super) fn num(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() { format!("{}", r as i64) } else { format!("{r:.1}") }
}

fn shape(out: &mut String, s: &Shape) {
    match s {
        Shape::Rect { x, y, w, h, rx, fill, stroke } => {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}""#,
                num(*x),
                num(*y),
                num(*w),
                num(*h)
            );
            if *rx > 0.0 {
                let _ = write!(out, r#" rx="{}""#, num(*rx));
            }
            let _ = write!(out, r#" fill="{}""#, fill.hex());
            if let Some((color, width)) = stroke {
                let _ = write!(out, r#" stroke="{}" stroke-width="{}""#, color.hex(), num(*width));
            }
            out.push_str("/>\n");
        }
        Shape::Circle { cx, cy, r, fill, pip } => {
            let class = if *pip { r#" class="pip""# } else { "" };
            let _ = writeln!(
                out,
                r#"<circle{class} cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                num(*cx),
                num(*cy),
                num(*r),
                fill.hex()
            );
        }
        Shape::Line { points, stroke, width, dash } => {
            let pts: Vec<String> =
                points.iter().map(|(x, y)| format!("{},{}", num(*x), num(*y))).collect();
            let _ = write!(
                out,
                r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round""#,
                pts.join(" "),
                stroke.hex(),
                num(*width)
            );
            if let Some(d) = dash {
                let _ = write!(out, r#" stroke-dasharray="{} {}""#, num(*d), num(*d));
            }
            out.push_str("/>\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_one_decimal_at_most() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.349), "12.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(7.96), "8");
    }
}
