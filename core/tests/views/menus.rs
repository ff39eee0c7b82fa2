//! The settings menu as the chat layer draws it: its pages, both languages, as text (what
//! each adapter turns into buttons and select menus), and its presses read back.

use domino_core::chat::{ControlKind, Menu, MenuPress, Page, offer_menu, settings_menu};
use domino_core::engine::rules::Variant;
use domino_core::session::Lang;
use domino_core::store::{ChatSettings, TableClock, TurnTimer};
use serde_json::json;

fn text(menu: &Menu) -> String {
    let mut out = vec![menu.text.clone(), String::new()];
    for c in &menu.controls {
        let kind = match c.kind {
            ControlKind::Choice => "choose one",
            ControlKind::Switches => "switches",
        };
        let items: Vec<String> = c
            .items
            .iter()
            .map(|i| if i.selected { format!("[{}]", i.label) } else { i.label.clone() })
            .collect();
        out.push(format!("{} ({kind}): {}", c.label, items.join(" | ")));
    }
    let nav: Vec<&str> = menu.nav.iter().map(|i| i.label.as_str()).collect();
    out.push(format!("» {}", nav.join(" | ")));
    out.join("\n")
}

#[test]
fn menus() {
    for lang in [Lang::Ru, Lang::En] {
        let mut s = ChatSettings {
            lang,
            timer: TurnTimer::Secs(60),
            version: 3,
            ..ChatSettings::default()
        };
        s.presets.insert("kozel".into(), json!({"preset": "troshin", "eggs": true, "target": 51}));
        let pages = [
            Page::General,
            Page::More,
            Page::Game(Variant::Kozel),
            Page::Game(Variant::Telefon),
            Page::League,
        ];
        let all: Vec<String> = pages.iter().map(|p| text(&settings_menu(&s, *p, false))).collect();
        insta::assert_snapshot!(format!("menus_{}", lang.key()), all.join("\n\n-----\n\n"));
    }
}

/// The league page of chats that chose their clock: a zone the menu offers, one typed with
/// `/clock` (added to the menu, chosen), a fixed offset stored before named zones; a digest
/// hour the menu offers, and one outside its hours.
#[test]
fn league_menus_with_a_chosen_clock() {
    use domino_core::standings::{Weekday, Zone};
    for lang in [Lang::Ru, Lang::En] {
        let chats = [
            (Zone::named("Europe/Berlin"), 18),
            (Zone::named("America/Argentina/Buenos_Aires"), 9),
            (Zone::of_minutes(300), 6),
        ];
        let all: Vec<String> = chats
            .into_iter()
            .map(|(zone, digest_hour)| {
                let s = ChatSettings {
                    lang,
                    version: 4,
                    zone,
                    digest: Weekday::of(4),
                    digest_hour,
                    ..ChatSettings::default()
                };
                let menu = settings_menu(&s, Page::League, false);
                for item in menu.controls.iter().flat_map(|c| &c.items) {
                    let data = item.press.encode();
                    assert!(data.len() <= 64, "{data}");
                    assert_eq!(MenuPress::decode(&data, &[]), Some(item.press.clone()), "{data}");
                }
                text(&menu)
            })
            .collect();
        insta::assert_snapshot!(format!("league_clock_{}", lang.key()), all.join("\n\n-----\n\n"));
    }
}

/// A chat that never touched its settings: the first page in a group (the group's turn
/// timer chosen, marked as the default) and in a private chat (no timer); the game pages
/// with their numbers (traditional domino's deal, Morskoy's writing threshold) as chat
/// defaults, one of them chosen; the page of more defaults with a match clock chosen.
#[test]
fn defaults() {
    for lang in [Lang::Ru, Lang::En] {
        let fresh = ChatSettings { lang, ..ChatSettings::default() };
        let mut chosen = ChatSettings {
            lang,
            version: 4,
            clock: TableClock::Rule(domino_core::chat::CLOCKS[0]),
            ..ChatSettings::default()
        };
        chosen.presets.insert("classic".into(), json!({"deal": 5}));
        let all = [
            text(&settings_menu(&fresh, Page::General, false)),
            text(&settings_menu(&fresh, Page::General, true)),
            text(&settings_menu(&chosen, Page::Game(Variant::Classic), false)),
            text(&settings_menu(&chosen, Page::Game(Variant::Morskoy), false)),
            text(&settings_menu(&chosen, Page::More, false)),
            text(&offer_menu(&chosen)),
        ];
        insta::assert_snapshot!(format!("defaults_{}", lang.key()), all.join("\n\n-----\n\n"));
    }
}

#[test]
fn every_press_of_a_menu_reads_back_within_64_bytes() {
    let s = ChatSettings { version: 123_456, ..ChatSettings::default() };
    let mut pages = vec![Page::General, Page::More, Page::League];
    pages.extend(Variant::ALL.map(Page::Game));
    let offer = offer_menu(&s);
    let menus = pages.into_iter().map(|p| settings_menu(&s, p, false)).chain([offer]);
    for menu in menus {
        let items = menu.controls.iter().flat_map(|c| &c.items).chain(&menu.nav);
        for item in items {
            let data = item.press.encode();
            assert!(data.len() <= 64, "{data}");
            assert_eq!(MenuPress::decode(&data, &[]), Some(item.press.clone()), "{data}");
            assert_eq!(item.press.version, 123_456);
        }
    }
    // What the new pages write reads back, within each number's bound.
    for good in [
        "s2:1:m:clock.10+5",
        "s2:1:m:clock.off",
        "s2:1:m:clock.preset",
        "s2:1:g:seasons.monthly",
        "s2:1:classic:num.deal.95",
        "s2:1:classic:num.deal.game",
        "s2:1:morskoy:num.start_threshold.100",
        "s2:1:o:offer.no",
    ] {
        let press = MenuPress::decode(good, &[]).unwrap_or_else(|| panic!("{good}"));
        assert_eq!(press.encode(), good);
    }
    for bad in [
        "s2:1:kozel:opt.deal",
        "s2:1:telefon:preset.troshin",
        "s2:1:g:target.51",
        "s2:1:g:board.photo",
        "s2:1:l:lang.en",
        "s2:1:kozel:zone.180",
        "s2:1:l:zone.181",
        "s2:1:l:zone.+180",
        "s2:1:l:zone.europe/berlin",
        "s2:1:l:zone.Mars/Olympus",
        "s2:1:l:zone.Europe/Berlin/",
        "s2:1:g:zone.Europe/Berlin",
        "s2:1:l:dhour.24",
        "s2:1:l:dhour.07",
        "s2:1:l:dhour.-1",
        "s2:1:g:dhour.9",
        "s2:1:l:seasons.weekly",
        "s2:01:g:show",
        "s2:1:g:timer.45",
        "s2:1:g:nudge.10",
        "s2:1:m:lang.en",
        "s2:1:m:clock.7+5",
        "s2:1:g:clock.10+5",
        "s2:1:classic:num.target.51",
        "s2:1:classic:num.set.9",
        "s2:1:kozel:num.deal.7",
        "s2:1:classic:num.deal.96",
        "s2:1:classic:num.deal.07",
        "s2:1:morskoy:num.start_threshold.0",
        "s2:1:morskoy:num.eggs.1",
        "s2:1:g:offer.all",
        "s2:1:o:done",
        "s2:1:o:show",
        "s2:1:o:offer.maybe",
        "s1:kozel:show",
    ] {
        assert_eq!(MenuPress::decode(bad, &[]), None, "{bad}");
    }
}
