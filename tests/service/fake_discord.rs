//! A small fake Discord on loopback for the binary's tests: the REST routes the bot uses (taken
//! through `DISCORD_PROXY_URL`) and a gateway websocket (HELLO, IDENTIFY, READY, then the
//! interactions pushed). Payloads carry every field serenity's models require.

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::ws::{Message as Ws, WebSocket, WebSocketUpgrade};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

pub const GUILD: u64 = 700_000_000_000_000_001;
pub const CHANNEL: u64 = 700_000_000_000_000_002;
const APP: u64 = 700_000_000_000_000_003;
const BOT: u64 = 700_000_000_000_000_004;
const ANN: u64 = 700_000_000_000_000_005;

#[derive(Default)]
struct Shared {
    /// Every REST call: method and path (without `/api/v10`).
    calls: Mutex<Vec<(String, String)>>,
    /// Interactions sent over the gateway, by number.
    sent: Mutex<usize>,
    next_id: Mutex<u64>,
    events: tokio::sync::Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<Value>>>,
    addr: Mutex<Option<SocketAddr>>,
}

pub struct FakeDiscord {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    events: tokio::sync::mpsc::UnboundedSender<Value>,
}

fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": null,
        "avatar": null, "bot": bot, "system": false, "mfa_enabled": false, "banner": null,
        "accent_color": null, "locale": "en", "verified": true, "flags": 0, "premium_type": 0,
        "public_flags": 0, "avatar_decoration_data": null})
}

fn message(id: u64, channel: &str, body: &Value) -> Value {
    json!({"id": id.to_string(), "channel_id": channel, "guild_id": GUILD.to_string(),
        "author": user(BOT, "domino", true), "content": body["content"].as_str().unwrap_or(""),
        "timestamp": "2026-01-01T00:00:00.000000+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "components": body.get("components").cloned().unwrap_or(json!([])),
        "pinned": false, "type": 0, "flags": 0})
}

async fn rest(State(s): State<Arc<Shared>>, method: Method, uri: Uri, body: Bytes) -> Response {
    let path = uri.path().strip_prefix("/api/v10").unwrap_or(uri.path()).to_owned();
    s.calls.lock().unwrap().push((method.to_string(), path.clone()));
    let body: Value = serde_json::from_slice(&body).unwrap_or(json!({}));
    let addr = s.addr.lock().unwrap().expect("started");
    let id = {
        let mut n = s.next_id.lock().unwrap();
        *n += 1;
        800_000_000_000_000_000 + *n
    };
    let ok = |v: Value| axum::Json(v).into_response();
    let seg: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (method.as_str(), seg.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": format!("ws://{addr}/gateway")})),
        ("GET", ["gateway", "bot"]) => {
            ok(json!({"url": format!("ws://{addr}/gateway"), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}}))
        }
        ("GET", ["users", "@me"]) => ok(user(BOT, "domino", true)),
        ("PUT", ["applications", ..]) => ok(json!([])),
        ("POST", ["interactions", ..]) => StatusCode::NO_CONTENT.into_response(),
        ("POST" | "PATCH", ["channels", c, "messages", ..]) => ok(message(id, c, &body)),
        ("POST" | "PATCH" | "GET", ["webhooks", ..]) => {
            ok(message(id, &CHANNEL.to_string(), &body))
        }
        ("PUT" | "DELETE", ["channels", _, "pins", _]) | ("DELETE", ["channels", ..]) => {
            StatusCode::NO_CONTENT.into_response()
        }
        _ => (StatusCode::NOT_FOUND, axum::Json(json!({"code": 0, "message": "404: Not Found"})))
            .into_response(),
    }
}

async fn send(socket: &mut WebSocket, v: Value) -> bool {
    socket.send(Ws::Text(v.to_string().into())).await.is_ok()
}

async fn gateway(ws: WebSocketUpgrade, State(s): State<Arc<Shared>>) -> Response {
    ws.on_upgrade(move |socket| session(socket, s))
}

