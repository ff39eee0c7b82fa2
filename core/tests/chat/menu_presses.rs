//! What the settings menu draws, as proptest strategies for the press codecs
//! (`press_codecs.rs`): every change on the page it is drawn on, every page, every press.

use domino_core::chat::{CLOCKS, Change, MenuPress, OfferAct, Page, TIMERS, TourAct};
use domino_core::engine::rules::{OptionKind, Preset, Variant, option, options_for};
use domino_core::session::{BotLevel, Lang, TimeUp};
use domino_core::standings::{Cadence, Weekday, Zone};
use domino_core::store::{BoardMode, NUDGES, TableClock};
use proptest::prelude::*;

/// A change the menu draws on `page`.
pub fn change_on(page: Page) -> BoxedStrategy<Change> {
    let common = prop_oneof![Just(Change::Show), Just(Change::Done)];
    match page {
        Page::General => prop_oneof![
            common,
            prop_oneof![Just(Lang::Ru), Just(Lang::En)].prop_map(Change::Lang),
            proptest::sample::select(TIMERS.to_vec()).prop_map(Change::Timer),
            proptest::sample::select(Variant::ALL.to_vec()).prop_map(Change::DefaultGame),
            proptest::sample::select(Cadence::ALL.to_vec()).prop_map(Change::Seasons),
        ]
        .boxed(),
        Page::More => {
            let mut clocks = vec![TableClock::Preset, TableClock::Off];
            clocks.extend(CLOCKS.map(TableClock::Rule));
            prop_oneof![
                common,
                proptest::sample::select(NUDGES.to_vec()).prop_map(Change::Nudge),
                proptest::sample::select(BotLevel::ALL.to_vec()).prop_map(Change::Level),
                proptest::sample::select(BoardMode::ALL.to_vec()).prop_map(Change::Board),
                any::<bool>().prop_map(Change::Hints),
                proptest::sample::select(TimeUp::ALL.to_vec()).prop_map(Change::TimeUp),
                proptest::sample::select(clocks).prop_map(Change::Clock),
            ]
            .boxed()
        }
        // The league's offer: its three buttons, nothing else.
        Page::Offer => proptest::sample::select(vec![
            Change::Offer(OfferAct::All),
            Change::Offer(OfferAct::Choose),
            Change::Offer(OfferAct::No),
        ])
        .boxed(),
        Page::League => {
            let fixed = [-720, -300, 0, 180, 330, 345, 840].into_iter().map(Zone::of_minutes);
            let names = ["Europe/Berlin", "America/Argentina/Buenos_Aires", "Asia/Kathmandu"];
            let named = names.into_iter().map(Zone::named);
            let zones: Vec<Option<Zone>> =
                std::iter::once(None).chain(fixed).chain(named).collect();
            assert!(zones.iter().skip(1).all(Option::is_some));
            prop_oneof![
                common,
                proptest::sample::select(Cadence::ALL.to_vec()).prop_map(Change::Seasons),
                proptest::sample::select(zones).prop_map(Change::Zone),
                proptest::option::of(proptest::sample::select(Weekday::ALL.to_vec()))
                    .prop_map(Change::Digest),
                (0u8..=23).prop_map(Change::DigestHour),
                any::<bool>().prop_map(Change::StandingsPost),
                any::<bool>().prop_map(Change::GoatTag),
                any::<bool>().prop_map(Change::GoatRoles),
            ]
            .boxed()
        }
        Page::Game(v) => {
            let presets: Vec<Option<Preset>> = std::iter::once(None)
                .chain(Preset::ALL.into_iter().filter(|p| p.allowed_in(v)).map(Some))
                .collect();
            let targets = option("target").expect("target is an option").suggestions(v);
            let switches: Vec<&'static str> =
                options_for(v).filter(|o| o.kind.is_switch()).map(|o| o.key).collect();
            let subset = proptest::sample::subsequence(switches.clone(), 0..=switches.len())
                .prop_shuffle()
                .prop_map(Change::Switches);
            // The game's other numbers (the deal, the writing threshold): the game's own, or a
            // value within the option's bound.
            let mut numbers = vec![Change::Show];
            for o in options_for(v)
                .filter(|o| o.kind == OptionKind::Number && !matches!(o.key, "target" | "set"))
            {
                let bound = o.bound.expect("a number a chat sets has a bound");
                numbers.push(Change::Number(o.key, None));
                for n in [bound.min, bound.max].into_iter().chain(o.suggestions(v)) {
                    numbers.push(Change::Number(o.key, Some(n)));
                }
            }
            prop_oneof![
                proptest::sample::select(numbers),
                common,
                proptest::sample::select(presets).prop_map(Change::Preset),
                proptest::sample::select(targets).prop_map(Change::Target),
                proptest::sample::select(domino_core::engine::rules::SETS.to_vec())
                    .prop_map(Change::Set),
                proptest::sample::select(switches).prop_map(Change::Switch),
                subset,
            ]
            .boxed()
        }
        // A tournament's message: its buttons and «show», nothing of the settings.
        Page::Tournament(_) => proptest::sample::select(vec![
            Change::Show,
            Change::Tour(TourAct::Join),
            Change::Tour(TourAct::Leave),
            Change::Tour(TourAct::Start),
            Change::Tour(TourAct::Partner),
        ])
        .boxed(),
    }
}

pub fn page() -> impl Strategy<Value = Page> {
    pages(i64::MAX)
}

/// Pages with tournament numbers up to `most`: a press moved onto a page it is never drawn on
/// (the longest switch onto the largest tournament) may not fit in 64 bytes, so the moved
/// presses take the numbers a chat reaches.
pub fn pages(most: i64) -> impl Strategy<Value = Page> {
    prop_oneof![
        Just(Page::General),
        Just(Page::More),
        Just(Page::Offer),
        Just(Page::League),
        proptest::sample::select(Variant::ALL.to_vec()).prop_map(Page::Game),
        prop_oneof![1i64..5000, 1i64..=most].prop_map(Page::Tournament),
    ]
}

pub fn menu_press() -> impl Strategy<Value = MenuPress> {
    (prop_oneof![any::<u64>(), 0u64..100], page()).prop_flat_map(|(version, page)| {
        change_on(page).prop_map(move |change| MenuPress { version, page, change })
    })
}

/// The select values a press is read with (a multi-select's switch keys).
pub fn values_of(p: &MenuPress) -> Vec<String> {
    match &p.change {
        Change::Switches(keys) => keys.iter().map(|k| k.to_string()).collect(),
        _ => Vec::new(),
    }
}
