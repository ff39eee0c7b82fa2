//! The absolute rule: no hidden tile (another hand, the bazaar) ever appears in a public view.
//! Random matches of every variant are played through the session; after every command the
//! public text names exactly the tiles on the table, public buttons carry no move, notices name
//! no tile off the table, each hand view names only its own seat's tiles, and a spectator's view
//! (`/watch N`) names exactly the tiles on the table.

use super::fixtures::{apply, lobby, person, rules};
use domino_core::chat::{HandPlace, Show, Watcher};
use domino_core::engine::rules::Variant;
use domino_core::engine::tile::{Tile, TileSet};
use domino_core::session::{Action, Event, Lang, Phase, Platform, Table, UserId};
use domino_core::view::{
    ButtonAction, hand_view, notices, render_hand, render_table, render_tally, render_watch,
    table_view,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

/// Every `a|b` in `text` (halves of one or two digits, up to a double-eighteen): the tiles
/// written `[a|b]`, and how many were not bracketed.
fn tiles_in(text: &str) -> (Vec<Tile>, usize) {
    let c: Vec<char> = text.chars().collect();
    let (mut tiles, mut loose) = (Vec::new(), 0);
    for i in 1..c.len().saturating_sub(1) {
        if c[i] != '|' || !c[i - 1].is_ascii_digit() || !c[i + 1].is_ascii_digit() {
            continue;
        }
        let mut a = i;
        while a > 0 && c[a - 1].is_ascii_digit() {
            a -= 1;
        }
        let mut b = i + 1;
        while b < c.len() && c[b].is_ascii_digit() {
            b += 1;
        }
        let half = |s: &[char]| -> Option<u8> {
            let n: u8 = s.iter().collect::<String>().parse().ok()?;
            (s.len() <= 2 && (s.len() == 1 || s[0] != '0') && n <= 18).then_some(n)
        };
        let bracketed = a >= 1 && c[a - 1] == '[' && c.get(b) == Some(&']');
        match (bracketed, half(&c[a..i]), half(&c[i + 1..b])) {
            (true, Some(x), Some(y)) => tiles.push(Tile::new(x, y)),
            _ => loose += 1,
        }
    }
    (tiles, loose)
}

/// Whether `text` holds "a-b" for two digits (the record form of a tile).
fn has_dashed_pair(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'-' && w[2].is_ascii_digit())
}

fn on_table(table: &Table) -> TileSet {
    table.live().and_then(|m| m.round()).map_or(TileSet::EMPTY, |r| r.board().on_table())
}

fn check_public(table: &Table, events: &[Event]) {
    check_plan(table, events);
    let view = table_view(table);
    let text = render_table(&view);
    let (tiles, loose) = tiles_in(&text);
    assert_eq!(loose, 0, "a pair of pips outside a tile:\n{text}");
    assert!(!has_dashed_pair(&text), "a dashed pair:\n{text}");
    let shown: TileSet = tiles.iter().copied().collect();
    assert_eq!(shown, on_table(table), "public tiles differ from the table:\n{text}");
    assert!(text.encode_utf16().count() <= 4096, "too long: {}", text.len());
    for (label, data) in view.buttons.iter().flatten() {
        assert!(!matches!(data.action, ButtonAction::Move(_)), "a move button in public: {label}");
        assert!(tiles_in(label) == (Vec::new(), 0) && !has_dashed_pair(label), "{label}");
        assert!(!data.encode().contains("m."), "{data:?}");
    }
    let mut public = notices(table, events).join("\n");
    public.push_str(&render_tally(table));
    let (tiles, loose) = tiles_in(&public);
    assert_eq!(loose, 0, "{public}");
    assert!(!has_dashed_pair(&public), "{public}");
    assert!(
        tiles.iter().all(|t| on_table(table).contains(*t)),
        "a notice names a tile off the table:\n{public}"
    );
}