/// HELLO, wait for IDENTIFY, READY, then the interactions pushed; heartbeats acknowledged.
async fn session(mut socket: WebSocket, s: Arc<Shared>) {
    if !send(&mut socket, json!({"op": 10, "d": {"heartbeat_interval": 41250}})).await {
        return;
    }
    loop {
        let Some(Ok(Ws::Text(t))) = socket.recv().await else { return };
        let v: Value = serde_json::from_str(&t).unwrap_or_default();
        match v["op"].as_u64() {
            Some(2) => break,
            Some(1) => drop(send(&mut socket, json!({"op": 11})).await),
            _ => {}
        }
    }
    let addr = s.addr.lock().unwrap().expect("started");
    let ready = json!({"v": 10, "user": user(BOT, "domino", true),
        "guilds": [{"id": GUILD.to_string(), "unavailable": true}], "session_id": "s",
        "resume_gateway_url": format!("ws://{addr}/gateway"), "shard": [0, 1],
        "application": {"id": APP.to_string(), "flags": 0}, "private_channels": [],
        "presences": [], "relationships": [], "guild_join_requests": [],
        "geo_ordered_rtc_regions": [], "user_settings": {}, "auth": {}});
    if !send(&mut socket, json!({"op": 0, "t": "READY", "s": 1, "d": ready})).await {
        return;
    }
    let Some(mut events) = s.events.lock().await.take() else { return };
    let mut seq = 1;
    loop {
        tokio::select! {
            msg = socket.recv() => match msg {
                Some(Ok(Ws::Text(t))) => {
                    if serde_json::from_str::<Value>(&t).unwrap_or_default()["op"] == 1 {
                        send(&mut socket, json!({"op": 11})).await;
                    }
                }
                Some(Ok(Ws::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            ev = events.recv() => {
                let Some(ev) = ev else { break };
                seq += 1;
                if !send(&mut socket, json!({"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": ev})).await {
                    break;
                }
                *s.sent.lock().unwrap() += 1;
            }
        }
    }
    // The next connection (a restart) takes the interactions from here on.
    *s.events.lock().await = Some(events);
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let shared = Arc::new(Shared::default());
        *shared.addr.lock().unwrap() = Some(addr);
        *shared.events.lock().await = Some(rx);
        let app = Router::new()
            .route("/gateway", axum::routing::get(gateway))
            .fallback(rest)
            .with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        FakeDiscord { addr, shared, events: tx }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Ann asks `/domino duel computer:True` in the channel; the interaction's id.
    pub fn duel_computer(&self, n: u64) -> String {
        let id = (900_000_000_000_000_000 + n).to_string();
        let member = json!({"user": user(ANN, "ann", false), "nick": null, "avatar": null,
            "banner": null, "roles": [], "joined_at": "2025-06-01T12:00:00.000000+00:00",
            "premium_since": null, "deaf": false, "mute": false, "flags": 0, "pending": false,
            "permissions": "2248473465835073", "communication_disabled_until": null,
            "unusual_dm_activity_until": null, "avatar_decoration_data": null});
        let channel = json!({"id": CHANNEL.to_string(), "type": 0, "guild_id": GUILD.to_string(),
            "name": "domino", "position": 0, "permission_overwrites": [], "nsfw": false,
            "parent_id": null, "topic": null, "last_message_id": null, "rate_limit_per_user": 0,
            "flags": 0, "permissions": "2248473465835073"});
        let options = json!([{"name": "computer", "type": 5, "value": true}]);
        self.events
            .send(json!({"id": id, "application_id": APP.to_string(), "type": 2,
                "guild_id": GUILD.to_string(), "channel": channel,
                "channel_id": CHANNEL.to_string(), "member": member, "token": format!("t{n}"),
                "version": 1, "app_permissions": "2248473465835073", "locale": "en-US",
                "guild_locale": "en-US", "entitlements": [],
                "authorizing_integration_owners": {"0": GUILD.to_string()}, "context": 0,
                "attachment_size_limit": 10485760,
                "data": {"id": "900000000000000010", "name": "domino", "type": 1,
                    "guild_id": GUILD.to_string(),
                    "options": [{"name": "duel", "type": 1, "options": options}]}}))
            .unwrap();
        id
    }

    /// Interactions sent over the gateway so far.
    pub fn sent(&self) -> usize {
        *self.shared.sent.lock().unwrap()
    }

    /// Every REST call so far: (method, path).
    pub fn calls(&self) -> Vec<(String, String)> {
        self.shared.calls.lock().unwrap().clone()
    }
}
