//! Scenario tables for end-to-end tests (feature `testkit`): people's requests as data, run
//! directly through the chat layer here and through each adapter on its fake. Every run
//! records, step by step, what the chat then holds (tables, standings, settings — with the
//! platform's ids and names replaced by the scenario's people) and what a refused or
//! read-only request was told; the runs must be equal.

use super::args::Args;
use super::catalog::{ArgKind, command_named};
use super::{Answer, Body, Chat, From, Menu, Request};
use crate::session::{ChatId, Person, Phase, Platform, UserId};
use crate::store::Store;
use crate::view::{ButtonAction, ButtonData, hand_view};
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// A scenario: who takes part, and what they do.
#[derive(Clone, Debug, Deserialize)]
pub struct Scenario {
    /// The people, by key (`alice`); each platform gives them ids and names of its own.
    pub people: Vec<String>,
    pub steps: Vec<Step>,
}

/// One step: a person does something.
#[derive(Clone, Debug, Deserialize)]
pub struct Step {
    #[serde(default)]
    pub who: String,
    #[serde(flatten)]
    pub act: Act,
    #[serde(default)]
    pub expect: Expect,
}

/// What is done.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Act {
    /// A command with its arguments by the catalog's keys: `{"cmd": "new", "args": {"game": "kozel"}}`.
    Cmd {
        cmd: String,
        #[serde(default)]
        args: Map<String, Value>,
    },
    /// A button of a table message (`join`, `start`, `bot`, `leave`, `rematch`, `resign`,
    /// `vote`, `end`): the chat's newest open table, or the table numbered.
    Press {
        press: String,
        #[serde(default)]
        table: Option<u32>,
    },
    /// The item labelled so on the latest settings menu.
    Menu { menu: String },
    /// Everybody plays the newest table's match to its end, each pressing the first move
    /// their hand offers.
    Play { play: String },
    /// The person becomes an admin of the chat.
    Admin { admin: bool },
}

/// What the step must give.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Expect {
    /// The request is refused with a text holding this.
    pub refused: Option<String>,
    /// The request changes the chat.
    #[serde(default)]
    pub changes: bool,
    /// The text told holds this.
    pub told: Option<String>,
    /// The newest table's phase afterwards.
    pub phase: Option<String>,
}

/// What one step left.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub step: usize,
    /// What the requester was told, when the request changed nothing.
    pub told: Option<String>,
    /// The chat's tables, standings and settings, as the scenario's people.
    pub state: Value,
}

impl Scenario {
    pub fn from_json(text: &str) -> Scenario {
        serde_json::from_str(text).expect("a scenario")
    }

    /// The command and arguments of a `cmd` step, typed.
    pub fn args(cmd: &str, args: &Map<String, Value>) -> (super::Cmd, Args) {
        let spec = command_named(cmd).unwrap_or_else(|| panic!("no command {cmd}"));
        let mut out = Args::default();
        for (key, value) in args {
            let arg = spec
                .args
                .iter()
                .find(|a| a.key == key)
                .unwrap_or_else(|| panic!("{cmd} has no {key}"));
            let int = || value.as_u64().expect("a number") as u32;
            let flag = || value.as_bool().expect("true or false");
            match arg.kind {
                ArgKind::Game => out.game = Some(value.as_str().unwrap().parse().unwrap()),
                ArgKind::Players => out.players = Some(int() as u8),
                ArgKind::Pairs => out.set_pairs(),
                ArgKind::Preset => {
                    let p = crate::engine::rules::Preset::ALL
                        .into_iter()
                        .find(|p| Some(p.key()) == value.as_str());
                    out.add_preset(p.expect("a preset"))
                }
                ArgKind::Target => out.set_target(int()),
                ArgKind::Options => {
                    super::words::rule_words(&mut out, value.as_str().unwrap()).unwrap()
                }
                ArgKind::Computer => out.computer = flag(),
                ArgKind::Table => out.table = Some(int()),
                ArgKind::Season => out.season = Some(int()),
                ArgKind::PairsTable => out.pairs_table = flag(),
                ArgKind::AllTime => out.all_time = flag(),
                ArgKind::NewSeason => out.new_season = flag(),
                ArgKind::Opponent => panic!("opponents are platform people: not in scenarios yet"),
            }
        }
        (spec.cmd, out)
    }
}

