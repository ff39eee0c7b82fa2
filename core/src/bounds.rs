//! Every number a person can type, with its range, in one place: rule options (`target`,
//! `deal`), table settings (seats, the turn timer, the match clock), and the numbers of chat
//! commands (a table, a season, how many matches `/history` lists, which one `/replay` shows
//! and which of its rounds, the weekly digest's hour, a tournament's entrants,
//! rounds, arena window and deadline). Telegram's words, Discord's
//! typed options (their `min`/`max` come from here), the settings menus, lobby buttons and
//! forged presses are all checked against these; out of range is refused with the range, in the
//! chat's language, and changes nothing. Records (`domino replay`) follow RECORD.md instead
//! (R3: any positive integer), since a record is a file, not a chat.
//!
//! Also here: the limits people do not type but that keep every match finite
//! ([`MAX_ROUNDS`]), every table's audience bounded ([`WATCHERS`]), and a chat's tournaments
//! few and finite ([`OPEN_TOURNAMENTS`], [`ENROLMENT_DAYS`]).

use crate::engine::rules::Words;

/// The range of one number a person may type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    /// What it is, for logs and tests (`"target"`, `"clock.minutes"`).
    pub key: &'static str,
    pub min: u32,
    pub max: u32,
    /// What it is, for the refusal: «цель матча», «the match target».
    pub name: Words,
}

impl Bound {
    pub const fn contains(&self, n: u64) -> bool {
        self.min as u64 <= n && n <= self.max as u64
    }

    /// `n` when it is within the range.
    pub fn check(&'static self, n: u64) -> Result<u32, OutOfRange> {
        if self.contains(n) { Ok(n as u32) } else { Err(OutOfRange { bound: self, given: n }) }
    }

    /// A typed integer (Discord's options are `i64`) within the range.
    pub fn check_i64(&'static self, n: i64) -> Result<u32, OutOfRange> {
        // A negative number is below any range; it is reported as 0.
        self.check(u64::try_from(n).unwrap_or(0))
    }
}

/// A number outside its range: which range, and what was given (saturated to `u64`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} must be from {} to {} (got {given})", bound.key, bound.min, bound.max)]
pub struct OutOfRange {
    pub bound: &'static Bound,
    pub given: u64,
}

const fn w(ru: &'static str, en: &'static str) -> Words {
    Words { ru, en }
}

const fn bound(key: &'static str, min: u32, max: u32, name: Words) -> Bound {
    Bound { key, min, max, name }
}

/// The score that ends a match. Real tables play to 51–365; a thousand leaves room for
/// long evenings while every match stays finite (see [`MAX_ROUNDS`]).
pub static TARGET: Bound = bound("target", 1, 1000, w("цель матча", "the match target"));
/// Tiles dealt to each player (traditional domino's `deal`); whether the set holds them for
/// the table's seats is the engine's check (R6).
/// Double-eighteen's 190 tiles hold at most 95 each for two.
pub static DEAL: Bound = bound("deal", 1, 95, w("раздача", "the deal"));
/// Seats at a table (eight: traditional with a larger set; the engine checks the game's own).
pub static PLAYERS: Bound = bound("players", 2, 8, w("число игроков", "the number of players"));
/// The set by its highest pip (`set`; the rules take 6, 9, 12, 15 or 18 of these).
pub static SET: Bound = bound("set", 6, 18, w("набор костей", "the set"));
/// Morskoy's threshold for a side at 0 (`start_threshold`: 25, or 13 for [T]'s two players).
pub static START_THRESHOLD: Bound =
    bound("start_threshold", 1, 100, w("порог записи", "the writing threshold"));
/// The turn timer, seconds a move (off is not a number).
pub static TURN_SECS: Bound = bound("turn_secs", 10, 3600, w("таймер хода", "the turn timer"));
/// The match clock's minutes per side.
pub static CLOCK_MINUTES: Bound =
    bound("clock.minutes", 1, 180, w("минуты часов", "the clock's minutes"));
/// The match clock's seconds added per move.
pub static CLOCK_INCREMENT: Bound =
    bound("clock.increment", 0, 60, w("добавка часов", "the clock's increment"));
/// A table's number in its chat.
pub static TABLE: Bound = bound("table", 1, 999_999, w("номер стола", "the table number"));
/// A season's number in its chat.
pub static SEASON: Bound = bound("season", 1, 9_999, w("номер сезона", "the season number"));
/// How many finished matches `/history` lists.
pub static HISTORY_COUNT: Bound = bound("count", 1, 30, w("число матчей", "the number of matches"));
/// Which finished match `/replay` shows: 1 is the latest, as `/history` lists them.
pub static REPLAY_AGO: Bound =
    bound("replay", 1, 30, w("номер матча в истории", "the match's place in the history"));
