//! What a move cost, read from what the fake saw: every call of the bot sorted by the budget
//! it spends (the channel's five per five seconds, or none: interaction answers and token
//! edits), the table message's versions over time, the limit's breaches and late answers.

use super::{CHANNEL, FlowSpec, Tally};
use crate::fake::{Fake, Request};
use domino_core::chat::ButtonData;
use domino_core::chat::flow::{self, Budget, Calls, FlowReport, Spread};
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::Duration;
use tokio::time::Instant;

/// Discord's time to answer an interaction.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// The table versions a body's buttons carry.
fn versions(body: &Value) -> Option<u64> {
    let rows = body["components"].as_array()?;
    let ids = rows.iter().flat_map(|r| r["components"].as_array().into_iter().flatten());
    ids.filter_map(|c| ButtonData::decode(c["custom_id"].as_str()?).ok()).map(|b| b.version).max()
}

/// Whether a channel message pings someone: it mentions a person and its allowed mentions
/// let it, and it is not sent silently (flag 4096).
fn pings(body: &Value) -> bool {
    let content = body["content"].as_str().unwrap_or("");
    let silent = body["flags"].as_u64().is_some_and(|f| f & 4096 != 0);
    let allowed = &body["allowed_mentions"];
    let lets = allowed.is_null()
        || allowed["users"].as_array().is_some_and(|u| !u.is_empty())
        || allowed["parse"].as_array().is_some_and(|p| p.iter().any(|v| v == "users"));
    content.contains("<@") && lets && !silent
}

/// The budget a call spends and its kind; `None` for what is no message (commands, pins…).
fn classify(r: &Request) -> Option<(Budget, &'static str)> {
    let seg: Vec<&str> = r.path.trim_start_matches('/').split('/').collect();
    let channel = CHANNEL.to_string();
    Some(match (r.method.as_str(), seg.as_slice()) {
        ("POST", ["interactions", _, _, "callback"]) => (Budget::Unbudgeted, "interaction answers"),
        ("PATCH", ["webhooks", _, _, "messages", _]) => (Budget::Unbudgeted, "token edits"),
        ("POST", ["webhooks", _, _]) => (Budget::Unbudgeted, "follow-ups"),
        ("POST", ["channels", c, "messages"]) if *c == channel => {
            match (pings(&r.body), versions(&r.body)) {
                (true, _) => (Budget::Group, "mentions"),
                (false, Some(_)) => (Budget::Group, "table sends"),
                (false, None) => (Budget::Group, "notices"),
            }
        }
        ("PATCH", ["channels", c, "messages", _]) if *c == channel => {
            (Budget::Group, "table edits")
        }
        ("DELETE", ["channels", c, "messages", _]) if *c == channel => (Budget::Group, "deletes"),
        _ => return None,
    })
}

/// The most of `times` within any one minute.
fn peak(times: &[Instant]) -> usize {
    let mut best = 0;
    for (i, &t) in times.iter().enumerate() {
        let n = times[i..].iter().take_while(|&&u| u - t < Duration::from_secs(60)).count();
        best = best.max(n);
    }
    best
}

/// The report of a flow from what the fake saw and what the people did.
pub(crate) fn report(spec: &FlowSpec, fake: &Fake, tally: &Tally) -> FlowReport {
    let (start, end) = match (tally.started, tally.ended) {
        (Some(s), Some(e)) => (s, e),
        _ => (Instant::now(), Instant::now()),
    };
    let requests = fake.requests();
    let played: Vec<&Request> = requests.iter().filter(|r| r.at >= start && r.at <= end).collect();
    let mut counts: BTreeMap<(Budget, &'static str), u64> = BTreeMap::new();
    let mut notifying = 0;
    let mut group_times = Vec::new();
    for r in played.iter().filter(|r| r.status != 429) {
        let Some(kind) = classify(r) else { continue };
        *counts.entry(kind).or_default() += 1;
        if kind.0 == Budget::Group {
            group_times.push(r.at);
            notifying += u64::from(r.method == "POST" && pings(&r.body));
        }
    }
    // When the table message first showed each version, from the calls that drew it.
    let timeline: Vec<(Instant, u64)> = requests
        .iter()
        .filter(|r| r.status == 200 && matches!(classify(r), Some((Budget::Group, _))))
        .filter_map(|r| Some((r.at, versions(&r.body)?)))
        .collect();
    let lags: Vec<Duration> = tally
        .moves
        .iter()
        .filter_map(|(pressed, made)| {
            let shown = timeline.iter().find(|(at, v)| at >= pressed && v >= made)?;
            Some(shown.0.saturating_duration_since(*pressed))
        })
        .collect();
    let mut breaches: Vec<flow::Breach> = fake
        .breaches()
        .into_iter()
        .filter(|b| b.at >= start)
        .map(|b| flow::Breach {
            at: b.at.saturating_duration_since(start),
            call: b.call,
            limit: "more than 5 channel messages per 5 s",
            detail: b.channel.to_string(),
        })
        .collect();
    for (token, a) in fake.all_answered() {
        if let (Some(handed), Some(answered)) = (a.handed, a.answered)
            && handed >= start
            && answered.saturating_duration_since(handed) > ANSWER_WITHIN
        {
            let after = answered.saturating_duration_since(handed).as_secs_f64();
            breaches.push(flow::Breach {
                at: answered.saturating_duration_since(start),
                call: "interaction callback".into(),
                limit: "an interaction answered after 3 s",
                detail: format!("{token}: {after:.1} s"),
            });
        }
    }
    breaches.sort_by_key(|b| b.at);
    let sec = |d: Duration| d.as_secs_f64();
    FlowReport {
        scenario: spec.scenario.clone(),
        platform: "discord",
        seed: spec.seed,
        think: (sec(spec.think.0), sec(spec.think.1)),
        tables: 1,
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
        group_peak: peak(&group_times),
        ephemeral_peak: 0,
        breaches,
        problems: tally.problems.clone(),
    }
}
