//! The chat's clock as people write it after `/clock`: a city (`Берлин`, `New York`, any
//! case), an IANA zone (`Europe/Berlin`, `america/new_york`), or an offset from UTC that stays
//! fixed (`+3`, `UTC+3`, `GMT-5`, `+05:30`, `UTC`, `МСК+4`); `сброс`/`reset` goes back to
//! the language's zone.

use super::cities::{key, zone_of_city};
use crate::standings::Zone;

/// What `/clock` asks, read from its words.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClockAsk {
    /// No words: the chat's clock as it is.
    Show,
    /// Back to the language's zone.
    Reset,
    Set(Zone),
}

/// Reads `/clock`'s words; `Err` with the words when they name no zone.
pub fn read_clock(words: Option<&str>) -> Result<ClockAsk, String> {
    let words = words.unwrap_or("").trim();
    match key(words).as_str() {
        "" => Ok(ClockAsk::Show),
        "сброс" | "reset" | "по языку" | "by language" => Ok(ClockAsk::Reset),
        _ => zone_of(words).map(ClockAsk::Set).ok_or_else(|| words.to_owned()),
    }
}

/// The zone `text` names: an offset, an IANA name, a city of the tables, or the city an IANA
/// zone is named after.
pub fn zone_of(text: &str) -> Option<Zone> {
    let text = text.trim();
    if let Some(zone) = offset(text) {
        return Some(zone);
    }
    let iana = text.split_whitespace().collect::<Vec<_>>().join("_");
    if let Some(zone) = Zone::named(&iana) {
        return Some(zone);
    }
    if let Some(zone) = zone_of_city(text) {
        return Zone::named(zone);
    }
    // «Tokyo», «sao paulo», «Buenos-Aires»: the last part of a zone's name.
    let k = key(text);
    let mut named: Vec<&str> =
        Zone::names().filter(|n| n.contains('/') && key(last_part(n)) == k).collect();
    named.sort_unstable();
    named.first().and_then(|n| Zone::named(n))
}

fn last_part(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// A fixed offset: `+3`, `-5`, `+05:30`, `+0530`, after `UTC`/`GMT` (or alone: UTC), or after
/// `МСК`/`MSK` (Moscow's +3 added: `МСК+4` is UTC+7).
fn offset(text: &str) -> Option<Zone> {
    let lower = text.to_lowercase().replace(' ', "");
    let (base, rest) = ["utc", "gmt", "мск", "msk"]
        .iter()
        .find_map(|p| lower.strip_prefix(p).map(|rest| (*p, rest)))
        .unwrap_or(("", lower.as_str()));
    let base: i32 = if matches!(base, "мск" | "msk") { 180 } else { 0 };
    if rest.is_empty() {
        // «UTC», «GMT»; «МСК» alone is Moscow, a named zone.
        return (base == 0 && !lower.is_empty()).then_some(Zone::UTC);
    }
    let mut chars = rest.chars();
    let sign = match chars.next()? {
        '+' => 1,
        '-' | '−' | '–' => -1,
        _ => return None,
    };
    let digits = chars.as_str();
    let (hours, minutes) = match digits.split_once(':') {
        Some((h, m)) => (h, m),
        None if digits.len() == 4 => digits.split_at(2),
        None => (digits, "0"),
    };
    let number = |s: &str, most: usize| {
        let ok = (1..=most).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
        ok.then(|| s.parse::<i32>().ok()).flatten()
    };
    let (h, m) = (number(hours, 2)?, number(minutes, 2)?);
    if m >= 60 {
        return None;
    }
    let total = base + sign * (h * 60 + m);
    Zone::of_minutes(i16::try_from(total).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> Option<Zone> {
        Some(Zone::named(name).expect("a zone"))
    }

    fn fixed(minutes: i16) -> Option<Zone> {
        Some(Zone::of_minutes(minutes).expect("an offset"))
    }

    #[test]
    fn zones_are_read_as_people_write_them() {
        let cases: &[(&str, Option<Zone>)] = &[
            // IANA names, any case, spaces for underscores.
            ("Europe/Berlin", named("Europe/Berlin")),
            ("europe/berlin", named("Europe/Berlin")),
            ("AMERICA/NEW_YORK", named("America/New_York")),
            ("America/New York", named("America/New_York")),
            ("Asia/Kolkata", named("Asia/Kolkata")),
            // Cities, in Russian and in English.
            ("Berlin", named("Europe/Berlin")),
            ("берлин", named("Europe/Berlin")),
            ("Москва", named("Europe/Moscow")),
            ("москва", named("Europe/Moscow")),
            ("МСК", named("Europe/Moscow")),
            ("Санкт-Петербург", named("Europe/Moscow")),
            ("питер", named("Europe/Moscow")),
            ("Новосибирск", named("Asia/Novosibirsk")),
            ("Екатеринбург", named("Asia/Yekaterinburg")),
            ("Владивосток", named("Asia/Vladivostok")),
            ("Кишинев", named("Europe/Chisinau")),
            ("New York", named("America/New_York")),
            ("new  york", named("America/New_York")),
            ("Нью-Йорк", named("America/New_York")),
            ("нью йорк", named("America/New_York")),
            ("London", named("Europe/London")),
            ("Лондон", named("Europe/London")),
            ("Los Angeles", named("America/Los_Angeles")),
            ("Munich", named("Europe/Berlin")),
            // Cities of the database without a line of their own.
            ("Tokyo", named("Asia/Tokyo")),
            ("sao paulo", named("America/Sao_Paulo")),
            ("Reykjavik", named("Atlantic/Reykjavik")),
            ("Kolkata", named("Asia/Kolkata")),
            // Offsets stay fixed.
            ("+3", fixed(180)),
            ("UTC+3", fixed(180)),
            ("utc +3", fixed(180)),
            ("GMT-5", fixed(-300)),
            ("UTC−5", fixed(-300)),
            ("+05:30", fixed(330)),
            ("+0530", fixed(330)),
            ("-3:30", fixed(-210)),
            ("UTC", fixed(0)),
            ("gmt", fixed(0)),
            ("UTC+0", fixed(0)),
            ("+14", fixed(840)),
            ("-12", fixed(-720)),
            ("МСК+4", fixed(420)),
            ("msk-1", fixed(120)),
            // Garbage.
            ("", None),
            ("Atlantis", None),
            ("Europe/Atlantis", None),
            ("+15", None),
            ("-13", None),
            ("+3:60", None),
            ("+3:07", None),
            ("+5:45", fixed(345)),
            ("+3:5:0", None),
            ("3", None),
            ("+", None),
            ("UTC+three", None),
            ("+123", None),
            ("Europe", None),
            ("🕒", None),
            ("../../etc/passwd", None),
        ];
        for (text, want) in cases {
            assert_eq!(zone_of(text), *want, "{text:?}");
        }
    }

    #[test]
    fn clock_words_show_reset_set_or_refuse() {
        assert_eq!(read_clock(None), Ok(ClockAsk::Show));
        assert_eq!(read_clock(Some("  ")), Ok(ClockAsk::Show));
        assert_eq!(read_clock(Some("Сброс")), Ok(ClockAsk::Reset));
        assert_eq!(read_clock(Some("reset")), Ok(ClockAsk::Reset));
        assert_eq!(read_clock(Some("по языку")), Ok(ClockAsk::Reset));
        assert_eq!(read_clock(Some("Berlin")), Ok(ClockAsk::Set(named("Europe/Berlin").unwrap())));
        assert_eq!(read_clock(Some(" Марс ")), Err("Марс".to_owned()));
    }
}
