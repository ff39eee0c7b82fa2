//! A bot under test: a real serenity client (through the proxy setting) against the fake, over
//! a service on a store; people who send slash commands and press buttons.

use crate::fake::{self, Fake, Msg};
use crate::payloads::{self, EVERYONE};
use domino_core::chat::Door;
pub use domino_core::chat::scenario::quick_service;
use domino_core::service::{ManualClock, Service};
use domino_core::session::Table;
use domino_core::store::Store;
use domino_core::view::ButtonData;
use domino_discord::DiscordConfig;
use serde_json::Value;
use serenity::model::id::GuildId;
use std::sync::Arc;
use tokio::sync::oneshot;

pub const CHANNEL: u64 = 910_000_000_000_000_001;
pub const OTHER_CHANNEL: u64 = 910_000_000_000_000_002;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    pub id: u64,
    pub name: &'static str,
    pub perms: &'static str,
}

pub const ANNA: Player = Player { id: 920_000_000_000_000_001, name: "anna", perms: EVERYONE };
pub const BORIS: Player = Player { id: 920_000_000_000_000_002, name: "boris", perms: EVERYONE };
pub const VERA: Player = Player { id: 920_000_000_000_000_003, name: "vera", perms: EVERYONE };
pub const GLEB: Player = Player { id: 920_000_000_000_000_004, name: "gleb", perms: EVERYONE };
pub const ADMIN: Player =
    Player { id: 920_000_000_000_000_009, name: "admin", perms: payloads::ADMIN };

impl Player {
    pub fn user(&self) -> Value {
        payloads::user(self.id, self.name, false)
    }

    pub fn member(&self) -> Value {
        payloads::member(self.user(), self.perms)
    }
}

/// A running bot: stopped by [`Bot::stop`].
pub struct Bot<S: Store> {
    pub service: Arc<Service<S>>,
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), domino_discord::Error>>,
}

impl<S: Store> Bot<S> {
    /// Starts the bot on `fake` and waits until it registered its commands (after READY).
    pub async fn start(fake: &Fake, service: Arc<Service<S>>) -> Bot<S> {
        Bot::start_with(fake, service, DiscordConfig::new("test-token")).await
    }

    /// [`Bot::start`] from `config` (its token, shards…), pointed at `fake` (or at the proxy
    /// before it that `config` names).
    pub async fn start_with(
        fake: &Fake,
        service: Arc<Service<S>>,
        mut config: DiscordConfig,
    ) -> Bot<S> {
        config.proxy_url.get_or_insert_with(|| fake.url());
        config.guild_id = Some(GuildId::new(fake::GUILD));
        let registered =
            |f: &Fake| f.requests().iter().filter(|r| r.path.ends_with("/commands")).count();
        let before = registered(fake);
        let (stop, stopped) = oneshot::channel::<()>();
        fake.follow(&config.status);
        let task =
            tokio::spawn(domino_discord::run_until(Door::new(service.clone()), config, async {
                let _ = stopped.await;
            }));
        fake.until("the commands registered", |f| (registered(f) > before).then_some(())).await;
        Bot { service, stop, task }
    }

    /// Whether the bot is still running (it has not returned or panicked).
    pub fn alive(&self) -> bool {
        !self.task.is_finished()
    }

    pub async fn stop(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(std::time::Duration::from_secs(10), self.task).await;
        result.expect("the bot stops").expect("the bot task ends").expect("the bot ends cleanly");
    }
}

pub async fn service<S: Store>(store: S, clock: Arc<ManualClock>) -> Arc<Service<S>> {
    quick_service(store, clock).await
}

/// The fake and a bot on it.
pub struct World<S: Store> {
    pub fake: Fake,
    pub bot: Bot<S>,
    pub clock: Arc<ManualClock>,
}

impl<S: Store> World<S> {
    pub async fn start(store: S) -> World<S> {
        let fake = Fake::start().await;
        let clock = fake.clock();
        let bot = Bot::start(&fake, service(store, clock.clone()).await).await;
        World { fake, bot, clock }
    }

