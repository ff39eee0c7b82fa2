//! Every scenario table (core/tests/scenarios/*.json) through the real bot on the fake: the
//! same requests must leave the same chat and be told the same, step by step, as when they go
//! straight through the chat layer (and so as on Telegram, whose test compares the same way).

use crate::fake::{Fake, Msg};
use crate::harness::*;
use crate::payloads::{self, opt};
use domino_core::chat::scenario::{self, Act, Scenario, Seen};
use domino_core::chat::{Chat, MenuPress};
use domino_core::service::{ManualClock, Service};
use domino_core::session::{ChatId, Person, Platform, UserId};
use domino_core::store::MemoryStore;
use domino_core::view::{ButtonAction, ButtonData};
use std::sync::Arc;

fn scenarios() -> Vec<(String, Scenario)> {
    scenario::all_in(concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/scenarios"))
}

async fn seeded() -> Arc<Service<MemoryStore>> {
    scenario::seeded(MemoryStore::new()).await
}

/// The people of the scenario as Discord members.
fn players() -> Vec<Player> {
    vec![
        Player { id: 930_000_000_000_000_001, name: "alice", perms: payloads::EVERYONE },
        Player { id: 930_000_000_000_000_002, name: "bob", perms: payloads::EVERYONE },
        Player { id: 930_000_000_000_000_003, name: "carol", perms: payloads::EVERYONE },
        Player { id: 930_000_000_000_000_004, name: "dave", perms: payloads::EVERYONE },
        Player { id: 930_000_000_000_000_005, name: "erin", perms: payloads::EVERYONE },
        Player { id: 930_000_000_000_000_006, name: "frank", perms: payloads::EVERYONE },
    ]
}

/// Presses the menu item labelled `label` on `menu`: a choice in its select menu, a switch in
/// the multi-select of switches (the others kept as they are), or a page button.
async fn press_menu<S: domino_core::store::Store>(
    w: &World<S>,
    who: Player,
    menu: &Msg,
    label: &str,
) -> Pressed {
    // A page button (its custom id is a press; a select option's value is not a custom id).
    let button = menu.buttons().into_iter().find(|(l, id)| {
        l.contains(label)
            && menu.components.to_string().contains(&format!("\"custom_id\":\"{id}\""))
    });
    if let Some((_, id)) = button {
        return w.press(who, menu.id, &id).await;
    }
    let (select, value) = select(menu, label);
    if MenuPress::decode(&select, &[]).is_some() {
        // The switches: the chosen option flips, the others stay.
        let options = menu_options(menu, &select);
        let mut on: Vec<String> =
            options.iter().filter(|(_, _, d)| *d).map(|(v, _, _)| v.clone()).collect();
        match on.iter().position(|v| *v == value) {
            Some(i) => {
                on.remove(i);
            }
            None => on.push(value),
        }
        let values: Vec<&str> = on.iter().map(String::as_str).collect();
        return w.choose(who, menu.id, &select, &values).await;
    }
    w.choose(who, menu.id, &select, &[&value]).await
}

/// The options of one select menu: (value, label, chosen).
fn menu_options(m: &Msg, custom_id: &str) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for row in m.components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["custom_id"] != custom_id {
                continue;
            }
            for o in c["options"].as_array().into_iter().flatten() {
                let v = o["value"].as_str().unwrap_or("").to_owned();
                let l = o["label"].as_str().unwrap_or("").to_owned();
                out.push((v, l, o["default"] == true));
            }
        }
    }
    out
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
    let at = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let expected = scenario::run_direct(&direct, scenario, at.clone()).await;

    let fake = Fake::start().await;
    let clock = Arc::new(ManualClock::new(1));
    let bot = Bot::start(&fake, seeded().await).await;
    let w = World { fake, bot, clock };
    let chat = Chat::new(w.bot.service.clone());
    let mut people_of = players();
    let people: Vec<(String, String, String)> = scenario
        .people
        .iter()
        .zip(&people_of)
        .map(|(key, p)| (p.id.to_string(), format!("{} ✦", p.name), key.clone()))
        .collect();
    let mut menu: Option<u64> = None;
    // Each watcher's view: the ephemeral answer to their `/domino watch` (or «🔄» on it).
    let mut views: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
    let mut before = scenario::state(&chat, &at, &people).await;
    for (n, step) in scenario.steps.iter().enumerate() {
        let i = scenario.people.iter().position(|p| *p == step.who);
        let who = i.map(|i| people_of[i]).unwrap_or(people_of[0]);
        let mut posted: Option<String> = None;
        // A re-post (`/table N`): the table's message before it, to read after it.
        let mut old: Option<(i64, Msg)> = None;
        if let Some(number) = scenario::reposted(step) {
            let t = scenario::newest(&chat, &at, number).await.expect("a table to re-post");
            old = Some((t.id, w.shown(t.id).await));
        }
        let told: Option<String> = match &step.act {
            Act::Admin { .. } => {
                people_of[i.unwrap()].perms = payloads::ADMIN;
                None
            }
            Act::Wait { wait } => {
                let seen = w.fake.channel_messages(CHANNEL).len();
                scenario::wait(service_of(&chat), *wait).await;
                w.fake.quiet().await;
                let texts: Vec<String> = w.fake.channel_messages(CHANNEL)[seen..]
                    .iter()
                    .map(|m| scenario::told(&m.text(), &people))
                    .collect();
                posted = Some(texts.join("\n"));
                None
            }
            Act::Cmd { cmd, args } => {
                // An opponent is a user option, the member resolved as Discord sends it.
                let mut resolved = serde_json::Value::Null;
                let options = args
                    .iter()
                    .map(|(k, v)| match (k.as_str(), v.as_str()) {
                        ("opponent", Some(key)) => {
                            let i = scenario.people.iter().position(|p| p == key);
                            let them = people_of[i.expect("a person of the scenario")];
                            resolved = payloads::resolved_user(them.user());
                            payloads::user_opt(k, them.id)
                        }
                        _ => opt(k, v.clone()),
                    })
                    .collect();
                let answer = w.slash_in(CHANNEL, who, cmd, options, resolved).await;
                w.fake.quiet().await;
                if cmd == "settings" || cmd == "tournament" {
                    menu = Some(answer.id);
                }
                // A spectator's view (an embed; a refusal is a plain text) is no answer told.
                let view =
                    cmd == "watch" && answer.embeds.as_array().is_some_and(|e| !e.is_empty());
                if view {
                    views.insert(who.id, answer.id);
                }
                // A re-post's answer only acknowledges it (Telegram leaves it out).
                Some(answer.text()).filter(|_| old.is_none() && !view)
            }
            Act::Press { press, table } => {
                let t = scenario::newest(&chat, &at, *table).await.expect("a table");
                let msg = w.shown(t.id).await;
                let action = scenario::button_action(press);
                // A button the message does not show is pressed as someone with an old one would.
                let id = msg
                    .buttons()
                    .into_iter()
                    .map(|(_, id)| id)
                    .find(|id| ButtonData::decode(id).is_ok_and(|d| d.action == action))
                    .unwrap_or_else(|| ButtonData::new(t.id, t.version, action).encode());
                let pressed = w.press(who, msg.id, &id).await;
                w.fake.quiet().await;
                private_text(&pressed)
            }
            Act::Menu { menu: label } => {
                let on = w.fake.message(menu.expect("a menu shown before"));
                let pressed = press_menu(&w, who, &on, label).await;
                w.fake.quiet().await;
                Some(pressed.msg.text())
            }
            Act::Hand { hand } => {
                let t = scenario::newest(&chat, &at, None).await.expect("a table");
                let msg = w.shown(t.id).await;
                let person =
                    Person::new(UserId::new(Platform::Discord, who.id.to_string()), who.name);
                let data = scenario::hand_button(&t, &person, hand).encode();
                // A seated person presses on the hand «My tiles» shows; anyone else on the table.
                let pressed = if t.seat_of(&person.id).is_some() {
                    let tiles = w.press(who, msg.id, &button(&msg, "Мои кости")).await;
                    if hand == "page" {
                        // «▶» on the hand, then the first move of the page it redrew.
                        let page = w.press(who, tiles.msg.id, &data).await;
                        assert_eq!(page.kind, 7, "«▶» redraws the hand: {}", page.msg.text());
                        assert!(page.msg.text().contains("страница 2 из"), "{}", page.msg.text());
                        let first = page.msg.buttons().into_iter().map(|(_, id)| id).find(|id| {
                            ButtonData::decode(id)
                                .is_ok_and(|d| matches!(d.action, ButtonAction::Move(_)))
                        });
                        let first = first.expect("a move on the second page");
                        w.press(who, page.msg.id, &first).await
                    } else {
                        w.press(who, tiles.msg.id, &data).await
                    }
                } else {
                    w.press(who, msg.id, &data).await
                };
                w.fake.quiet().await;
                private_text(&pressed)
            }
            Act::Watch { watch } => {
                let t = scenario::newest(&chat, &at, None).await.expect("a table watched");
                let on = *views.get(&who.id).expect("a view shown before");
                let action = scenario::watch_action(watch);
                let id = w
                    .fake
                    .message(on)
                    .buttons()
                    .into_iter()
                    .map(|(_, id)| id)
                    .find(|id| ButtonData::decode(id).is_ok_and(|d| d.action == action))
                    .unwrap_or_else(|| ButtonData::new(t.id, t.version, action).encode());
                let pressed = w.press(who, on, &id).await;
                w.fake.quiet().await;
                views.insert(who.id, pressed.msg.id);
                private_text(&pressed)
            }
            Act::Play { play: how } => {
                let id = scenario::newest(&chat, &at, None).await.expect("a table").id;
                play(&w, id, &people_of, |t| scenario::played(how, t)).await;
                w.fake.quiet().await;
                None
            }
        };
        service_of(&chat).settled().await;
        let now = scenario::state(&chat, &at, &people).await;
        let changed = now != before;
        let told = if changed { None } else { told.map(|t| scenario::told(&t, &people)) };
        let posted = posted.filter(|_| step.expect.posted.is_some());
        let pinned = w.fake.channel_messages(CHANNEL).into_iter().find(|m| m.pinned);
        let pinned = pinned.map(|m| scenario::kept(&m.text(), &people));
        let pinned = pinned.filter(|_| step.expect.pinned.is_some());
        let moved = match old {
            Some((id, was)) => Some(left_behind(&w, id, &was, &people).await),
            None => None,
        };
        let ping = match &step.expect.ping {
            Some(_) => Some(turn_ping(&w, &chat, &at, &people).await),
            None => None,
        };
        let watch = match &step.expect.watch {
            Some(v) => {
                let i = scenario.people.iter().position(|p| *p == v.who).expect("a watcher");
                let on = *views.get(&people_of[i].id).expect("the watcher's view");
                let want = expected[n].watch.clone().unwrap_or_default();
                let mut seen = String::new();
                for _ in 0..100 {
                    seen = scenario::watch_seen(&w.fake.message(on).text(), &people);
                    if seen == want {
                        break;
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                }
                Some(seen)
            }
            None => None,
        };
        let seen = Seen { step: n, told, state: now.clone(), posted, pinned, moved, ping, watch };
        scenario::check(step, n, changed, &seen);
        assert_eq!(
            seen, expected[n],
            "step {n} ({:?}): Discord differs from the chat layer",
            step.act
        );
        before = now;
    }
    w.bot.stop().await;
}

