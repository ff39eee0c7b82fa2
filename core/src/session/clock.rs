//! The match clock (RULES.md §6, the `sport` preset or a table setting): each side has a time
//! bank for the match and an increment per move, running only while a person of that side is to
//! move, as on a chess clock. Kept in the snapshot as each side's bank and the running side's
//! flag as an absolute `Millis`, so that a restart gives nobody time back. When a bank runs out
//! the side loses the match, or (as the table's setting says) the computer plays for it.
//! The clock is not part of records (S1).

use super::command::Rejection;
use super::event::Event;
use super::game::Outcome;
use super::table::{Phase, Table};
use crate::engine::rules::Words;
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

/// The clock setting, described once: its name, help and the words a chat writes for it
/// (`часы 10+5`, `clock 10+5 auto`, `без_часов`). It is a table setting, not a rule option:
/// records do not carry it (S1).
pub struct ClockSpec {
    pub label: Words,
    pub help: Words,
    /// The word before `M+S` (the first is shown in help).
    pub words: &'static [&'static str],
    /// Words for no clock.
    pub off_words: &'static [&'static str],
    /// A word after `M+S`: the computer plays for a side out of time instead of its losing.
    pub auto_words: &'static [&'static str],
}

pub static CLOCK: ClockSpec = ClockSpec {
    label: Words { ru: "Часы", en: "Clock" },
    help: Words {
        ru: "шахматные часы на матч: минуты на сторону плюс секунды за ход, идут только в свой ход; время вышло — матч проигран (часы 10+5 авто: доигрывает компьютер); без_часов — без них. С пресетом «спорт» — 10+5, если не сказано иное",
        en: "a chess clock for the match: minutes per side plus seconds a move, running only on one's turn; out of time loses the match (clock 10+5 auto: the computer plays on); no_clock for none. The sport preset has 10+5 unless told otherwise",
    },
    words: &["clock", "часы"],
    off_words: &["no_clock", "без_часов", "-clock", "-часы"],
    auto_words: &["auto", "авто"],
};

/// What happens to a side whose time runs out.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnFlag {
    /// The side loses the match.
    #[default]
    Lose,
    /// The computer plays for the side until the match ends.
    Computer,
}

/// A table's clock setting: minutes per side and match, seconds added per move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockRule {
    pub bank_secs: u32,
    pub increment_secs: u32,
    #[serde(default)]
    pub on_flag: OnFlag,
}

impl ClockRule {
    /// The `sport` preset's clock when the table names none: 10 minutes + 5 seconds a move.
    pub const SPORT: ClockRule =
        ClockRule { bank_secs: 600, increment_secs: 5, on_flag: OnFlag::Lose };
    /// Whether the setting is within bounds (`crate::bounds::CLOCK_MINUTES`, `CLOCK_INCREMENT`).
    pub fn check(&self) -> Result<(), Rejection> {
        let m = &crate::bounds::CLOCK_MINUTES;
        let minutes_ok = (m.min * 60..=m.max * 60).contains(&self.bank_secs);
        if minutes_ok && crate::bounds::CLOCK_INCREMENT.contains(u64::from(self.increment_secs)) {
            Ok(())
        } else {
            Err(Rejection::BadClock)
        }
    }

    /// Reads `M+S` (minutes and seconds a move; `M` alone is no increment): `10+5`, `3`.
    pub fn parse(text: &str) -> Option<ClockRule> {
        let (m, s) = text.split_once('+').unwrap_or((text, "0"));
        let digits =
            |t: &str| !t.is_empty() && t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit());
        if !digits(m) || !digits(s) {
            return None;
        }
        let rule = ClockRule {
            bank_secs: m.parse::<u32>().ok()?.checked_mul(60)?,
            increment_secs: s.parse().ok()?,
            on_flag: OnFlag::Lose,
        };
        rule.check().is_ok().then_some(rule)
    }

    /// `10+5`, as [`ClockRule::parse`] reads it.
    pub fn text(&self) -> String {
        format!("{}+{}", self.bank_secs / 60, self.increment_secs)
    }
}

/// The clock of the match in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Each side's time left, as of its last stop (ms).
    pub banks: Vec<Millis>,
    /// The side whose time is running and when its flag falls (absolute).
    pub running: Option<Running>,
    /// Sides whose flag fell and for whom the computer now plays.
    #[serde(default)]
    pub fallen: Vec<u8>,
}