/// The delivery plan an adapter gets: its public parts name only tiles on the table, each
/// person's hand is that person's own, and the table it was made from is never printed.
fn check_plan(table: &Table, events: &[Event]) {
    let show = Show::of(table, events);
    let text = render_table(&show.view);
    let shown: TileSet = tiles_in(&text).0.into_iter().collect();
    assert_eq!(shown, on_table(table), "the plan's public view:\n{text}");
    let mut public = show.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
    public.push_str(show.turn.as_ref().map_or("", |t| t.text.as_str()));
    assert!(tiles_in(&public).0.iter().all(|t| on_table(table).contains(*t)), "{public}");
    assert!(
        show.view.buttons.iter().flatten().all(|(_, d)| !matches!(d.action, ButtonAction::Move(_)))
    );
    assert_eq!(show.hands.len(), table.humans().count(), "a hand for each seated person");
    for hand in &show.hands {
        let seat = table.seat_of(&hand.person.id).expect("a hand of a seated person");
        assert_eq!(hand.view, hand_view(table, seat), "{}'s own hand", hand.person.name);
        let own = table.live().and_then(|m| m.round()).map(|r| r.hand(seat));
        if let (Some(view), Some(own)) = (&hand.view, own) {
            let seen: TileSet = tiles_in(&render_hand(view)).0.into_iter().collect();
            assert!(seen.iter().all(|t| own.contains(t) || on_table(table).contains(t)));
        }
    }
    check_watchers(show, table);
}

/// A spectator's view (`/watch N`), however they stand with the table, names exactly the
/// tiles on the table (none once they stopped) and offers only «🔄» and «⏹».
fn check_watchers(mut show: Show, table: &Table) {
    let stranger = UserId::new(Platform::Telegram, "999999");
    let stopped = render_watch(&show.watch_view(&stranger), "/");
    assert_eq!(tiles_in(&stopped), (Vec::new(), 0), "a stopped watch shows a tile:\n{stopped}");
    show.watchers.push(Watcher { id: stranger.clone(), place: HandPlace::Table });
    let view = show.watch_view(&stranger);
    let text = render_watch(&view, "/");
    let (tiles, loose) = tiles_in(&text);
    assert_eq!(loose, 0, "{text}");
    assert!(!has_dashed_pair(&text), "{text}");
    let shown: TileSet = tiles.into_iter().collect();
    assert_eq!(shown, on_table(table), "the watcher's view:\n{text}");
    assert_eq!(view.view.as_deref(), Some(&show.view), "the table message's own view");
    for (label, data) in view.buttons.iter().flatten() {
        let only = matches!(data.action, ButtonAction::Watch | ButtonAction::Unwatch);
        assert!(only, "a watcher offered {label}: {data:?}");
    }
    let printed = format!("{show:?}");
    assert!(!printed.contains("Table {") && !printed.contains("Game {"), "the table printed");
}

fn check_hands(table: &Table) {
    for seat in 0..table.seats.len() {
        let Some(view) = hand_view(table, seat) else { continue };
        let own = table.live().and_then(|m| m.round()).expect("a round").hand(seat);
        let mut text = render_hand(&view);
        for (label, data) in view.buttons.iter().flatten() {
            text.push('\n');
            text.push_str(label);
            if let ButtonAction::Move(mv) = data.action {
                assert!(mv.tiles().all(|t| own.contains(t)), "seat {seat} offered {mv}");
            }
        }
        // Every `a|b` (halves of one or two digits) is a tile of the seat's own, or one on the
        // table (the hand names the last move, as the table does).
        let board = table.live().and_then(|m| m.round()).expect("a round").board();
        let public: Vec<Tile> = board.laid().map(|l| l.tile).collect();
        let c: Vec<char> = text.chars().collect();
        for i in 1..c.len() - 1 {
            if c[i] == '|' && c[i - 1].is_ascii_digit() && c[i + 1].is_ascii_digit() {
                let before = c[..i].iter().rev().take_while(|d| d.is_ascii_digit());
                let a: String = before.collect::<Vec<_>>().into_iter().rev().collect();
                let b: String = c[i + 1..].iter().take_while(|d| d.is_ascii_digit()).collect();
                let t = Tile::new(a.parse().unwrap(), b.parse().unwrap());
                assert!(own.contains(t) || public.contains(&t), "seat {seat} sees {t}:\n{text}");
            }
        }
    }
}

