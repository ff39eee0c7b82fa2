//! A small fake Bot API on loopback for the binary's tests: long polling, sends and edits (text
//! and photos, as JSON or multipart), presses answered; every call recorded.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const BOT_NAME: &str = "domino_test_bot";

/// A message the bot sent, as it now reads.
#[derive(Clone, Debug, Default)]
pub struct Msg {
    pub chat: i64,
    pub text: String,
    pub markup: Value,
    pub photo: bool,
    pub edits: u32,
}

impl Msg {
    /// Every button's (label, callback data).
    pub fn buttons(&self) -> Vec<(String, String)> {
        let rows = self.markup["inline_keyboard"].as_array().cloned().unwrap_or_default();
        rows.iter()
            .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            .filter_map(|b| {
                Some((b["text"].as_str()?.to_owned(), b["callback_data"].as_str()?.to_owned()))
            })
            .collect()
    }
}

#[derive(Default)]
struct St {
    updates: Vec<Value>,
    next_update: i64,
    next_message: i64,
    messages: BTreeMap<i64, Msg>,
    calls: Vec<(String, Value)>,
    /// The highest offset the bot asked with: every update below it was taken.
    offset: i64,
}

#[derive(Default)]
struct Shared {
    st: Mutex<St>,
    updated: tokio::sync::Notify,
}

pub struct FakeTelegram {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
}

fn ok(result: Value) -> Response {
    axum::Json(json!({"ok": true, "result": result})).into_response()
}

/// A body as JSON fields, from JSON or a multipart form (files left out).
fn fields(headers: &HeaderMap, body: &[u8]) -> Value {
    let kind = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default();
    let Some(boundary) = kind.split("boundary=").nth(1) else {
        return serde_json::from_slice(body).unwrap_or(json!({}));
    };
    let text = String::from_utf8_lossy(body);
    let mut out = Map::new();
    for part in text.split(&format!("--{}", boundary.trim_matches('"'))) {
        let Some((head, value)) = part.split_once("\r\n\r\n") else { continue };
        if head.contains("filename=") {
            continue;
        }
        let Some(name) = head.split("name=\"").nth(1).and_then(|n| n.split('"').next()) else {
            continue;
        };
        let value = value.strip_suffix("\r\n").unwrap_or(value);
        let v = serde_json::from_str(value).unwrap_or(Value::String(value.to_owned()));
        out.insert(name.to_owned(), v);
    }
    Value::Object(out)
}

fn int(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str()?.parse().ok())
}

fn message_json(id: i64, m: &Msg) -> Value {
    let chat = match m.chat < 0 {
        true => json!({"id": m.chat, "type": "group", "title": "Office"}),
        false => json!({"id": m.chat, "type": "private", "first_name": "Ann"}),
    };
    let from = json!({"id": 999, "is_bot": true, "first_name": "Domino", "username": BOT_NAME});
    let mut v = json!({"message_id": id, "date": 1_700_000_000, "chat": chat, "from": from});
    match m.photo {
        true => {
            v["caption"] = json!(m.text);
            v["photo"] =
                json!([{"file_id": "p", "file_unique_id": "pu", "width": 10, "height": 10}]);
        }
        false => v["text"] = json!(m.text),
    }
    if m.markup.get("inline_keyboard").is_some() {
        v["reply_markup"] = m.markup.clone();
    }
    v
}

