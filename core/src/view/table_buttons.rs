//! The table message's buttons, by phase: seats and settings in the lobby, a challenge's
//! answer, a match's controls (tiles, back, pause, resign and a pair's answer, vote to end,
//! leave), a finished match's rematch and the seats changed before it (a newcomer sits down,
//! pairs' partners swapped or drawn by lot), and the queue («🙋 Next in line», the host's
//! setting «🔄 Queue: …»).

use super::queue::{next_rotation, rotation_name};
use super::table::Buttons;
use super::text::tr;
use crate::chat::press::{ButtonAction, ButtonData};
use crate::engine::rules::Teams;
use crate::session::{Lang, Occupant, Phase, Table};

/// Seat buttons (remove a computer, swap neighbours) a row: up to eight seats make two rows.
const SEAT_BUTTONS_PER_ROW: usize = 4;

pub(super) fn buttons(table: &Table, lang: Lang) -> Buttons {
    let b =
        |label: &str, action| (label.to_owned(), ButtonData::new(table.id, table.version, action));
    match &table.phase {
        Phase::Lobby => {
            let pairs = table.rules.teams() == Teams::Pairs;
            // Nobody but its seated owner plays at a table in a private chat: no «Join».
            let mut first = Vec::new();
            if !table.private {
                first.push(b(tr(lang, "✋ Сесть", "✋ Join"), ButtonAction::Join));
            }
            if pairs {
                // Partners sit opposite: seats 1 and 3 (N/S) against 2 and 4 (E/W).
                first.push(b(tr(lang, "🔵 С/Ю", "🔵 N/S"), ButtonAction::Side(0)));
                first.push(b(tr(lang, "🔴 В/З", "🔴 E/W"), ButtonAction::Side(1)));
            }
            first.push(b(tr(lang, "🚪 Встать", "🚪 Leave"), ButtonAction::Leave));
            let mut rows = vec![first];
            let mut second = Vec::new();
            if !table.is_full() {
                second.push(b(tr(lang, "🤖 + Компьютер", "🤖 + Computer"), ButtonAction::AddBot));
            }
            second.push(b(tr(lang, "▶️ Начать", "▶️ Start"), ButtonAction::Start));
            let seated = table.seats.iter().flatten().count();
            if seated >= 2 {
                let shuffle = if pairs {
                    tr(lang, "🎲 Пары по жребию", "🎲 Partners by lot")
                } else {
                    tr(lang, "🎲 Места по жребию", "🎲 Seats by lot")
                };
                second.push(b(shuffle, ButtonAction::Shuffle));
            }
            if !table.private {
                second.push(rotation_button(table, lang, &b));
            }
            rows.push(second);
            if table.is_full() && table.rotation.is_some() {
                rows[0].push(queue_button(lang, &b));
            }
            let bots: Vec<_> = table
                .seats
                .iter()
                .enumerate()
                .filter_map(|(s, st)| match st.as_ref()?.occupant {
                    Occupant::Bot(_) => {
                        Some(b(&format!("✖ 🤖 {}", s + 1), ButtonAction::RemoveBot(s as u8)))
                    }
                    Occupant::Human(_) => None,
                })
                .collect();
            // More than four a row reads badly (and Discord takes five): rows of four.
            rows.extend(bots.chunks(SEAT_BUTTONS_PER_ROW).map(<[_]>::to_vec));
            if seated >= 2 {
                rows.extend(swap_rows(table, &b));
            }
            rows
        }
        Phase::Challenge { .. } => {
            vec![vec![
                b(tr(lang, "✅ Принять", "✅ Accept"), ButtonAction::Accept),
                b(tr(lang, "❌ Отказаться", "❌ Decline"), ButtonAction::Decline),
            ]]
        }
        Phase::Playing => {
            let mut rows =
                vec![vec![b(tr(lang, "🎴 Мои кости", "🎴 My tiles"), ButtonAction::Hand)]];
            // Only a person away comes back; one who left does not.
            if table.seats.iter().flatten().any(|s| s.away && s.person().is_some()) {
                rows[0].push(b(tr(lang, "👋 Я вернулся", "👋 I'm back"), ButtonAction::Back));
            }
            if table.rotation.is_some() {
                rows[0].push(queue_button(lang, &b));
            }
            rows[0].push(if table.is_paused() {
                b(tr(lang, "▶️ Продолжить", "▶️ Resume"), ButtonAction::Resume)
            } else {
                b(tr(lang, "⏸ Пауза", "⏸ Pause"), ButtonAction::Pause)
            });
            // A pair's resignation asked: the partner's answer (only theirs counts).
            if table.resign_vote.is_some() {
                rows.push(vec![
                    b(tr(lang, "✅ Сдаёмся", "✅ Resign together"), ButtonAction::ResignYes),
                    b(tr(lang, "❌ Играем дальше", "❌ Play on"), ButtonAction::ResignNo),
                ]);
            }
            rows.push(vec![
                b(tr(lang, "🏳 Сдаться", "🏳 Resign"), ButtonAction::Resign),
                b(tr(lang, "🗳 Закончить", "🗳 Vote to end"), ButtonAction::VoteEnd),
                b(tr(lang, "🚪 Выйти", "🚪 Leave"), ButtonAction::Leave),
            ]);
            rows
        }
        // A tournament's table plays its fixture only: no rematch, nobody new to seat.
        Phase::Finished if table.fixture.is_some() => {
            vec![vec![b(tr(lang, "🚪 Закрыть стол", "🚪 Close table"), ButtonAction::End)]]
        }
        Phase::Finished => {
            let mut rows = vec![vec![
                b(tr(lang, "🔁 Ещё матч", "🔁 Rematch"), ButtonAction::Rematch),
                b(tr(lang, "🚪 Закрыть стол", "🚪 Close table"), ButtonAction::End),
            ]];
            // Before the rematch: a newcomer sits down (in a computer's seat when none is
            // free), and in pairs the host changes partners (by lot or by swaps).
            let mut second = Vec::new();
            let computer =
                table.seats.iter().any(|s| s.as_ref().is_none_or(|s| s.person().is_none()));
            if !table.private && computer {
                second.push(b(tr(lang, "✋ Сесть", "✋ Join"), ButtonAction::Join));
            }
            if table.rotation.is_some() {
                second.push(queue_button(lang, &b));
            }
            if !table.private {
                second.push(rotation_button(table, lang, &b));
            }
            let pairs = table.rules.teams() == Teams::Pairs;
            if pairs {
                second.push(b(
                    tr(lang, "🎲 Пары по жребию", "🎲 Partners by lot"),
                    ButtonAction::Shuffle,
                ));
            }
            if !second.is_empty() {
                rows.push(second);
            }
            if pairs {
                rows.extend(swap_rows(table, &b));
            }
            rows
        }
        Phase::Closed { .. } => Vec::new(),
    }
}

