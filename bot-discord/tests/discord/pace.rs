//! The channel's pace: a channel's sends and edits are rate limited per channel, so a move
//! should cost the table's channel about one call, and a burst of changes (the computers'
//! moves after a person's) one edit of the table message, not one a change; and the table
//! message always ends showing the table's last state. The calls of whole matches are counted
//! and printed (`cargo test -p domino-discord --test discord pace -- --nocapture`).

use crate::fake::Fake;
use crate::harness::*;
use crate::payloads::opt;
use domino_core::service::{CountingSeeds, Options, Service};
use domino_core::session::{ChatId, Phase, Platform, Simple};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use domino_discord::DiscordConfig;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// How long the slow channel holds each edit of one of its messages.
const HOLD: Duration = Duration::from_millis(300);

/// A bot on a fake whose deals come from fixed seeds; with `slow`, its REST calls go through a
/// proxy that holds every edit of a channel message for [`HOLD`], as the channel's rate limit
/// (or a rate-limit proxy) would, and lets everything else through at once.
async fn world(slow: bool) -> World<MemoryStore> {
    let fake = Fake::start().await;
    let clock = fake.clock();
    let options = Options {
        robot_pause: Duration::ZERO,
        advice: domino_core::chat::scenario::ADVICE,
        ..Options::default()
    };
    let seeds = Arc::new(CountingSeeds::new(5));
    let store = MemoryStore::new();
    let service = Service::start_with(store, Arc::new(Simple), clock.clone(), seeds, options);
    let mut config = DiscordConfig::new("test-token");
    if slow {
        config.proxy_url = Some(slow_channel(&fake).await);
    }
    let bot = Bot::start_with(&fake, service.await.expect("a service"), config).await;
    World { fake, bot, clock }
}

/// The slow channel's proxy before `fake`; its address.
async fn slow_channel(fake: &Fake) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (client, upstream) = (reqwest::Client::new(), fake.url());
    let app = axum::Router::new().fallback(move |req: axum::extract::Request| {
        let (client, upstream) = (client.clone(), upstream.clone());
        async move { forward(&client, &upstream, req).await }
    });
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}")
}

async fn forward(
    client: &reqwest::Client,
    upstream: &str,
    req: axum::extract::Request,
) -> axum::response::Response {
    let (parts, body) = req.into_parts();
    let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
    let path = parts.uri.path_and_query().map_or("/", |p| p.as_str()).to_owned();
    if parts.method == "PATCH" && path.contains(&format!("/channels/{CHANNEL}/messages/")) {
        tokio::time::sleep(HOLD).await;
    }
    let mut out = client.request(parts.method.clone(), format!("{upstream}{path}")).body(body);
    for (k, v) in parts.headers.iter().filter(|(k, _)| *k != "host") {
        out = out.header(k, v);
    }
    let got = out.send().await.unwrap();
    let (status, headers) = (got.status(), got.headers().clone());
    let mut back =
        axum::response::Response::new(axum::body::Body::from(got.bytes().await.unwrap()));
    *back.status_mut() = status;
    for (k, v) in
        headers.iter().filter(|(k, _)| *k != "content-length" && *k != "transfer-encoding")
    {
        back.headers_mut().insert(k, v.clone());
    }
    back
}

/// What the bot asked of the channel: table message edits and posts, other messages sent
/// (turn pings, notices), messages deleted (old pings).
#[derive(Debug, Default)]
struct Calls {
    table: usize,
    sends: usize,
    deletes: usize,
}

fn calls(fake: &Fake, table_message: u64, from: usize) -> Calls {
    let mut c = Calls::default();
    let messages = format!("/channels/{CHANNEL}/messages");
    for r in &fake.requests()[from..] {
        if !r.path.starts_with(&messages) {
            continue;
        }
        match r.method.as_str() {
            "PATCH" if r.path.ends_with(&table_message.to_string()) => c.table += 1,
            "POST" if r.body["embeds"].as_array().is_some_and(|e| !e.is_empty()) => c.table += 1,
            "POST" => c.sends += 1,
            "DELETE" => c.deletes += 1,
            _ => {}
        }
    }
    c
}

/// After each move a person pressed on their hand: whether their hand's next edit through its
/// token (brought up to the computers' moves) came to Discord before the next edit of the table
/// message. Gives (moves where it did, moves followed by both).
fn hands_first(fake: &Fake, table_message: u64, from: usize) -> (usize, usize) {
    let table_edit = format!("/channels/{CHANNEL}/messages/{table_message}");
    let requests = &fake.requests()[from..];
    let moved = |r: &crate::fake::Request| r.path.ends_with("/callback") && r.body["type"] == 7;
    let starts: Vec<usize> = (0..requests.len()).filter(|&i| moved(&requests[i])).collect();
    let (mut first, mut both) = (0, 0);
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(requests.len());
        let segment = &requests[start + 1..end];
        let at = |f: &dyn Fn(&crate::fake::Request) -> bool| segment.iter().position(f);
        let hand = at(&|r| r.method == "PATCH" && r.path.starts_with("/webhooks/"));
        let table = at(&|r| r.method == "PATCH" && r.path == table_edit);
        if let (Some(hand), Some(table)) = (hand, table) {
            both += 1;
            first += usize::from(hand < table);
        }
    }
    (first, both)
}

