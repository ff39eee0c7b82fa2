//! What a move cost, read from what the fake saw: every call of the bot sorted by the budget
//! it spends, the table message's versions over time, the limits' breaches.

use super::{FlowSpec, GROUP, Tally};
use crate::fake::limits::Breach;
use crate::fake::{Req, St, int};
use domino_core::chat::ButtonData;
use domino_core::chat::flow::{self, Budget, Calls, FlowReport, Spread};
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::Duration;
use tokio::time::Instant;

fn parsed(v: Option<&Value>) -> Value {
    match v {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    }
}

/// The table buttons of a call's keyboard.
fn table_buttons(body: &Value) -> Vec<ButtonData> {
    let markup = parsed(body.get("reply_markup"));
    let rows = markup["inline_keyboard"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|r| r.as_array().cloned().unwrap_or_default())
        .filter_map(|b| ButtonData::decode(b["callback_data"].as_str()?).ok())
        .collect()
}

fn is_send(method: &str) -> bool {
    method.starts_with("send") && method != "sendchataction"
}

/// The budget a call spends and its kind; `None` for what is no message (updates, members).
fn classify(r: &Req, players: &[i64]) -> Option<(Budget, &'static str)> {
    let m = r.method.as_str();
    if m == "answercallbackquery" {
        return Some((Budget::Unbudgeted, "callback answers"));
    }
    let chat = r.body.get("chat_id").and_then(int)?;
    if chat != GROUP {
        return None;
    }
    let params = parsed(r.body.get("ephemeral_message_parameters"));
    let receiver =
        params.get("receiver_user_id").or_else(|| r.body.get("receiver_user_id")).and_then(int);
    let hand = receiver.is_some_and(|u| players.contains(&u));
    if is_send(m) && !params.is_null() {
        let press = params.get("callback_query_id").is_some_and(|v| !v.is_null());
        let command = parsed(r.body.get("reply_parameters")).get("ephemeral_message_id").is_some();
        return Some(match (press || command, hand) {
            (true, _) => (Budget::Unbudgeted, "answers to a press"),
            (false, true) => (Budget::Ephemeral, "hand sends"),
            (false, false) => (Budget::Ephemeral, "watcher views"),
        });
    }
    if m.contains("ephemeral") {
        return Some(match (m.starts_with("delete"), hand) {
            (true, _) => (Budget::Ephemeral, "deletes"),
            (false, true) => (Budget::Ephemeral, "hand edits"),
            (false, false) => (Budget::Ephemeral, "watcher views"),
        });
    }
    if m.starts_with("edit") {
        return Some((Budget::Group, "table edits"));
    }
    if m == "deletemessage" {
        return Some((Budget::Group, "deletes"));
    }
    if !is_send(m) {
        return None;
    }
    if !table_buttons(&r.body).is_empty() {
        return Some((Budget::Group, "table sends"));
    }
    let entities = parsed(r.body.get("entities"));
    let mentions = entities.as_array().is_some_and(|es| {
        es.iter().any(|e| matches!(e["type"].as_str(), Some("mention" | "text_mention")))
    });
    Some((Budget::Group, if mentions { "mentions" } else { "notices" }))
}

/// When the table message first showed each version (or a later one), from the calls that
/// drew it.
fn table_timeline(st: &St, id: i64) -> Vec<(Instant, u64)> {
    st.requests
        .iter()
        .filter(|r| r.status == 200 && r.body.get("chat_id").and_then(int) == Some(GROUP))
        .filter(|r| r.body.get("ephemeral_message_parameters").is_none_or(Value::is_null))
        .filter(|r| is_send(&r.method) || r.method.starts_with("edit"))
        .filter(|r| !r.method.contains("ephemeral"))
        .filter_map(|r| {
            let v =
                table_buttons(&r.body).iter().filter(|b| b.table == id).map(|b| b.version).max()?;
            Some((r.at, v))
        })
        .collect()
}

fn breach(b: &crate::fake::limits::Breached, t0: Instant) -> flow::Breach {
    let (limit, detail) = match &b.breach {
        Breach::GroupRate { chat } => ("more than 20 group messages a minute", chat.to_string()),
        Breach::LateAnswer { callback, after } => {
            ("a press answered after 3 s", format!("{callback}: {:.1} s", after.as_secs_f64()))
        }
        Breach::TextTooLong { chars, .. } => ("a text over 4,096 characters", chars.to_string()),
        Breach::CaptionTooLong { chars, .. } => {
            ("a caption over 1,024 characters", chars.to_string())
        }
        Breach::CallbackDataTooLong { bytes, .. } => {
            ("callback data over 64 bytes", bytes.to_string())
        }
    };
    let at = b.at.saturating_duration_since(t0);
    flow::Breach { at, call: b.method.clone(), limit, detail }
}

/// The report of a flow from what the fake saw and what the people did.
pub(crate) fn report(
    spec: &FlowSpec,
    st: &St,
    tally: &Tally,
    players: &[i64],
    tables: &[i64],
) -> FlowReport {
    let (start, end) = match (tally.started, tally.ended) {
        (Some(s), Some(e)) => (s, e),
        _ => (Instant::now(), Instant::now()),
    };
    let mut counts: BTreeMap<(Budget, &'static str), u64> = BTreeMap::new();
    let mut notifying = 0;
    for r in st.requests.iter().filter(|r| r.at >= start && r.at <= end) {
        let Some(kind) = classify(r, players) else { continue };
        *counts.entry(kind).or_default() += 1;
        let quiet = r.body.get("disable_notification").is_some_and(|v| v == true || v == "true");
        if kind.0 == Budget::Group && kind.1 != "table edits" && kind.1 != "deletes" && !quiet {
            notifying += 1;
        }
    }
    let timelines: BTreeMap<i64, Vec<(Instant, u64)>> =
        tables.iter().map(|&id| (id, table_timeline(st, id))).collect();
    let lags: Vec<Duration> = tally
        .moves
        .iter()
        .filter_map(|(id, pressed, made)| {
            let shown = timelines[id].iter().find(|(at, v)| at >= pressed && v >= made)?;
            Some(shown.0.saturating_duration_since(*pressed))
        })
        .collect();
    let sec = |d: Duration| d.as_secs_f64();
    FlowReport {
        scenario: spec.scenario.clone(),
        platform: "telegram",
        seed: spec.seed,
        think: (sec(spec.think.0), sec(spec.think.1)),
        tables: spec.tables,
        matches: tally.matches,
        moves: tally.moves.len() as u64,
        played: end.saturating_duration_since(start),
        wait: Spread::of(&tally.waits),
        table_lag: Spread::of(&lags),
        taps: tally.taps,
        my_tiles: tally.my_tiles,
        refused: tally.refused,
        calls: counts
            .into_iter()
            .map(|((budget, kind), count)| Calls { budget, kind, count })
            .collect(),
        notifying,
        group_peak: st.windows.group_peak.values().copied().max().unwrap_or(0),
        ephemeral_peak: st.windows.ephemeral_peak.values().copied().max().unwrap_or(0),
        breaches: st.breaches.iter().map(|b| breach(b, start)).collect(),
        problems: tally.problems.clone(),
    }
}
