//! Shared vocabulary: variant and level names, people's names as shown, plural forms, tiles and
//! arms as written, in both languages.

use crate::engine::board::Arm;
use crate::engine::round::EndKind;
use crate::engine::rules::{OptionSpec, Preset, Rules, Teams, Variant};
use crate::session::{BotLevel, CloseReason, Lang, Occupant, Table};

/// The Russian or the English text.
pub(crate) const fn tr(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

/// The Russian or the English words of a description.
pub const fn pick(words: crate::engine::rules::Words, lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => words.ru,
        Lang::En => words.en,
    }
}

/// «Домино», «Козёл», «Морской козёл», «Осёл», «Телефон».
pub const fn variant_name(variant: Variant, lang: Lang) -> &'static str {
    match variant {
        Variant::Classic => tr(lang, "Домино", "Dominoes"),
        Variant::Kozel => tr(lang, "Козёл", "Goat"),
        Variant::Morskoy => tr(lang, "Морской козёл", "Sea goat"),
        Variant::Osel => tr(lang, "Осёл", "Donkey"),
        Variant::Telefon => tr(lang, "Телефон", "Telephone"),
    }
}

/// The variant, with «пары» when partners play together.
pub fn rules_name(rules: &Rules, lang: Lang) -> String {
    let name = variant_name(rules.variant(), lang);
    let name = match rules.set() {
        crate::engine::tile::STANDARD_MAX_PIP => name.to_owned(),
        set => format!("{name} ({}-{set})", tr(lang, "дубль", "double")),
    };
    match rules.teams() {
        Teams::Pairs => format!("{name} ({})", tr(lang, "пары", "pairs")),
        Teams::None => name,
    }
}

/// "Козёл (пары) · стол №3".
pub fn title(table: &Table, lang: Lang) -> String {
    let name = rules_name(&table.rules, lang);
    match lang {
        Lang::Ru => format!("{name} · стол №{}", table.number),
        Lang::En => format!("{name} · table #{}", table.number),
    }
}

pub const fn bot_level_name(level: BotLevel, lang: Lang) -> &'static str {
    match level {
        BotLevel::Random => tr(lang, "новичок", "novice"),
        BotLevel::Greedy => tr(lang, "любитель", "amateur"),
        BotLevel::Expert => tr(lang, "мастер", "expert"),
    }
}

/// Longest name shown, in characters.
const NAME_CHARS: usize = 24;

/// A person's name as shown: control characters dropped, brackets and bars replaced (so a name
/// can never read as a tile `[a|b]`), whitespace collapsed, at most 24 characters.
pub fn display_name(raw: &str) -> String {
    let cleaned: String = raw
        .chars()
        .filter(|c| !c.is_control() || c.is_whitespace())
        .map(|c| match c {
            '[' | '{' | '<' => '(',
            ']' | '}' | '>' => ')',
            '|' => '/',
            c if c.is_whitespace() => ' ',
            c => c,
        })
        .collect();
    let words: Vec<&str> = cleaned.split(' ').filter(|w| !w.is_empty()).collect();
    let joined = words.join(" ");
    if joined.is_empty() {
        return "?".to_owned();
    }
    if joined.chars().count() <= NAME_CHARS {
        return joined;
    }
    let mut short: String = joined.chars().take(NAME_CHARS - 1).collect();
    short.push('…');
    short
}

/// Who sits in a seat, as shown; `None` for an empty seat. Computer players are "🤖 Компьютер",
/// numbered by seat when there are several.
pub fn seat_name(table: &Table, seat: usize, lang: Lang) -> Option<String> {
    let st = table.seats.get(seat)?.as_ref()?;
    Some(match &st.occupant {
        Occupant::Human(p) => display_name(&p.name),
        // A person left the match: the computer finishes their seat.
        Occupant::Bot(_) if st.left.is_some() => {
            format!("{} → 🤖", display_name(&st.left.as_ref().expect("left").name))
        }
        Occupant::Bot(_) => {
            let bots = table
                .seats
                .iter()
                .flatten()
                .filter(|s| matches!(s.occupant, Occupant::Bot(_)))
                .count();
            let name = tr(lang, "🤖 Компьютер", "🤖 Computer");
            if bots > 1 { format!("{name} {}", seat + 1) } else { name.to_owned() }
        }
    })
}

/// The mark of a pair (🔵 seats 1 and 3, 🔴 seats 2 and 4); `None` in individual games.
pub fn side_mark(rules: &Rules, side: usize) -> Option<&'static str> {
    match rules.teams() {
        Teams::Pairs => Some(if side == 0 { "🔵" } else { "🔴" }),
        Teams::None => None,
    }
}

