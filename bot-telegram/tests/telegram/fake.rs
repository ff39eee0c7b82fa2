//! A fake Telegram Bot API server on loopback: keeps chats and messages, applies edits and
//! deletes as Telegram does ("message is not modified", "message to edit not found", 403 for
//! a private chat the user never opened), records every request, answers chosen calls with 429
//! or 403, and hands out updates the test pushes through long polling.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

pub const BOT_ID: i64 = 999;
pub const BOT_NAME: &str = "domino_test_bot";

/// A person in the tests.
#[derive(Clone, Debug)]
pub struct User {
    pub id: i64,
    pub name: &'static str,
}

impl User {
    pub const fn new(id: i64, name: &'static str) -> User {
        User { id, name }
    }

    pub(crate) fn json(&self) -> Value {
        json!({"id": self.id, "is_bot": false, "first_name": self.name, "username": self.name.to_lowercase(), "language_code": "ru"})
    }
}

#[derive(Clone, Debug)]
pub struct Req {
    pub method: String,
    pub body: Value,
    pub at: Instant,
    /// 200, or the error code the fake answered with.
    pub status: u16,
}

#[derive(Clone, Debug)]
pub struct Msg {
    pub chat: i64,
    pub id: i32,
    pub from_bot: bool,
    pub text: String,
    pub markup: Value,
    pub entities: Value,
    pub deleted: bool,
    pub edits: u32,
    /// The message of the chat this one replies to.
    pub reply_to: Option<i32>,
    /// A photo's PNG (its caption is `text`).
    pub photo: Option<Vec<u8>>,
    /// The forum topic it is in (`message_thread_id`); `None`: General, or no forum.
    pub thread: Option<i32>,
}

/// One button: label, callback data, URL.
#[derive(Clone, Debug)]
pub struct Button {
    pub text: String,
    pub data: Option<String>,
    pub url: Option<String>,
}

impl Msg {
    pub fn buttons(&self) -> Vec<Button> {
        let rows = self
            .markup
            .get("inline_keyboard")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        rows.iter()
            .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            .map(|b| Button {
                text: b["text"].as_str().unwrap_or_default().to_owned(),
                data: b.get("callback_data").and_then(Value::as_str).map(str::to_owned),
                url: b.get("url").and_then(Value::as_str).map(str::to_owned),
            })
            .collect()
    }

    pub fn button(&self, label: &str) -> Option<Button> {
        self.buttons().into_iter().find(|b| b.text.contains(label))
    }
}

#[derive(Clone, Debug)]
pub struct Answer {
    pub text: Option<String>,
    pub alert: bool,
    /// When the answer arrived.
    pub at: Instant,
}

#[derive(Clone, Debug)]
pub struct Doc {
    pub chat: i64,
    pub name: String,
    pub bytes: Vec<u8>,
}

#[derive(Copy, Clone, Debug)]
pub enum Fault {
    TooMany {
        retry_after: u32,
    },
    Forbidden,
    /// 502 Bad Gateway, as Telegram's front answers in a bad spell.
    Unavailable,
}

struct Rule {
    method: String,
    chat: Option<i64>,
    fault: Fault,
    times: u32,
}

#[derive(Default)]
pub struct St {
    pub requests: Vec<Req>,
    pub messages: BTreeMap<(i64, i32), Msg>,
    pub(crate) next_message: i32,
    updates: Vec<Value>,
    next_update: i64,
    pub answers: HashMap<String, Answer>,
    /// When each callback query was handed to the bot (by `getUpdates`).
    pub handed: HashMap<String, Instant>,
    next_callback: u64,
    pub documents: Vec<Doc>,
    rules: Vec<Rule>,
    /// Users who have opened their private chat with the bot.
    pub open: HashSet<i64>,
    pub admins: HashSet<(i64, i64)>,
    /// (chat, user) of people who are not in the chat.
    pub outsiders: HashSet<(i64, i64)>,
    pub webhook: Option<String>,
    /// Forum topics: (chat, the topic's first message) — `fake_places`.
    pub topics: HashSet<(i64, i32)>,
    /// Groups upgraded to supergroups: old id → new id.
    pub migrated: HashMap<i64, i64>,
}

