//! A tournament's final standings as a picture: one bar per entrant in standings order, its
//! length the entrant's points against the winner's, the place drawn at its left (the first
//! three on gold, silver and bronze discs) and the points at its end. No names: the caption
//! lists the places with their names. `Style::rating` sized.

use super::digits::{self, Anchor};
use super::scene::{Group, Scene, Shape};
use super::style::{Color, Style};

/// Entrants drawn: the first this many places (the caption says the rest).
pub const STANDINGS_BARS: usize = 16;

const MEDALS: [Color; 3] =
    [Color(0xff, 0xc4, 0x1f), Color(0xc0, 0xc6, 0xcc), Color(0xcd, 0x7f, 0x32)];

/// `points[i]` is place `i + 1`'s points (the first [`STANDINGS_BARS`] drawn).
pub(super) fn standings_scene(points: &[u32], style: &Style) -> Scene {
    let (w, h) = style.rating;
    let p = &style.palette;
    let mut scene = Scene::new(w, h, p.felt);
    let shown = &points[..points.len().min(STANDINGS_BARS)];
    let rows = shown.len().max(4) as f32;
    let margin = h as f32 * 0.05;
    let row = (h as f32 - 2.0 * margin) / rows;
    let digit = (row * 0.45).min(h as f32 * 0.06);
    let left = margin + row * 1.2;
    let right = w as f32 - margin - digits::width("9999", digit) - digit;
    let max = shown.iter().copied().max().unwrap_or(0).max(1) as f32;
    for (i, &pts) in shown.iter().enumerate() {
        let mut g = Group::new("place");
        g.id = Some(format!("p{}", i + 1));
        let top = margin + row * i as f32;
        let mid = top + row / 2.0;
        let disc = MEDALS.get(i).copied();
        if let Some(fill) = disc {
            g.shapes.push(Shape::Circle {
                cx: margin + row * 0.5,
                cy: mid,
                r: row * 0.42,
                fill,
                pip: false,
            });
        }
        let ink = if disc.is_some() { p.ink } else { p.chalk };
        let place = (i + 1).to_string();
        g.shapes.extend(digits::draw(
            &place,
            margin + row * 0.5,
            mid - digit / 2.0,
            digit,
            ink,
            Anchor::Middle,
        ));
        let len = ((right - left) * pts as f32 / max).max(row * 0.1);
        let fill = disc.unwrap_or(p.sides[0]);
        g.shapes.push(Shape::Rect {
            x: left,
            y: top + row * 0.15,
            w: len,
            h: row * 0.7,
            rx: row * 0.1,
            fill,
            stroke: None,
        });
        let at = left + len + digit * 0.5;
        g.shapes.extend(digits::draw(
            &pts.to_string(),
            at,
            mid - digit / 2.0,
            digit,
            p.chalk,
            Anchor::Start,
        ));
        scene.groups.push(g);
    }
    scene
}
