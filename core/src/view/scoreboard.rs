//! `/top`: the chat's scoreboard; `/score`: the running tally of the match at a table.

use super::history::round_history;
use super::render::round_result;
use super::table::{last_round_view, table_view_in};
use super::text::{Goat, display_name, title, tr, variant_name};
use crate::engine::rules::{Rules, Variant};
use crate::session::{Lang, Table};
use crate::store::{PairRow, ScoreRow, top_order, wilson_lower_bound};

/// Lines shown per variant.
const TOP_LINES: usize = 15;

/// The scoreboard, one block per variant in `/top` order (see [`top_order`]), at most 15
/// players each.
pub fn render_scoreboard(rows: &[ScoreRow], lang: Lang) -> String {
    if rows.is_empty() {
        return tr(
            lang,
            "🏆 Таблица пуста: здесь ещё никто не доиграл матч.",
            "🏆 The scoreboard is empty: nobody has finished a match here yet.",
        )
        .to_owned();
    }
    let mut out = vec![tr(lang, "🏆 Таблица чата", "🏆 The chat's scoreboard").to_owned()];
    for variant in Variant::ALL {
        let mut block: Vec<ScoreRow> =
            rows.iter().filter(|r| r.variant == variant).cloned().collect();
        if block.is_empty() {
            continue;
        }
        top_order(&mut block);
        out.push(String::new());
        out.push(format!("▪️ {}", variant_name(variant, lang)));
        let goat = Goat::of(&Rules::new(variant));
        for (i, r) in block.iter().take(TOP_LINES).enumerate() {
            let place = match i {
                0 => "🥇".to_owned(),
                1 => "🥈".to_owned(),
                2 => "🥉".to_owned(),
                _ => format!("{}.", i + 1),
            };
            out.push(format!("{place} {} — {}", display_name(&r.name), row_stats(r, goat, lang)));
        }
        if block.len() > TOP_LINES {
            let more = block.len() - TOP_LINES;
            out.push(match lang {
                Lang::Ru => format!("… и ещё {more}"),
                Lang::En => format!("… and {more} more"),
            });
        }
    }
    out.join("\n")
}

/// The pairs of partners, one block per variant, ordered as `/top` orders players.
pub fn render_pair_scoreboard(rows: &[PairRow], lang: Lang) -> String {
    if rows.is_empty() {
        return tr(
            lang,
            "🏆 Пар в таблице нет: здесь ещё никто не доиграл матч парами.",
            "🏆 No pairs yet: nobody has finished a pairs match here.",
        )
        .to_owned();
    }
    let mut out = vec![tr(lang, "🏆 Таблица пар", "🏆 Standings of pairs").to_owned()];
    for variant in Variant::ALL {
        let mut block: Vec<&PairRow> = rows.iter().filter(|r| r.variant == variant).collect();
        if block.is_empty() {
            continue;
        }
        block.sort_by(|a, b| {
            let (wa, wb) =
                (wilson_lower_bound(a.wins, a.matches), wilson_lower_bound(b.wins, b.matches));
            wb.total_cmp(&wa).then(b.matches.cmp(&a.matches)).then(a.goats.cmp(&b.goats))
        });
        out.push(String::new());
        out.push(format!("▪️ {}", variant_name(variant, lang)));
        let goat = Goat::of(&Rules::new(variant));
        for (i, r) in block.iter().take(TOP_LINES).enumerate() {
            let names = format!("{} + {}", display_name(&r.names[0]), display_name(&r.names[1]));
            let row = ScoreRow {
                user: r.users[0].clone(),
                name: names.clone(),
                variant,
                matches: r.matches,
                wins: r.wins,
                goats: r.goats,
                rounds: 0,
                points_for: 0,
                points_against: 0,
            };
            out.push(format!("{}. {names} — {}", i + 1, row_stats(&row, goat, lang)));
        }
    }
    out.join("\n")
}

/// "12 матчей, 8 побед, 🐐 3, рейтинг 0.39".
fn row_stats(r: &ScoreRow, goat: Option<Goat>, lang: Lang) -> String {
    let rating = wilson_lower_bound(r.wins, r.matches);
    let mut parts = match lang {
        Lang::Ru => vec![
            format!(
                "{} {}",
                r.matches,
                super::text::plural_ru(r.matches.into(), "матч", "матча", "матчей")
            ),
            format!(
                "{} {}",
                r.wins,
                super::text::plural_ru(r.wins.into(), "победа", "победы", "побед")
            ),
        ],
        Lang::En => vec![
            format!("{} {}", r.matches, if r.matches == 1 { "match" } else { "matches" }),
            format!("{} {}", r.wins, if r.wins == 1 { "win" } else { "wins" }),
        ],
    };
    if let Some(goat) = goat {
        parts.push(format!("{} {}", goat.emoji(), r.goats));
    }
    parts.push(format!("{} {rating:.2}", tr(lang, "рейтинг", "rating")));
    parts.join(", ")
}

/// The match's totals as `/score` ends with them (each side's score, the target, the outcome);
/// empty before the first deal.
pub fn render_totals(table: &Table) -> String {
    let view = table_view_in(table, table.lang);
    match &view.sheet {
        Some(sheet) => {
            super::render::sheet_lines(sheet, view.outcome.as_ref(), table.lang).join("\n")
        }
        None => String::new(),
    }
}

/// Rounds listed by `/score` (the latest), to stay within a chat message.
const TALLY_ROUNDS: usize = 20;

/// `/score`: the match at `table` round by round, then the totals.
pub fn render_tally(table: &Table) -> String {
    let lang = table.lang;
    let Some(game) = table.game.as_ref() else {
        return format!(
            "📋 {}: {}",
            title(table, lang),
            tr(lang, "матч ещё не начался.", "the match has not started yet.")
        );
    };
    let mut out = vec![format!("📋 {}", title(table, lang))];
    let rounds = round_history(game);
    if rounds.is_empty() {
        out.push(tr(lang, "Ни один раунд ещё не закончен.", "No round has ended yet.").to_owned());
    }
    let skipped = rounds.len().saturating_sub(TALLY_ROUNDS);
    if skipped > 0 {
        out.push(match lang {
            Lang::Ru => format!("… раундов раньше: {skipped}"),
            Lang::En => format!("… {skipped} earlier rounds"),
        });
    }
    for line in &rounds[skipped..] {
        out.push(round_result(&last_round_view(table, line, lang), lang));
    }
    let view = table_view_in(table, lang);
    if let Some(sheet) = &view.sheet {
        out.push(String::new());
        out.extend(super::render::sheet_lines(sheet, view.outcome.as_ref(), lang));
    }
    out.join("\n")
}
