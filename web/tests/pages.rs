//! The pages, served in process: a token not ours is 403 and nothing else; the standings are
//! `/top`'s, line for line; a card and a head-to-head are `/me`'s and `/vs`'s; the tables are
//! their public views and pictures; a live page's events bring a move and a finished match,
//! and tell a page of an older version to reload; every page weighs under 200 KB.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{League, TOKEN};
use futures_util::StreamExt;
use std::time::Duration;
use tower::ServiceExt;

/// Under this, each HTML page.
const PAGE_MAX: usize = 200 * 1024;

async fn get(router: &axum::Router, path: &str) -> (StatusCode, String, Vec<u8>) {
    let request = Request::get(path).body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, kind, body.to_vec())
}

async fn page(router: &axum::Router, path: &str) -> String {
    let (status, kind, body) = get(router, path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {}", String::from_utf8_lossy(&body));
    assert!(kind.starts_with("text/html"), "{path}: {kind}");
    assert!(body.len() < PAGE_MAX, "{path} weighs {} bytes", body.len());
    String::from_utf8(body).unwrap()
}

/// `text` as HTML writes it (maud's escaping).
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// What `/top` (with `args`) tells the chat, without its chart's caption line, as the page
/// shows it: its header as the page's heading, the rest as a block.
async fn top(league: &League, args: serde_json::Value) -> String {
    let told = league.ask(1, "top", args).await;
    let text = told.text().expect("a text").to_owned();
    let text = match text.rfind("\n📈") {
        Some(at) => text[..at].to_owned(),
        None => text,
    };
    let (head, rest) = text.split_once('\n').expect("a header and the standings");
    format!(
        "<h1 id=\"standings\">{}</h1><div class=\"block\"><pre>{}</pre>",
        escaped(head),
        escaped(rest)
    )
}

#[tokio::test]
async fn a_token_not_ours_is_refused_with_nothing_else() {
    let league = League::new(1).await;
    let router = league.router(Duration::from_millis(5));
    for path in [
        "/screen/forged",
        "/screen/forged/all",
        "/screen/forged/tables",
        "/screen/forged/table/1.png",
        "/screen/forged/league",
        "/screen/forged/replay/1.gif",
        "/screen/forged/me/501",
        "/screen/forged/vs/501/502",
        "/screen/forged/tv",
        "/screen/forged/events",
    ] {
        let (status, _, body) = get(&router, path).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        assert!(body.is_empty(), "{path}: {}", String::from_utf8_lossy(&body));
    }
}

#[tokio::test]
async fn the_pages_show_what_the_chat_is_shown() {
    let league = League::new(7).await;
    let router = league.router(Duration::from_millis(5));
    let base = format!("/screen/{TOKEN}");
    // Before any match: empty standings, no table, no story; every page shows.
    let home = page(&router, &base).await;
    assert!(home.contains(&top(&league, serde_json::json!({})).await), "{home}");
    let tables = page(&router, &format!("{base}/tables")).await;
    assert!(tables.contains("Сейчас никто не играет."), "{tables}");
    let story = page(&router, &format!("{base}/league")).await;
    assert!(story.contains("В этом сезоне ещё ни одного матча."), "{story}");

    // Two matches played through the chat layer.
    for _ in 0..2 {
        let id = league.open(13).await;
        league.play_out(id).await;
    }
    let season = page(&router, &base).await;
    let told = top(&league, serde_json::json!({})).await;
    assert!(season.contains(&told), "the season's standings are /top's:\n{season}");
    assert!(season.contains("<svg"), "the chart is inline SVG");
    let all = page(&router, &format!("{base}/all")).await;
    let told = top(&league, serde_json::json!({"all": true})).await;
    assert!(all.contains(&told), "all time's are /top all's:\n{all}");

    // A card is /me's, a head-to-head /vs's, a click away.
    let anna = &league.people[0];
    assert!(season.contains(&format!("{base}/me/{}", anna.id.id)), "{season}");
    let card = page(&router, &format!("{base}/me/{}", anna.id.id)).await;
    let me = league
        .door
        .handle(
            &league.asker(0),
            domino_core::chat::Request::words(domino_core::chat::Cmd::Me, &[]),
        )
        .await;
    let me = me.text().unwrap();
    let me = me.split("\n📈").next().unwrap();
    assert!(card.contains(&escaped(me)), "the card is /me's:\n{card}\n{me}");
    let vs_path = format!("{base}/vs/{}/{}", anna.id.id, league.people[1].id.id);
    assert!(card.contains(&vs_path), "{card}");
    let vs = page(&router, &vs_path).await;
    assert!(vs.contains("Борис"), "{vs}");
    let (status, _, _) = get(&router, &format!("{base}/me/999")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nobody of the standings");

    // The story, the recent matches and their replays.
    let story = page(&router, &format!("{base}/league")).await;
    assert!(story.contains("📖 Сезон 1: сыграно матчей: 2."), "{story}");
    assert!(story.contains(&format!("{base}/replay/2.gif")), "{story}");
    let (status, kind, gif) = get(&router, &format!("{base}/replay/1.gif")).await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "image/gif"));
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    let (status, _, _) = get(&router, &format!("{base}/replay/3.gif")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no third match");
    let (status, _, _) = get(&router, &format!("{base}/replay/99.gif")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "past the bound");

    // A table in play: its public text and its picture.
    let id = league.open(13).await;
    league.step(id, 0).await;
    let t = league.table(id).await;
    let tables = page(&router, &format!("{base}/tables")).await;
    let view = domino_core::view::render_table(&domino_core::view::table_view(&t));
    assert!(tables.contains(&escaped(&view)), "the public view:\n{tables}\n{view}");
    let (status, kind, png) = get(&router, &format!("{base}/table/{}.png", t.number)).await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "image/png"));
    assert!(png.starts_with(b"\x89PNG"));
    let (status, _, _) = get(&router, &format!("{base}/table/99.png")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let tv = page(&router, &format!("{base}/tv")).await;
    assert!(tv.contains("class=\"tv\"") && tv.contains(&escaped(&view)), "{tv}");
}