    pub fn service(&self) -> &Service<S> {
        &self.bot.service
    }

    /// `/domino sub options…` in `channel`; returns the answer once the deferred "thinking…" is
    /// replaced.
    pub async fn slash_in(
        &self,
        channel: u64,
        who: Player,
        sub: &str,
        options: Vec<Value>,
        resolved: Value,
    ) -> Msg {
        let id = self.fake.id();
        let token = format!("token-{id}");
        self.fake.push(payloads::command(
            id,
            &token,
            channel,
            who.member(),
            sub,
            options,
            resolved,
        ));
        let a = self
            .fake
            .until("the command's answer", |f| {
                let a = f.answered(&token);
                let done = match a.callbacks.as_slice() {
                    [4] => true,
                    // Late: the deferred "thinking…" edited to the answer, or to «✅» with
                    // the public answer following (wait for it).
                    [5] => {
                        let said = || f.message(a.original.unwrap()).content;
                        a.edits > 0
                            && (!a.followups.is_empty()
                                || !(said().starts_with('…') || said() == "✅"))
                    }
                    _ => false,
                };
                done.then_some(a)
            })
            .await;
        // A late public answer is a follow-up; the deferred answer then only says «✅».
        match a.followups.first() {
            Some(&m) => self.fake.message(m),
            None => self.fake.message(a.original.unwrap()),
        }
    }

    pub async fn slash(&self, who: Player, sub: &str, options: Vec<Value>) -> Msg {
        self.slash_in(CHANNEL, who, sub, options, Value::Null).await
    }

    /// Presses the button `custom_id` on message `on`; returns the answer: the message it
    /// updated, or the private message it sent.
    pub async fn press(&self, who: Player, on: u64, custom_id: &str) -> Pressed {
        let channel = self.fake.message(on).channel;
        self.press_in(channel, who, on, custom_id).await
    }

    /// A press seen in `channel` (a forged one may name another channel's table).
    pub async fn press_in(&self, channel: u64, who: Player, on: u64, custom_id: &str) -> Pressed {
        let msg = self.fake.message(on);
        let id = self.fake.id();
        let message = fake::message_json(&msg);
        let token = format!("token-{id}");
        self.fake.push(payloads::button(id, &token, channel, who.member(), custom_id, message));
        self.pressed(&token).await
    }

    /// Chooses `values` in the select menu `custom_id` of message `on`.
    pub async fn choose(&self, who: Player, on: u64, custom_id: &str, values: &[&str]) -> Pressed {
        let msg = self.fake.message(on);
        let id = self.fake.id();
        let token = format!("token-{id}");
        let message = fake::message_json(&msg);
        let channel = msg.channel;
        self.fake.push(payloads::choices(
            id,
            &token,
            channel,
            who.member(),
            custom_id,
            values,
            message,
        ));
        self.pressed(&token).await
    }

    /// The answer to the press whose token is `token`.
    async fn pressed(&self, token: &str) -> Pressed {
        let a = self
            .fake
            .until("the press's answer", |f| {
                let a = f.answered(token);
                let done = match a.callbacks.as_slice() {
                    [4] | [7] => true,
                    [6] => a.edits > 0 || !a.followups.is_empty(),
                    _ => false,
                };
                done.then_some(a)
            })
            .await;
        let kind = a.callbacks[0];
        let shown = match kind {
            6 if !a.followups.is_empty() => a.followups[0],
            _ => a.original.unwrap(),
        };
        Pressed { kind, late: kind == 6, msg: self.fake.message(shown), token: token.to_owned() }
    }