impl St {
    pub fn messages_in(&self, chat: i64) -> Vec<&Msg> {
        self.messages.values().filter(|m| m.chat == chat && !m.deleted).collect()
    }

    pub fn bot_texts(&self, chat: i64) -> Vec<String> {
        self.messages_in(chat).into_iter().filter(|m| m.from_bot).map(|m| m.text.clone()).collect()
    }

    pub fn message(&self, chat: i64, id: i32) -> Option<&Msg> {
        self.messages.get(&(chat, id))
    }

    pub fn count(&self, method: &str) -> usize {
        self.requests.iter().filter(|r| r.method == method.to_lowercase()).count()
    }

    pub(crate) fn new_message(
        &mut self,
        chat: i64,
        from_bot: bool,
        text: &str,
        markup: Value,
        entities: Value,
    ) -> Msg {
        self.next_message += 1;
        let m = Msg {
            chat,
            id: self.next_message,
            from_bot,
            text: text.to_owned(),
            markup,
            entities,
            deleted: false,
            edits: 0,
            reply_to: None,
            photo: None,
            thread: None,
        };
        self.messages.insert((chat, m.id), m.clone());
        m
    }
}

struct Shared {
    st: Mutex<St>,
    updates: Notify,
}

/// The running fake.
#[derive(Clone)]
pub struct Fake {
    pub url: String,
    shared: Arc<Shared>,
}

pub(crate) fn chat_json(chat: i64) -> Value {
    if chat <= crate::fake_places::SUPERGROUPS {
        json!({"id": chat, "type": "supergroup", "title": "Office", "is_forum": true})
    } else if chat < 0 {
        json!({"id": chat, "type": "group", "title": "Office"})
    } else {
        json!({"id": chat, "type": "private", "first_name": "Player"})
    }
}

pub(crate) fn bot_json() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "Domino", "username": BOT_NAME})
}

pub(crate) fn message_json(m: &Msg, from: Value) -> Value {
    let mut v = json!({"message_id": m.id, "date": 1_700_000_000, "chat": chat_json(m.chat), "from": from, "text": m.text});
    if let Some(png) = &m.photo {
        crate::fake_media::as_photo(&mut v, png);
    }
    if m.markup.get("inline_keyboard").is_some() {
        v["reply_markup"] = m.markup.clone();
    }
    if m.entities.is_array() {
        v["entities"] = m.entities.clone();
    }
    if let Some(t) = m.thread {
        v["message_thread_id"] = json!(t);
        v["is_topic_message"] = json!(true);
    }
    v
}

pub(crate) fn ok(result: Value) -> Response {
    (StatusCode::OK, axum::Json(json!({"ok": true, "result": result}))).into_response()
}

pub(crate) fn err(code: u16, description: &str, retry_after: Option<u32>) -> Response {
    let mut body = json!({"ok": false, "error_code": code, "description": description});
    if let Some(s) = retry_after {
        body["parameters"] = json!({"retry_after": s});
    }
    (StatusCode::from_u16(code).expect("a status"), axum::Json(body)).into_response()
}

pub(crate) fn same_markup(a: &Value, b: &Value) -> bool {
    let rows = |v: &Value| v.get("inline_keyboard").cloned().unwrap_or(json!([]));
    rows(a) == rows(b)
}

pub(crate) fn int(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str()?.parse().ok())
}