/// The next event of `events` named `name`, within `within`: its data.
async fn next_event(
    events: &mut (impl futures_util::Stream<Item = Result<axum::body::Bytes, axum::Error>> + Unpin),
    buffer: &mut String,
    name: &str,
    within: Duration,
) -> String {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let frame: String = buffer.drain(..end + 2).collect();
            let mut kind = "message";
            let mut data = Vec::new();
            for line in frame.lines() {
                if let Some(k) = line.strip_prefix("event: ") {
                    kind = k;
                } else if let Some(d) = line.strip_prefix("data: ").or(line.strip_prefix("data:")) {
                    data.push(d);
                }
            }
            if kind == name {
                return data.join("\n");
            }
        }
        let chunk = tokio::time::timeout_at(deadline, events.next())
            .await
            .unwrap_or_else(|_| panic!("no {name} event within {within:?}"))
            .expect("the events go on")
            .unwrap();
        buffer.push_str(std::str::from_utf8(&chunk).unwrap());
    }
}

async fn events(router: &axum::Router, query: &str) -> axum::body::BodyDataStream {
    let path = format!("/screen/{TOKEN}/events{query}");
    let response = router.clone().oneshot(Request::get(path).body(Body::empty()).unwrap()).await;
    let response = response.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    response.into_body().into_data_stream()
}

#[tokio::test]
async fn a_live_page_is_told_each_move_a_finished_match_and_a_new_version() {
    let league = League::new(3).await;
    let router = league.router(Duration::from_millis(5));
    let within = Duration::from_secs(2);
    let id = league.open(13).await;
    let stamp = league.door.screen_stamp(&league.chat).await.unwrap().league;
    let mut stream = events(&router, &format!("?v=test-1&l={stamp}")).await;
    let mut buffer = String::new();
    // At once, the tables as they are.
    let first = next_event(&mut stream, &mut buffer, "tables", within).await;
    assert_eq!(common::version_in(&first), Some(league.table(id).await.version));
    // Each move, within 2 s.
    for pick in 0..3 {
        league.step(id, pick).await;
        let v = league.table(id).await.version;
        loop {
            let shown = next_event(&mut stream, &mut buffer, "tables", within).await;
            if common::version_in(&shown) == Some(v) {
                break;
            }
        }
    }
    // The match's end moves the league on: the page reloads.
    league.play_out(id).await;
    next_event(&mut stream, &mut buffer, "league", within).await;
    // A page drawn by an older version is told to reload.
    let mut old = events(&router, "?v=test-0&l=0").await;
    let mut buffer = String::new();
    assert_eq!(next_event(&mut old, &mut buffer, "version", within).await, "test-1");
}

#[tokio::test]
async fn the_doors_signed_token_opens_the_page_until_renewed() {
    let league = League::new(5).await;
    let door = league.door.clone();
    let screens = domino_web::Screens::new(door.clone(), std::sync::Arc::new(door), "test-1");
    let router = domino_web::router(screens);
    let token = league.door.screen_token(&league.chat).await.unwrap();
    page(&router, &format!("/screen/{token}")).await;
    let renewed = league.door.renew_screen(&league.chat).await.unwrap();
    page(&router, &format!("/screen/{renewed}/tables")).await;
    let (status, _, body) = get(&router, &format!("/screen/{token}")).await;
    assert_eq!((status, body.len()), (StatusCode::FORBIDDEN, 0), "the old link is revoked");
}

#[tokio::test]
async fn an_english_chats_pages_are_in_english() {
    use domino_core::store::{ChatSettings, Store};
    let league = League::new(9).await;
    let store = league.svc.store();
    let s = store.chat_settings(&league.chat).await.unwrap();
    let next = ChatSettings { lang: domino_core::session::Lang::En, ..s }.next();
    store.set_chat_settings(&league.chat, &next).await.unwrap();
    let router = league.router(Duration::from_millis(5));
    let base = format!("/screen/{TOKEN}");
    let home = page(&router, &base).await;
    assert!(home.contains("<html lang=\"en\">") && home.contains(">Standings</a>"), "{home}");
    assert!(home.contains(&top(&league, serde_json::json!({})).await), "{home}");
    let tables = page(&router, &format!("{base}/tables")).await;
    assert!(tables.contains("Nobody is playing right now."), "{tables}");
    let tv = page(&router, &format!("{base}/tv")).await;
    assert!(tv.contains("TV mode") && !tv.contains("Режим"), "{tv}");
    let (status, _, body) = get(&router, &format!("{base}/me/1")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(String::from_utf8(body).unwrap(), "Nobody by that id is in this chat's standings.");
}