/// «🙋 В очередь»: get in line, or out of it.
fn queue_button(
    lang: Lang,
    b: &impl Fn(&str, ButtonAction) -> (String, ButtonData),
) -> (String, ButtonData) {
    b(tr(lang, "🙋 В очередь", "🙋 Next in line"), ButtonAction::Queue)
}

/// The host's «🔄 Очередь: нет»: the table's queue setting, moved on by a press.
fn rotation_button(
    table: &Table,
    lang: Lang,
    b: &impl Fn(&str, ButtonAction) -> (String, ButtonData),
) -> (String, ButtonData) {
    let label =
        format!("🔄 {} {}", tr(lang, "Очередь:", "Queue:"), rotation_name(table.rotation, lang));
    b(&label, ButtonAction::Rotation(next_rotation(table.rotation)))
}

/// The host's swaps of neighbouring seats: every order can be reached, and in pairs each swap
/// changes partners; rows of [`SEAT_BUTTONS_PER_ROW`].
fn swap_rows(
    table: &Table,
    b: &impl Fn(&str, ButtonAction) -> (String, ButtonData),
) -> Vec<Vec<(String, ButtonData)>> {
    let n = table.seats.len();
    let pairs: Vec<(usize, usize)> = match n {
        2 => vec![(0, 1)],
        _ => (0..n).map(|i| (i, (i + 1) % n)).collect(),
    };
    let swaps: Vec<_> = pairs
        .into_iter()
        .map(|(i, j)| b(&format!("{}⇄{}", i + 1, j + 1), ButtonAction::Swap(i as u8, j as u8)))
        .collect();
    swaps.chunks(SEAT_BUTTONS_PER_ROW).map(<[_]>::to_vec).collect()
}
