//! Every press decoder accepts exactly what the bot writes: `decode(encode(x)) == x`, and a
//! string (with its select values) decodes to `x` only when `encode(x)` is that string. Real
//! encodings of every action are mutated — junk appended, control characters and other Unicode
//! inserted, case changed, leading zeros, a sign, a character dropped or replaced, another page
//! — and each mutation is refused or is, exactly, what the bot writes for another press.

use domino_core::chat::{BoardMode, Change, Link, Links, MenuPress, Page, TIMERS, TourAct};
use domino_core::engine::board::Arm;
use domino_core::engine::moves::{Move, Placement, Placements};
use domino_core::engine::rules::{Preset, Variant, option, options_for};
use domino_core::engine::tile::Tile;
use domino_core::session::{BotLevel, Lang};
use domino_core::standings::{Cadence, Weekday, ZONES, Zone};
use domino_core::view::{ButtonAction, ButtonData};
use proptest::prelude::*;

/// What is added to a real encoding: junk a forger (or a broken client) might append.
const JUNK: &[&str] = &[
    "9", "999", "0", "x", "X", ".", ":", "-", "_", " ", "\u{0}", "\u{7}", "\u{1b}", "\n", "\t",
    "\u{7f}", "\u{200b}", "\u{200e}", "\u{feff}", "é", "Ж", "ß", "🂡", "\u{301}",
];

/// Junk that can never be part of what the bot writes (not ASCII, or a control character,
/// or a space).
fn never_written(junk: &str) -> bool {
    junk.chars().any(|c| !c.is_ascii() || c.is_ascii_control() || c == ' ')
}