/// A side as shown: the player's name, or "🔵 Анна + Вера" for a pair.
pub fn side_label(table: &Table, side: usize, lang: Lang) -> String {
    let seats: Vec<usize> =
        (0..table.seats.len()).filter(|&s| table.rules.side_of(s) == side).collect();
    let names: Vec<String> = seats
        .iter()
        .map(|&s| {
            seat_name(table, s, lang)
                .unwrap_or_else(|| format!("{} {}", tr(lang, "место", "seat"), s + 1))
        })
        .collect();
    match side_mark(&table.rules, side) {
        Some(mark) => format!("{mark} {}", names.join(" + ")),
        None => names.join(" + "),
    }
}

/// The word that names a game in a command, in the chat's language (`/new козёл`,
/// `/new kozel`); the grammar reads both.
pub const fn game_word(v: Variant, lang: Lang) -> &'static str {
    match lang {
        Lang::En => v.key(),
        Lang::Ru => match v {
            Variant::Classic => "домино",
            Variant::Kozel => "козёл",
            Variant::Morskoy => "морской",
            Variant::Osel => "осёл",
            Variant::Telefon => "телефон",
        },
    }
}

/// The word that names a preset in a command, in the chat's language.
pub const fn preset_word(p: Preset, lang: Lang) -> &'static str {
    match lang {
        Lang::En => p.key(),
        Lang::Ru => match p {
            Preset::Troshin => "трошин",
            Preset::Plain => "простые",
            Preset::Sport => "спорт",
        },
    }
}

/// The word that switches an option in a command, in the chat's language: its first word in
/// that script (its key when it has none).
pub fn option_word(o: &OptionSpec, lang: Lang) -> &'static str {
    let ours = |w: &&&str| match lang {
        Lang::En => w.is_ascii(),
        Lang::Ru => !w.is_ascii(),
    };
    o.words.iter().find(ours).copied().unwrap_or(o.key)
}

/// The Russian plural form for `n`: 1 кость, 2 кости, 5 костей.
pub fn plural_ru(n: u64, one: &'static str, few: &'static str, many: &'static str) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=14) => many,
        (1, _) => one,
        (2..=4, _) => few,
        _ => many,
    }
}

/// "5 костей" / "5 tiles".
pub fn tiles_count(n: u64, lang: Lang) -> String {
    match lang {
        Lang::Ru => format!("{n} {}", plural_ru(n, "кость", "кости", "костей")),
        Lang::En if n == 1 => "1 tile".to_owned(),
        Lang::En => format!("{n} tiles"),
    }
}

/// "5 очков" / "5 points".
pub fn points(n: u64, lang: Lang) -> String {
    match lang {
        Lang::Ru => format!("{n} {}", plural_ru(n, "очко", "очка", "очков")),
        Lang::En if n == 1 => "1 point".to_owned(),
        Lang::En => format!("{n} points"),
    }
}

/// A tile as written in public text, halves in the order given: `[3|5]`. Nothing else in any
/// view is written this way.
pub fn tile_text(first: u8, second: u8) -> String {
    format!("[{first}|{second}]")
}

pub const fn arm_arrow(arm: Arm) -> &'static str {
    match arm {
        Arm::Left => "◀",
        Arm::Right => "▶",
        Arm::Up => "▲",
        Arm::Down => "▼",
    }
}

pub const fn arm_word(arm: Arm, lang: Lang) -> &'static str {
    match arm {
        Arm::Left => tr(lang, "влево", "left"),
        Arm::Right => tr(lang, "вправо", "right"),
        Arm::Up => tr(lang, "вверх", "up"),
        Arm::Down => tr(lang, "вниз", "down"),
    }
}

pub const fn end_kind_text(kind: EndKind, lang: Lang) -> &'static str {
    match kind {
        EndKind::Domino => tr(lang, "домино", "domino"),
        EndKind::Fish => tr(lang, "рыба 🐟", "fish 🐟"),
        EndKind::Closed => tr(lang, "закрыто 🔒", "closed 🔒"),
    }
}

