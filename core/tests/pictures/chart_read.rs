//! Reading a chart's SVG back: its groups (id, class, polylines, dots), and the numbers drawn
//! as strokes read as a seven-segment display would be read — from the strokes themselves,
//! so a wrong number drawn reads as that wrong number.

use super::svg::{attr, polyline};

/// One `<g>` of the picture.
#[derive(Clone, Debug, Default)]
pub struct Part {
    pub id: Option<String>,
    pub class: String,
    pub lines: Vec<Vec<(f32, f32)>>,
    pub dots: Vec<(f32, f32)>,
}

fn text_attr(line: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let at = line.find(&key)? + key.len();
    line[at..].split('"').next().map(str::to_owned)
}

/// Every group, in order.
pub fn parts(svg: &str) -> Vec<Part> {
    let mut out = Vec::new();
    let mut open: Option<Part> = None;
    for line in svg.lines() {
        if line.starts_with("<g ") {
            let class = text_attr(line, "class").unwrap_or_default();
            open = Some(Part { id: text_attr(line, "id"), class, ..Part::default() });
        } else if line == "</g>" {
            out.extend(open.take());
        } else if let Some(part) = open.as_mut() {
            if let Some(points) = polyline(line) {
                part.lines.push(points);
            } else if line.starts_with("<circle") {
                part.dots.push((attr(line, "cx").expect("cx"), attr(line, "cy").expect("cy")));
            }
        }
    }
    out
}

/// The group with this id.
pub fn part<'a>(parts: &'a [Part], id: &str) -> Option<&'a Part> {
    parts.iter().find(|p| p.id.as_deref() == Some(id))
}

/// A glyph's width and its advance, in glyph heights (as the pictures draw digits).
const WIDTH: f32 = 0.55;
const ADVANCE: f32 = 0.85;

/// The number written by `strokes` (a minus and digits, one line of glyphs), or why not.
pub fn read_number(strokes: &[Vec<(f32, f32)>]) -> Result<String, String> {
    let all = || strokes.iter().flatten();
    let top = all().map(|p| p.1).fold(f32::MAX, f32::min);
    let height = all().map(|p| p.1).fold(f32::MIN, f32::max) - top;
    let left = all().map(|p| p.0).fold(f32::MAX, f32::min);
    if height < 4.0 {
        return Err(format!("no digit to measure: {strokes:?}"));
    }
    // A stroke's glyph by its middle: a `1` starts a fifth of a glyph in, never a slot away.
    let mut slots: Vec<Vec<&Vec<(f32, f32)>>> = Vec::new();
    for s in strokes {
        let mid = s.iter().map(|p| p.0).sum::<f32>() / s.len() as f32;
        let slot = ((mid - left + 0.15 * height) / (ADVANCE * height)).floor() as usize;
        slots.resize(slots.len().max(slot + 1), Vec::new());
        slots[slot].push(s);
    }
    slots.iter().map(|g| glyph(g, top, height)).collect()
}

/// One glyph's strokes as the segments of a seven-segment display: `a` top, `b` upper right,
/// `c` lower right, `d` bottom, `e` lower left, `f` upper left, `g` middle; `1` is its own
/// (a narrow stem with a flag).
fn glyph(strokes: &[&Vec<(f32, f32)>], top: f32, height: f32) -> Result<char, String> {
    let xs = || strokes.iter().flat_map(|s| s.iter().map(|p| p.0));
    let x0 = xs().fold(f32::MAX, f32::min);
    let span = xs().fold(f32::MIN, f32::max) - x0;
    let near = |v: f32| {
        let r = (v * 2.0).round() / 2.0;
        ((v - r).abs() < 0.1).then_some(r)
    };
    let mut lit = [false; 7];
    let mut stem = false;
    for s in strokes {
        for w in s.windows(2) {
            let norm = |p: (f32, f32)| ((p.0 - x0) / (WIDTH * height), (p.1 - top) / height);
            let ((u0, v0), (u1, v1)) = (norm(w[0]), norm(w[1]));
            if (u0 - u1).abs() < 0.05
                && near(v0.min(v1)) == Some(0.0)
                && near(v0.max(v1)) == Some(1.0)
            {
                stem = true;
            }
            match (near(u0), near(v0), near(u1), near(v1)) {
                (Some(a), Some(v), Some(b), Some(v2))
                    if v == v2 && a.min(b) == 0.0 && a.max(b) == 1.0 =>
                {
                    lit[if v == 0.0 {
                        0
                    } else if v == 0.5 {
                        6
                    } else {
                        3
                    }] = true;
                }
                (Some(u), Some(a), Some(u2), Some(b)) if u == u2 && (u == 0.0 || u == 1.0) => {
                    let (upper, lower) = if u == 0.0 { (5, 4) } else { (1, 2) };
                    lit[upper] |= a.min(b) == 0.0;
                    lit[lower] |= a.max(b) == 1.0;
                }
                _ if span < 0.8 * WIDTH * height => {}
                other => return Err(format!("a stroke of no segment: {other:?}")),
            }
        }
    }
    if span < 0.8 * WIDTH * height {
        return if stem { Ok('1') } else { Err(format!("a narrow glyph: {strokes:?}")) };
    }
    let segments: String =
        lit.iter().zip("abcdefg".chars()).filter(|(on, _)| **on).map(|(_, c)| c).collect();
    let digit = match segments.as_str() {
        "abcdef" => '0',
        "abdeg" => '2',
        "abcdg" => '3',
        "bcfg" => '4',
        "acdfg" => '5',
        "acdefg" => '6',
        "abc" => '7',
        "abcdefg" => '8',
        "abcdfg" => '9',
        "g" => '-',
        _ => return Err(format!("segments {segments} are no digit")),
    };
    Ok(digit)
}
