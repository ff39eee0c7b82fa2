//! Tables for up to eight and every set: an eight-seat lobby and a double-eighteen hand
//! (snapshots, its photo caption too), and what holds of a hand too big for one page of
//! buttons: every move on exactly one page, a page within the platforms' limits, the arrows
//! naming the pages next to it, a page past the last shown as the last.

use super::fixtures::{apply, first, lobby, person, play_until, rules, started};
use domino_core::engine::moves::Move;
use domino_core::engine::rules::Variant;
use domino_core::engine::tile::Tile;
use domino_core::session::{Action, Lang, Person, Table};
use domino_core::view::hand_page::{IDLE_MAX, MOVES_PER_PAGE};
use domino_core::view::{
    ButtonAction, Buttons, HandView, hand_view, hand_view_page, render_hand, render_hand_brief,
    render_hand_caption, render_table, table_view,
};
use serde_json::json;
use std::collections::BTreeSet;

const LANGS: [Lang; 2] = [Lang::Ru, Lang::En];

fn buttons(rows: &Buttons) -> String {
    let rows: Vec<String> = rows
        .iter()
        .map(|row| {
            let row: Vec<String> =
                row.iter().map(|(label, data)| format!("⟦{label} → {}⟧", data.encode())).collect();
            row.join(" ")
        })
        .collect();
    rows.join("\n")
}

fn people(n: usize) -> Vec<Person> {
    ["Анна", "Boris", "Вера", "Gleb", "Дина", "Emil", "Жанна", "Filip"]
        .into_iter()
        .take(n)
        .map(person)
        .collect()
}

fn rounds(t: &Table) -> usize {
    t.game.as_ref().map_or(0, |g| g.rounds.len())
}

/// A table of `seats` at `options` (classic), played by first moves until round 2 is dealt:
/// its lead is anybody's tile, so the leader's hand offers a lead per tile.
fn second_lead(options: serde_json::Value, seats: u8) -> (Table, usize) {
    let mut t = started(rules(Variant::Classic, options), seats, Lang::Ru, &people(2), 5);
    for seat in 2..seats as usize {
        assert!(t.seats[seat].is_some(), "computers fill the other seats");
    }
    play_until(&mut t, first, |t| rounds(t) >= 2);
    assert_eq!(rounds(&t), 2, "a second round");
    let seat = t.to_move().expect("a seat to lead");
    (t, seat)
}

fn moves_of(view: &HandView) -> Vec<Move> {
    let all = view.buttons.iter().flatten();
    all.filter_map(|(_, d)| match d.action {
        ButtonAction::Move(mv) => Some(mv),
        _ => None,
    })
    .collect()
}

#[test]
fn an_eight_seat_lobby() {
    for lang in LANGS {
        let p = people(5);
        let mut t = lobby(rules(Variant::Classic, json!({"set": 12})), 8, lang, &p[0], 1);
        for who in &p[1..] {
            apply(&mut t, who, Action::Join { seat: None });
        }
        apply(&mut t, &p[0], Action::AddBot { seat: Some(6) });
        let view = table_view(&t);
        assert_eq!(view.seats.len(), 8);
        assert!(view.buttons.iter().all(|row| row.len() <= 4), "rows of four at most");
        let swaps = view.buttons.iter().flatten();
        let swaps: Vec<_> =
            swaps.filter(|(_, d)| matches!(d.action, ButtonAction::Swap(..))).collect();
        assert_eq!(swaps.len(), 8, "every neighbour swap, 8⇄1 too");
        let text =
            format!("{}\n\n--- buttons ---\n{}", render_table(&view), buttons(&view.buttons));
        insta::assert_snapshot!(format!("lobby_eight_{}", lang.key()), text);
    }
}

#[test]
fn a_double_eighteen_hand_in_pages() {
    let (mut t, seat) = second_lead(json!({"set": 18, "target": 1000}), 2);
    let hand = hand_view(&t, seat).expect("a hand");
    assert_eq!(hand.tiles.len(), 18, "a double-eighteen deals eighteen to two");
    assert_eq!((hand.page, hand.pages), (0, 2), "18 leads: two pages");
    for lang in LANGS {
        t.lang = lang;
        let mut text = String::new();
        for page in 0..2 {
            let view = hand_view_page(&t, seat, lang, Some(page)).unwrap();
            let arrows = view.buttons.iter().flatten().map(|(_, d)| d.action);
            let arrows: Vec<_> =
                arrows.filter(|a| matches!(a, ButtonAction::HandPage(_))).collect();
            assert_eq!(arrows, [ButtonAction::HandPage(1 - page)], "of two pages, one arrow");
            text.push_str(&format!("{}\n{}\n\n", render_hand(&view), buttons(&view.buttons)));
        }
        insta::assert_snapshot!(format!("hand_double_eighteen_{}", lang.key()), text);
    }
}

