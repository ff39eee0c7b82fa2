//! The argument grammar: the words after a command, in Russian or English, read into
//! [`Args`] by the kinds of arguments the command takes (its [`CommandSpec`]). One grammar for
//! every chat: `/new kozel 4 пары до 51 troshin`, `/new телефон 3`, `/duel @ann осёл яйца`,
//! `/top пары сезон 2`. Discord's `options` text goes through [`rule_words`], the same words.
//!
//! Beside the grammar, what a chat can say: the [`catalog`] of commands (the list itself in
//! `commands`, its shared arguments in `command_args`), the arguments read ([`Args`], `args`:
//! the one place a new table's defaults are decided), the games' names (`game_names`), the
//! words of a table's own settings (`table_words`), and the chat's clock as people write it
//! (`zone_words`, with the cities people name it by in `cities`).

use crate::bounds::{self, Bound, OutOfRange};
use crate::engine::rules::{OptionKind, OptionSpec, Preset, Variant, option, options_for};
use crate::session::{CLOCK, ClockRule, OnFlag};
use args::{Args, Opponent, TourKind};
use catalog::{ArgKind, Cmd, CommandSpec, spec};
use serde_json::Value;

pub(super) mod args;
pub mod catalog;
pub(super) mod cities;
mod command_args;
mod commands;
pub(super) mod game_names;
mod table_words;
pub(super) mod zone_words;

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

use game_names::norm;
pub use game_names::variant_word;

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

/// The number for `bound` the word at the front of `words` is followed by («дней 7»): not
/// understood when there is none.
fn counted(words: &[&str], bound: &'static Bound) -> Result<u32, WordError> {
    let n = words.get(1).ok_or_else(|| WordError::Unknown(words[0].to_owned()))?;
    number(n, bound)?.ok_or_else(|| WordError::Unknown((*n).to_owned()))
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
            ArgKind::Options | ArgKind::Target | ArgKind::Set => rule_word(args, words)?,
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
            ArgKind::NewLink if matches!(w.as_str(), "new" | "новый" | "новая") => {
                args.new_link = true;
                Some(1)
            }
            ArgKind::TourFormat if args.tour.is_none() => match w.as_str() {
                "круг" | "круговой" | "round" | "robin" | "round_robin" => {
                    args.tour = Some(TourKind::RoundRobin);
                    Some(1)
                }
                "арена" | "arena" => {
                    args.tour = Some(TourKind::Arena);
                    Some(1)
                }
                "пары" | "парами" | "pairs" => {
                    args.tour = Some(TourKind::Pairs);
                    Some(1)
                }
                "вечер" | "night" => {
                    args.tour = Some(TourKind::Night);
                    Some(1)
                }
                _ => None,
            },
            ArgKind::Days
                if matches!(w.as_str(), "дней" | "дня" | "день" | "срок" | "days" | "day") =>
            {
                args.days = Some(counted(words, &bounds::TOURNAMENT_DEADLINE_DAYS)?);
                Some(2)
            }
            ArgKind::Minutes
                if matches!(w.as_str(), "минут" | "минуты" | "мин" | "minutes" | "min") =>
            {
                args.minutes = Some(counted(words, &bounds::ARENA_MINUTES)?);
                Some(2)
            }
            ArgKind::Rounds
                if matches!(w.as_str(), "раундов" | "раунда" | "туров" | "тура" | "rounds") =>
            {
                args.rounds = Some(counted(words, &bounds::TOURNAMENT_ROUNDS)?);
                Some(2)
            }
            ArgKind::Streak
                if matches!(w.as_str(), "серия" | "серии" | "streak" | "бонус" | "bonus") =>
            {
                args.streak = true;
                Some(1)
            }
            ArgKind::TagWords => {
                args.tag_words = Some(words.join(" "));
                Some(words.len())
            }
            ArgKind::Zone => {
                args.zone = Some(words.join(" "));
                Some(words.len())
            }
            ArgKind::Ago if args.ago.is_none() => number(word, &bounds::REPLAY_AGO)?.map(|n| {
                args.ago = Some(n);
                1
            }),
            // «раунд 3», «round 3», or a bare number after the match's.
            ArgKind::Round if args.round.is_none() => match w.as_str() {
                "раунд" | "раунда" | "round" => {
                    args.round = Some(counted(words, &bounds::REPLAY_ROUND)?);
                    Some(2)
                }
                _ if args.ago.is_some() => number(word, &bounds::REPLAY_ROUND)?.map(|n| {
                    args.round = Some(n);
                    1
                }),
                _ => None,
            },
            ArgKind::Pings => super::PingMode::of_word(word).map(|m| {
                args.pings = Some(m);
                1
            }),
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

/// The set written as one word: «дубль-12», «double-9», «д12», «d12» (normalized: dashes are
/// underscores). `Some(None)` for such a word whose number is no pip count.
fn set_word(w: &str) -> Option<Option<u8>> {
    let digits = ["дубль", "double", "д", "d"].iter().find_map(|p| {
        let rest = w.strip_prefix(p)?;
        let rest = rest.strip_prefix('_').unwrap_or(rest);
        (!rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())).then_some(rest)
    })?;
    Some(digits.parse().ok())
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
    if let Some(n) = set_word(&w) {
        let set = n.filter(|n| crate::engine::rules::SETS.contains(n)).ok_or_else(|| {
            WordError::BadValue { word: word.to_owned(), expected: "6, 9, 12, 15 or 18" }
        })?;
        args.options.insert("set".into(), Value::from(set));
        return Ok(Some(1));
    }
    if let Some(used) = clock_words(args, words)? {
        return Ok(Some(used));
    }
    if let Some((rotation, used)) = table_words::rotation_words(words) {
        args.rotation = Some(rotation);
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
mod tests;
