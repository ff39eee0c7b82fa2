//! What the chat is told as a tournament goes, besides its results and its close
//! (`view::tournament`): the pairings drawn, a fixture's table opened, and who is due as the
//! deadline nears; and `/history`'s closed tournaments. Russian and English.

use super::played::date_time;
use super::text::{display_name, tr, variant_name};
use super::tournament::{format_name, side, tournament_title};
use crate::ids::Lang;
use crate::standings::Zone;
use crate::standings::tournament::{EntrantNo, Fixture, FixtureNo, State, Tournament};

/// A round drawn: «📣 Турнир №1, тур 2: A — B; C — D. Отдыхает: E». A round robin's whole
/// schedule is drawn at once, so each of its rounds is one line.
pub fn render_drawn(
    t: &Tournament,
    round: u32,
    fixtures: &[FixtureNo],
    sitting_out: &[EntrantNo],
    lang: Lang,
) -> String {
    let games: Vec<String> = fixtures.iter().map(|&n| pairing(t, &t.fixtures[n])).collect();
    let mut line = match lang {
        Lang::Ru => format!("📣 {}, тур {round}: {}", tournament_title(t, lang), games.join("; ")),
        Lang::En => {
            format!("📣 {}, round {round}: {}", tournament_title(t, lang), games.join("; "))
        }
    };
    if !sitting_out.is_empty() {
        let names: Vec<String> =
            sitting_out.iter().map(|&e| display_name(&t.entrants[e].name())).collect();
        line.push_str(&format!(". {}: {}", tr(lang, "Отдыхает", "Sitting out"), names.join(", ")));
    }
    line
}

/// A fixture's table opened: «🎲 Турнир №1: за стол садятся A + B против C + D».
pub fn render_table_started(t: &Tournament, f: &Fixture, lang: Lang) -> String {
    let (a, b) = (side(t, f, 0), side(t, f, 1));
    match lang {
        Lang::Ru => format!("🎲 {}: за стол садятся {a} против {b}.", tournament_title(t, lang)),
        Lang::En => format!("🎲 {}: {a} against {b}, at the table now.", tournament_title(t, lang)),
    }
}

/// Who is due as the deadline nears (told once).
pub fn render_due(t: &Tournament, fixtures: &[FixtureNo], lang: Lang) -> String {
    let games: Vec<String> = fixtures.iter().map(|&n| pairing(t, &t.fixtures[n])).collect();
    match lang {
        Lang::Ru => format!(
            "⏰ {}: скоро срок, ещё не сыграно: {}. Матч начнётся, как только все его игроки свободны; несыгранное к сроку не засчитывается.",
            tournament_title(t, lang),
            games.join("; ")
        ),
        Lang::En => format!(
            "⏰ {}: the deadline is near and these are still to play: {}. A match starts as soon as all its players are free; what is unplayed by the deadline counts for nobody.",
            tournament_title(t, lang),
            games.join("; ")
        ),
    }
}

fn pairing(t: &Tournament, f: &Fixture) -> String {
    format!("{} — {}", side(t, f, 0), side(t, f, 1))
}

/// `/history`'s tournaments: a line each, the newest first: «🏆 Турнир №2 · вечер пар ·
/// Козёл · 04.12.2026 18:00 UTC+3 — победитель: АЛИСА»; nothing but the head when none closed.
pub fn render_tournament_history(ts: &[Tournament], lang: Lang, zone: Zone) -> String {
    let mut out = vec![tr(lang, "🏆 Турниры:", "🏆 Tournaments:").to_owned()];
    for t in ts.iter().rev() {
        let State::Closed { at, winner } = t.state else { continue };
        let result = match (winner, lang) {
            (Some(w), Lang::Ru) => format!("победитель: {}", display_name(&t.entrants[w].name())),
            (Some(w), Lang::En) => format!("the winner: {}", display_name(&t.entrants[w].name())),
            (None, _) => tr(lang, "ни одного матча", "no match played").to_owned(),
        };
        out.push(format!(
            "• {} · {} · {} · {} — {result}",
            tournament_title(t, lang),
            format_name(&t.format, lang),
            variant_name(t.game, lang),
            date_time(at, zone)
        ));
    }
    out.join("\n")
}