impl Fake {
    pub async fn start() -> Fake {
        let shared = Arc::new(Shared { st: Mutex::default(), updates: Notify::new() });
        let app = Router::new()
            .route("/{token}/{method}", axum::routing::any(api))
            .with_state(shared.clone());
        let tcp = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let url = format!("http://{}/", tcp.local_addr().expect("an address"));
        tokio::spawn(async move { axum::serve(tcp, app).await.expect("the fake serves") });
        Fake { url, shared }
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, St> {
        self.shared.st.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn with<T>(&self, f: impl FnOnce(&St) -> T) -> T {
        f(&self.lock())
    }

    /// `user` is not in `chat` (never joined, or left).
    pub fn outsider(&self, chat: i64, user: &User) {
        self.lock().outsiders.insert((chat, user.id));
    }

    pub fn admin(&self, chat: i64, user: &User) {
        self.lock().admins.insert((chat, user.id));
    }

    /// The next `times` calls of `method` (in `chat`, or anywhere) fail with `fault`.
    pub fn fail(&self, method: &str, chat: Option<i64>, fault: Fault, times: u32) {
        self.lock().rules.push(Rule { method: method.to_lowercase(), chat, fault, times });
    }

    pub(crate) fn push(&self, st: &mut St, kind: &str, body: Value) {
        st.next_update += 1;
        let mut u = json!({"update_id": st.next_update});
        u[kind] = body;
        st.updates.push(u);
        self.shared.updates.notify_waiters();
    }

    /// The updates waiting for the bot, taken from the queue (webhook mode: the test posts them
    /// to the bot itself, as Telegram would).
    pub fn take_updates(&self) -> Vec<Value> {
        std::mem::take(&mut self.lock().updates)
    }

    /// A user writes in a chat (a private chat with the bot opens).
    pub fn say(&self, chat: i64, from: &User, text: &str) -> i32 {
        let mut st = self.lock();
        if chat > 0 {
            st.open.insert(from.id);
        }
        let entities = match text.starts_with('/') {
            true => {
                json!([{"type": "bot_command", "offset": 0, "length": text.split(' ').next().unwrap_or("").encode_utf16().count()}])
            }
            false => Value::Null,
        };
        let m = st.new_message(chat, false, text, Value::Null, entities);
        let body = message_json(&m, from.json());
        self.push(&mut st, "message", body);
        m.id
    }

    /// A message posted as a channel (or by an anonymous admin): `sender_chat` says so.
    pub fn say_as_channel(&self, chat: i64, from: &User, text: &str) {
        let mut st = self.lock();
        let entities = json!([{"type": "bot_command", "offset": 0, "length": text.split(' ').next().unwrap_or("").encode_utf16().count()}]);
        let m = st.new_message(chat, false, text, Value::Null, entities);
        let mut body = message_json(&m, from.json());
        body["sender_chat"] = json!({"id": -100777, "type": "channel", "title": "Anonymous"});
        self.push(&mut st, "message", body);
    }

    /// A user opens a deep link (a `t.me/<bot>?start=…` URL): `/start <payload>` in private.
    pub fn open_link(&self, from: &User, url: &str) {
        let payload = url.split("start=").nth(1).expect("a start link");
        self.say(from.id, from, &format!("/start {payload}"));
    }

    /// A user presses a button with `data` on a message; returns the callback id.
    pub fn press(&self, from: &User, chat: i64, message: i32, data: &str) -> String {
        let mut st = self.lock();
        st.next_callback += 1;
        let id = format!("cb{}", st.next_callback);
        let m = st.messages.get(&(chat, message)).cloned().expect("a message to press on");
        let body = json!({
            "id": id, "from": from.json(), "chat_instance": "ci",
            "message": message_json(&m, bot_json()), "data": data,
        });
        self.push(&mut st, "callback_query", body);
        id
    }

    /// Waits for `what` to hold (at most 15 s).
    pub async fn until<T>(&self, what: &str, f: impl Fn(&St) -> Option<T>) -> T {
        let end = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(t) = f(&self.lock()) {
                return t;
            }
            if Instant::now() > end {
                let st = self.lock();
                let last: Vec<_> = st
                    .requests
                    .iter()
                    .rev()
                    .take(15)
                    .map(|r| (&r.method, r.status, r.body.to_string()))
                    .collect();
                panic!("timed out waiting for {what}; last requests: {last:#?}");
            }
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
    }

    /// Waits for the answer to a press.
    /// Waits until the bot has taken every update and sent nothing for a while (a few tens of
    /// milliseconds): what a step made is all there.
    pub async fn quiet(&self) {
        let mut seen = usize::MAX;
        let mut still = 0;
        while still < 25 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            let (pending, sent) = self.with(|st| {
                let sent = st.requests.iter().filter(|r| r.method != "getupdates").count();
                (st.updates.len(), sent)
            });
            still = if pending == 0 && sent == seen { still + 1 } else { 0 };
            seen = sent;
        }
    }

    pub async fn answer(&self, callback: &str) -> Answer {
        self.until(&format!("the answer to {callback}"), |st| st.answers.get(callback).cloned())
            .await
    }
}

async fn body_of(req: Request) -> (Value, Option<(String, Vec<u8>)>) {
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    if multipart {
        let mut fields = Map::new();
        let mut file = None;
        let Ok(mut form) = Multipart::from_request(req, &()).await else {
            return (json!({}), None);
        };
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_owned();
            match field.file_name().map(str::to_owned) {
                Some(file_name) => {
                    file = Some((file_name, field.bytes().await.unwrap_or_default().to_vec()))
                }
                None => {
                    let text = field.text().await.unwrap_or_default();
                    fields.insert(name, serde_json::from_str(&text).unwrap_or(Value::String(text)));
                }
            }
        }
        return (Value::Object(fields), file);
    }
    let bytes: Bytes = axum::body::to_bytes(req.into_body(), usize::MAX).await.unwrap_or_default();
    (serde_json::from_slice(&bytes).unwrap_or(json!({})), None)
}

