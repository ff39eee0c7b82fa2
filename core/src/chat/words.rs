//! The argument grammar: the words after a command, in Russian or English, read into
//! [`Args`] by the kinds of arguments the command takes (its [`CommandSpec`]). One grammar for
//! every chat: `/new kozel 4 пары до 51 troshin`, `/new телефон 3`, `/duel @ann осёл яйца`,
//! `/top пары сезон 2`. Discord's `options` text goes through [`rule_words`], the same words.

use super::args::{Args, Opponent};
use super::catalog::{ArgKind, Cmd, CommandSpec, spec};
use crate::bounds::{self, Bound, OutOfRange};
use crate::engine::rules::{OptionKind, OptionSpec, Preset, Variant, option, options_for};
use crate::session::{CLOCK, ClockRule, OnFlag};
use serde_json::Value;

/// A word that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// Nothing this command takes.
    #[error("not understood: {0:?}")]
    Unknown(String),
    /// A known word with a value it cannot take.
    #[error("{word:?} needs {expected}")]
    BadValue { word: String, expected: &'static str },
    /// A number outside its range (`crate::bounds`).
    #[error("{word:?}: {range}")]
    OutOfRange { word: String, range: OutOfRange },
}

/// Lowercase, `ё` as `е`, dashes as underscores.
fn norm(word: &str) -> String {
    word.to_lowercase().replace('ё', "е").replace('-', "_")
}

/// The game a word names: its key, or its Russian or English name.
pub fn variant_word(word: &str) -> Option<Variant> {
    let v = match norm(word).as_str() {
        "classic" | "домино" | "dominoes" | "domino" | "traditional" | "классика" => {
            Variant::Classic
        }
        "kozel" | "козел" | "goat" => Variant::Kozel,
        "morskoy" | "морской" | "sea" | "seagoat" | "sea_goat" | "морской_козел" => {
            Variant::Morskoy
        }
        "osel" | "осел" | "donkey" => Variant::Osel,
        "telefon" | "телефон" | "telephone" | "phone" | "домики" => Variant::Telefon,
        _ => return None,
    };
    Some(v)
}

/// The preset a word names.
pub fn preset_word(word: &str) -> Option<Preset> {
    let p = match norm(word).as_str() {
        "troshin" | "трошин" | "по_трошину" => Preset::Troshin,
        "plain" | "простые" | "простой" => Preset::Plain,
        "sport" | "спорт" | "спортивные" | "спортивный" => Preset::Sport,
        _ => return None,
    };
    Some(p)
}

fn is_pairs_word(w: &str) -> bool {
    matches!(w, "pairs" | "пары" | "парами" | "teams")
}

/// The option a word names: its key, or one of its words.
fn option_word(word: &str) -> Option<&'static OptionSpec> {
    let w = norm(word);
    option(&w)
        .or_else(|| crate::engine::rules::OPTIONS.iter().find(|o| o.words.contains(&w.as_str())))
}

fn switch(word: &str) -> Option<bool> {
    match norm(word).as_str() {
        "on" | "true" | "yes" | "1" | "да" | "вкл" => Some(true),
        "off" | "false" | "no" | "0" | "нет" | "выкл" => Some(false),
        _ => None,
    }
}

/// A number for `bound`: `None` when the word is no number, a refusal with the range when it
/// is one outside it.
fn number(word: &str, bound: &'static Bound) -> Result<Option<u32>, WordError> {
    let Some(n) = bounds::digits(word) else { return Ok(None) };
    let range = |range| WordError::OutOfRange { word: word.to_owned(), range };
    bound.check(n).map(Some).map_err(range)
}

/// Reads the words after `cmd`.
pub fn parse(cmd: Cmd, words: &[&str]) -> Result<Args, WordError> {
    let spec = spec(cmd);
    let mut args = Args::default();
    let mut i = 0;
    while i < words.len() {
        let used = read_one(spec, &mut args, &words[i..])?;
        i += used;
    }
    Ok(args)
}

/// Reads rule words alone (Discord's `options` text), into `args`.
pub fn rule_words(args: &mut Args, text: &str) -> Result<(), WordError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        match rule_word(args, &words[i..])? {
            Some(used) => i += used,
            None => return Err(WordError::Unknown(words[i].to_owned())),
        }
    }
    Ok(())
}