async fn api(
    State(shared): State<Arc<Shared>>,
    Path((_token, method)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let method = method.to_lowercase();
    let body = fields(&headers, &body);
    if method == "getupdates" {
        return updates(&shared, &body).await;
    }
    let mut st = shared.st.lock().unwrap();
    st.calls.push((method.clone(), body.clone()));
    let chat = body.get("chat_id").and_then(int).unwrap_or(0);
    let text = body.get("text").or(body.get("caption")).and_then(Value::as_str).map(str::to_owned);
    let markup = body.get("reply_markup").cloned().unwrap_or(Value::Null);
    match method.as_str() {
        "getme" => ok(json!({
            "id": 999, "is_bot": true, "first_name": "Domino", "username": BOT_NAME,
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": false, "can_connect_to_business": false,
            "has_main_web_app": false,
        })),
        "sendmessage" | "sendphoto" | "senddocument" | "sendanimation" => {
            st.next_message += 1;
            let id = st.next_message;
            let photo = method == "sendphoto";
            let m = Msg { chat, text: text.unwrap_or_default(), markup, photo, edits: 0 };
            let v = message_json(id, &m);
            st.messages.insert(id, m);
            ok(v)
        }
        "editmessagetext"
        | "editmessagecaption"
        | "editmessagemedia"
        | "editmessagereplymarkup" => {
            let id = body.get("message_id").and_then(int).unwrap_or(0);
            let media = body.get("media").and_then(|m| m.get("caption")).and_then(Value::as_str);
            let Some(m) = st.messages.get_mut(&id) else {
                let e = json!({"ok": false, "error_code": 400, "description": "Bad Request: message to edit not found"});
                return (axum::http::StatusCode::BAD_REQUEST, axum::Json(e)).into_response();
            };
            if let Some(t) = text.or(media.map(str::to_owned)) {
                m.text = t;
            }
            m.markup = markup;
            m.edits += 1;
            ok(message_json(id, m))
        }
        "getchatmember" => ok(
            json!({"status": "member", "user": {"id": body["user_id"], "is_bot": false, "first_name": "Ann"}}),
        ),
        _ => ok(json!(true)),
    }
}

/// Long polling: what is queued from `offset` on, or an empty list after a short wait.
async fn updates(shared: &Shared, body: &Value) -> Response {
    let offset = body.get("offset").and_then(int).unwrap_or(0);
    let end = tokio::time::Instant::now() + Duration::from_millis(500);
    loop {
        let notified = shared.updated.notified();
        {
            let mut st = shared.st.lock().unwrap();
            st.offset = st.offset.max(offset);
            st.updates.retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
            if !st.updates.is_empty() {
                return ok(Value::Array(st.updates.clone()));
            }
        }
        if tokio::time::timeout_at(end, notified).await.is_err() {
            return ok(json!([]));
        }
    }
}

impl FakeTelegram {
    pub async fn start() -> FakeTelegram {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let shared = Arc::new(Shared::default());
        let app = Router::new().route("/{token}/{method}", axum::routing::post(api));
        let app = app.with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        FakeTelegram { addr, shared }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn push(&self, kind: &str, mut payload: Value) -> i64 {
        let mut st = self.shared.st.lock().unwrap();
        st.next_update += 1;
        let id = st.next_update;
        if kind == "message" {
            payload["message_id"] = json!(1000 + id);
        }
        st.updates.push(json!({"update_id": id, kind: payload}));
        drop(st);
        self.shared.updated.notify_waiters();
        id
    }

    fn person(user: i64) -> Value {
        json!({"id": user, "is_bot": false, "first_name": "Ann", "language_code": "en"})
    }

    /// `user` writes `text` in their private chat with the bot.
    pub fn say(&self, user: i64, text: &str) -> i64 {
        let chat = json!({"id": user, "type": "private", "first_name": "Ann"});
        let message =
            json!({"date": 1_700_000_000, "chat": chat, "from": Self::person(user), "text": text});
        self.push("message", message)
    }

    /// `user` presses a button of the bot's message `id`.
    pub fn press(&self, user: i64, id: i64, data: &str) -> i64 {
        let m = self.message(id);
        let query = json!({
            "id": format!("q{id}-{data}"), "from": Self::person(user), "chat_instance": "c",
            "data": data, "message": message_json(id, &m),
        });
        self.push("callback_query", query)
    }

    /// Whether the bot has taken update `id` (asked for the ones after it).
    pub fn taken(&self, id: i64) -> bool {
        self.shared.st.lock().unwrap().offset > id
    }

    pub fn messages(&self) -> BTreeMap<i64, Msg> {
        self.shared.st.lock().unwrap().messages.clone()
    }

    pub fn message(&self, id: i64) -> Msg {
        self.messages().remove(&id).unwrap_or_default()
    }

    /// Every call but long polling: (method, body).
    pub fn calls(&self) -> Vec<(String, Value)> {
        self.shared.st.lock().unwrap().calls.clone()
    }

    /// The answer to the press of update `id`, once given: its text (empty for none).
    pub fn answer(&self, query: &str) -> Option<String> {
        self.calls().into_iter().rev().find_map(|(method, body)| {
            (method == "answercallbackquery" && body["callback_query_id"] == json!(query))
                .then(|| body["text"].as_str().unwrap_or_default().to_owned())
        })
    }
}