/// Replaces every id and name of `people` ((user id, name, key)) in `v` by the key, and every
/// platform key by "platform".
pub fn normalize(v: &mut Value, people: &[(String, String, String)]) {
    match v {
        Value::String(s) => {
            if let Some((_, _, key)) = people.iter().find(|(id, name, _)| s == id || s == name) {
                *s = key.clone();
            } else if Platform::from_key(s).is_some() {
                *s = "platform".into();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| normalize(i, people)),
        Value::Object(map) => map.values_mut().for_each(|i| normalize(i, people)),
        _ => {}
    }
}

/// What a chat holds: its tables (by number), its standings, its settings and season.
pub async fn state<S: Store>(
    chat: &Chat<S>,
    at: &ChatId,
    people: &[(String, String, String)],
) -> Value {
    let service = chat.service();
    let store = service.store();
    let mut tables = Vec::new();
    for id in 1..=64 {
        match store.load(id).await {
            Ok(Some(t)) if &t.chat == at => {
                let mut v = serde_json::to_value(&t).unwrap();
                if let Some(m) = v.as_object_mut() {
                    for k in ["id", "chat", "seed"] {
                        m.remove(k);
                    }
                }
                tables.push(v);
            }
            Ok(_) => {}
            Err(e) => panic!("{e}"),
        }
    }
    let season = store.season(at).await.unwrap().number;
    let mut scores = Vec::new();
    for n in 1..=season {
        scores.push(
            serde_json::to_value(store.scoreboard(at, Some(n), None).await.unwrap()).unwrap(),
        );
    }
    let mut settings = serde_json::to_value(store.chat_settings(at).await.unwrap()).unwrap();
    settings["version"] = json!(store.chat_settings(at).await.unwrap().version);
    let mut v = json!({"tables": tables, "scores": scores, "settings": settings, "season": season});
    normalize(&mut v, people);
    v
}

/// Normalizes a text told: commands written as Telegram writes them, Discord's Markdown
/// escapes removed, people's names as the scenario's keys.
pub fn told(text: &str, people: &[(String, String, String)]) -> String {
    let mut out = String::new();
    let mut chars =
        text.replace("/domino ", "/").chars().collect::<Vec<_>>().into_iter().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(|n| "\\*_~`|>#@<".contains(*n)) {
            out.push(chars.next().unwrap());
        } else {
            out.push(c);
        }
    }
    let mut names: Vec<&(String, String, String)> = people.iter().collect();
    names.sort_by_key(|(_, name, _)| std::cmp::Reverse(name.len()));
    for (_, name, key) in names {
        out = out.replace(&crate::view::text::display_name(name), key);
    }
    out.trim().to_owned()
}

/// Checks a step's expectations against what it left (`changed`: the state differs from the
/// step before).
pub fn check(step: &Step, n: usize, changed: bool, seen: &Seen) {
    let what = format!("step {n} ({:?} by {})", step.act, step.who);
    if let Some(part) = &step.expect.refused {
        assert!(!changed, "{what}: refused, yet the chat changed");
        let told = seen.told.as_deref().unwrap_or_default();
        assert!(told.contains(part.as_str()), "{what}: told {told:?}, expected {part:?}");
    }
    if step.expect.changes {
        assert!(changed, "{what}: the chat did not change; told {:?}", seen.told);
    }
    if let Some(part) = &step.expect.told {
        let told = seen.told.as_deref().unwrap_or_default();
        assert!(told.contains(part.as_str()), "{what}: told {told:?}, expected {part:?}");
    }
    if let Some(phase) = &step.expect.phase {
        let tables = seen.state["tables"].as_array().unwrap();
        let newest = tables.last().expect("a table");
        assert_eq!(newest["phase"]["phase"].as_str(), Some(phase.as_str()), "{what}");
    }
}

/// A service for tests: the simplest computer player, no pause before its moves, `clock`.
pub async fn quick_service<S: Store>(
    store: S,
    clock: std::sync::Arc<dyn crate::service::Clock>,
) -> std::sync::Arc<crate::service::Service<S>> {
    use crate::service::{Options, OsSeeds, Service};
    use std::sync::Arc;
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    Service::start_with(store, Arc::new(crate::session::Simple), clock, Arc::new(OsSeeds), options)
        .await
        .expect("a service")
}

/// A service every run of a scenario starts the same: the clock at 1, seeds 1, 2, 3 …, the
/// simplest computer player, no pause before its moves.
pub async fn seeded<S: Store>(store: S) -> std::sync::Arc<crate::service::Service<S>> {
    use crate::service::{CountingSeeds, ManualClock, Options, Service};
    use std::sync::Arc;
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let (clock, seeds) = (Arc::new(ManualClock::new(1)), Arc::new(CountingSeeds::new(1)));
    Service::start_with(store, Arc::new(crate::session::Simple), clock, seeds, options)
        .await
        .expect("a service")
}

