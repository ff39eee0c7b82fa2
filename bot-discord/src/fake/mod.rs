//! A fake Discord on loopback: the REST routes the bot uses under `/api/v10` (reached through
//! serenity's proxy setting) and a websocket gateway (HELLO, IDENTIFY, READY, then the
//! INTERACTION_CREATE events a test pushes). It records every request and keeps the messages
//! as Discord would show them, so tests assert on what was sent. Its clock is the bot's (the
//! bot's service runs on the same one): an interaction's token is refused by the webhook
//! routes 15 minutes after the interaction came, as Discord does. Its instants are tokio's
//! (`tokio::time::Instant`), so it runs in paused time too. Behind the feature `fake`: a test
//! and bench tool, not part of the bot.

pub mod flow;
mod gateway;
pub mod limits;
pub mod multipart;
pub mod payloads;
mod rest;
mod roles;
mod wait;

pub use rest::message_json;

use axum::Router;
use axum::routing::get;
use domino_core::service::{Clock, ManualClock};
use multipart::Attachment;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

pub const APP: u64 = 900_000_000_000_000_001;
pub const BOT: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 900_000_000_000_000_003;

/// Discord's time for an interaction's first answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// How long an interaction's token works on the webhook routes (Discord's 15 minutes).
pub const TOKEN_LIFE_MS: i64 = 15 * 60 * 1000;

/// One REST request as the bot sent it.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// The JSON body (of a multipart request: its `payload_json`).
    pub body: Value,
    /// Uploaded files (their ids: the index of their part).
    pub files: Vec<Attachment>,
    /// When it came (tokio's time).
    pub at: Instant,
    /// The status the fake answered with.
    pub status: u16,
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
    /// Pinned in its channel.
    pub pinned: bool,
    /// When it was last given a state (tokio's time).
    pub changed: Option<Instant>,
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
    /// token → when the interaction came (the fake's clock).
    issued: HashMap<String, i64>,
    /// Calls refused for a token past its 15 minutes (401, code 50027), by token.
    expired: Vec<String>,
    /// Calls whose path starts so fail: (path, status, times left).
    faults: Vec<(String, u16, u32)>,
    /// Threads made (`POST /channels/{id}/threads`): thread → its parent channel.
    threads: HashMap<u64, u64>,
    /// Channels the bot can no longer reach (removed from their server): every call on them
    /// is refused as Discord refuses it (403, code 50001 «Missing Access»).
    removed: Vec<u64>,
    /// The channels' rate limit and its breaches.
    limits: limits::Limits,
    /// The server's roles (`roles`).
    server: roles::Server,
}

struct Shared {
    data: Mutex<Data>,
    next_id: AtomicU64,
    identifies: AtomicUsize,
    /// The `shard` of every IDENTIFY, in order.
    shards: Mutex<Vec<Value>>,
    addr: SocketAddr,
    events: tokio::sync::Mutex<mpsc::UnboundedReceiver<Value>>,
    /// The clock tokens are timed by: the bot's service's.
    clock: Arc<dyn Clock>,
    /// The same clock when it is a test's `ManualClock`.
    manual: Option<Arc<ManualClock>>,
    /// The bots whose own state says when they are idle ([`Fake::follow`]).
    bots: Mutex<Vec<crate::Status>>,
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
    /// A fake on a `ManualClock` of its own (`Fake::clock`).
    pub async fn start() -> Fake {
        let clock = Arc::new(ManualClock::new(1_700_000_000_000));
        Fake::start_on(clock.clone(), Some(clock)).await
    }

    /// A fake timing tokens by `clock` (the bot's service's, e.g. one following tokio's time).
    pub async fn start_timed(clock: Arc<dyn Clock>) -> Fake {
        Fake::start_on(clock, None).await
    }

    async fn start_on(clock: Arc<dyn Clock>, manual: Option<Arc<ManualClock>>) -> Fake {
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
            clock,
            manual,
            bots: Mutex::default(),
        });
        let app = Router::new()
            .route("/gateway", get(gateway::gateway))
            .fallback(rest::rest)
            .with_state(shared.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Fake { addr, shared, events: tx, server }
    }

    /// A person dismisses an ephemeral message: it is gone (edits of it are Unknown Message).
    pub fn dismiss(&self, message: u64) {
        let mut d = self.data();
        let m = d.messages.get_mut(&message).expect("a message the bot made");
        assert!(m.ephemeral(), "only an ephemeral message is dismissed");
        m.deleted = true;
    }

    /// From now on the fake keeps Discord's per-channel rate limit (`limits`): a call beyond
    /// it is refused with 429 and recorded as a breach.
    pub fn keep_limits(&self) {
        self.data().limits.on = true;
    }

    /// The calls refused as beyond a channel's rate limit.
    pub fn breaches(&self) -> Vec<limits::Breached> {
        self.data().limits.breaches.clone()
    }

    /// Someone deletes a message of the channel.
    pub fn delete(&self, message: u64) {
        self.data().messages.get_mut(&message).expect("a message").deleted = true;
    }

    /// The clock the fake times tokens by: give it to the bot's service, move it in the test.
    pub fn clock(&self) -> Arc<ManualClock> {
        self.shared.manual.clone().expect("a fake started on its own manual clock")
    }

    /// The tokens the fake refused as past their 15 minutes, one per call refused.
    pub fn expired_calls(&self) -> Vec<String> {
        self.data().expired.clone()
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
            d.issued.insert(token.clone(), self.shared.clock.now());
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

    /// The next `times` calls whose path starts with `path` fail with `status` (429: rate
    /// limited for half a second; otherwise a bare 5xx, as Discord's front gives in a bad spell).
    pub fn fail(&self, path: &str, status: u16, times: u32) {
        self.data().faults.push((path.to_owned(), status, times));
    }

    /// The bot is removed from `channel`'s server: every later call on it is refused.
    pub fn remove_from(&self, channel: u64) {
        self.data().removed.push(channel);
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

    /// What every interaction did, by token.
    pub fn all_answered(&self) -> Vec<(String, Answered)> {
        self.data().answers.iter().map(|(t, a)| (t.clone(), a.clone())).collect()
    }
}