pub const fn close_reason_text(reason: CloseReason, lang: Lang) -> &'static str {
    match reason {
        CloseReason::Ended => {
            tr(lang, "его закрыл хозяин или админ", "ended by the host or an admin")
        }
        CloseReason::Voted => tr(lang, "так решили голосованием", "ended by a vote"),
        CloseReason::Empty => tr(lang, "все ушли", "everybody left"),
        CloseReason::Declined => tr(lang, "вызов отклонён", "the challenge was declined"),
        CloseReason::Expired => tr(lang, "вызов не приняли вовремя", "the challenge expired"),
        CloseReason::LobbyExpired => {
            tr(lang, "его так никто и не начал вовремя", "nobody started it in time")
        }
        CloseReason::Abandoned => tr(
            lang,
            "матч слишком долго ждал хода — брошен, в таблицу не идёт",
            "the match waited too long for a move: abandoned, nothing scored",
        ),
        CloseReason::Broken => {
            tr(lang, "стол не удалось восстановить", "the table could not be restored")
        }
        CloseReason::Deserted => tr(
            lang,
            "все игроки отошли, компьютер один не играет — в таблицу не идёт",
            "everyone was away, and computers do not play alone: nothing scored",
        ),
        CloseReason::RoundLimit => tr(
            lang,
            "300 раундов без победителя — матч окончен, в таблицу не идёт",
            "300 rounds without a result: the match is over, nothing scored",
        ),
        CloseReason::LeftChat => tr(
            lang,
            "бота убрали из чата — матч брошен, в таблицу не идёт",
            "the bot was removed from the chat: abandoned, nothing scored",
        ),
    }
}

/// What the loser of a Kozel-family match is called.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Goat {
    /// Kozel and Morskoy: 🐐.
    Goat,
    /// Osel: 🐴.
    Donkey,
}

impl Goat {
    pub const fn of(rules: &Rules) -> Option<Goat> {
        match rules.variant() {
            Variant::Kozel | Variant::Morskoy => Some(Goat::Goat),
            Variant::Osel => Some(Goat::Donkey),
            Variant::Classic | Variant::Telefon => None,
        }
    }

    pub const fn emoji(self) -> &'static str {
        match self {
            Goat::Goat => "🐐",
            Goat::Donkey => "🐴",
        }
    }

    /// "козёл" / "goat".
    pub const fn name(self, lang: Lang) -> &'static str {
        match self {
            Goat::Goat => tr(lang, "козёл", "goat"),
            Goat::Donkey => tr(lang, "осёл", "donkey"),
        }
    }

    /// "Козёл" / "The goat".
    pub const fn title(self, lang: Lang) -> &'static str {
        match self {
            Goat::Goat => tr(lang, "Козёл", "The goat"),
            Goat::Donkey => tr(lang, "Осёл", "The donkey"),
        }
    }
}

/// Whether points are penalties (Kozel, Osel, Morskoy under `loser_writes`): the side that
/// reaches the target loses.
pub fn penalties(rules: &Rules) -> bool {
    matches!(rules.variant(), Variant::Kozel | Variant::Osel)
        || (rules.variant() == Variant::Morskoy && rules.loser_writes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_plurals() {
        let forms: Vec<String> =
            [0, 1, 2, 5, 11, 21, 22, 25, 112].iter().map(|&n| tiles_count(n, Lang::Ru)).collect();
        assert_eq!(
            forms,
            [
                "0 костей",
                "1 кость",
                "2 кости",
                "5 костей",
                "11 костей",
                "21 кость",
                "22 кости",
                "25 костей",
                "112 костей"
            ]
        );
    }

    #[test]
    fn names_cannot_imitate_tiles() {
        assert_eq!(display_name("  [6|6]\n Bob\u{7} "), "(6/6) Bob");
        assert_eq!(display_name(""), "?");
        assert_eq!(display_name(&"я".repeat(40)).chars().count(), NAME_CHARS);
    }
}

/// `text` within `max` UTF-16 units (how Telegram counts; Discord's characters are never
/// more): whole lines from the top, and «…» for the lines left out.
pub fn cut_lines(text: &str, max: usize) -> String {
    let len = |s: &str| s.encode_utf16().count();
    if len(text) <= max {
        return text.to_owned();
    }
    let mut out = String::new();
    for line in text.lines() {
        if len(&out) + len(line) + len("\n…") + 1 > max {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push('…');
    out
}

#[cfg(test)]
mod cut_tests {
    use super::cut_lines;

    #[test]
    fn a_long_text_keeps_whole_lines_within_the_limit() {
        let text = (1..=50).map(|i| format!("🥇 line {i}")).collect::<Vec<_>>().join("\n");
        assert_eq!(cut_lines(&text, 10_000), text);
        let cut = cut_lines(&text, 100);
        assert!(cut.encode_utf16().count() <= 100, "{cut}");
        assert!(cut.starts_with("🥇 line 1\n🥇 line 2\n") && cut.ends_with("\n…"), "{cut}");
        assert!(cut.lines().all(|l| l == "…" || text.lines().any(|t| t == l)), "{cut}");
    }
}
