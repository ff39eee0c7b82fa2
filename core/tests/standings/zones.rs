//! The league's calendar in named zones across changes of summer time, as tables: Europe/Berlin
//! (last Sunday of March 01:00 UTC forward, of October back), America/New_York (second Sunday
//! of March 07:00 UTC forward, first of November 06:00 UTC back), and the fixed offsets chats
//! stored before named zones. Each instant is written in UTC.

use domino_core::session::Millis;
use domino_core::standings::{Cadence, Local, Weekday, Zone};

/// 2026-03-29 and 2026-10-25 (Europe), 2026-03-08 and 2026-11-01 (America) are Sundays.
fn utc(y: i64, m: i64, d: i64, h: i64, min: i64) -> Millis {
    // Days from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    days * 86_400_000 + h * 3_600_000 + min * 60_000
}

fn zone(name: &str) -> Zone {
    Zone::named(name).unwrap_or_else(|| panic!("{name} is a zone"))
}

#[test]
fn local_times_follow_summer_time() {
    let berlin = zone("Europe/Berlin");
    let new_york = zone("America/New_York");
    let cases = [
        // Berlin: 00:59 UTC is 01:59 winter time; a minute later it is 03:00 summer time.
        (berlin, utc(2026, 3, 29, 0, 59), "29.03.2026 01:59", "UTC+1"),
        (berlin, utc(2026, 3, 29, 1, 0), "29.03.2026 03:00", "UTC+2"),
        // ... and back: 00:59 UTC is 02:59 summer time, then 02:00 winter time again.
        (berlin, utc(2026, 10, 25, 0, 59), "25.10.2026 02:59", "UTC+2"),
        (berlin, utc(2026, 10, 25, 1, 0), "25.10.2026 02:00", "UTC+1"),
        (new_york, utc(2026, 3, 8, 6, 59), "08.03.2026 01:59", "UTC−5"),
        (new_york, utc(2026, 3, 8, 7, 0), "08.03.2026 03:00", "UTC−4"),
        (new_york, utc(2026, 11, 1, 5, 59), "01.11.2026 01:59", "UTC−4"),
        (new_york, utc(2026, 11, 1, 6, 0), "01.11.2026 01:00", "UTC−5"),
        // A fixed offset never moves.
        (Zone::MOSCOW, utc(2026, 10, 25, 1, 0), "25.10.2026 04:00", "UTC+3"),
    ];
    for (z, at, shown, offset) in cases {
        assert_eq!(Local::of(at, z).date_time(), shown, "{} at {at}", z.label());
        assert_eq!(z.label_at(at), offset, "{} at {at}", z.label());
    }
    assert_eq!(Local::iso(utc(2026, 7, 1, 12, 0), berlin), "2026-07-01T14:00:00+02:00");
    assert_eq!(Local::iso(utc(2026, 12, 1, 12, 0), berlin), "2026-12-01T13:00:00+01:00");
    assert_eq!(Local::iso(utc(2026, 12, 1, 12, 0), new_york), "2026-12-01T07:00:00-05:00");
}

#[test]
fn seasons_turn_at_local_midnight_either_side_of_a_change() {
    let berlin = zone("Europe/Berlin");
    let new_york = zone("America/New_York");
    let m = Cadence::Monthly;
    let cases = [
        // Berlin's midnight on 1 April is 22:00 UTC (summer), on 1 March 23:00 UTC (winter).
        (m, berlin, utc(2026, 3, 15, 12, 0), utc(2026, 3, 31, 22, 0)),
        (m, berlin, utc(2026, 2, 10, 12, 0), utc(2026, 2, 28, 23, 0)),
        // 1 November comes a week after the clocks went back: 23:00 UTC on 31 October.
        (m, berlin, utc(2026, 10, 1, 0, 0), utc(2026, 10, 31, 23, 0)),
        // 22:30 UTC on 31 October is still October in Berlin (23:30).
        (m, berlin, utc(2026, 10, 31, 22, 30), utc(2026, 10, 31, 23, 0)),
        (m, berlin, utc(2026, 10, 31, 23, 0), utc(2026, 11, 30, 23, 0)),
        // 1 October, in summer time: 22:00 UTC on 30 September.
        (m, berlin, utc(2026, 9, 15, 0, 0), utc(2026, 9, 30, 22, 0)),
        (Cadence::Quarterly, berlin, utc(2026, 5, 1, 0, 0), utc(2026, 6, 30, 22, 0)),
        (Cadence::Quarterly, berlin, utc(2026, 11, 1, 0, 0), utc(2026, 12, 31, 23, 0)),
        // New York: midnight on 1 November is 04:00 UTC (summer time still), on 1 December
        // 05:00 UTC.
        (m, new_york, utc(2026, 10, 20, 0, 0), utc(2026, 11, 1, 4, 0)),
        (m, new_york, utc(2026, 11, 1, 4, 0), utc(2026, 12, 1, 5, 0)),
        (m, new_york, utc(2026, 3, 1, 12, 0), utc(2026, 4, 1, 4, 0)),
        // A fixed offset as before: Moscow's midnight is 21:00 UTC the day before.
        (m, Zone::MOSCOW, utc(2026, 11, 30, 20, 0), utc(2026, 11, 30, 21, 0)),
    ];
    for (cadence, z, at, next) in cases {
        assert_eq!(
            cadence.next_start(at, z),
            Some(next),
            "{cadence:?} in {} after {at}",
            z.label()
        );
        let shown = Local::of(next, z).date_time();
        assert!(shown.starts_with("01.") && shown.ends_with("00:00"), "local midnight: {shown}");
    }
}