/// Reads one argument from the front of `words`; returns how many words it took.
fn read_one(spec: &CommandSpec, args: &mut Args, words: &[&str]) -> Result<usize, WordError> {
    let word = words[0];
    let w = norm(word);
    let next_is_number = words.get(1).and_then(|n| bounds::digits(n)).is_some();
    for a in spec.args {
        let used = match a.kind {
            ArgKind::Game => match variant_word(word) {
                Some(v) if args.game.is_none() => {
                    args.game = Some(v);
                    // «морской козёл»: the second word belongs to the first.
                    let goat = v == Variant::Morskoy
                        && words.get(1).and_then(|n| variant_word(n)) == Some(Variant::Kozel);
                    Some(if goat { 2 } else { 1 })
                }
                _ => None,
            },
            ArgKind::Players => number(word, &bounds::PLAYERS)?.map(|n| {
                args.players = Some(n as u8);
                1
            }),
            ArgKind::Pairs if is_pairs_word(&w) => {
                args.set_pairs();
                Some(1)
            }
            ArgKind::Preset => preset_word(word).map(|p| {
                args.add_preset(p);
                1
            }),
            ArgKind::Options | ArgKind::Target => rule_word(args, words)?,
            ArgKind::Opponent => word.strip_prefix('@').filter(|n| !n.is_empty()).map(|name| {
                args.opponent = Some(Opponent::Name(name.to_owned()));
                1
            }),
            ArgKind::Computer
                if matches!(w.as_str(), "bot" | "бот" | "computer" | "компьютер" | "cpu") =>
            {
                args.computer = true;
                Some(1)
            }
            ArgKind::Table => number(word, &bounds::TABLE)?.map(|n| {
                args.table = Some(n);
                1
            }),
            ArgKind::Season => match w.as_str() {
                "season" | "сезон" if next_is_number => {
                    args.season = number(words[1], &bounds::SEASON)?;
                    Some(2)
                }
                _ => number(word, &bounds::SEASON)?.map(|n| {
                    args.season = Some(n);
                    1
                }),
            },
            ArgKind::PairsTable if is_pairs_word(&w) => {
                args.pairs_table = true;
                Some(1)
            }
            ArgKind::AllTime if matches!(w.as_str(), "all" | "все" | "всё" | "всего") => {
                args.all_time = true;
                Some(1)
            }
            ArgKind::NewSeason if matches!(w.as_str(), "new" | "новый" | "start") => {
                args.new_season = true;
                Some(1)
            }
            ArgKind::Count if args.count.is_none() => {
                number(word, &bounds::HISTORY_COUNT)?.map(|n| {
                    args.count = Some(n);
                    1
                })
            }
            _ => None,
        };
        if let Some(n) = used {
            return Ok(n);
        }
    }
    Err(WordError::Unknown(word.to_owned()))
}

/// One rule option from the front of `words`: `eggs`, `-eggs`, `без_яйца`, `eggs=off`,
/// `до 51`, `deal=7`, `troshin`, `пары`; `None` when the word is no rule option.
fn rule_word(args: &mut Args, words: &[&str]) -> Result<Option<usize>, WordError> {
    let word = words[0];
    let w = norm(word);
    if let Some(p) = preset_word(word) {
        args.add_preset(p);
        return Ok(Some(1));
    }
    if is_pairs_word(&w) {
        args.set_pairs();
        return Ok(Some(1));
    }
    if let Some(used) = clock_words(args, words)? {
        return Ok(Some(used));
    }
    // A leading `-` (read before dashes become underscores), `no_` or `без_` turns it off.
    let (off, rest) = match word.strip_prefix('-') {
        Some(rest) => (true, norm(rest)),
        None => (false, norm(word.trim_start_matches('+'))),
    };
    let (name, value, off) = match rest.split_once('=') {
        Some((n, v)) => (n.to_owned(), Some(v.to_owned()), off),
        // An option's own word wins over the prefix (`без_памяти` is the word of an option).
        None if option_word(&rest).is_some() => (rest, None, off),
        None => match rest.strip_prefix("no_").or_else(|| rest.strip_prefix("без_")) {
            Some(n) => (n.to_owned(), None, true),
            None => (rest, None, off),
        },
    };
    let Some(spec) = option_word(&name) else { return Ok(None) };
    let bad = |expected| WordError::BadValue { word: word.to_owned(), expected };
    let (value, used) = match spec.kind {
        OptionKind::Number => {
            let given = value.as_deref().or_else(|| words.get(1).copied()).unwrap_or("");
            let bound = spec.bound.expect("every number option has its range");
            let n = number(given, bound)?.ok_or_else(|| bad("a number"))?;
            (Value::from(n), if value.is_some() { 1 } else { 2 })
        }
        OptionKind::Preset => {
            let p = value.as_deref().and_then(preset_word).ok_or_else(|| bad("a preset name"))?;
            args.add_preset(p);
            return Ok(Some(1));
        }
        OptionKind::Flag | OptionKind::Teams | OptionKind::OpenerOrder => {
            let on = match value.as_deref() {
                Some(v) => switch(v).ok_or_else(|| bad("on or off"))?,
                None => !off,
            };
            (spec.switch_value(on), 1)
        }
    };
    args.options.insert(spec.key.to_owned(), value);
    Ok(Some(used))
}