#[derive(Clone, Debug)]
enum Mutation {
    Append(&'static str),
    Insert(usize, &'static str),
    /// The ASCII letter at the index (mod the letters) made upper case.
    Upper(usize),
    /// A `0` or a `+` written before a number (after the separator at the index, mod the
    /// separators).
    Before(usize, char),
    Remove(usize),
    Replace(usize, char),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let junk = proptest::sample::select(JUNK);
    prop_oneof![
        junk.clone().prop_map(Mutation::Append),
        (any::<usize>(), junk).prop_map(|(i, j)| Mutation::Insert(i, j)),
        any::<usize>().prop_map(Mutation::Upper),
        (any::<usize>(), prop_oneof![Just('0'), Just('+')])
            .prop_map(|(i, c)| Mutation::Before(i, c)),
        any::<usize>().prop_map(Mutation::Remove),
        (any::<usize>(), proptest::char::range(' ', '~'))
            .prop_map(|(i, c)| Mutation::Replace(i, c)),
    ]
}

/// The mutated string, and whether the mutation can never give a string the bot writes.
fn mutate(s: &str, m: &Mutation) -> (String, bool) {
    let chars: Vec<char> = s.chars().collect();
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
    let mut out = chars.clone();
    let never = match m {
        Mutation::Append(j) => {
            out.extend(j.chars());
            never_written(j)
        }
        Mutation::Insert(i, j) => {
            let i = at(*i, chars.len() + 1);
            out.splice(i..i, j.chars());
            never_written(j)
        }
        Mutation::Upper(i) => {
            let letters: Vec<usize> =
                (0..chars.len()).filter(|&k| chars[k].is_ascii_lowercase()).collect();
            match letters.get(at(*i, letters.len())) {
                Some(&k) => out[k] = chars[k].to_ascii_uppercase(),
                None => return (s.to_owned(), false),
            }
            // Upper case is written nowhere but in move codes (`P35r`, `D`): a press
            // whose letters are all the bot's is a move code only if it came out right.
            false
        }
        Mutation::Before(i, c) => {
            let seps: Vec<usize> =
                (0..chars.len()).filter(|&k| matches!(chars[k], ':' | '.')).collect();
            match seps.get(at(*i, seps.len())) {
                Some(&k) => out.insert(k + 1, *c),
                None => return (s.to_owned(), false),
            }
            // A leading zero or a plus sign is never written; a `0` before `-` or a letter
            // is junk too.
            true
        }
        Mutation::Remove(i) => {
            if !chars.is_empty() {
                out.remove(at(*i, chars.len()));
            }
            false
        }
        Mutation::Replace(i, c) => {
            if !chars.is_empty() {
                out[at(*i, chars.len())] = *c;
            }
            false
        }
    };
    (out.into_iter().collect(), never)
}

fn tile() -> impl Strategy<Value = Tile> {
    (0u8..28).prop_map(Tile::from_index)
}

fn a_move() -> impl Strategy<Value = Move> {
    let placement = (tile(), 0usize..4, any::<bool>()).prop_map(|(tile, arm, close)| Placement {
        tile,
        arm: Arm::ALL[arm],
        close,
    });
    prop_oneof![
        Just(Move::Draw),
        Just(Move::Pass),
        (tile(), any::<bool>(), any::<bool>()).prop_map(|(tile, high, na_sto)| Move::Lead {
            tile,
            left: if high { tile.high() } else { tile.low() },
            na_sto,
        }),
        proptest::collection::vec(placement, 1..=4)
            .prop_map(|list| Move::Play(Placements::from_slice(&list))),
    ]
}

/// Every button action (the match below names every variant: a new one must be added here).
fn action() -> impl Strategy<Value = ButtonAction> {
    use ButtonAction::*;
    let simple = proptest::sample::select(vec![
        Join, Leave, AddBot, Start, Hand, Hint, Resign, ResignYes, ResignNo, Pause, Resume,
        VoteEnd, End, Rematch, Back, Accept, Decline, Shuffle, Queue, Watch, Unwatch,
    ]);
    prop_oneof![
        simple,
        any::<u8>().prop_map(RemoveBot),
        a_move().prop_map(Move),
        prop_oneof![Just(self::Lang::Ru), Just(self::Lang::En)].prop_map(ButtonAction::Lang),
        any::<Option<u32>>().prop_map(Timer),
        proptest::sample::select(BotLevel::ALL.to_vec()).prop_map(Level),
        proptest::sample::select(self::Variant::ALL.to_vec()).prop_map(ButtonAction::Variant),
        any::<u8>().prop_map(Size),
        any::<u8>().prop_map(Side),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| Swap(a, b)),
        any::<u8>().prop_map(HandPage),
        proptest::option::of(proptest::sample::select(
            domino_core::session::Rotation::ALL.to_vec()
        ))
        .prop_map(Rotation),
    ]
}

/// Keeps [`action`] complete: adding a variant breaks this match.
#[allow(dead_code)]
fn every_action_is_generated(a: ButtonAction) {
    use ButtonAction::*;
    match a {
        Join | Leave | AddBot | RemoveBot(_) | Start | Hand | Hint | Move(_) | Resign
        | ResignYes | ResignNo | Pause | Resume | VoteEnd | End | Rematch | Back | Accept
        | Decline | Lang(_) | Timer(_) | Level(_) | Variant(_) | Size(_) | Side(_) | Swap(..)
        | Shuffle | HandPage(_) | Queue | Rotation(_) | Watch | Unwatch => {}
    }
}

fn button() -> impl Strategy<Value = ButtonData> {
    let table = prop_oneof![any::<i64>(), 1i64..5000];
    let version = prop_oneof![any::<u64>(), 0u64..500];
    (table, version, action()).prop_map(|(t, v, a)| ButtonData::new(t, v, a))
}

/// A change the menu draws on `page`.
fn change_on(page: Page) -> BoxedStrategy<Change> {
    let common = prop_oneof![Just(Change::Show), Just(Change::Done)];
    match page {
        Page::General => prop_oneof![
            common,
            prop_oneof![Just(Lang::Ru), Just(Lang::En)].prop_map(Change::Lang),
            proptest::sample::select(TIMERS.to_vec()).prop_map(Change::Timer),
            proptest::sample::select(BotLevel::ALL.to_vec()).prop_map(Change::Level),
            proptest::sample::select(Variant::ALL.to_vec()).prop_map(Change::DefaultGame),
            proptest::sample::select(BoardMode::ALL.to_vec()).prop_map(Change::Board),
            any::<bool>().prop_map(Change::Hints),
        ]
        .boxed(),
        Page::League => {
            let zones: Vec<Option<Zone>> =
                std::iter::once(None).chain(ZONES.into_iter().map(Zone::of_minutes)).collect();
            prop_oneof![
                common,
                proptest::sample::select(Cadence::ALL.to_vec()).prop_map(Change::Seasons),
                proptest::sample::select(zones).prop_map(Change::Zone),
                proptest::option::of(proptest::sample::select(Weekday::ALL.to_vec()))
                    .prop_map(Change::Digest),
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
            prop_oneof![
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

fn page() -> impl Strategy<Value = Page> {
    pages(i64::MAX)
}

/// Pages with tournament numbers up to `most`: a press moved onto a page it is never drawn on
/// (the longest switch onto the largest tournament) may not fit in 64 bytes, so the moved
/// presses take the numbers a chat reaches.
fn pages(most: i64) -> impl Strategy<Value = Page> {
    prop_oneof![
        Just(Page::General),
        Just(Page::League),
        proptest::sample::select(Variant::ALL.to_vec()).prop_map(Page::Game),
        prop_oneof![1i64..5000, 1i64..=most].prop_map(Page::Tournament),
    ]
}

fn menu_press() -> impl Strategy<Value = MenuPress> {
    (prop_oneof![any::<u64>(), 0u64..100], page()).prop_flat_map(|(version, page)| {
        change_on(page).prop_map(move |change| MenuPress { version, page, change })
    })
}

/// The select values a press is read with (a multi-select's switch keys).
fn values_of(p: &MenuPress) -> Vec<String> {
    match &p.change {
        Change::Switches(keys) => keys.iter().map(|k| k.to_string()).collect(),
        _ => Vec::new(),
    }
}

/// A decoded menu press is exactly the string and the values it was read from.
fn menu_exact(s: &str, values: &[String]) -> Result<(), TestCaseError> {
    if let Some(p) = MenuPress::decode(s, values) {
        prop_assert_eq!(p.encode(), s);
        let mut want = values_of(&p);
        let mut got = values.to_vec();
        want.sort();
        got.sort();
        prop_assert_eq!(want, got, "{} read with other values", s);
    }
    Ok(())
}

fn link() -> impl Strategy<Value = Link> {
    let id = prop_oneof![any::<i64>(), 1i64..5000];
    prop_oneof![id.clone().prop_map(Link::Join), id.prop_map(Link::Hand)]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn button_data_reads_back_only_what_was_written(b in button(), m in mutation()) {
        let s = b.encode();
        prop_assert!(s.len() <= 64 && s.is_ascii());
        prop_assert_eq!(ButtonData::decode(&s), Ok(b));
        let (forged, never) = mutate(&s, &m);
        if forged != s
            && let Ok(other) = ButtonData::decode(&forged)
        {
            prop_assert!(!never, "{:?} read as {:?}", forged, other);
            prop_assert_eq!(other.encode(), forged);
            prop_assert_ne!(other, b);
        }
    }

    #[test]
    fn menu_presses_read_back_only_what_was_written(
        p in menu_press(),
        m in mutation(),
        other in pages(1 << 40),
        junk in proptest::sample::select(JUNK),
    ) {
        let s = p.encode();
        let values = values_of(&p);
        prop_assert!(s.len() <= 64 && s.is_ascii());
        prop_assert_eq!(MenuPress::decode(&s, &values), Some(p.clone()));
        let (forged, never) = mutate(&s, &m);
        if forged != s {
            let read = MenuPress::decode(&forged, &values);
            prop_assert!(!(never && read.is_some()), "{:?} read as {:?}", forged, read);
            menu_exact(&forged, &values)?;
        }
        // Values no press of this kind is drawn with: junk, a repeated key, a value for a
        // press that takes none.
        let mut more = values.clone();
        more.push(junk.to_owned());
        prop_assert_eq!(MenuPress::decode(&s, &more), None);
        if let Some(first) = values.first() {
            let mut twice = values.clone();
            twice.push(first.clone());
            prop_assert_eq!(MenuPress::decode(&s, &twice), None);
        }
        // The same change on another kind of page: the general settings are drawn on the
        // general page only, the league's on its page only, a game's on a game's page only.
        let moved = MenuPress { page: other, ..p.clone() };
        let same_kind = matches!(
            (p.page, other),
            (Page::General, Page::General)
                | (Page::League, Page::League)
                | (Page::Game(_), Page::Game(_))
                | (Page::Tournament(_), Page::Tournament(_))
        );
        let anywhere = matches!(p.change, Change::Show | Change::Done);
        if !same_kind && !anywhere {
            prop_assert_eq!(MenuPress::decode(&moved.encode(), &values), None);
        }
    }

    #[test]
    fn links_read_back_only_what_was_written(
        l in link(),
        key in proptest::collection::vec(any::<u8>(), 1..40),
        m in mutation(),
    ) {
        let links = Links::new(key.clone());
        let s = links.encode(l);
        prop_assert!(s.len() <= 64);
        prop_assert_eq!(links.decode(&s), Some(l));
        let mut other_key = key.clone();
        other_key[0] ^= 1;
        prop_assert_eq!(Links::new(other_key).decode(&s), None);
        let (forged, _) = mutate(&s, &m);
        if forged != s {
            // Whatever changed, the mac no longer holds (or the string is not canonical).
            prop_assert_eq!(links.decode(&forged), None, "{:?}", forged);
        }
    }

    /// Any string at all: read only if it is what the bot writes for what it reads as.
    #[test]
    fn any_string_is_read_only_as_written(
        s in prop_oneof!["[-0-9a-z:.+A-Z]{0,30}", "1:[-0-9a-z]{1,4}:[0-9a-z]{1,3}:[a-z.0-9A-Z]{1,12}", "s2:[0-9a-z]{1,3}:[a-z]{1,8}:[a-z.0-9]{1,12}", "\\PC{0,20}"],
        values in proptest::collection::vec("[a-z_]{1,12}", 0..3),
    ) {
        if let Ok(b) = ButtonData::decode(&s) {
            prop_assert_eq!(b.encode(), s.clone());
        }
        menu_exact(&s, &values)?;
    }
}

#[test]
fn the_examples_of_issue_24_are_refused() {
    let resign = ButtonData::new(1, 1, ButtonAction::Resign).encode();
    let hand = ButtonData::new(1, 1, ButtonAction::Hand).encode();
    for forged in [format!("{resign}999"), format!("{hand}\u{7}"), format!("{hand}\u{200b}")] {
        assert!(ButtonData::decode(&forged).is_err(), "{forged:?}");
    }
    // A general setting written on a game's page, a game's setting on the general page.
    let lang = MenuPress { version: 3, page: Page::General, change: Change::Lang(Lang::En) };
    let on_game = MenuPress { page: Page::Game(Variant::Kozel), ..lang.clone() }.encode();
    assert_eq!(MenuPress::decode(&lang.encode(), &[]), Some(lang));
    assert_eq!(MenuPress::decode(&on_game, &[]), None);
    let target = MenuPress { version: 3, page: Page::General, change: Change::Target(101) };
    assert_eq!(MenuPress::decode(&target.encode(), &[]), None);
    let opts = MenuPress { version: 3, page: Page::General, change: Change::Switches(vec![]) };
    assert_eq!(MenuPress::decode(&opts.encode(), &[]), None);
}
