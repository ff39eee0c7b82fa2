//! Every scenario table (core/tests/scenarios/*.json) through the real bot on the fake: the
//! same requests must leave the same chat and be told the same, step by step, as when they go
//! straight through the chat layer (and so as on Discord, whose test compares the same way).

use crate::fake::{Fake, Msg, User};
use crate::harness::*;
use crate::told::{captions_since, only_to, private_count, private_since, replies};
use crate::watch::watch_view;
use domino_core::chat::scenario::{self, Act, Scenario, Seen};
use domino_core::chat::{ArgKind, Chat, Link, command_named};
use domino_core::service::Service;
use domino_core::session::{ChatId, Person, Platform, UserId};
use domino_core::store::MemoryStore;
use domino_core::view::ButtonData;
use serde_json::{Map, Value};
use std::sync::Arc;

fn scenarios() -> Vec<(String, Scenario)> {
    scenario::all_in(concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/scenarios"))
}

async fn seeded() -> Arc<Service<MemoryStore>> {
    scenario::seeded(MemoryStore::new()).await
}

/// A command and its arguments as a person writes them in Telegram; `name` gives a scenario
/// person's name (an opponent is written `@Name`).
fn words(cmd: &str, args: &Map<String, Value>, name: impl Fn(&str) -> String) -> String {
    let spec = command_named(cmd).unwrap();
    let mut out = format!("/{cmd}");
    for (key, v) in args {
        let kind = spec.args.iter().find(|a| a.key == key).unwrap().kind;
        let text = match (kind, v) {
            (ArgKind::Target, v) => format!("до {v}"),
            (ArgKind::Set, v) => format!("дубль-{v}"),
            (ArgKind::Season, v) => format!("сезон {v}"),
            (ArgKind::Pairs | ArgKind::PairsTable, _) => "пары".into(),
            (ArgKind::AllTime, _) => "всё".into(),
            (ArgKind::NewSeason, _) => "new".into(),
            (ArgKind::Computer, _) => "bot".into(),
            (ArgKind::Days, v) => format!("дней {v}"),
            (ArgKind::Minutes, v) => format!("минут {v}"),
            (ArgKind::Streak, _) => "серия".into(),
            (ArgKind::Opponent, Value::String(key)) => format!("@{}", name(key)),
            (ArgKind::Rounds, v) => format!("раундов {v}"),
            (ArgKind::Round, v) => format!("раунд {v}"),
            (_, Value::String(s)) => s.clone(),
            (_, v) => v.to_string(),
        };
        out.push(' ');
        out.push_str(&text);
    }
    out
}

/// The newest settings menu in the group.
fn latest_menu(fake: &Fake) -> Msg {
    fake.with(|st| {
        st.messages_in(GROUP)
            .into_iter()
            .rev()
            .find(|m| {
                m.buttons().iter().any(|b| b.data.as_deref().is_some_and(|d| d.starts_with("s2:")))
            })
            .cloned()
            .expect("a menu")
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_scenario_gives_what_the_chat_layer_gives() {
    let all = scenarios();
    let one = std::env::var("DOMINO_SCENARIO").is_ok();
    assert!(one || all.len() >= 3, "chat.json, clock.json and standings.json at least");
    scenario::side_by_side(all, |scenario| async move { run(&scenario).await }).await;
}

async fn run(scenario: &Scenario) {
    let direct = Chat::new(seeded().await);
    let at = ChatId::new(Platform::Telegram, GROUP.to_string());
    let expected = scenario::run_direct(&direct, scenario, at.clone()).await;

    let fake = Fake::start().await;
    let bot = start(&fake, seeded().await).await;
    let service = bot.service.clone();
    let chat = Chat::new(service.clone());
    let users = six();
    let people: Vec<(String, String, String)> = scenario
        .people
        .iter()
        .zip(&users)
        .map(|(key, u)| (u.id.to_string(), u.name.to_owned(), key.clone()))
        .collect();
    let user = |key: &str| -> User {
        let i = scenario.people.iter().position(|p| p == key).expect("a person");
        users[i].clone()
    };
    for u in &users {
        fake.say(u.id, u, "/start");
    }
    fake.quiet().await;
    let mut before = scenario::state(&chat, &at, &people).await;
    for (n, step) in scenario.steps.iter().enumerate() {
        let who = user(&step.who);
        let mut posted: Option<String> = None;
        // A re-post (`/table N`): the table's message before it, to read after it.
        let mut old: Option<(i64, Msg)> = None;
        if let Some(number) = scenario::reposted(step) {
            let t = scenario::newest(&chat, &at, number).await.expect("a table to re-post");
            old = Some((t.id, shown(&fake, &service, t.id, "public").await));
        }
        let told: Option<String> = match &step.act {
            Act::Admin { .. } => {
                fake.admin(GROUP, &who);
                None
            }
            Act::Wait { wait } => {
                let seen = fake.with(|st| st.bot_texts(GROUP).len());
                scenario::wait(&service, *wait).await;
                fake.quiet().await;
                let texts = fake.with(|st| st.bot_texts(GROUP).split_off(seen));
                let texts: Vec<String> = texts.iter().map(|t| scenario::told(t, &people)).collect();
                posted = Some(texts.join("\n"));
                None
            }
            Act::Cmd { cmd, args } => {
                let seen = private_count(&fake, who.id);
                let (files, only) = fake.with(|st| (st.documents.len(), st.ephemerals.len()));
                let id = fake.say(GROUP, &who, &words(cmd, args, |key| user(key).name.to_owned()));
                fake.quiet().await;
                // A private answer (a review) goes to the person alone in the group where the
                // bot may, else to their private chat; a file (a replay) says its caption.
                replies(&fake, GROUP, id)
                    .or_else(|| only_to(&fake, who.id, only))
                    .or_else(|| private_since(&fake, who.id, seen))
                    .or_else(|| captions_since(&fake, files))
            }
            Act::Hand { hand: name } => {
                let t = scenario::newest(&chat, &at, None).await.expect("a table");
                let person =
                    Person::new(UserId::new(Platform::Telegram, who.id.to_string()), who.name);
                let data = scenario::hand_button(&t, &person, name).encode();
                // A seated person presses on their hand message; anyone else on the table's.
                let audience = match t.seat_of(&person.id) {
                    Some(_) => hand(&who),
                    None => "public".to_owned(),
                };
                // The message as it is: a hand its owner does not need now (not theirs to move)
                // is left behind the table (`Hand::fresh`), and pressed as it stands.
                let mut msg = shown(&fake, &service, t.id, &audience).await;
                for _ in 0..200 {
                    let drawn = msg
                        .buttons()
                        .iter()
                        .filter_map(|b| ButtonData::decode(b.data.as_deref()?).ok())
                        .filter(|d| !d.action.any_version())
                        .all(|d| d.version == t.version);
                    if drawn {
                        break;
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                    msg = shown(&fake, &service, t.id, &audience).await;
                }
                let cb = fake.forge(&who, &msg, &data);
                let mut answer = fake.answer(&cb).await;
                fake.quiet().await;
                if name == "page" {
                    // The hand redrawn at its second page, then its first move pressed there.
                    let msg = eventually("the hand at its second page", || async {
                        let m = shown(&fake, &service, t.id, &audience).await;
                        m.text.contains("страница 2 из").then_some(m)
                    })
                    .await;
                    let first = moves(&msg, t.version).into_iter().next();
                    let cb = fake.press_msg(&who, &msg, &first.expect("a move on the second page"));
                    answer = fake.answer(&cb).await;
                    fake.quiet().await;
                }
                answer.text.clone().filter(|_| !answer.alert && !answer.taken())
            }
            Act::Press { press, table } => {
                let t = scenario::newest(&chat, &at, *table).await.expect("a table");
                // Pressed on the table message as it shows the table now (a picture takes a
                // moment to draw).
                let msg = eventually("the table message as it is", || async {
                    let m = shown(&fake, &service, t.id, "public").await;
                    let versions: Vec<u64> = m
                        .buttons()
                        .iter()
                        .filter_map(|b| ButtonData::decode(b.data.as_deref()?).ok())
                        .map(|d| d.version)
                        .collect();
                    versions.iter().all(|v| *v == t.version).then_some(m)
                })
                .await;
                let action = scenario::button_action(press);
                // A button the message does not show is pressed as someone with an old one would.
                let forged = ButtonData::new(t.id, t.version, action).encode();
                let button = msg.buttons().into_iter().find(|b| match (&b.data, &b.url) {
                    (Some(d), _) => ButtonData::decode(d).is_ok_and(|d| d.action == action),
                    (None, Some(u)) => press == "join" && u.contains("start=j"),
                    _ => false,
                });
                let (data, url) = match button {
                    Some(b) => (b.data, b.url),
                    None if press == "join" => (
                        None,
                        Some(format!(
                            "start={}",
                            chat.links().await.unwrap().encode(Link::Join(t.id))
                        )),
                    ),
                    None => (Some(forged), None),
                };
                match (data, url) {
                    (Some(data), _) => {
                        let cb = fake.forge(&who, &msg, &data);
                        let answer = fake.answer(&cb).await;
                        fake.quiet().await;
                        answer.text.clone().filter(|_| !answer.alert && !answer.taken())
                    }
                    (None, Some(url)) => {
                        let payload = url.split("start=").nth(1).unwrap().to_owned();
                        let id = fake.say(who.id, &who, &format!("/start {payload}"));
                        fake.quiet().await;
                        replies(&fake, who.id, id)
                    }
                    _ => unreachable!("a button is a callback or a link"),
                }
            }
            Act::Menu { menu } => {
                let m = latest_menu(&fake);
                let answer = press(&fake, &who, &m, menu).await;
                fake.quiet().await;
                answer
                    .text
                    .or_else(|| fake.with(|st| st.message(GROUP, m.id).map(|m| m.text.clone())))
            }
            Act::Watch { watch } => {
                // Pressed on the person's own view, wherever it is (the group or their chat).
                let t = scenario::newest(&chat, &at, None).await.expect("a table watched");
                let msg = shown(&fake, &service, t.id, &format!("watch:{}", who.id)).await;
                let action = scenario::watch_action(watch);
                let data = msg
                    .buttons()
                    .into_iter()
                    .filter_map(|b| b.data)
                    .find(|d| ButtonData::decode(d).is_ok_and(|d| d.action == action))
                    .unwrap_or_else(|| ButtonData::new(t.id, t.version, action).encode());
                let cb = fake.forge(&who, &msg, &data);
                let answer = fake.answer(&cb).await;
                fake.quiet().await;
                answer.text.clone().filter(|_| !answer.alert && !answer.taken())
            }
            Act::Play { play: how } => {
                let id = scenario::newest(&chat, &at, None).await.expect("a table").id;
                let players: Vec<User> = users.clone();
                play(&fake, &service, id, &players, |t| scenario::played(how, t)).await;
                fake.quiet().await;
                None
            }
        };
        service_of(&chat).settled().await;
        let now = scenario::state(&chat, &at, &people).await;
        let changed = now != before;
        let told = if changed { None } else { told.map(|t| scenario::told(&t, &people)) };
        let posted = posted.filter(|_| step.expect.posted.is_some());
        let pinned = fake.with(|st| {
            let id = st.pinned.get(&GROUP)?;
            st.message(GROUP, *id).map(|m| scenario::kept(&m.text, &people))
        });
        let pinned = pinned.filter(|_| step.expect.pinned.is_some());
        let moved = match old {
            Some((id, was)) => Some(left_behind(&fake, &service, id, &was, &people).await),
            None => None,
        };
        let ping = match &step.expect.ping {
            Some(_) => Some(turn_ping(&fake, &chat, &at, &people).await),
            None => None,
        };
        let watch = match &step.expect.watch {
            Some(w) => {
                let want = expected[n].watch.clone().unwrap_or_default();
                Some(watch_view(&fake, &chat, &at, &user(&w.who), &want, &people).await)
            }
            None => None,
        };
        let seen = Seen { step: n, told, state: now.clone(), posted, pinned, moved, ping, watch };
        scenario::check(step, n, changed, &seen);
        assert_eq!(
            seen, expected[n],
            "step {n} ({:?}): Telegram differs from the chat layer",
            step.act
        );
        before = now;
    }
    bot.stop().await;
}

/// A table's old message `was` after a re-post: what it reads (it has no buttons left), once
/// the table shows in another message, the newest of the group's with buttons.
async fn left_behind(
    fake: &Fake,
    service: &Service<MemoryStore>,
    id: i64,
    was: &Msg,
    people: &[(String, String, String)],
) -> String {
    let now = shown(fake, service, id, "public").await;
    assert_ne!(now.id, was.id, "the table is posted anew");
    let newest = fake.with(|st| {
        st.messages_in(GROUP).into_iter().rev().find(|m| !m.buttons().is_empty()).map(|m| m.id)
    });
    assert_eq!(newest, Some(now.id), "the table is the newest message with buttons");
    let old = eventually("the old message without buttons", || async {
        fake.with(|st| st.message(GROUP, was.id).filter(|m| m.buttons().is_empty()).cloned())
    })
    .await;
    scenario::told(&old.text, people)
}

/// The newest table's turn ping in the group: its text, and whether it is quiet (no mention,
/// sent without a notification).
async fn turn_ping(
    fake: &Fake,
    chat: &Chat<MemoryStore>,
    at: &ChatId,
    people: &[(String, String, String)],
) -> String {
    let t = scenario::newest(chat, at, None).await.expect("a table");
    let found = where_shown(chat.service(), t.id, "turn").await.and_then(|(c, m)| {
        fake.with(|st| st.message(c, m.parse().ok()?).filter(|m| !m.deleted).cloned())
    });
    let Some(m) = found else { return scenario::ping_seen(None, people) };
    let quiet = m.entities.as_array().is_none_or(Vec::is_empty);
    if quiet {
        let sent = fake.with(|st| {
            st.requests
                .iter()
                .rev()
                .find(|r| r.method == "sendmessage" && r.body["text"] == m.text.as_str())
                .map(|r| r.body.clone())
        });
        let silent = sent.is_some_and(|b| b["disable_notification"] == true);
        assert!(silent, "a quiet ping is sent without a notification: {:?}", m.text);
    }
    scenario::ping_seen(Some((&m.text, quiet)), people)
}

fn service_of(chat: &Chat<MemoryStore>) -> &Arc<Service<MemoryStore>> {
    chat.service()
}