/// The clock from the front of `words`: `часы 10+5`, `clock=3+2`, `clock 10+5 auto`,
/// `часы нет`, `без_часов`; `None` when the word is not the clock's.
fn clock_words(args: &mut Args, words: &[&str]) -> Result<Option<usize>, WordError> {
    let word = words[0];
    let lower = word.to_lowercase().replace('ё', "е");
    if CLOCK.off_words.contains(&lower.as_str()) {
        args.clock = Some(None);
        return Ok(Some(1));
    }
    let (name, value) = match lower.split_once('=') {
        Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
        None => (lower.clone(), None),
    };
    if !CLOCK.words.contains(&name.as_str()) {
        return Ok(None);
    }
    let inline = value.is_some();
    let Some(value) = value.or_else(|| words.get(1).map(|v| v.to_lowercase())) else {
        return Err(WordError::BadValue {
            word: word.to_owned(),
            expected: "minutes+seconds: 10+5",
        });
    };
    let mut used = if inline { 1 } else { 2 };
    if switch(&value) == Some(false) {
        args.clock = Some(None);
        return Ok(Some(used));
    }
    let Some(mut rule) = ClockRule::parse(&value) else {
        // Numbers out of their range are told the range; anything else the form.
        let (m, s) = value.split_once('+').unwrap_or((&value, "0"));
        if let (Some(m), Some(s)) = (bounds::digits(m), bounds::digits(s)) {
            let range = bounds::CLOCK_MINUTES.check(m).and(bounds::CLOCK_INCREMENT.check(s));
            if let Err(range) = range {
                return Err(WordError::OutOfRange { word: format!("{word} {value}"), range });
            }
        }
        let expected = "minutes+seconds: 10+5";
        return Err(WordError::BadValue { word: word.to_owned(), expected });
    };
    if words.get(used).is_some_and(|w| CLOCK.auto_words.contains(&norm(w).as_str())) {
        rule.on_flag = OnFlag::Computer;
        used += 1;
    }
    args.clock = Some(Some(rule));
    Ok(Some(used))
}