async fn api(
    State(shared): State<Arc<Shared>>,
    Path((_token, method)): Path<(String, String)>,
    req: Request,
) -> Response {
    let method = method.to_lowercase();
    let (body, file) = body_of(req).await;
    if method == "getupdates" {
        return get_updates(&shared, &body).await;
    }
    let mut st = shared.st.lock().unwrap_or_else(|e| e.into_inner());
    let chat = body.get("chat_id").and_then(int);
    let fault = st
        .rules
        .iter_mut()
        .find(|r| r.times > 0 && r.method == method && (r.chat.is_none() || r.chat == chat))
        .map(|r| {
            r.times -= 1;
            r.fault
        });
    let record = |st: &mut St, status: u16| {
        st.requests.push(Req {
            method: method.clone(),
            body: body.clone(),
            at: Instant::now(),
            status,
        });
    };
    match fault {
        Some(Fault::TooMany { retry_after }) => {
            record(&mut st, 429);
            return err(
                429,
                &format!("Too Many Requests: retry after {retry_after}"),
                Some(retry_after),
            );
        }
        Some(Fault::Forbidden) => {
            record(&mut st, 403);
            return err(403, "Forbidden: bot can't initiate conversation with a user", None);
        }
        Some(Fault::Unavailable) => {
            record(&mut st, 502);
            return err(502, "Bad Gateway", None);
        }
        None => {}
    }
    if let Some(refused) = crate::fake_places::refused(&st, &method, &body) {
        record(&mut st, refused.status().as_u16());
        return refused;
    }
    let made = st.next_message;
    let response = handle(&mut st, &method, &body, file);
    crate::fake_places::placed(&mut st, made, &body);
    let status = response.status().as_u16();
    record(&mut st, status);
    response
}

