//! The replay's parts drawn alone against the whole board, and its GIF read back.

use super::*;
use crate::engine::rules::Variant;
use crate::view::picture::samples;

/// Each frame drawn alone over the ones before is the whole board drawn afresh: at most a
/// few pixels of the anti-aliasing differ, by a little.
#[test]
fn the_parts_drawn_make_the_whole_board() {
    let style = Style::default();
    for (variant, seats, seed) in [(Variant::Kozel, 4, 1), (Variant::Classic, 2, 3)] {
        let record = samples::match_record(variant, seats, seed);
        for index in [0, record.rounds.len() - 1] {
            let scenes = scenes(&record, index, &style).expect("the round's scenes");
            let mut stamps = Stamps::default();
            let w = scenes[0].width;
            let mut canvas = raster::draw(&scenes[0]).expect("drawn").data().to_vec();
            let mut parts = 0;
            for i in 1..scenes.len() {
                let changed = dirty(&scenes[i - 1], &scenes[i]);
                if changed.is_empty() {
                    continue;
                }
                parts += 1;
                for (l, t, pw, ph) in changed {
                    let part = raster::draw_region(&scenes[i], &mut stamps, (l, t, pw, ph));
                    let part = part.expect("drawn");
                    for y in 0..ph {
                        let src = (y * pw * 4) as usize..((y + 1) * pw * 4) as usize;
                        let at = (((t + y) * w + l) * 4) as usize;
                        canvas[at..at + (pw * 4) as usize].copy_from_slice(&part.data()[src]);
                    }
                }
                let whole = raster::draw(&scenes[i]).expect("drawn");
                let off = canvas
                    .chunks_exact(4)
                    .zip(whole.data().chunks_exact(4))
                    .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 8))
                    .count();
                assert!(off <= 16, "{variant:?} round {index} move {i}: {off} pixels differ");
            }
            assert!(parts * 2 > scenes.len(), "most moves change the board");
            gif_shows_each_scene(&scenes);
        }
    }
}

/// The GIF's frames, each composed over the ones before as a viewer does (a see-through
/// pixel leaves what was there), are the scenes drawn whole, in the palette's colours.
fn gif_shows_each_scene(scenes: &[Scene]) {
    let gif = encode(scenes, 0).expect("encoded").gif;
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(gif.as_slice()).expect("a GIF");
    let (w, h) = (scenes[0].width, scenes[0].height);
    let mut canvas = vec![0u8; (w * h * 4) as usize];
    let mut palette = Palette::of(scenes);
    for scene in scenes {
        // A scene's frame, in parts: those shown for a moment, then the last.
        loop {
            let f = decoder.read_next_frame().expect("decoded").expect("a frame a scene");
            let (fw, fl, ft) = (u32::from(f.width), u32::from(f.left), u32::from(f.top));
            for (k, p) in f.buffer.chunks_exact(4).enumerate() {
                let (x, y) = (fl + k as u32 % fw, ft + k as u32 / fw);
                let at = ((y * w + x) * 4) as usize;
                canvas[at..at + 4].copy_from_slice(p);
            }
            if f.delay != PART_CS {
                break;
            }
        }
        let mut expected = Vec::new();
        palette.index_into(raster::draw(scene).expect("drawn").data(), &mut expected);
        let off = expected
            .iter()
            .zip(canvas.chunks_exact(4))
            .filter(|(i, p)| {
                let c = &palette.rgb[usize::from(**i) * 3..usize::from(**i) * 3 + 3];
                c.iter().zip(p.iter()).any(|(a, b)| a.abs_diff(*b) > 8)
            })
            .count();
        assert!(off <= 16, "{off} pixels differ from the scene drawn whole");
    }
}

/// A tile laid stays where it is: after the deal's frame, a move redraws only around what it
/// changed (its tile, the last move's outline, the bazaar), so all the moves' parts together
/// cover less than the whole picture once, where a layout redone each move (the line
/// shrinking to fit as it grows) redrew most of the picture at most moves.
#[test]
fn moves_redraw_only_what_they_changed() {
    let style = Style::default();
    for (variant, seats, seed) in
        [(Variant::Kozel, 4, 1), (Variant::Osel, 4, 2), (Variant::Classic, 2, 3)]
    {
        let record = samples::match_record(variant, seats, seed);
        for index in [0, record.rounds.len() - 1] {
            let scenes = scenes(&record, index, &style).expect("the round's scenes");
            let whole = u64::from(scenes[0].width * scenes[0].height);
            let redrawn: u64 = scenes
                .windows(2)
                .flat_map(|w| dirty(&w[0], &w[1]))
                .map(|(_, _, pw, ph)| u64::from(pw * ph))
                .sum();
            assert!(redrawn < whole, "{variant:?} round {index}: {redrawn} px of {whole}");
        }
    }
}