/// The words a chat may write for the options of `variant` (for `/rules` and help).
pub fn option_words(variant: Variant) -> Vec<(&'static OptionSpec, &'static str)> {
    options_for(variant)
        .filter(|o| o.kind != OptionKind::Preset)
        .map(|o| (o, o.words.iter().find(|w| w.is_ascii()).copied().unwrap_or(o.key)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn words(cmd: Cmd, s: &str) -> Result<Args, WordError> {
        parse(cmd, &s.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn a_new_table_in_russian_and_english() {
        let a = words(Cmd::New, "kozel 4 пары до 51 troshin").unwrap();
        assert_eq!((a.game, a.players), (Some(Variant::Kozel), Some(4)));
        assert_eq!(
            Value::Object(a.options),
            json!({"teams": "pairs", "target": 51, "preset": "troshin"})
        );
        let a = words(Cmd::New, "Телефон 3").unwrap();
        assert_eq!((a.game, a.players), (Some(Variant::Telefon), Some(3)));
        let a = words(Cmd::New, "морской козёл яйца -два-дубля to=125 sport").unwrap();
        assert_eq!(a.game, Some(Variant::Morskoy));
        assert_eq!(
            Value::Object(a.options),
            json!({"eggs": true, "two_doubles": false, "target": 125, "preset": "sport"})
        );
        let a = words(Cmd::New, "домино по 7 заход_00 draw_out=on").unwrap();
        assert_eq!(
            Value::Object(a.options),
            json!({"deal": 7, "lead_00": true, "draw_out_before_fish": true})
        );
        // A bare number is the seats: out of their range, the range is told.
        let five = words(Cmd::New, "telefon 5");
        assert!(
            matches!(&five, Err(WordError::OutOfRange { word, .. }) if word == "5"),
            "{five:?}"
        );
        assert_eq!(words(Cmd::New, "telefon 5x"), Err(WordError::Unknown("5x".into())));
        assert!(matches!(words(Cmd::New, "до"), Err(WordError::BadValue { .. })));
        assert!(matches!(words(Cmd::New, "eggs=maybe"), Err(WordError::BadValue { .. })));
    }

    #[test]
    fn the_clock_in_words() {
        use crate::session::{ClockRule, OnFlag};
        let rule =
            |b, i, on_flag| Some(Some(ClockRule { bank_secs: b, increment_secs: i, on_flag }));
        assert_eq!(words(Cmd::New, "kozel часы 10+5").unwrap().clock, rule(600, 5, OnFlag::Lose));
        assert_eq!(
            words(Cmd::New, "clock=3+2 auto пары").unwrap().clock,
            rule(180, 2, OnFlag::Computer)
        );
        assert_eq!(words(Cmd::Duel, "бот часы 5").unwrap().clock, rule(300, 0, OnFlag::Lose));
        assert_eq!(words(Cmd::New, "sport без_часов").unwrap().clock, Some(None));
        assert_eq!(words(Cmd::New, "sport часы нет").unwrap().clock, Some(None));
        assert_eq!(words(Cmd::New, "kozel").unwrap().clock, None, "the default stays");
        for bad in ["часы", "clock ten", "часы 10+5+1", "clock 1.5"] {
            assert!(matches!(words(Cmd::New, bad), Err(WordError::BadValue { .. })), "{bad}");
        }
        // Numbers out of range are told the range they are out of.
        for (bad, key) in [
            ("часы 0+5", "clock.minutes"),
            ("clock 181", "clock.minutes"),
            ("clock 99999999999", "clock.minutes"),
            ("clock 10+61", "clock.increment"),
        ] {
            let got = words(Cmd::New, bad);
            let Err(WordError::OutOfRange { range, .. }) = &got else { panic!("{bad}: {got:?}") };
            assert_eq!(range.bound.key, key, "{bad}");
        }
        let mut a = Args::default();
        rule_words(&mut a, "eggs clock 10+5").unwrap();
        assert_eq!(a.clock, rule(600, 5, OnFlag::Lose), "Discord's options text reads it too");
    }

    #[test]
    fn duels_standings_and_tables() {
        let a = words(Cmd::Duel, "@Ann осёл").unwrap();
        assert_eq!(a.opponent, Some(Opponent::Name("Ann".into())));
        assert_eq!(a.game, Some(Variant::Osel));
        assert!(words(Cmd::Duel, "бот").unwrap().computer);
        let a = words(Cmd::Top, "пары сезон 2 kozel").unwrap();
        assert!(a.pairs_table && a.season == Some(2) && a.game == Some(Variant::Kozel));
        assert!(words(Cmd::Top, "всё").unwrap().all_time);
        assert_eq!(words(Cmd::Stop, "№3").unwrap().table, Some(3));
        assert!(words(Cmd::Season, "new").unwrap().new_season);
        assert_eq!(words(Cmd::Score, "pairs"), Err(WordError::Unknown("pairs".into())));
    }

    #[test]
    fn every_option_word_is_understood() {
        for v in Variant::ALL {
            for (spec, word) in option_words(v) {
                let mut a = Args::default();
                let text = if spec.kind == OptionKind::Number {
                    format!("{word} 9")
                } else {
                    word.to_owned()
                };
                rule_words(&mut a, &text).unwrap();
                assert!(a.options.contains_key(spec.key), "{word} sets {}", spec.key);
            }
        }
    }

    #[test]
    fn every_word_of_every_switch_turns_it_on_and_its_negation_off() {
        for v in Variant::ALL {
            let switches = options_for(v).filter(|o| o.kind == OptionKind::Flag);
            for spec in switches {
                for word in spec.words {
                    let mut a = Args::default();
                    rule_words(&mut a, word).unwrap_or_else(|e| panic!("{word}: {e:?}"));
                    assert_eq!(a.options.get(spec.key), Some(&spec.switch_value(true)), "{word}");
                    let mut a = Args::default();
                    rule_words(&mut a, &format!("-{word}")).unwrap();
                    assert_eq!(a.options.get(spec.key), Some(&spec.switch_value(false)), "-{word}");
                }
            }
        }
    }
}