/// Runs a scenario straight through the chat layer (the reference every adapter's run must
/// equal), in a group chat of `platform`.
pub async fn run_direct<S: Store>(chat: &Chat<S>, scenario: &Scenario, at: ChatId) -> Vec<Seen> {
    let people: Vec<(String, String, String)> = scenario
        .people
        .iter()
        .enumerate()
        .map(|(i, key)| (format!("{}", 1000 + i), key.to_uppercase(), key.clone()))
        .collect();
    let person = |key: &str| {
        let (id, name, _) =
            people.iter().find(|(_, _, k)| k == key).expect("a person of the scenario");
        Person::new(UserId::new(at.platform, id.clone()), name.clone())
    };
    let mut admins: Vec<String> = Vec::new();
    let mut menu: Option<Menu> = None;
    let mut out: Vec<Seen> = Vec::new();
    let mut before = state(chat, &at, &people).await;
    for (n, step) in scenario.steps.iter().enumerate() {
        let from = |who: &str| From {
            chat: at.clone(),
            private: false,
            person: person(who),
            admin: admins.iter().any(|a| a == who),
            member_of: Some(at.clone()),
        };
        let mut told: Option<String> = None;
        let mut take = |a: &Answer, menu: &mut Option<Menu>| {
            if let Some(m) = a.menu.clone().or_else(|| match &a.reply.as_ref()?.body {
                Body::Menu(m) => Some(m.clone()),
                _ => None,
            }) {
                *menu = Some(m);
            }
            let hand = matches!(a.reply.as_ref().map(|r| &r.body), Some(Body::Hand(_)));
            let ack = a.reply.as_ref().is_some_and(|r| r.ack);
            if !hand && !ack {
                let menu_text = a.menu.as_ref().map(|m| m.text.as_str());
                told = a.text().or(menu_text).map(|t| self::told(t, &people));
            }
        };
        match &step.act {
            Act::Admin { .. } => admins.push(step.who.clone()),
            Act::Cmd { cmd, args } => {
                let (cmd, args) = Scenario::args(cmd, args);
                let a = chat.handle(&from(&step.who), Request::Command(cmd, args)).await;
                take(&a, &mut menu);
            }
            Act::Press { press, table } => {
                let t = newest(chat, &at, *table).await.expect("a table to press on");
                let action = button_action(press);
                let data = ButtonData::new(t.id, t.version, action).encode();
                let a = chat.handle(&from(&step.who), Request::press(data)).await;
                take(&a, &mut menu);
            }
            Act::Menu { menu: label } => {
                let m = menu.clone().expect("a menu shown before");
                let item = m
                    .controls
                    .iter()
                    .flat_map(|c| &c.items)
                    .chain(&m.nav)
                    .find(|i| i.label.contains(label.as_str()))
                    .unwrap_or_else(|| panic!("no item {label:?} on the menu"));
                let a = chat.handle(&from(&step.who), Request::press(item.press.encode())).await;
                take(&a, &mut menu);
            }
            Act::Play { .. } => {
                let id = newest(chat, &at, None).await.expect("a table").id;
                for _ in 0..5000 {
                    chat.service().settled().await;
                    let t = chat.service().table(id).await.unwrap().unwrap();
                    if t.phase != Phase::Playing {
                        break;
                    }
                    let seat = t.to_move().expect("someone to move");
                    let who =
                        t.seats[seat].as_ref().and_then(|s| s.person()).expect("a person").clone();
                    let view = hand_view(&t, seat).expect("a hand");
                    let (_, data) =
                        view.buttons.first().and_then(|r| r.first()).expect("a move").clone();
                    let from = From {
                        chat: at.clone(),
                        private: false,
                        person: who,
                        admin: false,
                        member_of: Some(at.clone()),
                    };
                    let a = chat.handle(&from, Request::press(data.encode())).await;
                    assert!(a.reply.is_none(), "a legal move is taken: {:?}", a.text());
                }
            }
        }
        chat.service().settled().await;
        let now = state(chat, &at, &people).await;
        let changed = now != before;
        let seen = Seen { step: n, told: if changed { None } else { told }, state: now.clone() };
        check(step, n, changed, &seen);
        out.push(seen);
        before = now;
    }
    out
}

/// The chat's newest open table, or the one numbered.
pub async fn newest<S: Store>(
    chat: &Chat<S>,
    at: &ChatId,
    number: Option<u32>,
) -> Option<crate::session::Table> {
    let tables = chat.service().tables_in(at).await;
    let found = match number {
        Some(n) => tables.into_iter().find(|t| t.number == n),
        None => tables.into_iter().last(),
    };
    match found {
        Some(t) => Some(t),
        // A finished table rests in the store: its message still shows (rematch, close).
        None => chat.service().latest_table(at).await.ok().flatten().filter(|t| t.phase.is_open()),
    }
}

/// The button a `press` step names.
pub fn button_action(name: &str) -> ButtonAction {
    match name {
        "join" => ButtonAction::Join,
        "leave" => ButtonAction::Leave,
        "start" => ButtonAction::Start,
        "bot" => ButtonAction::AddBot,
        "rematch" => ButtonAction::Rematch,
        "resign" => ButtonAction::Resign,
        "vote" => ButtonAction::VoteEnd,
        "end" => ButtonAction::End,
        "accept" => ButtonAction::Accept,
        "decline" => ButtonAction::Decline,
        other => panic!("no button {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryStore;

    #[tokio::test]
    async fn the_chat_scenario_holds_straight_through_the_chat_layer() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/chat.json");
        let scenario = Scenario::from_json(&std::fs::read_to_string(path).unwrap());
        let chat = Chat::new(seeded(MemoryStore::new()).await);
        let seen = run_direct(&chat, &scenario, ChatId::new(Platform::Telegram, "-1001")).await;
        assert_eq!(seen.len(), scenario.steps.len());
        let last = &seen.last().unwrap().state;
        assert_eq!(last["season"], 2);
        assert_eq!(last["settings"]["lang"], "en");
        let scores = last["scores"][0].as_array().unwrap();
        assert_eq!(
            scores.len(),
            3,
            "alice, bob and carol finished a match in season 1: {scores:?}"
        );
    }
}
