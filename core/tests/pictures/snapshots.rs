//! SVG snapshots (insta) of each variant's table, a round's end, a match tally and ratings
//! over a season.
//! `INSTA_UPDATE=always cargo test -p domino-core --test pictures` rewrites them; look at
//! every changed picture (e.g. drawn with `board_png`) before committing.

use super::fixtures::{first, person, play_until, rules, started};
use domino_core::engine::board::Arm;
use domino_core::engine::rules::Variant;
use domino_core::session::{Lang, Table};
use domino_core::view::picture::{Style, rating_svg, round_end_svg, samples, table_svg, tally_svg};
use serde_json::{Value, json};

fn laid(table: &Table) -> usize {
    table.live().and_then(|m| m.round()).map_or(0, |r| r.board().laid_count())
}

fn rounds(table: &Table) -> usize {
    table.game.as_ref().map_or(0, |g| g.rounds.len())
}

fn across(table: &Table) -> bool {
    table.live().and_then(|m| m.round()).is_some_and(|r| r.board().arm(Arm::Up).exists)
}

/// A table of `variant` played by its first legal moves until `stop`.
fn table(variant: Variant, options: Value, size: u8, stop: impl Fn(&Table) -> bool) -> Table {
    let people = [person("Анна"), person("Boris")];
    let mut t = started(rules(variant, options), size, Lang::Ru, &people[..1], 7);
    play_until(&mut t, first, stop);
    t
}

#[test]
fn every_variant_s_table() {
    let style = Style::default();
    let cases: [(&str, Variant, Value, u8, usize); 5] = [
        ("classic", Variant::Classic, json!({}), 2, 9),
        ("kozel_pairs", Variant::Kozel, json!({"teams": "pairs"}), 4, 16),
        ("morskoy", Variant::Morskoy, json!({}), 3, 12),
        ("osel", Variant::Osel, json!({}), 2, 10),
        ("telefon", Variant::Telefon, json!({}), 3, 10),
    ];
    for (name, variant, options, size, tiles) in cases {
        let hub = matches!(variant, Variant::Osel | Variant::Telefon);
        let t = table(variant, options, size, |t| laid(t) >= tiles && (!hub || across(t)));
        assert!(laid(&t) >= tiles, "{name}: only {} tiles", laid(&t));
        assert_eq!(across(&t), hub, "{name}: a hub with four arms only in Osel and Telefon");
        let svg = table_svg(&t, &style).expect("a table picture");
        insta::assert_snapshot!(format!("table_{name}"), svg);
    }
}

#[test]
fn a_round_s_end() {
    let t = table(Variant::Osel, json!({}), 2, |t| rounds(t) > 1);
    let svg = round_end_svg(&t, 1, &Style::default()).expect("round 1 is over");
    assert!(svg.contains("<g id=\"h"), "the hands are shown");
    insta::assert_snapshot!("round_end_osel", svg);
}

#[test]
fn a_match_tally() {
    let t = table(Variant::Kozel, json!({"teams": "pairs"}), 4, |t| rounds(t) > 4);
    let svg = tally_svg(&t, &Style::default()).expect("a tally");
    assert_eq!(svg.matches("class=\"side\"").count(), 2, "one line per side");
    insta::assert_snapshot!("tally_kozel_pairs", svg);
}

/// Four people over a season, two of them below 0 for a while: the zero rule stands out.
#[test]
fn ratings_over_a_season() {
    let svg = rating_svg(&samples::ratings(4, 12), &Style::default());
    assert_eq!(svg.matches("class=\"line\"").count(), 4, "one line per person");
    assert_eq!(svg.matches("class=\"tick zero\"").count(), 1, "the zero rule");
    insta::assert_snapshot!("rating_season", svg);
}

/// Eight at a double-eighteen: every hand of the first round under its board, each tile drawn
/// once and inside the picture (rows lower than for four), and the tally of eight lines.
#[test]
fn eight_hands_of_a_double_eighteen() {
    let people: Vec<_> = ["Анна", "Boris"].map(person).into();
    let options = json!({"set": 18, "target": 1000});
    let mut t = started(rules(Variant::Classic, options), 8, Lang::Ru, &people, 3);
    play_until(&mut t, first, |t| rounds(t) > 1);
    let style = Style::default();
    let svg = round_end_svg(&t, 1, &style).expect("round 1 is over");
    let hands = super::properties::hands_at_end(&t, 1);
    super::svg::check(&svg, 'h', hands).expect("every hand's tile once, inside, apart");
    assert_eq!(svg.matches("<g class=\"seat\"").count(), 8, "a row per seat");
    insta::assert_snapshot!("round_end_eight_double_eighteen", svg);
    let tally = tally_svg(&t, &style).expect("a tally");
    assert_eq!(tally.matches("class=\"side\"").count(), 8, "one line per side");
}

/// A double-eighteen line of many tiles stays inside the table picture, each tile once.
#[test]
fn a_long_double_eighteen_line() {
    let people: Vec<_> = ["Анна", "Boris"].map(person).into();
    let options = json!({"set": 18, "deal": 95, "target": 1000});
    let t = table_of(options, &people, |t| laid(t) >= 60);
    let style = Style::default();
    let svg = table_svg(&t, &style).expect("a table picture");
    let on_table = t.live().and_then(|m| m.round()).unwrap().board().on_table();
    assert!(on_table.len() >= 60, "{} tiles", on_table.len());
    super::svg::check(&svg, 't', on_table).expect("every tile once, inside, apart");
}

fn table_of(
    options: Value,
    people: &[domino_core::session::Person],
    stop: impl Fn(&Table) -> bool,
) -> Table {
    let mut t = started(rules(Variant::Classic, options), 2, Lang::Ru, people, 3);
    play_until(&mut t, first, stop);
    t
}