    /// The table's channel message, as the store remembers it once it is posted (the table's
    /// own task posts it, after the answer).
    pub async fn table_message_id(&self, table: i64) -> u64 {
        let end = std::time::Instant::now() + std::time::Duration::from_secs(15);
        loop {
            let refs = self.service().store().message_refs(table).await.unwrap();
            if let Some((_, r)) = refs.into_iter().find(|(a, _)| a == "public") {
                return r.split_once(':').unwrap().1.parse().unwrap();
            }
            assert!(std::time::Instant::now() < end, "the table message is remembered");
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    }

    pub async fn table(&self, id: i64) -> Table {
        self.service().table(id).await.unwrap().unwrap()
    }

    /// Waits until the table message shows the table as the service has it; returns it.
    pub async fn shown(&self, table: i64) -> Msg {
        let t = self.table(table).await;
        let mid = self.table_message_id(table).await;
        self.fake
            .until("the table message up to date", |f| {
                let m = f.message(mid);
                let ok = match shown_version(&m) {
                    Some(v) => v == t.version,
                    None => !t.phase.is_open() && m.history.len() > 1,
                };
                ok.then_some(m)
            })
            .await
    }
}

/// The answer to a press.
#[derive(Debug)]
pub struct Pressed {
    /// The callback type: 4 a private message, 7 an update, 6 acknowledged first.
    pub kind: u64,
    pub late: bool,
    pub msg: Msg,
    /// The press's interaction token.
    pub token: String,
}

/// The table version a table message's buttons carry.
pub fn shown_version(m: &Msg) -> Option<u64> {
    let (_, id) = m.buttons().into_iter().next()?;
    ButtonData::decode(&id).ok().map(|d| d.version)
}

/// The user mentioned first in a message's content.
pub fn mention(m: &Msg) -> Option<u64> {
    let rest = m.content.split("<@").nth(1)?;
    rest.split('>').next()?.parse().ok()
}

/// The custom id of the first button whose label contains `label`.
pub fn button(m: &Msg, label: &str) -> String {
    m.buttons()
        .into_iter()
        .find(|(l, _)| l.contains(label))
        .unwrap_or_else(|| panic!("no button {label:?} in {:?}", m.buttons()))
        .1
}

/// The select menu holding the option labelled `label`: (its custom id, the option's value).
pub fn select(m: &Msg, label: &str) -> (String, String) {
    for row in m.components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            for o in c["options"].as_array().into_iter().flatten() {
                if o["label"].as_str().is_some_and(|l| l.contains(label)) {
                    let id = c["custom_id"].as_str().unwrap().to_owned();
                    return (id, o["value"].as_str().unwrap().to_owned());
                }
            }
        }
    }
    panic!("no option {label:?} in {:?}", m.buttons())
}

/// Plays the table's match with the people seated, each pressing «My tiles» on the table
/// message and then the first move of their hand, until `done` says so.
pub async fn play<S: Store>(
    w: &World<S>,
    table: i64,
    people: &[Player],
    done: impl Fn(&Table) -> bool,
) -> usize {
    let mut moves = 0;
    loop {
        // Computer players move in the background: wait for them, as people wait for them.
        w.service().settled().await;
        let t = w.table(table).await;
        if done(&t) {
            return moves;
        }
        let msg = w.shown(table).await;
        let who = mention(&msg).expect("the player to move is mentioned");
        let seat = t.to_move().expect("someone is to move");
        let expected = t.seats[seat].as_ref().unwrap().person().unwrap();
        assert_eq!(who.to_string(), expected.id.id, "the mention names the player to move");
        let player = *people.iter().find(|p| p.id == who).expect("one of ours");
        let hand = w.press(player, msg.id, &button(&msg, "Мои кости")).await;
        assert_eq!(hand.kind, 4, "«My tiles» answers with a message");
        assert!(hand.msg.ephemeral(), "only the player sees the hand");
        let moves_offered = hand.msg.buttons();
        assert!(!moves_offered.is_empty(), "a hand to move has buttons: {}", hand.msg.text());
        let after = w.press(player, hand.msg.id, &moves_offered[0].1).await;
        assert_eq!(after.kind, 7, "a move updates the hand: {}", after.msg.text());
        moves += 1;
        assert!(moves < 2000, "the match goes on forever");
    }
}
