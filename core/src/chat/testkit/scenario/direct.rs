//! A scenario run straight through the chat layer: the reference every adapter's run must equal.

use super::*;

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
    // The standings message as the adapters keep it: what the chat's last standings change
    // says it reads.
    let mut changes = chat.service().league_events();
    let mut pinned: Option<String> = None;
    for (n, step) in scenario.steps.iter().enumerate() {
        let from = |who: &str| Asker {
            admin: admins.iter().any(|a| a == who),
            lang: Some(Lang::Ru),
            ..Asker::member(at.clone(), person(who))
        };
        let mut told: Option<String> = None;
        let mut posted: Option<String> = None;
        let mut moved: Option<String> = None;
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
            Act::Wait { wait: secs } => {
                let mut done = chat.service().league_events();
                wait(chat.service(), *secs).await;
                let mut texts = Vec::new();
                while let Ok(event) = done.try_recv() {
                    if let Some(reply) = chat.league_post(&event).await {
                        let a = Answer { reply: Some(reply), ..Answer::default() };
                        texts.extend(a.text().map(|t| self::told(t, &people)));
                    }
                }
                posted = Some(texts.join("\n"));
            }
            Act::Cmd { cmd, args } => {
                let (cmd, mut args) = Scenario::args(cmd, args);
                if let Some(Opponent::Name(key)) = &args.opponent {
                    args.opponent = Some(Opponent::Person(person(key)));
                }
                let a = chat.handle(&from(&step.who), Request::Command(cmd, args)).await;
                moved = a
                    .shows
                    .iter()
                    .find_map(|s| s.moved.as_ref())
                    .map(|m| self::told(&m.text, &people));
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
            Act::Hand { hand } => {
                let t = newest(chat, &at, None).await.expect("a table");
                let who = person(&step.who);
                let data = hand_button(&t, &who, hand);
                let mut a = chat.handle(&from(&step.who), Request::press(data.encode())).await;
                if hand == "page" {
                    let Some(Body::Hand(view)) = a.reply.as_ref().map(|r| &r.body) else {
                        panic!("«▶» shows the hand: {:?}", a.text())
                    };
                    assert_eq!(view.page, 1, "«▶» shows the second page");
                    let mv = first_move(view).expect("a move on the second page");
                    a = chat.handle(&from(&step.who), Request::press(mv.encode())).await;
                }
                take(&a, &mut menu);
            }
            Act::Watch { watch } => {
                let t = newest(chat, &at, None).await.expect("a table watched");
                let data = ButtonData::new(t.id, t.version, watch_action(watch)).encode();
                let a = chat.handle(&from(&step.who), Request::press(data)).await;
                take(&a, &mut menu);
            }
            Act::Play { play } => {
                let id = newest(chat, &at, None).await.expect("a table").id;
                for _ in 0..5000 {
                    chat.service().settled().await;
                    let t = chat.service().table(id).await.unwrap().unwrap();
                    if played(play, &t) {
                        break;
                    }
                    let seat = t.to_move().expect("someone to move");
                    let who =
                        t.seats[seat].as_ref().and_then(|s| s.person()).expect("a person").clone();
                    let view = hand_view(&t, seat).expect("a hand");
                    let (_, data) =
                        view.buttons.first().and_then(|r| r.first()).expect("a move").clone();
                    let from = Asker { lang: Some(Lang::Ru), ..Asker::member(at.clone(), who) };
                    let a = chat.handle(&from, Request::press(data.encode())).await;
                    // Taken: answered with its toast alone (an ack), nothing refused.
                    assert!(
                        a.reply.as_ref().is_none_or(|r| r.ack),
                        "a legal move is taken: {:?} {} {:?}",
                        a.text(),
                        data.encode(),
                        t.rules.max_pip()
                    );
                }
            }
        }
        chat.service().settled().await;
        let now = state(chat, &at, &people).await;
        let changed = now != before;
        let posted = posted.filter(|_| step.expect.posted.is_some());
        while let Ok(e) = changes.try_recv() {
            if matches!(&e, crate::service::LeagueEvent::Standings { chat: c } if *c == at) {
                let text = chat.standings_post(&at).await.expect("the store");
                pinned = text.map(|t| kept(&t, &people));
            }
        }
        let told = if changed { None } else { told };
        let pinned = pinned.clone().filter(|_| step.expect.pinned.is_some());
        let moved = moved.filter(|_| step.expect.moved.is_some());
        let ping = match &step.expect.ping {
            Some(_) => {
                let t = newest(chat, &at, None).await.expect("a table");
                let show = chat.show(t.id).await.expect("the table");
                let turn = show.turn.as_ref().map(|p| (p.text.as_str(), p.quiet));
                Some(ping_seen(turn, &people))
            }
            None => None,
        };
        let watch = match &step.expect.watch {
            Some(w) => {
                let show = chat.show(watched(chat, &at).await).await.expect("the table watched");
                let view = show.watch_view(&person(&w.who).id);
                Some(watch_seen(&crate::view::render_watch(&view, "/"), &people))
            }
            None => None,
        };
        let seen = Seen { step: n, told, state: now.clone(), posted, pinned, moved, ping, watch };
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

/// The button a `hand` step presses on `who`'s hand at `t`: the hint, or the first move;
/// when the hand shows none, the one a forged press would carry.
pub fn hand_button(t: &crate::session::Table, who: &Person, name: &str) -> ButtonData {
    let view = t.seat_of(&who.id).and_then(|seat| hand_view(t, seat));
    let buttons: Vec<ButtonData> =
        view.iter().flat_map(|v| v.buttons.iter().flatten().map(|(_, d)| *d)).collect();
    let found = match name {
        "hint" => buttons.iter().find(|d| d.action == ButtonAction::Hint),
        "move" => buttons.iter().find(|d| matches!(d.action, ButtonAction::Move(_))),
        // «▶»: the page after the first.
        "next" | "page" => buttons.iter().find(|d| d.action == ButtonAction::HandPage(1)),
        other => panic!("no hand button {other}"),
    };
    let forged = match name {
        "hint" => ButtonAction::Hint,
        "next" | "page" => ButtonAction::HandPage(1),
        _ => ButtonAction::Move(crate::engine::moves::Move::Pass),
    };
    found.copied().unwrap_or_else(|| ButtonData::new(t.id, t.version, forged))
}

/// The button a `watch` step presses on a spectator's view.
pub fn watch_action(name: &str) -> ButtonAction {
    match name {
        "refresh" => ButtonAction::Watch,
        "stop" => ButtonAction::Unwatch,
        other => panic!("no watch button {other}: `refresh` or `stop`"),
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
        // The partner's answer to a pair's resignation.
        "resign_yes" => ButtonAction::ResignYes,
        "resign_no" => ButtonAction::ResignNo,
        "pause" => ButtonAction::Pause,
        "resume" => ButtonAction::Resume,
        "vote" => ButtonAction::VoteEnd,
        "end" => ButtonAction::End,
        "back" => ButtonAction::Back,
        "accept" => ButtonAction::Accept,
        "decline" => ButtonAction::Decline,
        "shuffle" => ButtonAction::Shuffle,
        // «🙋 Next in line», and the host's queue setting moved on to in turn, knockout, none.
        "line" => ButtonAction::Queue,
        "in_turn" => ButtonAction::Rotation(Some(crate::session::Rotation::Queue)),
        "knockout" => ButtonAction::Rotation(Some(crate::session::Rotation::Knockout)),
        "no_queue" => ButtonAction::Rotation(None),
        // Pairs: sit N/S or E/W.
        "ns" => ButtonAction::Side(0),
        "ew" => ButtonAction::Side(1),
        // `swap1-2`: the host swaps seats 1 and 2 (as numbered on the table).
        other => match other.strip_prefix("swap").and_then(|s| s.split_once('-')) {
            Some((a, b)) => {
                let seat = |t: &str| t.parse::<u8>().expect("a seat number") - 1;
                ButtonAction::Swap(seat(a), seat(b))
            }
            None => panic!("no button {other}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{MemoryStore, Span, Store};

    #[tokio::test]
    async fn the_standings_scenario_holds_straight_through_the_chat_layer() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/standings.json");
        let scenario = Scenario::from_json(&std::fs::read_to_string(path).unwrap());
        let chat = Chat::new(seeded(MemoryStore::new()).await);
        let at = ChatId::new(Platform::Telegram, "-1002");
        let seen = run_direct(&chat, &scenario, at.clone()).await;
        assert_eq!(seen.len(), scenario.steps.len());
        let last = &seen.last().unwrap().state;
        assert_eq!(last["history"].as_array().unwrap().len(), 4);
        let lines = last["scores"][0]["players"].as_array().unwrap();
        assert_eq!(lines.len(), 4 + 2, "four people at kozel, two at dominoes");
        assert_eq!(last["scores"][0]["computers"].as_array().unwrap().len(), 1, "dave apart");
        assert_eq!(last["scores"][0]["pairs"].as_array().unwrap().len(), 2);
        // Kozel: four players and two pairs rated; dominoes: two players.
        let store = chat.service().store();
        let rated = store.ratings(&at, Span::AllTime, None).await.unwrap();
        assert_eq!(rated.len(), 4 + 2 + 2, "{rated:?}");
        assert!(rated.iter().all(|r| r.matches >= 1 && r.sigma < crate::store::SIGMA0));
    }

    #[tokio::test]
    async fn every_scenario_runs_straight_through_the_chat_layer() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios");
        let all = all_in(dir);
        let one = std::env::var("DOMINO_SCENARIO").is_ok();
        assert!(all.len() >= 2 || one, "chat.json and clock.json at least");
        for (_, scenario) in &all {
            let chat = Chat::new(seeded(MemoryStore::new()).await);
            let seen = run_direct(&chat, scenario, ChatId::new(Platform::Telegram, "-1001")).await;
            assert_eq!(seen.len(), scenario.steps.len());
        }
    }

    #[tokio::test]
    async fn the_leave_scenario_counts_a_lost_match_left_and_no_win_the_computer_took() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/leave.json");
        let scenario = Scenario::from_json(&std::fs::read_to_string(path).unwrap());
        let chat = Chat::new(seeded(MemoryStore::new()).await);
        let seen = run_direct(&chat, &scenario, ChatId::new(Platform::Telegram, "-1004")).await;
        let last = &seen.last().unwrap().state;
        let season = &last["scores"][0];
        let line = |table: &str, who: &str| {
            let lines = season[table].as_array().unwrap();
            let l = lines.iter().find(|l| l["name"] == who);
            l.map(|l| (l["matches"].as_u64().unwrap(), l["wins"].as_u64(), l["goats"].as_u64()))
        };
        // The first match: carol's seat won for the computer, so it is nobody's and the match
        // one with a computer; bob resigned.
        assert_eq!(line("computers", "alice"), Some((1, Some(1), Some(0))));
        assert_eq!(line("computers", "bob"), Some((1, Some(0), Some(1))));
        assert_eq!(line("computers", "carol"), None);
        // The second: alice left and her side lost, so she counts the loss as if she had
        // resigned, and the match is everyone's, rated.
        assert_eq!(line("players", "alice"), Some((1, Some(0), Some(1))));
        assert_eq!(line("players", "carol"), Some((1, Some(0), Some(1))));
        assert_eq!(line("players", "bob"), Some((1, Some(1), Some(0))));
        assert_eq!(line("players", "dave"), Some((1, Some(1), Some(0))));
        let rated = season["ratings"].as_array().unwrap();
        assert_eq!(rated.len(), 4 + 2, "four people and two pairs: {rated:?}");
    }

    #[tokio::test]
    async fn the_hints_scenario_notes_the_hint_taken() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/hints.json");
        let scenario = Scenario::from_json(&std::fs::read_to_string(path).unwrap());
        let chat = Chat::new(seeded(MemoryStore::new()).await);
        let seen = run_direct(&chat, &scenario, ChatId::new(Platform::Telegram, "-1003")).await;
        let last = &seen.last().unwrap().state;
        assert_eq!(last["settings"]["hints"], true);
        let table = &last["tables"][0];
        assert_eq!(table["hints"], true);
        let hints = table["game"]["hints"].as_array().expect("the hint noted");
        assert_eq!(hints.len(), 1, "{hints:?}");
        assert_eq!((hints[0]["round"].as_u64(), hints[0]["seat"].as_u64()), (Some(1), Some(0)));
    }

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
        let scores = last["scores"][0]["players"].as_array().unwrap();
        assert_eq!(scores.len(), 2, "alice and bob finished a match in season 1: {scores:?}");
        let apart = last["scores"][0]["computers"].as_array().unwrap();
        assert_eq!(apart.len(), 1, "carol resigned to the computer, kept apart: {apart:?}");
        assert_eq!(last["history"].as_array().unwrap().len(), 2);
    }
}
