//! The pages in a real browser: headless Chromium (Debian's, through chromedriver) loads a
//! chat's pages served on loopback while matches are played through the chat layer. A
//! screenshot of each page is written under `target/tmp/screens/` (to be looked at); the test
//! asserts what it can: the standings on the page are `/top`'s, a move reaches the open page
//! within 2 s with the pages' own polling, and every page weighs under 200 KB.

#[path = "../common/mod.rs"]
mod common;
mod driver;

use common::{League, TOKEN};
use driver::Browser;
use std::path::PathBuf;
use std::time::Duration;

/// Under this, each HTML page.
const PAGE_MAX: usize = 200 * 1024;
/// A move reaches an open page within this.
const LIVE_WITHIN: Duration = Duration::from_secs(2);
/// Loading a page and its events (a slow machine, two cores shared).
const LOAD_WITHIN: Duration = Duration::from_secs(20);

fn screens_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screens");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `/top`'s standings (with `args`) below its header, as the chat reads them.
async fn top(league: &League, args: serde_json::Value) -> (String, String) {
    let told = league.ask(1, "top", args).await;
    let text = told.text().expect("a text");
    let text = text.split("\n📈").next().unwrap();
    let (head, rest) = text.split_once('\n').unwrap();
    (head.to_owned(), rest.to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_a_browser_show_the_league_and_a_move_within_two_seconds() {
    let league = League::new(21).await;
    // A season: two matches played, a third in play.
    for _ in 0..2 {
        let id = league.open(13).await;
        league.play_out(id).await;
    }
    let id = league.open(13).await;
    for pick in 0..3 {
        league.step(id, pick).await;
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let site = format!("http://{}/screen/{TOKEN}", listener.local_addr().unwrap());
    let router = league.router(domino_web::POLL);
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let started = std::time::Instant::now();
    let browser = Browser::start(1280, 900).await;
    eprintln!("browser up after {:?}", started.elapsed());
    let http = reqwest::Client::new();
    let dir = screens_dir();
    let anna = league.people[0].id.id.clone();
    let boris = league.people[1].id.id.clone();
    let pages = [
        ("standings", String::new()),
        ("all-time", "/all".to_owned()),
        ("tables", "/tables".to_owned()),
        ("league", "/league".to_owned()),
        ("card", format!("/me/{anna}")),
        ("versus", format!("/vs/{anna}/{boris}")),
        ("tv", "/tv".to_owned()),
    ];
    for (name, path) in &pages {
        let url = format!("{site}{path}");
        let html = http.get(&url).send().await.unwrap().text().await.unwrap();
        assert!(html.len() < PAGE_MAX, "{name} weighs {} bytes", html.len());
        eprintln!("{name} fetched after {:?}", started.elapsed());
        browser.open(&url).await;
        eprintln!("{name} opened after {:?}", started.elapsed());
        // Drawn, and where live, the tables brought by the events.
        browser.until("return document.readyState === 'complete'", LOAD_WITHIN).await;
        if *name == "tables" || *name == "tv" {
            browser
                .until("return !!document.querySelector('#tables figure img')", LOAD_WITHIN)
                .await;
            browser
                .until(
                    "var i=document.querySelector('#tables figure img');return i.complete && i.naturalWidth > 0",
                    LOAD_WITHIN,
                )
                .await;
        }
        let shot = browser.screenshot().await;
        assert!(shot.starts_with(b"\x89PNG"), "{name}: a PNG screenshot");
        std::fs::write(dir.join(format!("{name}.png")), shot).unwrap();
        eprintln!("{name} shot after {:?}", started.elapsed());
    }

    // The standings the browser shows are /top's, line for line.
    for (path, args) in [("", serde_json::json!({})), ("/all", serde_json::json!({"all": true}))] {
        browser.open(&format!("{site}{path}")).await;
        let (head, rest) = top(&league, args).await;
        let shown = browser.eval("return document.getElementById('standings').innerText").await;
        assert_eq!(shown.as_str(), Some(head.as_str()), "{path}");
        let shown = browser
            .eval("return document.getElementById('standings').nextElementSibling.innerText")
            .await;
        assert_eq!(shown.as_str(), Some(rest.as_str()), "{path}: the standings are /top's");
    }

    // A move reaches the open tables page within 2 s.
    browser.open(&format!("{site}/tables")).await;
    let shown = |v: u64| {
        format!(
            "var f=document.querySelector('#tables figure');return !!f && f.dataset.version === '{v}'"
        )
    };
    let before = league.table(id).await.version;
    browser.until(&shown(before), LOAD_WITHIN).await;
    for pick in 0..3 {
        league.step(id, pick).await;
        let v = league.table(id).await.version;
        let took = browser.until(&shown(v), LIVE_WITHIN).await;
        eprintln!("move to version {v} shown after {took:?}");
    }
    let shot = browser.screenshot().await;
    std::fs::write(dir.join("tables-after-moves.png"), shot).unwrap();
    eprintln!("screenshots in {}", dir.display());
    browser.quit().await;
}
