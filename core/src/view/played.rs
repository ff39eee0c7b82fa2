//! `/history`: the chat's last finished matches — date, players (partners as A + B), each
//! side's final total, and the result (the goat in the Kozel family).

use super::text::{Goat, display_name, tr, variant_name};
use crate::engine::rules::Rules;
use crate::session::{Lang, Millis};
use crate::standings::{PlayedMatch, SummaryPlayer};

/// The matches listed, newest first.
pub fn render_history(matches: &[PlayedMatch], lang: Lang) -> String {
    if matches.is_empty() {
        return tr(
            lang,
            "📜 История пуста: здесь ещё никто не доиграл матч.",
            "📜 No history yet: nobody has finished a match here.",
        )
        .to_owned();
    }
    let mut out = vec![match lang {
        Lang::Ru => format!("📜 Последние матчи: {}", matches.len()),
        Lang::En => format!("📜 The last matches: {}", matches.len()),
    }];
    for m in matches {
        let mut game = variant_name(m.variant, lang).to_owned();
        if m.pairs {
            game.push_str(tr(lang, " (пары)", " (pairs)"));
        }
        out.push(String::new());
        out.push(format!("• {} · {game}", date_time(m.finished_at)));
        out.push(format!("  {}", match_line(m, lang)));
    }
    out.join("\n")
}

/// "Анна + Вера 48 · Борис + Глеб 101 — 🐐 Борис + Глеб".
fn match_line(m: &PlayedMatch, lang: Lang) -> String {
    if m.players.is_empty() {
        return tr(lang, "(игроки не записаны)", "(players not recorded)").to_owned();
    }
    let mut sides: Vec<u8> = m.players.iter().map(|p| p.side).collect();
    sides.sort_unstable();
    sides.dedup();
    let names = |side: u8| -> String {
        let seats: Vec<&SummaryPlayer> = m.players.iter().filter(|p| p.side == side).collect();
        seats.iter().map(|p| player_name(p)).collect::<Vec<_>>().join(" + ")
    };
    let totals: Vec<String> = sides
        .iter()
        .map(|&s| {
            let points = m.players.iter().find(|p| p.side == s).map_or(0, |p| p.points_for);
            format!("{} {points}", names(s))
        })
        .collect();
    let goat_side = m.players.iter().find(|p| p.goat).map(|p| p.side);
    let won: Vec<u8> =
        sides.iter().copied().filter(|&s| m.players.iter().any(|p| p.side == s && p.won)).collect();
    let result = match (Goat::of(&Rules::new(m.variant)), goat_side) {
        (Some(goat), Some(side)) => format!("{} {}", goat.emoji(), names(side)),
        _ if !won.is_empty() => {
            let who: Vec<String> = won.iter().map(|&s| names(s)).collect();
            format!("🏆 {}", who.join(", "))
        }
        (None, Some(side)) => format!("{} {}", tr(lang, "проиграл:", "lost:"), names(side)),
        _ => tr(lang, "ничья", "a draw").to_owned(),
    };
    format!("{} — {result}", totals.join(" · "))
}

fn player_name(p: &SummaryPlayer) -> String {
    match p.user {
        Some(_) => display_name(&p.name),
        None => "🤖".to_owned(),
    }
}

/// "01.12.2026 15:05 UTC".
pub fn date_time(at: Millis) -> String {
    let secs = at.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!("{d:02}.{m:02}.{y} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(date_time(0), "01.01.1970 00:00 UTC");
        assert_eq!(date_time(1_700_000_000_000), "14.11.2023 22:13 UTC");
        assert_eq!(date_time(951_782_400_000), "29.02.2000 00:00 UTC");
    }
}
