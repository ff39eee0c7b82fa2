//! `/top`: the chat's scoreboard (person-only with ratings, pairs, matches with a computer);
//! `/score`: the running tally of the match at a table.

use super::history::round_history;
use super::render::round_result;
use super::table::{last_round_view, table_view_in};
use super::text::{Goat, display_name, title, tr, variant_name};
use crate::engine::rules::{Rules, Variant};
use crate::session::{Lang, Table};
use crate::standings::{
    PairRow, Rated, Rating, ScoreRow, rated_order, rating_of, top_order, wilson_lower_bound,
};

/// Lines shown per variant.
const TOP_LINES: usize = 15;

/// The one line saying how person-only standings are ordered.
pub fn order_line(lang: Lang) -> &'static str {
    tr(
        lang,
        "Порядок — по рейтингу: осторожная оценка силы (Weng-Lin, μ − 3σ), растёт с победами, \
         больше — с победами над сильными; только матчи без компьютера.",
        "Ordered by rating: a cautious skill estimate (Weng-Lin, μ − 3σ) that wins raise, wins \
         over stronger players more; only matches without a computer.",
    )
}

/// The one line saying what the computer standings are and how they are ordered.
pub fn computer_order_line(lang: Lang) -> &'static str {
    tr(
        lang,
        "Матчи с компьютером, отдельно от общей таблицы: без рейтинга, порядок — по доле побед \
         (нижняя граница Уилсона).",
        "Matches with a computer, kept apart from the standings: no rating, ordered by win rate \
         (Wilson lower bound).",
    )
}

/// The person-only scoreboard, one block per variant in `/top` order (see [`rated_order`]),
/// at most 15 players each, with each player's rating from `ratings`.
pub fn render_scoreboard(rows: &[ScoreRow], ratings: &[Rating], lang: Lang) -> String {
    render_players(rows, Some(ratings), lang)
}

/// The people's lines from matches with a computer seat, in [`top_order`].
pub fn render_computer_scoreboard(rows: &[ScoreRow], lang: Lang) -> String {
    render_players(rows, None, lang)
}

fn render_players(rows: &[ScoreRow], ratings: Option<&[Rating]>, lang: Lang) -> String {
    if rows.is_empty() {
        return match ratings {
            Some(_) => tr(
                lang,
                "🏆 Таблица пуста: здесь ещё никто не доиграл матч без компьютера.",
                "🏆 The scoreboard is empty: nobody has finished a match without a computer here yet.",
            ),
            None => tr(
                lang,
                "🤖 Матчей с компьютером здесь ещё никто не доиграл.",
                "🤖 Nobody has finished a match with a computer here yet.",
            ),
        }
        .to_owned();
    }
    let mut out = vec![match ratings {
        Some(_) => tr(lang, "🏆 Таблица чата", "🏆 The chat's scoreboard").to_owned(),
        None => tr(lang, "🤖 Матчи с компьютером", "🤖 Matches with a computer").to_owned(),
    }];
    out.push(ratings.map_or(computer_order_line(lang), |_| order_line(lang)).to_owned());
    for variant in Variant::ALL {
        let mut block: Vec<ScoreRow> =
            rows.iter().filter(|r| r.variant == variant).cloned().collect();
        if block.is_empty() {
            continue;
        }
        match ratings {
            Some(ratings) => rated_order(&mut block, ratings),
            None => top_order(&mut block),
        }
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
            let rating = ratings.map(|all| rating_of(all, r));
            let stats = row_stats(r.matches, r.wins, r.goats, goat, rating, lang);
            out.push(format!("{place} {} — {stats}", display_name(&r.name)));
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

/// The pairs of partners (person-only pair games), one block per variant, ordered by the
/// pair's own rating (the pair rated as one player against the other pair).
pub fn render_pair_scoreboard(rows: &[PairRow], ratings: &[Rating], lang: Lang) -> String {
    if rows.is_empty() {
        return tr(
            lang,
            "🏆 Пар в таблице нет: здесь ещё никто не доиграл матч парами без компьютера.",
            "🏆 No pairs yet: nobody has finished a pairs match without a computer here.",
        )
        .to_owned();
    }
    let mut out = vec![tr(lang, "🏆 Таблица пар", "🏆 Standings of pairs").to_owned()];
    out.push(
        tr(
            lang,
            "Порядок — по рейтингу пары (Weng-Lin, μ − 3σ; пара — как один игрок против другой пары).",
            "Ordered by the pair's rating (Weng-Lin, μ − 3σ; the pair as one player against the other pair).",
        )
        .to_owned(),
    );
    let rating = |r: &PairRow| {
        ratings
            .iter()
            .find(|x| x.variant == r.variant && matches!(&x.who, Rated::Pair(u) if *u == r.users))
    };
    for variant in Variant::ALL {
        let mut block: Vec<&PairRow> = rows.iter().filter(|r| r.variant == variant).collect();
        if block.is_empty() {
            continue;
        }
        let shown = |r: &PairRow| rating(r).map_or(Rating::new_shown(), Rating::shown);
        block.sort_by(|a, b| {
            let (wa, wb) =
                (wilson_lower_bound(a.wins, a.matches), wilson_lower_bound(b.wins, b.matches));
            shown(b)
                .total_cmp(&shown(a))
                .then(wb.total_cmp(&wa))
                .then(b.matches.cmp(&a.matches))
                .then(a.goats.cmp(&b.goats))
        });
        out.push(String::new());
        out.push(format!("▪️ {}", variant_name(variant, lang)));
        let goat = Goat::of(&Rules::new(variant));
        for (i, r) in block.iter().take(TOP_LINES).enumerate() {
            let names = format!("{} + {}", display_name(&r.names[0]), display_name(&r.names[1]));
            let stats = row_stats(r.matches, r.wins, r.goats, goat, Some(rating(r)), lang);
            out.push(format!("{}. {names} — {stats}", i + 1));
        }
    }
    out.join("\n")
}

/// "12 матчей, 8 побед, 🐐 3, рейтинг 14" (`rating`: `None` on a board without ratings,
/// `Some(None)` for someone not rated yet).
fn row_stats(
    matches: u32,
    wins: u32,
    goats: u32,
    goat: Option<Goat>,
    rating: Option<Option<&Rating>>,
    lang: Lang,
) -> String {
    let mut parts = match lang {
        Lang::Ru => vec![
            format!(
                "{matches} {}",
                super::text::plural_ru(matches.into(), "матч", "матча", "матчей")
            ),
            format!("{wins} {}", super::text::plural_ru(wins.into(), "победа", "победы", "побед")),
        ],
        Lang::En => vec![
            format!("{matches} {}", if matches == 1 { "match" } else { "matches" }),
            format!("{wins} {}", if wins == 1 { "win" } else { "wins" }),
        ],
    };
    if let Some(goat) = goat {
        parts.push(format!("{} {goats}", goat.emoji()));
    }
    if let Some(rating) = rating {
        let value = rating.map_or("—".to_owned(), |r| shown_rating(r.shown()));
        parts.push(format!("{} {value}", tr(lang, "рейтинг", "rating")));
    }
    parts.join(", ")
}

/// A rating as shown: rounded to a whole number (never "-0").
pub fn shown_rating(value: f64) -> String {
    let n = value.round() as i64;
    n.to_string()
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
