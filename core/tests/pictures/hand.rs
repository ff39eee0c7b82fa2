//! A person's hand as a picture: it decodes at its size under the limit (eighteen tiles of a
//! double-eighteen, seven of a double-six), it draws exactly the tiles given, each once with
//! its pips, the playable ones lifted above the rest; a hand of 95 tiles still fits.

use super::png::decodes;
use super::svg::{check, tiles};
use domino_core::engine::tile::{Tile, TileSet};
use domino_core::view::picture::{Style, hand_png, hand_svg, samples};

#[test]
fn a_hand_png_decodes_at_its_size() {
    let style = Style::default();
    for (name, max_pip, n) in [("double-eighteen", 18, 18), ("double-six", 6, 7)] {
        let (hand, playable) = samples::hand(max_pip, n);
        assert_eq!(hand.len(), n);
        assert!(!playable.is_empty() && playable.len() < n, "{name}: some playable, not all");
        let picture = hand_png(&hand, &playable, &style).expect("drawn");
        decodes(name, &picture, style.hand);
    }
}

#[test]
fn a_hand_picture_draws_its_tiles_only_the_playable_lifted() {
    let style = Style::default();
    for (max_pip, n) in [(6, 7), (6, 1), (9, 10), (12, 11), (18, 18), (18, 95)] {
        let (hand, playable) = samples::hand(max_pip, n);
        let svg = hand_svg(&hand, &playable, &style);
        let given: TileSet = hand.iter().copied().collect();
        check(&svg, 'h', given).unwrap_or_else(|e| panic!("{n} of 0-{max_pip}: {e}"));
        let drawn = tiles(&svg);
        assert!(drawn.iter().all(|d| d.kind == 'h'), "nothing of a table");
        // In the order given, row by row.
        let order: Vec<Tile> = drawn.iter().map(|d| d.tile).collect();
        assert_eq!(order, hand, "{n} of 0-{max_pip}: in hand order");
        // Within a row, a playable tile's top is above every other tile's.
        for a in &drawn {
            for b in &drawn {
                let same_row = (a.rect.1 - b.rect.1).abs() < a.rect.3 / 2.0;
                if same_row && playable.contains(&a.tile) && !playable.contains(&b.tile) {
                    assert!(a.rect.1 < b.rect.1, "{} lifted above {}", a.tile, b.tile);
                }
            }
        }
    }
    let none = hand_svg(&[], &[], &style);
    assert!(tiles(&none).is_empty(), "an empty hand is the felt");
}
