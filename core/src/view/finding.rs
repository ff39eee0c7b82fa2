//! Finding a table again in a busy chat: `/tables`, the chat's open tables with what each
//! waits for, and what `/table N` says (the table posted anew; its old message, left without
//! buttons, says where it went).

use super::notice::movers_text;
use super::text::{display_name, rules_name, seat_name, tr};
use crate::session::{Lang, Occupant, Phase, Table};

/// What a table waits for, as a short line: players to join, the host to start, a challenged
/// person's answer, whose move it is, or a rematch.
pub fn waiting_for(table: &Table, lang: Lang) -> String {
    match &table.phase {
        Phase::Lobby if !table.is_full() => {
            let seated = table.seats.iter().flatten().count();
            match lang {
                Lang::Ru => format!("ждёт игроков ({seated} из {})", table.size),
                Lang::En => format!("waiting for players ({seated} of {})", table.size),
            }
        }
        Phase::Lobby => {
            let host = host_name(table).unwrap_or_else(|| tr(lang, "хозяин", "the host").into());
            match lang {
                Lang::Ru => format!("ждёт, когда {host} начнёт"),
                Lang::En => format!("waiting for {host} to start"),
            }
        }
        Phase::Challenge { invitee, .. } => {
            let name = display_name(&invitee.name);
            match lang {
                Lang::Ru => format!("ждёт ответа: {name}"),
                Lang::En => format!("waiting for {name} to answer"),
            }
        }
        Phase::Playing => match movers_text(table, lang) {
            Some(names) if someone_moves(table) => match lang {
                Lang::Ru => format!("ход: {names}"),
                Lang::En => format!("{names} to move"),
            },
            _ => tr(lang, "ходит компьютер", "the computer is moving").to_owned(),
        },
        Phase::Finished => {
            tr(lang, "матч окончен — ждёт реванша", "the match is over: a rematch?").to_owned()
        }
        Phase::Closed { .. } => tr(lang, "закрыт", "closed").to_owned(),
    }
}

/// Whether a person (not away) is to move.
fn someone_moves(table: &Table) -> bool {
    let Some(seat) = table.to_move() else { return false };
    table.seats[seat]
        .as_ref()
        .is_some_and(|st| matches!(st.occupant, Occupant::Human(_)) && !st.away)
}

fn host_name(table: &Table) -> Option<String> {
    let (_, p) = table.humans().find(|(_, p)| p.id == table.host)?;
    Some(display_name(&p.name))
}

/// Who sits at a table, in seat order: names, computers, empty seats as «—».
fn sitting(table: &Table, lang: Lang) -> String {
    let names: Vec<String> = (0..table.seats.len())
        .map(|s| seat_name(table, s, lang).unwrap_or_else(|| "—".to_owned()))
        .collect();
    names.join(", ")
}

/// `/tables`: each open table of the chat with its number, game, who sits and what it waits
/// for, and how to bring one back to the bottom of the chat (`p`: how commands are written).
pub fn tables_text(tables: &[Table], lang: Lang, p: &str) -> String {
    if tables.is_empty() {
        return match lang {
            Lang::Ru => format!("В этом чате нет открытых столов. Открыть: {p}new"),
            Lang::En => format!("No open tables in this chat. Open one: {p}new"),
        };
    }
    let mut out = vec![tr(lang, "🎲 Столы чата", "🎲 This chat's tables").to_owned()];
    for t in tables {
        let number = match lang {
            Lang::Ru => format!("№{}", t.number),
            Lang::En => format!("#{}", t.number),
        };
        out.push(format!(
            "{number} · {} · {} — {}",
            rules_name(&t.rules, lang),
            sitting(t, lang),
            waiting_for(t, lang)
        ));
    }
    out.push(match lang {
        Lang::Ru => format!("Перенести стол вниз чата: {p}table N"),
        Lang::En => format!("Bring a table to the bottom of the chat: {p}table N"),
    });
    out.join("\n")
}

/// What a table's old message says once the table was posted anew (`/table N`).
pub fn moved_text(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("🎲 Стол №{number} перенесён вниз чата ↓"),
        Lang::En => format!("🎲 Table #{number} moved to the bottom of the chat ↓"),
    }
}

/// What the person who asked for the table is told.
pub fn reposted_text(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("🎲 Стол №{number} — ниже."),
        Lang::En => format!("🎲 Table #{number} is below."),
    }
}
