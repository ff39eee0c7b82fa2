//! A chat's calendar: how its seasons run (by hand, monthly, quarterly), its weekly digest's
//! day, and moments as its clock shows them, in its [`Zone`] (summer time included). Pure date
//! arithmetic on Unix milliseconds, no clock read.

use super::zone::Zone;
use crate::ids::Millis;
use serde::{Deserialize, Serialize};

pub(super) const DAY_MS: i64 = 86_400_000;

/// The hour (by the chat's clock) a weekly digest comes at until the chat picks another.
pub const DIGEST_HOUR: u8 = 10;

/// A day of the week, 0 Monday … 6 Sunday (the weekly digest's day).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Weekday(u8);

impl TryFrom<u8> for Weekday {
    type Error = String;
    fn try_from(day: u8) -> Result<Weekday, String> {
        Weekday::of(day).ok_or_else(|| format!("no weekday {day}"))
    }
}

impl From<Weekday> for u8 {
    fn from(d: Weekday) -> u8 {
        d.0
    }
}

impl Weekday {
    /// Monday to Sunday.
    pub const ALL: [Weekday; 7] =
        [Weekday(0), Weekday(1), Weekday(2), Weekday(3), Weekday(4), Weekday(5), Weekday(6)];

    /// 0 Monday … 6 Sunday.
    pub fn of(day: u8) -> Option<Weekday> {
        (day < 7).then_some(Weekday(day))
    }

    pub fn index(self) -> u8 {
        self.0
    }

    /// The first `hour`:00 of this weekday on the clocks of `zone` after `at` (by the rules in
    /// force that day: across a change to or from summer time it is still `hour`:00 there).
    pub fn next_after(self, at: Millis, hour: u8, zone: Zone) -> Millis {
        let now = Local::of(at, zone);
        let ahead = (i64::from(self.0) - i64::from(now.weekday)).rem_euclid(7);
        let at_hour = zone.instant(now.day_number() + ahead, hour);
        if at_hour > at { at_hour } else { zone.instant(now.day_number() + ahead + 7, hour) }
    }
}

/// A moment as a chat's clock shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Local {
    pub year: i64,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    /// 0 Monday … 6 Sunday.
    pub weekday: u8,
    /// The local day, counted from 1970-01-01.
    day_number: i64,
}

impl Local {
    /// `at` on the clocks of `zone`.
    pub fn of(at: Millis, zone: Zone) -> Local {
        let local = at.saturating_add(zone.offset_ms(at));
        let (days, ms) = (local.div_euclid(DAY_MS), local.rem_euclid(DAY_MS));
        let (year, month, day) = civil_from_days(days);
        let minutes = ms / 60_000;
        Local {
            year,
            month: month as u8,
            day: day as u8,
            hour: (minutes / 60) as u8,
            minute: (minutes % 60) as u8,
            // 1970-01-01 was a Thursday.
            weekday: (days + 3).rem_euclid(7) as u8,
            day_number: days,
        }
    }

    /// The local day, counted from 1970-01-01.
    pub fn day_number(&self) -> i64 {
        self.day_number
    }

    /// The same wall-clock time (to the minute) `days` local days earlier: a week before a
    /// digest is 7 days of the chat's calendar, 167 or 169 hours across a change of summer
    /// time.
    pub fn days_before(at: Millis, days: i64, zone: Zone) -> Millis {
        let l = Local::of(at, zone);
        zone.instant(l.day_number - days, l.hour) + i64::from(l.minute) * 60_000
    }

    /// "01.12.2026 15:05".
    pub fn date_time(&self) -> String {
        format!(
            "{:02}.{:02}.{} {:02}:{:02}",
            self.day, self.month, self.year, self.hour, self.minute
        )
    }

    /// "01.12.2026".
    pub fn date(&self) -> String {
        format!("{:02}.{:02}.{}", self.day, self.month, self.year)
    }

    /// `at` as ISO 8601 on the clocks of `zone`, to the second, with the offset:
    /// "2026-12-01T15:05:09+03:00".
    pub fn iso(at: Millis, zone: Zone) -> String {
        let l = Local::of(at, zone);
        let offset = zone.offset_ms(at);
        let second = at.saturating_add(offset).rem_euclid(60_000) / 1000;
        let m = (offset / 60_000) as i32;
        let sign = if m < 0 { '-' } else { '+' };
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{second:02}{sign}{:02}:{:02}",
            l.year,
            l.month,
            l.day,
            l.hour,
            l.minute,
            m.abs() / 60,
            m.abs() % 60
        )
    }
}

/// How a chat's seasons run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cadence {
    /// An admin starts each season (`/season new`).
    #[default]
    Manual,
    /// A season a calendar month: the next starts at local midnight on the 1st.
    Monthly,
    /// A season a quarter: the next starts at local midnight on 1 January, April, July, October.
    Quarterly,
}

impl Cadence {
    pub const ALL: [Cadence; 3] = [Cadence::Manual, Cadence::Monthly, Cadence::Quarterly];

