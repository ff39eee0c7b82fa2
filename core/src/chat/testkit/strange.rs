//! (feature `testkit`) What a stranger types, for the adapters' randomized tests of strange
//! input: numbers at and past every limit and in every notation (0, -1, 2³²−1, 2⁶⁴, hex,
//! floats, exponents, other scripts' digits), Unicode, very long words — put in the argument
//! positions each command of the catalog takes.

use crate::chat::{ArgKind, CommandSpec};
use crate::engine::rules::OPTIONS;
use rand::Rng;
use rand::seq::IndexedRandom;

/// Numbers as people write them, at every edge.
pub const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "999999999",
    "-999999999",
    "9223372036854775807",
    "-9223372036854775808",
    "0x10",
    "0b101",
    "1.5",
    "1e9",
    "-0",
    "+7",
    "007",
    "٣",
    "１２",
    "NaN",
    "∞",
    "65536",
    "255",
    "256",
];

/// Words that mean something somewhere, and words that mean nothing.
const WORDS: &[&str] = &[
    "kozel",
    "козёл",
    "telefon",
    "osel",
    "морской",
    "classic",
    "пары",
    "pairs",
    "bot",
    "бот",
    "all",
    "new",
    "до",
    "to",
    "season",
    "сезон",
    "thread",
    "@",
    "@nobody",
    "#",
    "№",
    "=",
    "--",
    "\u{200b}",
    "\u{202e}evil",
    "漢字",
    "🂡🀄",
    "é",
    "Ω≈ç√",
    "\\",
    "'",
    "\"",
    "<b>",
    "&amp;",
    "%s",
    "{}",
    "NULL",
    "null",
    "true",
];

/// A number as a stranger writes it: one of [`NUMBERS`] or a random one in some notation.
pub fn number(rng: &mut impl Rng) -> String {
    match rng.random_range(0..6) {
        0 => rng.random::<u64>().to_string(),
        1 => format!("-{}", rng.random::<u32>()),
        2 => format!("0x{:x}", rng.random::<u64>()),
        3 => format!("{}.{}", rng.random::<u16>(), rng.random::<u8>()),
        4 => "9".repeat(rng.random_range(20..80)),
        _ => NUMBERS.choose(rng).copied().unwrap_or("0").to_owned(),
    }
}

/// Any strange word: a number, a known or odd word, a very long one, random characters.
pub fn word(rng: &mut impl Rng) -> String {
    match rng.random_range(0..10) {
        0..3 => number(rng),
        3..6 => WORDS.choose(rng).copied().unwrap_or("?").to_owned(),
        6 => "ж".repeat(rng.random_range(300..2000)),
        7 => {
            let o = OPTIONS.choose(rng).map_or("deal", |o| o.key);
            format!("{o}={}", number(rng))
        }
        _ => (0..rng.random_range(1..20))
            .map(|_| char::from_u32(rng.random_range(0x21..0x2_0000)).unwrap_or('�'))
            .filter(|c| !c.is_whitespace())
            .collect(),
    }
}

/// Words for one argument of a command, strange but in its place.
fn for_kind(rng: &mut impl Rng, kind: ArgKind) -> Vec<String> {
    let one = |w: &str| vec![w.to_owned()];
    match kind {
        ArgKind::Game | ArgKind::Preset => match rng.random_bool(0.5) {
            true => one(["kozel", "telefon", "osel", "морской"].choose(rng).unwrap_or(&"kozel")),
            false => vec![word(rng)],
        },
        ArgKind::Players | ArgKind::Table | ArgKind::Count | ArgKind::Ago => vec![number(rng)],
        ArgKind::Target => match rng.random_range(0..3) {
            0 => vec!["до".into(), number(rng)],
            1 => vec![format!("target={}", number(rng))],
            _ => vec!["to".into(), word(rng)],
        },
        ArgKind::Season => match rng.random_bool(0.5) {
            true => vec!["сезон".into(), number(rng)],
            false => vec![number(rng)],
        },
        ArgKind::Options => {
            let o = OPTIONS.choose(rng).map_or("deal", |o| o.key);
            match rng.random_range(0..3) {
                0 => vec![format!("{o}={}", number(rng))],
                1 => vec![o.to_owned(), number(rng)],
                _ => vec![format!("-{o}"), word(rng)],
            }
        }
        ArgKind::Opponent => vec![format!("@{}", word(rng))],
        ArgKind::Computer => one("bot"),
        ArgKind::Pairs | ArgKind::PairsTable => one("пары"),
        ArgKind::AllTime => one("all"),
        ArgKind::NewSeason | ArgKind::NewLink => one("new"),
        ArgKind::Thread => one("thread"),
        ArgKind::TourFormat => match rng.random_range(0..3) {
            0 => one("круг"),
            1 => one("арена"),
            _ => vec![word(rng)],
        },
        ArgKind::Days => vec!["дней".into(), number(rng)],
        ArgKind::Minutes => vec!["минут".into(), number(rng)],
        ArgKind::TagWords => match rng.random_range(0..3) {
            0 => vec!["козёл".into(), word(rng)],
            1 => vec!["champion".into(), word(rng), word(rng)],
            _ => vec![word(rng)],
        },
        ArgKind::Zone => match rng.random_range(0..4) {
            0 => one("Москва"),
            1 => vec!["UTC+5:30".into()],
            2 => vec!["New".into(), "York".into()],
            _ => vec![word(rng)],
        },
        ArgKind::Streak => one("серия"),
        ArgKind::Rounds => vec!["раундов".into(), number(rng)],
        ArgKind::Round => vec!["раунд".into(), number(rng)],
        ArgKind::Pings => match rng.random_range(0..3) {
            0 => one("тихо"),
            1 => one("off"),
            _ => vec![word(rng)],
        },
        ArgKind::Set => match rng.random_range(0..3) {
            0 => vec![format!("дубль-{}", number(rng))],
            1 => vec![format!("set={}", number(rng))],
            _ => vec![format!("d{}", word(rng))],
        },
    }
}

/// The words after a command: some of its arguments (strange values in their places, in any
/// order) and now and then a strange word anywhere.
pub fn command_words(rng: &mut impl Rng, spec: &CommandSpec) -> Vec<String> {
    let mut out = Vec::new();
    for arg in spec.args {
        if rng.random_bool(0.6) {
            let mut words = for_kind(rng, arg.kind);
            match rng.random_bool(0.7) {
                true => out.append(&mut words),
                false => {
                    let at = rng.random_range(0..=out.len());
                    out.splice(at..at, words);
                }
            }
        }
    }
    if rng.random_bool(0.3) {
        let at = rng.random_range(0..=out.len());
        out.insert(at, word(rng));
    }
    out
}