#[test]
fn a_digest_comes_at_its_local_hour_across_a_change() {
    let berlin = zone("Europe/Berlin");
    let new_york = zone("America/New_York");
    let (monday, sunday) = (Weekday::of(0).unwrap(), Weekday::of(6).unwrap());
    let cases = [
        // Mondays at 09:00 in Berlin: 07:00 UTC in summer, 08:00 UTC after 25 October.
        (monday, 9, berlin, utc(2026, 10, 14, 12, 0), utc(2026, 10, 19, 7, 0)),
        (monday, 9, berlin, utc(2026, 10, 19, 7, 0), utc(2026, 10, 26, 8, 0)),
        (monday, 9, berlin, utc(2026, 10, 26, 7, 30), utc(2026, 10, 26, 8, 0)),
        (monday, 9, berlin, utc(2026, 3, 23, 8, 0), utc(2026, 3, 30, 7, 0)),
        // On the very Sunday of a change, at 10:00 local either way.
        (sunday, 10, berlin, utc(2026, 10, 24, 12, 0), utc(2026, 10, 25, 9, 0)),
        (sunday, 10, berlin, utc(2026, 3, 28, 12, 0), utc(2026, 3, 29, 8, 0)),
        // An hour the change skips (02:00 on 29 March in Berlin) comes as the hour after it.
        (sunday, 2, berlin, utc(2026, 3, 28, 12, 0), utc(2026, 3, 29, 1, 0)),
        // An hour the change repeats (01:00 on 1 November in New York) comes the first time.
        (sunday, 1, new_york, utc(2026, 10, 31, 12, 0), utc(2026, 11, 1, 5, 0)),
        (monday, 18, new_york, utc(2026, 10, 27, 0, 0), utc(2026, 11, 2, 23, 0)),
        (monday, 18, new_york, utc(2026, 10, 20, 0, 0), utc(2026, 10, 26, 22, 0)),
        (monday, 10, Zone::MOSCOW, utc(2026, 10, 20, 0, 0), utc(2026, 10, 26, 7, 0)),
    ];
    for (day, hour, z, at, next) in cases {
        let got = day.next_after(at, hour, z);
        assert_eq!(got, next, "{day:?} {hour}:00 in {} after {at}", z.label());
    }
}

#[test]
fn a_digests_week_is_seven_days_of_the_chats_calendar() {
    let berlin = zone("Europe/Berlin");
    let hour = 3_600_000;
    // The week before Monday 26 October 09:00 (winter time) began on Monday 19 October 09:00
    // (summer time): 169 hours.
    let at = utc(2026, 10, 26, 8, 0);
    assert_eq!(Local::days_before(at, 7, berlin), utc(2026, 10, 19, 7, 0));
    assert_eq!(at - Local::days_before(at, 7, berlin), 169 * hour);
    // Across the change in March: 167 hours.
    let at = utc(2026, 3, 30, 7, 0);
    assert_eq!(at - Local::days_before(at, 7, berlin), 167 * hour);
    // A fixed offset: always 168.
    let at = utc(2026, 10, 26, 7, 0);
    assert_eq!(at - Local::days_before(at, 7, Zone::MOSCOW), 168 * hour);
}
