//! Discord's per-channel rate limit, kept by the fake when asked (`Fake::keep_limits`): a
//! channel's message sends and edits, five per five seconds per channel. A call beyond it is
//! recorded as a breach and answered 429 with the headers serenity reads (`retry-after`,
//! `X-RateLimit-*`) and Discord's JSON (`retry_after`), so serenity waits and tries again; the
//! calls within it carry the bucket's `X-RateLimit-*` headers, as Discord's do, so a client may
//! wait before it is refused. Interaction callbacks and the webhook routes of an interaction's
//! token (its original response, its follow-ups) are not the channel's and are not limited.

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use std::time::Duration;
use tokio::time::Instant;

/// Calls a channel's messages may take within [`WINDOW`].
pub const PER_WINDOW: usize = 5;
/// The window of the channel's limit.
pub const WINDOW: Duration = Duration::from_secs(5);

/// A call the fake refused as beyond the channel's limit.
#[derive(Clone, Debug)]
pub struct Breached {
    pub at: Instant,
    /// `METHOD /path`.
    pub call: String,
    pub channel: u64,
}

/// The channel limit's state: the calls each channel took within the window, and the breaches.
#[derive(Debug, Default)]
pub struct Limits {
    /// Whether the fake keeps the limit (tests that count calls do not want it).
    pub on: bool,
    taken: HashMap<u64, VecDeque<Instant>>,
    pub breaches: Vec<Breached>,
}

/// The channel whose limit a call spends: a message sent to it or an edit of one of its
/// messages; `None` for every other call.
pub fn channel_call(method: &str, path: &str) -> Option<u64> {
    let seg: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (method, seg.as_slice()) {
        ("POST", ["channels", c, "messages"]) | ("PATCH", ["channels", c, "messages", _]) => {
            c.parse().ok()
        }
        _ => None,
    }
}

impl Limits {
    fn window(&mut self, channel: u64, now: Instant) -> &mut VecDeque<Instant> {
        let q = self.taken.entry(channel).or_default();
        while q.front().is_some_and(|&t| now.saturating_duration_since(t) >= WINDOW) {
            q.pop_front();
        }
        q
    }

    /// Takes a call of `channel` at `now`: `None` when it is within the limit (or the limit is
    /// not kept), else the 429 to answer, the breach recorded.
    pub fn take(
        &mut self,
        channel: u64,
        now: Instant,
        method: &Method,
        path: &str,
    ) -> Option<Response> {
        if !self.on {
            return None;
        }
        let q = self.window(channel, now);
        if q.len() < PER_WINDOW {
            q.push_back(now);
            return None;
        }
        let retry = q.front().map_or(WINDOW, |&t| WINDOW.saturating_sub(now - t));
        self.breaches.push(Breached { at: now, call: format!("{method} {path}"), channel });
        let body = json!({
            "message": "You are being rate limited.",
            "retry_after": retry.as_secs_f64(),
            "global": false,
        });
        let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
        let secs = format!("{:.3}", retry.as_secs_f64());
        if let Ok(v) = HeaderValue::from_str(&secs) {
            response.headers_mut().insert("retry-after", v);
        }
        response.headers_mut().insert("x-ratelimit-scope", HeaderValue::from_static("user"));
        Some(response)
    }

    /// The bucket's headers on an answer of `channel`'s call (when the limit is kept).
    pub fn headers(&mut self, channel: u64, now: Instant, headers: &mut HeaderMap) {
        if !self.on {
            return;
        }
        let q = self.window(channel, now);
        let remaining = PER_WINDOW.saturating_sub(q.len());
        let reset_after = q.front().map_or(WINDOW, |&t| WINDOW.saturating_sub(now - t));
        let mut set = |name: &'static str, value: String| {
            if let Ok(v) = HeaderValue::from_str(&value) {
                headers.insert(name, v);
            }
        };
        set("x-ratelimit-limit", PER_WINDOW.to_string());
        set("x-ratelimit-remaining", remaining.to_string());
        set("x-ratelimit-reset-after", format!("{:.3}", reset_after.as_secs_f64()));
        set("x-ratelimit-bucket", format!("channel-{channel}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixth_call_within_five_seconds_is_refused() {
        let mut limits = Limits { on: true, ..Limits::default() };
        let t0 = Instant::now();
        let path = "/channels/7/messages";
        assert_eq!(channel_call("POST", path), Some(7));
        assert_eq!(channel_call("POST", "/interactions/1/t/callback"), None);
        assert_eq!(channel_call("PATCH", "/webhooks/1/t/messages/@original"), None);
        for i in 0..5 {
            let at = t0 + Duration::from_millis(100 * i);
            assert!(limits.take(7, at, &Method::POST, path).is_none(), "call {i} is within");
        }
        let refused = limits.take(7, t0 + Duration::from_secs(1), &Method::POST, path);
        let refused = refused.expect("the sixth is refused");
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.headers()["retry-after"], "4.000");
        assert!(limits.take(8, t0 + Duration::from_secs(1), &Method::POST, path).is_none());
        let later = t0 + Duration::from_millis(5000);
        assert!(limits.take(7, later, &Method::POST, path).is_none(), "the window moved on");
        assert_eq!(limits.breaches.len(), 1);
    }
}