/// A running clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Running {
    pub side: u8,
    /// When this turn's time started to run.
    pub since: Millis,
    /// `since` plus the side's bank: when the flag falls.
    pub flag_at: Millis,
}

impl Clocks {
    pub fn new(rule: &ClockRule, sides: usize) -> Clocks {
        Clocks {
            banks: vec![rule.bank_secs as Millis * 1000; sides],
            running: None,
            fallen: Vec::new(),
        }
    }
}

impl Table {
    /// When the running clock's flag falls, if a clock runs.
    pub fn flag_at(&self) -> Option<Millis> {
        Some(self.clocks.as_ref()?.running?.flag_at)
    }

    /// The side whose flag has fallen at `now` (the timer has yet to take it).
    pub fn flag_fallen(&self, now: Millis) -> Option<usize> {
        let running = self.clocks.as_ref()?.running?;
        (running.flag_at <= now).then_some(running.side as usize)
    }

    /// Whether the flag of the side `seat` plays for has fallen (the computer plays for it).
    pub fn out_of_time(&self, seat: usize) -> bool {
        let side = self.rules.side_of(seat) as u8;
        self.clocks.as_ref().is_some_and(|c| c.fallen.contains(&side))
    }

    /// Stops the running clock at `now`; after a move (`moved`) the increment is added.
    pub(super) fn clock_pause(&mut self, now: Millis, moved: bool) {
        let Some(rule) = self.clock else { return };
        let Some(clocks) = self.clocks.as_mut() else { return };
        let Some(running) = clocks.running.take() else { return };
        let left = (running.flag_at - now).max(0);
        let bonus = if moved { rule.increment_secs as Millis * 1000 } else { 0 };
        clocks.banks[running.side as usize] = left + bonus;
    }

    /// Starts the clock of the side seat `s` plays for: a person is to move.
    pub(super) fn clock_resume(&mut self, s: usize, now: Millis) {
        let side = self.rules.side_of(s);
        let Some(clocks) = self.clocks.as_mut() else { return };
        if clocks.fallen.contains(&(side as u8)) {
            return;
        }
        let bank = clocks.banks[side];
        clocks.running = Some(Running { side: side as u8, since: now, flag_at: now + bank });
    }

    /// The flag of `side` fell: it loses the match, or the computer plays for it from now on.
    pub(super) fn flag_fall(&mut self, side: usize, now: Millis, ev: &mut Vec<Event>) {
        let on_flag = self.clock.map(|c| c.on_flag).unwrap_or_default();
        let clocks = self.clocks.as_mut().expect("a clock runs");
        clocks.running = None;
        clocks.banks[side] = 0;
        let computer = on_flag == OnFlag::Computer;
        ev.push(Event::FlagFell { side: side as u8, computer });
        if computer {
            clocks.fallen.push(side as u8);
            for (s, st) in self.seats.iter_mut().enumerate() {
                if let Some(st) = st.as_mut().filter(|_| self.rules.side_of(s) == side) {
                    st.away = true;
                }
            }
            self.settle(now, ev);
        } else {
            self.lose_on_time(side, ev);
        }
    }

    /// `side` ran out of time (its clock, or a turn timer that loses the match): it loses.
    pub(super) fn lose_on_time(&mut self, side: usize, ev: &mut Vec<Event>) {
        let sides = self.rules.sides(self.size as usize);
        let outcome = Outcome {
            winner: (sides == 2).then(|| 1 - side),
            loser: Some(side),
            resigned: None,
            flag: Some(side as u8),
        };
        self.finish(outcome, ev);
    }

    /// The host sets the table's clock, or turns it off (lobby).
    pub(super) fn set_clock(&mut self, clock: Option<ClockRule>) -> Result<(), Rejection> {
        if let Some(c) = &clock {
            c.check()?;
        }
        self.clock = clock;
        Ok(())
    }

    /// A person's move is refused once their flag has fallen, or their turn timer ran out
    /// where that loses the match: the timer takes it.
    pub(super) fn check_flag(&self, now: Millis) -> Result<(), Rejection> {
        match self.flag_fallen(now) {
            Some(_) if self.phase == Phase::Playing => Err(Rejection::OutOfTime),
            _ if self.time_up_due(now).is_some() => Err(Rejection::OutOfTime),
            _ => Ok(()),
        }
    }
}