fn handle(st: &mut St, method: &str, body: &Value, file: Option<(String, Vec<u8>)>) -> Response {
    let chat = body.get("chat_id").and_then(int).unwrap_or(0);
    match method {
        "getme" => ok(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "Domino", "username": BOT_NAME,
            "can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": false,
            "can_connect_to_business": false, "has_main_web_app": false,
        })),
        "sendmessage" => {
            if chat > 0 && !st.open.contains(&chat) {
                return err(403, "Forbidden: bot can't initiate conversation with a user", None);
            }
            let text = body["text"].as_str().unwrap_or_default();
            let markup = body.get("reply_markup").cloned().unwrap_or(Value::Null);
            let markup = match markup {
                Value::String(s) => serde_json::from_str(&s).unwrap_or(Value::Null),
                v => v,
            };
            let mut m = st.new_message(
                chat,
                true,
                text,
                markup,
                body.get("entities").cloned().unwrap_or(Value::Null),
            );
            let to = match body.get("reply_parameters") {
                Some(Value::String(s)) => serde_json::from_str::<Value>(s).unwrap_or(Value::Null),
                Some(v) => v.clone(),
                None => Value::Null,
            };
            m.reply_to = to.get("message_id").and_then(int).map(|id| id as i32);
            st.messages.insert((chat, m.id), m.clone());
            ok(message_json(&m, bot_json()))
        }
        "editmessagetext" => {
            let id = body.get("message_id").and_then(int).unwrap_or(0) as i32;
            let markup = body.get("reply_markup").cloned().unwrap_or(Value::Null);
            let text = body["text"].as_str().unwrap_or_default().to_owned();
            let Some(m) = st.messages.get_mut(&(chat, id)).filter(|m| !m.deleted && m.from_bot)
            else {
                return err(400, "Bad Request: message to edit not found", None);
            };
            if m.photo.is_some() {
                return err(400, "Bad Request: there is no text in the message to edit", None);
            }
            if m.text == text && same_markup(&m.markup, &markup) {
                return err(
                    400,
                    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
                    None,
                );
            }
            m.text = text;
            m.markup = markup;
            m.edits += 1;
            let m = m.clone();
            ok(message_json(&m, bot_json()))
        }
        "sendphoto" => crate::fake_media::send_photo(st, chat, body, file),
        "editmessagemedia" => crate::fake_media::edit_media(st, chat, body, file),
        "deletemessage" => {
            let id = body.get("message_id").and_then(int).unwrap_or(0) as i32;
            match st.messages.get_mut(&(chat, id)).filter(|m| !m.deleted) {
                Some(m) => {
                    m.deleted = true;
                    ok(json!(true))
                }
                None => err(400, "Bad Request: message to delete not found", None),
            }
        }
        "answercallbackquery" => {
            let id = body["callback_query_id"].as_str().unwrap_or_default().to_owned();
            let answer = Answer {
                text: body.get("text").and_then(Value::as_str).map(str::to_owned),
                alert: body.get("show_alert").and_then(Value::as_bool).unwrap_or(false),
                at: Instant::now(),
            };
            st.answers.insert(id, answer);
            ok(json!(true))
        }
        "senddocument" => {
            let (name, bytes) = file.unwrap_or_default();
            st.documents.push(Doc { chat, name: name.clone(), bytes });
            let m = st.new_message(chat, true, "", Value::Null, Value::Null);
            let mut v = message_json(&m, bot_json());
            v.as_object_mut().expect("an object").remove("text");
            v["document"] = json!({"file_id": "f", "file_unique_id": "u", "file_name": name});
            ok(v)
        }
        "getchatmember" => {
            let user = body.get("user_id").and_then(int).unwrap_or(0);
            let u = json!({"id": user, "is_bot": false, "first_name": "Member"});
            if st.outsiders.contains(&(chat, user)) {
                return ok(json!({"status": "left", "user": u}));
            }
            match st.admins.contains(&(chat, user)) {
                true => ok(json!({"status": "creator", "user": u, "is_anonymous": false})),
                false => ok(json!({"status": "member", "user": u})),
            }
        }
        "getwebhookinfo" => ok(
            json!({"url": st.webhook.clone().unwrap_or_default(), "has_custom_certificate": false, "pending_update_count": 0}),
        ),
        "setwebhook" => {
            st.webhook = body.get("url").and_then(Value::as_str).map(str::to_owned);
            ok(json!(true))
        }
        "deletewebhook" => {
            st.webhook = None;
            ok(json!(true))
        }
        _ => ok(json!(true)),
    }
}

async fn get_updates(shared: &Shared, body: &Value) -> Response {
    let offset = body.get("offset").and_then(int).unwrap_or(0);
    let timeout = body.get("timeout").and_then(int).unwrap_or(0).clamp(0, 2) as u64;
    let end = Instant::now() + Duration::from_secs(timeout);
    loop {
        let notified = shared.updates.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        {
            let mut st = shared.st.lock().unwrap_or_else(|e| e.into_inner());
            st.updates.retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
            st.requests.push(Req {
                method: "getupdates".into(),
                body: body.clone(),
                at: Instant::now(),
                status: 200,
            });
            if !st.updates.is_empty() {
                // Delivered updates are gone: a restarted bot does not see them again.
                let batch: Vec<Value> = std::mem::take(&mut st.updates);
                for id in batch.iter().filter_map(|u| u["callback_query"]["id"].as_str()) {
                    st.handed.insert(id.to_owned(), Instant::now());
                }
                return ok(Value::Array(batch));
            }
        }
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() || tokio::time::timeout(left, notified).await.is_err() {
            return ok(json!([]));
        }
    }
}