/// What a whole match cost the channel.
struct Pace {
    /// Table message edits and posts, a change of the table and a person's move.
    per_change: f64,
    per_move: f64,
    /// See [`hands_first`].
    hands_first: (usize, usize),
}

/// A pairs Kozel table to `target` of `people` (the host first), the seats left to computers.
async fn pairs(w: &World<MemoryStore>, people: &[Player], target: u32) -> i64 {
    let chat = ChatId::new(Platform::Discord, CHANNEL.to_string());
    let mut settings = ChatSettings::default().next();
    settings.presets.insert("kozel".into(), json!({ "target": target }));
    w.service().store().set_chat_settings(&chat, &settings).await.unwrap();
    w.slash(people[0], "new", vec![opt("game", "kozel"), opt("pairs", true)]).await;
    let table = w.service().tables_in(&chat).await[0].id;
    for &p in &people[1..] {
        let msg = w.shown(table).await;
        w.press(p, msg.id, &button(&msg, "Сесть")).await;
    }
    let msg = w.shown(table).await;
    w.press(people[0], msg.id, &button(&msg, "Начать")).await;
    assert_eq!(w.table(table).await.phase, Phase::Playing);
    table
}

/// Plays a whole match of `people` (computers in the other seats) and counts the channel's
/// calls a change and a person's move; checks that the table message ends at the table's last
/// state.
async fn whole_match(people: &[Player], slow: bool, what: &str) -> Pace {
    let w = world(slow).await;
    let table = pairs(&w, people, 61).await;
    w.service().settled().await;
    w.fake.quiet().await;
    let mid = w.table_message_id(table).await;
    let (from, version) = (w.fake.requests().len(), w.table(table).await.version);
    let moves = play(&w, table, people, |t| t.phase != Phase::Playing).await;
    w.service().settled().await;
    // The table message ends showing the last state: what the table message would be now. The
    // last edit may still be held by the slow channel (longer than any stillness of the fake
    // would tell), so it is awaited, within a bound, before the calls are counted.
    let door = domino_core::chat::Door::new(w.bot.service.clone());
    let now = door.show(table).await.expect("the finished table is still shown");
    let want = domino_discord::render::table_message(&now, None);
    let want = serde_json::to_value(want.embeds()).unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while w.fake.message(mid).embeds[0]["description"] != want[0]["description"]
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    w.fake.quiet_for(100).await;
    let end = w.table(table).await;
    assert_eq!(end.phase, Phase::Finished, "the match was played out");
    // Every version after the start is one move, a vote or a round's deal: a change.
    let changes = (end.version - version) as f64;
    let c = calls(&w.fake, mid, from);
    let per = |n: usize| n as f64 / changes;
    eprintln!(
        "Discord pace, {what}: {changes} changes, {moves} people's moves; table edits {} ({:.2} \
         a change, {:.2} a person's move), other sends {} ({:.2}), deletes {} ({:.2}); \
         sends+edits {:.2} a change",
        c.table,
        per(c.table),
        c.table as f64 / moves as f64,
        c.sends,
        per(c.sends),
        c.deletes,
        per(c.deletes),
        per(c.table + c.sends)
    );
    let hands_first = hands_first(&w.fake, mid, from);
    eprintln!("  hands edited before the table message: {} of {}", hands_first.0, hands_first.1);
    let shown = w.fake.message(mid);
    assert_eq!(shown.embeds[0]["description"], want[0]["description"], "the last state");
    w.bot.stop().await;
    Pace { per_change: per(c.table), per_move: c.table as f64 / moves as f64, hands_first }
}

#[tokio::test]
async fn four_people_cost_the_table_one_edit_a_move_at_most() {
    let what = "pairs Kozel to 61, four people";
    let per = whole_match(&[ANNA, BORIS, VERA, GLEB], false, what).await.per_change;
    assert!(per <= 1.2, "table edits a change: {per:.2}");
}

#[tokio::test]
async fn the_computers_moves_after_a_person_are_one_burst() {
    let what = "pairs Kozel to 61, one person and three computers";
    let per = whole_match(&[ANNA], false, what).await.per_change;
    assert!(per <= 1.2, "table edits a change: {per:.2}");
}

#[tokio::test]
async fn on_a_slow_channel_a_burst_is_one_edit_and_the_hands_do_not_wait_for_it() {
    // Each person's move is shown by one edit, and the three computers' moves that come while
    // it is held by the channel by one more at most, drawn from the latest state; the person's
    // hand follows the computers' moves through its token without waiting for those edits.
    let what = "pairs Kozel to 61, one person and three computers, edits held 0.3 s";
    let pace = whole_match(&[ANNA], true, what).await;
    assert!(pace.per_move <= 2.0, "table edits a person's move: {:.2}", pace.per_move);
    assert!(pace.per_change <= 0.5, "table edits a change: {:.2}", pace.per_change);
    let (first, both) = pace.hands_first;
    assert!(both >= 5 && first * 10 >= both * 9, "hands before the held edit: {first} of {both}");
}