#[test]
fn every_move_is_on_one_page_and_every_page_fits() {
    // Two at a double-eighteen dealt everything: 95 tiles, 95 leads, eight pages.
    let (t, seat) = second_lead(json!({"set": 18, "deal": 95, "target": 1000}), 2);
    let first = hand_view(&t, seat).unwrap();
    assert_eq!(first.tiles.len(), 95);
    assert!(first.idle.is_empty(), "more than {IDLE_MAX} tiles: the text lists them");
    let pages = first.pages;
    assert_eq!(pages as usize, 95usize.div_ceil(MOVES_PER_PAGE));
    let mut led: BTreeSet<Tile> = BTreeSet::new();
    for page in 0..pages {
        let view = hand_view_page(&t, seat, Lang::En, Some(page)).unwrap();
        assert_eq!(view.page, page);
        let moves = moves_of(&view);
        assert!(!moves.is_empty() && moves.len() <= MOVES_PER_PAGE, "page {page}");
        assert!(view.buttons.iter().all(|r| r.len() <= 3), "readable rows");
        assert!(view.buttons.iter().flatten().count() <= 25, "within Discord's 25");
        for mv in moves {
            let Move::Lead { tile, .. } = mv else { panic!("a lead: {mv:?}") };
            assert!(led.insert(tile), "{tile} on two pages");
        }
        let arrows: Vec<u8> = view
            .buttons
            .iter()
            .flatten()
            .filter_map(|(_, d)| match d.action {
                ButtonAction::HandPage(p) => Some(p),
                _ => None,
            })
            .collect();
        assert_eq!(arrows, [(page + pages - 1) % pages, (page + 1) % pages], "page {page}");
        assert!(render_hand(&view).contains(&format!("page {} of {pages}", page + 1)));
    }
    assert_eq!(led.len(), 95, "every tile can be led from some page");
    let past = hand_view_page(&t, seat, Lang::En, Some(200)).unwrap();
    assert_eq!(past.page, pages - 1, "a page past the last shows the last");
}

#[test]
fn a_hand_that_fits_has_one_page_and_no_arrows() {
    let (t, seat) = second_lead(json!({"set": 6}), 2);
    let view = hand_view(&t, seat).unwrap();
    assert_eq!((view.page, view.pages), (0, 1));
    assert!(
        view.buttons.iter().flatten().all(|(_, d)| !matches!(d.action, ButtonAction::HandPage(_)))
    );
    assert!(!render_hand(&view).contains("page"), "{}", render_hand(&view));
}

#[test]
fn six_and_eight_seat_tables_in_play() {
    for (set, seats) in [(12, 6), (15, 7), (18, 8)] {
        let (t, _) = second_lead(json!({"set": set, "target": 1000}), seats);
        let view = table_view(&t);
        assert_eq!(view.seats.len(), seats as usize);
        assert_eq!(view.seats.iter().filter(|s| s.to_move).count(), 1);
        let text = render_table(&view);
        for n in 1..=seats {
            assert!(text.contains(&format!("{n}. ")), "seat {n} listed:\n{text}");
        }
        for s in 0..seats as usize {
            if let Some(hand) = hand_view(&t, s) {
                assert!(hand.buttons.iter().flatten().count() <= 25);
            }
        }
    }
}

/// The hand as its picture's caption: the brief text whole while it fits Telegram's 1,024
/// characters (eighteen tiles, and 95), its tiles counted, not listed, past that (95 tiles
/// in 300 characters).
#[test]
fn a_hand_caption_fits_a_photo() {
    const CAPTION: usize = 1024;
    let (mut t18, s18) = second_lead(json!({"set": 18, "target": 1000}), 2);
    let (mut t95, s95) = second_lead(json!({"set": 18, "deal": 95, "target": 1000}), 2);
    for lang in LANGS {
        t18.lang = lang;
        t95.lang = lang;
        let eighteen = hand_view(&t18, s18).unwrap();
        let caption = render_hand_caption(&eighteen, CAPTION);
        assert_eq!(caption, render_hand_brief(&eighteen), "eighteen tiles fit whole");
        let all = hand_view(&t95, s95).unwrap();
        let whole = render_hand_brief(&all);
        assert_eq!(render_hand_caption(&all, CAPTION), whole, "95 tiles fit whole");
        assert!(whole.chars().count() > 300);
        let counted = render_hand_caption(&all, 300);
        assert!(counted.chars().count() <= 300, "{counted}");
        assert!(counted.contains("95"), "the tiles counted: {counted}");
        assert!(!counted.contains("[18|"), "and not listed: {counted}");
        let text = format!("{caption}\n\n{counted}\n");
        insta::assert_snapshot!(format!("hand_caption_{}", lang.key()), text);
    }
}
