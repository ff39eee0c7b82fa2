//! A fake Discord on loopback: the REST routes the bot uses under `/api/v10` (reached through
//! serenity's proxy setting) and a websocket gateway (HELLO, IDENTIFY, READY, then the
//! INTERACTION_CREATE events a test pushes). It records every request and keeps the messages
//! as Discord would show them, so tests assert on what was sent.

use crate::multipart::{Attachment, attachments, parse_body};
use crate::payloads;
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

pub const APP: u64 = 900_000_000_000_000_001;
pub const BOT: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 900_000_000_000_000_003;

/// One REST request as the bot sent it.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// The JSON body (of a multipart request: its `payload_json`).
    pub body: Value,
    /// Uploaded files (their ids: the index of their part).
    pub files: Vec<Attachment>,
}

/// A message as Discord would hold it.
#[derive(Clone, Debug, Default)]
pub struct Msg {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub embeds: Value,
    pub components: Value,
    pub flags: u64,
    pub allowed_mentions: Value,
    /// The attachments it holds now.
    pub files: Vec<Attachment>,
    pub deleted: bool,
    /// The interaction that made it (its answer), if any.
    pub interaction: Option<u64>,
    /// Every state it was given, oldest first.
    pub history: Vec<Value>,
}

impl Msg {
    /// Embed descriptions and titles, and the content: all the text shown.
    pub fn text(&self) -> String {
        let mut out = vec![self.content.clone()];
        for e in self.embeds.as_array().into_iter().flatten() {
            for k in ["title", "description"] {
                if let Some(s) = e[k].as_str() {
                    out.push(s.to_owned());
                }
            }
        }
        out.join("\n")
    }

    /// Every button and menu choice: (label, custom id).
    pub fn buttons(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                if c["type"] == 2 {
                    out.push((
                        c["label"].as_str().unwrap_or("").to_owned(),
                        c["custom_id"].as_str().unwrap_or("").to_owned(),
                    ));
                }
                for o in c["options"].as_array().into_iter().flatten() {
                    out.push((
                        o["label"].as_str().unwrap_or("").to_owned(),
                        o["value"].as_str().unwrap_or("").to_owned(),
                    ));
                }
            }
        }
        out
    }

    pub fn ephemeral(&self) -> bool {
        self.flags & 64 != 0
    }
}

/// What an interaction's token did.
#[derive(Clone, Debug, Default)]
pub struct Answered {
    /// Callback types in order (4 message, 5 deferred message, 6 deferred update, 7 update).
    pub callbacks: Vec<u64>,
    /// The message the interaction's answer is (type 4/5), or that it updates (type 6/7).
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    pub edits: usize,
    /// When the gateway handed the interaction to the bot, and when its first answer came.
    pub handed: Option<Instant>,
    pub answered: Option<Instant>,
}

#[derive(Default)]
struct Data {
    requests: Vec<Request>,
    messages: BTreeMap<u64, Msg>,
    /// interaction id → token, and token → what it did.
    tokens: HashMap<u64, String>,
    answers: HashMap<String, Answered>,
    /// For a component press: token → the message pressed.
    pressed_on: HashMap<String, u64>,
    /// token → the channel of the interaction.
    channels: HashMap<String, u64>,
    /// Calls whose path starts so fail: (path, status, times left).
    faults: Vec<(String, u16, u32)>,
    /// Threads made (`POST /channels/{id}/threads`): thread → its parent channel.
    threads: HashMap<u64, u64>,
}

struct Shared {
    data: Mutex<Data>,
    next_id: AtomicU64,
    identifies: AtomicUsize,
    /// The `shard` of every IDENTIFY, in order.
    shards: Mutex<Vec<Value>>,
    addr: SocketAddr,
    events: tokio::sync::Mutex<mpsc::UnboundedReceiver<Value>>,
}

pub struct Fake {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    events: mpsc::UnboundedSender<Value>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Fake {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl Fake {
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            data: Mutex::new(Data::default()),
            next_id: AtomicU64::new(1_000_000_000_000_000_000),
            identifies: AtomicUsize::new(0),
            shards: Mutex::default(),
            addr,
            events: tokio::sync::Mutex::new(rx),
        });
        let app =
            Router::new().route("/gateway", get(gateway)).fallback(rest).with_state(shared.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Fake { addr, shared, events: tx, server }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn id(&self) -> u64 {
        self.shared.next_id.fetch_add(1, Ordering::SeqCst)
    }

    /// Sends an interaction over the gateway; its token is remembered.
    pub fn push(&self, mut interaction: Value) {
        let id: u64 = interaction["id"].as_str().unwrap().parse().unwrap();
        // From a thread, the interaction's channel is the thread, and says whose thread it is.
        let channel: u64 = interaction["channel_id"].as_str().unwrap().parse().unwrap();
        if let Some(parent) = self.data().threads.get(&channel) {
            interaction["channel"]["type"] = json!(11);
            interaction["channel"]["parent_id"] = json!(parent.to_string());
        }
        let token = interaction["token"].as_str().unwrap().to_owned();
        {
            let mut d = self.data();
            d.tokens.insert(id, token.clone());
            d.answers.insert(token.clone(), Answered::default());
            d.channels.insert(
                token.clone(),
                interaction["channel_id"].as_str().unwrap().parse().unwrap(),
            );
            if let Some(m) = interaction["message"]["id"].as_str() {
                d.pressed_on.insert(token, m.parse().unwrap());
            }
        }
        self.events.send(interaction).unwrap();
    }

    fn data(&self) -> std::sync::MutexGuard<'_, Data> {
        self.shared.data.lock().unwrap()
    }