/// Which round of that match `/replay N R` shows: 1 is the first. A match's own rounds bound
/// it further (checked against the match's record, with the range told).
pub static REPLAY_ROUND: Bound =
    bound("replay.round", 1, MAX_ROUNDS, w("номер раунда", "the round number"));

/// The hour of the chat's clock its weekly digest comes at (the league's settings page).
pub static DIGEST_HOUR: Bound =
    bound("digest.hour", 0, 23, w("час сводки недели", "the weekly digest's hour"));

/// Entrants a chat tournament takes (people, or fixed pairs in a round robin of pairs).
pub static TOURNAMENT_ENTRANTS: Bound =
    bound("tournament.entrants", 2, 64, w("число участников", "the number of entrants"));
/// Rounds of a random-partners pairs night.
pub static TOURNAMENT_ROUNDS: Bound =
    bound("tournament.rounds", 1, 10, w("число туров", "the number of rounds"));
/// An arena's window, in minutes («час домино» is 60).
pub static ARENA_MINUTES: Bound =
    bound("arena.minutes", 10, 240, w("длительность арены", "the arena's length"));
/// Days from a tournament's start to its deadline (round robin, pairs night).
pub static TOURNAMENT_DEADLINE_DAYS: Bound =
    bound("tournament.deadline_days", 1, 30, w("срок турнира", "the tournament's deadline"));

/// Every bound, for tests and documentation.
pub static ALL: [&Bound; 18] = [
    &TARGET,
    &DEAL,
    &PLAYERS,
    &SET,
    &START_THRESHOLD,
    &TURN_SECS,
    &CLOCK_MINUTES,
    &CLOCK_INCREMENT,
    &TABLE,
    &SEASON,
    &HISTORY_COUNT,
    &REPLAY_AGO,
    &DIGEST_HOUR,
    &REPLAY_ROUND,
    &TOURNAMENT_ENTRANTS,
    &TOURNAMENT_ROUNDS,
    &ARENA_MINUTES,
    &TOURNAMENT_DEADLINE_DAYS,
];

/// Rounds a match may last. A match still undecided after this many scored rounds ends
/// undecided: the table closes with a notice and nothing is scored (docs/rules.md, «Limits»).
/// With a target of at most [`TARGET`]'s maximum, real play never comes near it.
pub const MAX_ROUNDS: u32 = 300;

/// People who may watch one table at once (`/watch N`): each is sent the table's every change,
/// so a table's watchers are bounded like its seats. One more is refused with this number.
pub const WATCHERS: usize = 20;

/// Tournaments a chat may have open (enrolling or running) at once: a new one past it is
/// refused with this number. Each open tournament is work for the service's timer loop.
pub const OPEN_TOURNAMENTS: usize = 3;

/// Days a tournament takes entrants without being started (round robin, pairs night): then it
/// closes by itself, and the chat is told. An arena opens by its window instead.
pub const ENROLMENT_DAYS: u32 = 14;

/// A number typed as decimal digits (after an optional `#` or `№`), however long: its value
/// saturated to `u64`, so that `99999999999999999999` is «too large», not «not a number».
pub fn digits(word: &str) -> Option<u64> {
    let w = word.trim_start_matches(['#', '№']);
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(w.bytes().fold(0u64, |n, b| n.saturating_mul(10).saturating_add(u64::from(b - b'0'))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_is_sane_and_named_in_both_languages() {
        for b in ALL {
            assert!(b.min <= b.max, "{}", b.key);
            assert!(!b.name.ru.is_empty() && !b.name.en.is_empty());
            assert!(b.contains(b.min as u64) && b.contains(b.max as u64));
            assert!(!b.contains(b.max as u64 + 1), "{}", b.key);
            assert_eq!(b.check(b.max as u64 + 1).unwrap_err().given, b.max as u64 + 1);
        }
        assert_eq!(TARGET.check_i64(-5).unwrap_err().given, 0);
        assert_eq!(TARGET.check_i64(101), Ok(101));
    }

    #[test]
    fn digits_saturate_instead_of_failing() {
        assert_eq!(digits("42"), Some(42));
        assert_eq!(digits("№7"), Some(7));
        assert_eq!(digits("4294967296"), Some(4_294_967_296));
        assert_eq!(digits("184467440737095516160000"), Some(u64::MAX));
        for bad in ["", "-1", "1.5", "0x10", "1e9", "١٢", "12a", "#"] {
            assert_eq!(digits(bad), None, "{bad}");
        }
    }
}
