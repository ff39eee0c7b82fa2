//! The PNGs decode, have the size promised and stay under 80 KB, for the heaviest tables
//! (all 28 tiles in a line; a hub with four long arms), a round's end, a tally and eight
//! people's ratings over a season.

use super::fixtures::{first, person, play_until, rules, started};
use domino_core::engine::rules::Variant;
use domino_core::session::Lang;
use domino_core::view::picture::{
    Picture, Style, board_png, rating_png, round_end_png, samples, table_png, tally_png,
};
use serde_json::json;

/// The size limit of one picture.
const LIMIT: usize = 80 * 1024;

pub(super) fn decodes(name: &str, picture: &Picture, size: (u32, u32)) {
    assert_eq!((picture.width, picture.height), size, "{name}: the size promised");
    let decoder = png::Decoder::new(std::io::Cursor::new(&picture.png));
    let mut reader = decoder.read_info().unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut pixels = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut pixels).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!((info.width, info.height), size, "{name}: the size decoded");
    assert!(picture.png.len() <= LIMIT, "{name}: {} bytes", picture.png.len());
    // Not one flat colour: something is drawn.
    let first = &pixels[..3];
    assert!(pixels.chunks_exact(3).any(|p| p != first), "{name}: an empty picture");
}

#[test]
fn the_pngs_decode_at_their_size_under_the_limit() {
    let style = Style::default();
    for (name, board) in [("line", samples::full_line()), ("hub", samples::long_arms())] {
        assert_eq!(board.laid_count(), 28, "{name}: every tile");
        let last: Vec<_> = board.laid().last().map(|l| l.tile).into_iter().collect();
        let picture = board_png(&board, &last, Some(7), &style).expect("drawn");
        decodes(name, &picture, style.table);
    }
    let mut t = started(rules(Variant::Osel, json!({})), 2, Lang::En, &[person("Anna")], 3);
    play_until(&mut t, first, |t| t.game.as_ref().is_some_and(|g| g.rounds.len() > 3));
    decodes("table", &table_png(&t, &style).expect("drawn"), style.table);
    decodes("round end", &round_end_png(&t, 2, &style).expect("drawn"), style.round_end);
    decodes("tally", &tally_png(&t, &style).expect("drawn"), style.tally);
    let ratings = rating_png(&samples::ratings(8, 60), &style).expect("drawn");
    decodes("ratings", &ratings, style.rating);
}