/// A table's old message `was` after a re-post: what it reads (no buttons, no embeds left),
/// once the table shows in another message, the newest of the channel's with buttons.
async fn left_behind<S: domino_core::store::Store>(
    w: &World<S>,
    id: i64,
    was: &Msg,
    people: &[(String, String, String)],
) -> String {
    let now = w.shown(id).await;
    assert_ne!(now.id, was.id, "the table is posted anew");
    let newest =
        w.fake.channel_messages(CHANNEL).into_iter().rev().find(|m| !m.buttons().is_empty());
    assert_eq!(newest.map(|m| m.id), Some(now.id), "the table is the newest message with buttons");
    let old = w.fake.message(was.id);
    assert!(old.buttons().is_empty(), "the old message keeps no buttons: {old:?}");
    scenario::told(&old.text(), people)
}

/// The newest table's turn ping in the channel: its first line without the mention, and
/// whether it is quiet (it mentions nobody).
async fn turn_ping<S: domino_core::store::Store>(
    w: &World<S>,
    chat: &Chat<MemoryStore>,
    at: &ChatId,
    people: &[(String, String, String)],
) -> String {
    let t = scenario::newest(chat, at, None).await.expect("a table");
    let refs = w.service().store().message_refs(t.id).await.unwrap();
    let found = refs.into_iter().find(|(a, m)| a == "turn" && !m.is_empty()).and_then(|(_, m)| {
        let id: u64 = m.split(':').nth(1)?.parse().ok()?;
        Some(w.fake.message(id)).filter(|m| !m.deleted)
    });
    let Some(m) = found else { return scenario::ping_seen(None, people) };
    let first = m.content.lines().next().unwrap_or_default();
    let (text, quiet) = match first.strip_prefix("<@") {
        Some(rest) => (rest.split_once("> ").map_or(rest, |(_, t)| t), false),
        None => (first, true),
    };
    if quiet {
        let users = m.allowed_mentions["users"].as_array().map_or(0, Vec::len);
        assert_eq!(users, 0, "a quiet ping mentions nobody: {:?}", m.allowed_mentions);
    }
    scenario::ping_seen(Some((text, quiet)), people)
}

/// What a press told the presser alone: an ephemeral text (not a hand).
fn private_text(p: &Pressed) -> Option<String> {
    (p.kind == 4 && p.msg.buttons().is_empty()).then(|| p.msg.text())
}

fn service_of(chat: &Chat<MemoryStore>) -> &Arc<Service<MemoryStore>> {
    chat.service()
}
