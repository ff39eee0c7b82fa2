//! A scene to PNG: drawn straight with `tiny-skia` (pure Rust, anti-aliased; the SVG text is
//! not parsed again; small repeated shapes from stamps), written as an opaque 8-bit RGB PNG with `png`'s fast compression
//! (fdeflate, Paeth filter). A test
//! checks that `resvg` draws the scene's SVG to the same pixels.

use super::scene::{Scene, Shape};
use super::stamp::Stamps;
use super::style::Color;
use super::{Picture, PictureError};
use tiny_skia::{
    FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke, StrokeDash, Transform,
};

/// Draws `scene` and writes it as a PNG.
pub(super) fn scene_png(scene: &Scene) -> Result<Picture, PictureError> {
    encode(&draw(scene)?)
}

/// The scene's pixels: each small shape from its stamp (see `stamp`), the rest drawn directly.
pub(super) fn draw(scene: &Scene) -> Result<Pixmap, PictureError> {
    draw_region(scene, &mut Stamps::default(), (0, 0, scene.width, scene.height))
}

/// The pixels of the part (left, top, width, height) of `scene`, as the whole scene draws
/// them there: every shape that reaches into it, shifted by whole pixels (a stamp is the same
/// pixels wherever it lands). `stamps` may be kept from one scene to the next of the same
/// style, as a replay's frames are.
pub(super) fn draw_region(
    scene: &Scene,
    stamps: &mut Stamps,
    (left, top, w, h): (u32, u32, u32, u32),
) -> Result<Pixmap, PictureError> {
    let bad = || PictureError::Encode(format!("bad size {w}×{h}"));
    // The background laid as the buffer is made: no pass of zeros first.
    let bg = scene.background;
    let felt = [bg.0, bg.1, bg.2, 255].repeat((w as usize) * (h as usize));
    let size = tiny_skia::IntSize::from_wh(w, h).ok_or_else(bad)?;
    let mut pixmap = Pixmap::from_vec(felt, size).ok_or_else(bad)?;
    let (l, t) = (left as f32, top as f32);
    let (r, b) = (l + w as f32, t + h as f32);
    let whole = (left, top, w, h) == (0, 0, scene.width, scene.height);
    let shift = Transform::from_translate(-l, -t);
    let draw = |p: &mut Pixmap, s: &Shape| draw_shape(p, s, shift);
    for group in &scene.groups {
        for shape in &group.shapes {
            if !whole {
                // One pixel of margin for the anti-aliasing.
                let (x0, y0, x1, y1) = shape.extent();
                if x1 + 1.0 < l || y1 + 1.0 < t || x0 - 1.0 > r || y0 - 1.0 > b {
                    continue;
                }
            }
            if !stamps.draw(&mut pixmap, shape, (left as i32, top as i32), draw_shape_here) {
                draw(&mut pixmap, shape);
            }
        }
    }
    Ok(pixmap)
}

/// A shape drawn where it is (a stamp's).
fn draw_shape_here(pixmap: &mut Pixmap, shape: &Shape) {
    draw_shape(pixmap, shape, Transform::identity());
}

fn color(c: Color) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.0, c.1, c.2, 255)
}

fn paint(c: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(c));
    paint.anti_alias = true;
    paint
}

fn fill_dot(pixmap: &mut Pixmap, pb: PathBuilder, c: Color) {
    if let Some(path) = pb.finish() {
        pixmap.fill_path(&path, &paint(c), FillRule::Winding, Transform::identity(), None);
    }
}

fn draw_shape(pixmap: &mut Pixmap, shape: &Shape, id: Transform) {
    match shape {
        Shape::Rect { x, y, w, h, rx, fill, stroke } => {
            let Some(path) = rounded_rect(*x, *y, *w, *h, *rx) else { return };
            pixmap.fill_path(&path, &paint(*fill), FillRule::Winding, id, None);
            if let Some((c, width)) = stroke {
                let stroke = Stroke { width: *width, ..Stroke::default() };
                pixmap.stroke_path(&path, &paint(*c), &stroke, id, None);
            }
        }
        Shape::Circle { cx, cy, r, fill, .. } => {
            let mut pb = PathBuilder::new();
            pb.push_circle(*cx, *cy, *r);
            fill_dot(pixmap, pb, *fill);
        }
        Shape::Line { points, stroke, width, dash } => {
            let mut pb = PathBuilder::new();
            for (i, &(x, y)) in points.iter().enumerate() {
                if i == 0 { pb.move_to(x, y) } else { pb.line_to(x, y) }
            }
            let Some(path) = pb.finish() else { return };
            let pen = Stroke {
                width: *width,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                dash: dash.and_then(|d| StrokeDash::new(vec![d, d], 0.0)),
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &paint(*stroke), &pen, id, None);
        }
    }
}

/// A rectangle with corners of radius `r` (cubic quarter circles, as SVG's `rx` is drawn).
fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    if r == 0.0 {
        return Some(PathBuilder::from_rect(tiny_skia::Rect::from_xywh(x, y, w, h)?));
    }
    let k = r * 0.552_284_8;
    let (x1, y1) = (x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x1 - r, y);
    pb.cubic_to(x1 - r + k, y, x1, y + r - k, x1, y + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
    pb.line_to(x + r, y1);
    pb.cubic_to(x + r - k, y1, x, y1 - r + k, x, y1 - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// The pixels as an opaque RGB PNG.
fn encode(pixmap: &Pixmap) -> Result<Picture, PictureError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    // The background is opaque, so premultiplied RGBA is plain RGB.
    let mut rgb = Vec::with_capacity(pixmap.data().len() / 4 * 3);
    rgb.extend(pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]));
    let mut out = Vec::with_capacity(rgb.len() / 16);
    let err = |e: png::EncodingError| PictureError::Encode(e.to_string());
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    // fdeflate with the Paeth filter: about a millisecond for a table, a few tens of KB.
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Paeth);
    let mut writer = encoder.write_header().map_err(err)?;
    writer.write_image_data(&rgb).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(Picture { png: out, width, height })
}

#[cfg(test)]
mod tests {
    use super::super::samples;
    use super::super::style::Style;
    use super::super::table::board_scene;
    use super::draw;
    use resvg::{tiny_skia as rs, usvg};

    /// Share of pixels where the two drawings differ by more than a little in some channel.
    fn differing(a: &[u8], b: &[u8]) -> f64 {
        let off = a
            .chunks_exact(4)
            .zip(b.chunks_exact(4))
            .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 40));
        off.count() as f64 / (a.len() / 4) as f64
    }

    #[test]
    fn the_png_is_what_resvg_draws_from_the_svg() {
        let style = Style::default();
        for board in [samples::full_line(), samples::long_arms()] {
            let last: Vec<_> = board.laid().last().map(|l| l.tile).into_iter().collect();
            let scene = board_scene(&board, &last, Some(5), &style);
            let direct = draw(&scene).expect("drawn");
            let tree = usvg::Tree::from_str(&scene.to_svg(), &usvg::Options::default())
                .expect("the SVG parses");
            let mut by_resvg = rs::Pixmap::new(scene.width, scene.height).expect("a pixmap");
            resvg::render(&tree, rs::Transform::default(), &mut by_resvg.as_mut());
            let share = differing(direct.data(), by_resvg.data());
            assert!(share < 0.002, "{:.3}% of the pixels differ", share * 100.0);
        }
    }
}
