//! The public table view as chat text.

use super::board::{CLOSED, EndView};
use super::table::{
    ClockView, LastRoundView, OutcomeView, PhaseView, SheetView, TableView, seat_line,
};
use super::text::{arm_arrow, close_reason_text, end_kind_text, tile_text, tiles_count, tr};
use crate::engine::board::Board;
use crate::engine::moves::Move;
use crate::session::Lang;

/// The table message: plain Unicode text, well within Telegram's 4096 characters.
pub fn render_table(view: &TableView) -> String {
    let lang = view.lang;
    let mut out = vec![format!("🎲 {}", view.title), phase_line(&view.phase, lang), String::new()];
    out.extend(view.seats.iter().map(|s| seat_line(s, lang)));
    if let Some([a, b]) = &view.partners {
        out.push(format!("🤝 {a} {} {b}", tr(lang, "против", "vs")));
        if matches!(view.phase, PhaseView::Lobby { seated, size } if seated == size) {
            out.push(
                tr(
                    lang,
                    "Все места заняты: хозяин начинает матч.",
                    "Every seat is taken: the host starts the match.",
                )
                .to_owned(),
            );
        }
    }
    if let Some(clock) = &view.clock {
        out.push(clock_line(clock, lang));
    }
    out.extend(view.notes.iter().cloned());
    if view.hints {
        out.push(
            tr(
                lang,
                "💡 Подсказки включены: кнопка в ваших костях.",
                "💡 Hints are on: a button on your tiles.",
            )
            .to_owned(),
        );
    }
    if view.private {
        out.push(
            tr(
                lang,
                "🔒 Стол в личном чате: играете вы и компьютеры. Чтобы сыграть с людьми, откройте стол в группе.",
                "🔒 A table in your private chat: you play with computers. To play with people, open a table in a group.",
            )
            .to_owned(),
        );
    }
    let playing = matches!(view.phase, PhaseView::Playing { .. });
    let closed = matches!(view.phase, PhaseView::Closed { .. });
    if let Some(board) = view.board.as_ref().filter(|_| !closed) {
        out.push(String::new());
        if board.lines.is_empty() {
            let leader = view.seats.iter().find(|s| s.to_move).and_then(|s| s.name.clone());
            out.push(match (leader, lang) {
                (Some(name), Lang::Ru) if playing => {
                    format!("На столе пока пусто, заходит {name}.")
                }
                (Some(name), Lang::En) if playing => {
                    format!("No tiles on the table yet; {name} leads.")
                }
                _ => tr(lang, "На столе пусто.", "No tiles on the table.").to_owned(),
            });
        }
        out.extend(board.lines.iter().cloned());
        if playing && !board.ends.is_empty() {
            out.push(format!("{} {}", tr(lang, "Концы:", "Ends:"), ends_text(&board.ends)));
        }
        if let (true, Some(count)) = (playing, board.count) {
            out.push(format!("📞 {} {count}", tr(lang, "Сумма концов:", "Count of the ends:")));
        }
    }
    if let Some(n) = view.bazaar {
        out.push(format!("🧺 {} {}", tr(lang, "Базар:", "Boneyard:"), tiles_count(n as u64, lang)));
    }
    if let Some(last) = &view.last_move {
        out.push(format!("{} {last}", tr(lang, "Последний ход —", "Last move —")));
    }
    if let Some(sheet) = &view.sheet {
        out.push(String::new());
        out.extend(sheet_lines(sheet, view.outcome.as_ref(), lang));
    }
    if let Some(last) = &view.last_round {
        out.push(String::new());
        out.push(round_result(last, lang));
    }
    if let Some(outcome) = &view.outcome {
        out.push(String::new());
        out.extend(outcome_lines(outcome, lang));
    }
    out.join("\n")
}

