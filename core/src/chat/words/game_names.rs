//! The names people type for the five games, in Russian and English: the one table read by
//! every chat's words ([`words`](super)) and by `domino play`'s command line.

use crate::engine::rules::Variant;
use crate::session::Lang;
use crate::view::text::{game_word, tr, variant_name};

/// Every name of every game, as [`norm`] leaves it (lowercase, `ё` as `е`, dashes and
/// spaces as underscores). The first of each game is its key.
pub const GAME_NAMES: &[(&str, Variant)] = &[
    ("classic", Variant::Classic),
    ("traditional", Variant::Classic),
    ("domino", Variant::Classic),
    ("dominoes", Variant::Classic),
    ("домино", Variant::Classic),
    ("классика", Variant::Classic),
    ("классическое", Variant::Classic),
    ("kozel", Variant::Kozel),
    ("kozyol", Variant::Kozel),
    ("goat", Variant::Kozel),
    ("козел", Variant::Kozel),
    ("morskoy", Variant::Morskoy),
    ("morskoi", Variant::Morskoy),
    ("sea", Variant::Morskoy),
    ("seagoat", Variant::Morskoy),
    ("sea_goat", Variant::Morskoy),
    ("морской", Variant::Morskoy),
    ("морской_козел", Variant::Morskoy),
    ("osel", Variant::Osel),
    ("osyol", Variant::Osel),
    ("donkey", Variant::Osel),
    ("осел", Variant::Osel),
    ("telefon", Variant::Telefon),
    ("telephone", Variant::Telefon),
    ("phone", Variant::Telefon),
    ("телефон", Variant::Telefon),
    ("домики", Variant::Telefon),
];

/// Lowercase, `ё` as `е`, dashes and spaces as underscores.
pub(super) fn norm(word: &str) -> String {
    word.trim().to_lowercase().replace('ё', "е").replace(['-', ' '], "_")
}

/// The game a word names: its key, or one of its Russian or English names.
pub fn variant_word(word: &str) -> Option<Variant> {
    let w = norm(word);
    GAME_NAMES.iter().find(|(name, _)| *name == w).map(|&(_, v)| v)
}

/// The games with the names a person of `lang` would type: «kozel (goat)», «козёл» (no
/// English word in a Russian chat).
pub fn game_names_text(lang: Lang) -> String {
    let games: Vec<String> = Variant::ALL
        .iter()
        .map(|&v| match lang {
            Lang::Ru => game_word(v, lang).to_owned(),
            Lang::En => format!("{} ({})", v.key(), variant_name(v, lang).to_lowercase()),
        })
        .collect();
    games.join(", ")
}

/// A game name not known: what was typed, and what is.
pub fn unknown_game(lang: Lang, typed: &str) -> String {
    let head = match lang {
        Lang::Ru => format!("Не знаю игры «{typed}»."),
        Lang::En => format!("Unknown game «{typed}»."),
    };
    format!("{head} {} {}", tr(lang, "Игры:", "Games:"), game_names_text(lang))
}
