//! What `domino play` says itself, in Russian and English: the prompt, what an answer may be,
//! the questions. Everything about the game comes from the core's views.

use domino_core::ids::Lang;

const fn tr(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

/// The language of a terminal whose locale is `LC_ALL`, then `LANG` (the first set and not
/// empty): Russian when it starts with `ru`, English otherwise.
pub fn locale_lang(lc_all: Option<&str>, lang: Option<&str>) -> Lang {
    let locale = [lc_all, lang].into_iter().flatten().find(|l| !l.is_empty()).unwrap_or("");
    if locale.to_ascii_lowercase().starts_with("ru") { Lang::Ru } else { Lang::En }
}

pub fn you(lang: Lang) -> &'static str {
    tr(lang, "Вы", "You")
}

/// The keys an answer may be, beside a move's number.
pub fn keys(lang: Lang, hints: bool) -> String {
    let mut keys = vec![tr(lang, "r — сдаться", "r to resign"), tr(lang, "q — выйти", "q to quit")];
    if hints {
        keys.insert(0, tr(lang, "h — подсказка", "h for a hint"));
    }
    keys.join(", ")
}

/// The prompt for a move among `n`.
pub fn prompt(lang: Lang, n: usize, hints: bool) -> String {
    let keys = keys(lang, hints);
    match (lang, n) {
        (Lang::Ru, 1) => format!("Ваш ход (1; {keys}): "),
        (Lang::En, 1) => format!("Your move (1; {keys}): "),
        (Lang::Ru, _) => format!("Ваш ход (1–{n}; {keys}): "),
        (Lang::En, _) => format!("Your move (1-{n}; {keys}): "),
    }
}

/// What an answer that is none of the allowed ones is told.
pub fn allowed(lang: Lang, typed: &str, n: usize, hints: bool) -> String {
    let keys = keys(lang, hints);
    let numbers = if n == 1 { "1".to_owned() } else { format!("1–{n}") };
    let head = match (lang, typed.is_empty()) {
        (Lang::Ru, true) => "Пустой ответ.".to_owned(),
        (Lang::En, true) => "Nothing typed.".to_owned(),
        (Lang::Ru, false) => format!("«{typed}» — не ход."),
        (Lang::En, false) => format!("«{typed}» is not a move."),
    };
    match lang {
        Lang::Ru => format!("{head} Введите номер хода ({numbers}) или {keys}."),
        Lang::En => format!("{head} Type a move's number ({numbers}), or {keys}."),
    }
}

pub fn no_hints(lang: Lang) -> &'static str {
    tr(
        lang,
        "Подсказки выключены: запустите с --hints.",
        "Hints are off: start with --hints to have them.",
    )
}

pub fn no_hint_now(lang: Lang) -> &'static str {
    tr(lang, "Здесь подсказка не нужна: ход один.", "No hint is needed here: there is one move.")
}

pub fn hint(lang: Lang, label: &str, number: Option<usize>) -> String {
    match (lang, number) {
        (Lang::Ru, Some(n)) => format!("💡 Эксперт советует: {n}) {label}"),
        (Lang::En, Some(n)) => format!("💡 The expert suggests: {n}) {label}"),
        (Lang::Ru, None) => format!("💡 Эксперт советует: {label}"),
        (Lang::En, None) => format!("💡 The expert suggests: {label}"),
    }
}

pub fn resign_question(lang: Lang) -> &'static str {
    tr(lang, "Сдать матч? (y/n): ", "Resign the match? (y/n): ")
}

pub fn play_on(lang: Lang) -> &'static str {
    tr(lang, "Играем дальше.", "Playing on.")
}

pub fn again_question(lang: Lang) -> &'static str {
    tr(lang, "Ещё партию? (y/n): ", "Play again? (y/n): ")
}

/// Whether an answer to a yes-or-no question is yes.
pub fn is_yes(answer: &str) -> bool {
    let a = answer.trim().to_lowercase();
    matches!(a.as_str(), "y" | "yes" | "д" | "да" | "+")
}

pub fn yes_or_no(lang: Lang) -> &'static str {
    tr(lang, "Ответьте y (да) или n (нет).", "Answer y (yes) or n (no).")
}

/// Whether an answer to a yes-or-no question is no.
pub fn is_no(answer: &str) -> bool {
    let a = answer.trim().to_lowercase();
    matches!(a.as_str(), "n" | "no" | "н" | "нет" | "-")
}

pub fn opening(lang: Lang, title: &str, hints: bool) -> String {
    let how = tr(
        lang,
        "Ваши кости — под столом; ход — его номер.",
        "Your tiles are shown under the table; play a move by its number.",
    );
    let hint = if hints {
        tr(lang, " h — подсказка эксперта.", " h asks the expert.")
    } else {
        ""
    };
    format!("🎲 {title}. {how}{hint}")
}

pub fn round_over(lang: Lang) -> &'static str {
    tr(lang, "Раунд окончен.", "The round is over.")
}

pub fn goodbye(lang: Lang) -> &'static str {
    tr(lang, "До встречи!", "Goodbye!")
}

/// An unknown `--lang`: said in both, since the language is what is unknown.
pub fn bad_lang(typed: &str) -> String {
    format!("unknown language «{typed}»: ru or en / неизвестный язык «{typed}»: ru или en")
}

pub fn bad_level(lang: Lang, typed: &str) -> String {
    match lang {
        Lang::Ru => format!("Нет уровня «{typed}»: random, greedy или expert."),
        Lang::En => format!("Unknown level «{typed}»: random, greedy or expert."),
    }
}

pub fn your_tiles(lang: Lang) -> &'static str {
    tr(lang, "Ваши кости:", "Your tiles:")
}
