//! The views and pictures at every extreme a table can hold: each number option at the ends of
//! its chat range, and a record's unbounded target, over random matches of every variant. Every
//! view renders and every picture is drawn, with no panic (debug builds check the arithmetic)
//! and no endless loop (CI runs this binary in release too, where arithmetic would wrap).

use super::computers_table;
use domino_core::bounds;
use domino_core::engine::rules::{OptionKind, Rules, Variant, options_for};
use domino_core::view::picture::{Style, round_end_png, table_png, tally_png};
use domino_core::view::{hand_view, render_caption, render_hand, render_table, table_view};
use proptest::prelude::*;
use serde_json::{Map, Value};

/// Rules of `variant` with each number option at `pick` of its extremes: its range's ends, and
/// (records only) the largest target a record may give.
fn extreme_rules(variant: Variant, pick: usize) -> Option<Rules> {
    let mut options = Map::new();
    for spec in options_for(variant).filter(|o| o.kind == OptionKind::Number) {
        let bound = spec.bound.expect("a range");
        let values = match spec.key {
            "target" => vec![bound.min, bound.max, u32::MAX],
            _ => vec![bound.min, bound.max],
        };
        options.insert(spec.key.into(), Value::from(values[pick % values.len()]));
    }
    Rules::from_options(variant, &Value::Object(options), None).ok()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 16,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_view_and_picture_at_every_extreme(v in 0..5usize, pick in 0..3usize, seats in 2..=4u8) {
        let variant = Variant::ALL[v];
        let Some(rules) = extreme_rules(variant, pick) else { return Ok(()) };
        prop_assume!(rules.check_table(seats as usize).is_ok());
        // A target of 1 ends at once; the largest plays on until a rule ends the match (Morskoy's
        // automatic wins) or the round limit does: all are drawn.
        let table = computers_table(rules, seats);
        let style = Style::default();
        let rounds = table.game.as_ref().map_or(0, |g| g.rounds.len()) as u32;
        prop_assert!(rounds <= bounds::MAX_ROUNDS);
        // Moves per round are bounded by the rules: each tile laid once, each drawn once, and
        // between two plays fewer passes than seats (all passing is a fish).
        let tiles = domino_core::engine::tile::TileSet::full(table.rules.max_pip()).len() as usize;
        for moves in &table.game.as_ref().unwrap().rounds {
            prop_assert!(moves.len() <= tiles * (2 + seats as usize), "{} moves", moves.len());
        }
        let view = table_view(&table);
        prop_assert!(!render_table(&view).is_empty());
        prop_assert!(render_caption(&view, 1024).chars().count() <= 1024);
        for seat in 0..seats as usize {
            if let Some(h) = hand_view(&table, seat) {
                render_hand(&h);
            }
        }
        for png in [tally_png(&table, &style), table_png(&table, &style)] {
            let png = png.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&png.png[..4], b"\x89PNG");
        }
        if rounds > 0 {
            round_end_png(&table, rounds, &style).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }
}
