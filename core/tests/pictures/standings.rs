//! A tournament's final standings as a picture: it decodes at its size under the limit, from
//! one entrant to more than it draws; a bar per place drawn, in order.

use super::png::decodes;
use domino_core::view::picture::{STANDINGS_BARS, Style, standings_png, standings_svg};

#[test]
fn the_standings_png_decodes_at_its_size() {
    let style = Style::default();
    for n in [1, 2, 5, STANDINGS_BARS, 64] {
        let points: Vec<u32> = (0..n as u32).rev().map(|i| i * 2).collect();
        let picture = standings_png(&points, &style).expect("drawn");
        decodes(&format!("standings of {n}"), &picture, style.rating);
    }
}

#[test]
fn a_bar_per_place_drawn_in_order() {
    let svg = standings_svg(&[6, 4, 4, 0], &Style::default());
    let places: Vec<usize> = (1..=6).filter(|p| svg.contains(&format!(r#"id="p{p}""#))).collect();
    assert_eq!(places, vec![1, 2, 3, 4]);
    let svg = standings_svg(&[1; 40], &Style::default());
    assert_eq!(svg.matches(r#"class="place""#).count(), STANDINGS_BARS);
}