    pub const fn key(self) -> &'static str {
        match self {
            Cadence::Manual => "manual",
            Cadence::Monthly => "monthly",
            Cadence::Quarterly => "quarterly",
        }
    }

    pub fn from_key(key: &str) -> Option<Cadence> {
        Cadence::ALL.into_iter().find(|c| c.key() == key)
    }

    /// When the season running at `at` ends and the next starts: the first local midnight of a
    /// month (or a quarter's first month) after `at`; `None` for seasons started by hand.
    pub fn next_start(self, at: Millis, zone: Zone) -> Option<Millis> {
        let months = match self {
            Cadence::Manual => return None,
            Cadence::Monthly => 1,
            Cadence::Quarterly => 3,
        };
        let now = Local::of(at, zone);
        // Months since year 0 of the period `at` is in, then the next period's first month.
        let index = now.year * 12 + i64::from(now.month - 1);
        let next = (index.div_euclid(months) + 1) * months;
        let (year, month) = (next.div_euclid(12), next.rem_euclid(12) + 1);
        Some(zone.instant(days_from_civil(year, month, 1), 0))
    }
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's algorithm).
pub(super) fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The day, counted from 1970-01-01, of a proleptic Gregorian date (the inverse of
/// [`civil_from_days`]).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    const UTC: Zone = Zone::UTC;

    fn at(y: i64, m: i64, d: i64, h: i64) -> Millis {
        days_from_civil(y, m, d) * DAY_MS + h * 3_600_000
    }

    #[test]
    fn dates_are_calendar_dates_in_the_zone() {
        assert_eq!(Local::of(0, UTC).date_time(), "01.01.1970 00:00");
        assert_eq!(Local::of(1_700_000_000_000, UTC).date_time(), "14.11.2023 22:13");
        assert_eq!(Local::of(1_700_000_000_000, Zone::MOSCOW).date_time(), "15.11.2023 01:13");
        assert_eq!(Local::of(951_782_400_000, UTC).date(), "29.02.2000");
        let west = Zone::of_minutes(-300).unwrap();
        assert_eq!(Local::of(0, west).date_time(), "31.12.1969 19:00");
        // 2026-12-03 is a Thursday; 2026-12-07 a Monday.
        assert_eq!(Local::of(at(2026, 12, 3, 12), UTC).weekday, 3);
        assert_eq!(Local::of(at(2026, 12, 7, 0), UTC).weekday, 0);
    }

    #[test]
    fn iso_times_carry_the_seconds_and_the_offset() {
        assert_eq!(Local::iso(1_700_000_009_999, UTC), "2023-11-14T22:13:29+00:00");
        assert_eq!(Local::iso(1_700_000_000_000, Zone::MOSCOW), "2023-11-15T01:13:20+03:00");
        let west = Zone::of_minutes(-300).unwrap();
        assert_eq!(Local::iso(-1, west), "1969-12-31T18:59:59-05:00");
        let india = Zone::of_minutes(330).unwrap();
        assert_eq!(Local::iso(0, india), "1970-01-01T05:30:00+05:30");
    }

    #[test]
    fn days_and_dates_are_inverse() {
        for day in (-800_000..800_000).step_by(997) {
            let (y, m, d) = civil_from_days(day);
            assert_eq!(days_from_civil(y, m, d), day);
        }
    }

    #[test]
    fn a_monthly_season_ends_at_local_midnight_on_the_first() {
        let m = Cadence::Monthly;
        assert_eq!(m.next_start(at(2026, 12, 3, 12), UTC), Some(at(2027, 1, 1, 0)));
        assert_eq!(m.next_start(at(2027, 1, 1, 0), UTC), Some(at(2027, 2, 1, 0)));
        assert_eq!(m.next_start(at(2024, 2, 29, 23), UTC), Some(at(2024, 3, 1, 0)));
        // Moscow's midnight is 21:00 UTC the day before; 22:00 UTC on 30 November is already
        // 1 December there.
        assert_eq!(m.next_start(at(2026, 11, 30, 20), Zone::MOSCOW), Some(at(2026, 11, 30, 21)));
        assert_eq!(m.next_start(at(2026, 11, 30, 22), Zone::MOSCOW), Some(at(2026, 12, 31, 21)));
    }

    #[test]
    fn a_quarterly_season_ends_at_a_quarter() {
        let q = Cadence::Quarterly;
        assert_eq!(q.next_start(at(2026, 12, 3, 12), UTC), Some(at(2027, 1, 1, 0)));
        assert_eq!(q.next_start(at(2027, 1, 1, 0), UTC), Some(at(2027, 4, 1, 0)));
        assert_eq!(q.next_start(at(2027, 5, 17, 9), UTC), Some(at(2027, 7, 1, 0)));
        assert_eq!(Cadence::Manual.next_start(at(2027, 5, 17, 9), UTC), None);
    }

    #[test]
    fn a_weekly_digest_comes_on_its_day_at_its_hour() {
        // 2026-12-03 is a Thursday.
        let friday = Weekday::of(4).unwrap();
        assert_eq!(friday.next_after(at(2026, 12, 3, 12), 10, UTC), at(2026, 12, 4, 10));
        assert_eq!(friday.next_after(at(2026, 12, 4, 10), 10, UTC), at(2026, 12, 11, 10));
        assert_eq!(friday.next_after(at(2026, 12, 4, 9), 10, UTC), at(2026, 12, 4, 10));
        let thursday = Weekday::of(3).unwrap();
        assert_eq!(thursday.next_after(at(2026, 12, 3, 12), 10, UTC), at(2026, 12, 10, 10));
        // 10:00 in Moscow is 07:00 UTC; at 23:00 UTC on Thursday it is already Friday there,
        // and at 08:00 UTC on Friday that Friday's 10:00 has passed.
        let next = friday.next_after(at(2026, 12, 3, 23), 10, Zone::MOSCOW);
        assert_eq!(next, at(2026, 12, 4, 7));
        let next = friday.next_after(at(2026, 12, 4, 8), 10, Zone::MOSCOW);
        assert_eq!(next, at(2026, 12, 11, 7));
        assert_eq!((Weekday::of(7), Weekday::of(6).map(Weekday::index)), (None, Some(6)));
    }

    #[test]
    fn cadences_are_read_by_their_keys() {
        for c in Cadence::ALL {
            assert_eq!(Cadence::from_key(c.key()), Some(c));
        }
    }
}
