//! The fake Discord's REST routes: each call recorded, faults served, answered as Discord would.

use super::multipart::{Attachment, attachments, parse_body};
use super::{APP, BOT, Data, GUILD, Msg, Request, Shared, TOKEN_LIFE_MS, limits, payloads};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::time::Instant;

/// Every REST call: recorded, held to the channel's rate limit when the fake keeps it, then
/// answered as Discord would.
pub(super) async fn rest(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().strip_prefix("/api/v10").unwrap_or(uri.path()).to_owned();
    let (body, files) = parse_body(&headers, &body);
    let mut d = shared.data.lock().unwrap();
    let at = Instant::now();
    d.requests.push(Request {
        method: method.to_string(),
        path: path.clone(),
        body: body.clone(),
        files: files.clone(),
        at,
        status: 0,
    });
    let budget = limits::channel_call(method.as_str(), &path);
    let limited = budget.and_then(|c| d.limits.take(c, at, &method, &path));
    let mut response = match limited {
        Some(refused) => refused,
        None => route(&shared, &mut d, method, path, body, files),
    };
    if let Some(channel) = budget {
        d.limits.headers(channel, at, response.headers_mut());
    }
    if let Some(r) = d.requests.last_mut() {
        r.status = response.status().as_u16();
    }
    response
}

/// A call answered as Discord would.
fn route(
    shared: &Shared,
    d: &mut Data,
    method: Method,
    path: String,
    body: Value,
    files: Vec<Attachment>,
) -> Response {
    let fault = d.faults.iter_mut().find(|(p, _, n)| *n > 0 && path.starts_with(p.as_str()));
    if let Some((_, status, n)) = fault {
        *n -= 1;
        let status = StatusCode::from_u16(*status).expect("a status");
        if status == StatusCode::TOO_MANY_REQUESTS {
            let body = json!({"message": "You are being rate limited.", "retry_after": 0.5, "global": false});
            return (status, axum::Json(body)).into_response();
        }
        return (status, "upstream unavailable").into_response();
    }
    let id = || shared.next_id.fetch_add(1, Ordering::SeqCst);
    let seg: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    if let ["channels", c, ..] = seg.as_slice()
        && d.removed.contains(&c.parse().unwrap_or(0))
    {
        let body = json!({"code": 50001, "message": "Missing Access"});
        return (StatusCode::FORBIDDEN, axum::Json(body)).into_response();
    }
    // A webhook call through an interaction's token more than 15 minutes after it came.
    if let ["webhooks", _, token, ..] = seg.as_slice()
        && d.issued.get(*token).is_some_and(|&t| shared.clock.now() - t >= TOKEN_LIFE_MS)
    {
        d.expired.push((*token).to_owned());
        let body = json!({"message": "Invalid Webhook Token", "code": 50027});
        return (StatusCode::UNAUTHORIZED, axum::Json(body)).into_response();
    }
    let ok = |v: Value| (StatusCode::OK, axum::Json(v)).into_response();
    if let Some(answered) = super::roles::route(d, method.as_str(), &seg, &body, id) {
        return answered;
    }
    match (method.as_str(), seg.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": format!("ws://{}/gateway", shared.addr)})),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": format!("ws://{}/gateway", shared.addr), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}
        })),
        ("GET", ["users", "@me"]) => ok(payloads::user(BOT, "domino", true)),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let cmds: Vec<Value> = body
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|mut c| {
                    c["id"] = json!(id().to_string());
                    c["application_id"] = json!(APP.to_string());
                    c["version"] = json!(id().to_string());
                    c["default_member_permissions"] = Value::Null;
                    c["type"] = json!(1);
                    c
                })
                .collect();
            ok(Value::Array(cmds))
        }
        ("POST", ["interactions", iid, token, "callback"]) => {
            let Some(answered) = d.answers.get(*token).cloned() else {
                return not_found(10062, "Unknown interaction");
            };
            if d.tokens.get(&iid.parse().unwrap_or(0)).map(String::as_str) != Some(*token)
                || !answered.callbacks.is_empty()
            {
                return not_found(40060, "Interaction has already been acknowledged");
            }
            let kind = body["type"].as_u64().unwrap_or(0);
            let data = &body["data"];
            let pressed = d.pressed_on.get(*token).copied();
            let channel = d.channels.get(*token).copied().unwrap_or(0);
            let original = match kind {
                4 | 5 => {
                    let mid = id();
                    let mut m = Msg {
                        id: mid,
                        channel,
                        interaction: Some(iid.parse().unwrap_or(0)),
                        ..Msg::default()
                    };
                    if kind == 5 {
                        m.content = "…".into();
                        m.flags = data["flags"].as_u64().unwrap_or(0);
                    } else {
                        apply(&mut m, data, &files);
                    }
                    d.messages.insert(mid, m);
                    Some(mid)
                }
                7 => {
                    let m = pressed.and_then(|m| d.messages.get_mut(&m));
                    if let Some(m) = m {
                        apply(m, data, &files);
                    }
                    pressed
                }
                _ => pressed,
            };
            let a = d.answers.get_mut(*token).unwrap();
            a.answered = Some(Instant::now());
            a.callbacks.push(kind);
            a.original = original;
            StatusCode::NO_CONTENT.into_response()
        }
        ("PATCH" | "GET", ["webhooks", _, token, "messages", "@original"]) => {
            let Some(mid) = d.answers.get(*token).and_then(|a| a.original) else {
                return not_found(10008, "Unknown Message");
            };
            let m = d.messages.get_mut(&mid).unwrap();
            if m.deleted {
                return not_found(10008, "Unknown Message");
            }
            if method == Method::PATCH {
                apply(m, &body, &files);
            }
            let v = message_json(m);
            if method == Method::PATCH {
                d.answers.get_mut(*token).unwrap().edits += 1;
            }
            ok(v)
        }
        ("PATCH" | "GET", ["webhooks", _, token, "messages", mid]) => {
            // A follow-up of the token's interaction.
            let mid: u64 = mid.parse().unwrap_or(0);
            let ours = d.answers.get(*token).is_some_and(|a| a.followups.contains(&mid));
            let Some(m) = d.messages.get_mut(&mid).filter(|m| ours && !m.deleted) else {
                return not_found(10008, "Unknown Message");
            };
            if method == Method::PATCH {
                apply(m, &body, &files);
            }
            let v = message_json(m);
            if method == Method::PATCH {
                d.answers.get_mut(*token).unwrap().edits += 1;
            }
            ok(v)
        }
        ("POST", ["webhooks", _, token]) => {
            if !d.answers.contains_key(*token) {
                return not_found(10015, "Unknown Webhook");
            }
            let channel = d.channels.get(*token).copied().unwrap_or(0);
            let mid = id();
            let mut m = Msg { id: mid, channel, interaction: Some(0), ..Msg::default() };
            apply(&mut m, &body, &files);
            let v = message_json(&m);
            d.messages.insert(mid, m);
            d.answers.get_mut(*token).unwrap().followups.push(mid);
            ok(v)
        }
        ("POST", ["channels", c, "messages"]) => {
            let mid = id();
            let mut m = Msg { id: mid, channel: c.parse().unwrap_or(0), ..Msg::default() };
            apply(&mut m, &body, &files);
            let v = message_json(&m);
            d.messages.insert(mid, m);
            ok(v)
        }
        ("POST", ["channels", c, "threads"]) => {
            let thread = id();
            let parent: u64 = c.parse().unwrap_or(0);
            d.threads.insert(thread, parent);
            ok(payloads::thread(thread, parent, body["name"].as_str().unwrap_or("thread")))
        }
        ("DELETE", ["channels", c]) => match d.threads.remove(&c.parse().unwrap_or(0)) {
            Some(parent) => ok(payloads::thread(c.parse().unwrap_or(0), parent, "thread")),
            None => not_found(10003, "Unknown Channel"),
        },
        ("PATCH", ["channels", c, "messages", mid]) => {
            match d.messages.get_mut(&mid.parse().unwrap_or(0)) {
                Some(m) if !m.deleted && m.channel.to_string() == *c && m.interaction.is_none() => {
                    apply(m, &body, &files);
                    ok(message_json(m))
                }
                _ => not_found(10008, "Unknown Message"),
            }
        }
        ("PUT" | "DELETE", ["channels", c, "pins", mid]) => {
            match d.messages.get_mut(&mid.parse().unwrap_or(0)) {
                Some(m) if !m.deleted && m.channel.to_string() == *c => {
                    m.pinned = method == Method::PUT;
                    StatusCode::NO_CONTENT.into_response()
                }
                _ => not_found(10008, "Unknown Message"),
            }
        }
        ("DELETE", ["channels", _, "messages", mid]) => {
            match d.messages.get_mut(&mid.parse().unwrap_or(0)) {
                Some(m) if !m.deleted => {
                    m.deleted = true;
                    StatusCode::NO_CONTENT.into_response()
                }
                _ => not_found(10008, "Unknown Message"),
            }
        }
        _ => not_found(0, "404: Not Found"),
    }
}