/// The table message as a picture's caption of at most `max` characters: the whole text when
/// it fits; else without the board's lines (the picture shows the board); else cut after the
/// last whole line that fits, with "…".
pub fn render_caption(view: &TableView, max: usize) -> String {
    let full = render_table(view);
    if full.chars().count() <= max {
        return full;
    }
    let short = render_table(&TableView { board: None, ..view.clone() });
    if short.chars().count() <= max {
        return short;
    }
    let mut out = String::new();
    for line in short.lines() {
        // The line, a newline before it, and room for a last "\n…".
        if out.chars().count() + line.chars().count() + 3 > max {
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    if out.is_empty() {
        out = short.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
    } else {
        out.push_str("\n…");
    }
    out
}

/// "⏱ Часы 10+5: 🔵 Анна + Вера 9:58 ▶ · 🔴 Борис + Гоша 10:00".
fn clock_line(clock: &ClockView, lang: Lang) -> String {
    let mut line = format!("⏱ {} {}", tr(lang, "Часы", "Clock"), clock.rule);
    if clock.auto {
        line.push_str(tr(
            lang,
            " (время вышло — играет компьютер)",
            " (out of time: the computer plays)",
        ));
    }
    let sides: Vec<String> = clock
        .sides
        .iter()
        .map(|s| {
            let mark = if s.fallen {
                " ⌛"
            } else if s.running {
                " ▶"
            } else {
                ""
            };
            format!("{} {}{mark}", s.label, clock_time(s.left_ms))
        })
        .collect();
    if !sides.is_empty() {
        line.push_str(": ");
        line.push_str(&sides.join(" · "));
    }
    line
}

/// `9:58`, `1:05:00`: the time left, in whole seconds rounded down.
pub(super) fn clock_time(ms: i64) -> String {
    let secs = ms.max(0) / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
}

fn phase_line(phase: &PhaseView, lang: Lang) -> String {
    match (phase, lang) {
        (PhaseView::Lobby { seated, size }, Lang::Ru) => {
            format!("Набираем игроков: {seated} из {size}. Свободные места займёт компьютер.")
        }
        (PhaseView::Lobby { seated, size }, Lang::En) => {
            format!("Gathering players: {seated} of {size}. The computer takes empty seats.")
        }
        (PhaseView::Challenge { invitee }, Lang::Ru) => format!("⚔️ Вызов: {invitee}, принимаете?"),
        (PhaseView::Challenge { invitee }, Lang::En) => {
            format!("⚔️ A challenge: {invitee}, do you accept?")
        }
        (PhaseView::Playing { match_no, round }, Lang::Ru) => {
            format!("Матч {match_no} · раунд {round}")
        }
        (PhaseView::Playing { match_no, round }, Lang::En) => {
            format!("Match {match_no} · round {round}")
        }
        (PhaseView::Finished { match_no }, Lang::Ru) => format!("🏁 Матч {match_no} окончен"),
        (PhaseView::Finished { match_no }, Lang::En) => format!("🏁 Match {match_no} is over"),
        (PhaseView::Closed { reason }, _) => {
            format!(
                "{} {}",
                tr(lang, "Стол закрыт:", "Table closed:"),
                close_reason_text(*reason, lang)
            )
        }
    }
}

/// "◀ 3 · ▶ 🔒 · ▲ 5".
pub(crate) fn ends_text(ends: &[EndView]) -> String {
    ends.iter().map(EndView::text).collect::<Vec<_>>().join(" · ")
}

/// The sheet: a header and one line per side; once the match is over, medals and the goat.
pub(crate) fn sheet_lines(
    sheet: &SheetView,
    outcome: Option<&OutcomeView>,
    lang: Lang,
) -> Vec<String> {
    let header = match (sheet.goat.filter(|_| sheet.penalties), lang) {
        (Some(goat), Lang::Ru) => {
            format!("📋 Счёт (кто наберёт {}, тот {}):", sheet.target, goat.name(lang))
        }
        (Some(goat), Lang::En) => {
            format!("📋 Score ({} makes the {}):", sheet.target, goat.name(lang))
        }
        (None, Lang::Ru) => format!("📋 Счёт (играем до {}):", sheet.target),
        (None, Lang::En) => format!("📋 Score (first to {}):", sheet.target),
    };
    let mut sides: Vec<_> = sheet.sides.iter().collect();
    let Some(outcome) = outcome else {
        let mut lines = vec![header];
        lines.extend(
            sides
                .iter()
                .map(|s| format!("  {} — {}{}", s.label, s.score, remembered(s.remembered, lang))),
        );
        return lines;
    };
    let rank = |side: usize| match (outcome.winner_side, outcome.loser_side) {
        (Some(w), _) if w == side => 0,
        (_, Some(l)) if l == side => 2,
        _ => 1,
    };
    sides.sort_by(|a, b| {
        let by_score = if sheet.penalties { a.score.cmp(&b.score) } else { b.score.cmp(&a.score) };
        rank(a.side).cmp(&rank(b.side)).then(by_score)
    });
    let mut lines = vec![header];
    for (i, s) in sides.iter().enumerate() {
        let medal = match outcome.goat {
            Some(goat) if outcome.loser_side == Some(s.side) => goat.emoji(),
            _ => ["🥇", "🥈", "🥉", "▫️"][i.min(3)],
        };
        lines.push(format!("{medal} {} — {}", s.label, s.score));
    }
    lines
}

fn remembered(points: u32, lang: Lang) -> String {
    if points == 0 {
        String::new()
    } else {
        format!(" ({} {points})", tr(lang, "в памяти", "remembered"))
    }
}

/// "Раунд 2 (рыба 🐟): победа — Анна; записано: Борис +15; в памяти: Вера 9."
pub(crate) fn round_result(last: &LastRoundView, lang: Lang) -> String {
    let mut parts = Vec::new();
    parts.push(match &last.winner {
        Some(w) => format!("{} {w}", tr(lang, "победа —", "won by")),
        None => tr(lang, "ничья", "a tie").to_owned(),
    });
    if last.written.is_empty() {
        parts.push(tr(lang, "ничего не записано", "nothing written").to_owned());
    } else {
        let list: Vec<String> = last.written.iter().map(|(who, n)| format!("{who} +{n}")).collect();
        parts.push(format!("{} {}", tr(lang, "записано:", "written:"), list.join(", ")));
    }
    if !last.remembered.is_empty() {
        let list: Vec<String> =
            last.remembered.iter().map(|(who, n)| format!("{who} {n}")).collect();
        parts.push(format!("{} {}", tr(lang, "в памяти:", "remembered:"), list.join(", ")));
    }
    if !last.hints.is_empty() {
        let list: Vec<String> = last.hints.iter().map(|(who, n)| format!("{who} {n}")).collect();
        parts.push(format!("💡 {} {}", tr(lang, "подсказки:", "hints:"), list.join(", ")));
    }
    let round = tr(lang, "Раунд", "Round");
    format!("{round} {} ({}): {}.", last.round, end_kind_text(last.end, lang), parts.join("; "))
}

pub(crate) fn outcome_lines(outcome: &OutcomeView, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(who) = &outcome.flag {
        lines.push(format!("⏱ {who}: {}", tr(lang, "время вышло.", "out of time.")));
    }
    if let Some(who) = &outcome.resigned {
        lines.push(format!("🏳 {who} {}", tr(lang, "сдаётся.", "resigns.")));
    }
    if let Some(w) = &outcome.winner {
        lines.push(format!("🏆 {} {w}!", tr(lang, "Победа:", "Winner:")));
    }
    match (&outcome.loser, outcome.goat) {
        (Some(l), Some(goat)) => lines.push(format!("{} {}: {l}!", goat.emoji(), goat.title(lang))),
        (Some(l), None) if outcome.winner.is_none() => {
            lines.push(format!("{} {l}", tr(lang, "Проигрыш:", "Lost:")))
        }
        _ => {}
    }
    if outcome.winner.is_none() && outcome.loser.is_none() {
        lines.push(tr(lang, "Без победителя.", "No winner.").to_owned());
    }
    lines
}

/// A move in words; tiles as they lie on `board` when it holds them.
pub(crate) fn move_text(mv: &Move, board: Option<&Board>, lang: Lang) -> String {
    let oriented = |tile, arm| -> String {
        let laid = board.and_then(|b| b.laid().find(|l| l.tile == tile));
        match laid {
            Some(l) if arm == Some(crate::engine::board::Arm::Left) => {
                tile_text(l.outer, tile.other(l.outer))
            }
            Some(l) => tile_text(tile.other(l.outer), l.outer),
            None => tile_text(tile.low(), tile.high()),
        }
    };
    match mv {
        Move::Lead { tile, na_sto, .. } => {
            let t = oriented(*tile, None);
            let what = if *na_sto {
                tr(lang, "заход «на сто»!", "lead «for a hundred»!")
            } else {
                tr(lang, "заход", "lead")
            };
            format!("{t} {what}")
        }
        Move::Play(list) => list
            .as_slice()
            .iter()
            .map(|p| {
                let lock = if p.close { CLOSED } else { "" };
                format!("{} {}{lock}", oriented(p.tile, Some(p.arm)), arm_arrow(p.arm))
            })
            .collect::<Vec<_>>()
            .join(" + "),
        Move::Draw => tr(lang, "берёт из базара", "draws from the boneyard").to_owned(),
        Move::Pass => tr(lang, "пас (стучит)", "passes (knocks)").to_owned(),
    }
}
