//! Telegram's limits, kept by the fake: every breach is recorded (`St::breaches`), and where
//! the test asks for it (`Fake::keep_limits`) refused the way Telegram refuses it.
//!
//! - A group gets at most 20 messages a minute: sends, edits and deletes of its non-ephemeral
//!   messages in any 60 s window (a 429 with `retry_after` when kept).
//! - Ephemeral sends, edits and deletes are counted apart (Telegram does not say whether they
//!   count with the group's): no breach, but their busiest minute is kept (`ephemeral_peak`).
//! - A callback query is answered within 3 s of the press ("query is too old" when kept).
//! - A message's text is at most 4,096 characters, a caption 1,024, a button's
//!   `callback_data` 64 bytes.

use super::{St, err, int};
use axum::response::Response;
use serde_json::Value;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::time::Instant;

/// Messages a group may get in `GROUP_WINDOW`.
pub const GROUP_LIMIT: usize = 20;
pub const GROUP_WINDOW: Duration = Duration::from_secs(60);
/// How long after a press its callback query may be answered.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);
pub const TEXT_MAX: usize = 4096;
pub const CAPTION_MAX: usize = 1024;
pub const CALLBACK_DATA_MAX: usize = 64;

/// What went past a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// One call more than `GROUP_LIMIT` within `GROUP_WINDOW` in a group.
    GroupRate {
        chat: i64,
    },
    /// A callback query answered this long after the press.
    LateAnswer {
        callback: String,
        after: Duration,
    },
    TextTooLong {
        chat: i64,
        chars: usize,
    },
    CaptionTooLong {
        chat: i64,
        chars: usize,
    },
    CallbackDataTooLong {
        chat: i64,
        bytes: usize,
    },
}

/// A breach and when it happened.
#[derive(Clone, Debug)]
pub struct Breached {
    pub at: Instant,
    pub method: String,
    pub breach: Breach,
}

/// The calls each group got within the window, and the busiest minutes.
#[derive(Default, Debug)]
pub struct Windows {
    group: std::collections::HashMap<i64, VecDeque<Instant>>,
    ephemeral: std::collections::HashMap<i64, VecDeque<Instant>>,
    /// The most ephemeral calls a group got within one minute.
    pub ephemeral_peak: std::collections::HashMap<i64, usize>,
    /// The most group calls a group got within one minute.
    pub group_peak: std::collections::HashMap<i64, usize>,
}

/// Which budget a call counts against.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Group,
    Ephemeral,
    None,
}

/// The budget `method` with `body` counts against in `chat`.
pub fn kind(method: &str, chat: i64, body: &Value) -> Kind {
    let ephemeral = method.contains("ephemeral")
        || body.get("ephemeral_message_parameters").is_some_and(|p| !p.is_null());
    let writes =
        method.starts_with("send") || method.starts_with("edit") || method == "deletemessage";
    match (chat < 0, ephemeral, writes || method == "deleteephemeralmessage") {
        (true, true, true) => Kind::Ephemeral,
        (true, false, true) => Kind::Group,
        _ => Kind::None,
    }
}

fn slide(calls: &mut VecDeque<Instant>, now: Instant) {
    while calls.front().is_some_and(|&t| now.duration_since(t) >= GROUP_WINDOW) {
        calls.pop_front();
    }
}

fn parsed(v: Option<&Value>) -> Value {
    match v {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    }
}

fn chars(v: Option<&Value>) -> usize {
    match v {
        Some(Value::String(s)) => s.chars().count(),
        Some(Value::Null) | None => 0,
        Some(v) => v.to_string().chars().count(),
    }
}

/// What of `body` is past a size limit.
fn sizes(chat: i64, body: &Value) -> Vec<Breach> {
    let mut out = Vec::new();
    let text = chars(body.get("text"));
    if text > TEXT_MAX {
        out.push(Breach::TextTooLong { chat, chars: text });
    }
    let media = parsed(body.get("media"));
    let caption = chars(body.get("caption")).max(chars(media.get("caption")));
    if caption > CAPTION_MAX {
        out.push(Breach::CaptionTooLong { chat, chars: caption });
    }
    let markup = parsed(body.get("reply_markup"));
    let rows = markup["inline_keyboard"].as_array().cloned().unwrap_or_default();
    for button in rows.iter().flat_map(|r| r.as_array().cloned().unwrap_or_default()) {
        let bytes = button["callback_data"].as_str().map_or(0, str::len);
        if bytes > CALLBACK_DATA_MAX {
            out.push(Breach::CallbackDataTooLong { chat, bytes });
        }
    }
    out
}

/// Checks a call against the limits before it is done: records what it breaches, and when the
/// limits are kept answers it as Telegram would (then it is not done).
pub fn check(st: &mut St, method: &str, body: &Value) -> Option<Response> {
    let now = Instant::now();
    let chat = body.get("chat_id").and_then(int).unwrap_or(0);
    let mut breaches = sizes(chat, body);
    let mut refusal = None;
    if method == "answercallbackquery" {
        let id = body["callback_query_id"].as_str().unwrap_or_default().to_owned();
        if let Some(&at) = st.pressed.get(&id)
            && now.duration_since(at) > ANSWER_WITHIN
        {
            breaches.push(Breach::LateAnswer { callback: id, after: now.duration_since(at) });
            refusal = Some(err(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
                None,
            ));
        }
    }
    if refusal.is_none() && !breaches.is_empty() {
        refusal = Some(err(400, "Bad Request: message is too long", None));
    }
    let kind = kind(method, chat, body);
    if kind == Kind::Group {
        let calls = st.windows.group.entry(chat).or_default();
        slide(calls, now);
        if calls.len() >= GROUP_LIMIT {
            breaches.push(Breach::GroupRate { chat });
            let oldest = calls[calls.len() - GROUP_LIMIT];
            let wait = GROUP_WINDOW.saturating_sub(now.duration_since(oldest));
            let retry = wait.as_secs_f64().ceil().max(1.0) as u32;
            refusal =
                Some(err(429, &format!("Too Many Requests: retry after {retry}"), Some(retry)));
        }
    }
    let refused = st.keep_limits && refusal.is_some();
    for breach in breaches {
        st.breaches.push(Breached { at: now, method: method.to_owned(), breach });
    }
    if refused {
        return refusal;
    }
    let windows = &mut st.windows;
    let (calls, peak) = match kind {
        Kind::Group => (windows.group.entry(chat).or_default(), &mut windows.group_peak),
        Kind::Ephemeral => {
            (windows.ephemeral.entry(chat).or_default(), &mut windows.ephemeral_peak)
        }
        Kind::None => return None,
    };
    slide(calls, now);
    calls.push_back(now);
    let peak = peak.entry(chat).or_default();
    *peak = (*peak).max(calls.len());
    None
}
