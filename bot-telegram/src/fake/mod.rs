//! A fake Telegram Bot API server on loopback: keeps chats and messages, applies edits and
//! deletes as Telegram does ("message is not modified", "message to edit not found", 403 for
//! a private chat the user never opened), records every request, answers chosen calls with 429
//! or 403 (or answers late), and hands out updates the test pushes through long polling. This file holds its
//! state and the test's handle; the HTTP side is in `server`, the methods in `methods`, what
//! people do in `people`, photos in `media`, topics and upgraded groups in `places`, ephemeral
//! messages in `ephemeral`, Telegram's limits and their breaches in `limits`; `flow` plays
//! whole matches with simulated people and measures what a move costs (`domino bench flow`).
//!
//! Its clock is tokio's (`tokio::time::Instant`), so it runs in paused time too. Behind the
//! feature `fake`: a test and bench tool, not part of the bot.

pub mod ephemeral;
pub mod flow;
pub mod limits;
pub mod media;
pub mod methods;
pub mod people;
pub use people::Answer;
pub mod places;
pub mod server;
mod wait;

use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

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
    /// An ephemeral message's id (then `id` is 0): see `fake_ephemeral`.
    pub ephemeral: Option<i64>,
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

    /// The deep link that seats its opener from the private chat.
    pub fn join_link(&self) -> Option<String> {
        self.buttons().into_iter().filter_map(|b| b.url).find(|u| u.contains("?start=j"))
    }

    pub fn button(&self, label: &str) -> Option<Button> {
        self.buttons().into_iter().find(|b| b.text.contains(label))
    }
}

#[derive(Clone, Debug)]
pub struct Doc {
    pub chat: i64,
    pub name: String,
    pub bytes: Vec<u8>,
    /// Its caption, as sent.
    pub caption: String,
}

#[derive(Copy, Clone, Debug)]
pub enum Fault {
    TooMany {
        retry_after: u32,
    },
    Forbidden,
    /// 502 Bad Gateway, as Telegram's front answers in a bad spell.
    Unavailable,
    /// Answered as usual, but only after this long (a call that hangs).
    Slow(Duration),
}

pub(crate) struct Rule {
    pub(crate) method: String,
    pub(crate) chat: Option<i64>,
    pub(crate) fault: Fault,
    pub(crate) times: u32,
}

#[derive(Default)]
pub struct St {
    pub requests: Vec<Req>,
    pub messages: BTreeMap<(i64, i32), Msg>,
    pub(crate) next_message: i32,
    pub(crate) updates: Vec<Value>,
    /// A batch of updates was handed out and the bot has not asked for the next yet (it asks
    /// only once it has read the last: until then they are neither waiting here nor counted
    /// by the bot's own state).
    pub(crate) in_hand: bool,
    pub(crate) next_update: i64,
    pub answers: HashMap<String, Answer>,
    /// When each callback query was handed to the bot (by `getUpdates`).
    pub handed: HashMap<String, Instant>,
    pub(crate) next_callback: u64,
    pub documents: Vec<Doc>,
    pub(crate) rules: Vec<Rule>,
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
    /// Groups the bot was removed from: every call naming them gets a 403 (`fake_places`).
    pub kicked: HashSet<i64>,
    /// Ephemeral messages by id (`fake_ephemeral`).
    pub ephemerals: BTreeMap<i64, crate::fake::ephemeral::Eph>,
    pub(crate) next_ephemeral: i64,
    /// Groups where the bot is a plain member (everywhere else it is an administrator).
    pub member_only: HashSet<i64>,
    /// Ephemeral sends still to be lost.
    pub lose_ephemerals: u32,
    /// How far the test moved the fake's clock on.
    pub(crate) skew: Duration,
    /// People's presses (by callback id) and ephemeral commands (`e<id>`): what lets any bot
    /// write to them ephemerally for 15 s.
    pub(crate) actions: HashMap<String, crate::fake::ephemeral::Action>,
    /// The message pinned in each chat (one: the bot's standings).
    pub pinned: HashMap<i64, i32>,
    /// Members' tags: (chat, user) → tag.
    pub tags: HashMap<(i64, i64), String>,
    /// When each press was made (by callback id): its answer is due within 3 s.
    pub pressed: HashMap<String, Instant>,
    /// Telegram's limits: refuse what breaks them (else only record it).
    pub keep_limits: bool,
    /// Every breach of a limit (`limits`).
    pub breaches: Vec<limits::Breached>,
    /// The calls each group got in the last minute, and the busiest minutes.
    pub windows: limits::Windows,
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
            ephemeral: None,
        };
        self.messages.insert((chat, m.id), m.clone());
        m
    }
}

pub(crate) struct Shared {
    pub(crate) st: Mutex<St>,
    pub(crate) updates: Notify,
    /// The bots whose own state says when they are idle ([`Fake::follow`]).
    pub(crate) bots: Mutex<Vec<crate::Status>>,
}

/// The running fake.
#[derive(Clone)]
pub struct Fake {
    pub url: String,
    pub(crate) shared: Arc<Shared>,
}

pub(crate) fn chat_json(chat: i64) -> Value {
    if chat <= crate::fake::places::SUPERGROUPS {
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
        crate::fake::media::as_photo(&mut v, png);
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
        let shared = Arc::new(Shared {
            st: Mutex::default(),
            updates: Notify::new(),
            bots: Mutex::default(),
        });
        let app = Router::new()
            .route("/{token}/{method}", axum::routing::any(crate::fake::server::api))
            .with_state(shared.clone());
        let tcp = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let url = format!("http://{}/", tcp.local_addr().expect("an address"));
        tokio::spawn(async move { axum::serve(tcp, app).await.expect("the fake serves") });
        Fake { url, shared }
    }

    pub fn lock(&self) -> std::sync::MutexGuard<'_, St> {
        self.shared.st.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn with<T>(&self, f: impl FnOnce(&St) -> T) -> T {
        f(&self.lock())
    }

    /// `user` is not in `chat` (never joined, or left).
    pub fn outsider(&self, chat: i64, user: &User) {
        self.lock().outsiders.insert((chat, user.id));
    }

    /// Refuse what breaks Telegram's limits as Telegram does (a 429 past 20 messages a minute
    /// in a group, a 400 for a late answer or a text too long); by default they are only
    /// recorded (`St::breaches`), as the tests with fast pacing break them on purpose.
    pub fn keep_limits(&self) {
        self.lock().keep_limits = true;
    }

    pub fn admin(&self, chat: i64, user: &User) {
        self.lock().admins.insert((chat, user.id));
    }

    /// The next `times` calls of `method` (in `chat`, or anywhere) fail with `fault`.
    pub fn fail(&self, method: &str, chat: Option<i64>, fault: Fault, times: u32) {
        self.lock().rules.push(Rule { method: method.to_lowercase(), chat, fault, times });
    }

    pub async fn answer(&self, callback: &str) -> Answer {
        self.until(&format!("the answer to {callback}"), |st| st.answers.get(callback).cloned())
            .await
    }
}
