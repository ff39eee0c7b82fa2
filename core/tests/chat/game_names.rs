//! The names people type for the games, in both languages: one table read by the chats'
//! words (`/new козёл`, `/duel @ann sea goat`) and by `domino play`, and what an unknown
//! name is told.

use domino_core::chat::catalog::Cmd;
use domino_core::chat::words::parse;
use domino_core::chat::{GAME_NAMES, texts, unknown_game, variant_word};
use domino_core::ids::Lang;

/// What is typed, and the game's key it names.
const TYPED: &[(&str, &str)] = &[
    ("classic", "classic"),
    ("traditional", "classic"),
    ("Traditional", "classic"),
    ("domino", "classic"),
    ("Dominoes", "classic"),
    ("домино", "classic"),
    ("классика", "classic"),
    ("kozel", "kozel"),
    ("Kozel", "kozel"),
    ("goat", "kozel"),
    ("козёл", "kozel"),
    ("козел", "kozel"),
    ("КОЗЁЛ", "kozel"),
    ("morskoy", "morskoy"),
    ("sea goat", "morskoy"),
    ("sea-goat", "morskoy"),
    ("seagoat", "morskoy"),
    ("морской", "morskoy"),
    ("морской козёл", "morskoy"),
    ("osel", "osel"),
    ("donkey", "osel"),
    ("осёл", "osel"),
    ("осел", "osel"),
    ("telefon", "telefon"),
    ("telephone", "telefon"),
    ("телефон", "telefon"),
];

#[test]
fn every_common_name_names_its_game_on_the_command_line_and_in_chats() {
    for &(typed, key) in TYPED {
        let game = variant_word(typed).unwrap_or_else(|| panic!("{typed:?} is not known"));
        assert_eq!(game.key(), key, "{typed:?}");
        // In a chat the words come one by one: «sea goat» and «морской козёл» are two.
        let words: Vec<&str> = typed.split_whitespace().collect();
        for cmd in [Cmd::New, Cmd::Duel, Cmd::Rules] {
            let args = parse(cmd, &words).unwrap_or_else(|e| panic!("{cmd:?} {typed:?}: {e}"));
            assert_eq!(args.game.map(|g| g.key()), Some(key), "{cmd:?} {typed:?}");
        }
    }
    // Every name of the table is read back as its own game.
    for &(name, game) in GAME_NAMES {
        assert_eq!(variant_word(name), Some(game), "{name}");
    }
}

#[test]
fn an_unknown_name_is_named_back_with_the_games_there_are() {
    for typed in ["checkers", "kozl", ""] {
        assert_eq!(variant_word(typed), None, "{typed:?}");
    }
    let en = unknown_game(Lang::En, "checkers");
    assert!(en.starts_with("Unknown game «checkers»."), "{en}");
    for name in ["classic (dominoes)", "kozel (goat)", "morskoy (sea goat)", "osel (donkey)"] {
        assert!(en.contains(name), "{en}");
    }
    let ru = unknown_game(Lang::Ru, "шашки");
    assert!(ru.starts_with("Не знаю игры «шашки»."), "{ru}");
    assert!(ru.ends_with("Игры: домино, козёл, морской, осёл, телефон"), "{ru}");
    // In a chat, a word /new does not take is named, and the games are listed.
    let spec = domino_core::chat::catalog::spec(Cmd::New);
    let error = parse(Cmd::New, &["checkers"]).unwrap_err();
    let told = texts::bad_words(Lang::En, "/", spec, &error);
    assert!(told.contains("«checkers»") && told.contains("kozel (goat)"), "{told}");
}
