//! `/history`: the chat's last finished matches — date, players (partners as A + B), each
//! side's final total, and the result (the goat in the Kozel family).

use super::text::{Goat, display_name, tr, variant_name};
use crate::engine::rules::Rules;
use crate::session::{Lang, Millis};
use crate::standings::{Local, PlayedMatch, SummaryPlayer, Zone};

/// The matches listed, newest first, their times on the chat's clock (`zone`).
pub fn render_history(matches: &[PlayedMatch], lang: Lang, zone: Zone) -> String {
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
        out.push(format!("• {} · {game}", date_time(m.finished_at, zone)));
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
        // The computer played part of the seat for its person (they left, or were away).
        _ if p.relieved => format!("{} → 🤖", display_name(&p.name)),
        Some(_) => display_name(&p.name),
        None => "🤖".to_owned(),
    }
}

/// "01.12.2026 15:05 UTC+3".
pub fn date_time(at: Millis, zone: Zone) -> String {
    format!("{} {}", Local::of(at, zone).date_time(), zone.label_at(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_the_computer_finished_names_its_person() {
        let p = |user: Option<&str>, relieved| SummaryPlayer {
            user: user.map(|u| crate::ids::UserId::new(crate::ids::Platform::Telegram, u)),
            name: "Ann".into(),
            seat: 0,
            side: 0,
            won: false,
            goat: false,
            points_for: 0,
            points_against: 0,
            relieved,
        };
        assert_eq!(player_name(&p(None, true)), "Ann → 🤖");
        assert_eq!(player_name(&p(Some("1"), true)), "Ann → 🤖");
        assert_eq!(player_name(&p(Some("1"), false)), "Ann");
        assert_eq!(player_name(&p(None, false)), "🤖");
    }

    #[test]
    fn dates_are_calendar_dates_on_the_chats_clock() {
        assert_eq!(date_time(0, Zone::UTC), "01.01.1970 00:00 UTC");
        assert_eq!(date_time(1_700_000_000_000, Zone::UTC), "14.11.2023 22:13 UTC");
        assert_eq!(date_time(1_700_000_000_000, Zone::MOSCOW), "15.11.2023 01:13 UTC+3");
    }
}