fn not_found(code: u64, message: &str) -> Response {
    (StatusCode::NOT_FOUND, axum::Json(json!({"code": code, "message": message}))).into_response()
}

/// A message body applied as Discord does: fields given replace, fields absent stay (an
/// `attachments` list says exactly which attachments stay and which are new).
fn apply(m: &mut Msg, data: &Value, files: &[Attachment]) {
    if let Some(c) = data.get("content").and_then(Value::as_str) {
        m.content = c.to_owned();
    }
    for (k, slot) in [
        ("embeds", &mut m.embeds),
        ("components", &mut m.components),
        ("allowed_mentions", &mut m.allowed_mentions),
    ] {
        if let Some(v) = data.get(k) {
            *slot = v.clone();
        }
    }
    if let Some(f) = data.get("flags").and_then(Value::as_u64) {
        m.flags |= f;
    }
    let mut next = m.files.iter().map(|a| a.id).max().unwrap_or(0);
    m.files = attachments(&m.files, data, files, || {
        next += 1;
        next
    });
    m.history.push(data.clone());
    m.changed = Some(Instant::now());
}

/// The full message object serenity reads.
pub fn message_json(m: &Msg) -> Value {
    json!({
        "id": m.id.to_string(),
        "channel_id": m.channel.to_string(),
        "guild_id": GUILD.to_string(),
        "author": payloads::user(BOT, "domino", true),
        "content": m.content,
        "timestamp": "2026-01-01T00:00:00.000000+00:00",
        "edited_timestamp": if m.history.len() > 1 { json!("2026-01-01T00:00:01.000000+00:00") } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": m.files.iter().map(|Attachment { id, name, bytes }| json!({
            "id": id.to_string(), "filename": name, "size": bytes.len(),
            "url": format!("https://cdn.example/{name}"), "proxy_url": format!("https://cdn.example/{name}")
        })).collect::<Vec<_>>(),
        "embeds": if m.embeds.is_null() { json!([]) } else { m.embeds.clone() },
        "components": if m.components.is_null() { json!([]) } else { m.components.clone() },
        "pinned": false,
        "type": if m.interaction.is_some() { 20 } else { 0 },
        "flags": m.flags,
        "webhook_id": if m.interaction.is_some() { json!(APP.to_string()) } else { Value::Null },
        "application_id": if m.interaction.is_some() { json!(APP.to_string()) } else { Value::Null },
    })
}