    /// The threads made, with their parent channels.
    pub fn threads(&self) -> HashMap<u64, u64> {
        self.data().threads.clone()
    }

    pub fn requests(&self) -> Vec<Request> {
        self.data().requests.clone()
    }

    /// Waits until the bot has sent nothing for a while (its work after an answer is done).
    pub async fn quiet(&self) {
        let mut seen = self.data().requests.len();
        let mut still = 0;
        while still < 40 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            let now = self.data().requests.len();
            still = if now == seen { still + 1 } else { 0 };
            seen = now;
        }
    }

    /// The next `times` calls whose path starts with `path` fail with `status` (429: rate
    /// limited for half a second; otherwise a bare 5xx, as Discord's front gives in a bad spell).
    pub fn fail(&self, path: &str, status: u16, times: u32) {
        self.data().faults.push((path.to_owned(), status, times));
    }

    pub fn identifies(&self) -> usize {
        self.shared.identifies.load(Ordering::SeqCst)
    }

    /// The `shard` ([id, total]) each gateway session identified with.
    pub fn identified_shards(&self) -> Vec<Value> {
        self.shared.shards.lock().unwrap().clone()
    }

    pub fn message(&self, id: u64) -> Msg {
        self.data().messages.get(&id).cloned().expect("a message the bot made")
    }

    /// Messages posted in a channel (not interaction answers), oldest first.
    pub fn channel_messages(&self, channel: u64) -> Vec<Msg> {
        self.data()
            .messages
            .values()
            .filter(|m| m.channel == channel && m.interaction.is_none())
            .cloned()
            .collect()
    }

    /// Every message the bot made, answers included.
    pub fn messages(&self) -> Vec<Msg> {
        self.data().messages.values().cloned().collect()
    }

    pub fn answered(&self, token: &str) -> Answered {
        self.data().answers.get(token).cloned().unwrap_or_default()
    }

    /// Polls until `f` gives something (a few seconds at most).
    pub async fn until<T>(&self, what: &str, mut f: impl FnMut(&Fake) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(v) = f(self) {
                return v;
            }
            if tokio::time::Instant::now() > deadline {
                panic!(
                    "timed out waiting for {what}; requests: {:#?}",
                    self.requests().iter().rev().take(8).collect::<Vec<_>>()
                );
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
}

async fn gateway(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    ws.on_upgrade(move |socket| session(socket, shared))
}

async fn send(socket: &mut WebSocket, v: Value) -> bool {
    socket.send(WsMessage::Text(v.to_string().into())).await.is_ok()
}

/// One gateway connection: HELLO, wait for IDENTIFY, READY, then events; heartbeats acked.
async fn session(mut socket: WebSocket, shared: Arc<Shared>) {
    if !send(&mut socket, json!({"op": 10, "d": {"heartbeat_interval": 41250}})).await {
        return;
    }
    loop {
        match socket.recv().await {
            Some(Ok(WsMessage::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap_or_default();
                match v["op"].as_u64() {
                    Some(2) => {
                        shared.shards.lock().unwrap().push(v["d"]["shard"].clone());
                        break;
                    }
                    Some(1) => {
                        send(&mut socket, json!({"op": 11})).await;
                    }
                    _ => {}
                }
            }
            Some(Ok(_)) => {}
            _ => return,
        }
    }
    let n = shared.identifies.fetch_add(1, Ordering::SeqCst) + 1;
    let ws = format!("ws://{}/gateway", shared.addr);
    if !send(
        &mut socket,
        json!({"op": 0, "t": "READY", "s": 1, "d": payloads::ready(&format!("session-{n}"), &ws)}),
    )
    .await
    {
        return;
    }
    let mut seq = 1;
    let mut events = shared.events.lock().await;
    loop {
        tokio::select! {
            msg = socket.recv() => match msg {
                Some(Ok(WsMessage::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).unwrap_or_default();
                    if v["op"] == 1 {
                        send(&mut socket, json!({"op": 11})).await;
                    }
                }
                Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            ev = events.recv() => match ev {
                Some(ev) => {
                    seq += 1;
                    let token = ev["token"].as_str().unwrap_or_default().to_owned();
                    if !send(&mut socket, json!({"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": ev})).await {
                        return;
                    }
                    if let Some(a) = shared.data.lock().unwrap().answers.get_mut(&token) {
                        a.handed = Some(Instant::now());
                    }
                }
                None => return,
            },
        }
    }
}

/// Every REST call: recorded, then answered as Discord would.
async fn rest(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().strip_prefix("/api/v10").unwrap_or(uri.path()).to_owned();
    let (body, files) = parse_body(&headers, &body);
    let mut d = shared.data.lock().unwrap();
    d.requests.push(Request {
        method: method.to_string(),
        path: path.clone(),
        body: body.clone(),
        files: files.clone(),
    });
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
    let ok = |v: Value| (StatusCode::OK, axum::Json(v)).into_response();
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