/// (variant, options, seats).
fn configs() -> Vec<(Variant, serde_json::Value, u8)> {
    use Variant::*;
    vec![
        (Classic, json!({}), 2),
        (Classic, json!({}), 3),
        (Classic, json!({"two_doubles": true}), 4),
        (Kozel, json!({}), 2),
        (Kozel, json!({"preset": "sport"}), 3),
        (Kozel, json!({"teams": "pairs"}), 4),
        (Morskoy, json!({}), 2),
        (Morskoy, json!({"teams": "pairs"}), 4),
        (Osel, json!({}), 2),
        (Osel, json!({"hub_sides_first": true}), 3),
        (Osel, json!({"teams": "pairs"}), 4),
        (Telefon, json!({}), 2),
        (Telefon, json!({"multi_doubles": true}), 3),
        (Telefon, json!({"preset": "sport"}), 4),
        // Larger sets seat up to eight (classic only).
        (Classic, json!({"set": 12, "target": 100}), 6),
        (Classic, json!({"set": 18, "target": 100}), 8),
        (Classic, json!({"set": 9, "deal": 4, "target": 60}), 5),
    ]
}

fn play(config: usize, seed: u64) {
    let (variant, mut options, size) = configs()[config].clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if rng.random_bool(0.7) {
        options["target"] = json!(rng.random_range(15..45));
    }
    let lang = if rng.random_bool(0.5) { Lang::Ru } else { Lang::En };
    let people: Vec<_> = ["Anna", "Boris", "Vera", "Gleb"]
        .map(person)
        .into_iter()
        .take(rng.random_range(1..=size as usize))
        .collect();
    let mut table = lobby(rules(variant, options), size, lang, &people[0], seed);
    check_public(&table, &[]);
    for p in &people[1..] {
        let ev = apply(&mut table, p, Action::Join { seat: None });
        check_public(&table, &ev);
    }
    if table.phase == Phase::Lobby {
        let ev = apply(&mut table, &people[0], Action::Start);
        check_public(&table, &ev);
    }
    for _ in 0..3000 {
        if table.phase != Phase::Playing {
            break;
        }
        check_hands(&table);
        let away: Vec<_> = people
            .iter()
            .filter(|p| table.seat_of(&p.id).is_some_and(|s| table.seats[s].as_ref().unwrap().away))
            .collect();
        let ev = if let (Some(p), true) = (away.first(), rng.random_bool(0.3)) {
            apply(&mut table, p, Action::Back)
        } else {
            let seat = table.to_move().expect("a seat to move");
            let who = table.seats[seat].as_ref().unwrap().person().expect("a person moves").clone();
            if rng.random_bool(0.02) {
                apply(&mut table, &who, Action::Leave)
            } else if rng.random_bool(0.002) {
                apply(&mut table, &who, Action::Resign)
            } else {
                let moves = table.live().unwrap().legal_moves(seat);
                let mv = moves[rng.random_range(0..moves.len())];
                apply(&mut table, &who, Action::Move { mv })
            }
        };
        check_public(&table, &ev);
    }
    assert_eq!(table.phase, Phase::Finished, "the match ended");
    check_hands(&table);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn public_views_show_only_tiles_on_the_table(config in 0..17usize, seed in any::<u64>()) {
        play(config, seed);
    }
}

#[test]
fn every_variant_once() {
    for config in 0..configs().len() {
        play(config, config as u64 * 7919);
    }
}
