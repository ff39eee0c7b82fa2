//! The queue at a table as the table message shows it: the setting, who waits in line, and
//! before the next match who sits in for whom (`session::queue`).

use super::text::{display_name, seat_name, tr};
use crate::session::{Lang, Phase, Rotation, Table};

/// The setting's name: «на вылет», «по очереди», «нет».
pub fn rotation_name(rotation: Option<Rotation>, lang: Lang) -> &'static str {
    match rotation {
        None => tr(lang, "нет", "off"),
        Some(Rotation::Queue) => tr(lang, "по очереди", "in turn"),
        Some(Rotation::Knockout) => tr(lang, "на вылет", "knockout"),
    }
}

/// The setting a press of the host's «🔄» button moves to: none, in turn, knockout, none.
pub fn next_rotation(rotation: Option<Rotation>) -> Option<Rotation> {
    match rotation {
        None => Some(Rotation::Queue),
        Some(Rotation::Queue) => Some(Rotation::Knockout),
        Some(Rotation::Knockout) => None,
    }
}

/// The queue's lines: «🔄 На вылет · в очереди: 1. Вера, 2. Глеб», and between matches who
/// makes room for whom in the next one («Анна → Вера»).
pub fn queue_lines(table: &Table, lang: Lang) -> Vec<String> {
    let Some(rotation) = table.rotation.filter(|_| table.phase.is_open()) else {
        return Vec::new();
    };
    let name = rotation_name(Some(rotation), lang);
    let mut chars = name.chars();
    let head: String = chars.next().into_iter().flat_map(char::to_uppercase).chain(chars).collect();
    let line = if table.queue.is_empty() {
        match lang {
            Lang::Ru => format!("🔄 {head} · в очереди никого: «🙋 В очередь»."),
            Lang::En => format!("🔄 {head} · nobody in line: «🙋 Next in line»."),
        }
    } else {
        let names: Vec<String> = table
            .queue
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}. {}", i + 1, display_name(&p.name)))
            .collect();
        format!("🔄 {head} · {} {}", tr(lang, "в очереди:", "in line:"), names.join(", "))
    };
    let mut out = vec![line];
    if table.phase == Phase::Finished {
        let swaps: Vec<String> = table
            .making_room()
            .into_iter()
            .zip(&table.queue)
            .map(|(s, p)| {
                let who = display_name(&p.name);
                let out = seat_name(table, s, lang).unwrap_or_else(|| (s + 1).to_string());
                format!("{out} → {who}")
            })
            .collect();
        if !swaps.is_empty() {
            out.push(format!(
                "⏭ {} {}",
                tr(lang, "В следующем матче уступают место:", "Next match, making room:"),
                swaps.join(", ")
            ));
        }
    }
    out
}
