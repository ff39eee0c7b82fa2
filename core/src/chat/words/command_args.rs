//! The arguments several commands share, and the helpers `commands` writes its catalog with.

use super::catalog::{ArgKind, ArgSpec};
use crate::engine::rules::Words;

pub(super) const fn w(ru: &'static str, en: &'static str) -> Words {
    Words { ru, en }
}

pub(super) const fn arg(
    kind: ArgKind,
    key: &'static str,
    ru: &'static str,
    help: Words,
) -> ArgSpec {
    ArgSpec { kind, key, ru, help }
}

pub(super) const GAME: ArgSpec = arg(ArgKind::Game, "game", "игра", w("Игра", "The game"));
pub(super) const PLAYERS: ArgSpec =
    arg(ArgKind::Players, "players", "игроков", w("Мест за столом (2–8)", "Seats (2–8)"));
pub(super) const PAIRS: ArgSpec = arg(
    ArgKind::Pairs,
    "pairs",
    "пары",
    w("Парами (4 игрока; «Козёл», «Морской», «Осёл»)", "In pairs (4 players; Kozel family)"),
);
pub(super) const SET: ArgSpec = arg(
    ArgKind::Set,
    "set",
    "набор",
    w(
        "Набор костей: дубль-6 … дубль-18 (больше 6 — только домино)",
        "The set: double-6 … double-18 (beyond 6: dominoes only)",
    ),
);
pub(super) const PRESET: ArgSpec =
    arg(ArgKind::Preset, "preset", "пресет", w("Набор домашних правил", "A set of house rules"));
pub(super) const TARGET: ArgSpec =
    arg(ArgKind::Target, "target", "до", w("До скольких очков", "The score that ends the match"));
pub(super) const OPTIONS: ArgSpec = arg(
    ArgKind::Options,
    "options",
    "правила",
    w(
        "Ещё правила словами: яйца, -два_дубля, по=7",
        "More rules as words: eggs, -two_doubles, deal=7",
    ),
);
pub(super) const SEASON: ArgSpec =
    arg(ArgKind::Season, "season", "сезон", w("Номер сезона", "Season number"));
pub(super) const ALL_TIME: ArgSpec =
    arg(ArgKind::AllTime, "all", "всё", w("За всё время", "All seasons together"));
pub(super) const HELP_ALL: ArgSpec =
    arg(ArgKind::AllTime, "all", "всё", w("Все команды", "Every command"));
pub(super) const TABLE: ArgSpec =
    arg(ArgKind::Table, "table", "стол", w("Номер стола в чате", "Table number in this chat"));
