//! Reading the pictures' SVG back: its size, and each tile group (`t…` on the table, `h…` in a
//! hand) with its outline and its pips.

use domino_core::engine::tile::{Tile, TileSet};

/// One tile as drawn.
#[derive(Clone, Debug)]
pub struct Drawn {
    pub tile: Tile,
    /// `t` (on the table) or `h` (in a hand).
    pub kind: char,
    /// x, y, width, height of its outline.
    pub rect: (f32, f32, f32, f32),
    pub pips: Vec<(f32, f32)>,
    /// The points of each stroke (the middle line, and a numeral's strokes past nine).
    pub strokes: Vec<Vec<(f32, f32)>>,
}

pub fn attr(line: &str, name: &str) -> Option<f32> {
    let key = format!(" {name}=\"");
    let at = line.find(&key)? + key.len();
    line[at..].split('"').next()?.parse().ok()
}

/// The picture's width and height.
pub fn size(svg: &str) -> (f32, f32) {
    let first = svg.lines().next().expect("an svg line");
    (attr(first, "width").expect("width"), attr(first, "height").expect("height"))
}

/// Every tile group, in order.
pub fn tiles(svg: &str) -> Vec<Drawn> {
    let mut out: Vec<Drawn> = Vec::new();
    let mut open: Option<Drawn> = None;
    for line in svg.lines() {
        if let Some(rest) = line.strip_prefix("<g id=\"") {
            let id = rest.split('"').next().expect("an id");
            let (kind, index) = id.split_at(1);
            if let (Some(kind @ ('t' | 'h')), Ok(index)) = (kind.chars().next(), index.parse()) {
                let tile = Tile::from_index(index);
                open = Some(Drawn {
                    tile,
                    kind,
                    rect: (0.0, 0.0, 0.0, 0.0),
                    pips: Vec::new(),
                    strokes: Vec::new(),
                });
            }
        } else if line == "</g>" {
            out.extend(open.take());
        } else if let Some(d) = open.as_mut() {
            if line.starts_with("<rect") && d.rect.2 == 0.0 {
                let a = |n| attr(line, n).expect("a rect attribute");
                d.rect = (a("x"), a("y"), a("width"), a("height"));
            } else if line.starts_with("<circle class=\"pip\"") {
                d.pips.push((attr(line, "cx").expect("cx"), attr(line, "cy").expect("cy")));
            } else if let Some(points) = polyline(line) {
                d.strokes.push(points);
            }
        }
    }
    out
}

/// The points of a `<polyline>` line.
pub fn polyline(line: &str) -> Option<Vec<(f32, f32)>> {
    let rest = line.strip_prefix("<polyline points=\"")?;
    let points = rest.split('"').next().unwrap_or_default().split(' ');
    let points = points.filter_map(|p| {
        let (x, y) = p.split_once(',')?;
        Some((x.parse().ok()?, y.parse().ok()?))
    });
    Some(points.collect())
}

/// Every pip in the picture, in a tile or not.
pub fn all_pips(svg: &str) -> usize {
    svg.lines().filter(|l| l.starts_with("<circle class=\"pip\"")).count()
}

/// What a half shows for a value past nine: its numeral (the core's tile test checks that the
/// strokes spell the value).
const NUMERAL: u32 = 100;

/// What each half of a drawn tile shows, lower first: its pips, or [`NUMERAL`] where strokes
/// stand on a half with no pips.
fn halves(d: &Drawn) -> (u32, u32) {
    let (x, y, w, h) = d.rect;
    let (mx, my) = (x + w / 2.0, y + h / 2.0);
    let on_first = |p: &(f32, f32)| if w > h { p.0 < mx } else { p.1 < my };
    let first = d.pips.iter().filter(|p| on_first(p)).count() as u32;
    let second = d.pips.len() as u32 - first;
    // A numeral's strokes lie wholly on one half, clear of the middle line (which lies on it).
    let clear =
        |p: &(f32, f32)| if w > h { (p.0 - mx).abs() > 1.0 } else { (p.1 - my).abs() > 1.0 };
    let numeral = |on: bool| {
        d.strokes.iter().any(|s| !s.is_empty() && s.iter().all(|p| clear(p) && on_first(p) == on))
    };
    let read = |pips: u32, on: bool| if numeral(on) && pips == 0 { NUMERAL } else { pips };
    let (a, b) = (read(first, true), read(second, false));
    (a.min(b), a.max(b))
}

/// Checks the tile groups of kind `kind` in `svg`: exactly the tiles of `expect`, each once,
/// each with its pips on their halves and inside its outline, every outline inside the
/// picture, no two overlapping. Returns a description of the first fault.
pub fn check(svg: &str, kind: char, expect: TileSet) -> Result<(), String> {
    let (w, h) = size(svg);
    let drawn: Vec<Drawn> = tiles(svg).into_iter().filter(|d| d.kind == kind).collect();
    let mut seen = TileSet::EMPTY;
    for d in &drawn {
        if seen.contains(d.tile) {
            return Err(format!("{} drawn twice", d.tile));
        }
        seen.insert(d.tile);
        let (x, y, dw, dh) = d.rect;
        if x < 0.0 || y < 0.0 || x + dw > w || y + dh > h || dw <= 0.0 || dh <= 0.0 {
            return Err(format!("{} at {:?} is outside {w}×{h}", d.tile, d.rect));
        }
        let ratio = dw.max(dh) / dw.min(dh);
        if !(1.7..=2.3).contains(&ratio) {
            return Err(format!("{} is not twice as long as wide: {:?}", d.tile, d.rect));
        }
        let inside = d.pips.iter().all(|&(px, py)| px > x && px < x + dw && py > y && py < y + dh);
        if !inside {
            return Err(format!("{} has a pip outside it", d.tile));
        }
        let shows = |v: u8| if v > 9 { NUMERAL } else { u32::from(v) };
        let want = (shows(d.tile.low()), shows(d.tile.high()));
        if halves(d) != want {
            return Err(format!("{} is drawn with pips {:?}", d.tile, halves(d)));
        }
    }
    if seen != expect {
        return Err(format!("drawn {seen:?}, expected {expect:?}"));
    }
    for (i, a) in drawn.iter().enumerate() {
        for b in &drawn[i + 1..] {
            let (ax, ay, aw, ah) = a.rect;
            let (bx, by, bw, bh) = b.rect;
            if ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah {
                return Err(format!("{} {:?} overlaps {} {:?}", a.tile, a.rect, b.tile, b.rect));
            }
        }
    }
    Ok(())
}
