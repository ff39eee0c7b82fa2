//! What a scenario step expects, checked against what a run saw: the same checks for the chat
//! layer's run and each adapter's.

use super::{Act, Seen, Step, told};
use serde_json::Value;

/// The table a step re-posts when it expects `moved`: the number its `table` command names
/// (`None`: the newest).
pub fn reposted(step: &Step) -> Option<Option<u32>> {
    step.expect.moved.as_ref()?;
    match &step.act {
        Act::Cmd { args, .. } => Some(args.get("number").and_then(Value::as_u64).map(|n| n as u32)),
        _ => None,
    }
}

/// A turn ping as a run saw it: its text as the scenario's people read it, « (quiet)» when it
/// mentions nobody; «none» when the chat shows none.
pub fn ping_seen(ping: Option<(&str, bool)>, people: &[(String, String, String)]) -> String {
    match ping {
        Some((text, quiet)) => {
            let text = told(text, people);
            if quiet { format!("{text} (quiet)") } else { text }
        }
        None => "none".to_owned(),
    }
}

/// Checks a step's expectations against what it left (`changed`: the state differs from the
/// step before).
pub fn check(step: &Step, n: usize, changed: bool, seen: &Seen) {
    let what = format!("step {n} ({:?} by {})", step.act, step.who);
    if let Some(part) = &step.expect.refused {
        assert!(!changed, "{what}: refused, yet the chat changed");
        let told = seen.told.as_deref().unwrap_or_default();
        assert!(told.contains(part.as_str()), "{what}: told {told:?}, expected {part:?}");
    }
    if step.expect.changes {
        assert!(changed, "{what}: the chat did not change; told {:?}", seen.told);
    }
    if let Some(part) = &step.expect.told {
        let told = seen.told.as_deref().unwrap_or_default();
        assert!(told.contains(part.as_str()), "{what}: told {told:?}, expected {part:?}");
    }
    if let Some(part) = &step.expect.pinned {
        let pinned = seen.pinned.as_deref().unwrap_or_default();
        assert!(pinned.contains(part.as_str()), "{what}: pinned {pinned:?}, expected {part:?}");
    }
    if let Some(part) = &step.expect.posted {
        let posted = seen.posted.as_deref().unwrap_or_default();
        assert!(posted.contains(part.as_str()), "{what}: posted {posted:?}, expected {part:?}");
    }
    if let Some(part) = &step.expect.moved {
        let moved = seen.moved.as_deref().unwrap_or_default();
        assert!(
            moved.contains(part.as_str()),
            "{what}: the old message reads {moved:?}, expected {part:?}"
        );
    }
    if let Some(part) = &step.expect.ping {
        let ping = seen.ping.as_deref().unwrap_or_default();
        assert!(
            ping.contains(part.as_str()),
            "{what}: the turn ping reads {ping:?}, expected {part:?}"
        );
    }
    let newest = || seen.state["tables"].as_array().and_then(|t| t.last()).expect("a table");
    if let Some(seats) = &step.expect.seats {
        let key = |s: &Value| match &s["occupant"] {
            Value::Null => "-".to_owned(),
            o if o.get("bot").is_some() => "bot".to_owned(),
            o => o["human"]["name"].as_str().unwrap_or("?").to_owned(),
        };
        let now: Vec<String> = newest()["seats"].as_array().unwrap().iter().map(key).collect();
        assert_eq!(&now, seats, "{what}: the seats");
    }
    if let Some(line) = &step.expect.line {
        let waiting = newest()["queue"].as_array().cloned().unwrap_or_default();
        let now: Vec<String> =
            waiting.iter().map(|p| p["name"].as_str().unwrap_or("?").to_owned()).collect();
        assert_eq!(&now, line, "{what}: the line");
    }
    if let Some(want) = &step.expect.watch {
        let watch = seen.watch.as_deref().unwrap_or_default();
        assert!(
            watch.contains(want.reads.as_str()),
            "{what}: {}'s view reads {watch:?}, expected {:?}",
            want.who,
            want.reads
        );
    }
    if let Some(phase) = &step.expect.phase {
        let tables = seen.state["tables"].as_array().unwrap();
        let newest = tables.last().expect("a table");
        assert_eq!(newest["phase"]["phase"].as_str(), Some(phase.as_str()), "{what}");
    }
}
